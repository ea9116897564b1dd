#!/usr/bin/env bash
# Installs what building StandIn needs beyond Swift: libevent's (with its OpenSSL bufferevents), OpenSSL's and zlib's
# headers and libraries; openssl, whose command line the HTTPS tests make certificates with; curl, which the
# tests of the docs' examples run; and on Linux valgrind, which the instruction-count guard
# (Benchmarks/instructions.sh) runs under.
# Safe to run again: it does nothing when all are already there.
set -euo pipefail

if pkg-config --exists libevent libevent_pthreads libevent_openssl openssl zlib 2>/dev/null &&
    command -v curl >/dev/null && command -v openssl >/dev/null &&
    { [[ "$(uname -s)" == Darwin ]] || command -v valgrind >/dev/null; }; then
    exit 0
fi

case "$(uname -s)" in
Darwin)
    brew install libevent openssl pkg-config
    ;;
*)
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing libevent-dev, libssl-dev, openssl, zlib1g-dev, pkg-config, curl and valgrind with apt-get…" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libevent-dev libssl-dev openssl zlib1g-dev pkg-config \
        curl valgrind >/dev/null
    ;;
esac
