#!/usr/bin/env bash
# Measures what open dashboards cost the server: wrk fires GET /bench (Benchmarks/mocks/bench.json) with 64
# connections while 0, then 3, dashboards read the live journal (`curl -N` on /__standin/events, which reads every
# event as a browser tab would), ROUNDS times each, alternating; the script prints the median req/s of both side by
# side, their ratio, the server's resident memory, and whether any dashboard was dropped for reading too slowly.
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
# Bar: with 3 dashboards open, req/s within 5% of none.
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

load "$WARMUP" "$OUT/wrk-dashboard-warmup.txt"
none=()
three=()
for ((round = 1; round <= ROUNDS; round++)); do
    load "$DURATION" "$OUT/wrk-dashboard-0.txt"
    none+=("$(requests_per_second "$OUT/wrk-dashboard-0.txt")")
    open_dashboards 3
    load "$DURATION" "$OUT/wrk-dashboard-3.txt"
    three+=("$(requests_per_second "$OUT/wrk-dashboard-3.txt")")
    close_dashboards
done
none_median=$(printf '%s\n' "${none[@]}" | median)
three_median=$(printf '%s\n' "${three[@]}" | median)

printf '%-24s %14s %14s\n' "" "0 dashboards" "3 dashboards"
printf '%-24s %14s %14s\n' "req/s (median)" "$none_median" "$three_median"
printf '%-24s %14s %14s\n' "req/s (each round)" "${none[*]}" "${three[*]}"
printf '%-24s %29s\n' "3 / 0" "$(ratio "$three_median" "$none_median")"
printf '%-24s %29s\n' "resident memory (MB)" "$(rss_mb dashboard-standin)"
summarize "dashboard: req/s at 64 connections, 0 dashboards" "$none_median"
summarize "dashboard: req/s at 64 connections, 3 dashboards" "$three_median"

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
