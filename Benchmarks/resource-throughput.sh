#!/usr/bin/env bash
# Measures what a resource costs beside a static fixture: wrk fires, with 64 connections, GET /bench (a static
# envelope, Benchmarks/mocks/bench.json), GET /items (the list of a resource seeded with 100 items, all in one page)
# and POST /notes (a create, Benchmarks/lua/resource-create.lua, which resets the store every RESET_EVERY requests so
# that it never fills), ROUNDS times each in turn, and prints the median req/s and server CPU per request of each side
# by side.
#
# The server runs on one thread pinned to core 0; wrk runs on core 1.
#
# Environment (all optional):
#   DURATION=10        seconds of load per run
#   WARMUP=2           seconds of unmeasured load of each kind before the first run
#   ROUNDS=3           runs of each kind
#   RESET_EVERY=10000  creates between two resets of the store
#   PORT=18096         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT=${PORT:-18096}
export RESET_EVERY=${RESET_EVERY:-10000}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require wrk curl taskset
build_standin
warn_if_busy

mocks="$OUT/resource-mocks"
rm -rf "$mocks"
mkdir -p "$mocks"
cp Benchmarks/mocks/bench.json "$mocks/bench.json"
{
    printf '{ "resource": { "path": "/items", "seed": [\n'
    for ((id = 1; id <= 100; id++)); do
        printf '  { "id": %d, "title": "Item %d", "done": false }%s\n' "$id" "$id" "$([[ $id -lt 100 ]] && echo ,)"
    done
    printf '] } }\n'
} >"$mocks/items.json"
printf '{ "resource": { "path": "/notes" } }\n' >"$mocks/notes.json"

start_server resource-standin "$PORT" 0 "$STANDIN" serve --mocks "$mocks" --port "$PORT" --threads 1 --quiet --no-watch
total=$(curl -sS -o /dev/null -D - "http://127.0.0.1:$PORT/items" | tr -d '\r' | awk -F': ' 'tolower($1) == "x-total-count" { print $2 }')
[[ "$total" == 100 ]] || die "GET /items should list 100 items, X-Total-Count says '$total'"

# load KIND SECONDS REPORT: wrk with 64 connections on core 1; KIND is static, list or create.
load() {
    local base="http://127.0.0.1:$PORT" args=()
    case $1 in
    static) args=("$base/bench") ;;
    list) args=("$base/items") ;;
    create) args=(-s Benchmarks/lua/resource-create.lua "$base") ;;
    esac
    taskset -c 1 wrk -t1 -c64 -d"$2s" "${args[@]}" >"$3"
    if grep -q 'Non-2xx' "$3"; then die "errors under load ($1): $(cat "$3")"; fi
}

# measure KIND: one run; appends req/s to $OUT/resource-KIND.rps and CPU per request to $OUT/resource-KIND.cpu.
measure() {
    local report="$OUT/wrk-resource-$1.txt" before
    before=$(cpu_seconds resource-standin)
    load "$1" "$DURATION" "$report"
    requests_per_second "$report" >>"$OUT/resource-$1.rps"
    cpu_per_request resource-standin "$before" "$(requests_done "$report")" >>"$OUT/resource-$1.cpu"
}

kinds=(static list create)
for kind in "${kinds[@]}"; do
    rm -f "$OUT/resource-$kind.rps" "$OUT/resource-$kind.cpu"
    load "$kind" "$WARMUP" "$OUT/wrk-resource-warmup.txt"
done
for ((round = 1; round <= ROUNDS; round++)); do
    for kind in "${kinds[@]}"; do measure "$kind"; done
done

printf '%-28s %14s %14s %14s\n' "" "static GET" "list of 100" "create (POST)"
printf '%-28s %14s %14s %14s\n' "req/s (median)" \
    "$(median <"$OUT/resource-static.rps")" "$(median <"$OUT/resource-list.rps")" "$(median <"$OUT/resource-create.rps")"
printf '%-28s %14s %14s %14s\n' "server CPU us/request" \
    "$(median <"$OUT/resource-static.cpu")" "$(median <"$OUT/resource-list.cpu")" "$(median <"$OUT/resource-create.cpu")"
summarize "resources: req/s, one thread, static fixture" "$(median <"$OUT/resource-static.rps")"
summarize "resources: req/s, one thread, GET list of 100 items" "$(median <"$OUT/resource-list.rps")"
summarize "resources: req/s, one thread, POST create" "$(median <"$OUT/resource-create.rps")"
