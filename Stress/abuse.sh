#!/usr/bin/env bash
# Starts `standin serve` on the sample Mocks/ and abuses it (Stress/abuse.py): random bytes, a 64 KB header, a
# 20 KB request line, a 10 GiB Content-Length then a hang-up, 1,000 idle connections, a slowloris client,
# 10,000 connect/close cycles, 100 pipelined requests; then hostile input: huge and held delays, catastrophic and
# polynomial regular expressions, admin calls a web page could make, control characters for the access log (which
# is why the server logs to serve.log). After each it prints whether the server is alive, how fast
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
"$STANDIN" serve --mocks Mocks --port 0 --no-watch --read-timeout "$READ_TIMEOUT" >"$WORK/serve.log" 2>&1 &
server=$!
PIDS+=("$server")
port=$(port_of "$WORK/serve.log")
echo "standin serve pid $server on port $port"
python3 Stress/abuse.py "$port" "$server" "$READ_TIMEOUT" "$WORK/serve.log"
