#!/usr/bin/env bash
# Measures what open dashboards cost the server: wrk fires GET /bench (Benchmarks/mocks/bench.json) with 64
# connections while 0, then 3, dashboards read the live journal (`curl -N` on /__standin/events, which reads every
# event as a browser tab would), ROUNDS times each, alternating; the script prints the median req/s and the median
# server CPU per request (from /proc/PID/stat) of both side by side, their ratios, the server's resident memory, and
# whether any dashboard was dropped for reading too slowly. The readers share wrk's core, so req/s with dashboards
# also counts what they take from wrk; CPU per request is the server's own cost.
#
# With SOAK_SECONDS set it then keeps the 3 dashboards open under the same load for that long (600 for the
# issue's ten minutes) and prints the resident memory once a minute: it should stay flat.
#
# The server runs on one thread pinned to core 0; wrk and the readers share core 1.
#
# Environment (all optional):
#   DURATION=10        seconds of load per run
#   ROUNDS=3           runs of each kind
#   SOAK_SECONDS=0     seconds of the memory soak (0 skips it)
#   PORT=18090         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
#
# Bar: with 3 dashboards open, req/s within 5% of none, and the server's CPU per request at most 5% above none.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT=${PORT:-18090}
SOAK_SECONDS=${SOAK_SECONDS:-0}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk curl taskset
build_standin
warn_if_busy
start_server dashboard-standin "$PORT" 0 "$STANDIN" serve --mocks Benchmarks/mocks --port "$PORT" --threads 1 \
    --quiet --no-watch

readers=()
# open_dashboards N: N readers of the event stream, each into $OUT/dashboard-I.events; waits until each is open.
open_dashboards() {
    local index tries
    for ((index = 1; index <= $1; index++)); do
        : >"$OUT/dashboard-$index.events"
        taskset -c 1 curl -sN -o "$OUT/dashboard-$index.events" "http://127.0.0.1:$PORT/__standin/events" &
        readers+=($!)
    done
    for ((index = 1; index <= $1; index++)); do
        for ((tries = 0; tries < 3000; tries++)); do
            grep -q "event: ready" "$OUT/dashboard-$index.events" && break
            sleep 0.01
        done
        grep -q "event: ready" "$OUT/dashboard-$index.events" || die "dashboard $index did not open its stream"
    done
}

# close_dashboards: stops the readers; says how many the server dropped.
close_dashboards() {
    kill "${readers[@]}" 2>/dev/null || true
    wait "${readers[@]}" 2>/dev/null || true
    readers=()
    local dropped
    dropped=$({ grep -l "event: dropped" "$OUT"/dashboard-*.events || true; } | wc -l)
    [[ "$dropped" -eq 0 ]] || echo "warning: the server dropped $dropped dashboard(s) that read too slowly" >&2
}

# load SECONDS REPORT: wrk with 64 connections on core 1.
load() {
    taskset -c 1 wrk -t1 -c64 -d"$1s" "http://127.0.0.1:$PORT/bench" >"$2"
}

# measure KIND: one run of load; appends its req/s to $OUT/dashboard-KIND.rps and the server's CPU per request
# (microseconds) to $OUT/dashboard-KIND.cpu.
measure() {
    local before report="$OUT/wrk-dashboard-$1.txt"
    before=$(cpu_seconds dashboard-standin)
    load "$DURATION" "$report"
    requests_per_second "$report" >>"$OUT/dashboard-$1.rps"
    cpu_per_request dashboard-standin "$before" "$(requests_done "$report")" >>"$OUT/dashboard-$1.cpu"
}

load "$WARMUP" "$OUT/wrk-dashboard-warmup.txt"
rm -f "$OUT"/dashboard-{0,3}.{rps,cpu}
for ((round = 1; round <= ROUNDS; round++)); do
    measure 0
    open_dashboards 3
    measure 3
    close_dashboards
done
none_median=$(median <"$OUT/dashboard-0.rps")
three_median=$(median <"$OUT/dashboard-3.rps")
none_cpu=$(median <"$OUT/dashboard-0.cpu")
three_cpu=$(median <"$OUT/dashboard-3.cpu")

printf '%-28s %14s %14s %8s\n' "" "0 dashboards" "3 dashboards" "3 / 0"
printf '%-28s %14s %14s %8s\n' "req/s (median)" "$none_median" "$three_median" \
    "$(ratio "$three_median" "$none_median")"
printf '%-28s %14s %14s %8s\n' "server CPU/request (us)" "$none_cpu" "$three_cpu" "$(ratio "$three_cpu" "$none_cpu")"
printf '%-28s %14s %14s\n' "req/s (each round)" "$(paste -sd' ' "$OUT/dashboard-0.rps")" \
    "$(paste -sd' ' "$OUT/dashboard-3.rps")"
printf '%-28s %14s %14s\n' "CPU/request (each round)" "$(paste -sd' ' "$OUT/dashboard-0.cpu")" \
    "$(paste -sd' ' "$OUT/dashboard-3.cpu")"
printf '%-28s %29s\n' "resident memory (MB)" "$(rss_mb dashboard-standin)"
summarize "dashboard: req/s at 64 connections, 0 dashboards" "$none_median"
summarize "dashboard: req/s at 64 connections, 3 dashboards" "$three_median"
summarize "dashboard: server CPU/request (us), 0 / 3 dashboards" "$none_cpu / $three_cpu"

if ((SOAK_SECONDS > 0)); then
    echo "soak: 3 dashboards open under load for $SOAK_SECONDS s; resident memory (MB) once a minute"
    open_dashboards 3
    taskset -c 1 wrk -t1 -c64 -d"${SOAK_SECONDS}s" "http://127.0.0.1:$PORT/bench" >"$OUT/wrk-dashboard-soak.txt" &
    soak=$!
    for ((elapsed = 0; elapsed <= SOAK_SECONDS; elapsed += 60)); do
        printf '%6d s %10s\n' "$elapsed" "$(rss_mb dashboard-standin)"
        ((elapsed + 60 <= SOAK_SECONDS)) && sleep 60
    done
    wait "$soak"
    printf '%6s %10s\n' end "$(rss_mb dashboard-standin)"
    close_dashboards
fi
