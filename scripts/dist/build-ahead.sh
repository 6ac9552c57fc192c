#!/usr/bin/env bash
# `make test` starts the binary its later stages drive (scripts/dist/build.sh: a fat-LTO
# link, 11-12 minutes on 2 cores when built alone) before lint and the Rust tests, and
# waits for it only when the first of those stages needs it:
#
#   scripts/dist/build-ahead.sh start   build in the background, at nice 19, into a log
#   scripts/dist/build-ahead.sh wait    wait for it, print its log, exit with its status
#
# Why niced: lint and the tests keep the CPU whenever they want it, so their timings are
# what they would be alone, and the build takes only what they leave idle (the PostgreSQL
# suite waiting on fsync, type checks on one core, one crate compiling at a time). Nothing
# that installs packages runs in the background: the musl toolchain is made sure of here,
# before the build starts, so no apt-get meets PostgreSQL's or Chromium's.
set -euo pipefail
cd "$(dirname "$0")/../.."

DIR=${CARGO_TARGET_DIR:-target}/build-ahead

case "${1:-}" in
start)
  rm -rf "$DIR"
  mkdir -p "$DIR"
  bash scripts/dist/ensure-musl.sh
  # Every stream of the background build goes to its log: it must not hold make's
  # output open, and its lines must not interleave with the tests'.
  (
    status=0
    nice -n 19 scripts/dist/build.sh || status=$?
    echo "$status" > "$DIR/status.tmp" && mv "$DIR/status.tmp" "$DIR/status"
  ) < /dev/null > "$DIR/log" 2>&1 &
  echo $! > "$DIR/pid"
  echo "binary: building ahead at nice 19 while the checks run (log: $DIR/log)"
  ;;
wait)
  if [ ! -d "$DIR" ]; then
    echo "binary: no build was started ahead ($0 start)" >&2
    exit 1
  fi
  started=$(date +%s)
  until [ -f "$DIR/status" ]; do
    if ! kill -0 "$(cat "$DIR/pid")" 2>/dev/null && [ ! -f "$DIR/status" ]; then
      cat "$DIR/log"
      echo "binary: the build started ahead ended without a status (killed?)" >&2
      exit 1
    fi
    sleep 1
  done
  cat "$DIR/log"
  echo "binary: waited $(( $(date +%s) - started )) s for the build started ahead"
  exit "$(cat "$DIR/status")"
  ;;
*)
  echo "usage: $0 start|wait" >&2
  exit 2
  ;;
esac
