#!/usr/bin/env bash
# `make test-dist`: the archive `make dist` made, as someone who downloads it would use
# it. Checks its checksum, unpacks it into an empty folder, checks that the binary is
# static, starts it from that folder on a fresh data folder, asks it for the API and the
# storefront, and stops it with SIGTERM. Any failed check fails the script, saying which.
#
#   scripts/dist/test.sh [dist/market-<version>-x86_64-linux-musl.tar.gz]
set -euo pipefail
cd "$(dirname "$0")/../.."

PASSED=0
ok() { PASSED=$((PASSED + 1)); echo "ok: $*"; }
fail() {
  echo "FAIL: $*" >&2
  echo "dist: $PASSED passed, 1 failed" >&2
  exit 1
}
command -v curl >/dev/null || fail "curl is needed to ask the server for pages (Debian: apt-get install curl)"

if [ $# -gt 0 ]; then
  ARCHIVE=$1
else
  VERSION=$(cargo metadata --no-deps --format-version 1 --locked |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "market"))')
  ARCHIVE=dist/market-$VERSION-x86_64-linux-musl.tar.gz
fi
[ -f "$ARCHIVE" ] || fail "$ARCHIVE is missing: run make dist"
[ -f "$ARCHIVE.sha256" ] || fail "$ARCHIVE.sha256 is missing: run make dist"
FILE=$(basename "$ARCHIVE")
NAME=${FILE%.tar.gz}
VERSION=${NAME#market-}
VERSION=${VERSION%-x86_64-linux-musl}

WORK=$(mktemp -d)
SERVER=""
cleanup() {
  [ -n "$SERVER" ] && kill -KILL "$SERVER" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# The checksum file names the archive alone, so it is checked beside it, as after a download.
mkdir "$WORK/download"
cp "$ARCHIVE" "$ARCHIVE.sha256" "$WORK/download/"
(cd "$WORK/download" && sha256sum -c --quiet "$FILE.sha256") || fail "sha256sum -c: $FILE does not match $FILE.sha256"
ok "sha256sum -c $FILE.sha256"

mkdir "$WORK/empty"
tar -xzf "$WORK/download/$FILE" -C "$WORK/empty" || fail "tar could not unpack $FILE"
expected=$(printf '%s\n' "$NAME" "$NAME/LICENSE" "$NAME/README.md" "$NAME/THIRD-PARTY-NOTICES.txt" "$NAME/market")
found=$(cd "$WORK/empty" && find . -mindepth 1 | sed 's|^\./||' | LC_ALL=C sort)
[ "$found" = "$expected" ] || fail "$FILE should hold exactly $NAME/ with market, README.md, LICENSE and THIRD-PARTY-NOTICES.txt; it holds:
$found"
DIR=$WORK/empty/$NAME
[ -x "$DIR/market" ] || fail "$NAME/market is not executable"
for doc in README.md LICENSE THIRD-PARTY-NOTICES.txt; do
  [ -s "$DIR/$doc" ] || fail "$NAME/$doc is empty"
done
grep -q '^MIT License' "$DIR/LICENSE" || fail "$NAME/LICENSE is not the MIT licence"
grep -q '^1\. Rust crates linked into the binary' "$DIR/THIRD-PARTY-NOTICES.txt" ||
  fail "$NAME/THIRD-PARTY-NOTICES.txt has no list of Rust crates"
ok "unpacked into an empty folder: $NAME/ with market, README.md, LICENSE, THIRD-PARTY-NOTICES.txt"

# ldd exits non-zero on a static binary; what it says is the check.
ldd_says=$(ldd "$DIR/market" 2>&1 || true)
grep -Eq 'not a dynamic executable|statically linked' <<<"$ldd_says" ||
  fail "ldd says market is dynamically linked:
$ldd_says"
ok "ldd: $(echo "$ldd_says" | head -1 | sed 's/^[[:space:]]*//')"
if command -v file >/dev/null; then
  file_says=$(file -b "$DIR/market")
  grep -Eq 'statically linked|static-pie linked' <<<"$file_says" || fail "file does not say market is statically linked: $file_says"
  grep -q 'x86-64' <<<"$file_says" || fail "file does not say market is for x86-64: $file_says"
  ok "file: $(grep -Eo 'statically linked|static-pie linked' <<<"$file_says"), x86-64, $(grep -Eo '(not )?stripped' <<<"$file_says")"
fi

# From the unpacked folder, with nothing of the caller's environment (no MARKET_* settings).
cd "$DIR"
said=$(env -i ./market --version 2>&1) || fail "./market --version failed: $said"
[ "$said" = "market $VERSION" ] || fail "./market --version says '$said', not 'market $VERSION'"
ok "./market --version: $said"

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
URL=http://127.0.0.1:$PORT
env -i ./market serve --addr "127.0.0.1:$PORT" --data-dir "$WORK/data" >"$WORK/server.log" 2>&1 &
SERVER=$!
log() { printf '\n--- the server'"'"'s log:\n'; cat "$WORK/server.log"; }

# GET $1 until it answers 200 (the first start seeds the catalog) or 30 s pass; the body
# goes to $WORK/body, "code content-type" to stdout.
get() {
  local path=$1 deadline=$((SECONDS + 30)) answer
  while :; do
    answer=$(curl -s -o "$WORK/body" -w '%{http_code} %{content_type}' "$URL$path" || true)
    [ "${answer%% *}" = 200 ] && { echo "$answer"; return; }
    kill -0 "$SERVER" 2>/dev/null || fail "./market serve exited before GET $path answered 200$(log)"
    [ $SECONDS -lt $deadline ] || fail "GET $path did not answer 200 within 30 s (last: ${answer:-no answer})$(log)"
    sleep 0.1
  done
}
answer=$(get /api/departments)
grep -q '^200 application/json' <<<"$answer" || fail "GET /api/departments answered '$answer', not JSON$(log)"
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$WORK/body" 2>/dev/null ||
  fail "GET /api/departments answered a body that is not JSON: $(head -c 200 "$WORK/body")"
ok "GET /api/departments: $answer"
answer=$(get /)
grep -q '^200 text/html' <<<"$answer" || fail "GET / answered '$answer', not HTML$(log)"
grep -qi '<!doctype html' "$WORK/body" || fail "GET / answered a body that is not an HTML page: $(head -c 200 "$WORK/body")"
ok "GET /: $answer"
[ -f "$WORK/data/market.db" ] || fail "no market.db in the --data-dir folder$(log)"

# SIGTERM lets requests in flight finish, then the process exits on its own.
kill -TERM "$SERVER"
for _ in $(seq 100); do
  kill -0 "$SERVER" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$SERVER" 2>/dev/null && fail "./market serve was still running 10 s after SIGTERM$(log)"
status=0
wait "$SERVER" || status=$?
SERVER=""
[ "$status" -eq 0 ] || fail "./market serve exited with status $status after SIGTERM$(log)"
ok "SIGTERM: ./market serve exited with status 0"

echo "dist: $PASSED passed, 0 failed"
