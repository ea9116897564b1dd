#!/usr/bin/env bash
# Measures what fixture WebSockets cost the server, against an echo fixture (`otherwise` sends back
# `{{message.text}}`):
#   1. HELD WebSockets open at once on one server (`--threads 2`), each having sent one message and read its answer,
#      then idle. It prints the server's resident memory and open descriptors before, with all of them open, and
#      after the clients close them, the memory each open WebSocket takes, and how many the server's
#      `GET /__standin/websockets` lists with them open and after. Bar: at most 16 KB per WebSocket, and the
#      descriptors back to where they were.
#   2. Echo messages per second (64-byte text, WINDOW in flight on each WebSocket) on 1 and on 100 WebSockets at once,
#      against `standin serve --threads 1` and against an echo server of Python's `websockets` library (one thread,
#      the anchor: a server users know), both on core 0, the clients on core 1. The same client code
#      (Benchmarks/tools/websocket-clients.py, Python's asyncio with `websockets`) talks to both, and is likely the
#      bottleneck: the server CPU time per message, printed beside each rate, says what each server spends. Reported,
#      with standin / Python as a ratio; each figure is the median of ROUNDS rounds, the two servers alternating.
# The static instruction count (the bar of every change: unchanged within 1%) is Benchmarks/instructions.sh's
# `CASES=static` check, which this script runs last.
#
# The Python packages come from .build/python-websocket, where scripts/setup-interop.sh installs them.
#
# Environment (all optional):
#   HELD=10000         WebSockets held open at once
#   DURATION=10        seconds of each measured echo round
#   WARMUP=2           seconds of unmeasured echo on each server before the rounds
#   ROUNDS=3           measured echo rounds per server and connection count
#   WINDOW=1           messages in flight on each WebSocket (1: each message waits for the echo of the one before)
#   PORT=18098         port for standin
#   PEER_PORT=18099    port for the Python echo server
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

HELD=${HELD:-10000}
PORT=${PORT:-18098}
PEER_PORT=${PEER_PORT:-18099}
export WINDOW=${WINDOW:-1}
CONNECTIONS=(1 100)

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require python3 taskset curl
export PYTHONPATH=".build/python-websocket${PYTHONPATH:+:$PYTHONPATH}"
python3 -c 'import websockets' 2>/dev/null || die "Python's websockets package is missing; run scripts/setup-interop.sh,
or: python3 -m pip install --target .build/python-websocket websockets websocket-client"
build_standin
warn_if_busy
# Each held WebSocket is a descriptor in the server and another in the clients (each process has its own limit).
ulimit -n $((HELD + 1024)) 2>/dev/null || die "cannot raise the open-files limit to $((HELD + 1024)) (ulimit -Hn is $(ulimit -Hn))"

clients=Benchmarks/tools/websocket-clients.py
mocks="$OUT/websocket-mocks"
rm -rf "$mocks" && mkdir -p "$mocks"
cat >"$mocks/echo.json" <<'JSON'
{ "request": { "path": "/echo" }, "websocket": { "otherwise": [ { "send": "{{message.text}}" } ] } }
JSON

# 1. Held WebSockets.
start_server websocket-standin "$PORT" 0,1 "$STANDIN" serve --mocks "$mocks" --port "$PORT" --threads 2 --quiet \
    --no-watch --max-connections $((HELD + 1000)) --journal-size 0
listed() {
    curl -sf "http://127.0.0.1:$PORT/__standin/websockets" |
        python3 -c 'import json, sys; print(len(json.load(sys.stdin)["websockets"]))'
}

# Warm the server (its first WebSocket's one-time allocations are not a WebSocket's cost).
echo | python3 "$clients" hold 10 "ws://127.0.0.1:$PORT/echo" >/dev/null
sleep 1
rss_before=$(rss_kb websocket-standin)
fds_before=$(descriptors websocket-standin)

coproc holders { python3 "$clients" hold "$HELD" "ws://127.0.0.1:$PORT/echo"; }
read -r held_line <&"${holders[0]}"
[[ $held_line == "held $HELD" ]] || die "the clients did not hold $HELD WebSockets: $held_line"
sleep 1
rss_held=$(rss_kb websocket-standin)
fds_held=$(descriptors websocket-standin)
# Listed after the figures above: the listing's own memory is not a WebSocket's.
listed_held=$(listed)
echo >&"${holders[1]}"
read -r closed_line <&"${holders[0]}"
# shellcheck disable=SC2154  # coproc sets holders_PID
wait "$holders_PID" 2>/dev/null || true
fds_after=$(descriptors_back websocket-standin "$fds_before")
rss_after=$(rss_kb websocket-standin)
listed_after=$(listed)
stop_server websocket-standin
per_socket=$(awk -v a="$rss_before" -v b="$rss_held" -v n="$HELD" 'BEGIN { printf "%.1f", (b - a) / n }')
memory_verdict=$(awk -v p="$per_socket" 'BEGIN { print (p <= 16) ? "PASS" : "FAIL" }')
descriptors_verdict=FAIL
((fds_after > fds_before)) || descriptors_verdict=PASS

echo
echo "== $HELD WebSockets held open (one echo each, then idle), --threads 2 =="
printf '%-28s %12s %12s %8s\n' "" "RSS (KB)" "descriptors" "listed"
printf '%-28s %12s %12s %8s\n' "before" "$rss_before" "$fds_before" ""
printf '%-28s %12s %12s %8s\n' "all $HELD open" "$rss_held" "$fds_held" "$listed_held"
printf '%-28s %12s %12s %8s\n' "after the clients closed" "$rss_after" "$fds_after" "$listed_after"
echo "memory per open WebSocket: $per_socket KB (bar: at most 16 KB): $memory_verdict"
echo "descriptors after: $fds_after, before: $fds_before (bar: back to where they were): $descriptors_verdict" \
    "($closed_line)"
summarize "websocket: memory per held WebSocket" "$per_socket KB (bar <= 16 KB) $memory_verdict"

# 2. Echo messages per second.
start_server echo-standin "$PORT" 0 "$STANDIN" serve --mocks "$mocks" --port "$PORT" --threads 1 --quiet --no-watch \
    --journal-size 0
start_server echo-python "$PEER_PORT" 0 python3 "$clients" serve "$PEER_PORT"
declare -A urls=([standin]="ws://127.0.0.1:$PORT/echo" [python]="ws://127.0.0.1:$PEER_PORT/echo")

# echo_round SERVER CONNECTIONS SECONDS: prints "MESSAGES/S CPU-US-PER-MESSAGE" for one run against SERVER.
echo_round() {
    local server=$1 before messages seconds
    before=$(cpu_seconds "echo-$server")
    read -r messages seconds < <(taskset -c 1 python3 "$clients" echo "$2" "$3" "${urls[$server]}")
    ((messages > 0)) || die "no echo from $server on $2 WebSockets"
    printf '%s %s\n' "$(awk -v m="$messages" -v s="$seconds" 'BEGIN { printf "%.0f", m / s }')" \
        "$(cpu_per_request "echo-$server" "$before" "$messages")"
}

for server in standin python; do
    echo_round "$server" 100 "$WARMUP" >/dev/null
done
for connections in "${CONNECTIONS[@]}"; do
    rm -f "$OUT/websocket-echo-"*"-$connections".{rate,cpu}
done
for ((round = 1; round <= ROUNDS; round++)); do
    for connections in "${CONNECTIONS[@]}"; do
        for server in standin python; do
            read -r rate cpu < <(echo_round "$server" "$connections" "$DURATION")
            echo "$rate" >>"$OUT/websocket-echo-$server-$connections.rate"
            echo "$cpu" >>"$OUT/websocket-echo-$server-$connections.cpu"
            printf 'round %d  %3d WebSockets  %-8s %9s msg/s  %7s us CPU per message\n' "$round" "$connections" \
                "$server" "$rate" "$cpu"
        done
    done
done
stop_server echo-standin
stop_server echo-python

echo
echo "== echo, 64-byte text, $WINDOW in flight per WebSocket, one thread each, medians of $ROUNDS x $DURATION s =="
printf '%-15s %14s %14s %8s %16s %16s\n' "" "standin msg/s" "python msg/s" "ratio" "standin us CPU" "python us CPU"
for connections in "${CONNECTIONS[@]}"; do
    standin_rate=$(median <"$OUT/websocket-echo-standin-$connections.rate")
    python_rate=$(median <"$OUT/websocket-echo-python-$connections.rate")
    standin_cpu=$(median <"$OUT/websocket-echo-standin-$connections.cpu")
    python_cpu=$(median <"$OUT/websocket-echo-python-$connections.cpu")
    label="$connections WebSockets"
    ((connections > 1)) || label="1 WebSocket"
    printf '%-15s %14.0f %14.0f %8s %16s %16s\n' "$label" "$standin_rate" "$python_rate" \
        "$(ratio "$standin_rate" "$python_rate")" "$standin_cpu" "$python_cpu"
    summarize "websocket: echo msg/s on $connections, standin/python" \
        "$(ratio "$standin_rate" "$python_rate") ($(printf '%.0f' "$standin_rate") vs $(printf '%.0f' "$python_rate"))"
done

echo
echo "== static instruction count (bar: unchanged within 1%) =="
# Its WARMUP is a count of requests, not this script's seconds.
env -u WARMUP CASES=static STANDIN="$STANDIN" Benchmarks/instructions.sh --check
