#!/usr/bin/env bash
# Proves the Dockerfile's runtime stage without a Docker engine. It builds standin as the build stage does (release,
# --static-swift-stdlib), makes a minimal Debian bookworm root (debootstrap --variant=minbase), installs into it
# exactly the packages the runtime stage installs (read from Docker/Dockerfile, so the two cannot drift), copies in
# the binary and Mocks/, runs the binary there as the image's non-root user, and drives the sample API with curl: a
# fixture, the health call, and the admin API with a token. Any library the image lacks makes it fail.
#
# Needs root (debootstrap, chroot, mount) and a Debian mirror (DEBIAN_MIRROR); scripts/setup-ci.sh installs what else
# it needs (debootstrap, curl, and libcurl's development files, which the Swift image of the build stage has). The roots
# are kept under .build-docker-root/ (ignored), so a rerun takes seconds: the base root once, the runtime root once
# per package list. Remove that folder to start over.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE=${DOCKER_ROOT_CACHE:-$PWD/.build-docker-root}
DOCKERFILE=${DOCKERFILE:-Docker/Dockerfile}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
USER_ID=10001
TOKEN=verify-runtime-token

fail() {
    echo "verify-runtime: $*" >&2
    exit 1
}

[[ $(id -u) == 0 ]] || fail "needs root (debootstrap and chroot); run it with sudo."
scripts/setup.sh
scripts/setup-ci.sh

# The packages of the runtime stage: the words after `apt-get install` in the last stage, options left out.
packages=$(
    awk '/^FROM /{stage=""} {stage = stage $0 "\n"} END{printf "%s", stage}' "$DOCKERFILE" \
        | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' \
        | grep -o 'apt-get install[^&]*' \
        | sed -e 's/^apt-get install//' \
        | tr ' ' '\n' | grep -v '^-' | grep -v '^$' | sort -u | tr '\n' ' '
)
[[ -n $packages ]] || fail "found no 'apt-get install' in the runtime stage of $DOCKERFILE."
echo "== runtime packages (from $DOCKERFILE): $packages"

echo "== build standin as the Dockerfile does"
swift build -c release --product standin --static-swift-stdlib --scratch-path .build-docker
binary="$(swift build -c release --product standin --static-swift-stdlib --scratch-path .build-docker --show-bin-path)/standin"

mkdir -p "$CACHE"
base=$CACHE/bookworm-minbase
if [[ ! -d $base ]]; then
    echo "== debootstrap a minimal bookworm root (once)"
    rm -rf "$base.partial"
    debootstrap --variant=minbase bookworm "$base.partial" "$MIRROR"
    mv "$base.partial" "$base"
fi

runtime=$CACHE/runtime-$(echo "$packages" | sha256sum | cut -c1-12)
if [[ ! -d $runtime ]]; then
    echo "== install the runtime stage's packages into a copy of the root (once per package list)"
    rm -rf "$runtime.partial"
    cp -a "$base" "$runtime.partial"
    cp /etc/resolv.conf "$runtime.partial/etc/resolv.conf"
    # shellcheck disable=SC2086 # one word per package
    if ! chroot "$runtime.partial" sh -c "apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages \
        && rm -rf /var/lib/apt/lists/* \
        && useradd --uid $USER_ID --user-group --no-create-home --shell /usr/sbin/nologin standin" \
        >"$CACHE/apt.log" 2>&1; then
        cat "$CACHE/apt.log" >&2
        fail "installing the runtime stage's packages failed (above)."
    fi
    mv "$runtime.partial" "$runtime"
fi

echo "== copy the binary and Mocks/ in"
install -m 0755 "$binary" "$runtime/usr/local/bin/standin"
rm -rf "$runtime/mocks" "$runtime/tmp/standin.port"
cp -a Mocks "$runtime/mocks"
chown -R "$USER_ID:$USER_ID" "$runtime/mocks"

missing=$(chroot "$runtime" ldd /usr/local/bin/standin | grep 'not found' || true)
[[ -z $missing ]] || fail "the runtime stage lacks libraries the binary needs:"$'\n'"$missing"

mounted=""
server=""
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null || true
    [[ -n $mounted ]] && umount "$runtime/proc" 2>/dev/null || true
}
trap cleanup EXIT
if mount -t proc proc "$runtime/proc" 2>/dev/null; then mounted=yes; fi

echo "== run it as uid $USER_ID inside the root, and call it"
chroot --userspec="$USER_ID:$USER_ID" "$runtime" /usr/local/bin/standin serve --mocks /mocks \
    --host 127.0.0.1 --port 0 --port-file /tmp/standin.port --admin-token "$TOKEN" --no-watch &
server=$!
for _ in $(seq 100); do
    [[ -s $runtime/tmp/standin.port ]] && break
    kill -0 "$server" 2>/dev/null || fail "standin exited before it listened (see its output above)."
    sleep 0.1
done
[[ -s $runtime/tmp/standin.port ]] || fail "standin did not write its port file within 10 seconds."
base_url="http://127.0.0.1:$(cat "$runtime/tmp/standin.port")"

expect() { # expect WHAT STATUS BODY-PART [curl args...]
    local what=$1 status=$2 part=$3
    shift 3
    local answer
    answer=$(curl -sS -w '\n%{http_code}' "$@") || fail "$what: curl failed."
    [[ ${answer##*$'\n'} == "$status" ]] || fail "$what: expected HTTP $status, got: $answer"
    [[ $answer == *"$part"* ]] || fail "$what: expected the body to contain $part, got: $answer"
    echo "ok: $what"
}
expect "a fixture (GET /articles)" 200 '"title":"Mocking without tears"' "$base_url/articles"
expect "a text fixture (GET /ping)" 200 pong "$base_url/ping"
expect "health" 200 '"status":"ok"' -H "Authorization: Bearer $TOKEN" "$base_url/__standin/health"
expect "the admin API without the token" 401 "Authorization: Bearer" "$base_url/__standin/fixtures"
expect "the admin API with the token" 200 '"articles/list.json"' -H "Authorization: Bearer $TOKEN" \
    "$base_url/__standin/fixtures"

kill -TERM "$server"
wait "$server" || fail "standin did not stop cleanly on SIGTERM."
server=""
echo "verify-runtime: the runtime stage runs standin."
