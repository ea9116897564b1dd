#!/usr/bin/env bash
# Benchmarks StandIn's HTTPS port (`serve --threads 2 --tls-port`) against nginx with 2 worker processes serving the
# same bytes for GET /bench over TLS with the same P-256 certificate (Benchmarks/nginx/nginx-tls.conf.template), in
# alternating rounds, two ways:
#   keep-alive   wrk -t2 -c64 over 64 TLS connections kept open: requests per second (the bar: StandIn >= 0.8 x nginx)
#   handshakes   the same with `Connection: close`: every request a new connection and a full handshake, new
#                connections per second (the bar: StandIn >= 0.9 x nginx). wrk offers each new connection the session
#                of the one before (SSL_clear keeps it), so both servers run with resumption off: nginx with no session
#                cache or tickets, StandIn with --tls-no-resumption. Before its handshake rounds, each server is
#                checked with `openssl s_client -sess_out`/`-sess_in`: a resumed session stops the script.
# On a two-core machine wrk shares the cores with the server, alike for both.
#
# Environment (all optional):
#   DURATION=10        seconds of load per measured round
#   WARMUP=2           seconds of unmeasured load each time a server starts
#   ROUNDS=3           measured rounds per server and way
#   NGINX_PORT=18086   port of nginx
#   STANDIN_PORT=18087 HTTPS port of standin (its plain port is the next one)
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

NGINX_PORT=${NGINX_PORT:-18086}
STANDIN_PORT=${STANDIN_PORT:-18087}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require nginx wrk taskset openssl
build_standin

run_dir="$PWD/$OUT/nginx-tls"
mkdir -p "$run_dir"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$run_dir/key.pem" -out "$run_dir/cert.pem" 2>/dev/null
sed -e "s|@PORT@|$NGINX_PORT|g" -e "s|@RUN_DIR@|$run_dir|g" -e "s|@CERT@|$run_dir/cert.pem|g" \
    -e "s|@KEY@|$run_dir/key.pem|g" Benchmarks/nginx/nginx-tls.conf.template >"$run_dir/nginx.conf"

start_nginx() { start_server nginx "$NGINX_PORT" 0,1 nginx -p "$run_dir" -c "$run_dir/nginx.conf"; }
start_standin() {
    start_server standin "$STANDIN_PORT" 0,1 "$STANDIN" serve --mocks Benchmarks/mocks --port $((STANDIN_PORT + 1)) \
        --tls-port "$STANDIN_PORT" --tls-cert "$run_dir/cert.pem" --tls-key "$run_dir/key.pem" --tls-no-resumption \
        --threads 2 --quiet
}

# require_full_handshakes NAME PORT: dies when a second connection to PORT resumes the session of a first one (which
# sent a request, so that TLS 1.3's tickets were read), under TLS 1.3 or 1.2.
require_full_handshakes() {
    local version second session="$run_dir/session.pem"
    local request='GET /bench HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'
    for version in -tls1_3 -tls1_2; do
        rm -f "$session"
        # shellcheck disable=SC2059  # the request's escapes are printf's to expand
        printf "$request" | openssl s_client -connect "127.0.0.1:$2" "$version" -sess_out "$session" -ign_eof \
            >/dev/null 2>&1 || true
        [[ -s "$session" ]] || continue
        # shellcheck disable=SC2059
        second=$(printf "$request" | openssl s_client -connect "127.0.0.1:$2" "$version" -sess_in "$session" \
            -ign_eof 2>/dev/null || true)
        if grep -q '^Reused,' <<<"$second"; then
            die "$1 resumed a session ($version): its handshakes would not all be full ones"
        fi
    done
}

# run_wrk WAY SECONDS PORT
run_wrk() {
    local close=()
    [[ $1 == handshakes ]] && close=(-H "Connection: close")
    wrk -t2 -c64 -d"$2"s --latency "${close[@]}" "https://127.0.0.1:$3/bench"
}

# measure NAME PORT WAY ROUND: one measured round; appends the requests per second to $OUT/tls-NAME-WAY.rps.
measure() {
    local name=$1 port=$2 way=$3 round=$4 report="$OUT/wrk-tls-$1-$3-$4.txt"
    "start_$name"
    if [[ $way == handshakes && $round == 1 ]]; then require_full_handshakes "$name" "$port"; fi
    run_wrk "$way" "$WARMUP" "$port" >/dev/null
    run_wrk "$way" "$DURATION" "$port" >"$report"
    stop_server "$name"
    local rps
    rps=$(requests_per_second "$report")
    [[ -n "$rps" ]] || die "could not read wrk's output ($report)"
    echo "$rps" >>"$OUT/tls-$name-$way.rps"
    printf 'round %d  %-10s  %-8s  %10.0f req/s  p99 %7s ms  %s\n' \
        "$round" "$way" "$name" "$rps" "$(latency_ms "$report" 99%)" "$(socket_errors "$report")"
}

warn_if_busy
echo "HTTPS: standin --threads 2 vs nginx 2 workers, P-256, $ROUNDS rounds of ${DURATION}s, wrk -t2 -c64"
for way in keep-alive handshakes; do
    rm -f "$OUT/tls-nginx-$way.rps" "$OUT/tls-standin-$way.rps"
    for ((round = 1; round <= ROUNDS; round++)); do
        measure nginx "$NGINX_PORT" "$way" "$round"
        measure standin "$STANDIN_PORT" "$way" "$round"
    done
    nginx_rps=$(median <"$OUT/tls-nginx-$way.rps")
    standin_rps=$(median <"$OUT/tls-standin-$way.rps")
    printf '%-10s  median nginx %10.0f  standin %10.0f  standin/nginx = %s\n' \
        "$way" "$nginx_rps" "$standin_rps" "$(ratio "$standin_rps" "$nginx_rps")"
    summarize "HTTPS $way: standin/nginx req/s" \
        "$(ratio "$standin_rps" "$nginx_rps") ($(printf '%.0f' "$standin_rps") vs $(printf '%.0f' "$nginx_rps") req/s)"
done
