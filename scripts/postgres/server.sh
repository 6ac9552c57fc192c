#!/usr/bin/env bash
# A throwaway PostgreSQL server in a folder of its own, from Debian's packages, for the
# tests, `make cluster` and `make bench`: no system service, nothing downloaded, reached
# through a Unix socket in that folder (and a loopback port when asked).
#
#   scripts/postgres/server.sh start DIR [--durable] [--port N]   prints the database's URL
#   scripts/postgres/server.sh stop DIR
#   scripts/postgres/server.sh version                              the server's version
#
# PostgreSQL refuses to run as root: as root the server runs as the `postgres` user the
# package makes (installing the package first when it is missing, as the browser stage
# installs Chromium); anyone else runs it as themselves. Without --durable the server
# does not wait for the disk (fsync off): the tests' data is thrown away. --durable keeps
# PostgreSQL's defaults, fsync and synchronous_commit on, as `make bench` measures.
set -euo pipefail

usage() { echo "usage: $0 start DIR [--durable] [--port N] | stop DIR | version" >&2; exit 2; }
bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ "${1:-}" = version ]; then
  "$(bin_dir)/postgres" --version | awk '{ print $3 }'
  exit 0
fi
[ $# -ge 2 ] || usage
command=$1 dir=$2
shift 2
durable=0 port=""
while [ $# -gt 0 ]; do
  case $1 in
    --durable) durable=1 ;;
    --port) port=$2; shift ;;
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
    apt-get install -y -q postgresql >&2
    [ -x "$(bin_dir)/postgres" ] && return 0
  fi
  cat >&2 <<MSG
postgres: the PostgreSQL server is not installed (no /usr/lib/postgresql/*/bin/postgres).
  Install Debian's postgresql package and run again:   sudo apt-get install postgresql
MSG
  exit 1
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
    settings=(-c "unix_socket_directories=$dir" -c "listen_addresses=${port:+127.0.0.1}"
              -c max_connections=200 -c shared_buffers=256MB)
    [ -n "$port" ] && settings+=(-c "port=$port")
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
