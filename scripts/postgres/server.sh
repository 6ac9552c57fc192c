#!/usr/bin/env bash
# A throwaway PostgreSQL server in a folder of its own, from Debian's packages, for the
# tests, `make cluster` and `make bench`: no system service, nothing downloaded, reached
# through a Unix socket in that folder (and a loopback port when asked).
#
#   scripts/postgres/server.sh start DIR [--durable] [--port N [--tls]]   prints the database's URL
#   scripts/postgres/server.sh stop DIR
#   scripts/postgres/server.sh version                              the server's version
#
# PostgreSQL refuses to run as root: as root the server runs as the `postgres` user the
# package makes (installing the package first when it is missing, as the browser stage
# installs Chromium); anyone else runs it as themselves. Without --durable the server
# does not wait for the disk (fsync off): the tests' data is thrown away. --durable keeps
# PostgreSQL's defaults, fsync and synchronous_commit on, as `make bench` measures.
# --tls also takes TLS on the port, with a certificate authority of its own made in
# DIR/tls (ca.crt) and a server certificate made out to localhost alone.
set -euo pipefail

usage() { echo "usage: $0 start DIR [--durable] [--port N [--tls]] | stop DIR | version" >&2; exit 2; }
# The newest server installed (a folder of a newer major can hold only its client).
bin_dir() { ls -d /usr/lib/postgresql/*/bin/postgres 2>/dev/null | sort -V | tail -1 | xargs -r dirname; }
if [ "${1:-}" = version ]; then
  "$(bin_dir)/postgres" --version | awk '{ print $3 }'
  exit 0
fi
[ $# -ge 2 ] || usage
command=$1 dir=$2
shift 2
durable=0 port="" tls=0
while [ $# -gt 0 ]; do
  case $1 in
    --durable) durable=1 ;;
    --port) port=$2; shift ;;
    --tls) tls=1 ;;
    *) usage ;;
  esac
  shift
done

ensure_installed() {
  [ -n "$(bin_dir)" ] && [ -x "$(bin_dir)/postgres" ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "postgres: the PostgreSQL server is missing; installing Debian's postgresql package" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >&2
    # The package would make and start a system cluster (port 5432, a service): the
    # store's servers are made by this script alone, so none is made or started.
    mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/market-no-main-cluster.conf
    local policy=/usr/sbin/policy-rc.d made_policy=0
    if [ ! -e "$policy" ]; then
      printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod 755 "$policy" && made_policy=1
    fi
    apt-get install -y -q postgresql >&2 || { [ "$made_policy" -eq 0 ] || rm -f "$policy"; exit 1; }
    [ "$made_policy" -eq 0 ] || rm -f "$policy"
    [ -x "$(bin_dir)/postgres" ] && return 0
  fi
  cat >&2 <<MSG
postgres: the PostgreSQL server is not installed (no /usr/lib/postgresql/*/bin/postgres).
  Install Debian's postgresql package and run again:   sudo apt-get install postgresql
MSG
  exit 1
}

# A certificate authority and a server certificate made out to localhost (not to
# 127.0.0.1: the tests tell verify-full's name check from verify-ca's by that).
make_certificates() {
  local tls=$1 ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  command -v openssl >/dev/null || { echo "postgres: --tls needs openssl (Debian's openssl package)" >&2; exit 1; }
  mkdir -p "$tls"
  openssl req -x509 "${ec[@]}" -days 7 -subj "/CN=Market test authority" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -keyout "$tls/ca.key" -out "$tls/ca.crt" 2>/dev/null
  openssl req "${ec[@]}" -subj "/CN=localhost" -keyout "$tls/server.key" -out "$tls/server.csr" 2>/dev/null
  printf '%s\n' "subjectAltName=DNS:localhost" "basicConstraints=critical,CA:FALSE" \
    "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" > "$tls/server.ext"
  openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" -CAcreateserial -days 7 \
    -extfile "$tls/server.ext" -out "$tls/server.crt" 2>/dev/null
  chmod 600 "$tls/server.key"
  chmod 644 "$tls/ca.crt"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$tls"; fi
}

# Runs a command as the server's user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case $command in
  start)
    ensure_installed
    bin=$(bin_dir)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres --encoding=UTF8 --locale=C.UTF-8 --no-sync >/dev/null
    fi
    listen=${port:+127.0.0.1}
    if [ "$tls" -eq 1 ]; then
      [ -n "$port" ] || usage
      [ -f "$dir/tls/server.crt" ] || make_certificates "$dir/tls"
      listen=localhost
    fi
    settings=(-c "unix_socket_directories=$dir" -c "listen_addresses=$listen"
              -c max_connections=200 -c shared_buffers=256MB)
    [ -n "$port" ] && settings+=(-c "port=$port")
    [ "$tls" -eq 1 ] && settings+=(-c ssl=on -c "ssl_cert_file=$dir/tls/server.crt" -c "ssl_key_file=$dir/tls/server.key")
    [ "$durable" -eq 1 ] || settings+=(-c fsync=off -c synchronous_commit=off -c full_page_writes=off)
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "${settings[*]@Q}" start >/dev/null
    socket_port=${port:-5432}
    if ! as_owner "$bin/psql" -h "$dir" -p "$socket_port" -U postgres -qtAc "SELECT 1 FROM pg_database WHERE datname = 'market'" postgres | grep -q 1; then
      as_owner "$bin/createdb" -h "$dir" -p "$socket_port" -U postgres market
    fi
    encoded=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$dir")
    echo "postgres://postgres@${encoded}:${socket_port}/market"
    ;;
  stop)
    bin=$(bin_dir)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    ;;
  *) usage ;;
esac
