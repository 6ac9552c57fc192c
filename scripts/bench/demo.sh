# A public demo (`market serve --demo`), sourced by run.sh: a store of its own over a
# fresh seeded data folder, rate limits off (every visitor comes from this machine).
# Appends to DEMO_ROWS:
# - catalog reads at a fixed rate (`load paced`), and as fast as wrk asks, alone, then
#   while 16 visitors at once press "Sign in as demo user" over and over, each in a
#   fresh browser (a demo shopper made and filled per sign-in), with the sign-ins' own
#   p50 / p99; then while the 16 sign in at a steady 50 a second between them, and alone
#   again (how far two runs alone differ);
# - the same reads with 10,000 demo shoppers alive, the server's memory, and what each
#   demo shopper costs the database file;
# - all 10,000 ended at once (their time set past): how long the sweeper takes, and
#   the rows left against those before the first sign-in.
# BENCH_DEMO_SHOPPERS sets the 10,000.

DEMO_ROWS=()
DEMO_SHOPPERS=${BENCH_DEMO_SHOPPERS:-10000}
DEMO_PORT=$("$LOAD" free-port)
DEMO=http://127.0.0.1:$DEMO_PORT
DEMO_DB=$WORK/demo/market.db
MARKET_RATE_LIMITS=off "$BIN" serve --demo --addr "127.0.0.1:$DEMO_PORT" --data-dir "$WORK/demo" \
  --log-file "$WORK/demo.log" >"$WORK/demo.out" 2>&1 &
DEMO_PID=$!
until curl -fs -o /dev/null "$DEMO/api/departments"; do sleep 0.05; done
DEMO_READ=/api/departments/5/products

# SQL on the demo store's file beside the server (SQLite takes turns; a second's wait
# covers the server's group commits). Prints each row's columns, space-separated.
demo_sql() {
  python3 - "$DEMO_DB" "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=30)
rows = db.execute(sys.argv[2]).fetchall()
db.commit()
for row in rows:
    print(*row)
PY
}
# The rows a demo shopper makes, store-wide, and the file's pages in use.
DEMO_COUNTS="SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM favorites), (SELECT count(*) FROM cart_items),
  (SELECT count(*) FROM orders), (SELECT count(*) FROM order_items), (SELECT count(*) FROM reviews),
  (SELECT count(*) FROM sessions WHERE user_id IS NOT NULL), (SELECT sum(stock) FROM products)"
demo_bytes() { demo_sql "SELECT (page_count - freelist_count) * page_size FROM pragma_page_count, pragma_freelist_count, pragma_page_size"; }
COUNTS_BEFORE=$(demo_sql "$DEMO_COUNTS")
BYTES_BEFORE=$(demo_bytes)

# Catalog reads at a fixed rate, as shoppers' browsers send them, each sent on time and
# timed from when it was due (`load paced`): "p50 p99 errors". A wrk run beside them
# would measure the machine's spare capacity, which any other work takes from, not what
# a shopper waits.
DEMO_RATE=${BENCH_DEMO_RATE:-2000}
DEMO_SIGNIN_RATE=50
paced() {
  local line
  line=$("$LOAD" paced --url "$DEMO$DEMO_READ" --rate "$DEMO_RATE" --secs "$1")
  echo "$(field paced_p50_ms <<<"$line") $(field paced_p99_ms <<<"$line") $(field errors <<<"$line")"
}

say "a public demo: catalog reads alone"
paced "$WARMUP" >/dev/null
read -r alone_p50 alone_p99 alone_err <<<"$(paced "$SECS")"
wrk_run "$DEMO$DEMO_READ" "" "" "$WARMUP" "" >/dev/null
read -r alone_rps _ _ _ _ <<<"$(wrk_run "$DEMO$DEMO_READ" "" "" "$SECS" "$DEMO_PID")"

say "a public demo: catalog reads while 16 visitors sign in at once, over and over"
"$LOAD" demo-signins --url "$DEMO" --concurrency 16 --secs $((SECS + 2)) >"$WORK/demo-signins" &
SIGNINS_PID=$!
sleep 1
read -r busy_p50 busy_p99 busy_err <<<"$(paced "$SECS")"
wait "$SIGNINS_PID"
cat "$WORK/demo-signins" >&2

say "a public demo: catalog reads while the 16 sign in at a steady $DEMO_SIGNIN_RATE a second between them"
"$LOAD" demo-signins --url "$DEMO" --concurrency 16 --rate "$DEMO_SIGNIN_RATE" --secs $((SECS + 2)) >"$WORK/demo-signins-steady" &
SIGNINS_PID=$!
sleep 1
read -r steady_p50 steady_p99 steady_err <<<"$(paced "$SECS")"
wait "$SIGNINS_PID"
cat "$WORK/demo-signins-steady" >&2
read -r again_p50 again_p99 _ <<<"$(paced "$SECS")"

# The machine's spare capacity beside such sign-ins: wrk as fast as it can ask, in a run
# of its own, since it takes the cores the sign-ins' own times above are about.
"$LOAD" demo-signins --url "$DEMO" --concurrency 16 --secs $((SECS + 2)) >"$WORK/demo-signins-wrk" &
SIGNINS_PID=$!
sleep 1
read -r busy_rps _ _ _ _ <<<"$(wrk_run "$DEMO$DEMO_READ" "" "" "$SECS" "$DEMO_PID")"
wait "$SIGNINS_PID"
echo "beside wrk: $(cat "$WORK/demo-signins-wrk")" >&2
s_p50=$(field p50_ms <"$WORK/demo-signins") s_p99=$(field p99_ms <"$WORK/demo-signins")
s_rate=$(field demo_signins_per_s <"$WORK/demo-signins") s_failed=$(field failed <"$WORK/demo-signins")
met=$(awk -v p="$s_p99" -v f="$s_failed" 'BEGIN { print (p <= 50 && f == 0) ? "yes" : "**no**" }')
DEMO_ROWS+=("| a demo sign-in (account made and filled), 16 at once, over and over: $s_rate a second | p50 $s_p50 / p99 $s_p99 ms | p99 ≤ 50 ms | $met |")
slower=$(awk -v a="$alone_p99" -v b="$busy_p99" 'BEGIN { printf "%.0f", (b / a - 1) * 100 }')
met=$(awk -v s="$slower" -v e="$busy_err" 'BEGIN { print (s <= 10 && e == 0) ? "yes" : "**no**" }')
DEMO_ROWS+=("| catalog reads ($DEMO_READ, $DEMO_RATE a second) during those sign-ins | p50 $busy_p50 / p99 $busy_p99 ms against $alone_p50 / $alone_p99 alone: p99 $slower% slower | ≤ 10% | $met |")
slower=$(awk -v a="$alone_p99" -v b="$steady_p99" 'BEGIN { printf "%.0f", (b / a - 1) * 100 }')
met=$(awk -v s="$slower" -v e="$steady_err" 'BEGIN { print (s <= 10 && e == 0) ? "yes" : "**no**" }')
DEMO_ROWS+=("| the same reads while the 16 sign in at a steady $DEMO_SIGNIN_RATE a second between them (sign-ins p99 $(field p99_ms <"$WORK/demo-signins-steady") ms) | p50 $steady_p50 / p99 $steady_p99 ms: p99 $slower% slower (alone again afterwards: $again_p50 / $again_p99) | ≤ 10% | $met |")
DEMO_ROWS+=("| the same reads as fast as wrk can ask (the machine's spare capacity, which the sign-ins share), in a run of its own: sign-ins then $(field demo_signins_per_s <"$WORK/demo-signins-wrk") a second, p99 $(field p99_ms <"$WORK/demo-signins-wrk") ms | $(printf '%.0f' "$busy_rps") req/s against $(printf '%.0f' "$alone_rps") alone | | |")

say "a public demo: $DEMO_SHOPPERS demo shoppers alive"
live=$(demo_sql "SELECT count(*) FROM users WHERE demo_ends_at IS NOT NULL")
if [ "$live" -lt "$DEMO_SHOPPERS" ]; then
  "$LOAD" demo-signins --url "$DEMO" --concurrency 16 --secs 900 --count $((DEMO_SHOPPERS - live)) >&2
fi
live=$(demo_sql "SELECT count(*) FROM users WHERE demo_ends_at IS NOT NULL")
read -r full_p50 full_p99 full_err <<<"$(paced "$SECS")"
DEMO_RSS_MB=$(($(awk '/^VmRSS/ { print $2 }' "/proc/$DEMO_PID/status") / 1024))
BYTES_FULL=$(demo_bytes)
PER_SHOPPER_KB=$(awk -v a="$BYTES_BEFORE" -v b="$BYTES_FULL" -v n="$live" 'BEGIN { printf "%.1f", (b - a) / n / 1000 }')
met=$(awk -v a="$alone_p99" -v b="$full_p99" -v e="$full_err" 'BEGIN { print (b <= a * 1.10 && e == 0) ? "yes" : "**no**" }')
DEMO_ROWS+=("| catalog reads ($DEMO_RATE a second) with $live demo shoppers alive | p50 $full_p50 / p99 $full_p99 ms (alone: $alone_p50 / $alone_p99) | p99 within 10% | $met |")
met=$(awk -v r="$DEMO_RSS_MB" 'BEGIN { print (r <= 128) ? "yes" : "**no**" }')
DEMO_ROWS+=("| the server's memory (RSS) with $live demo shoppers alive | $DEMO_RSS_MB MB | ≤ 128 MB | $met |")
met=$(awk -v k="$PER_SHOPPER_KB" 'BEGIN { print (k <= 50) ? "yes" : "**no**" }')
DEMO_ROWS+=("| the database's growth per demo shopper (pages in use) | $PER_SHOPPER_KB KB | ≤ 50 KB | $met |")

say "a public demo: all $live demo shoppers ended at once"
demo_sql "UPDATE users SET demo_ends_at = 1 WHERE demo_ends_at IS NOT NULL" >/dev/null
until [ "$(demo_sql "SELECT count(*) FROM users WHERE demo_ends_at IS NOT NULL")" = 0 ]; do sleep 0.5; done
# The sweeper's own account of the sweep (it looks every minute at --demo-ttl 24h).
sleep 1
SWEEP_S=$(grep 'ended idle demo shoppers' "$WORK/demo.log" | tail -1 | sed -n 's/.*seconds="\{0,1\}\([0-9.]*\).*/\1/p')
COUNTS_AFTER=$(demo_sql "$DEMO_COUNTS")
FREE_MB=$(demo_sql "SELECT freelist_count * page_size / 1000000 FROM pragma_freelist_count, pragma_page_size")
met=$([ "$COUNTS_AFTER" = "$COUNTS_BEFORE" ] && echo yes || echo "**no** ($COUNTS_BEFORE → $COUNTS_AFTER)")
DEMO_ROWS+=("| $live demo shoppers ended: swept in $SWEEP_S s; rows (accounts, favorites, cart lines, orders, order lines, reviews, signed-in sessions, units in stock) | as before the first sign-in; $FREE_MB MB of the file free for reuse | as before | $met |")
kill -TERM "$DEMO_PID"
wait "$DEMO_PID" || true
