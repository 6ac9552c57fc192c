#!/usr/bin/env python3
"""`make soak`: a mixed shopper load for minutes; memory, files and the WAL stay flat.

Against the release binary on a temporary data folder (rate limits off: this is a load
test; the access log on, into a file in that folder), SOAK_WORKERS shoppers in
parallel threads, each signed in to an account of its own (the first is the demo
shopper), browse (departments, a department's products sorted and paged, products,
reviews, search and suggestions), load pages (as a browser does, accepting gzip and
brotli; the API calls ask for identity, to be read), sign out and in, fill and empty carts,
place orders with an `Idempotency-Key` (and send some again), post, edit and delete
reviews, and keep favorites, for SOAK_MINUTES; a staff member restocks through the back
office what they buy, so nothing sells out.

Every minute it prints a row: requests, requests/s, p50 and p99 latency (as the
client measures it, Python included), errors (5xx, connection failures, and any status
a call should not answer: each call lists what it may), the server's resident memory,
open file descriptors, the WAL and the database file. Every 5 s it samples memory,
descriptors and the WAL.

Judged after a warm-up (the first 20% of the run, at least 1 minute when the run is
3 minutes or more), on the samples after it split into thirds:

* memory: the median of the last third <= the median of the first third x 1.10 + 4 MB;
* descriptors: max - min <= 8, not counting the catalog index's files while they are
  written (a segment's six, by a commit or a merge, each open for as long as it is
  written, and closed after: the index reads its segments through memory maps); those
  are judged apart: never more than INDEX_FILES_WRITTEN at once;
* WAL: never above 64 MB, and at the end no larger than its peak in the first third
  + 4 MB (bounded, not growing);
* latency: p99 over the whole run under 20 ms, as the client sees it (the store's own,
  from its access log, is reported beside it, and each call's);
* no errors; SIGTERM exits 0; `PRAGMA integrity_check` is ok; every order answered
  201 is in the file for its shopper with exactly its lines.

The report (the table, the judgement, the totals, the machine) is printed and written
to target/soak/report.md. Python's standard library only.

Environment: MARKET_BIN (default target/release/market), SOAK_MINUTES (default 10, a
float: 1.5 is a smoke run; `--minutes` overrides it), SOAK_WORKERS (default 8).
"""

import argparse
import collections
import json
import math
import os
import platform
import random
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts/lib"))
from browser import Client, NoAnswer  # noqa: E402  (the shared browser, scripts/lib)
from seeded import IN_STOCK  # noqa: E402  (the seed catalog, scripts/lib)
BIN = Path(os.environ.get("MARKET_BIN", ROOT / "target/release/market"))
REPORT = ROOT / "target/soak/report.md"
SAMPLE_EVERY = 5.0
# The catalog index's files open to be written at once, at most: a commit's segment and
# four merges' (tantivy's merge threads), six files each, and its list of segments as it
# is replaced.
INDEX_FILES_WRITTEN = 6 * (1 + 4) + 1
MB = 1024 * 1024
PRODUCTS = range(1, 157)
DEPARTMENTS = range(1, 14)
SEARCH_WORDS = ["lamp", "wireless", "tv", "chair", "head", "coffee", "dumbbell", "creme", "smart",
                "kids", "blue", "steel", "organic", "phone"]
PAGES = ["/departments/5/products/51", "/", "/departments/5", "/search?q=lamp", "/departments/6/products/61"]


class Server:
    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.log_file = os.path.join(data_dir, "market.log")
        self.out_file = os.path.join(data_dir, "server-output.txt")
        self.db_file = os.path.join(data_dir, "market.db")
        self.proc = None
        self.url = None

    def start(self):
        env = {k: v for k, v in os.environ.items() if not k.startswith("MARKET_")}
        env.update({"MARKET_LOG": "info", "NO_COLOR": "1"})
        # The staff member who restocks, made as an operator makes one: on the stopped store.
        subprocess.run([str(BIN), "staff", "add", STAFF, "--role", "staff", "--data-dir", self.data_dir],
                       input=STAFF_PASSWORD + "\n", text=True, env=env, check=True, capture_output=True)
        with open(self.out_file, "ab") as out:
            self.proc = subprocess.Popen(
                [str(BIN), "serve", "--addr", "127.0.0.1:0", "--data-dir", self.data_dir,
                 "--log-file", self.log_file, "--rate-limits", "off", "--shutdown-delay", "0s"],
                stdout=out, stderr=subprocess.STDOUT, env=env,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = re.search(r"Market is open at (http://\S+)", read_text(self.log_file, 20000))
            if found:
                self.url = found.group(1).rstrip("/")
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        sys.exit("the server did not start:\n" + read_text(self.out_file) + read_text(self.log_file, 5000))

    def sample(self):
        """(resident MB, open descriptors, WAL MB, database MB, the index's files being
        written), None where unreadable; the descriptors do not count those files."""
        pid = self.proc.pid
        rss = fds = written = None
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        rss = int(line.split()[1]) / 1024
        except OSError:
            pass
        try:
            fds, written = self.descriptors(pid)
        except OSError:
            pass
        return rss, fds, file_mb(self.db_file + "-wal"), file_mb(self.db_file), written

    def descriptors(self, pid):
        """(open descriptors, of which the catalog index's files being written): its
        lock files stay open and count with the rest."""
        index = os.path.join(self.data_dir, "catalog-index") + os.sep
        fds = written = 0
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue  # closed since the listing
            if target.startswith(index) and not target.endswith(".lock"):
                written += 1
            else:
                fds += 1
        return fds, written

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return "no exit within 60 s of SIGTERM (killed)"


def read_text(path, limit=None):
    try:
        with open(path, "rb") as f:
            return f.read(limit).decode(errors="replace") if limit else f.read().decode(errors="replace")
    except OSError:
        return ""


def file_mb(path):
    try:
        return os.path.getsize(path) / MB
    except OSError:
        return 0.0


# ----------------------------------------------------------------------------------
# What the shoppers see, minute by minute.

class Stats:
    def __init__(self, started):
        self.started = started
        self.lock = threading.Lock()
        self.latencies = collections.defaultdict(list)  # minute -> seconds
        self.errors = collections.defaultdict(collections.Counter)  # minute -> kind -> n
        self.calls = collections.Counter()  # (call, status) -> n
        self.call_latencies = collections.defaultdict(list)  # call -> seconds
        self.examples = []  # the first errors, in full

    def record(self, call, status, latency, ok, detail=""):
        """One request (`latency` None: not a request, a wrong answer found afterwards)."""
        minute = int((time.monotonic() - self.started) // 60)
        if latency is not None:
            self.latencies[minute].append(latency)
            self.calls[(call, status)] += 1
            self.call_latencies[call].append(latency)
        if not ok:
            kind = "connection" if status is None else ("5xx" if status >= 500 else "unexpected")
            with self.lock:
                self.errors[minute][kind] += 1
                if len(self.examples) < 20:
                    when = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
                    self.examples.append(f"{when} {call}: {status if status is not None else 'no answer'} {detail}")


ACCESS = re.compile(r'"([A-Z]+) (\S+)" \d{3} \S+ ([0-9.]+)ms$', re.M)


def served_times(log_text):
    """Each call's times as the store's access log has them (ms), by call."""
    served = collections.defaultdict(list)
    for method, target, ms in ACCESS.findall(log_text):
        served[f"{method} {template(target)}"].append(float(ms))
    return served


def template(path):
    path = path.split("?", 1)[0]
    return re.sub(r"/[0-9]+(?=/|$)", "/{id}", path)


class Shopper:
    """A signed-in shopper with their own account, making sequential requests."""

    def __init__(self, server, stats, n, dept_sizes):
        self.server, self.stats, self.dept_sizes = server, stats, dept_sizes
        self.client = Client(server.url)
        if n == 0:
            self.name, self.password, self.new = "demo", "password", False
        else:
            self.name, self.password, self.new = f"soak{n}x{uuid.uuid4().hex[:8]}", "soak-password", True
        self.user_id = None
        self.cart = {}  # cartId -> productId
        self.favorites = {}  # productId -> favoriteId
        self.reviews = {}  # productId -> review id
        self.orders = {}  # order id -> sorted product ids, acknowledged 201
        self.last_order = None  # (key, body, id) to send again

    def call(self, method, path, expected, body=None, headers=None, accept="application/json"):
        """One request; counts it, and as an error unless its status is in `expected`."""
        call = f"{method} {template(path)}"
        started = time.monotonic()
        try:
            a = self.client.call(method, path, body, headers, accept)
        except NoAnswer as e:
            self.stats.record(call, None, time.monotonic() - started, False, str(e))
            return None
        ok = a.status in expected
        self.stats.record(call, a.status, time.monotonic() - started, ok,
                          "" if ok else f"{path} {a.body[:200]!r}")
        return a if ok else None

    def start(self):
        self.call("GET", "/api/session", {200})
        if self.new:
            a = self.call("POST", "/api/users", {201}, {
                "firstName": "Soak", "lastName": "Shopper", "username": self.name,
                "email": f"{self.name}@example.com", "password": self.password,
            })
        else:
            a = self.call("POST", "/api/session", {200}, {"credential": self.name, "password": self.password})
        if a is None:
            sys.exit(f"{self.name} could not sign up or in")
        self.user_id = a.json()["user"]["id"]

    # Browsing.

    def departments(self):
        self.call("GET", "/api/departments", {200})

    def department_products(self):
        d = random.choice(DEPARTMENTS)
        limit = random.choice([4, 6, 12, 48])
        pages = max(1, math.ceil(self.dept_sizes.get(d, 1) / limit))
        sort = random.choice(["featured", "price-asc", "price-desc", "rating", "newest"])
        query = {"sort": sort, "page": random.randint(1, pages), "limit": limit}
        if random.random() < 0.2:  # narrowed: its first page, then maybe another of its pages
            query.update(minRating=random.choice([1, 2, 3, 4]), page=1)
        a = self.call("GET", f"/api/departments/{d}/products?{urllib.parse.urlencode(query)}", {200})
        if a is not None and "minRating" in query and a.json()["pages"] > 1 and random.random() < 0.5:
            query["page"] = random.randint(2, a.json()["pages"])
            # Reviews posted and deleted meanwhile move ratings: the narrowed list may have
            # fewer pages now, and a page past its end is a 400 by the rules.
            self.call("GET", f"/api/departments/{d}/products?{urllib.parse.urlencode(query)}", {200, 400})

    def product(self):
        p = random.choice(PRODUCTS)
        self.call("GET", f"/api/products/{p}", {200})
        if random.random() < 0.5:
            self.call("GET", f"/api/products/{p}/reviews", {200})

    def search(self):
        q = random.choice(SEARCH_WORDS)
        if random.random() < 0.2:
            q += " " + random.choice(SEARCH_WORDS)
        query = {"q": q, "sort": random.choice(["relevance", "price-asc", "rating", "newest"]), "limit": 12}
        a = self.call("GET", f"/api/search?{urllib.parse.urlencode(query)}", {200})
        if a is not None and random.random() < 0.3:
            pages = a.json()["pages"]
            if pages > 1:
                query["page"] = random.randint(2, pages)
                self.call("GET", f"/api/search?{urllib.parse.urlencode(query)}", {200})

    def suggestions(self):
        word = random.choice(SEARCH_WORDS)
        self.call("GET", f"/api/search/suggestions?{urllib.parse.urlencode({'q': word[:random.randint(1, 3)]})}",
                  {200})

    def page(self):
        self.call("GET", random.choice(PAGES), {200}, accept="text/html")

    # Signing out and in.

    def sign_out_in(self):
        self.call("DELETE", "/api/session", {200})
        a = self.call("POST", "/api/session", {200}, {"credential": self.name, "password": self.password})
        if a is None:  # counted; try once more so the shopper goes on shopping
            self.call("GET", "/api/session", {200})
            self.call("POST", "/api/session", {200}, {"credential": self.name, "password": self.password})

    # The cart and orders.

    def cart_add(self):
        if len(self.cart) >= 50:
            return self.cart_remove()
        a = self.call("POST", "/api/cart", {201}, {"productId": random.choice(IN_STOCK)})
        if a is not None:
            line = a.json()
            self.cart[line["cartId"]] = line["productId"]

    def cart_remove(self):
        if not self.cart:
            return self.cart_add()
        cart_id = random.choice(list(self.cart))
        if self.call("DELETE", f"/api/cart/{cart_id}", {200}) is not None:
            del self.cart[cart_id]

    def order(self):
        if self.last_order is not None and random.random() < 0.1:
            key, body, order_id = self.last_order
            a = self.call("POST", "/api/orders", {201}, body, {"Idempotency-Key": key})
            if a is not None and (a.json()["id"] != order_id or a.headers.get("idempotent-replayed") != "true"):
                self.stats.record("POST /api/orders (replay)", a.status, None, False,
                                  f"sent again, answered order {a.json()['id']} (first {order_id}), "
                                  f"Idempotent-Replayed: {a.headers.get('idempotent-replayed')}")
            return
        while len(self.cart) < random.randint(1, 4):
            self.cart_add()
        a = self.call("GET", "/api/cart", {200})
        if a is None:
            return
        cart = a.json()
        self.cart = {line["cartId"]: line["productId"] for line in cart["Products"]}
        if not self.cart:
            return
        body = {"total": cart["total"], "products": [{"productId": p} for p in self.cart.values()]}
        key = str(uuid.uuid4())
        a = self.call("POST", "/api/orders", {201}, body, {"Idempotency-Key": key})
        if a is not None:
            placed = a.json()
            self.orders[placed["id"]] = sorted(p["id"] for p in placed["Products"])
            self.last_order = (key, body, placed["id"])
            self.cart = {}

    # Reviews and favorites.

    def review(self):
        if self.reviews and random.random() < 0.15:  # a second review of one product: 409
            self.call("POST", f"/api/products/{random.choice(list(self.reviews))}/reviews", {409}, REVIEW)
            return
        if self.reviews and (len(self.reviews) > 20 or random.random() < 0.4):
            product = random.choice(list(self.reviews))
            if random.random() < 0.3:
                self.call("PUT", f"/api/reviews/{self.reviews[product]}", {200}, {**REVIEW, "rating": random.randint(1, 5)})
            elif self.call("DELETE", f"/api/reviews/{self.reviews[product]}", {200}) is not None:
                del self.reviews[product]
            return
        product = random.choice([p for p in PRODUCTS if p not in self.reviews])
        a = self.call("POST", f"/api/products/{product}/reviews", {201}, {**REVIEW, "rating": random.randint(1, 5)})
        if a is not None:
            self.reviews[product] = a.json()["id"]

    def favorite(self):
        r = random.random()
        if r < 0.25:
            self.call("GET", "/api/favorites", {200})
        elif self.favorites and (r < 0.55 or len(self.favorites) > 30):
            product = random.choice(list(self.favorites))
            if self.call("DELETE", f"/api/favorites/{self.favorites[product]}", {200}) is not None:
                del self.favorites[product]
        else:
            product = random.choice(PRODUCTS)
            a = self.call("POST", "/api/favorites", {200}, {"productId": product})
            if a is not None:
                self.favorites[product] = a.json()["favoriteId"]

    MIX = [("departments", 6), ("department_products", 14), ("product", 14), ("search", 10), ("suggestions", 4),
           ("page", 6), ("cart_add", 8), ("cart_remove", 4), ("order", 3), ("review", 4), ("favorite", 6),
           ("sign_out_in", 0.25)]

    def shop(self, stop):
        actions = [getattr(self, name) for name, _ in self.MIX]
        weights = [w for _, w in self.MIX]
        while not stop.is_set():
            try:
                random.choices(actions, weights)[0]()
            except Exception as e:  # an answer not shaped as the call promises: counted, and go on
                self.stats.record(f"(client) {type(e).__name__}", 0, None, False, repr(e)[:200])
                time.sleep(0.1)


class Restocker:
    """A staff member who keeps the shelves full through the back office, as a shop does:
    every RESTOCK_EVERY seconds, each product the shoppers buy from that is down to
    RESTOCK_BELOW units is set back to RESTOCK_TO. Without it the soak's products sell out
    and every later add to a cart is a sold-out 409. A product sells 8-10 units between
    two rounds on average (about 210 units a second over 121 products, a round
    every 5-6 s); at 20, one now and then sold out before its turn came (3 sold-out 409s
    in 4.1 million requests over 30 minutes), so the margin is five rounds' sales."""

    def __init__(self, server, stats):
        self.client = Client(server.url)
        self.stats = stats

    call = Shopper.call

    def start(self):
        self.call("GET", "/api/session", {200})
        if self.call("POST", "/api/session", {200}, {"credential": STAFF, "password": STAFF_PASSWORD}) is None:
            sys.exit("the soak's staff member could not sign in")

    def keep_stocked(self, stop):
        while not stop.wait(RESTOCK_EVERY):
            for product in IN_STOCK:
                if stop.is_set():
                    return
                a = self.call("GET", f"/api/admin/products/{product}", {200})
                if a is not None and a.json()["stock"] < RESTOCK_BELOW:
                    self.call("PATCH", f"/api/admin/products/{product}", {200}, {"stock": RESTOCK_TO})


P99_LIMIT_MS = 20.0
STAFF, STAFF_PASSWORD = "soakstaff", "soak-staff-password"
RESTOCK_EVERY, RESTOCK_BELOW, RESTOCK_TO = 5.0, 50, 100


REVIEW = {"rating": 4, "title": "Soak test review", "description": "Written by a shopper of the soak test, again."}


# ----------------------------------------------------------------------------------

def percentile(sorted_values, q):
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def check_database(db_file, shoppers):
    db = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    try:
        integrity = db.execute("PRAGMA integrity_check").fetchall()
        problems = [] if integrity == [("ok",)] else [f"integrity_check: {integrity[:5]}"]
        checked = 0
        for s in shoppers:
            stored = collections.defaultdict(list)
            for order_id, product in db.execute(
                    "SELECT o.id, i.product_id FROM orders o JOIN order_items i ON i.order_id = o.id "
                    "WHERE o.user_id = ?", (s.user_id,)):
                stored[order_id].append(product)
            for order_id, products in s.orders.items():
                if order_id not in stored:
                    problems.append(f"{s.name}: acknowledged order {order_id} is missing")
                elif sorted(stored[order_id]) != products:
                    problems.append(f"{s.name}: order {order_id} holds {sorted(stored[order_id])}, "
                                    f"acknowledged {products}")
                checked += 1
        totals = {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                  for t in ("orders", "order_items", "reviews", "favorites", "cart_items", "sessions", "users")}
        return integrity, problems, checked, totals
    finally:
        db.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=float(os.environ.get("SOAK_MINUTES", "10")),
                        help="how long the load runs (default SOAK_MINUTES, else 10)")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("SOAK_WORKERS", "8")),
                        help="shoppers in parallel (default SOAK_WORKERS, else 8)")
    args = parser.parse_args()
    if not BIN.exists():
        sys.exit(f"{BIN} is missing: run `make release` first")
    if args.minutes <= 0 or args.workers < 1:
        sys.exit("--minutes must be above 0 and --workers at least 1")
    run_seconds = args.minutes * 60
    warmup = 0.2 * run_seconds
    if run_seconds >= 180:
        warmup = max(warmup, 60.0)
    version = subprocess.run([str(BIN), "--version"], capture_output=True, text=True).stdout.strip()
    date = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    data_dir = tempfile.mkdtemp(prefix="market-soak-")
    server = Server(data_dir)
    try:
        server.start()
        return soak(server, args, run_seconds, warmup, version, date)
    finally:
        if server.proc and server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait()
        shutil.rmtree(data_dir, ignore_errors=True)


def soak(server, args, run_seconds, warmup, version, date):
    out = []

    def say(line=""):
        print(line, flush=True)
        out.append(line)

    setup = Client(server.url)
    dept_sizes = {}
    for d in DEPARTMENTS:
        a = setup.call("GET", f"/api/departments/{d}/products?limit=1")
        dept_sizes[d] = a.json()["total"] if a.status == 200 else 1
    stats = Stats(time.monotonic())
    shoppers = [Shopper(server, stats, n, dept_sizes) for n in range(args.workers)]
    for s in shoppers:
        s.start()
    restocker = Restocker(server, stats)
    restocker.start()

    say(f"# Soak: {args.workers} shoppers for {args.minutes:g} min")
    say()
    say(f"- date: {date}; machine: {os.cpu_count()} cores, {platform.machine()}, Linux {platform.release()}")
    say(f"- binary: {BIN} ({version or 'version unknown'})")
    say(f"- server: `serve --rate-limits off --shutdown-delay 0s --log-file <data>/market.log` (access log on), "
        f"a fresh data folder; load from Python threads on the same machine (latency is as the client sees it, "
        f"its own time included); pages are asked for with `Accept-Encoding: gzip, br`, API calls with identity")
    say(f"- warm-up: the first {warmup:.0f} s; samples every {SAMPLE_EVERY:.0f} s")
    say()
    say("| minute | requests | req/s | p50 ms | p99 ms | errors | RSS MB | fds | WAL MB | DB MB |")
    say("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")

    stop = threading.Event()
    samples = []  # (seconds into the run, rss, fds, wal, db)

    def sampler():
        while not stop.wait(SAMPLE_EVERY):
            samples.append((time.monotonic() - stats.started, *server.sample()))

    stats.started = time.monotonic()
    threads = [threading.Thread(target=s.shop, args=(stop,), daemon=True) for s in shoppers]
    threads.append(threading.Thread(target=sampler, daemon=True))
    threads.append(threading.Thread(target=restocker.keep_stocked, args=(stop,), daemon=True))
    for t in threads:
        t.start()
    minute = 0
    end_sample = None
    while minute * 60 < run_seconds:
        end = min((minute + 1) * 60, run_seconds)
        time.sleep(max(0.0, stats.started + end - time.monotonic()))
        rss, fds, wal, dbmb, written = server.sample()
        if end >= run_seconds:  # the end of the run: its last sample is taken under load
            end_sample = (time.monotonic() - stats.started, rss, fds, wal, dbmb, written)
            stop.set()
            for t in threads:
                t.join(timeout=60)
        lat = sorted(stats.latencies.get(minute, []))
        seconds = end - minute * 60
        errors = sum(stats.errors.get(minute, {}).values())
        label = f"{minute + 1}" if seconds >= 60 else f"{minute + 1} ({seconds:.0f} s)"
        say(f"| {label} | {len(lat)} | {len(lat) / seconds:.0f} | {percentile(lat, 0.50) * 1000:.1f} | "
            f"{percentile(lat, 0.99) * 1000:.1f} | {errors} | {rss or 0:.1f} | {fds} | {wal:.2f} | {dbmb:.2f} |")
        minute += 1
    samples.append(end_sample)
    metrics = Client(server.url).call("GET", "/metrics").body.decode(errors="replace")

    # The judgement.
    say()
    verdicts = []

    def judge(name, ok, figures):
        verdicts.append(ok)
        say(f"- **{'PASS' if ok else 'FAIL'}** {name}: {figures}")

    after = [s for s in samples if s[0] >= warmup and s[1] is not None]
    third = max(1, len(after) // 3)
    first, last = after[:third], after[-third:]
    say(f"Judged on {len(after)} samples after the {warmup:.0f} s warm-up (thirds of {third}):")
    say()
    if len(after) >= 3:
        rss_first = statistics.median(s[1] for s in first)
        rss_last = statistics.median(s[1] for s in last)
        limit = rss_first * 1.10 + 4
        judge("memory flat", rss_last <= limit,
              f"RSS median {rss_first:.1f} MB in the first third, {rss_last:.1f} MB in the last "
              f"(limit {limit:.1f} MB = first x 1.10 + 4 MB); range after warm-up "
              f"{min(s[1] for s in after):.1f}-{max(s[1] for s in after):.1f} MB")
        fd_values = [s[2] for s in after if s[2] is not None]
        judge("descriptors flat", max(fd_values) - min(fd_values) <= 8,
              f"{min(fd_values)}-{max(fd_values)} open after warm-up (max - min {max(fd_values) - min(fd_values)}, "
              f"limit 8; the catalog index's files being written apart)")
        written = [s[5] for s in after if s[5] is not None]
        judge("index files written bounded", max(written) <= INDEX_FILES_WRITTEN,
              f"at most {max(written)} of the catalog index's files open to be written at once "
              f"(limit {INDEX_FILES_WRITTEN}: a commit's segment and four merges', and the segments' list)")
        wal_peak = max(s[3] for s in samples)
        wal_first_peak = max(s[3] for s in first)
        wal_end = end_sample[3]
        judge("WAL bounded", wal_peak <= 64 and wal_end <= wal_first_peak + 4,
              f"peak {wal_peak:.2f} MB over the run (limit 64 MB); {wal_end:.2f} MB at the end against a peak of "
              f"{wal_first_peak:.2f} MB in the first third (limit +4 MB)")
    else:
        judge("enough samples to judge flatness", False,
              f"{len(after)} samples after warm-up; run at least a minute")
    total_requests = sum(len(v) for v in stats.latencies.values())
    total_errors = sum(sum(c.values()) for c in stats.errors.values())
    by_kind = collections.Counter()
    for c in stats.errors.values():
        by_kind.update(c)
    all_lat = sorted(x for v in stats.latencies.values() for x in v)
    p99 = percentile(all_lat, 0.99) * 1000
    judge("p99 under 20 ms", p99 < P99_LIMIT_MS,
          f"{p99:.1f} ms over {len(all_lat)} requests as the client saw them (each call's p99 is in the table)")
    judge("no errors", total_errors == 0,
          f"{total_errors} of {total_requests} requests" + (f" ({dict(by_kind)})" if total_errors else ""))

    exit_code = server.stop()
    judge("SIGTERM exits 0", exit_code == 0, f"exit {exit_code}")
    integrity, problems, checked, totals = check_database(server.db_file, shoppers)
    judge("database intact", integrity == [("ok",)], f"integrity_check {integrity[0][0] if integrity else '?'}")
    acknowledged = sum(len(s.orders) for s in shoppers)
    judge("acknowledged orders stored", not problems,
          f"{checked} orders answered 201 checked, with their lines" + (f"; {problems[:5]}" if problems else ""))

    # Totals.
    log_text = read_text(server.log_file)
    log_lines = log_text.count("\n")
    warnings = [l for l in log_text.splitlines() if re.search(r"Z\s+(WARN|ERROR) ", l)]
    say()
    say("## Totals")
    say()
    say(f"- {total_requests} requests in {run_seconds:.0f} s ({total_requests / run_seconds:.0f}/s), "
        f"p50 {percentile(all_lat, 0.5) * 1000:.1f} ms, p99 {percentile(all_lat, 0.99) * 1000:.1f} ms, "
        f"max {all_lat[-1] * 1000 if all_lat else 0:.1f} ms; {total_errors} errors")
    say(f"- {acknowledged} orders acknowledged; the file holds {totals['orders']} orders, {totals['order_items']} "
        f"order lines, {totals['reviews']} reviews, {totals['favorites']} favorites, {totals['cart_items']} cart "
        f"lines, {totals['sessions']} sessions, {totals['users']} accounts")
    say(f"- the end: RSS {end_sample[1] or 0:.1f} MB, {end_sample[2]} descriptors, WAL {end_sample[3]:.2f} MB, "
        f"database {end_sample[4]:.2f} MB; after SIGTERM the database is {file_mb(server.db_file):.2f} MB "
        f"and the WAL {file_mb(server.db_file + '-wal'):.2f} MB")
    for name in ("market_log_lines_dropped_total", "market_log_write_errors_total", "market_db_pool_timeouts_total",
                 "market_sessions_alive", "market_page_cache_hits_total", "market_page_cache_misses_total",
                 "market_answer_cache_hits_total", "market_answer_cache_misses_total"):
        found = re.search(rf"^{name} (\S+)", metrics, re.M)
        if found:
            say(f"- {name} {found.group(1)}")
    say(f"- the log: {log_lines} lines ({file_mb(server.log_file):.1f} MB), {len(warnings)} WARN/ERROR"
        + (": " + " | ".join(w[:160] for w in warnings[:5]) if warnings else ""))
    served = served_times(log_text)
    all_served = sorted(x for v in served.values() for x in v)
    say(f"- as the store served them (its access log): p50 {percentile(all_served, 0.5):.2f} ms, "
        f"p99 {percentile(all_served, 0.99):.2f} ms, max {all_served[-1] if all_served else 0:.1f} ms")
    say()
    say("| call | answers | p99 ms as the client saw it | p99 ms as the store served it |")
    say("|---|---|---:|---:|")
    calls = collections.defaultdict(dict)
    for (call, status), n in stats.calls.items():
        calls[call][status if status is not None else "no answer"] = n
    for call in sorted(calls, key=lambda c: -sum(calls[c].values())):
        seen = percentile(sorted(stats.call_latencies[call]), 0.99) * 1000
        store = percentile(sorted(served.get(call, [])), 0.99)
        say(f"| `{call}` | " + ", ".join(f"{s}: {n}" for s, n in sorted(calls[call].items(), key=str))
            + f" | {seen:.1f} | {store:.2f} |")
    if stats.examples:
        say()
        say("First errors:")
        say()
        for e in stats.examples:
            say(f"- {e}")
    say()
    say("<details><summary>Every sample (seconds into the run: RSS MB, open descriptors, the index's files "
        "being written, WAL MB, database MB)</summary>")
    say()
    say("| s | RSS MB | fds | index files written | WAL MB | DB MB |")
    say("|---:|---:|---:|---:|---:|---:|")
    for t, rss, fds, wal, dbmb, written in samples:
        say(f"| {t:.0f}{' (warm-up)' if t < warmup else ''} | {rss or 0:.1f} | {fds} | {written} | {wal:.2f} | "
            f"{dbmb:.2f} |")
    say()
    say("</details>")
    say()
    passed = all(verdicts)
    say(f"**Soak {'PASSED' if passed else 'FAILED'}**: {sum(verdicts)} of {len(verdicts)} criteria.")
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join(out) + "\n")
    print(f"(report written to {REPORT})")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
