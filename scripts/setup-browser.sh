#!/usr/bin/env bash
# Installs the headless browser the dashboard's browser tests drive: Chromium and its WebDriver (Debian packages
# chromium and chromium-driver). Selenium, the Python side, comes with scripts/setup-interop.sh. Without them the
# browser tests skip with a message, except in CI (CI=true), where they fail. Safe to run again: it does nothing
# when both are there.
set -euo pipefail

if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi

case "$(uname -s)" in
Linux)
    if ! command -v apt-get >/dev/null; then
        echo "apt-get is missing: install Chromium and chromedriver yourself for the dashboard's browser tests." >&2
        exit 0
    fi
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing chromium and chromium-driver with apt-get…" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
    ;;
*)
    echo "The dashboard's browser tests expect /usr/bin/chromium and /usr/bin/chromedriver; they will be skipped." >&2
    ;;
esac
