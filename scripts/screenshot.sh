#!/usr/bin/env bash
# Headless Chromium screenshot of one page: scripts/screenshot.sh URL OUT.png [WIDTH] [HEIGHT]
# Used to look at screens at desktop (1280) and phone (390) widths.
set -euo pipefail
url=$1 out=$2 width=${3:-1280} height=${4:-900}
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars --virtual-time-budget=4000 \
  --window-size="$width,$height" --screenshot="$out" "$url" >/dev/null 2>&1
echo "$out"
