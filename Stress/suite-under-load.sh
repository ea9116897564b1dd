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
# Stress/listener-close-trace.c, in $OUT/suite-under-load/run-N.listeners), SAMPLE_STACKS=SECONDS (when the run's log stands
# still that long, gdb writes the stacks of the suite's threads to
# $OUT/suite-under-load/run-N.stacks: what holds Swift concurrency's few shared threads when every test stalls).
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

# sample_stalled_stacks LOG FILE: whenever the suite's LOG has not grown for SAMPLE_STACKS seconds (every test
# stalled at once), appends the time and the stacks of the test process's threads to FILE (those running a Swift task have
# a frame of swift_job_run); one sample per stall. gdb stops the process while it reads the stacks, so it only looks
# when nothing moves anyway.
sample_stalled_stacks() {
    local pid size last_size=-1 still=0 sampled=0
    while :; do
        sleep 1
        size=$(stat -c %s "$1" 2>/dev/null || echo 0)
        if [[ $size != "$last_size" ]]; then
            last_size=$size still=0 sampled=0
            continue
        fi
        still=$((still + 1))
        ((still >= SAMPLE_STACKS && !sampled)) || continue
        sampled=1
        pid=$(pgrep -f -o 'StandInPackageTests.xctest.*swift-testing' || true)
        [[ -n $pid ]] || continue
        { echo "=== $(date +%T) pid $pid: the log stood still for $still s"
          gdb -p "$pid" -batch -ex 'thread apply all bt 80' 2>/dev/null
        } >>"$2"
    done
}

if [[ -n ${SAMPLE_STACKS:-} ]]; then
    require gdb
    has_load suite && die "SAMPLE_STACKS samples one suite: leave \`suite\` out of LOAD"
fi

passed=0
failed=0
echo "load: $LOAD; $RUNS runs of the suite (swift test --skip-build)"
for ((run = 1; run <= RUNS; run++)); do
    log="$logs/run-$run.log"
    samples="$WORK/time-wait-$run"
    sample_time_wait "$samples" &
    sampler=$!
    stacks=""
    if [[ -n ${SAMPLE_STACKS:-} ]]; then
        sample_stalled_stacks "$log" "$logs/run-$run.stacks" &
        stacks=$!
    fi
    started=$SECONDS
    if LD_PRELOAD=$preload LISTENER_CLOSE_TRACE="$logs/run-$run.listeners" \
        swift test --skip-build --scratch-path "$SCRATCH" >"$log" 2>&1; then
        outcome=passed
        passed=$((passed + 1))
    else
        outcome=FAILED
        failed=$((failed + 1))
    fi
    kill "$sampler" $stacks 2>/dev/null || true
    wait "$sampler" $stacks 2>/dev/null || true
    peak=$(sort -n "$samples" | tail -1)
    summary=$(grep -E '^✔ Test run|^✘ Test run' "$log" | tail -1 || true)
    echo "run $run: $outcome in $((SECONDS - started)) s, peak TIME_WAIT ${peak:-0}: ${summary:-no summary (see $log)}"
    grep -E '^✘ Test [^r]' "$log" | head -5 | sed 's/^/    /' || true
done
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
