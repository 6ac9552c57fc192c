#!/usr/bin/env bash
# `make bench`: the release binary against nginx serving byte-for-byte the same answers,
# side by side in one run, over loopback with wrk. Writes target/bench/report.md, and
# puts it into docs/performance.md below its marker line, with the date, the machine and
# the commit (scripts/bench/write-performance.sh); the reading above the marker stays.
#
#   BENCH_SECS=10 BENCH_WARMUP=3 BENCH_ROUNDS=5 scripts/bench/run.sh
#   BENCH_CLUSTER_SECS=30                             each of the cluster's three checkout runs
#   BENCH_BIN=/path/to/market scripts/bench/run.sh    another build of the store, as it is
#   BENCH_SCALE_PRODUCTS=1000000 BENCH_SCALE_SECS=4    the scale section's catalog (0: skip it)
#   BENCH_POSTGRES=0                                  skip the PostgreSQL section and the cluster row
#   BENCH_REFERENCE=0                                 skip the checkouts against 10e4af0's binary (reference.sh)
#   BENCH_COLD_QUERIES=200                            distinct queries a kind asked for the first time
#
# Absolute numbers depend on the machine and on whatever else runs on it; the ratio to
# nginx, measured in turns on the same cores, is the figure to read.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The commit the run measures, taken before anything is built.
COMMIT=$(scripts/bench/write-performance.sh --commit)

SECS=${BENCH_SECS:-10}
# Each of the cluster's three checkout runs, one of them with a replica restarted.
CLUSTER_SECS=${BENCH_CLUSTER_SECS:-30}
WARMUP=${BENCH_WARMUP:-3}
ROUNDS=${BENCH_ROUNDS:-5}
THREADS=2
CONNECTIONS=64
OUT=target/bench
BIN=${BENCH_BIN:-target/release/market}
LUA=scripts/bench/wrk.lua

say() { printf '\n== %s\n' "$*" >&2; }

# wrk and nginx are Debian packages; installed here when missing, as `make test` does
# for Chromium.
need() {
  local tool=$1 package=$2
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing $package"
    apt-get install -y -qq "$package" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$package" >/dev/null; }
  else
    echo "make bench needs $tool: install the Debian package '$package' (sudo apt-get install $package)" >&2
    exit 1
  fi
}
need wrk wrk
need nginx nginx
need curl curl
need /usr/bin/time time
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

say "building the load client and the release binary"
# The load client first: `cargo bench` also links target/release/market (with the
# dev-dependencies' features), and the release build after it puts the real one back.
LOAD=$(cargo bench --locked --bench load --no-run --message-format=json |
  grep -o '"executable":"[^"]*/deps/load-[^"]*"' | cut -d'"' -f4)
[ -x "$LOAD" ] || { echo "could not build benches/load.rs" >&2; exit 1; }
[ -n "${BENCH_BIN:-}" ] || cargo build --release --locked --bin market

WORK=$(mktemp -d /tmp/market-bench.XXXXXX)
STORE_PID="" NGINX_PID="" BIG_PID="" PG_STORE_PID="" CLUSTER_PID="" DEMO_PID=""
cleanup() {
  # A step that failed may leave its helpers running (a memory sampler waiting for a
  # file that will never come): they go first, or the wait below would never end.
  jobs -p | xargs -r kill 2>/dev/null || true
  [ -n "$STORE_PID" ] && kill "$STORE_PID" 2>/dev/null || true
  [ -n "$DEMO_PID" ] && kill "$DEMO_PID" 2>/dev/null || true
  [ -n "$BIG_PID" ] && kill "$BIG_PID" 2>/dev/null || true
  [ -n "$PG_STORE_PID" ] && kill "$PG_STORE_PID" 2>/dev/null || true
  [ -n "$CLUSTER_PID" ] && kill -INT "$CLUSTER_PID" 2>/dev/null || true
  scripts/postgres/server.sh stop "$WORK/postgres" >/dev/null 2>&1 || true
  scripts/postgres/server.sh stop "$WORK/postgres-big" >/dev/null 2>&1 || true
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$OUT"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
field() { sed -n "s/.*[ ]$1=\([^ ]*\).*/\1/p" | tail -1; }

say "start times (median of 5)"
for i in 1 2 3 4 5; do "$LOAD" start --bin "$BIN" --data-dir "$WORK/start$i"; done | field start_ms >"$WORK/cold"
for i in 1 2 3 4 5; do "$LOAD" start --bin "$BIN" --data-dir "$WORK/start1"; done | field start_ms >"$WORK/warm"
COLD_MS=$(median <"$WORK/cold")
WARM_MS=$(median <"$WORK/warm")
echo "cold $COLD_MS ms, warm $WARM_MS ms" >&2

# The store, as `market serve` runs it, on a fresh data dir: its log (events and one
# access line per request) to a file, as an operator keeps it; nginx keeps its buffered
# access log beside it. No rate limits: the load clients sign up 64 shoppers and sign in
# over and over from one address.
STORE_PORT=$("$LOAD" free-port)
STORE=http://127.0.0.1:$STORE_PORT
MARKET_RATE_LIMITS=off "$BIN" serve --addr "127.0.0.1:$STORE_PORT" --data-dir "$WORK/data" \
  --log-file "$WORK/store.log" >"$WORK/store.out" 2>&1 &
STORE_PID=$!
until curl -fs -o /dev/null "$STORE/api/departments"; do sleep 0.05; done

say "a signed-in shopper with a few cart lines and favorites"
# The demo shopper signed in at the store at $1, with five cart lines and three
# favorites; prints the Cookie header that opens that session.
signed_in_cookie() {
  local base=$1 jar
  jar=$(mktemp "$WORK/jar.XXXXXX")
  token() { awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar"; }
  post() { curl -fs -o /dev/null -b "$jar" -c "$jar" -H "XSRF-Token: $(token)" -H 'Content-Type: application/json' -d "$2" "$base$1"; }
  curl -fs -o /dev/null -b "$jar" -c "$jar" "$base/api/session"
  post /api/session '{"credential":"demo","password":"password"}'
  for id in 51 61 7 88 120; do post /api/cart "{\"productId\":$id}"; done
  for id in 51 61 33; do post /api/favorites "{\"productId\":$id}"; done
  awk '$6 == "market_session" || $6 == "XSRF-TOKEN" { printf "%s%s=%s", sep, $6, $7; sep = "; " }' "$jar"
}
COOKIE=$(signed_in_cookie "$STORE")

BUNDLE=$(curl -fs "$STORE/" | grep -o 'src="/static/main-[^"]*\.js"' | cut -d'"' -f2)

# name|path|compressed|signed in
CASES=(
  "GET /api/departments|/api/departments|no|no"
  "GET /api/departments/5/products|/api/departments/5/products|no|no"
  "GET /api/departments/5/products (gzip, as browsers ask)|/api/departments/5/products|yes|no"
  "GET /api/products/51|/api/products/51|no|no"
  "GET /api/products/51/reviews|/api/products/51/reviews|no|no"
  "GET / (gzip)|/|yes|no"
  "GET main JS bundle (gzip)|$BUNDLE|yes|no"
  "GET /api/cart (signed in)|/api/cart|no|yes"
  "GET /api/favorites (signed in)|/api/favorites|no|yes"
)

say "nginx serving the store's own answers"
WWW=$WORK/www
mkdir -p "$WWW" "$WORK/nginx"
NGINX_PORT=$("$LOAD" free-port)
NGINX_URL=http://127.0.0.1:$NGINX_PORT
LOCATIONS=""
# nginx's files are named by the number of the first case with their path, which
# holds the plain answer and, for a compressed case, the gzip one beside it.
slot() {
  local i
  for i in "${!CASES[@]}"; do [ "$(cut -d'|' -f2 <<<"${CASES[$i]}")" = "$1" ] && { echo $((i + 1)); return; }; done
}
for case in "${CASES[@]}"; do
  IFS='|' read -r name path gzip signed <<<"$case"
  n=$(slot "$path")
  args=(-fs -D "$WORK/headers$n")
  [ "$signed" = yes ] && args+=(-H "Cookie: $COOKIE")
  if [ ! -e "$WWW/$n" ]; then
    curl "${args[@]}" -o "$WWW/$n" "$STORE$path"
    type=$(sed -n 's/^[Cc]ontent-[Tt]ype: *\(.*\)\r$/\1/p' "$WORK/headers$n")
    LOCATIONS+="
    location = $path { default_type \"$type\"; try_files /$n =404; }"
  fi
  if [ "$gzip" = yes ]; then
    # What the store sends to a client that accepts gzip, as nginx's precompressed copy.
    curl "${args[@]}" -H 'Accept-Encoding: gzip' -o "$WWW/$n.gz" "$STORE$path"
    grep -qi '^content-encoding: gzip' "$WORK/headers$n" || echo "warning: the store did not gzip $path" >&2
  fi
done
chmod -R a+rX "$WORK"
cat >"$WORK/nginx/nginx.conf" <<EOF
$([ "$(id -u)" = 0 ] && echo "user root;")
worker_processes 2;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log $WORK/nginx/access.log combined buffer=64k flush=1s;
  types { }
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  fastcgi_temp_path $WORK/nginx/fastcgi;
  uwsgi_temp_path $WORK/nginx/uwsgi;
  scgi_temp_path $WORK/nginx/scgi;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WWW;$LOCATIONS
  }
}
EOF
"$NGINX" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" &
NGINX_PID=$!
until curl -fs -o /dev/null "$NGINX_URL/api/departments"; do sleep 0.05; done
NGINX_PIDS="$NGINX_PID $(awk -v parent="$NGINX_PID" '$4 == parent { print $1 }' /proc/[0-9]*/stat 2>/dev/null | xargs)"
for case in "${CASES[@]}"; do
  IFS='|' read -r name path gzip signed <<<"$case"
  n=$(slot "$path")
  enc=()
  [ "$gzip" = yes ] && enc=(-H 'Accept-Encoding: gzip')
  cmp -s "$WWW/$n" <(curl -fs "$NGINX_URL$path") || { echo "nginx does not answer the store's bytes for $path" >&2; exit 1; }
  [ "$gzip" = yes ] && { cmp -s "$WWW/$n.gz" <(curl -fs "${enc[@]}" "$NGINX_URL$path") || { echo "nginx does not send the store's gzip bytes for $path" >&2; exit 1; }; }
done

# CPU time (user + system) the processes have used so far, in clock ticks.
cpu_ticks() {
  local pid ticks=0
  for pid in "$@"; do ticks=$((ticks + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0))); done
  echo "$ticks"
}
HZ=$(getconf CLK_TCK)

# One wrk run against a server whose processes are $5; prints
# "rps p50 p99 errors cpu_us_per_request".
wrk_run() {
  local url=$1 headers=$2 cookie=$3 secs=$4 pids=$5 line before after
  before=$(cpu_ticks $pids)
  line=$(BENCH_HEADERS=$headers BENCH_COOKIE=$cookie wrk -t$THREADS -c$CONNECTIONS -d"${secs}s" -s $LUA "$url" | grep '^BENCH')
  after=$(cpu_ticks $pids)
  echo "$(field rps <<<"$line") $(field p50_ms <<<"$line") $(field p99_ms <<<"$line")" \
    "$(($(field errors <<<"$line") + $(field non2xx <<<"$line")))" \
    "$(awk -v t=$((after - before)) -v hz="$HZ" -v n="$(field requests <<<"$line")" 'BEGIN { printf "%.1f", t * 1e6 / hz / n }')"
}

# Rounds of "rps p50 p99 errors cpu" summed up: mean rps, median p50, median p99,
# total errors, mean CPU per request.
combine() {
  local rounds=$1
  echo "$(awk '{ s += $1 } END { printf "%.1f", s / NR }' "$rounds")" \
    "$(cut -d' ' -f2 "$rounds" | median)" "$(cut -d' ' -f3 "$rounds" | median)" \
    "$(awk '{ s += $4 } END { print s }' "$rounds")" \
    "$(awk '{ s += $5 } END { printf "%.1f", s / NR }' "$rounds")"
}

# The store and nginx take turns: a warm-up each, then ROUNDS rounds of SECS/ROUNDS
# seconds each, so that a burst of other work on the machine hits both alike.
compare() {
  local path=$1 headers=$2 cookie=$3 round
  wrk_run "$STORE$path" "$headers" "$cookie" "$WARMUP" "$STORE_PID" >/dev/null
  wrk_run "$NGINX_URL$path" "$headers" "$cookie" "$WARMUP" "$NGINX_PIDS" >/dev/null
  for round in $(seq "$ROUNDS"); do
    wrk_run "$STORE$path" "$headers" "$cookie" $((SECS / ROUNDS)) "$STORE_PID" >>"$WORK/store.rounds"
    wrk_run "$NGINX_URL$path" "$headers" "$cookie" $((SECS / ROUNDS)) "$NGINX_PIDS" >>"$WORK/nginx.rounds"
  done
  echo "$(combine "$WORK/store.rounds") $(combine "$WORK/nginx.rounds")"
  rm -f "$WORK/store.rounds" "$WORK/nginx.rounds"
}

ROWS=()
n=0
for case in "${CASES[@]}"; do
  IFS='|' read -r name path gzip signed <<<"$case"
  n=$((n + 1))
  headers="" cookie=""
  [ "$gzip" = yes ] && headers="Accept-Encoding: gzip"
  [ "$signed" = yes ] && cookie=$COOKIE
  say "$name"
  read -r s_rps s_p50 s_p99 s_err s_cpu n_rps _ _ n_err n_cpu <<<"$(compare "$path" "$headers" "$cookie")"
  ratio=$(awk -v s="$s_rps" -v g="$n_rps" 'BEGIN { printf "%.2f", s / g }')
  echo "store $s_rps req/s (p50 $s_p50 ms, p99 $s_p99 ms, $s_err errors, $s_cpu µs CPU each)," \
    "nginx $n_rps req/s ($n_err errors, $n_cpu µs CPU each): $ratio" >&2
  ROWS+=("| $name | $(printf '%.0f' "$s_rps") | $(printf '%.0f' "$n_rps") | $ratio | $s_p50 / $s_p99 | $s_err | $s_cpu / $n_cpu |")
done

# The scale section: the same lists, searches and suggestions on a catalog of a million
# products made by `market seed`, each side by side with the small store's figure for
# its counterpart (page 50 has no counterpart in 12 products: page 1 stands in).
SCALE_PRODUCTS=${BENCH_SCALE_PRODUCTS:-1000000}
SCALE_SECS=${BENCH_SCALE_SECS:-4}
SCALE_ROWS=() COLD_ROWS=() COLD_TYPOS=()
# Distinct queries of each kind the cold probe asks (benches/load/cold.rs).
COLD_QUERIES=${BENCH_COLD_QUERIES:-200}
if [ "$SCALE_PRODUCTS" -gt 0 ]; then
  say "seeding $SCALE_PRODUCTS products"
  SEED_START=$(date +%s.%N)
  /usr/bin/time -f '%M' -o "$WORK/seed.rss" "$BIN" seed --products "$SCALE_PRODUCTS" --data-dir "$WORK/big" >"$WORK/seed.log" 2>&1
  # The back office's owner, made as an operator makes one: on the stopped store.
  BENCH_OWNER_PASSWORD=bench-owner-password
  printf '%s\n' "$BENCH_OWNER_PASSWORD" | "$BIN" staff add benchowner --role owner --data-dir "$WORK/big" >/dev/null
  SEED_S=$(awk -v a="$SEED_START" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  SEED_RSS_MB=$(($(cat "$WORK/seed.rss") / 1024))
  BIG_DB_MB=$(($(stat -c %s "$WORK/big/market.db") / 1048576))
  BIG_PORT=$("$LOAD" free-port)
  BIG=http://127.0.0.1:$BIG_PORT
  BIG_START=$(date +%s%N)
  # No rate limits: the import's checkouts sign up 16 shoppers from one address.
  MARKET_RATE_LIMITS=off "$BIN" serve --addr "127.0.0.1:$BIG_PORT" --data-dir "$WORK/big" --log-file "$WORK/big.log" >"$WORK/big.out" 2>&1 &
  BIG_PID=$!
  until curl -fs -o /dev/null "$BIG/api/departments"; do sleep 0.01; done
  BIG_START_MS=$((($(date +%s%N) - BIG_START) / 1000000))
  SEED_INDEX_S=$(grep 'built the catalog index' "$WORK/seed.log" | grep -o 'seconds=[^ ]*' | tr -dc '0-9.')
  # Before anything else asks it anything: every query a first.
  say "scale: listings, searches and suggestions asked for the first time, one at a time"
  "$LOAD" cold --url "$BIG" --per-kind "$COLD_QUERIES" >"$WORK/cold.sqlite"
  COLD_ROWS+=("$(sed -n 's/^ROW | /| SQLite | /p' "$WORK/cold.sqlite")")
  COLD_TYPOS+=("SQLite $(field typo_found <"$WORK/cold.sqlite") of $(field typo_asked <"$WORK/cold.sqlite")")
  # The pages that carry them, under Lighthouse, each run a page no one asked before.
  say "scale: search and department pages asked for the first time, under Lighthouse"
  (cd web && node quality/scale.mjs "$BIG" 3) >"$WORK/pages.sqlite"
  PAGE_ROWS=$(sed -n 's/^ROW | /| /p' "$WORK/pages.sqlite")
  # name|path on the million|path on the small store|target p99 ms
  SCALE_CASES=()
  for sort in featured price-asc price-desc rating newest; do
    for page in 1 50; do
      small_page=1
      SCALE_CASES+=("department 5, $sort, page $page|/api/departments/5/products?sort=$sort&page=$page|/api/departments/5/products?sort=$sort&page=$small_page|20")
      SCALE_CASES+=("department 5, $sort, page $page, brand Sonora|/api/departments/5/products?sort=$sort&page=$page&brand=Sonora|/api/departments/5/products?sort=$sort&page=$small_page&brand=Sonora|20")
    done
  done
  # Option facets (Size, Colour): Clothing's counts with nothing ticked, then filtered.
  SCALE_CASES+=(
    "department 3 (Clothing), its option facets|/api/departments/3/products|/api/departments/3/products|20"
    "department 3, Size M|/api/departments/3/products?option=Size:M|/api/departments/3/products?option=Size:M|20"
    "department 3, Navy in M, price-asc, page 2|/api/departments/3/products?option=Colour:Navy&option=Size:M&sort=price-asc&page=2|/api/departments/3/products?option=Colour:Navy&option=Size:M&sort=price-asc|20"
    "search: shirt, Size M|/api/search?q=shirt&option=Size:M|/api/search?q=shirt&option=Size:M|20"
  )
  SCALE_CASES+=(
    "search: common word (wireless)|/api/search?q=wireless|/api/search?q=wireless|20"
    "search: rare word (dumbbell)|/api/search?q=dumbbell|/api/search?q=dumbbell|20"
    "suggestions: h|/api/search/suggestions?q=h|/api/search/suggestions?q=h|5"
    "suggestions: he|/api/search/suggestions?q=he|/api/search/suggestions?q=he|5"
    "suggestions: hea|/api/search/suggestions?q=hea|/api/search/suggestions?q=hea|5"
  )
  for case in "${SCALE_CASES[@]}"; do
    IFS='|' read -r name big_path small_path target <<<"$case"
    # A smaller BENCH_SCALE_PRODUCTS may not reach page 50: its last page stands in.
    if [[ $big_path == *"&page=50"* ]]; then
      # (Quoted: bash would read a bare & in the replacement as the matched text.)
      pages=$(curl -fs "$BIG${big_path/"&page=50"/"&page=1"}" | grep -o '"pages":[0-9]*' | cut -d: -f2)
      if [ "$pages" -lt 50 ]; then
        big_path=${big_path/"&page=50"/"&page=$pages"}
        name=${name/"page 50"/"page $pages"}
      fi
    fi
    say "scale: $name"
    # The first answer: nothing kept yet, so this is what the query itself costs.
    first_ms=$(curl -fs -o /dev/null -w '%{time_total}' "$BIG$big_path" | awk '{ printf "%.0f", $1 * 1000 }')
    wrk_run "$BIG$big_path" "" "" 1 "$BIG_PID" >/dev/null
    wrk_run "$STORE$small_path" "" "" 1 "$STORE_PID" >/dev/null
    for round in $(seq "$ROUNDS"); do
      wrk_run "$BIG$big_path" "" "" $((SCALE_SECS > ROUNDS ? SCALE_SECS / ROUNDS : 1)) "$BIG_PID" >>"$WORK/big.rounds"
      wrk_run "$STORE$small_path" "" "" $((SCALE_SECS > ROUNDS ? SCALE_SECS / ROUNDS : 1)) "$STORE_PID" >>"$WORK/small.rounds"
    done
    read -r b_rps b_p50 b_p99 b_err _ s_rps _ _ s_err _ <<<"$(combine "$WORK/big.rounds") $(combine "$WORK/small.rounds")"
    rm -f "$WORK/big.rounds" "$WORK/small.rounds"
    ratio=$(awk -v b="$b_rps" -v s="$s_rps" 'BEGIN { printf "%.2f", b / s }')
    met=$(awk -v p="$b_p99" -v t="$target" -v r="$ratio" 'BEGIN { print (p <= t && r >= 0.5) ? "yes" : "**no**" }')
    echo "million $b_rps req/s (p50 $b_p50 ms, p99 $b_p99 ms, first $first_ms ms), small $s_rps req/s: $ratio ($met)" >&2
    SCALE_ROWS+=("| $name | $(printf '%.0f' "$b_rps") | $(printf '%.0f' "$s_rps") | $ratio | $b_p50 / $b_p99 | ≤ $target | $met | $first_ms | $((b_err + s_err)) |")
  done
  BIG_RSS_MB=$(($(awk '/^VmHWM/ { print $2 }' "/proc/$BIG_PID/status") / 1024))
  # shellcheck source=scripts/bench/back-office.sh
  . scripts/bench/back-office.sh
  kill -TERM "$BIG_PID"
  wait "$BIG_PID" || true

  # A replica that starts without the index (a new one, or one whose folder was lost)
  # builds it while it serves from the database: how long until the index answers, as
  # its /metrics tells, and the memory that took.
  say "scale: a start without the catalog index"
  rm -rf "$WORK/big/catalog-index"
  BIG_START=$(date +%s%N)
  "$BIN" serve --addr "127.0.0.1:$BIG_PORT" --data-dir "$WORK/big" --log-file "$WORK/big-rebuild.log" >"$WORK/big.out" 2>&1 &
  BIG_PID=$!
  until curl -fs -o /dev/null "$BIG/api/departments"; do sleep 0.01; done
  REBUILD_SERVING_MS=$((($(date +%s%N) - BIG_START) / 1000000))
  REBUILD_DURING=$(curl -fs "$BIG/readyz" | grep -o '"search":"[a-z]*"' | cut -d'"' -f4)
  until curl -fs "$BIG/readyz" | grep -q '"search":"index"'; do sleep 0.1; done
  REBUILD_S=$(awk -v a="$BIG_START" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
  REBUILD_METRIC_S=$(curl -fs "$BIG/metrics" | awk '$1 == "market_catalog_index_last_build_seconds" { printf "%.1f", $2 }')
  REBUILD_RSS_MB=$(($(awk '/^VmHWM/ { print $2 }' "/proc/$BIG_PID/status") / 1024))
  kill -TERM "$BIG_PID"
  wait "$BIG_PID" || true
  BIG_PID=""
fi

say "catalog reads while 16 shoppers sign in over and over"
"$LOAD" logins --url "$STORE" --concurrency 16 --secs $((SECS + WARMUP + 2)) >"$WORK/logins" &
LOGINS_PID=$!
sleep 1
wrk_run "$STORE/api/departments" "" "" "$WARMUP" "" >/dev/null
read -r l_rps l_p50 l_p99 l_err _ <<<"$(wrk_run "$STORE/api/departments" "" "" "$SECS" "")"
wait $LOGINS_PID
LOGINS_PER_S=$(field logins_per_s <"$WORK/logins")
ROWS+=("| GET /api/departments, 16 sign-ins at once ($LOGINS_PER_S sign-ins/s) | $(printf '%.0f' "$l_rps") | | | $l_p50 / $l_p99 | $l_err | |")

# A public demo, on a store of its own: its sign-ins beside catalog reads, 10,000 demo
# shoppers alive, and their ending. BENCH_DEMO=0 leaves it out.
DEMO_ROWS=()
if [ "${BENCH_DEMO:-1}" != 0 ]; then
  # shellcheck source=scripts/bench/demo.sh
  . scripts/bench/demo.sh
fi

say "checkout: 64 shoppers each adding two products and placing an order, over and over"
PREFIX=bench$$x
"$LOAD" checkout --url "$STORE" --shoppers 64 --secs "$SECS" --warmup-secs "$WARMUP" \
  --acked "$WORK/acked" --prefix "$PREFIX" --restock "$WORK/data/market.db" | tee "$WORK/checkout" >&2
CHECKOUTS=$(field checkouts_per_s <"$WORK/checkout")
FAILURES=$(field failures <"$WORK/checkout")

# SQLite checkouts against the binary of the reference commit, side by side.
REFERENCE_ROWS=()
if [ "${BENCH_REFERENCE:-1}" != 0 ]; then
  # shellcheck source=scripts/bench/reference.sh
  . scripts/bench/reference.sh
fi

# Checkout's choices, side by side: the checkout page's flow (cart adds, a quote, the
# order at the quote's total) for shoppers who choose nothing and for shoppers with an
# address in Texas, a paid method, a promotion code and Texas's tax, taking turns.
CHOICE_ROWS=() CARD_ROWS=()
# shellcheck source=scripts/bench/checkout-choices.sh
. scripts/bench/checkout-choices.sh

# PostgreSQL beside SQLite: the same binary over a PostgreSQL server on this machine,
# started from Debian's packages with its durable defaults (fsync and synchronous_commit
# on), taking turns with the SQLite store case by case; then checkouts on it, and the
# cluster: three replicas and nginx over another such server.
PG_ROWS=() CLUSTER_ROWS=()
if [ "${BENCH_POSTGRES:-1}" != 0 ]; then
  say "PostgreSQL beside SQLite"
  PG_URL=$(scripts/postgres/server.sh start "$WORK/postgres" --durable)
  PG_PORT=$("$LOAD" free-port)
  PG_STORE=http://127.0.0.1:$PG_PORT
  MARKET_RATE_LIMITS=off "$BIN" serve --addr "127.0.0.1:$PG_PORT" --data-dir "$WORK/pgdata" --database "$PG_URL" \
    --log-file "$WORK/pg-store.log" >"$WORK/pg-store.out" 2>&1 &
  PG_STORE_PID=$!
  until curl -fs -o /dev/null "$PG_STORE/api/departments"; do sleep 0.05; done
  PG_COOKIE=$(signed_in_cookie "$PG_STORE")
  # The store and PostgreSQL's processes (the postmaster and its children), whose CPU
  # time a request on PostgreSQL costs.
  PG_SERVER_PIDS() {
    local master
    master=$(head -1 "$WORK/postgres/data/postmaster.pid")
    echo "$PG_STORE_PID $master $(awk -v parent="$master" '$4 == parent { print $1 }' /proc/[0-9]*/stat 2>/dev/null | xargs)"
  }
  for case in "${CASES[@]}"; do
    IFS='|' read -r name path gzip signed <<<"$case"
    headers="" s_cookie="" p_cookie=""
    [ "$gzip" = yes ] && headers="Accept-Encoding: gzip"
    [ "$signed" = yes ] && s_cookie=$COOKIE p_cookie=$PG_COOKIE
    say "PostgreSQL: $name"
    wrk_run "$STORE$path" "$headers" "$s_cookie" "$WARMUP" "" >/dev/null
    wrk_run "$PG_STORE$path" "$headers" "$p_cookie" "$WARMUP" "" >/dev/null
    for round in $(seq "$ROUNDS"); do
      wrk_run "$STORE$path" "$headers" "$s_cookie" $((SECS / ROUNDS)) "$STORE_PID" >>"$WORK/sqlite.rounds"
      wrk_run "$PG_STORE$path" "$headers" "$p_cookie" $((SECS / ROUNDS)) "$(PG_SERVER_PIDS)" >>"$WORK/pg.rounds"
    done
    read -r s_rps _ s_p99 s_err s_cpu p_rps _ p_p99 p_err p_cpu <<<"$(combine "$WORK/sqlite.rounds") $(combine "$WORK/pg.rounds")"
    rm -f "$WORK/sqlite.rounds" "$WORK/pg.rounds"
    ratio=$(awk -v p="$p_rps" -v s="$s_rps" 'BEGIN { printf "%.2f", p / s }')
    # Catalog reads answer from memory on both engines: within 10% of SQLite's. A
    # signed-in read too, once the replica has its session and answer: at least half.
    target=0.90
    [ "$signed" = yes ] && target=0.50
    met=$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r >= t) ? "≥ " t ": yes" : "≥ " t ": **no**" }')
    echo "sqlite $s_rps req/s (p99 $s_p99 ms), postgres $p_rps req/s (p99 $p_p99 ms): $ratio $met" >&2
    PG_ROWS+=("| $name | $(printf '%.0f' "$s_rps") | $(printf '%.0f' "$p_rps") | $ratio | $met | $s_p99 / $p_p99 | $((s_err + p_err)) | $s_cpu / $p_cpu |")
  done
  say "PostgreSQL: checkout, 64 shoppers"
  PG_PREFIX=benchpg$$x
  "$LOAD" checkout --url "$PG_STORE" --shoppers 64 --secs "$SECS" --warmup-secs "$WARMUP" \
    --acked "$WORK/pg-acked" --prefix "$PG_PREFIX" --restock "$PG_URL" | tee "$WORK/pg-checkout" >&2
  PG_CHECKOUTS=$(field checkouts_per_s <"$WORK/pg-checkout")
  PG_FAILURES=$(field failures <"$WORK/pg-checkout")
  PG_VERIFY=$("$LOAD" verify --db "$PG_URL" --acked "$WORK/pg-acked" --prefix "$PG_PREFIX" || true)
  ratio=$(awk -v p="$PG_CHECKOUTS" -v s="$CHECKOUTS" 'BEGIN { printf "%.2f", p / s }')
  met=$(awk -v r="$ratio" 'BEGIN { print (r >= 0.50) ? "≥ 0.50: yes" : "≥ 0.50: **no**" }')
  PG_ROWS+=("| checkout: 2 cart adds + order, 64 shoppers (checkouts/s) | $CHECKOUTS | $PG_CHECKOUTS | $ratio | $met | | $((FAILURES + PG_FAILURES)) | |")
  kill -TERM "$PG_STORE_PID"
  wait "$PG_STORE_PID" || true
  PG_STORE_PID=""
  scripts/postgres/server.sh stop "$WORK/postgres"

  # The million on PostgreSQL: seeded into another durable server, then the same cold
  # probe on a fresh store over it (cards are read from PostgreSQL, through its socket).
  if [ "$SCALE_PRODUCTS" -gt 0 ]; then
    say "PostgreSQL at scale: seeding $SCALE_PRODUCTS products"
    PG_BIG_URL=$(scripts/postgres/server.sh start "$WORK/postgres-big" --durable)
    PG_SEED_START=$(date +%s.%N)
    "$BIN" seed --products "$SCALE_PRODUCTS" --data-dir "$WORK/pgbig" --database "$PG_BIG_URL" >"$WORK/pg-seed.log" 2>&1
    PG_SEED_S=$(awk -v a="$PG_SEED_START" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    PG_SEED_INDEX_S=$(grep 'built the catalog index' "$WORK/pg-seed.log" | grep -o 'seconds=[^ ]*' | tr -dc '0-9.')
    PG_BIG_PORT=$("$LOAD" free-port)
    PG_BIG=http://127.0.0.1:$PG_BIG_PORT
    PG_BIG_START=$(date +%s%N)
    MARKET_RATE_LIMITS=off "$BIN" serve --addr "127.0.0.1:$PG_BIG_PORT" --data-dir "$WORK/pgbig" --database "$PG_BIG_URL" \
      --log-file "$WORK/pg-big.log" >"$WORK/pg-big.out" 2>&1 &
    PG_STORE_PID=$!
    until curl -fs -o /dev/null "$PG_BIG/api/departments"; do sleep 0.01; done
    PG_BIG_START_MS=$((($(date +%s%N) - PG_BIG_START) / 1000000))
    PG_BIG_SEARCH=$(curl -fs "$PG_BIG/readyz" | grep -o '"search":"[a-z]*"' | cut -d'"' -f4)
    say "PostgreSQL at scale: listings, searches and suggestions asked for the first time, one at a time"
    "$LOAD" cold --url "$PG_BIG" --per-kind "$COLD_QUERIES" >"$WORK/cold.postgres"
    COLD_ROWS+=("$(sed -n 's/^ROW | /| PostgreSQL | /p' "$WORK/cold.postgres")")
    COLD_TYPOS+=("PostgreSQL $(field typo_found <"$WORK/cold.postgres") of $(field typo_asked <"$WORK/cold.postgres")")
    PG_BIG_RSS_MB=$(($(awk '/^VmHWM/ { print $2 }' "/proc/$PG_STORE_PID/status") / 1024))
    kill -TERM "$PG_STORE_PID"
    wait "$PG_STORE_PID" || true
    PG_STORE_PID=""
    scripts/postgres/server.sh stop "$WORK/postgres-big"
  fi

  say "the cluster: three replicas behind nginx, on another durable PostgreSQL"
  # No rate limits, as for the single store: every load client comes through nginx from one address.
  : >"$WORK/cluster.out"
  MARKET_RATE_LIMITS=off python3 scripts/cluster/cluster.py run --port "$("$LOAD" free-port)" >"$WORK/cluster.out" 2>&1 &
  CLUSTER_PID=$!
  # cluster.py's own line, at the start of a line: a failed start prints the replicas'
  # log tails, whose lines say "Market is open at" too, after a timestamp.
  until grep -q "^Market is open at" "$WORK/cluster.out"; do
    kill -0 "$CLUSTER_PID" 2>/dev/null || { cat "$WORK/cluster.out" >&2; echo "the cluster did not start" >&2; exit 1; }
    sleep 0.2
  done
  CLUSTER=$(grep -o '^Market is open at http://[^/ ]*' "$WORK/cluster.out" | awk '{ print $NF }')
  CLUSTER_COOKIE=$(signed_in_cookie "$CLUSTER")
  for case in "GET /api/departments/5/products|/api/departments/5/products|no|no" "GET /api/cart (signed in)|/api/cart|no|yes"; do
    IFS='|' read -r name path gzip signed <<<"$case"
    cookie=""
    [ "$signed" = yes ] && cookie=$CLUSTER_COOKIE
    say "cluster: $name"
    wrk_run "$CLUSTER$path" "" "$cookie" "$WARMUP" "" >/dev/null
    read -r c_rps _ c_p99 c_err _ <<<"$(wrk_run "$CLUSTER$path" "" "$cookie" "$SECS" "")"
    CLUSTER_ROWS+=("| $name, through nginx | $(printf '%.0f' "$c_rps") | $c_p99 | $c_err |")
  done
  CLUSTER_DB=$(grep -o 'PostgreSQL: postgres://[^ ]*' "$WORK/cluster.out" | cut -d' ' -f2)
  # Three runs; in the middle of the second, replica 3 is restarted as a deploy does
  # (cluster.py's SIGUSR1: SIGTERM, then started again). Target: no failed request.
  CLUSTER_VERIFY=()
  for run in 1 2 3; do
    say "cluster: checkout, 64 shoppers through nginx, run $run of 3"
    restart="" restarter=""
    if [ "$run" = 2 ]; then
      restart=", replica 3 restarted (SIGTERM) midway"
      (sleep "$(awk -v w="$WARMUP" -v s="$CLUSTER_SECS" 'BEGIN { print w + s / 2 }')" && kill -USR1 "$CLUSTER_PID") &
      restarter=$!
    fi
    "$LOAD" checkout --url "$CLUSTER" --shoppers 64 --secs "$CLUSTER_SECS" --warmup-secs "$WARMUP" \
      --acked "$WORK/cluster-acked$run" --prefix "benchcl$$x${run}x" --restock "$CLUSTER_DB" | tee "$WORK/cluster-checkout" >&2
    [ -n "$restarter" ] && wait "$restarter"
    failures=$(field failures <"$WORK/cluster-checkout")
    CLUSTER_ROWS+=("| checkout: 2 cart adds + order, 64 shoppers, ${CLUSTER_SECS} s$restart (checkouts/s; target 0 errors) | $(field checkouts_per_s <"$WORK/cluster-checkout") | $(field p99_ms <"$WORK/cluster-checkout") | $failures $( [ "$failures" = 0 ] && echo met || echo '**not met**') |")
    CLUSTER_VERIFY+=("run $run: $("$LOAD" verify --db "$CLUSTER_DB" --acked "$WORK/cluster-acked$run" --prefix "benchcl$$x${run}x" || true)")
  done
  say "cluster: a price changed through replica 1, until every replica answers it"
  printf 'bench-owner-password\n' | "$BIN" staff add benchowner --role owner --database "$CLUSTER_DB" >/dev/null
  REPLICAS=$(grep -o '^replica [0-9]*: *http://[^ ]*' "$WORK/cluster.out" | awk '{ print $NF }' | paste -sd,)
  "$LOAD" propagation --urls "$REPLICAS" --staff benchowner:bench-owner-password --rounds 50 | tee "$WORK/propagation" >&2
  CLUSTER_ROWS+=("| a price change on every replica's product page, 50 changes (p50 / p99 / max ms; target p99 ≤ 1000) | $(field propagation_p50_ms <"$WORK/propagation") / $(field propagation_p99_ms <"$WORK/propagation") / $(field propagation_max_ms <"$WORK/propagation") | | |")
  kill -INT "$CLUSTER_PID"
  wait "$CLUSTER_PID" || true
  CLUSTER_PID=""
  # What explains an error in the rows: the health check taking a replica out (each change
  # reloads nginx), and what nginx itself logged.
  CLUSTER_ROTATION=$(grep -c 'replicas in rotation' "$WORK/cluster.out" || true)
  CLUSTER_NGINX=$(grep -A2 'nginx logged' "$WORK/cluster.out" || echo "nginx logged no errors")
fi

PEAK_RSS_KB=$(awk '/^VmHWM/ { print $2 }' "/proc/$STORE_PID/status")
FIRST_VISIT=$("$LOAD" first-visit --url "$STORE")
kill -TERM "$STORE_PID"
wait "$STORE_PID" || true
STORE_PID=""
VERIFY=$("$LOAD" verify --db "$WORK/data/market.db" --acked "$WORK/acked" --prefix "$PREFIX" || true)
# The events only: an access line holds the client's path, not the server's state.
BUSY=$(grep -v '" [0-9]\{3\} ' "$WORK/store.log" | grep -ciE 'database is locked|SQLITE_BUSY|busy' || true)
ACCESS_LINES=$(grep -c '" [0-9]\{3\} ' "$WORK/store.log" || true)
NGINX_LINES=$(wc -l <"$WORK/nginx/access.log" 2>/dev/null || echo 0)
ROWS+=("| checkout: 2 cart adds + order, 64 shoppers (checkouts/s) | $CHECKOUTS | | | | $FAILURES | |")

{
  echo "Made by \`make bench\` ($COMMIT, $(date -u +%Y-%m-%d), $(nproc) cores):"
  echo "wrk -t$THREADS -c$CONNECTIONS over loopback; per case a ${WARMUP} s warm-up each, then ${SECS} s each in $ROUNDS rounds"
  echo "taking turns with nginx $("$NGINX" -v 2>&1 | cut -d/ -f2) (2 workers) serving the same bytes, each keeping an access log in a file"
  echo "(the store's default log; nginx's buffered access_log, 64 KiB, flushed every second). p50/p99: median over the rounds;"
  echo "CPU: user + system time of the server's processes per request answered (steadier than req/s on a busy machine)."
  echo
  echo "| case | store req/s | nginx req/s | ratio | store p50 / p99 ms | errors | CPU µs/req store / nginx |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${ROWS[@]}"
  echo
  echo "- checkout accounting: $(sed 's/^BENCH //' <<<"$VERIFY"); busy/locked lines in the server log: $BUSY"
  echo "- access lines written: store $ACCESS_LINES, nginx $NGINX_LINES"
  echo "- start until /api/departments answers: ${COLD_MS} ms on an empty data dir (seeding included), ${WARM_MS} ms on an existing database"
  echo "- peak RSS of the server over the whole run: $((PEAK_RSS_KB / 1024)) MB"
  echo "- release binary: $(($(stat -c %s "$BIN") / 1024)) KB"
  echo "- first visit to /, as sent with gzip: $(($(field first_visit_page_gzip <<<" $FIRST_VISIT") / 1024)) KB page (with its own screen's CSS) + $(($(field first_visit_js_gzip <<<" $FIRST_VISIT") / 1024)) KB JS ($(field files <<<" $FIRST_VISIT") script files: the entry, the app modules the page lists and their static imports)"
  if [ ${#REFERENCE_ROWS[@]} -gt 0 ]; then
    echo
    echo "**Against $REFERENCE_COMMIT** (\`scripts/bench/reference.sh\`): today's binary and the binary of $REFERENCE_COMMIT (before stock,"
    echo "variants and the catalog index), each on a fresh seeded folder, taking turns for $ROUNDS rounds of ${SECS} s with the same load"
    echo "client and cart (today's restocked first). Rounds, today / $REFERENCE_COMMIT: $REFERENCE_ROUNDS."
    echo
    echo "| case | today | $REFERENCE_COMMIT | ratio | target | met | p99 ms today / $REFERENCE_COMMIT | failures |"
    echo "|---|---:|---:|---:|:-:|:-:|---:|---:|"
    printf '%s\n' "${REFERENCE_ROWS[@]}"
  fi
  echo
  echo "**Checkout's choices** (\`scripts/bench/checkout-choices.sh\`): 64 shoppers, each checkout two cart adds, a quote and the order"
  echo "at the quote's total; plain (nothing chosen) and full (an address in Texas, a paid method, a 10% code, 8.25% tax) taking turns,"
  echo "$CHOICE_ROUNDS rounds of ${SECS} s each; then one shopper's full quotes one after another (the quote alone)."
  echo "Target: full ≥ 0.9× plain; the quote's p99 ≤ 5 ms alone (under 64 shoppers a quote also waits its turn for the two cores)."
  echo
  echo "| round | plain checkouts/s | full checkouts/s | full / plain | quote p50 / p99 ms (plain) | quote p50 / p99 ms (full) | failures |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${CHOICE_ROWS[@]}"
  echo
  echo "**Paying by card** (the same rounds): plain checkouts with the RedCard, and the same paying with the test card 4242 4242 4242 4242"
  echo "(checked, held, then captured by the test provider). Target: by card ≥ 0.9× by RedCard."
  echo
  echo "| round | RedCard checkouts/s | card checkouts/s | card / RedCard | p99 ms, RedCard / card | failures (card) |"
  echo "|---|---:|---:|---:|---:|---:|"
  printf '%s\n' "${CARD_ROWS[@]}"
  if [ ${#DEMO_ROWS[@]} -gt 0 ]; then
    echo
    echo "**A public demo** (\`market serve --demo\`, \`scripts/bench/demo.sh\`), on a store of its own over a fresh seeded folder: catalog"
    echo "reads of \`$DEMO_READ\` at $DEMO_RATE a second, each sent on time and timed from when it was due (\`load paced\`), alone and while 16 visitors at once"
    echo "press \"Sign in as demo user\" over and over, each in a fresh browser (its own session, a demo shopper made and filled per sign-in;"
    echo "p50 / p99 of the sign-in call); then with $DEMO_SHOPPERS demo shoppers alive, and all of them ended at once (their time set past)."
    echo
    echo "| case | figure | target | met |"
    echo "|---|---:|---:|:-:|"
    printf '%s\n' "${DEMO_ROWS[@]}"
  fi
  if [ ${#PG_ROWS[@]} -gt 0 ]; then
    echo
    echo "**PostgreSQL beside SQLite**: the same binary with \`--database postgres://\` over PostgreSQL $(scripts/postgres/server.sh version 2>/dev/null || echo 15)"
    echo "on this machine (a Unix socket; fsync and synchronous_commit on), taking turns with the SQLite store case by case"
    echo "(${SECS} s each in $ROUNDS rounds, after a ${WARMUP} s warm-up). Catalog reads answer from memory on both engines: target within 10%."
    echo "Signed-in reads and checkouts: target half of SQLite's or better (each replica keeps sessions, carts and favorites, dropped as"
    echo "the change log says). CPU: the store's process (SQLite) or the store's and PostgreSQL's (PostgreSQL) per request."
    echo
    echo "| case | SQLite req/s | PostgreSQL req/s | ratio | target | p99 ms SQLite / PostgreSQL | errors | CPU µs/req SQLite / PostgreSQL |"
    echo "|---|---:|---:|---:|:-:|---:|---:|---:|"
    printf '%s\n' "${PG_ROWS[@]}"
    echo
    echo "- checkout accounting on PostgreSQL: $(sed 's/^BENCH //' <<<"$PG_VERIFY")"
    echo
    echo "**Cluster**: three replicas and nginx (round robin) over another durable PostgreSQL, all on these $(nproc) cores"
    echo "(\`make cluster\`); wrk -t$THREADS -c$CONNECTIONS through nginx, ${SECS} s after a ${WARMUP} s warm-up."
    echo
    echo "| case | req/s | p99 ms | errors |"
    echo "|---|---:|---:|---:|"
    printf '%s\n' "${CLUSTER_ROWS[@]}"
    echo
    echo "- checkout accounting through the cluster: $(printf '%s; ' "${CLUSTER_VERIFY[@]}" | sed 's/BENCH //g; s/; $//')"
    echo "- $(grep -o 'replica [0-9]* restarted.*' "$WORK/cluster.out" || echo "no replica was restarted")"
    echo "- the health check changed the rotation $CLUSTER_ROTATION times during the run; $(sed 's/^cluster: //' <<<"$CLUSTER_NGINX" | tr -s ' \n' ' ')"
  fi
  if [ ${#SCALE_ROWS[@]} -gt 0 ]; then
    echo
    echo "**At scale**: $SCALE_PRODUCTS products made by \`market seed\` in $SEED_S s (peak RSS $SEED_RSS_MB MB, database $BIG_DB_MB MB);"
    echo "\`market serve\` on it answered /api/departments $BIG_START_MS ms after starting and peaked at $BIG_RSS_MB MB RSS."
    echo "Each case against its counterpart on the 156-product store, taking turns (${SCALE_SECS} s each in $ROUNDS rounds, after a 1 s warm-up);"
    echo "targets: p99 within the given ms and at least half the small store's req/s. First: the first answer, before anything is kept."
    echo
    echo "| case | million req/s | small req/s | ratio | p50 / p99 ms | target p99 | met | first ms | errors |"
    echo "|---|---:|---:|---:|---:|---:|:-:|---:|---:|"
    printf '%s\n' "${SCALE_ROWS[@]}"
    echo
    echo "**Asked for the first time**: on a fresh store over the same million (\`load cold\`, \`benches/load/cold.rs\`), $COLD_QUERIES distinct"
    echo "queries a kind built from the catalog's own words, one request at a time, none asked twice, totals and facets exact; ms from"
    echo "asking to the whole answer. The catalog index: built by \`market seed\` in ${SEED_INDEX_S:-?} s on SQLite${PG_SEED_INDEX_S:+, ${PG_SEED_INDEX_S} s on PostgreSQL}."
    echo "A start without it served at once (/api/departments after $REBUILD_SERVING_MS ms, listings from the database: \`$REBUILD_DURING\`)"
    echo "and answered from the index $REBUILD_S s after starting (its build: $REBUILD_METRIC_S s in /metrics), at a peak of $REBUILD_RSS_MB MB RSS."
    if [ -n "${PG_BIG_START_MS:-}" ]; then
      echo "On PostgreSQL: $SCALE_PRODUCTS products seeded in $PG_SEED_S s; the store answered /api/departments $PG_BIG_START_MS ms after"
      echo "starting (search: \`$PG_BIG_SEARCH\`) and peaked at $PG_BIG_RSS_MB MB RSS."
    fi
    echo "Misspelt catalog words (one mistake from 5 letters, two from 9) whose right word's first product is in the first eight:"
    echo "$(IFS=';'; echo "${COLD_TYPOS[*]}" | sed 's/;/; /g') (target 90%)."
    echo
    echo "| engine | kind | n | p50 ms | p99 ms | max ms | target p99 | met | errors |"
    echo "|---|---|---:|---:|---:|---:|---:|:-:|---:|"
    printf '%s\n' "${COLD_ROWS[@]}"
    echo
    echo "The pages that carry them on the same store (SQLite), under Lighthouse as the quality stage runs it (mobile, simulated"
    echo "throttling; \`web/quality/scale.mjs\`), 3 runs a kind, each run another search or page no one had asked for: the median run's"
    echo "performance (every run's in brackets) and LCP, the largest CLS of the runs; targets performance 95, LCP 1.8 s, CLS 0.02."
    echo
    echo "| kind | first page | performance | LCP | CLS | TBT | met |"
    echo "|---|---|---:|---:|---:|---:|:-:|"
    echo "$PAGE_ROWS"
    echo
    echo "**The back office at scale**, on the same store (\`scripts/bench/back-office.sh\`): the product list one request at a time over"
    echo "40 distinct pages or queries a case (the back office keeps no answer, so each is what its query costs), p50 / p99 in ms;"
    echo "the catalog's CSV export and its import back with every price changed, with 16 shoppers checking out beside the import."
    echo
    echo "| case | figure | target | met |"
    echo "|---|---:|---:|:-:|"
    printf '%s\n' "${BACK_OFFICE_ROWS[@]}"
  fi
} >"$OUT/report.md"
echo
cat "$OUT/report.md"
BENCH_COMMIT=$COMMIT scripts/bench/write-performance.sh "$OUT/report.md" docs/performance.md
