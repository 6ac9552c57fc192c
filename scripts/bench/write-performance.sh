#!/usr/bin/env bash
# Puts a `make bench` report into docs/performance.md: everything above the marker line
# (the hand-written reading) is kept as it is; everything below it is replaced by the
# run's header (when, on what machine, at which commit) and the report.
#
#   scripts/bench/write-performance.sh REPORT [DOCUMENT]   REPORT: target/bench/report.md
#   scripts/bench/write-performance.sh --commit            the commit, as the header names it
#
# run.sh takes the commit with --commit before it builds, and hands it over in
# BENCH_COMMIT, so that the header names the sources that were built, not the tree as it
# is when the run ends. A document without the marker keeps all it holds and gets the
# marker at its end.
set -euo pipefail
cd "$(dirname "$0")/../.."

MARKER='<!-- Below this line is written by make bench: do not edit by hand. -->'

# The short hash of HEAD, and "(with uncommitted changes)" when tracked files differ
# from it. docs/performance.md itself does not count: the last run rewrote it.
commit() {
  local hash
  hash=$(git rev-parse --short HEAD 2>/dev/null) || { echo "unknown (not a git checkout)"; return; }
  if [ -n "$(git status --porcelain --untracked-files=no -- . ':(exclude)docs/performance.md' 2>/dev/null)" ]; then
    echo "$hash (with uncommitted changes)"
  else
    echo "$hash"
  fi
}

if [ "${1:-}" = --commit ]; then
  commit
  exit 0
fi

REPORT=${1:?usage: write-performance.sh REPORT [DOCUMENT] (or --commit)}
DOC=${2:-docs/performance.md}
[ -s "$REPORT" ] || { echo "write-performance.sh: $REPORT is missing or empty" >&2; exit 1; }

memory=$(awk '/^MemTotal:/ { printf "%.1f GiB of memory", $2 / 1048576; found = 1 } END { if (!found) print "memory unknown" }' /proc/meminfo 2>/dev/null || echo "memory unknown")
cpu=$(awk -F': *' '/^model name/ { print $2; found = 1; exit } END { if (!found) print "CPU model not named in /proc/cpuinfo" }' /proc/cpuinfo 2>/dev/null || echo "CPU model unknown")
settings=$(env | grep -E '^BENCH_[A-Z_]+=' | grep -vE '^BENCH_(COMMIT|BIN)=' | sort | sed 's/^/`/; s/$/`/' | paste -sd' ' - || true)

tmp=$(mktemp "$DOC.XXXXXX")
trap 'rm -f "$tmp"' EXIT
{
  if [ -f "$DOC" ]; then
    if grep -qxF "$MARKER" "$DOC"; then
      awk -v marker="$MARKER" '{ print } $0 == marker { exit }' "$DOC"
    else
      cat "$DOC"
      echo
      echo "$MARKER"
    fi
  else
    echo "# Performance"
    echo
    echo "$MARKER"
  fi
  echo
  echo "## The latest run"
  echo
  echo "- **Date**: $(date -u '+%Y-%m-%d %H:%M') UTC (when the run ended)"
  echo "- **Machine**: $(nproc) cores, $memory, $cpu"
  echo "- **Commit**: ${BENCH_COMMIT:-$(commit)}"
  [ -n "${BENCH_BIN:-}" ] && echo "- **Binary**: \`$BENCH_BIN\` (given by BENCH_BIN, used as it was)"
  echo "- **Settings**: ${settings:-the defaults}"
  echo
  cat "$REPORT"
} >"$tmp"
chmod --reference="$DOC" "$tmp" 2>/dev/null || chmod 644 "$tmp"
mv "$tmp" "$DOC"
trap - EXIT
echo "wrote $DOC" >&2
