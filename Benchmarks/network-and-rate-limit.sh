#!/usr/bin/env bash
# Measures what rate limits and network profiles cost the server.
#
# 1. CPU per request: wrk fires GET /bench (Benchmarks/mocks/bench.json), GET /bench-limited (limited.json: the same
#    envelope with "rateLimit", a billion requests per hour, so that every request is counted and admitted, and
#    carries the three RateLimit-* headers) and GET /bench-headers (headers.json: the same envelope with three fixed
#    headers of the same names and sizes: what evhttp charges for three more header lines, without any counting;
#    Benchmarks/instructions.sh counts the same three cases' instructions) with 64 connections,
#    in turn, ROUNDS times each. It prints the median req/s and the server's CPU time per request of each, and the
#    ratios: rate-limited / plain is the issue's figure, rate-limited / headers what the counting itself costs.
# 2. Memory of paced downloads: wrk holds PACED connections (10,000) each downloading GET /paced, a 1 MiB body on
#    the `edge` profile (30,000 bytes a second: about 35 s a download, so all of them are in flight at once). The
#    script prints the server's resident memory before, and after SETTLE seconds of it, and the difference per
#    download; a health check sent meanwhile shows the loop answering.
#
# The server runs on one thread pinned to core 0; wrk runs on core 1.
#
# Environment (all optional):
#   DURATION=10        seconds of load per run (part 1)
#   WARMUP=2           seconds of unmeasured load before the first run
#   ROUNDS=3           runs of each kind
#   PACED=10000        paced downloads at once (part 2)
#   SETTLE=15          seconds of paced downloads before memory is read
#   PORT=18097         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
#
# Bars: a rate-limited request costs at most 1.1x the server CPU of one without; memory per paced download is a
# few kilobytes (the 1 MiB body is shared, not copied per connection).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT=${PORT:-18097}
PACED=${PACED:-10000}
SETTLE=${SETTLE:-15}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk curl taskset python3
# PACED client sockets and as many server ones.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
build_standin
warn_if_busy

mocks="$OUT/network-mocks"
rm -rf "$mocks"
mkdir -p "$mocks"
cp Benchmarks/mocks/bench.json Benchmarks/mocks/limited.json Benchmarks/mocks/headers.json "$mocks/"
python3 -c 'import json, sys
json.dump({"request": {"path": "/paced"}, "response": {"text": "x" * 1048576, "network": "edge"}}, sys.stdout)' \
    >"$mocks/paced.json"

start_server network-standin "$PORT" 0 "$STANDIN" serve --mocks "$mocks" --port "$PORT" --threads 1 --quiet \
    --no-watch --max-connections $((PACED * 2)) --journal-size 0
limit=$(curl -sS -o /dev/null -D - "http://127.0.0.1:$PORT/bench-limited" | tr -d '\r' |
    awk -F': ' 'tolower($1) == "ratelimit-limit" { print $2 }')
[[ "$limit" == 1000000000 ]] || die "GET /bench-limited should carry RateLimit-Limit: 1000000000, not '$limit'"

# load KIND SECONDS REPORT: wrk with 64 connections on core 1; KIND is plain, limited or headers.
load() {
    local path=/bench
    [[ $1 == plain ]] || path=/bench-$1
    taskset -c 1 wrk -t1 -c64 -d"$2s" "http://127.0.0.1:$PORT$path" >"$3"
    if grep -q 'Non-2xx' "$3"; then die "errors under load ($1): $(cat "$3")"; fi
}

# measure KIND: one run; appends req/s to $OUT/network-KIND.rps and CPU per request to $OUT/network-KIND.cpu.
measure() {
    local report="$OUT/wrk-network-$1.txt" before
    before=$(cpu_seconds network-standin)
    load "$1" "$DURATION" "$report"
    requests_per_second "$report" >>"$OUT/network-$1.rps"
    cpu_per_request network-standin "$before" "$(requests_done "$report")" >>"$OUT/network-$1.cpu"
}

kinds=(plain limited headers)
for kind in "${kinds[@]}"; do rm -f "$OUT/network-$kind.rps" "$OUT/network-$kind.cpu"; done
for kind in "${kinds[@]}"; do load "$kind" "$WARMUP" "$OUT/wrk-network-warmup.txt"; done
for ((round = 1; round <= ROUNDS; round++)); do
    for kind in "${kinds[@]}"; do measure "$kind"; done
done
plain_cpu=$(median <"$OUT/network-plain.cpu")
limited_cpu=$(median <"$OUT/network-limited.cpu")
headers_cpu=$(median <"$OUT/network-headers.cpu")
printf '%-28s %14s %14s %14s\n' "" "plain" "rate-limited" "three headers"
printf '%-28s %14s %14s %14s\n' "req/s (median)" "$(median <"$OUT/network-plain.rps")" \
    "$(median <"$OUT/network-limited.rps")" "$(median <"$OUT/network-headers.rps")"
printf '%-28s %14s %14s %14s\n' "server CPU us/request" "$plain_cpu" "$limited_cpu" "$headers_cpu"
printf '%-28s %14s\n' "CPU rate-limited / plain" "$(ratio "$limited_cpu" "$plain_cpu")"
printf '%-28s %14s\n' "CPU three headers / plain" "$(ratio "$headers_cpu" "$plain_cpu")"
printf '%-28s %14s\n' "CPU rate-limited / headers" "$(ratio "$limited_cpu" "$headers_cpu")"

# Part 2: PACED downloads in flight at once.
before_mb=$(rss_mb network-standin)
taskset -c 1 wrk -t1 -c"$PACED" -d"$((SETTLE + 5))s" --timeout 60s "http://127.0.0.1:$PORT/paced" \
    >"$OUT/wrk-network-paced.txt" &
paced=$!
sleep "$SETTLE"
during_mb=$(rss_mb network-standin)
open=$(($(ls "/proc/${pids[network-standin]}/fd" | wc -l)))
health=$(curl -sS -o /dev/null -w '%{http_code} in %{time_total}s' "http://127.0.0.1:$PORT/bench")
wait "$paced" || true
per_download_kb=$(awk -v a="$before_mb" -v b="$during_mb" -v n="$PACED" 'BEGIN { printf "%.1f", (b - a) * 1024 / n }')
printf '%-28s %14s\n' "paced downloads" "$PACED"
printf '%-28s %14s\n' "server descriptors open" "$open"
printf '%-28s %14s\n' "RSS before (MB)" "$before_mb"
printf '%-28s %14s\n' "RSS during (MB)" "$during_mb"
printf '%-28s %14s\n' "KB per paced download" "$per_download_kb"
printf '%-28s %14s\n' "GET /bench meanwhile" "$health"
summarize "rate limit: CPU per request, limited / plain" "$(ratio "$limited_cpu" "$plain_cpu") (bar <= 1.1)"
summarize "rate limit: CPU per request, limited / same headers" "$(ratio "$limited_cpu" "$headers_cpu")"
summarize "network: KB per paced download ($PACED in flight)" "$per_download_kb"
