#!/usr/bin/env bash
# `make dist`: the release binary for any Linux x86_64, linked statically against musl
# with SQLite bundled, stripped and packed with README.md, LICENSE and
# THIRD-PARTY-NOTICES.txt:
#
#   dist/market-<version>-x86_64-linux-musl.tar.gz          one folder, market-<version>-x86_64-linux-musl/
#   dist/market-<version>-x86_64-linux-musl.tar.gz.sha256   `cd dist && sha256sum -c` checks it
#
# scripts/dist/test.sh (`make test-dist`) unpacks it in an empty folder and runs it.
set -euo pipefail
cd "$(dirname "$0")/../.."

TARGET=x86_64-unknown-linux-musl

# CI starts from a clean machine: the musl target and musl-gcc come from here, not by hand.
bash scripts/dist/ensure-musl.sh

# Version and target folder as cargo sees them (CARGO_TARGET_DIR included).
META=$(cargo metadata --no-deps --format-version 1 --locked)
read -r VERSION TARGET_DIR <<<"$(python3 -c 'import json, sys
meta = json.loads(sys.argv[1])
print(next(p["version"] for p in meta["packages"] if p["name"] == "market"), meta["target_directory"])' "$META")"
NAME=market-$VERSION-x86_64-linux-musl

echo "dist: building $NAME (cargo build --release --locked --target $TARGET)"
# cc-rs compiles the C in the tree (the bundled SQLite, mimalloc) with musl-gcc, against
# musl's headers; Rust links it with its own self-contained musl (crt objects, libc.a).
export CC_x86_64_unknown_linux_musl=musl-gcc
# The static build's allocator is mimalloc (Cargo.toml, src/main.rs). By default it asks
# for transparent huge pages, and every thread's pages then came 2 MiB at a time: the
# server held 170-310 MB under load instead of about 35. MI_DEFAULT_ALLOW_THP=0 turns
# them off for the process (MIMALLOC_ALLOW_THP=1 at run time turns them back on).
export CFLAGS_x86_64_unknown_linux_musl="${CFLAGS_x86_64_unknown_linux_musl:-} -DMI_DEFAULT_ALLOW_THP=0"
cargo build --release --locked --bin market --target "$TARGET"
BIN=$TARGET_DIR/$TARGET/release/market

STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
mkdir "$STAGE/$NAME"
# Stripped into the archive only: target/ keeps the symbols for a backtrace or a profile.
strip -o "$STAGE/$NAME/market" "$BIN"
cp README.md LICENSE "$STAGE/$NAME/"
python3 scripts/dist/notices.py --target "$TARGET" --out "$STAGE/$NAME/THIRD-PARTY-NOTICES.txt"

mkdir -p dist
rm -f "dist/$NAME.tar.gz" "dist/$NAME.tar.gz.sha256"
# Same inputs, same bytes: sorted names, no owners, modes whatever the umask, the
# commit's time on every file.
STAMP=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar -C "$STAGE" --sort=name --owner=0 --group=0 --numeric-owner --mode=u+rwX,go=rX --mtime="@$STAMP" \
  -cf - "$NAME" |
  gzip -9n >"dist/$NAME.tar.gz"
(cd dist && sha256sum "$NAME.tar.gz" >"$NAME.tar.gz.sha256")

kb() { echo "$(($(stat -c %s "$1") / 1024)) KB"; }
echo "dist: market $(kb "$BIN") as built, $(kb "$STAGE/$NAME/market") stripped; dist/$NAME.tar.gz $(kb "dist/$NAME.tar.gz")"
cat "dist/$NAME.tar.gz.sha256"
