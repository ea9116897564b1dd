#!/usr/bin/env bash
# Latency and memory of `standin serve --threads 1` (server on core 0, wrk on core 1) for
# GET /bench, with the journal on at its default size:
#   - resident memory after 100,000 and after 1,000,000 requests (the journal's ring of
#     10,000 entries is full long before the first figure);
#   - then p50 and p99 latency with 64 and with 1,000 connections.
#
# Environment (all optional):
#   DURATION=10        seconds of load per latency measurement
#   PORT=18086         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
# Bars: p99 < 2 ms at 64 connections; RSS after 1M within 5% of RSS after 100k.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT=${PORT:-18086}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk taskset
build_standin
# 1,000 client and 1,000 server sockets.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
warn_if_busy

start_server standin "$PORT" 0 "$STANDIN" serve --mocks Benchmarks/mocks --port "$PORT" --threads 1 --quiet

# load SECONDS CONNECTIONS REPORT: wrk from core 1.
load() {
    taskset -c 1 wrk -t1 -c"$2" -d"$1"s --timeout 5s --latency "http://127.0.0.1:$PORT/bench" >"$3"
}

# Memory first, on the fresh server: requests are counted from wrk's reports.
total=0
# load_until COUNT: runs wrk in 1-second slices until COUNT requests have been served in all.
load_until() {
    while ((total < $1)); do
        load 1 64 "$OUT/wrk-memory.txt"
        total=$((total + $(requests_done "$OUT/wrk-memory.txt")))
    done
}
load_until 100000
rss_100k=$(rss_mb standin)
echo "RSS after $total requests: $rss_100k MB"
load_until 1000000
rss_1m=$(rss_mb standin)
echo "RSS after $total requests: $rss_1m MB"
growth=$(awk -v a="$rss_100k" -v b="$rss_1m" 'BEGIN { printf "%+.1f%%", (b - a) * 100 / a }')
echo "growth: $growth (bar: within 5%)"
summarize "RSS after 100k / 1M requests (journal on)" "$rss_100k MB / $rss_1m MB ($growth)"

# Latency, after the memory runs warmed the server up.
printf '%-12s %10s %10s %10s  %s\n' connections "req/s" p50 p99 errors
for connections in 64 1000; do
    report="$OUT/wrk-latency-$connections.txt"
    load "$DURATION" "$connections" "$report"
    p50=$(latency_ms "$report" 50%)
    p99=$(latency_ms "$report" 99%)
    printf '%-12s %10.0f %8sms %8sms  %s\n' "$connections" "$(requests_per_second "$report")" "$p50" "$p99" \
        "$(socket_errors "$report")"
    summarize "latency at $connections connections: p50 / p99" "$p50 ms / $p99 ms"
done
echo "bar: p99 < 2 ms at 64 connections"

