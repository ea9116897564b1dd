#!/usr/bin/env bash
# Sets up, builds and runs every test: unit tests, end-to-end tests against a real server on a free port,
# and command-line tests of the built binary.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
swift build --build-tests
# One test at a time: many tests start servers and measure timing, and some block on sockets.
swift test --skip-build --no-parallel "$@"
