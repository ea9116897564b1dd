#!/usr/bin/env bash
# Starts `standin serve` on the sample Mocks/ and abuses it (Stress/abuse.py): random bytes, a 64 KB header, a
# 20 KB request line, a 10 GiB Content-Length then a hang-up, 1,000 idle connections, a slowloris client,
# 10,000 connect/close cycles, 100 pipelined requests; then hostile input: huge and held delays, catastrophic and
# polynomial regular expressions, admin calls a web page could make, control characters for the access log (which
# is why the server logs to serve.log); then the journal under 10,000 large requests, record-mode path escapes and
# header injection, 10 readers stalled on a 100 MB body, and lenient parsing. After each it prints whether the
# server is alive, how fast
# /__standin/health answers (must be < 1 s), and its open descriptors and RSS against the baseline.
#
# Environment: STANDIN=path (a prebuilt binary; else a release build), READ_TIMEOUT=3 (seconds, for slowloris).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=Stress/lib.sh
source Stress/lib.sh

READ_TIMEOUT=${READ_TIMEOUT:-3}
build_standin >/dev/null
# Enough descriptors for 1,000 idle connections on the client side too.
ulimit -n "$(ulimit -Hn)"

start_scratch
# Cases 4, 8-10 (memory, record edges, strict HTTP): a copy of Mocks/ with a 100 MB file body and a redirect template.
cp -r Mocks "$WORK/mocks"
head -c 100000000 /dev/urandom >"$WORK/mocks/_files/abuse-100mb.bin"
echo '{"request":{"path":"/__abuse/big"},"response":{"file":"_files/abuse-100mb.bin"}}' >"$WORK/mocks/abuse-big.json"
echo '{"request":{"path":"/__abuse/redirect"},"response":{"status":302,"headers":{"Location":"{{query.next}}"}}}' \
    >"$WORK/mocks/abuse-redirect.json"
"$STANDIN" serve --mocks "$WORK/mocks" --port 0 --no-watch --read-timeout "$READ_TIMEOUT" >"$WORK/serve.log" 2>&1 &
server=$!
PIDS+=("$server")
port=$(port_of "$WORK/serve.log")
echo "standin serve pid $server on port $port"
# Case 8: a recorder whose upstream has a path prefix, in front of the server above.
"$STANDIN" record --upstream "http://127.0.0.1:$port/anything/api" --mocks "$WORK/recorded" --port 0 --quiet \
    >"$WORK/record.log" 2>&1 &
PIDS+=("$!")
RECORD_PORT=$(port_of "$WORK/record.log")
export RECORD_PORT
python3 Stress/abuse.py "$port" "$server" "$READ_TIMEOUT" "$WORK/serve.log"
