#!/usr/bin/env bash
# StandIn with many fixtures: generates mocks directories of 10 and of 10,000 fixtures
# (Benchmarks/tools/generate-fixtures.sh), then
#   - start-up with 10,000: the time from launch until GET /bench answers, and the resident
#     memory then (the median of STARTS launches);
#   - req/s for GET /bench with 10 vs 10,000 fixtures, in alternating rounds (server
#     --threads 1 on core 0, wrk on core 1).
#
# Environment (all optional):
#   DURATION=10        seconds of load per measured round
#   WARMUP=2           seconds of unmeasured load each time a server starts
#   ROUNDS=3           measured rounds per directory
#   STARTS=5           launches timed with 10,000 fixtures
#   PORT=18087         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
# Bars: 10,000 fixtures load in < 500 ms and < 100 MB; req/s with 10,000 within 5% of 10.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

STARTS=${STARTS:-5}
PORT=${PORT:-18087}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk curl taskset
build_standin

for count in 10 10000; do
    Benchmarks/tools/generate-fixtures.sh "$count" "$OUT/mocks-$count"
done
warn_if_busy

# serve COUNT: starts standin on the COUNT-fixture directory, on core 0.
serve() {
    start_server "standin-$1" "$PORT" 0 "$STANDIN" serve --mocks "$OUT/mocks-$1" --port "$PORT" --threads 1 \
        --quiet
}

# --- Start-up -----------------------------------------------------------------------------

rm -f "$OUT/startup.ms" "$OUT/startup.rss"
for ((start = 1; start <= STARTS; start++)); do
    began=$(date +%s%N)
    serve 10000
    until [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/bench")" == 200 ]]; do
        sleep 0.005
    done
    ended=$(date +%s%N)
    echo $(((ended - began) / 1000000)) >>"$OUT/startup.ms"
    rss_mb standin-10000 >>"$OUT/startup.rss"
    echo >>"$OUT/startup.rss"
    stop_server standin-10000
    printf 'start %d  %5d ms  %6s MB\n' "$start" "$(tail -1 "$OUT/startup.ms")" "$(tail -1 "$OUT/startup.rss")"
done
startup_ms=$(median <"$OUT/startup.ms")
startup_rss=$(median <"$OUT/startup.rss")
echo "10,000 fixtures: ready in $startup_ms ms (median), $startup_rss MB resident (bars: < 500 ms, < 100 MB)"
summarize "10,000 fixtures: start-up / RSS" "$startup_ms ms / $startup_rss MB"

# --- Throughput -----------------------------------------------------------------------------

run_wrk() {
    taskset -c 1 wrk -t1 -c64 -d"$1"s "http://127.0.0.1:$PORT/bench"
}

rm -f "$OUT"/fixtures-10.rps "$OUT"/fixtures-10000.rps "$OUT"/fixtures-10.cpu "$OUT"/fixtures-10000.cpu
for ((round = 1; round <= ROUNDS; round++)); do
    for count in 10 10000; do
        serve "$count"
        run_wrk "$WARMUP" >/dev/null
        report="$OUT/wrk-fixtures-$count-$round.txt"
        cpu_before=$(cpu_seconds "standin-$count")
        run_wrk "$DURATION" >"$report"
        cpu_per_request "standin-$count" "$cpu_before" "$(requests_done "$report")" >>"$OUT/fixtures-$count.cpu"
        stop_server "standin-$count"
        requests_per_second "$report" >>"$OUT/fixtures-$count.rps"
        printf 'round %d  %5d fixtures  %10.0f req/s  server CPU %6s us/request\n' "$round" "$count" \
            "$(requests_per_second "$report")" "$(tail -1 "$OUT/fixtures-$count.cpu")"
    done
done
few=$(median <"$OUT/fixtures-10.rps")
many=$(median <"$OUT/fixtures-10000.rps")
few_cpu=$(median <"$OUT/fixtures-10.cpu")
many_cpu=$(median <"$OUT/fixtures-10000.cpu")
echo "req/s with 10,000 fixtures / with 10 = $(ratio "$many" "$few") (bar: >= 0.95)"
echo "CPU per request with 10 / with 10,000 = $(ratio "$few_cpu" "$many_cpu") ($few_cpu vs $many_cpu us)"
summarize "req/s 10,000 vs 10 fixtures" "$(ratio "$many" "$few") ($(printf '%.0f' "$many") vs $(printf '%.0f' "$few"))"
summarize "CPU per request 10 vs 10,000 fixtures" "$(ratio "$few_cpu" "$many_cpu") ($few_cpu vs $many_cpu us)"
