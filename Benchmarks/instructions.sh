#!/usr/bin/env bash
# Instructions per request of `standin serve` and of the C evhttp reference, counted by valgrind's callgrind, which
# repeats to within a few instructions for the same binary and input however busy the machine is: a regression guard
# where wall-clock figures are noise.
#
# Cases (one keep-alive connection, requests one after another):
#   static    GET /bench of Benchmarks/mocks, the fixture serve-vs-reference.sh loads
#   template  GET /orders/7 of Benchmarks/instructions-mocks: a path parameter and the time rendered into the body
#   miss      GET /products/7 of Benchmarks/instructions-mocks: a 404, with every fixture there weighed as a near
#             miss
#   journal   GET /__standin/requests after 10 requests for /orders/7: a journal read
#   session   the static case's request with `X-StandIn-Session` naming a session started (POST /__standin/sessions)
#             before the warm-up: what joining a session by its header costs
#   header    the static case's request with a header as long as the session case's that names nothing: what
#             libevent and the journal spend on one more header, whatever it says
#   limited   GET /bench-limited of Benchmarks/mocks: the static case's envelope with a rate limit that admits every
#             request, so that each is counted and carries the three RateLimit-* headers. Reported, never in the
#             baseline
#   headers   GET /bench-headers of Benchmarks/mocks: the static case's envelope with three fixed headers of the same
#             names and sizes, for what evhttp alone charges for the limited case's headers. Reported, never in the
#             baseline
#   tls       the static case's request over HTTPS (`--tls-port`, a P-256 certificate made for the run), on one
#             keep-alive TLS connection: what TLS adds to a request, the handshake left out with the connection's
#             set-up
#   graphql   POST /graphql of Benchmarks/graphql/mocks: the GraphQL operation Benchmarks/graphql/operation.json
#             (GetUser, 122 bytes), matched by operation name and variables. Reported, never in the baseline
#   jsonbody  POST /search of Benchmarks/graphql/mocks: the same bytes matched by a body `json` subset of the same
#             name and variables, answered with the same body: what the GraphQL case costs without GraphQL.
#             Reported, never in the baseline
#   post      POST /orders of Benchmarks/contract/mocks: a 1 KB JSON order (Benchmarks/contract/order.json) answered
#             with a fixed body. Reported, never in the baseline
#   contract  the post case under `--spec Benchmarks/contract/openapi.json`: the order's query, header and body
#             validated against the spec (nested objects, arrays, formats, patterns, enums) and the answer checked
#             against the 201's schema: what the contract costs. Reported, never in the baseline
#   dashboard the static case's requests with 3 dashboards open: `curl -N` readers of /__standin/events, each waited
#             for until it has heard the last request, so that every event's formatting and writing counts. Reported,
#             never in the baseline: a stream is written out every 20 ms, so how many events one write carries, and
#             the count, follow how fast the machine runs valgrind
#
# How: for each case the server runs twice under callgrind (with --threads 1, --quiet, --no-watch), once serving
# WARMUP requests and once WARMUP + REQUESTS; the difference of the two runs' instruction totals, divided by
# REQUESTS, is the cost of one request, without start-up or the connection's set-up; the count stops before the
# shutdown (callgrind_control --dump). Every request of a run must get the expected status, or the script fails.
# The instructions of every thread of the server count.
# valgrind 3.19 refuses the debug information of a Swift binary, so callgrind runs a copy stripped with `strip -g`.
# The reference answers every request with the bytes of the static case, whatever its path; nginx, measured for the
# static case when it is installed, serves the same bytes (Benchmarks/nginx/nginx.conf.template with one worker);
# for the tls case, over TLS with the same certificate (Benchmarks/nginx/nginx-tls.conf.template with one worker). The
# reference speaks no TLS and sits the tls case out.
#
# Usage:
#   Benchmarks/instructions.sh           standin, the reference and nginx, every case, with the baseline beside
#   Benchmarks/instructions.sh --check   standin only; fails when a case costs more than 3% above the baseline
#   Benchmarks/instructions.sh --update  standin only; rewrites the baseline (say why in the commit)
#
# Environment (all optional):
#   REQUESTS=400       requests measured per case
#   WARMUP=50          requests both runs of a case serve, before the measured ones
#   CASES="static template miss journal session header tls limited headers graphql jsonbody post contract
#                      dashboard"   the cases measured (--update measures them all; dashboard, limited, headers,
#                      graphql, jsonbody, post and contract stay out of the baseline)
#   PORT=18084         port of the server under test (its HTTPS port, for the tls case, is the next one)
#   STANDIN=path       a prebuilt standin binary; skips `swift build`
# Linux only (valgrind).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

MODE=${1:-report}
REQUESTS=${REQUESTS:-400}
# common.sh's WARMUP is seconds of load; here it is a count of requests.
WARMUP_REQUESTS=${WARMUP:-50}
PORT=${PORT:-18084}
TLS_PORT=$((PORT + 1))
BASELINE=Benchmarks/instructions-baseline.txt
TOLERANCE=1.03

# shellcheck source=Benchmarks/lib/common.sh
source Benchmarks/lib/common.sh

case "$MODE" in
report | --check | --update) ;;
*) die "unknown argument '$MODE'; use --check, --update or nothing" ;;
esac
[[ "$MODE" != --update || -z "${CASES:-}" ]] || die "--update measures every case; unset CASES"
require valgrind callgrind_control strip curl cc pkg-config openssl

build_standin
STRIPPED="$OUT/standin-stripped"
strip -g -o "$STRIPPED" "$STANDIN"
if [[ "$MODE" == report ]]; then build_reference; fi
# The tls case's certificate, for localhost and 127.0.0.1, which curl trusts with --cacert.
TLS_DIR="$PWD/$OUT/instructions-tls"
mkdir -p "$TLS_DIR"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$TLS_DIR/key.pem" -out "$TLS_DIR/cert.pem" 2>/dev/null
# nginx (when installed) serves the static case's bytes in report mode, over HTTP and over TLS: one worker in the
# foreground process.
NGINX_DIR="$OUT/nginx-instructions"
NGINX_TLS_DIR="$OUT/nginx-instructions-tls"
if [[ "$MODE" == report ]] && command -v nginx >/dev/null; then
    mkdir -p "$NGINX_DIR" "$NGINX_TLS_DIR"
    sed -e "s|@PORT@|$PORT|g" -e "s|@RUN_DIR@|$PWD/$NGINX_DIR|g" -e 's/^master_process on;/master_process off;/' \
        -e 's/^worker_processes 2;/worker_processes 1;/' Benchmarks/nginx/nginx.conf.template >"$NGINX_DIR/nginx.conf"
    sed -e "s|@PORT@|$TLS_PORT|g" -e "s|@RUN_DIR@|$PWD/$NGINX_TLS_DIR|g" -e "s|@CERT@|$TLS_DIR/cert.pem|g" \
        -e "s|@KEY@|$TLS_DIR/key.pem|g" -e 's/^master_process on;/master_process off;/' \
        -e 's/^worker_processes 2;/worker_processes 1;/' Benchmarks/nginx/nginx-tls.conf.template \
        >"$NGINX_TLS_DIR/nginx.conf"
fi

# Each case: the mocks directory, the path measured, its expected status, and the path (if any) requested
# JOURNAL_FILL times before the warm-up.
JOURNAL_FILL=10
declare -A mocks=([static]=Benchmarks/mocks [template]=Benchmarks/instructions-mocks
    [miss]=Benchmarks/instructions-mocks [journal]=Benchmarks/instructions-mocks [session]=Benchmarks/mocks
    [header]=Benchmarks/mocks [tls]=Benchmarks/mocks [dashboard]=Benchmarks/mocks [limited]=Benchmarks/mocks
    [headers]=Benchmarks/mocks [graphql]=Benchmarks/graphql/mocks [jsonbody]=Benchmarks/graphql/mocks
    [post]=Benchmarks/contract/mocks [contract]=Benchmarks/contract/mocks)
declare -A paths=([static]=/bench [template]=/orders/7 [miss]=/products/7 [journal]=/__standin/requests
    [session]=/bench [header]=/bench [tls]=/bench [dashboard]=/bench [limited]=/bench-limited
    [headers]=/bench-headers [graphql]=/graphql [jsonbody]=/search [post]=/orders [contract]=/orders)
declare -A statuses=([static]=200 [template]=200 [miss]=404 [journal]=200 [session]=200 [header]=200 [tls]=200
    [dashboard]=200 [limited]=200 [headers]=200 [graphql]=200 [jsonbody]=200 [post]=201 [contract]=201)
# The cases whose requests are POSTs of a JSON body: the file sent.
declare -A bodies=([graphql]=Benchmarks/graphql/operation.json [jsonbody]=Benchmarks/graphql/operation.json
    [post]=Benchmarks/contract/order.json [contract]=Benchmarks/contract/order.json)
# The cases whose server runs with more options.
declare -A serveOptions=([contract]="--spec Benchmarks/contract/openapi.json")
declare -A fills=([journal]=/orders/7)
# The cases whose requests name a session, started through the admin API before the fill and the warm-up.
declare -A sessioned=([session]=1)
# A header the case's requests carry, the same length as `X-StandIn-Session: ID`.
declare -A extras=([header]="X-Unrelated-Value: 0123456789abcdef")
# The cases whose requests go to the HTTPS port.
declare -A secure=([tls]=1)
# Each case with dashboards: how many event streams read while its requests are served.
declare -A dashboards=([dashboard]=3)
# The cases left out of the baseline (see the header).
declare -A unchecked=([dashboard]=1 [limited]=1 [headers]=1 [graphql]=1 [jsonbody]=1 [post]=1 [contract]=1)
read -r -a cases <<<"${CASES:-static template miss journal session header tls limited headers graphql jsonbody post contract dashboard}"

# Where send's requests go: the server's plain port, or its HTTPS port for the tls case.
BASE_URL="http://127.0.0.1:$PORT"

# send PATH COUNT STATUS [CURL OPTION...]: COUNT requests for PATH over one connection (curl reuses it); dies unless
# each got STATUS.
send() {
    local path=$1 count=$2 status=$3 answers
    shift 3
    ((count > 0)) || return 0
    answers=$(curl -sS --max-time 300 -o /dev/null -w '%{http_code}\n' "$@" "$BASE_URL$path#[1-$count]") ||
        die "the server stopped answering GET $path"
    [[ $(grep -c "^$status\$" <<<"$answers") == "$count" ]] ||
        die "GET $path did not get $status each time: $(sort <<<"$answers" | uniq -c | tr '\n' ' ')"
}

readers=()
# open_dashboards N: N readers of standin's event stream, each into $OUT/instructions-dashboard-I.events; waits
# until each has its `ready` event.
open_dashboards() {
    local index tries
    for ((index = 1; index <= $1; index++)); do
        : >"$OUT/instructions-dashboard-$index.events"
        curl -sN -o "$OUT/instructions-dashboard-$index.events" "http://127.0.0.1:$PORT/__standin/events" &
        readers+=($!)
    done
    for ((index = 1; index <= $1; index++)); do
        for ((tries = 0; tries < 6000; tries++)); do
            grep -q "event: ready" "$OUT/instructions-dashboard-$index.events" && break
            sleep 0.01
        done
        grep -q "event: ready" "$OUT/instructions-dashboard-$index.events" || die "dashboard $index did not open"
    done
}

# close_dashboards LAST: waits until every reader has heard the event of journal entry LAST, then stops them.
close_dashboards() {
    local file tries
    for file in "$OUT"/instructions-dashboard-*.events; do
        for ((tries = 0; tries < 6000; tries++)); do
            grep -qx "id: $1" "$file" && break
            sleep 0.01
        done
        grep -qx "id: $1" "$file" || die "$file never heard request $1"
    done
    kill "${readers[@]}" 2>/dev/null || true
    wait "${readers[@]}" 2>/dev/null || true
    readers=()
    rm -f "$OUT"/instructions-dashboard-*.events
}

# total_instructions SERVER CASE COUNT: sets TOTAL to the instructions SERVER (standin or reference) executed from
# start to exit, serving CASE's fill, then COUNT requests on one connection. (Not in a subshell: a failure must
# reach the exit trap that stops the server.)
total_instructions() {
    local server=$1 name=$2 count=$3 profile="$OUT/callgrind.$1.$2.$3.out"
    local command=("$PWD/$STRIPPED" serve --mocks "${mocks[$name]}" --port "$PORT" --threads 1 --quiet --no-watch)
    local status=${statuses[$name]} port=$PORT options=()
    BASE_URL="http://127.0.0.1:$PORT"
    if [[ -n "${serveOptions[$name]:-}" ]]; then
        read -r -a more <<<"${serveOptions[$name]}"
        command+=("${more[@]}")
    fi
    if [[ -n "${secure[$name]:-}" ]]; then
        command+=(--tls-port "$TLS_PORT" --tls-cert "$TLS_DIR/cert.pem" --tls-key "$TLS_DIR/key.pem")
        port=$TLS_PORT
        BASE_URL="https://127.0.0.1:$TLS_PORT"
        options=(--cacert "$TLS_DIR/cert.pem")
    fi
    if [[ "$server" == reference ]]; then
        command=("$PWD/$REFERENCE" "$PORT")
        status=200
    elif [[ "$server" == nginx ]]; then
        local directory=$NGINX_DIR
        if [[ -n "${secure[$name]:-}" ]]; then directory=$NGINX_TLS_DIR; fi
        command=(nginx -p "$PWD/$directory" -c "$PWD/$directory/nginx.conf")
    fi
    rm -f "$profile" "$profile".*
    start_server callgrind "$port" "0-$(($(nproc) - 1))" \
        valgrind --tool=callgrind --callgrind-out-file="$profile" "${command[@]}"
    if [[ -n "${extras[$name]:-}" ]]; then options+=(-H "${extras[$name]}"); fi
    if [[ -n "${bodies[$name]:-}" ]]; then
        options+=(-H "Content-Type: application/json" --data-binary "@${bodies[$name]}")
    fi
    if [[ "$server" == standin && -n "${sessioned[$name]:-}" ]]; then
        local started id
        started=$(curl -sS --max-time 60 -X POST -H 'Content-Type: application/json' "http://127.0.0.1:$PORT/__standin/sessions") ||
            die "could not start a session for the $name case"
        id=$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' <<<"$started")
        [[ -n "$id" ]] || die "could not start a session for the $name case: $started"
        options+=(-H "X-StandIn-Session: $id")
    fi
    local streams=0
    if [[ "$server" == standin ]]; then streams=${dashboards[$name]:-0}; fi
    if ((streams > 0)); then open_dashboards "$streams"; fi
    if [[ -n "${fills[$name]:-}" ]]; then send "${fills[$name]}" "$JOURNAL_FILL" 200 "${options[@]}"; fi
    send "${paths[$name]}" "$count" "$status" "${options[@]}"
    local journaled=$count
    if [[ -n "${fills[$name]:-}" ]]; then journaled=$((count + JOURNAL_FILL)); fi
    if ((streams > 0)); then close_dashboards "$journaled"; fi
    # The count stops here, before the shutdown: what a server frees when it stops grows with what it served (a
    # session's journal, freed when the session ends), which a server that keeps running never pays.
    callgrind_control --dump "${pids[callgrind]}" >/dev/null 2>&1 || die "callgrind_control could not dump the counts"
    stop_server callgrind 120
    TOTAL=$(awk '/^(summary|totals):/ { print $2; exit }' "$profile.1")
    [[ -n "$TOTAL" ]] || die "callgrind wrote no totals for $server ($name); see $OUT/callgrind.log"
}

# per_request SERVER CASE: sets PER_REQUEST to the instructions per request of SERVER for CASE.
per_request() {
    local before
    total_instructions "$1" "$2" "$WARMUP_REQUESTS"
    before=$TOTAL
    total_instructions "$1" "$2" $((WARMUP_REQUESTS + REQUESTS))
    PER_REQUEST=$(awk -v b="$before" -v a="$TOTAL" -v n="$REQUESTS" 'BEGIN { printf "%.0f", (a - b) / n }')
}

baseline_of() {
    [[ -f "$BASELINE" ]] || return 0
    awk -v name="$1" '$1 == name { print $2 }' "$BASELINE"
}

echo "instructions per request (callgrind; $REQUESTS requests after $WARMUP_REQUESTS, one connection)"
declare -A measured=()
failures=0
for name in "${cases[@]}"; do
    per_request standin "$name"
    measured[$name]=$PER_REQUEST
    line=$(printf '%-9s standin %8s' "$name" "${measured[$name]}")
    baseline=$(baseline_of "$name")
    if [[ -n "$baseline" ]]; then
        line+=$(printf '   baseline %8s (%s)' "$baseline" "$(ratio "${measured[$name]}" "$baseline")")
        if [[ "$MODE" == --check ]] && awk -v m="${measured[$name]}" -v b="$baseline" -v t="$TOLERANCE" \
            'BEGIN { exit !(m > b * t) }'; then
            line+="   more than 3% above the baseline"
            failures=$((failures + 1))
        fi
    fi
    if [[ "$MODE" == report && -z "${secure[$name]:-}" ]]; then
        per_request reference "$name"
        line+=$(printf '   reference %8s   standin/reference %s' "$PER_REQUEST" "$(ratio "${measured[$name]}" "$PER_REQUEST")")
        summarize "instructions/request, $name: standin / reference" "${measured[$name]} / $PER_REQUEST"
    elif [[ "$MODE" == report ]]; then
        summarize "instructions/request, $name: standin" "${measured[$name]}"
    fi
    echo "$line"
    if [[ "$MODE" == report && "$name" == static && -f "$NGINX_DIR/nginx.conf" ]]; then
        per_request nginx static
        echo "static    nginx   $(printf '%8s' "$PER_REQUEST")   (Benchmarks/nginx/nginx.conf.template, one worker)"
        summarize "instructions/request, static: nginx (1 worker)" "$PER_REQUEST"
    fi
    if [[ "$MODE" == report && "$name" == tls && -f "$NGINX_TLS_DIR/nginx.conf" ]]; then
        per_request nginx tls
        printf 'tls       nginx   %8s   standin/nginx %s   (Benchmarks/nginx/nginx-tls.conf.template, one worker)\n' \
            "$PER_REQUEST" "$(ratio "${measured[$name]}" "$PER_REQUEST")"
        summarize "instructions/request, tls: standin / nginx (1 worker)" "${measured[$name]} / $PER_REQUEST"
    fi
done

# What naming a session by its header costs, beside the same request with a header as long that names nothing
# (libevent and the journal spend as much on any header, so session / static is the two together). Reported; the
# session case is guarded by its baseline like every case.
if [[ -n "${measured[session]:-}" && -n "${measured[header]:-}" ]]; then
    line=$(printf 'session / header %s' "$(ratio "${measured[session]}" "${measured[header]}")")
    if [[ -n "${measured[static]:-}" ]]; then
        line+=$(printf '   session / static %s' "$(ratio "${measured[session]}" "${measured[static]}")")
    fi
    echo "$line"
fi

# What a rate limit costs: beside the static case (the issue's figure) and beside the same three headers written by
# the fixture (what the counting itself costs). Reported.
if [[ -n "${measured[limited]:-}" && -n "${measured[headers]:-}" && -n "${measured[static]:-}" ]]; then
    printf 'limited / static %s   limited / headers %s\n' "$(ratio "${measured[limited]}" "${measured[static]}")" \
        "$(ratio "${measured[limited]}" "${measured[headers]}")"
fi

# What matching a GraphQL operation costs beside a JSON-body fixture of the same body and answer (bar: 1.5).
if [[ -n "${measured[graphql]:-}" && -n "${measured[jsonbody]:-}" ]]; then
    printf 'graphql / jsonbody %s\n' "$(ratio "${measured[graphql]}" "${measured[jsonbody]}")"
    summarize "instructions/request, graphql / jsonbody" "${measured[graphql]} / ${measured[jsonbody]}"
fi

# What holding a 1 KB POST to the spec costs beside the same POST without one (bar: 1.5).
if [[ -n "${measured[contract]:-}" && -n "${measured[post]:-}" ]]; then
    printf 'contract / post %s\n' "$(ratio "${measured[contract]}" "${measured[post]}")"
    summarize "instructions/request, contract / post" "${measured[contract]} / ${measured[post]}"
fi

if [[ "$MODE" == --update ]]; then
    {
        echo "# Instructions per request of standin serve, per case of Benchmarks/instructions.sh; --check fails 3% above."
        echo "# Rewritten with Benchmarks/instructions.sh --update; the commit that changes it says why."
        for name in "${cases[@]}"; do
            if [[ -z "${unchecked[$name]:-}" ]]; then echo "$name ${measured[$name]}"; fi
        done
    } >"$BASELINE"
    echo "wrote $BASELINE"
fi
if ((failures > 0)); then
    die "$failures case(s) cost more than 3% above $BASELINE: find the change that added the instructions
(callgrind_annotate on $OUT/callgrind.standin.*.out), or update the baseline with --update and say why"
fi
