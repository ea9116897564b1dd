#!/usr/bin/env bash
# Measures what the `.standInSession` trait (StandInTesting) adds to a test: the median of 100 empty test bodies run
# inside the trait's scope (a session started on a running StandIn, then its unmatched requests read and the
# session ended) against 100 bare ones, in one test process (SessionTraitOverhead, enabled by
# STANDIN_TRAIT_OVERHEAD=1). The StandIn is a release build on one thread, as `standin serve` runs for a test run.
#
# Environment (all optional):
#   PORT=18096         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT=${PORT:-18096}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require curl taskset
build_standin
warn_if_busy
start_server trait-standin "$PORT" 0 "$STANDIN" serve --mocks Mocks --port "$PORT" --threads 1 --quiet --no-watch

swift build --build-tests >/dev/null
STANDIN_TRAIT_OVERHEAD=1 STANDIN_URL="http://127.0.0.1:$PORT" swift test --skip-build \
    --filter SessionTraitOverhead 2>&1 | grep '^session-trait:'
