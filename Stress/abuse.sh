#!/usr/bin/env bash
# Starts `standin serve` on the sample Mocks/ and abuses it (Stress/abuse.py): random bytes, a 64 KB header, a
# 20 KB request line, a 10 GiB Content-Length then a hang-up, 1,000 idle connections, a slowloris client,
# 10,000 connect/close cycles, 100 pipelined requests. After each it prints whether the server is alive, how fast
# /__standin/health answers (must be < 1 s), and its open descriptors and RSS against the baseline.
#
# Environment: STANDIN=path (a prebuilt binary; else a release build), READ_TIMEOUT=3 (seconds, for slowloris).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

READ_TIMEOUT=${READ_TIMEOUT:-3}
if [[ -z "${STANDIN:-}" ]]; then
    swift build -c release --product standin >/dev/null
    STANDIN="$(swift build -c release --show-bin-path)/standin"
fi
# Enough descriptors for 1,000 idle connections on the client side too.
ulimit -n "$(ulimit -Hn)"

log=$(mktemp)
"$STANDIN" serve --mocks Mocks --port 0 --quiet --no-watch --read-timeout "$READ_TIMEOUT" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 100); do
    port=$(grep -oE 'on http://127\.0\.0\.1:[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
    [[ -n "$port" ]] && break
    sleep 0.1
done
[[ -n "$port" ]] || { cat "$log"; echo "abuse: the server did not start" >&2; exit 1; }
echo "standin serve pid $server on port $port"
python3 Stress/abuse.py "$port" "$server" "$READ_TIMEOUT"
