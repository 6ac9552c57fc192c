# SQLite checkouts against a reference build, sourced by run.sh: the binary of
# $REFERENCE_COMMIT (before stock per variant, the catalog index and its change log),
# built once from that commit into target/bench/reference/ and kept there, then run side
# by side with today's binary, each on a fresh seeded data folder, taking turns for
# $ROUNDS rounds of $SECS s with the same load client and the same cart (two products
# without variants). Today's store is restocked first (`--restock`); the reference has
# no stock to run out of. Appends to REFERENCE_ROWS; BENCH_REFERENCE=0 skips it.

REFERENCE_COMMIT=${BENCH_REFERENCE_COMMIT:-10e4af0}
REFERENCE_TARGET=0.90
REFERENCE_BIN=$OUT/reference/market-$REFERENCE_COMMIT

if [ ! -x "$REFERENCE_BIN" ] && ! git cat-file -e "$REFERENCE_COMMIT^{commit}" 2>/dev/null; then
  echo "reference: this checkout has no commit $REFERENCE_COMMIT (a shallow clone?) and no kept $REFERENCE_BIN; skipped" >&2
  return 0
fi
if [ ! -x "$REFERENCE_BIN" ]; then
  say "building the reference binary of $REFERENCE_COMMIT (once: it is kept in $REFERENCE_BIN)"
  reference_src=$WORK/reference-src
  mkdir -p "$reference_src" "$OUT/reference"
  git archive "$REFERENCE_COMMIT" | tar -x -C "$reference_src"
  # Its own target folder, dropped after: its dependencies are not today's.
  (cd "$reference_src" && CARGO_TARGET_DIR="$WORK/reference-target" cargo build --release --locked >&2)
  cp "$WORK/reference-target/release/market" "$REFERENCE_BIN"
  rm -rf "$reference_src" "$WORK/reference-target"
fi

# Starts `$1` on a fresh data folder `$2` at a free port; prints "pid url".
reference_store() {
  local bin=$1 dir=$2 port
  port=$("$LOAD" free-port)
  MARKET_RATE_LIMITS=off "$bin" serve --addr "127.0.0.1:$port" --data-dir "$dir" >"$dir.out" 2>&1 &
  local pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/api/departments"; do sleep 0.05; done
  echo "$pid http://127.0.0.1:$port"
}

say "SQLite checkouts: today's binary and $REFERENCE_COMMIT's, taking turns"
read -r TODAY_PID TODAY_URL < <(reference_store "$BIN" "$WORK/today")
read -r REF_PID REF_URL < <(reference_store "$REFERENCE_BIN" "$WORK/reference")
for round in $(seq 1 "$ROUNDS"); do
  "$LOAD" checkout --url "$TODAY_URL" --shoppers 64 --secs "$SECS" --warmup-secs "$WARMUP" \
    --acked "$WORK/today-acked" --prefix "today${round}x" --restock "$WORK/today/market.db" \
    >>"$WORK/today-checkouts"
  "$LOAD" checkout --url "$REF_URL" --shoppers 64 --secs "$SECS" --warmup-secs "$WARMUP" \
    --acked "$WORK/reference-acked" --prefix "ref${round}x" >>"$WORK/reference-checkouts"
  echo "round $round: today $(field checkouts_per_s <"$WORK/today-checkouts")/s," \
    "$REFERENCE_COMMIT $(field checkouts_per_s <"$WORK/reference-checkouts")/s" >&2
done
kill "$TODAY_PID" "$REF_PID" 2>/dev/null || true
wait "$TODAY_PID" "$REF_PID" 2>/dev/null || true

# Per round, and the median of each side.
rounds_of() { sed -n 's/.* checkouts_per_s=\([^ ]*\).*/\1/p' "$1"; }
all_of() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" "$1"; }
TODAY_RPS=$(rounds_of "$WORK/today-checkouts" | median)
REF_RPS=$(rounds_of "$WORK/reference-checkouts" | median)
TODAY_P99=$(all_of "$WORK/today-checkouts" p99_ms | median)
REF_P99=$(all_of "$WORK/reference-checkouts" p99_ms | median)
REF_FAILURES=$(all_of "$WORK/today-checkouts" failures | awk '{ s += $1 } END { print s + 0 }')
REF_FAILURES=$((REF_FAILURES + $(all_of "$WORK/reference-checkouts" failures | awk '{ s += $1 } END { print s + 0 }')))
REFERENCE_RATIO=$(awk -v t="$TODAY_RPS" -v r="$REF_RPS" 'BEGIN { printf "%.2f", t / r }')
REFERENCE_MET=$(awk -v x="$REFERENCE_RATIO" -v t="$REFERENCE_TARGET" 'BEGIN { print (x >= t) ? "yes" : "**no**" }')
REFERENCE_ROWS+=("| checkout: 2 cart adds + order, 64 shoppers (checkouts/s) | $(printf '%.0f' "$TODAY_RPS") | $(printf '%.0f' "$REF_RPS") | $REFERENCE_RATIO | ≥ $REFERENCE_TARGET | $REFERENCE_MET | $TODAY_P99 / $REF_P99 | $REF_FAILURES |")
REFERENCE_ROUNDS=$(paste -d/ <(rounds_of "$WORK/today-checkouts" | xargs printf '%.0f\n') \
  <(rounds_of "$WORK/reference-checkouts" | xargs printf '%.0f\n') | paste -sd, - | sed 's/,/, /g')
echo "today $TODAY_RPS/s, $REFERENCE_COMMIT $REF_RPS/s: $REFERENCE_RATIO ($REFERENCE_MET)" >&2
