#!/usr/bin/env bash
# Installs the real backends and clients the interop tests record and replay through StandIn: httpbin (served by
# gunicorn, called with python-requests) and moto (AWS, called with boto3). Without python3 the interop tests skip
# with a message saying so; everything else still runs. Safe to run again: pip does nothing when they are there.
set -euo pipefail

if ! command -v python3 >/dev/null; then
    echo "python3 is not installed: the interop tests (httpbin, moto with boto3) will be skipped." >&2
    exit 0
fi
if python3 -c 'import httpbin, gunicorn, requests, moto, boto3, flask, flask_cors' 2>/dev/null; then
    exit 0
fi
echo "Installing httpbin, gunicorn, requests, moto[server] and boto3 with pip…" >&2
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    httpbin gunicorn requests 'moto[server]' boto3
