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

DURATION=${DURATION:-10}
UPSTREAM_PORT=${UPSTREAM_PORT:-18083}
PROXY_PORT=${PROXY_PORT:-18084}
OUT=Benchmarks/out
mkdir -p "$OUT"

command -v wrk >/dev/null || { echo "record-overhead: 'wrk' is not installed" >&2; exit 1; }

if [[ -z "${STANDIN:-}" ]]; then
    swift build -c release --product standin
    STANDIN="$(swift build -c release --show-bin-path)/standin"
fi

recorded=$(mktemp -d)
"$STANDIN" serve --mocks Benchmarks/mocks --port "$UPSTREAM_PORT" --quiet --no-watch >"$OUT/record-upstream.log" 2>&1 &
upstream=$!
"$STANDIN" record --upstream "http://127.0.0.1:$UPSTREAM_PORT" --mocks "$recorded" --port "$PROXY_PORT" --quiet \
    >"$OUT/record-proxy.log" 2>&1 &
proxy=$!
cleanup() {
    kill -INT "$proxy" "$upstream" 2>/dev/null || true
    wait "$proxy" "$upstream" 2>/dev/null || true
    rm -rf "$recorded"
}
trap cleanup EXIT
for port in "$UPSTREAM_PORT" "$PROXY_PORT"; do
    for _ in $(seq 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        sleep 0.1
    done
done
curl -sf "http://127.0.0.1:$PROXY_PORT/bench" >/dev/null || { echo "record-overhead: the proxy does not answer" >&2; exit 1; }

# milliseconds VALUE: wrk's "1.20ms" / "1.20s" / "980.00us" as milliseconds.
milliseconds() {
    awk -v v="$1" 'BEGIN {
        if (v ~ /us$/) { sub(/us$/, "", v); print v / 1000 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v); print v + 0 }
        else if (v ~ /s$/) { sub(/s$/, "", v); print v * 1000 }
    }'
}

# run NAME PORT CONNECTIONS: wrk's report in $OUT/wrk-record-NAME-CONNECTIONS.txt.
run() {
    local report="$OUT/wrk-record-$1-$3.txt"
    wrk -t1 -c"$3" -d"${DURATION}s" --timeout 5s --latency "http://127.0.0.1:$2/bench" >"$report"
    echo "$report"
}

field() { awk -v k="$1" '$1 == k {print $2}' "$2"; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
printf '%-6s %12s %12s %12s %12s %12s %12s %10s %s\n' conns "direct p50" "proxy p50" "added p50" \
    "direct p99" "proxy p99" "added p99" "proxy r/s" errors
for connections in 1 16; do
    direct=$(run direct "$UPSTREAM_PORT" "$connections")
    proxied=$(run proxy "$PROXY_PORT" "$connections")
    d50=$(milliseconds "$(field 50% "$direct")")
    p50=$(milliseconds "$(field 50% "$proxied")")
    d99=$(milliseconds "$(field 99% "$direct")")
    p99=$(milliseconds "$(field 99% "$proxied")")
    rate=$(awk '/Requests\/sec/ {print $2}' "$proxied")
    errors=$(awk '/Socket errors|Non-2xx/ {print}' "$proxied" | tr '\n' ' ')
    printf '%-6s %10.3fms %10.3fms %10.3fms %10.3fms %10.3fms %10.3fms %10s %s\n' "$connections" \
        "$d50" "$p50" "$(awk -v a="$p50" -v b="$d50" 'BEGIN {print a - b}')" \
        "$d99" "$p99" "$(awk -v a="$p99" -v b="$d99" 'BEGIN {print a - b}')" "$rate" "${errors:-none}"
done
echo "bars: added p50 < 2 ms at 1 connection; proxy >= 2000 req/s at 16 connections"
