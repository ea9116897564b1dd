#!/usr/bin/env bash
# Measures what naming a session costs a request: wrk fires GET /bench (Benchmarks/mocks/bench.json) with 64
# connections, in turn without a session header, with `X-StandIn-Session: ID` of a session started for the run,
# with a header of the same length that names nothing (`X-Unrelated-Value`: what any one more header costs), and on
# the session's own port (its baseURL), ROUNDS times each. It prints the median req/s and the server's CPU time per
# request of each side by side, and their ratios.
#
# The server runs on one thread pinned to core 0 (a session's port is served by that same thread); wrk runs on core 1.
#
# Environment (all optional):
#   DURATION=10        seconds of load per run
#   WARMUP=2           seconds of unmeasured load before the first run
#   ROUNDS=3           runs of each kind
#   PORT=18095         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
#
# Bar: a request with X-StandIn-Session costs at most 5% more server CPU than one without.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT=${PORT:-18095}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk curl taskset
build_standin
warn_if_busy
start_server session-standin "$PORT" 0 "$STANDIN" serve --mocks Benchmarks/mocks --port "$PORT" --threads 1 \
    --quiet --no-watch

started=$(curl -sS -X POST -H 'Content-Type: application/json' "http://127.0.0.1:$PORT/__standin/sessions")
session=$(printf '%s' "$started" | sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p')
session_url=$(printf '%s' "$started" | sed -n 's/.*"baseURL":"\([^"]*\)".*/\1/p')
[[ -n "$session" && -n "$session_url" ]] || die "could not start a session: $started"

# load KIND SECONDS REPORT: wrk with 64 connections on core 1; KIND is none, header, unrelated or port.
load() {
    local url="http://127.0.0.1:$PORT/bench" header=()
    case $1 in
    header) header=(-H "X-StandIn-Session: $session") ;;
    unrelated) header=(-H "X-Unrelated-Value: 0123456789abcdef") ;;
    port) url="$session_url/bench" ;;
    esac
    taskset -c 1 wrk -t1 -c64 -d"$2s" "${header[@]}" "$url" >"$3"
    if grep -q 'Non-2xx' "$3"; then die "errors under load ($1): $(cat "$3")"; fi
}

# measure KIND: one run; appends req/s to $OUT/session-KIND.rps and CPU per request to $OUT/session-KIND.cpu.
measure() {
    local report="$OUT/wrk-session-$1.txt" before
    before=$(cpu_seconds session-standin)
    load "$1" "$DURATION" "$report"
    requests_per_second "$report" >>"$OUT/session-$1.rps"
    cpu_per_request session-standin "$before" "$(requests_done "$report")" >>"$OUT/session-$1.cpu"
}

kinds=(none header unrelated port)
for kind in "${kinds[@]}"; do rm -f "$OUT/session-$kind.rps" "$OUT/session-$kind.cpu"; done
load none "$WARMUP" "$OUT/wrk-session-warmup.txt"
load header "$WARMUP" "$OUT/wrk-session-warmup.txt"
for ((round = 1; round <= ROUNDS; round++)); do
    for kind in "${kinds[@]}"; do measure "$kind"; done
done

printf '%-28s %14s %14s %14s %14s\n' "" "no session" "header" "other header" "session port"
printf '%-28s %14s %14s %14s %14s\n' "req/s (median)" "$(median <"$OUT/session-none.rps")" \
    "$(median <"$OUT/session-header.rps")" "$(median <"$OUT/session-unrelated.rps")" "$(median <"$OUT/session-port.rps")"
printf '%-28s %14s %14s %14s %14s\n' "server CPU us/request" "$(median <"$OUT/session-none.cpu")" \
    "$(median <"$OUT/session-header.cpu")" "$(median <"$OUT/session-unrelated.cpu")" "$(median <"$OUT/session-port.cpu")"
none_cpu=$(median <"$OUT/session-none.cpu")
header_cpu=$(median <"$OUT/session-header.cpu")
unrelated_cpu=$(median <"$OUT/session-unrelated.cpu")
printf '%-28s %14s\n' "CPU header / none" "$(ratio "$header_cpu" "$none_cpu")"
printf '%-28s %14s\n' "CPU other header / none" "$(ratio "$unrelated_cpu" "$none_cpu")"
printf '%-28s %14s\n' "CPU header / other header" "$(ratio "$header_cpu" "$unrelated_cpu")"
summarize "sessions: req/s at 64 connections, no session" "$(median <"$OUT/session-none.rps")"
summarize "sessions: req/s at 64 connections, X-StandIn-Session" "$(median <"$OUT/session-header.rps")"
summarize "sessions: CPU per request, header / none" "$(ratio "$header_cpu" "$none_cpu") (bar <= 1.05)"
