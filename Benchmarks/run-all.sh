#!/usr/bin/env bash
# The whole benchmark suite in one run, then a summary of every figure:
#   1. one thread: standin vs the C evhttp reference (serve-vs-reference.sh)
#   2. two threads: standin vs nginx with 2 workers (vs-nginx.sh)
#   3. memory after 100k and 1M requests, p50/p99 at 64 and 1,000 connections
#      (latency-and-memory.sh)
#   4. 10,000 fixtures: start-up, memory, req/s against 10 fixtures (many-fixtures.sh)
#   5. a Python peer, mockintosh, when it installs (python-peer.sh; SKIP_PYTHON=1 skips it)
#   6. instructions per request under callgrind, standin and the C reference, per case (instructions.sh)
#   7. one thread: req/s of a resource's list of 100 items and of a create, beside a static fixture
#      (resource-throughput.sh)
#
# Environment: ROUNDS (3) and DURATION (10) apply to every part; each part's script lists its
# other settings. With the defaults the suite takes about 10 minutes; ROUNDS=1 DURATION=3 is a
# quick look. The machine should be otherwise idle: the script warns when it is not.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

build_standin
export STANDIN
export SUMMARY="$PWD/$OUT/summary.txt"
rm -f "$SUMMARY"
started=$(date +%s)

part() {
    echo
    echo "=== $1"
    shift
    "$@"
}

part "1. one thread: standin vs the C evhttp reference" Benchmarks/serve-vs-reference.sh
part "2. two threads: standin vs nginx, 2 workers" Benchmarks/vs-nginx.sh
part "3. memory and latency" Benchmarks/latency-and-memory.sh
part "4. 10,000 fixtures" Benchmarks/many-fixtures.sh
if [[ "${SKIP_PYTHON:-0}" != 1 ]]; then
    part "5. a Python peer: mockintosh" Benchmarks/python-peer.sh
fi
part "6. instructions per request (callgrind)" Benchmarks/instructions.sh
part "7. one thread: a resource's list and create beside a static fixture" Benchmarks/resource-throughput.sh

echo
echo "=== summary ($(nproc) cores, load average now $(cut -d' ' -f1-3 /proc/loadavg), $(($(date +%s) - started)) s)"
cat "$SUMMARY"
