# Shared helpers of the stress scripts: the standin binary, a scratch folder whose processes end with the script,
# and the port a `--port 0` server announced. Source it after cd'ing to the repository root.
# shellcheck shell=bash
# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

# start_scratch: sets WORK to a new temporary folder and PIDS to an empty list; at exit, every process in PIDS is
# killed and WORK is removed.
start_scratch() {
    WORK=$(mktemp -d)
    PIDS=()
    trap 'for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$WORK"' EXIT
}

# port_of LOG: prints the port a standin process announced in its log ("on http://127.0.0.1:PORT"), waiting up to
# 10 s; dies with the log if it never does.
port_of() {
    local port
    for _ in $(seq 100); do
        port=$(grep -oE 'on http://127\.0\.0\.1:[0-9]+' "$1" 2>/dev/null | grep -oE '[0-9]+$' || true)
        if [[ -n "$port" ]]; then
            echo "$port"
            return
        fi
        sleep 0.1
    done
    cat "$1" >&2
    die "a server did not start"
}

# stop_and_report PID LOG LINES: stops the server PID (SIGINT) and waits for it; sets status=1 (saying why) when a
# sanitizer reported in its LOG; prints the LOG's last LINES lines.
stop_and_report() {
    kill -INT "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
    if grep -q "ERROR: AddressSanitizer\|WARNING: ThreadSanitizer\|runtime error" "$2"; then
        echo "FAIL: the sanitizer reported"
        status=1
    fi
    tail -n "$3" "$2"
}
