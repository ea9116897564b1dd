#!/usr/bin/env bash
# Benchmarks `standin serve --threads 2` against nginx with 2 worker processes serving the
# same bytes for GET /bench (Benchmarks/nginx/nginx.conf.template), in alternating rounds.
#
# Both servers may use both cores, and so does wrk (-t2 -c64): on a two-core machine the
# load generator shares the cores with the server, alike for both.
#
# Environment (all optional):
#   DURATION=10        seconds of load per measured round
#   WARMUP=2           seconds of unmeasured load each time a server starts
#   ROUNDS=3           measured rounds per server
#   NGINX_PORT=18084   port of nginx
#   STANDIN_PORT=18085 port of standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

NGINX_PORT=${NGINX_PORT:-18084}
STANDIN_PORT=${STANDIN_PORT:-18085}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require nginx wrk taskset
build_standin

# nginx's configuration, with this run's paths and port.
run_dir="$PWD/$OUT/nginx"
mkdir -p "$run_dir"
sed -e "s|@PORT@|$NGINX_PORT|g" -e "s|@RUN_DIR@|$run_dir|g" Benchmarks/nginx/nginx.conf.template \
    >"$run_dir/nginx.conf"

start_nginx() { start_server nginx "$NGINX_PORT" 0,1 nginx -p "$run_dir" -c "$run_dir/nginx.conf"; }
start_standin() {
    start_server standin "$STANDIN_PORT" 0,1 "$STANDIN" serve --mocks Benchmarks/mocks --port "$STANDIN_PORT" \
        --threads 2 --quiet
}

run_wrk() {
    wrk -t2 -c64 -d"$1"s --latency "http://127.0.0.1:$2/bench"
}

# measure NAME PORT ROUND: one measured round of server NAME; appends its req/s to $OUT/NAME-2.rps.
measure() {
    local name=$1 port=$2 round=$3 report="$OUT/wrk-2threads-$1-$3.txt"
    "start_$name"
    run_wrk "$WARMUP" "$port" >/dev/null
    run_wrk "$DURATION" "$port" >"$report"
    stop_server "$name"
    local rps
    rps=$(requests_per_second "$report")
    [[ -n "$rps" ]] || die "could not read wrk's output ($report)"
    echo "$rps" >>"$OUT/$name-2.rps"
    printf 'round %d  %-8s  %10.0f req/s  p99 %7s ms  %s\n' \
        "$round" "$name" "$rps" "$(latency_ms "$report" 99%)" "$(socket_errors "$report")"
}

warn_if_busy
echo "two threads: standin --threads 2 vs nginx 2 workers, $ROUNDS rounds of ${DURATION}s, wrk -t2 -c64"
rm -f "$OUT/nginx-2.rps" "$OUT/standin-2.rps"
for ((round = 1; round <= ROUNDS; round++)); do
    measure nginx "$NGINX_PORT" "$round"
    measure standin "$STANDIN_PORT" "$round"
done

nginx_rps=$(median <"$OUT/nginx-2.rps")
standin_rps=$(median <"$OUT/standin-2.rps")
echo
printf 'median nginx (2 workers)    %10.0f req/s\n' "$nginx_rps"
printf 'median standin (2 threads)  %10.0f req/s\n' "$standin_rps"
echo "standin/nginx = $(ratio "$standin_rps" "$nginx_rps")"
summarize "2 threads: standin/nginx req/s" \
    "$(ratio "$standin_rps" "$nginx_rps") ($(printf '%.0f' "$standin_rps") vs $(printf '%.0f' "$nginx_rps") req/s)"
