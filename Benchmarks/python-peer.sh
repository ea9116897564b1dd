#!/usr/bin/env bash
# A peer users know: mockintosh (Python, tornado) serving the same body for GET /bench, against
# `standin serve --threads 1`, both on core 0 with wrk on core 1, in alternating rounds.
# mockintosh 0.13 is installed into a virtual environment under Benchmarks/out; when it does
# not install (no network, no Python), the script says so and exits 0.
#
# mockintosh runs with --quiet (no line per request, like standin's --quiet) and serves a fixed
# request id (its templating would cost it more); standin makes a new one per request.
#
# Environment (all optional):
#   DURATION=10        seconds of load per measured round
#   WARMUP=2           seconds of unmeasured load each time a server starts
#   ROUNDS=3           measured rounds per server
#   PEER_PORT=18088    port of mockintosh
#   STANDIN_PORT=18089 port of standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PEER_PORT=${PEER_PORT:-18088}
STANDIN_PORT=${STANDIN_PORT:-18089}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk taskset

venv="$OUT/python-peer"
if [[ ! -x "$venv/bin/mockintosh" ]]; then
    echo "installing mockintosh 0.13 into $venv"
    if ! { python3 -m venv "$venv" &&
        "$venv/bin/pip" install --quiet mockintosh==0.13 markupsafe==2.0.1 tornado==6.4.2; } >"$OUT/python-peer-install.log" 2>&1; then
        echo "skipped: mockintosh did not install (see $OUT/python-peer-install.log)"
        summarize "python peer (mockintosh)" "skipped: did not install"
        exit 0
    fi
fi
build_standin

cat >"$OUT/mockintosh.yaml" <<YAML
services:
  - name: bench
    hostname: 127.0.0.1
    port: $PEER_PORT
    endpoints:
      - path: /bench
        method: GET
        response:
          headers:
            Content-Type: application/json
          body: '{"code":0,"message":"success","data":{"id":1,"name":"Ada Lovelace","email":"ada@example.com"},"request_id":"00000000000000000000000000000000"}'
YAML

start_mockintosh() { start_server mockintosh "$PEER_PORT" 0 "$venv/bin/mockintosh" --quiet "$OUT/mockintosh.yaml"; }
start_standin() {
    start_server standin "$STANDIN_PORT" 0 "$STANDIN" serve --mocks Benchmarks/mocks --port "$STANDIN_PORT" \
        --threads 1 --quiet
}

run_wrk() {
    taskset -c 1 wrk -t1 -c64 -d"$1"s "http://127.0.0.1:$2/bench"
}

warn_if_busy
rm -f "$OUT/peer-mockintosh.rps" "$OUT/peer-standin.rps"
for ((round = 1; round <= ROUNDS; round++)); do
    for name in mockintosh standin; do
        if [[ "$name" == standin ]]; then port=$STANDIN_PORT; else port=$PEER_PORT; fi
        "start_$name"
        run_wrk "$WARMUP" "$port" >/dev/null
        report="$OUT/wrk-peer-$name-$round.txt"
        run_wrk "$DURATION" "$port" >"$report"
        stop_server "$name"
        rps=$(requests_per_second "$report")
        echo "$rps" >>"$OUT/peer-$name.rps"
        printf 'round %d  %-10s  %10.0f req/s  %s\n' "$round" "$name" "$rps" "$(socket_errors "$report")"
    done
done
peer=$(median <"$OUT/peer-mockintosh.rps")
standin=$(median <"$OUT/peer-standin.rps")
echo "standin/mockintosh = $(ratio "$standin" "$peer")"
summarize "1 thread: standin/mockintosh req/s" \
    "$(ratio "$standin" "$peer") ($(printf '%.0f' "$standin") vs $(printf '%.0f' "$peer") req/s)"
