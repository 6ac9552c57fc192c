#!/usr/bin/env bash
# Makes sure `make dist` can build for x86_64-unknown-linux-musl: Rust's musl target
# (rustup) and Debian's musl-tools, whose musl-gcc compiles the bundled SQLite (and the
# other C in the tree) against musl rather than glibc. CI starts from a clean machine,
# so this runs on every `make dist`; it does nothing when both are there.
# As root it installs musl-tools with apt-get; anyone else is told what to install.
set -euo pipefail

TARGET=x86_64-unknown-linux-musl

if ! command -v rustup >/dev/null; then
  # A toolchain without rustup (a distribution's rustc) may still carry the target's std.
  [ -d "$(rustc --print sysroot)/lib/rustlib/$TARGET/lib" ] || {
    echo "dist: Rust's $TARGET target is missing and there is no rustup to add it." >&2
    exit 1
  }
elif ! rustup target list --installed | grep -qx "$TARGET"; then
  echo "dist: adding Rust's $TARGET target (rustup target add $TARGET)"
  rustup target add "$TARGET"
fi

command -v musl-gcc >/dev/null && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "dist: musl-gcc is missing; installing Debian's musl-tools package (apt-get install musl-tools)"
  export DEBIAN_FRONTEND=noninteractive
  # A fresh machine's package lists may be empty or old: update only when the install fails.
  apt-get install -y -q musl-tools || { apt-get update -q && apt-get install -y -q musl-tools; }
  command -v musl-gcc >/dev/null && exit 0
  echo "dist: apt-get installed musl-tools, but musl-gcc is still not on PATH." >&2
  exit 1
fi
cat >&2 <<MSG
dist: musl-gcc is missing (Debian's musl-tools package), needed to build the static binary.
  Install it and run again:   sudo apt-get install musl-tools
MSG
exit 1
