#!/usr/bin/env bash
# Installs the real backends and clients the interop tests record and replay through StandIn: httpbin (served by
# gunicorn, called with python-requests) and moto (AWS, called with boto3); and Selenium, which drives the browser in
# the dashboard's tests. Without python3 those tests skip with a message saying so; everything else still runs. Safe to run again: pip does nothing when they are there.
set -euo pipefail

if ! command -v python3 >/dev/null; then
    echo "python3 is not installed: the interop tests (httpbin, moto with boto3) and the dashboard's browser tests will be skipped." >&2
    exit 0
fi
if python3 -c 'import httpbin, gunicorn, requests, moto, boto3, flask, flask_cors, selenium' 2>/dev/null; then
    exit 0
fi
echo "Installing httpbin, gunicorn, requests, moto[server], boto3 and selenium with pip…" >&2
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    httpbin gunicorn requests 'moto[server]' boto3 selenium
