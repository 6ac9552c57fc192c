#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server (scripts/postgres/server.sh) made
# for it in a temporary folder, with the server's database URL in MARKET_TEST_POSTGRES,
# and removes the server when the command ends, however it ends. The server also takes
# TLS on a loopback port: MARKET_TEST_POSTGRES_TLS is that server (no database named)
# and MARKET_TEST_POSTGRES_CA the authority that signed its certificate.
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
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
MARKET_TEST_POSTGRES=$("$here/server.sh" start "$dir" --port "$port" --tls)
MARKET_TEST_POSTGRES_TLS="postgres://postgres@localhost:$port"
MARKET_TEST_POSTGRES_CA="$dir/tls/ca.crt"
export MARKET_TEST_POSTGRES MARKET_TEST_POSTGRES_TLS MARKET_TEST_POSTGRES_CA
echo "PostgreSQL for this run: $MARKET_TEST_POSTGRES" >&2
"$@"
