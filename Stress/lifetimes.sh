#!/usr/bin/env bash
# Starts `standin serve --threads 2` on the sample Mocks/ with a small journal and drives it with
# Stress/lifetimes.py: dashboard event streams that stall, get dropped, drain or hang up, large near-miss 404s,
# delayed and faulted requests whose clients leave, slow uploads cut mid-body. Fails when the server stops
# answering or dies, and prints the end of its log (where a sanitizer reports).
#
# Environment: STANDIN=path (a prebuilt binary, e.g. one built with `swift build --sanitize=address`; else a release
# build), SECONDS_TO_RUN=60.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=Stress/lib.sh
source Stress/lib.sh

SECONDS_TO_RUN=${SECONDS_TO_RUN:-60}
build_standin >/dev/null
start_scratch
"$STANDIN" serve --mocks Mocks --port 0 --no-watch --quiet --threads 2 --journal-size 100 --max-hold 2s \
    >"$WORK/serve.log" 2>&1 &
server=$!
PIDS+=("$server")
port=$(port_of "$WORK/serve.log")
echo "standin serve pid $server on port $port, for $SECONDS_TO_RUN s"
status=0
python3 Stress/lifetimes.py "$port" "$SECONDS_TO_RUN" || status=1
if ! kill -0 "$server" 2>/dev/null; then
    echo "FAIL: the server died"
    status=1
fi
stop_and_report "$server" "$WORK/serve.log" 60
exit "$status"
