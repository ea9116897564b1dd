#!/usr/bin/env bash
# Soak test: SOAK_SECONDS (default 600) of mixed load on `standin serve` with the fixtures of Stress/soak-mocks/
# (static, templated, delayed, a sequence, an asked-for 503, a connection reset and a malformed body) from wrk,
# while Stress/soak.py makes admin calls every second, rewrites a fixture every 10 s (each reload must be served
# within 2 s), and sends traffic through `standin record` in front of a third StandIn. Prints request counts, 5xx
# the fixtures did not ask for (must be 0), and descriptors and RSS of serve and record at the start and the end.
#
# Environment: SOAK_SECONDS=600, CONNECTIONS=32, STANDIN=path (a prebuilt binary; else a release build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=Stress/lib.sh
source Stress/lib.sh

SOAK_SECONDS=${SOAK_SECONDS:-600}
CONNECTIONS=${CONNECTIONS:-32}
require wrk python3
build_standin >/dev/null
start_scratch
work=$WORK

cp -r Stress/soak-mocks "$work/mocks"
"$STANDIN" serve --mocks "$work/mocks" --port 0 --quiet >"$work/serve.log" 2>&1 &
serve=$!
PIDS+=("$serve")
"$STANDIN" serve --mocks Mocks --port 0 --quiet --no-watch >"$work/upstream.log" 2>&1 &
PIDS+=($!)
"$STANDIN" record --upstream "http://127.0.0.1:$(port_of "$work/upstream.log")" --mocks "$work/recorded" \
    --port 0 --quiet >"$work/record.log" 2>&1 &
record=$!
PIDS+=("$record")
serve_port=$(port_of "$work/serve.log")
record_port=$(port_of "$work/record.log")
echo "soak: ${SOAK_SECONDS}s, serve on $serve_port (pid $serve), record on $record_port (pid $record)"

wrk -t1 -c"$CONNECTIONS" -d"${SOAK_SECONDS}s" -s Stress/soak.lua "http://127.0.0.1:$serve_port" >"$work/wrk.log" 2>&1 &
load=$!
status=0
python3 Stress/soak.py "$SOAK_SECONDS" "$serve_port" "$serve" "$record_port" "$record" "$work/mocks" || status=1
wait "$load" || status=1
grep -E "Requests/sec|soak-load" "$work/wrk.log"
grep -q "0 unexpected 5xx" "$work/wrk.log" || status=1
for name in serve record; do
    pid=$([[ $name == serve ]] && echo "$serve" || echo "$record")
    if ! kill -0 "$pid" 2>/dev/null; then echo "soak: $name crashed" >&2; status=1; fi
done
if "$STANDIN" check --mocks "$work/recorded" >/dev/null; then
    echo "soak: the recorded folder passes standin check"
else
    echo "soak: the recorded folder has broken files" >&2
    status=1
fi
[[ $status -eq 0 ]] && echo "soak: passed" || echo "soak: FAILED"
exit $status
