#!/usr/bin/env bash
# Installs the real backends, clients and validators the interop tests use: httpbin (served by gunicorn, called
# with python-requests), moto (AWS, called with boto3), the OpenAI Python SDK and httpx-sse (which read event
# streams), gql and strawberry-graphql on uvicorn (a GraphQL client and server), websockets and websocket-client
# (WebSocket clients), schemathesis (requests generated
# from a spec, for `serve --spec`), and openapi-schema-validator with
# PyYAML, which checks the bodies `standin import openapi` serves; Selenium, which drives the browser in the dashboard's tests; and mitmproxy,
# whose HAR captures of httpbin `standin import har` reads. It also fetches the public OpenAPI specs those tests
# import, from the openapi-spec-validator source package on PyPI, into .build/openapi-specs (outside git;
# docs/import.md names each spec's source and licence). On Linux with apt, python3 and pip are installed first when
# missing; elsewhere, without python3 the interop tests skip with a message saying so, and everything else still runs.
# Safe to run again: pip does nothing when they are there, and the specs are fetched once.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v python3 >/dev/null && [[ "$(uname -s)" == Linux ]] && command -v apt-get >/dev/null; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing python3 and pip with apt-get…" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3 python3-pip >/dev/null
fi
if ! command -v python3 >/dev/null; then
    echo "python3 is not installed: the interop tests (httpbin, moto with boto3, HAR, OpenAPI) and the dashboard's browser tests will be skipped." >&2
    exit 0
fi
# pip_install PACKAGE...: installs into the python3 on the PATH; a Python that its system's package manager owns
# (PEP 668, as Debian's is) is told that this is meant.
pip_install() {
    local system_owned
    system_owned=$(python3 -c 'import os, sysconfig; print(os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))')
    local flags=(--quiet --disable-pip-version-check --root-user-action=ignore)
    [[ $system_owned == True ]] && flags+=(--break-system-packages)
    python3 -m pip install "${flags[@]}" "$@"
}
if ! python3 -c 'import httpbin, gunicorn, requests, moto, boto3, flask, flask_cors, openapi_schema_validator, yaml, selenium' \
    2>/dev/null; then
    echo "Installing httpbin, gunicorn, requests, moto[server], boto3, openapi-schema-validator, PyYAML and selenium with pip…" >&2
    pip_install httpbin gunicorn requests 'moto[server]' boto3 openapi-schema-validator pyyaml selenium
fi
# The OpenAI SDK and httpx-sse go into a folder of their own (the tests put it on PYTHONPATH): the SDK's HTTP stack
# pins h11 above what mitmproxy accepts.
streams=.build/python-streams
# httpx is named: httpx-sse needs it without declaring it, and newer SDKs bring only their own fork of it.
if ! PYTHONPATH=$streams python3 -c 'import openai, httpx, httpx_sse' 2>/dev/null; then
    echo "Installing openai, httpx and httpx-sse with pip into $streams…" >&2
    pip_install --target "$streams" openai httpx httpx-sse
fi
# gql (a GraphQL client, with its requests transport) and strawberry-graphql on uvicorn (a real GraphQL server for
# the record tests) go into a folder of their own too: uvicorn's h11 is another pin mitmproxy does not accept.
graphql=.build/python-graphql
if ! PYTHONPATH=$graphql python3 -c 'import gql, requests_toolbelt, strawberry.asgi, uvicorn' 2>/dev/null; then
    echo "Installing gql, strawberry-graphql (with its ASGI app) and uvicorn with pip into $graphql…" >&2
    pip_install --target "$graphql" --upgrade 'gql[requests]' 'strawberry-graphql[asgi]' uvicorn
fi
# schemathesis (which generates requests that conform to a spec and requests that break it, for `serve --spec`)
# goes into a folder of its own too: its pins on shared dependencies (hypothesis, jsonschema) are its own.
contract=.build/python-contract
if ! PYTHONPATH=$contract python3 -c 'import schemathesis' 2>/dev/null; then
    echo "Installing schemathesis with pip into $contract…" >&2
    pip_install --target "$contract" schemathesis
fi
# websockets (asyncio) and websocket-client (blocking), the WebSocket clients the WebSocket tests talk through,
# and the `websockets` echo server the record tests and the benchmark use as an upstream.
websocket=.build/python-websocket
if ! PYTHONPATH=$websocket python3 -c 'import websockets, websocket' 2>/dev/null; then
    echo "Installing websockets and websocket-client with pip into $websocket…" >&2
    pip_install --target "$websocket" websockets websocket-client
fi
if ! python3 -c 'import mitmproxy' 2>/dev/null; then
    echo "Installing mitmproxy with pip…" >&2
    # On its own: its pins on shared dependencies (cryptography) would otherwise hold back moto's.
    pip_install mitmproxy
fi

specs=.build/openapi-specs
if [ ! -f "$specs/.complete" ]; then
    echo "Fetching public OpenAPI specs (openapi-spec-validator 0.9.0's source package) into $specs…" >&2
    download=$(mktemp -d)
    trap 'rm -rf "$download"' EXIT
    python3 -m pip download --quiet --disable-pip-version-check --no-binary :all: --no-deps \
        openapi-spec-validator==0.9.0 -d "$download"
    tar -xzf "$download"/openapi_spec_validator-0.9.0.tar.gz -C "$download"
    data="$download/openapi_spec_validator-0.9.0/tests"
    mkdir -p "$specs"
    cp "$data/integration/data/v3.0/petstore.yaml" "$specs/petstore-3.0.yaml"
    cp "$data/integration/data/v3.1/petstore.yaml" "$specs/petstore-3.1.yaml"
    cp "$data/bench/specs/github.yaml" "$specs/github.yaml"
    cp "$data/bench/specs/stripe.yaml" "$specs/stripe.yaml"
    touch "$specs/.complete"
fi
# The petstore of openapi-core's tests: every parameter style, cookies, a JSON parameter, form and multipart bodies,
# discriminators; what `serve --spec` is fuzzed against.
if [ ! -f "$specs/openapi-core-petstore.yaml" ]; then
    echo "Fetching openapi-core 0.23.1's petstore spec (its source package) into $specs…" >&2
    download=$(mktemp -d)
    trap 'rm -rf "$download"' EXIT
    python3 -m pip download --quiet --disable-pip-version-check --no-binary :all: --no-deps \
        openapi-core==0.23.1 -d "$download"
    tar -xzf "$download"/openapi_core-0.23.1.tar.gz -C "$download"
    cp "$download/openapi_core-0.23.1/tests/integration/data/v3.0/petstore.yaml" "$specs/openapi-core-petstore.yaml"
fi
