#!/usr/bin/env bash
# Measures what StandIn adds on top of a fixture's delay: wrk fires requests at GET /delayed
# (Benchmarks/mocks/delayed.json, "delay": "200ms") with 64 and with 1,000 connections, and the
# script prints p50 and p99 of (observed latency - 200 ms) for each.
#
# The server runs on one thread pinned to core 0, wrk on core 1. The observed latency is wrk's,
# so the overhead includes wrk's own time to handle 1,000 sockets.
#
# Environment (all optional):
#   DURATION=10        seconds of load per connection count
#   PORT=18082         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
#
# Bars: p99 overhead < 3 ms at 64 connections, < 25 ms at 1,000 connections.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT=${PORT:-18082}
DELAY_MS=200

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk taskset
# 1,000 client and 1,000 server sockets.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
build_standin
start_server delay-standin "$PORT" 0 "$STANDIN" serve --mocks Benchmarks/mocks --port "$PORT" --threads 1 --quiet

printf '%-12s %10s %10s %12s %12s %10s\n' connections requests "req/s" "p50 extra" "p99 extra" errors
for connections in 64 1000; do
    report="$OUT/wrk-delay-$connections.txt"
    taskset -c 1 wrk -t1 -c"$connections" -d"${DURATION}s" --timeout 5s --latency \
        "http://127.0.0.1:$PORT/delayed" >"$report"
    p50=$(latency_ms "$report" 50%)
    p99=$(latency_ms "$report" 99%)
    requests=$(requests_done "$report")
    rate=$(requests_per_second "$report")
    errors=$(socket_errors "$report")
    printf '%-12s %10s %10s %10.2fms %10.2fms %10s\n' "$connections" "$requests" "$rate" \
        "$(awk -v a="$p50" -v d=$DELAY_MS 'BEGIN {print a - d}')" \
        "$(awk -v a="$p99" -v d=$DELAY_MS 'BEGIN {print a - d}')" "${errors:-none}"
done
echo "bars: p99 extra < 3 ms at 64 connections, < 25 ms at 1000 connections"
