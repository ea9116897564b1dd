# Shared helpers of the benchmark scripts: server lifecycle, wrk runs and their figures.
# Source it from a script that has cd'ed to the repository root. It also sets what every script shares: raw output
# goes to $OUT; DURATION, WARMUP and ROUNDS default to 10 s, 2 s and 3 (each script lists those it reads); servers
# still running when the script ends are stopped, and Ctrl-C or SIGTERM end it by that path.
# shellcheck shell=bash

OUT=Benchmarks/out
mkdir -p "$OUT"
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
ROUNDS=${ROUNDS:-3}
trap stop_all_servers EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

die() {
    echo "$(basename "$0"): $*" >&2
    exit 1
}

# require TOOL...: dies unless every tool is installed.
require() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || die "'$tool' is not installed"
    done
}

# build_standin: sets STANDIN to a release build (unless STANDIN is already set).
build_standin() {
    if [[ -z "${STANDIN:-}" ]]; then
        echo "building standin (release)"
        swift build -c release --product standin
        STANDIN="$(swift build -c release --show-bin-path)/standin"
    fi
    [[ -x "$STANDIN" ]] || die "standin binary '$STANDIN' is missing or not executable"
}

# build_reference: builds the C evhttp reference as $OUT/evhttp_reference.
build_reference() {
    REFERENCE="$OUT/evhttp_reference"
    # shellcheck disable=SC2046  # pkg-config's flags must split into words
    cc -O2 -Wall -Wextra -o "$REFERENCE" Benchmarks/reference/evhttp_reference.c \
        $(pkg-config --cflags --libs libevent)
}

# PIDs of running servers, keyed by name; stop_all_servers (the EXIT trap) stops whatever is left.
declare -A pids=()

port_open() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# start_server NAME PORT CORES COMMAND...: runs COMMAND on CORES (a taskset list) and waits
# (up to 30 s) until PORT accepts connections. Output goes to $OUT/NAME.log.
start_server() {
    local name=$1 port=$2 cores=$3
    shift 3
    port_open "$port" && die "port $port is already in use; choose other ports (see the script's header)"
    taskset -c "$cores" "$@" >"$OUT/$name.log" 2>&1 &
    pids[$name]=$!
    local tries
    for ((tries = 0; tries < 3000; tries++)); do
        if ! kill -0 "${pids[$name]}" 2>/dev/null; then
            unset "pids[$name]"
            die "$name exited during start-up; its output ($OUT/$name.log) follows
$(cat "$OUT/$name.log")"
        fi
        port_open "$port" && return 0
        sleep 0.01
    done
    die "$name did not accept connections on port $port within 30 s"
}

# stop_server NAME [SECONDS]: SIGTERM, then SIGKILL if it is still up after SECONDS (5).
stop_server() {
    local name=$1 pid=${pids[$1]} seconds=${2:-5}
    unset "pids[$name]"
    kill -TERM "$pid" 2>/dev/null || return 0
    local tries
    for ((tries = 0; tries < seconds * 10; tries++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

stop_all_servers() {
    local name
    for name in "${!pids[@]}"; do
        stop_server "$name"
    done
}

# rss_mb NAME: the resident memory of server NAME, in MB.
rss_mb() {
    awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/${pids[$1]}/status"
}

# requests_per_second FILE: the Requests/sec figure of a wrk report.
requests_per_second() {
    awk '/^Requests\/sec:/ { print $2 }' "$1"
}

# requests_done FILE: how many requests a wrk report counted.
requests_done() {
    awk '/ requests in / { print $1 }' "$1"
}

# latency_ms FILE PERCENTILE: a percentile (50%, 99%) of a wrk --latency report, in milliseconds.
latency_ms() {
    awk -v p="$2" '$1 == p {
        v = $2
        if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v) }
        else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }
        else if (v ~ /m$/) { sub(/m$/, "", v); v *= 60000 }
        printf "%.2f", v
    }' "$1"
}

# socket_errors FILE: wrk's "Socket errors" and "Non-2xx" lines, if any, on one line.
socket_errors() {
    awk '/Socket errors|Non-2xx/ { sub(/^ +/, ""); printf "%s ", $0 }' "$1"
}

# median: the median of the numbers on stdin, one per line.
median() {
    sort -g | awk '{ v[NR] = $1 }
        END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# ratio A B: A / B with three decimals.
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'
}

# warn_if_busy: the machine's other load skews every figure; say so.
warn_if_busy() {
    local load
    read -r load _ </proc/loadavg
    if awk -v load="$load" 'BEGIN { exit !(load > 0.5) }'; then
        echo "warning: load average is $load; other work on the machine will make the figures noisy" >&2
    fi
}

# cpu_seconds NAME: the CPU time server NAME has used so far (user + system), in seconds.
cpu_seconds() {
    awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/${pids[$1]}/stat"
}

# cpu_per_request NAME BEFORE REQUESTS: microseconds of server CPU per request since BEFORE.
cpu_per_request() {
    awk -v before="$2" -v now="$(cpu_seconds "$1")" -v n="$3" 'BEGIN { printf "%.2f\n", (now - before) * 1e6 / n }'
}

# summarize FIGURE VALUE: records one figure for run-all.sh's summary (when SUMMARY names a file).
summarize() {
    [[ -z "${SUMMARY:-}" ]] || printf '%-52s %s\n' "$1" "$2" >>"$SUMMARY"
}

# descriptors NAME: how many descriptors server NAME holds open now.
descriptors() {
    find "/proc/${pids[$1]}/fd" -mindepth 1 -maxdepth 1 | wc -l
}

# rss_kb NAME: the resident memory of server NAME now, in KB.
rss_kb() {
    awk '/^VmRSS:/ { print $2 }' "/proc/${pids[$1]}/status"
}

# descriptors_back NAME BASELINE: waits up to 10 s for server NAME to hold no more descriptors than BASELINE, as it
# does once the connections its clients closed are gone; prints how many it holds then.
descriptors_back() {
    local held
    for ((tries = 0; tries < 100; tries++)); do
        held=$(descriptors "$1")
        ((held <= $2)) && break
        sleep 0.1
    done
    echo "$held"
}
