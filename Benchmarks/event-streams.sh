#!/usr/bin/env bash
# Measures what fixture event streams cost the server (docs/streams.md):
#   1. HELD streams open at once on one server (`--threads 2`): a fixture whose one event is followed by
#      `afterLast: hold`. It prints the server's resident memory and open descriptors before, with all of them held,
#      and after the clients leave, and the memory each held stream takes. Bar: at most 16 KB per stream, and the
#      descriptors back to where they were.
#   2. Events per second written to READERS streams at once, from a fixture of EVENTS events with no delay (each
#      about 100 bytes), read to their end by as many clients: reported, with the server's CPU time per event.
# The clients (Benchmarks/tools/stream-clients.py, Python's asyncio) share the two cores with the server. The
# static instruction count (the bar of every change: unchanged within 1%) is Benchmarks/instructions.sh's
# `CASES=static` check, which this script runs last.
#
# Environment (all optional):
#   HELD=10000         streams held open at once
#   READERS=1000       streams read at once
#   EVENTS=1000        events in each read stream
#   PORT=18097         port for standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

HELD=${HELD:-10000}
READERS=${READERS:-1000}
EVENTS=${EVENTS:-1000}
PORT=${PORT:-18097}

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

require python3 taskset
build_standin
warn_if_busy
# Each held stream is a descriptor in the server and another in the clients (each process has its own limit).
ulimit -n $((HELD + 1024)) 2>/dev/null || die "cannot raise the open-files limit to $((HELD + 1024)) (ulimit -Hn is $(ulimit -Hn))"

mocks="$OUT/stream-mocks"
rm -rf "$mocks" && mkdir -p "$mocks"
cat >"$mocks/held.json" <<'JSON'
{ "request": { "path": "/held" },
  "response": { "events": [ { "event": "score", "id": "1", "data": { "home": 1, "away": 0 } } ], "afterLast": "hold" } }
JSON
python3 - "$EVENTS" >"$mocks/flood.json" <<'PYTHON'
import json, sys
event = {"event": "tick", "data": {"text": "x" * 60}}
events = [dict(event, id=str(index)) for index in range(int(sys.argv[1]))]
print(json.dumps({"request": {"path": "/flood"}, "response": {"events": events}}))
PYTHON

start_server streams-standin "$PORT" 0,1 "$STANDIN" serve --mocks "$mocks" --port "$PORT" --threads 2 --quiet \
    --no-watch --max-connections $((HELD + 1000)) --journal-size 0
pid=${pids[streams-standin]}

# Warm the server (its first stream's one-time allocations are not a stream's cost).
python3 Benchmarks/tools/stream-clients.py read 10 "$PORT" /flood >/dev/null
sleep 1
rss_before=$(rss_kb streams-standin)
fds_before=$(descriptors streams-standin)

coproc clients { python3 Benchmarks/tools/stream-clients.py hold "$HELD" "$PORT" /held; }
read -r held_line <&"${clients[0]}"
[[ $held_line == "held $HELD" ]] || die "the clients did not hold $HELD streams: $held_line"
sleep 1
rss_held=$(rss_kb streams-standin)
fds_held=$(descriptors streams-standin)
echo >&"${clients[1]}"
read -r closed_line <&"${clients[0]}"
wait "$clients_PID" 2>/dev/null || true
fds_after=$(descriptors_back streams-standin "$fds_before")
rss_after=$(rss_kb streams-standin)
per_stream=$(awk -v a="$rss_before" -v b="$rss_held" -v n="$HELD" 'BEGIN { printf "%.1f", (b - a) / n }')

cpu_start=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
read -r events seconds < <(python3 Benchmarks/tools/stream-clients.py read "$READERS" "$PORT" /flood)
cpu_end=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
ticks=$(getconf CLK_TCK)

echo
echo "== $HELD held streams (one event each, then held), --threads 2 =="
printf '%-28s %12s %12s\n' "" "RSS (KB)" "descriptors"
printf '%-28s %12s %12s\n' "before" "$rss_before" "$fds_before"
printf '%-28s %12s %12s\n' "all $HELD held" "$rss_held" "$fds_held"
printf '%-28s %12s %12s\n' "after the clients left" "$rss_after" "$fds_after"
echo "memory per held stream: $per_stream KB (bar: at most 16 KB)"
echo "descriptors after: $fds_after, before: $fds_before ($closed_line)"
echo
echo "== $READERS streams of $EVENTS events, no delay, read at once =="
awk -v e="$events" -v s="$seconds" -v c="$((cpu_end - cpu_start))" -v t="$ticks" 'BEGIN {
    printf "%d events in %.2f s: %.0f events/s; server CPU %.2f us per event\n", e, s, e / s, c / t / e * 1e6 }'
expected=$((READERS * EVENTS))
((events == expected)) || echo "warning: $events events read, $expected sent"
stop_server streams-standin

echo
echo "== static instruction count (bar: unchanged within 1%) =="
CASES=static STANDIN="$STANDIN" Benchmarks/instructions.sh --check
