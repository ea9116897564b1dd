#!/usr/bin/env bash
# Benchmarks `standin serve` against a plain C evhttp server that serves the same bytes
# (Benchmarks/reference/evhttp_reference.c), in the same run, and prints the ratio.
#
# Each server runs alone, pinned to core 0; wrk is pinned to core 1. Rounds alternate
# (reference, standin, reference, standin, ...) so drift on the machine hits both alike,
# and the summary compares medians. Before any load, both servers must answer the fixture
# with the same status, headers and body (apart from the request id and Date).
#
# Environment (all optional):
#   DURATION=10        seconds of load per measured round
#   WARMUP=2           seconds of unmeasured load each time a server starts
#   ROUNDS=3           measured rounds per server
#   REF_PORT=18081     port of the C reference
#   STANDIN_PORT=18080 port of standin
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
#   QUIET=1            0 drops --quiet, to measure with the access log on
#   STANDIN_ARGS=""    extra arguments for `standin serve`, split on spaces
#
# Raw wrk output and server logs are kept in Benchmarks/out/.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
ROUNDS=${ROUNDS:-3}
REF_PORT=${REF_PORT:-18081}
STANDIN_PORT=${STANDIN_PORT:-18080}
QUIET=${QUIET:-1}
BAR=0.90
OUT=Benchmarks/out
PATH_UNDER_TEST=/bench

die() {
    echo "serve-vs-reference: $*" >&2
    exit 1
}

for tool in cc pkg-config wrk curl taskset; do
    command -v "$tool" >/dev/null || die "'$tool' is not installed"
done
mkdir -p "$OUT"

# --- Build both servers -------------------------------------------------------------------

REFERENCE="$OUT/evhttp_reference"
echo "building $REFERENCE"
# shellcheck disable=SC2046  # pkg-config's flags must split into words
cc -O2 -Wall -Wextra -o "$REFERENCE" Benchmarks/reference/evhttp_reference.c \
    $(pkg-config --cflags --libs libevent)

if [[ -z "${STANDIN:-}" ]]; then
    echo "building standin (release)"
    swift build -c release --product standin
    STANDIN="$(swift build -c release --show-bin-path)/standin"
fi
[[ -x "$STANDIN" ]] || die "standin binary '$STANDIN' is missing or not executable"

standin_cmd=("$STANDIN" serve --mocks Benchmarks/mocks --port "$STANDIN_PORT")
[[ "$QUIET" == 0 ]] || standin_cmd+=(--quiet)
read -r -a extra_args <<<"${STANDIN_ARGS:-}"
standin_cmd+=("${extra_args[@]}")

# --- Server lifecycle ---------------------------------------------------------------------

# PIDs of running servers, keyed by name; the EXIT trap stops whatever is left.
declare -A pids=()

port_open() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# start_server NAME PORT COMMAND...: runs COMMAND on core 0 and waits (up to 10 s) until
# PORT accepts connections. Output goes to $OUT/NAME.log.
start_server() {
    local name=$1 port=$2
    shift 2
    port_open "$port" &&
        die "port $port is already in use; choose others with REF_PORT and STANDIN_PORT"
    taskset -c 0 "$@" >"$OUT/$name.log" 2>&1 &
    pids[$name]=$!
    local tries
    for ((tries = 0; tries < 100; tries++)); do
        if ! kill -0 "${pids[$name]}" 2>/dev/null; then
            unset "pids[$name]"
            die "$name exited during start-up; its output ($OUT/$name.log) follows
$(cat "$OUT/$name.log")"
        fi
        port_open "$port" && return 0
        sleep 0.1
    done
    die "$name did not accept connections on port $port within 10 s"
}

# stop_server NAME: SIGTERM, then SIGKILL if it is still up after 5 s.
stop_server() {
    local name=$1 pid=${pids[$1]}
    unset "pids[$name]"
    kill -TERM "$pid" 2>/dev/null || return 0
    local tries
    for ((tries = 0; tries < 50; tries++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

cleanup() {
    local name
    for name in "${!pids[@]}"; do
        stop_server "$name"
    done
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start_reference() { start_server reference "$REF_PORT" "$REFERENCE" "$REF_PORT"; }
start_standin() { start_server standin "$STANDIN_PORT" "${standin_cmd[@]}"; }

# --- Check that both serve the same response ----------------------------------------------

# fetch NAME PORT: writes NAME's answer to GET /bench as $OUT/NAME.response, for comparison:
# status, headers (names lower-cased, sorted, Date left out) and body, with the 32-hex
# request id replaced by <id> wherever it appears.
fetch() {
    local name=$1 port=$2 status
    status=$(curl -sS --max-time 5 -D "$OUT/$name.headers" -o "$OUT/$name.body" \
        -w '%{http_code}' "http://127.0.0.1:$port$PATH_UNDER_TEST") ||
        die "$name did not answer GET $PATH_UNDER_TEST"
    [[ "$status" == 200 ]] || die "$name answered GET $PATH_UNDER_TEST with status $status, not 200"
    {
        echo "status $status"
        tr -d '\r' <"$OUT/$name.headers" | awk 'NR > 1 && NF {
            colon = index($0, ":")
            field = tolower(substr($0, 1, colon - 1))
            value = substr($0, colon + 1)
            sub(/^[ \t]+/, "", value)
            if (field != "date") print "header " field ": " value
        }' | sort
        cat "$OUT/$name.body"
        echo
    } | sed -E 's/[0-9a-f]{32}/<id>/g' >"$OUT/$name.response"
}

echo "checking that both servers serve the same response"
start_reference
start_standin
fetch reference "$REF_PORT"
fetch standin "$STANDIN_PORT"
stop_server reference
stop_server standin
diff -u "$OUT/reference.response" "$OUT/standin.response" ||
    die "standin's response differs from the reference (above: - reference, + standin);
the ratio would compare different work, so nothing was measured"

# --- Measure ------------------------------------------------------------------------------

# run_wrk SECONDS PORT: the load, from core 1.
run_wrk() {
    taskset -c 1 wrk -t1 -c64 -d"$1"s --latency "http://127.0.0.1:$2$PATH_UNDER_TEST"
}

# requests_per_second FILE: the Requests/sec figure of a wrk report.
requests_per_second() {
    awk '/^Requests\/sec:/ { print $2 }' "$1"
}

# p99_ms FILE: the 99th-percentile latency of a wrk --latency report, in milliseconds.
p99_ms() {
    awk '$1 == "99%" {
        v = $2
        if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v) }
        else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }
        else if (v ~ /m$/) { sub(/m$/, "", v); v *= 60000 }
        printf "%.2f", v
    }' "$1"
}

# median: the median of the numbers on stdin, one per line.
median() {
    sort -g | awk '{ v[NR] = $1 }
        END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# measure NAME PORT ROUND: starts NAME, warms it up, runs one measured round, stops it,
# prints the round's figures and appends its req/s to $OUT/NAME.rps.
measure() {
    local name=$1 port=$2 round=$3 report="$OUT/wrk-$1-$3.txt"
    "start_$name"
    run_wrk "$WARMUP" "$port" >/dev/null
    run_wrk "$DURATION" "$port" >"$report"
    stop_server "$name"
    if grep -q 'Non-2xx' "$report"; then
        die "$name answered with errors under load (round $round):
$(cat "$report")"
    fi
    local rps socket_errors
    rps=$(requests_per_second "$report")
    [[ -n "$rps" ]] || die "could not read wrk's output ($report)"
    echo "$rps" >>"$OUT/$name.rps"
    # wrk prints this line only when connections failed; show it beside the figures.
    socket_errors=$(sed -n 's/^ *\(Socket errors:.*\)/  (\1)/p' "$report")
    printf 'round %d  %-9s  %10.0f req/s  p99 %7s ms%s\n' \
        "$round" "$name" "$rps" "$(p99_ms "$report")" "$socket_errors"
}

# The two cores are the whole machine: any other load (a build) skews the figures.
read -r load _ </proc/loadavg
if awk -v load="$load" 'BEGIN { exit !(load > 0.5) }'; then
    echo "warning: load average is $load; other work on the machine will make the figures noisy" >&2
fi
echo "measuring: $ROUNDS rounds of ${DURATION}s per server (warm-up ${WARMUP}s), 64 connections"
echo "standin: ${standin_cmd[*]}"
rm -f "$OUT/reference.rps" "$OUT/standin.rps"
for ((round = 1; round <= ROUNDS; round++)); do
    measure reference "$REF_PORT" "$round"
    measure standin "$STANDIN_PORT" "$round"
done

# --- Summary ------------------------------------------------------------------------------

reference_rps=$(median <"$OUT/reference.rps")
standin_rps=$(median <"$OUT/standin.rps")
echo
printf 'median reference  %10.0f req/s\n' "$reference_rps"
printf 'median standin    %10.0f req/s\n' "$standin_rps"
awk -v s="$standin_rps" -v r="$reference_rps" -v bar="$BAR" \
    'BEGIN { printf "standin/reference = %.3f (bar >= %.2f)\n", s / r, bar }'
