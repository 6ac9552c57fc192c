#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server (scripts/postgres/server.sh) made
# for it in a temporary folder, with the server's database URL in MARKET_TEST_POSTGRES,
# and removes the server when the command ends, however it ends.
#
#   scripts/postgres/with-server.sh cargo test --locked --test api
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/market-pg.XXXXXX)
chmod 755 "$dir"
cleanup() {
  "$here/server.sh" stop "$dir" || true
  rm -rf "$dir"
}
trap cleanup EXIT
MARKET_TEST_POSTGRES=$("$here/server.sh" start "$dir")
export MARKET_TEST_POSTGRES
echo "PostgreSQL for this run: $MARKET_TEST_POSTGRES" >&2
"$@"
