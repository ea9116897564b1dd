#!/usr/bin/env bash
# Installs what `.ci/run` needs beyond the README's test command (scripts/test.sh installs the rest): debootstrap,
# with which Docker/verify-runtime.sh makes the runtime stage's minimal Debian root; libcurl's development files, which
# linking the static binary of the Dockerfile's build stage needs; and a C compiler, binutils (strip) and curl for the
# instruction-count guard. Linux with apt only: CI runs there. Safe to run again: it does nothing when all are there.
set -euo pipefail

missing=()
command -v debootstrap >/dev/null || missing+=(debootstrap)
pkg-config --exists libcurl 2>/dev/null || missing+=(libcurl4-openssl-dev)
command -v cc >/dev/null || missing+=(gcc)
command -v strip >/dev/null || missing+=(binutils)
command -v curl >/dev/null || missing+=(curl)
[[ ${#missing[@]} == 0 ]] && exit 0

command -v apt-get >/dev/null || { echo "setup-ci.sh: apt-get is missing; install ${missing[*]} yourself." >&2; exit 1; }
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing ${missing[*]} with apt-get…" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
