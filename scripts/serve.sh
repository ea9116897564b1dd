#!/usr/bin/env bash
# Sets up, builds and runs `standin serve` on the sample Mocks/ at http://127.0.0.1:8080.
# Extra arguments go to `standin serve` (e.g. --port 9000, --mocks path/to/Mocks).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
swift build -c release --product standin
exec "$(swift build -c release --show-bin-path)/standin" serve "$@"
