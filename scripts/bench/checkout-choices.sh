# Sourced by run.sh, with the SQLite store running at $STORE: checkouts that quote first,
# plain, with every choice and paying by test card, taking turns for $CHOICE_ROUNDS
# rounds; fills CHOICE_ROWS and CARD_ROWS.
CHOICE_ROUNDS=${BENCH_CHOICE_ROUNDS:-4}
plain_sum=0 full_sum=0 card_sum=0 quote_p99_max=0
for round in $(seq 1 "$CHOICE_ROUNDS"); do
  for kind in quoted full card; do
    say "checkout's choices, round $round: $kind"
    "$LOAD" checkout --url "$STORE" --shoppers 64 --secs "$SECS" --warmup-secs "$WARMUP" --choices "$kind" \
      --acked "$WORK/acked-$kind-$round" --prefix "bench$$$kind$round" --restock "$WORK/data/market.db" \
      | tee "$WORK/checkout-$kind-$round" >&2
  done
  plain=$(field checkouts_per_s <"$WORK/checkout-quoted-$round")
  full=$(field checkouts_per_s <"$WORK/checkout-full-$round")
  card=$(field checkouts_per_s <"$WORK/checkout-card-$round")
  card_sum=$(awk -v a="$card_sum" -v b="$card" 'BEGIN { print a + b }')
  CARD_ROWS+=("| $round | $plain | $card | $(awk -v c="$card" -v p="$plain" 'BEGIN { printf "%.2f", c / p }') | $(field p99_ms <"$WORK/checkout-quoted-$round") / $(field p99_ms <"$WORK/checkout-card-$round") | $(field failures <"$WORK/checkout-card-$round") |")
  plain_sum=$(awk -v a="$plain_sum" -v b="$plain" 'BEGIN { print a + b }')
  full_sum=$(awk -v a="$full_sum" -v b="$full" 'BEGIN { print a + b }')
  quote_p99=$(field quote_p99_ms <"$WORK/checkout-full-$round")
  quote_p99_max=$(awk -v a="$quote_p99_max" -v b="$quote_p99" 'BEGIN { print (b > a) ? b : a }')
  failures=$(($(field failures <"$WORK/checkout-quoted-$round") + $(field failures <"$WORK/checkout-full-$round")))
  CHOICE_ROWS+=("| $round | $plain | $full | $(awk -v f="$full" -v p="$plain" 'BEGIN { printf "%.2f", f / p }') | $(field quote_p50_ms <"$WORK/checkout-quoted-$round") / $(field quote_p99_ms <"$WORK/checkout-quoted-$round") | $(field quote_p50_ms <"$WORK/checkout-full-$round") / $quote_p99 | $failures |")
done
say "the quote alone: one shopper's quotes with every choice, one after another"
"$LOAD" quotes --url "$STORE" --db "$WORK/data/market.db" --prefix "bench$$quotes" --secs "$SECS" \
  | tee "$WORK/quotes" >&2
QUOTE_ALONE_P50=$(field quote_p50_ms <"$WORK/quotes")
QUOTE_ALONE_P99=$(field quote_p99_ms <"$WORK/quotes")
ratio=$(awk -v f="$full_sum" -v p="$plain_sum" 'BEGIN { printf "%.2f", f / p }')
met=$(awk -v r="$ratio" -v q="$QUOTE_ALONE_P99" 'BEGIN { print (r >= 0.9 && q <= 5) ? "met" : "NOT met" }')
CHOICE_ROWS+=("| all | $(awk -v s="$plain_sum" -v n="$CHOICE_ROUNDS" 'BEGIN { printf "%.1f", s / n }') | $(awk -v s="$full_sum" -v n="$CHOICE_ROUNDS" 'BEGIN { printf "%.1f", s / n }') | $ratio | alone: $QUOTE_ALONE_P50 / $QUOTE_ALONE_P99 | under load, worst p99: $quote_p99_max | $met |")
card_ratio=$(awk -v c="$card_sum" -v p="$plain_sum" 'BEGIN { printf "%.2f", c / p }')
CARD_ROWS+=("| all | $(awk -v s="$plain_sum" -v n="$CHOICE_ROUNDS" 'BEGIN { printf "%.1f", s / n }') | $(awk -v s="$card_sum" -v n="$CHOICE_ROUNDS" 'BEGIN { printf "%.1f", s / n }') | $card_ratio | | $(awk -v r="$card_ratio" 'BEGIN { print (r >= 0.9) ? "met" : "NOT met" }') |")
