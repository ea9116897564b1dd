#!/usr/bin/env bash
# Counts heap allocations per request of `standin serve` for a static envelope fixture
# (GET /bench of Benchmarks/mocks): the server runs with Benchmarks/tools/malloc_counter.c
# preloaded; after a warm-up, the script sends REQUESTS requests over one keep-alive
# connection and divides the growth of the allocation count by REQUESTS. The server runs with
# --no-watch: reload polling allocates per poll, not per request.
#
# Environment (all optional):
#   REQUESTS=2000      requests counted
#   PORT=18083         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
#   STANDIN_ARGS=""    extra arguments for `standin serve` (e.g. "--journal-size 0")
# Linux with glibc only.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

REQUESTS=${REQUESTS:-2000}
PORT=${PORT:-18083}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require cc curl
cc -O2 -Wall -Wextra -shared -fPIC -o "$OUT/malloc_counter.so" Benchmarks/tools/malloc_counter.c
build_standin

read -r -a extra_args <<<"${STANDIN_ARGS:-}"
start_server allocations "$PORT" 0 env LD_PRELOAD="$PWD/$OUT/malloc_counter.so" \
    "$STANDIN" serve --mocks Benchmarks/mocks --port "$PORT" --quiet --no-watch "${extra_args[@]}"

# requests N: N requests for /bench over one connection (curl reuses it).
requests() {
    curl -s -o /dev/null "http://127.0.0.1:$PORT/bench#[1-$1]"
}

# count: the server's allocation count so far.
count() {
    kill -USR2 "${pids[allocations]}"
    sleep 0.2
    awk '/^allocations/ { n = $2 } END { print n }' "$OUT/allocations.log"
}

requests 500
before=$(count)
requests "$REQUESTS"
after=$(count)
awk -v b="$before" -v a="$after" -v n="$REQUESTS" \
    'BEGIN { printf "allocations per request: %.2f (%d over %d requests)\n", (a - b) / n, a - b, n }'
