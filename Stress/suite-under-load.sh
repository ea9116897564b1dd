#!/usr/bin/env bash
# Runs the whole test suite RUNS times while the machine is loaded, to catch tests that pass on a quiet machine and
# fail when the timing is unlucky. Beside each run: a second copy of the suite (LOAD has `suite`), a busy loop per
# core (`cpu`), and wrk opening a new connection per request against a standin server (`connections`), which leaves
# thousands of sockets in TIME_WAIT as the suite's own many-connection tests do. Each run's log is kept in
# $OUT/suite-under-load/ with its failing tests, and the peak count of sockets in TIME_WAIT is sampled every second.
# Ends with "N passed, N failed" and exits non-zero on any failure.
#
# Environment: RUNS=10, LOAD="suite cpu connections" (any of them, or "none"), SCRATCH=.build (swift's build folder),
# TRACE_LISTENERS=1 (each run's log is followed by the stacks that closed or shut down a listening socket, from
# Stress/listener-close-trace.c, in $OUT/suite-under-load/run-N.listeners).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=Stress/lib.sh
source Stress/lib.sh

RUNS=${RUNS:-10}
SCRATCH=${SCRATCH:-.build}
LOAD=${LOAD:-suite cpu connections}
has_load() { [[ " $LOAD " == *" $1 "* ]]; }

if has_load connections && ! command -v wrk >/dev/null; then
    echo "Installing wrk with apt-get (the connection load)…" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
require ss
swift build --build-tests --scratch-path "$SCRATCH"
bin=$(swift build --scratch-path "$SCRATCH" --show-bin-path)
tests="$bin/StandInPackageTests.xctest"
[[ -x $tests ]] || die "no test binary at $tests"
STANDIN="$bin/standin"
logs=$OUT/suite-under-load
rm -rf "$logs"
mkdir -p "$logs"
start_scratch

preload=""
if [[ -n ${TRACE_LISTENERS:-} ]]; then
    cc -shared -fPIC -O1 -o "$WORK/listener-close-trace.so" Stress/listener-close-trace.c -ldl
    preload="$WORK/listener-close-trace.so"
fi

# The load, started once and left running through every run.
if has_load cpu; then
    for _ in $(seq "$(nproc)"); do
        sh -c 'while :; do :; done' &
        PIDS+=("$!")
    done
fi
if has_load connections; then
    "$STANDIN" serve --mocks Mocks --port 0 --no-watch --quiet >"$WORK/serve.log" 2>&1 &
    PIDS+=("$!")
    port=$(port_of "$WORK/serve.log")
    # A new connection per request, for as long as the script runs.
    sh -c "while :; do wrk -t1 -c8 -d60s -H 'Connection: close' http://127.0.0.1:$port/ping >/dev/null 2>&1; done" &
    PIDS+=("$!")
fi
if has_load suite; then
    # The same test binary that swift test runs, in a loop: a second suite beside the measured one.
    sh -c "while :; do '$tests' --testing-library swift-testing >/dev/null 2>&1; done" &
    PIDS+=("$!")
fi

# peak_time_wait FILE: samples the sockets in TIME_WAIT every second into FILE until killed.
sample_time_wait() {
    while :; do
        ss -Htan state time-wait | wc -l >>"$1"
        sleep 1
    done
}

passed=0
failed=0
echo "load: $LOAD; $RUNS runs of the suite (swift test --skip-build)"
for ((run = 1; run <= RUNS; run++)); do
    log="$logs/run-$run.log"
    samples="$WORK/time-wait-$run"
    sample_time_wait "$samples" &
    sampler=$!
    started=$SECONDS
    if LD_PRELOAD=$preload LISTENER_CLOSE_TRACE="$logs/run-$run.listeners" \
        swift test --skip-build --scratch-path "$SCRATCH" >"$log" 2>&1; then
        outcome=passed
        passed=$((passed + 1))
    else
        outcome=FAILED
        failed=$((failed + 1))
    fi
    kill "$sampler" 2>/dev/null || true
    wait "$sampler" 2>/dev/null || true
    peak=$(sort -n "$samples" | tail -1)
    summary=$(grep -E '^✔ Test run|^✘ Test run' "$log" | tail -1 || true)
    echo "run $run: $outcome in $((SECONDS - started)) s, peak TIME_WAIT ${peak:-0}: ${summary:-no summary (see $log)}"
    grep -E '^✘ Test [^r]' "$log" | head -5 | sed 's/^/    /' || true
done
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
