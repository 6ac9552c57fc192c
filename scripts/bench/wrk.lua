-- wrk script for `make bench`: sends the cookies in $BENCH_COOKIE (when set) and the
-- headers in $BENCH_HEADERS ("Name: value|Name: value"), then prints one summary line
-- that scripts/bench/run.sh parses.

local cookie = os.getenv("BENCH_COOKIE")
if cookie and cookie ~= "" then
  wrk.headers["Cookie"] = cookie
end
local extra = os.getenv("BENCH_HEADERS")
if extra and extra ~= "" then
  for name, value in extra:gmatch("([^:|]+):%s*([^|]+)") do
    wrk.headers[name] = value
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "BENCH rps=%.1f p50_ms=%.3f p99_ms=%.3f requests=%d errors=%d non2xx=%d bytes=%d\n",
    summary.requests / seconds,
    latency:percentile(50) / 1000,
    latency:percentile(99) / 1000,
    summary.requests,
    e.connect + e.read + e.write + e.timeout,
    e.status,
    summary.bytes))
end
