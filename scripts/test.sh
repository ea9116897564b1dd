#!/usr/bin/env bash
# Sets up, builds and runs every test: unit tests, end-to-end tests against a real server on a free port,
# and command-line tests of the built binary.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
scripts/setup-interop.sh
scripts/setup-browser.sh
swift build --build-tests
# In parallel, as plain `swift test` runs them: the tests hold no shared thread while they wait and time the server
# on its own clock, so they pass on a busy machine (docs/TESTING.md).
swift test --skip-build "$@"
