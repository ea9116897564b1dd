#!/usr/bin/env bash
# Benchmarks `standin serve` against a plain C evhttp server that serves the same bytes
# (Benchmarks/reference/evhttp_reference.c), in the same run, and prints the ratio.
#
# Each server runs alone, pinned to core 0, standin with --threads 1; wrk is pinned to core 1. Rounds alternate
# (reference, reference-changelist, standin, reference, ...) so drift on the machine hits all alike,
# and the summary compares medians.
#
# The bar compares standin with the reference as written: libevent's default event base. StandIn's engine also turns
# on libevent's epoll changelist (fewer epoll_ctl calls), which any evhttp server could do; so the same reference
# binary runs a second time with it (EVENT_EPOLL_USE_CHANGELIST=1, which libevent reads), and that ratio is printed
# too, as the like-for-like figure. Before any load, both servers must answer the fixture
# with the same status, headers and body (apart from the request id and Date).
#
# Environment (all optional):
#   DURATION=10        seconds of load per measured round
#   WARMUP=2           seconds of unmeasured load each time a server starts
#   ROUNDS=3           measured rounds per server
#   REF_PORT=18081     port of the C reference
#   STANDIN_PORT=18080 port of standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
#   QUIET=1            0 drops --quiet, to measure with the access log on
#   STANDIN_ARGS=""    extra arguments for `standin serve`, split on spaces
#
# Besides req/s, each round reports the server's CPU time per request (from /proc), which
# other work on the machine disturbs less than throughput.
#
# Raw wrk output and server logs are kept in Benchmarks/out/.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

REF_PORT=${REF_PORT:-18081}
STANDIN_PORT=${STANDIN_PORT:-18080}
QUIET=${QUIET:-1}
BAR=0.95
PATH_UNDER_TEST=/bench

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require cc pkg-config wrk curl taskset

# --- Build both servers -------------------------------------------------------------------

echo "building the C reference"
build_reference
build_standin

standin_cmd=("$STANDIN" serve --mocks Benchmarks/mocks --port "$STANDIN_PORT" --threads 1)
[[ "$QUIET" == 0 ]] || standin_cmd+=(--quiet)
read -r -a extra_args <<<"${STANDIN_ARGS:-}"
standin_cmd+=("${extra_args[@]}")

# --- Server lifecycle ---------------------------------------------------------------------

start_reference() { start_server reference "$REF_PORT" 0 "$REFERENCE" "$REF_PORT"; }
start_changelist() { start_server changelist "$REF_PORT" 0 env EVENT_EPOLL_USE_CHANGELIST=1 "$REFERENCE" "$REF_PORT"; }
start_standin() { start_server standin "$STANDIN_PORT" 0 "${standin_cmd[@]}"; }

# --- Check that both serve the same response ----------------------------------------------

# fetch NAME PORT: writes NAME's answer to GET /bench as $OUT/NAME.response, for comparison:
# status, headers (names lower-cased, sorted, Date left out) and body, with the 32-hex
# request id replaced by <id> wherever it appears.
fetch() {
    local name=$1 port=$2 status
    status=$(curl -sS --max-time 5 -D "$OUT/$name.headers" -o "$OUT/$name.body" \
        -w '%{http_code}' "http://127.0.0.1:$port$PATH_UNDER_TEST") ||
        die "$name did not answer GET $PATH_UNDER_TEST"
    [[ "$status" == 200 ]] || die "$name answered GET $PATH_UNDER_TEST with status $status, not 200"
    {
        echo "status $status"
        tr -d '\r' <"$OUT/$name.headers" | awk 'NR > 1 && NF {
            colon = index($0, ":")
            field = tolower(substr($0, 1, colon - 1))
            value = substr($0, colon + 1)
            sub(/^[ \t]+/, "", value)
            if (field != "date") print "header " field ": " value
        }' | sort
        cat "$OUT/$name.body"
        echo
    } | sed -E 's/[0-9a-f]{32}/<id>/g' >"$OUT/$name.response"
}

echo "checking that both servers serve the same response"
start_reference
start_standin
fetch reference "$REF_PORT"
fetch standin "$STANDIN_PORT"
stop_server reference
stop_server standin
diff -u "$OUT/reference.response" "$OUT/standin.response" ||
    die "standin's response differs from the reference (above: - reference, + standin);
the ratio would compare different work, so nothing was measured"

# --- Measure ------------------------------------------------------------------------------

# run_wrk SECONDS PORT: the load, from core 1.
run_wrk() {
    taskset -c 1 wrk -t1 -c64 -d"$1"s --latency "http://127.0.0.1:$2$PATH_UNDER_TEST"
}

# measure NAME PORT ROUND: starts NAME, warms it up, runs one measured round, stops it,
# prints the round's figures and appends its req/s to $OUT/NAME.rps.
measure() {
    local name=$1 port=$2 round=$3 report="$OUT/wrk-$1-$3.txt"
    "start_$name"
    run_wrk "$WARMUP" "$port" >/dev/null
    local cpu_before
    cpu_before=$(cpu_seconds "$name")
    run_wrk "$DURATION" "$port" >"$report"
    cpu_per_request "$name" "$cpu_before" "$(requests_done "$report")" >>"$OUT/$name.cpu"
    stop_server "$name"
    if grep -q 'Non-2xx' "$report"; then
        die "$name answered with errors under load (round $round):
$(cat "$report")"
    fi
    local rps socket_errors
    rps=$(requests_per_second "$report")
    [[ -n "$rps" ]] || die "could not read wrk's output ($report)"
    echo "$rps" >>"$OUT/$name.rps"
    # wrk prints this line only when connections failed; show it beside the figures.
    socket_errors=$(sed -n 's/^ *\(Socket errors:.*\)/  (\1)/p' "$report")
    printf 'round %d  %-10s  %10.0f req/s  p99 %7s ms  server CPU %6s us/request%s\n' \
        "$round" "$name" "$rps" "$(latency_ms "$report" 99%)" "$(tail -1 "$OUT/$name.cpu")" "$socket_errors"
}

# The two cores are the whole machine: any other load (a build) skews the figures.
warn_if_busy
echo "measuring: $ROUNDS rounds of ${DURATION}s per server (warm-up ${WARMUP}s), 64 connections"
echo "standin: ${standin_cmd[*]}"
servers=(reference changelist standin)
for name in "${servers[@]}"; do rm -f "$OUT/$name.rps" "$OUT/$name.cpu"; done
for ((round = 1; round <= ROUNDS; round++)); do
    measure reference "$REF_PORT" "$round"
    measure changelist "$REF_PORT" "$round"
    measure standin "$STANDIN_PORT" "$round"
done

# --- Summary ------------------------------------------------------------------------------

echo
for name in "${servers[@]}"; do
    printf 'median %-10s  %10.0f req/s  server CPU %6s us/request\n' \
        "$name" "$(median <"$OUT/$name.rps")" "$(median <"$OUT/$name.cpu")"
done
standin_rps=$(median <"$OUT/standin.rps")
standin_cpu=$(median <"$OUT/standin.cpu")
# compare REFERENCE LABEL: prints and records standin's req/s and CPU ratios against one reference.
compare() {
    local reference_rps reference_cpu
    reference_rps=$(median <"$OUT/$1.rps")
    reference_cpu=$(median <"$OUT/$1.cpu")
    echo "standin/$1 = $(ratio "$standin_rps" "$reference_rps") req/s, $(ratio "$reference_cpu" "$standin_cpu") by CPU per request ($2)"
    summarize "1 thread: standin/$1 req/s" "$(ratio "$standin_rps" "$reference_rps") ($(printf '%.0f' "$standin_rps") vs $(printf '%.0f' "$reference_rps") req/s; $2)"
    summarize "1 thread: $1/standin CPU per request" "$(ratio "$reference_cpu" "$standin_cpu") ($standin_cpu vs $reference_cpu us)"
}
compare reference "bar >= $BAR"
compare changelist "like for like: the reference with the changelist too"
