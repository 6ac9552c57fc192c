#!/usr/bin/env bash
# Makes sure the browser the journeys drive is installed: Debian's chromium package
# (/usr/bin/chromium, or $CHROMIUM). Playwright's own browser download is not used.
# As root it installs the package with apt-get; anyone else is told what to install.
set -euo pipefail

chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] && exit 0

if [ -n "${CHROMIUM:-}" ]; then
  echo "browser tests: CHROMIUM=$CHROMIUM is not an executable file." >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "browser tests: $chromium is missing; installing Debian's chromium package (apt-get install chromium)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q chromium
  [ -x "$chromium" ] && exit 0
  echo "browser tests: apt-get installed chromium, but $chromium is still missing." >&2
  exit 1
fi
cat >&2 <<MSG
browser tests: Chromium is not installed ($chromium is missing).
  Install Debian's chromium package and run again:   sudo apt-get install chromium
  (or point CHROMIUM at another Chromium binary:     CHROMIUM=/path/to/chromium make test)
MSG
exit 1
