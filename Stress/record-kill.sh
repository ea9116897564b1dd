#!/usr/bin/env bash
# Kills `standin record` with SIGKILL in the middle of traffic, ROUNDS times in a row (default 20), recording into
# the same folder each time, and checks after every kill that every fixture file on disk is complete and valid
# (`standin check` passes on it) and that nothing was written outside the record folder.
#
# The backend is a `standin serve` on the sample Mocks/. Environment: STANDIN=path (a prebuilt binary; else a
# release build), ROUNDS=20.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=Stress/lib.sh
source Stress/lib.sh

ROUNDS=${ROUNDS:-20}
build_standin >/dev/null
start_scratch
work=$WORK

"$STANDIN" serve --mocks Mocks --port 0 --quiet --no-watch >"$work/upstream.log" 2>&1 &
PIDS+=($!)
upstream=$(port_of "$work/upstream.log")
mocks="$work/mocks"
mkdir -p "$mocks"
touch "$work/marker"

failed=0
for round in $(seq "$ROUNDS"); do
    log="$work/record-$round.log"
    "$STANDIN" record --upstream "http://127.0.0.1:$upstream" --mocks "$mocks" --port 0 --quiet >"$log" 2>&1 &
    recorder=$!
    PIDS+=("$recorder")
    port=$(port_of "$log")
    # Traffic from 16 threads; the kill lands at a random moment 0.2 to 1.2 s in.
    python3 Stress/record_traffic.py "$port" "$round" &
    traffic=$!
    sleep "$(python3 -c "import random; print(round(random.uniform(0.2, 1.2), 2))")"
    kill -9 "$recorder"
    wait "$recorder" 2>/dev/null || true
    wait "$traffic" 2>/dev/null || true

    files=$(find "$mocks" -name '*.json' | wc -l)
    leftovers=$(find "$mocks" -name '.*.tmp' | wc -l)
    outside=$(find "$work" -newer "$work/marker" -type f ! -path "$mocks/recorded/*" ! -name '*.log' | wc -l)
    if check=$("$STANDIN" check --mocks "$mocks" 2>&1); then verdict="ok  "; else verdict="FAIL"; failed=1; fi
    if [[ "$outside" -ne 0 ]]; then verdict="FAIL"; failed=1; fi
    printf '%s round %2d: %4d fixture files, %s; %d temp files left by the kill; %d files outside the folder\n' \
        "$verdict" "$round" "$files" "$(echo "$check" | tail -1)" "$leftovers" "$outside"
    [[ "$verdict" == "FAIL" ]] && echo "$check" | head -5
done
echo
if [[ $failed -eq 0 ]]; then echo "all $ROUNDS rounds left complete, valid fixtures"; else echo "FAILED"; fi
exit $failed
