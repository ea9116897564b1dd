#!/usr/bin/env bash
# Installs the real backends and clients the interop tests record and replay through StandIn: httpbin (served by
# gunicorn, called with python-requests), moto (AWS, called with boto3), and mitmproxy (whose HAR captures of httpbin
# `standin import har` reads). Without python3 the interop tests skip with a message saying so; everything else
# still runs. Safe to run again: pip does nothing when they are there.
set -euo pipefail

if ! command -v python3 >/dev/null; then
    echo "python3 is not installed: the interop tests (httpbin, moto with boto3) will be skipped." >&2
    exit 0
fi
if python3 -c 'import httpbin, gunicorn, requests, moto, boto3, flask, flask_cors, mitmproxy' 2>/dev/null; then
    exit 0
fi
echo "Installing httpbin, gunicorn, requests, moto[server], boto3 and mitmproxy with pip…" >&2
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    httpbin gunicorn requests 'moto[server]' boto3
# On its own: its pins on shared dependencies (cryptography) would otherwise hold back moto's.
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore mitmproxy
