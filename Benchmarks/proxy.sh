#!/usr/bin/env bash
# Measures the forward proxy (`serve --proxy-port`, docs/proxy.md) against the same server without it:
#   1. keep-alive HTTPS requests per second of GET /bench (Benchmarks/mocks/bench.json) on CONNECTIONS connections,
#      directly on `--tls-port` and through the proxy to an intercepted host (`--intercept api.bench.test`: CONNECT,
#      then TLS with a leaf of the local CA, answered from the same fixture). Bar: proxy >= 0.8 x direct.
#   2. beside them, as the anchor, mitmproxy's mitmdump as a regular proxy on the same connections (CONNECT, TLS with
#      mitmproxy's own CA), sending each request it decrypts to StandIn's plain port
#      (Benchmarks/tools/mitmdump-upstream.py). Reported: standin's proxy / mitmdump.
#   3. a pass-through tunnel: downloads of a BIG_MB MB body (a `file` fixture) from a second standin's HTTPS port (the
#      "real host"), directly and through a CONNECT the proxy tunnels byte for byte, STREAMS at once, in MB/s. Bar:
#      tunnel >= 0.8 x direct.
# Every server runs on core 0 (standin with --threads 1) and the client on core 1: one client for every case
# (Benchmarks/tools/proxy-client.py, Python, one thread, raw sockets and `ssl`, one request in flight per
# connection), so that the ratios compare servers, not clients. The client may be what bounds a rate ("busy": the
# CPU time of the servers on the path and of the client over the round's time; the client near 1 bounds it): the
# server CPU time per request (per MB for the downloads) printed beside it says what the servers spend, every server
# on the path counted (mitmdump and its upstream; the upstream and the proxy for the tunnel, and the proxy's own share).
# The proxy and the upstream share core 0 in part 3, so once they fill it, the tunnel's MB/s is what is left of the
# core after the proxy's share: the proxy's CPU per MB says what the tunnel costs wherever it runs. Rounds alternate
# between the cases; summaries are medians. The servers' CAs live in $OUT/proxy-home (STANDIN_HOME) and
# $OUT/proxy-mitmproxy, made on first use; nothing under ~ is touched.
#
# Environment (all optional):
#   DURATION=10          seconds of load per measured round
#   WARMUP=2             seconds of unmeasured load per case before the rounds
#   ROUNDS=3             measured rounds per case
#   CONNECTIONS=64       keep-alive connections of parts 1 and 2
#   STREAMS=1            downloads at once in part 3
#   BIG_MB=64            size of the body downloaded in part 3, in MB
#   PORT=18110           standin's plain port; PORT+1 is its HTTPS port, PORT+2 its proxy port
#   UPSTREAM_PORT=18113  the pass-through target's plain port; UPSTREAM_PORT+1 is its HTTPS port
#   MITM_PORT=18115      mitmdump's port
#   STANDIN=path         a prebuilt standin binary; skips `swift build`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

CONNECTIONS=${CONNECTIONS:-64}
STREAMS=${STREAMS:-1}
BIG_MB=${BIG_MB:-64}
PORT=${PORT:-18110}
UPSTREAM_PORT=${UPSTREAM_PORT:-18113}
MITM_PORT=${MITM_PORT:-18115}
TLS_PORT=$((PORT + 1))
PROXY_PORT=$((PORT + 2))
UPSTREAM_TLS_PORT=$((UPSTREAM_PORT + 1))
HOST=api.bench.test

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require python3 taskset mitmdump
build_standin
warn_if_busy

export STANDIN_HOME="$PWD/$OUT/proxy-home"
mitm_home="$PWD/$OUT/proxy-mitmproxy"
mocks="$OUT/proxy-mocks"
rm -rf "$mocks" && mkdir -p "$mocks/_files" "$STANDIN_HOME"
cp Benchmarks/mocks/bench.json "$mocks/"
head -c $((BIG_MB * 1000000)) /dev/zero >"$mocks/_files/big.bin"
echo '{ "request": { "method": "GET", "path": "/big" }, "response": { "file": "_files/big.bin" } }' >"$mocks/big.json"

# wait_for_port PORT NAME: waits (up to 30 s) until PORT accepts connections.
wait_for_port() {
    local tries
    for ((tries = 0; tries < 3000; tries++)); do
        port_open "$1" && return 0
        sleep 0.01
    done
    die "$2 did not accept connections on port $1 within 30 s"
}

start_server proxy-standin "$PORT" 0 "$STANDIN" serve --mocks "$mocks" --port "$PORT" --tls-port "$TLS_PORT" \
    --proxy-port "$PROXY_PORT" --intercept "$HOST" --threads 1 --quiet --no-watch
wait_for_port "$TLS_PORT" "standin's HTTPS port"
wait_for_port "$PROXY_PORT" "standin's proxy port"
start_server upstream-standin "$UPSTREAM_PORT" 0 "$STANDIN" serve --mocks "$mocks" --port "$UPSTREAM_PORT" \
    --tls-port "$UPSTREAM_TLS_PORT" --threads 1 --quiet --no-watch
wait_for_port "$UPSTREAM_TLS_PORT" "the upstream's HTTPS port"
start_server mitmdump "$MITM_PORT" 0 mitmdump --listen-host 127.0.0.1 --listen-port "$MITM_PORT" -q \
    --set confdir="$mitm_home" --set connection_strategy=lazy --set upstream_cert=false \
    --set upstream_port="$PORT" -s Benchmarks/tools/mitmdump-upstream.py
standin_ca="$STANDIN_HOME/ca/ca.pem"
mitm_ca="$mitm_home/mitmproxy-ca-cert.pem"
[[ -s "$standin_ca" ]] || die "standin made no CA at $standin_ca"
[[ -s "$mitm_ca" ]] || die "mitmdump made no CA at $mitm_ca"

# client CASE SECONDS: one run of the client for CASE on core 1; prints "RESPONSES BODY_BYTES SECONDS CPU_SECONDS".
client() {
    local args ca=$standin_ca path=/bench connections=$CONNECTIONS
    case $1 in
    direct) args=(--target "127.0.0.1:$TLS_PORT" --name "$HOST") ;;
    proxy) args=(--target "$HOST:443" --proxy "127.0.0.1:$PROXY_PORT" --name "$HOST") ;;
    mitmdump) args=(--target "$HOST:443" --proxy "127.0.0.1:$MITM_PORT" --name "$HOST") ca=$mitm_ca ;;
    download) args=(--target "127.0.0.1:$UPSTREAM_TLS_PORT" --name localhost) path=/big connections=$STREAMS ;;
    tunnel)
        args=(--target "127.0.0.1:$UPSTREAM_TLS_PORT" --proxy "127.0.0.1:$PROXY_PORT" --name localhost)
        path=/big connections=$STREAMS
        ;;
    esac
    taskset -c 1 python3 Benchmarks/tools/proxy-client.py "${args[@]}" --cafile "$ca" --path "$path" \
        --connections "$connections" --seconds "$2"
}

# servers CASE: the servers whose CPU time a case spends.
servers() {
    case $1 in
    direct | proxy) echo proxy-standin ;;
    mitmdump) echo mitmdump proxy-standin ;;
    download) echo upstream-standin ;;
    tunnel) echo upstream-standin proxy-standin ;;
    esac
}

# cpu_of CASE: the CPU seconds used so far by the servers of CASE, added up.
cpu_of() {
    local name total=0
    for name in $(servers "$1"); do
        total=$(awk -v a="$total" -v b="$(cpu_seconds "$name")" 'BEGIN { print a + b }')
    done
    echo "$total"
}

# measure CASE ROUND: one measured round; appends the rate to $OUT/proxy-CASE.rate and the servers' CPU per request
# (per MB for the downloads) to $OUT/proxy-CASE.cpu, and prints both.
measure() {
    local before after responses bytes seconds client_cpu rate cpu busy server_busy proxy_before proxy_after
    before=$(cpu_of "$1")
    proxy_before=$(cpu_seconds proxy-standin)
    read -r responses bytes seconds client_cpu < <(client "$1" "$DURATION")
    after=$(cpu_of "$1")
    proxy_after=$(cpu_seconds proxy-standin)
    [[ -n "$client_cpu" ]] || die "the client printed nothing for $1"
    busy=$(awk -v c="$client_cpu" -v s="$seconds" 'BEGIN { printf "%.2f", c / s }')
    server_busy=$(awk -v a="$before" -v z="$after" -v s="$seconds" 'BEGIN { printf "%.2f", (z - a) / s }')
    if [[ $1 == download || $1 == tunnel ]]; then
        rate=$(awk -v b="$bytes" -v s="$seconds" 'BEGIN { printf "%.1f", b / 1e6 / s }')
        cpu=$(awk -v a="$before" -v z="$after" -v b="$bytes" 'BEGIN { printf "%.0f", (z - a) * 1e6 / (b / 1e6) }')
        local own=""
        [[ $1 == tunnel ]] && own=$(awk -v a="$proxy_before" -v z="$proxy_after" -v b="$bytes" \
            'BEGIN { printf " (the proxy %.0f)", (z - a) * 1e6 / (b / 1e6) }')
        printf 'round %d  %-9s %7s MB/s   %5s us server CPU/MB%s   busy: servers %s, client %s  (%d downloads)\n' \
            "$2" "$1" "$rate" "$cpu" "$own" "$server_busy" "$busy" "$responses"
    else
        rate=$(awk -v n="$responses" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }')
        cpu=$(awk -v a="$before" -v z="$after" -v n="$responses" 'BEGIN { printf "%.1f", (z - a) * 1e6 / n }')
        printf 'round %d  %-9s %7s req/s  %6s us server CPU/req  busy: servers %s, client %s\n' \
            "$2" "$1" "$rate" "$cpu" "$server_busy" "$busy"
    fi
    echo "$rate" >>"$OUT/proxy-$1.rate"
    echo "$cpu" >>"$OUT/proxy-$1.cpu"
}

# run_cases CASE...: a warm-up of each case, then ROUNDS rounds of them in turn.
run_cases() {
    local name round
    for name in "$@"; do
        rm -f "$OUT/proxy-$name.rate" "$OUT/proxy-$name.cpu"
        client "$name" "$WARMUP" >/dev/null
    done
    for ((round = 1; round <= ROUNDS; round++)); do
        for name in "$@"; do measure "$name" "$round"; done
    done
}

rate() { median <"$OUT/proxy-$1.rate"; }
cpu() { median <"$OUT/proxy-$1.cpu"; }

echo "== 1, 2. keep-alive HTTPS, GET /bench on $CONNECTIONS connections, $ROUNDS rounds of ${DURATION}s =="
echo "   direct: standin --tls-port; proxy: CONNECT $HOST:443 on standin --proxy-port --intercept $HOST;"
echo "   mitmdump: CONNECT $HOST:443 on mitmdump, forwarding to standin's plain port"
run_cases direct proxy mitmdump
for name in direct proxy mitmdump; do
    printf 'median    %-9s %7.0f req/s  %6.1f us server CPU/req\n' "$name" "$(rate "$name")" "$(cpu "$name")"
done
echo "proxy / direct: $(ratio "$(rate proxy)" "$(rate direct)") by req/s (bar: >= 0.8)," \
    "$(ratio "$(cpu proxy)" "$(cpu direct)") x the server CPU per request"
echo "standin's proxy / mitmdump: $(ratio "$(rate proxy)" "$(rate mitmdump)") by req/s," \
    "$(ratio "$(cpu mitmdump)" "$(cpu proxy)") x less server CPU per request"
summarize "proxy keep-alive HTTPS: proxy/direct req/s" "$(ratio "$(rate proxy)" "$(rate direct)")"
summarize "proxy keep-alive HTTPS: standin/mitmdump req/s" "$(ratio "$(rate proxy)" "$(rate mitmdump)")"

echo
echo "== 3. a $BIG_MB MB body over HTTPS from a second standin, $STREAMS at once, $ROUNDS rounds of ${DURATION}s =="
echo "   download: directly; tunnel: through CONNECT 127.0.0.1:$UPSTREAM_TLS_PORT on the proxy (passed, not decrypted)"
run_cases download tunnel
for name in download tunnel; do
    printf 'median    %-9s %7.1f MB/s   %5.0f us server CPU/MB\n' "$name" "$(rate "$name")" "$(cpu "$name")"
done
echo "tunnel / direct: $(ratio "$(rate tunnel)" "$(rate download)") by MB/s (bar: >= 0.8)"
summarize "proxy pass-through tunnel/direct MB/s" "$(ratio "$(rate tunnel)" "$(rate download)")"
