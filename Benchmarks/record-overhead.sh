#!/usr/bin/env bash
# Measures what `standin record` adds to a request: wrk fires GET /bench at a `standin serve` (the "real backend",
# Benchmarks/mocks/bench.json) directly, then through `standin record` in front of it, with 1 and with 16
# connections, and the script prints p50 and p99 of each, the difference (what the proxy adds), and the proxy's
# requests per second.
#
# The recorder writes into a temporary mocks directory (removed at the end), never into the repository. After the
# first request its file does not change: every later request is proxied, compared, and logged UNCHANGED.
#
# Environment (all optional):
#   DURATION=10        seconds of load per run
#   UPSTREAM_PORT=18083, PROXY_PORT=18084
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
#
# Bars: < 2 ms added at p50 with 1 connection; >= 2,000 requests per second through the proxy at 16 connections.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

UPSTREAM_PORT=${UPSTREAM_PORT:-18083}
PROXY_PORT=${PROXY_PORT:-18084}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk curl
build_standin
all_cores="0-$(($(nproc) - 1))"
recorded=$(mktemp -d)
trap 'stop_all_servers; rm -rf "$recorded"' EXIT
start_server record-upstream "$UPSTREAM_PORT" "$all_cores" \
    "$STANDIN" serve --mocks Benchmarks/mocks --port "$UPSTREAM_PORT" --quiet --no-watch
start_server record-proxy "$PROXY_PORT" "$all_cores" \
    "$STANDIN" record --upstream "http://127.0.0.1:$UPSTREAM_PORT" --mocks "$recorded" --port "$PROXY_PORT" --quiet
curl -sf "http://127.0.0.1:$PROXY_PORT/bench" >/dev/null || die "the proxy does not answer"

# run NAME PORT CONNECTIONS: wrk's report in $OUT/wrk-record-NAME-CONNECTIONS.txt.
run() {
    local report="$OUT/wrk-record-$1-$3.txt"
    wrk -t1 -c"$3" -d"${DURATION}s" --timeout 5s --latency "http://127.0.0.1:$2/bench" >"$report"
    echo "$report"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
printf '%-6s %12s %12s %12s %12s %12s %12s %10s %s\n' conns "direct p50" "proxy p50" "added p50" \
    "direct p99" "proxy p99" "added p99" "proxy r/s" errors
for connections in 1 16; do
    direct=$(run direct "$UPSTREAM_PORT" "$connections")
    proxied=$(run proxy "$PROXY_PORT" "$connections")
    d50=$(latency_ms "$direct" 50%)
    p50=$(latency_ms "$proxied" 50%)
    d99=$(latency_ms "$direct" 99%)
    p99=$(latency_ms "$proxied" 99%)
    rate=$(requests_per_second "$proxied")
    errors=$(socket_errors "$proxied")
    printf '%-6s %10.3fms %10.3fms %10.3fms %10.3fms %10.3fms %10.3fms %10s %s\n' "$connections" \
        "$d50" "$p50" "$(awk -v a="$p50" -v b="$d50" 'BEGIN {print a - b}')" \
        "$d99" "$p99" "$(awk -v a="$p99" -v b="$d99" 'BEGIN {print a - b}')" "$rate" "${errors:-none}"
done
echo "bars: added p50 < 2 ms at 1 connection; proxy >= 2000 req/s at 16 connections"
