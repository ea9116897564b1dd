#!/usr/bin/env bash
# Starts `standin serve --threads 2` on the sample Mocks/ and, ROUNDS times, starts a session, loads its port with
# wrk (16 connections) and a delayed request, and ends the session while they are under way: the port closes under
# its own traffic, on the server's own loops. Fails when the server stops answering or dies, or a sanitizer reports,
# and prints the end of its log.
#
# Environment: STANDIN=path (a prebuilt binary, e.g. one built with `swift build --sanitize=address`; else a release
# build), ROUNDS=60.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=Stress/lib.sh
source Stress/lib.sh

ROUNDS=${ROUNDS:-60}
require wrk curl
build_standin >/dev/null
start_scratch
"$STANDIN" serve --mocks Mocks --port 0 --no-watch --quiet --threads 2 >"$WORK/serve.log" 2>&1 &
server=$!
PIDS+=("$server")
port=$(port_of "$WORK/serve.log")
echo "standin serve pid $server on port $port, $ROUNDS sessions ended under load"
status=0
for ((round = 1; round <= ROUNDS; round++)); do
    started=$(curl -sS -X POST -H 'Content-Type: application/json' "http://127.0.0.1:$port/__standin/sessions") || true
    id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' <<<"$started")
    url=$(sed -n 's/.*"baseURL":"\([^"]*\)".*/\1/p' <<<"$started")
    if [[ -z "$id" || -z "$url" ]]; then
        echo "FAIL: round $round could not start a session: $started"
        status=1
        break
    fi
    wrk -t2 -c16 -d1s "$url/users/1" >/dev/null 2>&1 &
    load=$!
    curl -s -o /dev/null -H 'X-StandIn-Delay: 2s' "$url/users/1" &
    delayed=$!
    sleep "0.$((RANDOM % 9 + 1))"
    curl -sS -o /dev/null -X DELETE "http://127.0.0.1:$port/__standin/sessions/$id" || true
    wait "$load" "$delayed" 2>/dev/null || true
    if ! kill -0 "$server" 2>/dev/null; then
        echo "FAIL: the server died in round $round"
        status=1
        break
    fi
done
if ! curl -sf -o /dev/null "http://127.0.0.1:$port/__standin/health"; then
    echo "FAIL: the server stopped answering"
    status=1
fi
stop_and_report "$server" "$WORK/serve.log" 20
exit "$status"
