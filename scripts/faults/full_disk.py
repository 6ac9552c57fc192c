#!/usr/bin/env python3
"""`make test-faults`: a full disk, on a real small filesystem.

The release binary serves from a data folder on an 8 MB tmpfs, with its log file
(access lines included) on the same filesystem: the worst case an operator meets.
Shoppers sign in and up and make a few writes; then a filler file takes every byte
left, and is kept topped up while shoppers and brand-new visitors drive a mixed load
from several threads for a few seconds. Required while full:

* every request gets a complete HTTP answer (no connection closed or reset without
  one), and none is a 500;
* every 503 carries the error shape `{"message", "errors"}` and `Retry-After`;
* reads and pages answer 200; a new visitor's `GET /api/session` answers 200 and their
  first write (a sign-in or a sign-up) 503, not 403;
* `/readyz` says "degraded" and `/metrics` `market_db_full 1`.

It runs twice, on a fresh filesystem and server each time. First the disk fills just
after the WAL file was emptied (a `TRUNCATE` checkpoint from this script, as after a
quiet spell or an operator's `sqlite3`): every write needs room the disk no longer has,
and the refusals are checked as above. Then it fills with the WAL file as the store
left it: Market's WAL starts over at its beginning once copied back, so a WAL file with
room in it takes many writes on a full disk, refused ones between them. There
`/readyz` and `/metrics` may never catch a refusal, and a new visitor's first write (or
a shopper's sign-in after a sign-out whose new session was not stored) may be told to
fetch a new token (403) when another write committed just before it;
everything else is required. In both, some writes may commit while full: each one
answered 2xx is remembered. Then the filler goes, and a write must succeed again by
itself within 10 s, with `/readyz` back to "ready". SIGTERM must exit 0, and the database
file must pass `PRAGMA integrity_check` and hold every acknowledged write (orders with
their lines, reviews, favorites, cart lines not consumed by an order, accounts), and
nothing of a write that was refused.

Needs root to mount the filesystem; elsewhere (not root, an unprivileged container)
it says why it is skipped and exits 0. Python's standard library only.

Environment: MARKET_BIN (default target/release/market), FULL_DISK_SECONDS (the load
while full, default 5).
"""

import collections
import errno
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts/lib"))
from browser import Client, NoAnswer  # noqa: E402  (the shared browser, scripts/lib)
from seeded import IN_STOCK  # noqa: E402  (the seed catalog, scripts/lib)
BIN = Path(os.environ.get("MARKET_BIN", ROOT / "target/release/market"))
FULL_SECONDS = float(os.environ.get("FULL_DISK_SECONDS", "5"))
# FULL_DISK_LOG=outside writes the log beside the small filesystem instead of on it, and
# keeps it: to read the server's own words about a failure (diagnosis, not the test).
LOG_OUTSIDE = os.environ.get("FULL_DISK_LOG") == "outside"
FS_SIZE = "8m"
PRODUCTS = range(1, 157)
SEARCH_WORDS = ["lamp", "wireless", "tv", "chair", "head", "coffee", "dumbbell", "creme"]


class Failed(Exception):
    pass


class Server:
    def __init__(self, data_dir, log_file, out_file):
        self.data_dir, self.log_file, self.out_file = data_dir, log_file, out_file
        self.proc = None
        self.url = None

    def start(self):
        env = {k: v for k, v in os.environ.items() if not k.startswith("MARKET_")}
        env.update({"MARKET_LOG": "info", "NO_COLOR": "1"})
        out = open(self.out_file, "ab")
        self.proc = subprocess.Popen(
            [str(BIN), "serve", "--addr", "127.0.0.1:0", "--data-dir", self.data_dir,
             "--log-file", self.log_file, "--rate-limits", "off", "--shutdown-delay", "0s"],
            stdout=out, stderr=subprocess.STDOUT, env=env,
        )
        out.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = re.search(r"Market is open at (http://\S+)", read_text(self.log_file))
            if found:
                self.url = found.group(1).rstrip("/")
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise Failed("the server did not start:\n" + self.tail(30))

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise Failed("the server did not stop within 30 s of SIGTERM")

    def kill(self):
        if self.alive():
            self.proc.kill()
            self.proc.wait()

    def tail(self, n):
        lines = (read_text(self.log_file) + read_text(self.out_file)).splitlines()
        return "\n".join(lines[-n:])


def read_text(path):
    try:
        return Path(path).read_text(errors="replace")
    except OSError:
        return ""


# ----------------------------------------------------------------------------------
# What was asked and answered, and what the store acknowledged.

Outcome = collections.namedtuple("Outcome", "who kind method path status error retry_after shape_ok body at")
outcomes = []  # every request from the moment the disk is full until it is not
recording = threading.Event()


def record(who, kind, method, path, answer=None, error=None):
    if not recording.is_set():
        return
    status = answer.status if answer is not None else None
    shape_ok = None
    retry_after = None
    if answer is not None and answer.status == 503:
        body = answer.json()
        shape_ok = (
            isinstance(body, dict) and isinstance(body.get("message"), str)
            and isinstance(body.get("errors"), list)
        )
        retry_after = answer.headers.get("retry-after")
    body = answer.body[:200] if answer is not None and answer.status not in (200, 201) else b""
    outcomes.append(Outcome(who, kind, method, path, status, error, retry_after, shape_ok, body,
                            datetime.now(timezone.utc).isoformat(timespec="milliseconds")))


class Shopper:
    """A signed-in shopper, and every write the store acknowledged to them."""

    def __init__(self, server, name, password, new=True):
        self.server = server
        self.client = Client(server.url)
        self.name, self.password, self.new = name, password, new
        self.user_id = None
        self.cart = {}  # cartId -> productId: cart lines acknowledged 201 and not ordered
        self.orders = {}  # order id -> sorted product ids, as acknowledged 201
        self.reviews = {}  # review id -> product id, acknowledged 201
        self.favorites = set()  # product ids, acknowledged 200
        self.to_review = random.sample(list(PRODUCTS), len(PRODUCTS))
        self.problems = []
        self.signed_in = False
        # Whether a sign-in while full may be told to fetch a new token, as a new
        # visitor's first write may (the WAL with room: see the judging in drive()).
        self.new_token_allowed = False

    def call(self, kind, method, path, body=None, headers=None, accept="application/json"):
        try:
            answer = self.client.call(method, path, body, headers, accept)
        except NoAnswer as e:
            record(self.name, kind, method, path, error=str(e))
            raise
        record(self.name, kind, method, path, answer)
        return answer

    def start(self):
        self.call("setup", "GET", "/api/session")
        if self.new:
            a = self.call("setup", "POST", "/api/users", {
                "firstName": "Full", "lastName": "Disk", "username": self.name,
                "email": f"{self.name}@example.com", "password": self.password,
            })
            expect(a.status == 201, f"sign-up of {self.name} answered {a.status}: {a.body[:200]!r}")
        else:
            a = self.call("setup", "POST", "/api/session", {"credential": self.name, "password": self.password})
            expect(a.status == 200, f"sign-in of {self.name} answered {a.status}: {a.body[:200]!r}")
        self.user_id = a.json()["user"]["id"]
        self.signed_in = True

    # Each write: what it may answer, and what an acknowledgement adds.

    def add_to_cart(self, kind="write"):
        if len(self.cart) >= 45:  # a cart holds at most 50 lines
            return self.order(kind)
        product = random.choice(IN_STOCK)
        a = self.call(kind, "POST", "/api/cart", {"productId": product})
        if a.status == 201:
            line = a.json()
            self.cart[line["cartId"]] = line["productId"]
        else:
            self.judge_refusal(a, "POST /api/cart")
        return a

    def favorite(self, kind="write", product=None):
        product = product or random.choice(PRODUCTS)
        a = self.call(kind, "POST", "/api/favorites", {"productId": product})
        if a.status == 200:
            self.favorites.add(product)
        else:
            self.judge_refusal(a, "POST /api/favorites")
        return a

    def review(self, kind="write"):
        product = self.to_review[-1]
        a = self.call(kind, "POST", f"/api/products/{product}/reviews", {
            "rating": random.randint(1, 5), "title": "Full disk test",
            "description": "Written on a small filesystem that fills up.",
        })
        if a.status == 201:
            self.reviews[a.json()["id"]] = product
            self.to_review.pop()
        elif a.status == 409:
            # Only a review this shopper was told was refused can be here: a 503 kept.
            self.problems.append(
                f"{self.name}: POST /api/products/{product}/reviews answered 409 (already reviewed) "
                f"although no review of it was acknowledged: a refused write was kept")
        else:
            self.judge_refusal(a, f"POST /api/products/{product}/reviews")
        return a

    def order(self, kind="write"):
        if not self.cart:
            self.add_to_cart(kind)
            if not self.cart:
                return None
        a = self.call("read", "GET", "/api/cart")
        if a.status != 200:
            return a
        cart = a.json()
        shown = {line["cartId"]: line["productId"] for line in cart["Products"]}
        if shown != self.cart:
            self.problems.append(
                f"{self.name}: GET /api/cart shows lines {sorted(shown.items())}, "
                f"the acknowledged ones are {sorted(self.cart.items())}")
            self.cart = dict(shown)
        body = {"total": cart["total"], "products": [{"productId": p} for p in shown.values()]}
        key = str(uuid.uuid4())
        a = self.call(kind, "POST", "/api/orders", body, {"Idempotency-Key": key})
        if a.status == 201:
            placed = a.json()
            self.orders[placed["id"]] = sorted(p["id"] for p in placed["Products"])
            self.cart = {}
        else:
            self.judge_refusal(a, "POST /api/orders")
        return a

    def sign_in_again(self, kind="write"):
        credentials = {"credential": self.name, "password": self.password}
        a = self.call(kind, "POST", "/api/session", credentials)
        if a.status == 403 and (kind in ("after", "recovery") or self.new_token_allowed):
            # The session given at sign-out could not be stored while space was short, and
            # space is back, or (the WAL with room) another write committed just before:
            # as the app does, fetch a new token and try once more.
            self.call(kind, "GET", "/api/session")
            a = self.call(kind, "POST", "/api/session", credentials)
        if a.status == 200:
            self.signed_in = True
        else:
            self.judge_refusal(a, "POST /api/session")
        return a

    def sign_out(self, kind="write"):
        a = self.call(kind, "DELETE", "/api/session")
        if a.status == 200:
            self.signed_in = False
        else:
            self.judge_refusal(a, "DELETE /api/session")
        return a

    def judge_refusal(self, a, what):
        if a.status not in (503, 500):  # a 500 is named with every other answer below
            self.problems.append(f"{self.name}: {what} answered {a.status}: {a.body[:300]!r}")

    WRITES = ("add_to_cart", "add_to_cart", "favorite", "review", "order", "sign_in_again", "sign_out")

    def reads(self):
        d = random.randint(1, 13)
        p = random.choice(PRODUCTS)
        return random.choice([
            ("GET", "/api/departments", "application/json"),
            ("GET", f"/api/departments/{d}/products?sort={random.choice(['featured', 'price-asc', 'rating'])}&limit=12",
             "application/json"),
            ("GET", f"/api/products/{p}", "application/json"),
            ("GET", f"/api/products/{p}/reviews", "application/json"),
            ("GET", f"/api/search?q={random.choice(SEARCH_WORDS)}", "application/json"),
            ("GET", "/departments/5/products/51", "text/html"),
            ("GET", "/api/cart", "application/json"),
            ("GET", "/api/favorites", "application/json"),
            ("GET", "/api/session", "application/json"),
        ])

    def shop(self, stop):
        try:
            while not stop.is_set():
                if not self.signed_in:  # signed out while full: sign in again, browse meanwhile
                    self.sign_in_again()
                    method, path, accept = self.reads()
                    if not path.startswith(("/api/cart", "/api/favorites")):
                        self.call("read", method, path, accept=accept)
                elif random.random() < 0.5:
                    getattr(self, random.choice(self.WRITES))()
                else:
                    method, path, accept = self.reads()
                    self.call("read", method, path, accept=accept)
        except NoAnswer:
            pass  # recorded; the check below names it


def visitor(server, stop, n, signups):
    """Brand-new visitors, one after another: no cookie, browse, then try to sign in."""
    i = 0
    try:
        while not stop.is_set():
            i += 1
            c = Client(server.url)
            who = f"visitor{n}.{i}"

            def call(kind, method, path, body=None, accept="application/json"):
                try:
                    a = c.call(method, path, body, accept=accept)
                except NoAnswer as e:
                    record(who, kind, method, path, error=str(e))
                    raise
                record(who, kind, method, path, a)
                return a

            call("visitor session", "GET", "/api/session")
            call("visitor read", "GET", "/api/departments")
            call("visitor read", "GET", "/departments/5/products/51", accept="text/html")
            call("visitor read", "GET", f"/api/search?q={random.choice(SEARCH_WORDS)}")
            if i % 3 == 0:
                name = f"fv{n}x{uuid.uuid4().hex[:10]}"
                a = call("visitor write", "POST", "/api/users", {
                    "firstName": "New", "lastName": "Visitor", "username": name,
                    "email": f"{name}@example.com", "password": "visitor-password",
                })
                if a.status == 201:
                    signups[a.json()["user"]["id"]] = name
            else:
                call("visitor write", "POST", "/api/session", {"credential": "demo", "password": "password"})
            c.close()
    except NoAnswer:
        pass


# ----------------------------------------------------------------------------------
# The filesystem.

def fill(path):
    """Appends to `path` until the filesystem says ENOSPC; returns the bytes written."""
    written = 0
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        for size in (1 << 20, 64 << 10, 4096, 512, 1):
            block = b"\xa5" * size
            while True:
                try:
                    n = os.write(fd, block)
                except OSError as e:
                    if e.errno in (errno.ENOSPC, errno.EDQUOT):
                        break
                    raise
                if n <= 0:
                    break
                written += n
    finally:
        os.close(fd)
    return written


def empty_wal(db_path):
    """Copies the WAL back and cuts its file to nothing (a `TRUNCATE` checkpoint on a
    connection of this script's own), retrying while the server's connections are busy."""
    conn = sqlite3.connect(db_path, timeout=5)
    try:
        for _ in range(50):
            busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if busy == 0 and os.path.getsize(db_path + "-wal") == 0:
                return
            time.sleep(0.1)
        raise Failed("the WAL could not be emptied before filling the disk")
    finally:
        conn.close()


def metric(text, name):
    found = re.search(rf"^{re.escape(name)}(?:\{{[^}}]*\}})? (\S+)", text, re.M)
    return float(found.group(1)) if found else None


def expect(condition, message):
    if not condition:
        raise Failed(message)


# ----------------------------------------------------------------------------------

# How the disk fills: (what the run is called, whether the WAL file is emptied first).
SCENARIOS = (("the WAL emptied", True), ("the WAL with room", False))


def run(mount, scratch, scenario):
    data_dir = os.path.join(mount, "data")
    if LOG_OUTSIDE:
        log_file = os.path.join(tempfile.mkdtemp(prefix="market-full-disk-log-"), "market.log")
    else:
        log_file = os.path.join(mount, "market.log")
    filler = os.path.join(mount, "filler")
    server = Server(data_dir, log_file, os.path.join(scratch, "server-output.txt"))
    started = time.monotonic()
    try:
        server.start()
        return drive(server, mount, data_dir, log_file, filler, started, scenario)
    except BaseException:
        if server.alive():
            print("server log, last lines:\n" + server.tail(40), file=sys.stderr)
        raise
    finally:
        server.kill()


def drive(server, mount, data_dir, log_file, filler, started, scenario):
    (name, wal_emptied) = scenario
    outcomes.clear()
    probe = Client(server.url)

    def get(path):
        try:
            a = probe.call("GET", path, accept="*/*")
        except NoAnswer as e:
            record("monitor", "monitor", "GET", path, error=str(e))
            raise Failed(f"GET {path}: {e}")
        record("monitor", "monitor", "GET", path, a)
        return a

    # Before the disk fills: a few shoppers, each with a few acknowledged writes.
    demo = Shopper(server, "demo", "password", new=False)
    shoppers = [demo] + [
        Shopper(server, f"full{n}x{uuid.uuid4().hex[:8]}", "full-disk-password") for n in range(3)
    ]
    for s in shoppers:
        s.new_token_allowed = not wal_emptied
        s.start()
        for write in (s.add_to_cart, s.add_to_cart, s.favorite, s.review):
            a = write("setup")
            expect(a is not None and a.status in (200, 201), f"{s.name}: a write before the disk filled answered "
                   f"{a and a.status}: {a and a.body[:200]!r}")
    a = demo.order("setup")
    expect(a is not None and a.status == 201, f"demo's order before the disk filled answered {a and a.status}")
    demo.add_to_cart("setup")
    metrics_before = get("/metrics").body.decode()
    log_errors_before = metric(metrics_before, "market_log_write_errors_total") or 0.0
    expect(get("/readyz").json()["status"] == "ready", "/readyz is not ready before the disk fills")
    setup_seconds = time.monotonic() - started

    # Fill the filesystem (the WAL emptied first, or not), then make sure writes are
    # refused before loading it.
    if wal_emptied:
        empty_wal(os.path.join(data_dir, "market.db"))
    recording.set()
    filled = fill(filler)
    df = shutil.disk_usage(mount)
    probes = 0
    while True:
        probes += 1
        a = demo.review("probe")
        if a.status == 503:
            break
        expect(probes < 100, f"100 writes on a full filesystem: none refused (last answered {a.status})")
        fill(filler)
    ready = get("/readyz")
    expect(ready.status == 200 and ready.json()["status"] == "degraded",
           f"/readyz after a refused write answered {ready.status}: {ready.body[:300]!r} (want 200, degraded)")

    # The load while full.
    stop = threading.Event()
    signups = {}
    threads = [threading.Thread(target=s.shop, args=(stop,)) for s in shoppers]
    threads += [threading.Thread(target=visitor, args=(server, stop, n, signups)) for n in range(2)]
    for t in threads:
        t.start()
    readyz = collections.Counter()
    db_full = collections.Counter()
    load_started = time.monotonic()
    topped_up = 0
    try:
        while time.monotonic() - load_started < FULL_SECONDS:
            topped_up += fill(filler)
            r = get("/readyz")
            readyz[(r.status, (r.json() or {}).get("status"))] += 1
            m = get("/metrics")
            db_full[metric(m.body.decode(), "market_db_full")] += 1
            time.sleep(0.25)
    finally:
        stop.set()
        for t in threads:
            t.join()
    metrics_full = get("/metrics").body.decode()
    log_errors_full = metric(metrics_full, "market_log_write_errors_total") or 0.0
    log_dropped_full = metric(metrics_full, "market_log_lines_dropped_total")
    load_seconds = time.monotonic() - load_started
    expect(server.alive(), f"the server died while the disk was full (exit {server.proc.returncode}):\n"
           + server.tail(40))

    # Space comes back: a write must succeed by itself within 10 s. The demo shopper may
    # have signed out while full (a sign-out that committed, then a sign-in refused): it
    # signs in again first. Then a write that changes something: favoriting a product it
    # does not keep yet (favoriting a kept one again commits even on a full disk, and is
    # rightly not taken for recovery).
    os.remove(filler)
    freed = time.monotonic()
    attempts = []
    while not demo.signed_in:
        a = demo.sign_in_again("recovery")
        attempts.append(a.status)
        expect(time.monotonic() - freed < 10,
               f"no write succeeded within 10 s of space coming back: {attempts}")
        if a.status != 200:
            time.sleep(0.5)
    favorites = demo.call("recovery", "GET", "/api/favorites")
    expect(favorites.status == 200, f"demo's favorites after space came back: {favorites.status}")
    held = {p["productId"] for p in favorites.json()["Products"]}
    fresh = random.choice([p for p in PRODUCTS if p not in held])
    while True:
        a = demo.favorite("recovery", fresh)
        attempts.append(a.status)
        if a.status == 200:
            break
        expect(time.monotonic() - freed < 10,
               f"no write succeeded within 10 s of space coming back: {attempts}")
        retry = a.headers.get("retry-after", "1")
        time.sleep(min(float(retry) if retry.isdigit() else 1.0, 0.5))
    recovered = time.monotonic() - freed
    recording.clear()
    ready = get("/readyz")
    after = get("/metrics").body.decode()
    expect(ready.status == 200 and ready.json()["status"] == "ready",
           f"/readyz after a write succeeded again: {ready.status} {ready.body[:300]!r}")
    expect(metric(after, "market_db_full") == 0, "market_db_full is not 0 after a write succeeded again")
    # A shopper write of each kind works again too.
    for s in shoppers:
        if not s.signed_in:
            a = s.sign_in_again("after")
            expect(a.status == 200, f"{s.name}: a sign-in after recovery answered {a.status}: {a.body[:200]!r}")
        for write in (s.add_to_cart, s.review, s.favorite):
            a = write("after")
            expect(a.status in (200, 201), f"{s.name}: a write after recovery answered {a.status}: {a.body[:200]!r}")
    probe.close()
    for s in shoppers:
        s.client.close()

    exit_code = server.stop()
    expect(exit_code == 0, f"SIGTERM: exit {exit_code}\n" + server.tail(30))
    log_text = read_text(log_file)

    # Judge every answer given while the disk was full.
    problems = [p for s in shoppers for p in s.problems]
    by_kind = collections.defaultdict(collections.Counter)
    for o in outcomes:
        label = o.kind if o.kind not in ("monitor",) else f"GET {o.path}"
        by_kind[label][o.status if o.status is not None else "no answer"] += 1
        what = f"{o.who}: {o.method} {o.path}"
        if o.status is None:
            problems.append(f"{what}: no answer ({o.error})")
            continue
        if o.status >= 500 and o.status != 503:
            problems.append(f"{what} answered {o.status} (body {o.body!r}; first at {o.at})")
        if o.status == 503:
            if not o.shape_ok:
                problems.append(f"{what}: a 503 without the error shape {{message, errors}}")
            if not (o.retry_after or "").isdigit():
                problems.append(f"{what}: a 503 without Retry-After (got {o.retry_after!r})")
        if o.kind in ("read", "visitor read", "visitor session", "monitor") and o.status != 200:
            problems.append(f"{what}: a read answered {o.status}, not 200 ({o.body!r})")
        # With room in the WAL file, writes commit between refused ones, and each ends
        # the fault: a visitor whose session was not stored a moment ago may then be told
        # to fetch a new token (403; the app does, and tries again) instead of 503. A
        # shopper signed out meanwhile does the same (Shopper.sign_in_again).
        allowed = (503, 200, 201) if wal_emptied else (503, 200, 201, 403)
        if o.kind == "visitor write" and o.status not in allowed:
            problems.append(f"{what}: a new visitor's first write answered {o.status}, not 503 ({o.body!r}; "
                            f"first at {o.at})")
    if wal_emptied and not any(status == "degraded" for (_, status) in readyz):
        problems.append(f"/readyz never said degraded while the disk was full: {dict(readyz)}")
    for (code, status), n in readyz.items():
        if code != 200 or status not in ("degraded", "ready"):
            problems.append(f"/readyz answered {code} {status!r} ({n}x) while the disk was full")
    if wal_emptied and db_full.get(1.0, 0) == 0:
        problems.append(f"/metrics never showed market_db_full 1 while the disk was full: {dict(db_full)}")

    # The file: intact, every acknowledged write there, nothing refused kept.
    stored = check_database(os.path.join(data_dir, "market.db"), shoppers, signups, problems)

    writes_ok = sum(n for k, c in by_kind.items() if k in ("write", "probe", "visitor write")
                    for s, n in c.items() if s in (200, 201))
    print(f"full_disk, {name}: {FS_SIZE} tmpfs at {mount}; setup {setup_seconds:.1f} s ({len(shoppers)} shoppers); "
          f"filler {filled / 1e6:.2f} MB (+{topped_up / 1e3:.1f} kB topped up), "
          f"free then {df.free} bytes; the first refused write after {probes} probe(s)")
    print(f"while full: {len(outcomes)} requests in {load_seconds:.1f} s from {len(threads)} threads "
          f"+ a monitor; {writes_ok} writes acknowledged 2xx while full (kept, checked below)")
    for kind in ("probe", "write", "read", "visitor session", "visitor read", "visitor write",
                 "GET /readyz", "GET /metrics", "recovery"):
        if kind in by_kind:
            counts = ", ".join(f"{s}: {n}" for s, n in sorted(by_kind[kind].items(), key=str))
            print(f"  {kind:<16} {counts}")
    by_call = collections.defaultdict(collections.Counter)
    for o in outcomes:
        if o.kind in ("write", "probe", "visitor write"):
            by_call[f"{o.method} {re.sub(r'/[0-9]+(?=/|$)', '/{id}', o.path)}"][o.status or "no answer"] += 1
    print("  writes by call:  " + "; ".join(
        f"{call} " + ", ".join(f"{s}: {n}" for s, n in sorted(c.items(), key=str)) for call, c in sorted(by_call.items())))
    acked = [o for o in outcomes if o.kind in ("write", "probe", "visitor write") and o.status in (200, 201)]
    if acked:
        print("  acknowledged while full: " + "; ".join(f"{o.method} {o.path} {o.status} at {o.at}" for o in acked[:10]))
    print(f"  /readyz while full: " + ", ".join(f"{s} ({c}): {n}" for (c, s), n in readyz.items())
          + f"; market_db_full values seen: " + ", ".join(f"{v:g}: {n}" for v, n in db_full.items() if v is not None))
    print(f"  market_log_write_errors_total: {log_errors_before:g} before, {log_errors_full:g} after the full spell; "
          f"market_log_lines_dropped_total: {log_dropped_full}")
    print(f"  log file: 'writes refused' line {'present' if 'writes refused' in log_text else 'absent (dropped: disk full)'}, "
          f"'writes work again' line {'present' if 'writes work again' in log_text else 'absent'}")
    print(f"recovery: a write succeeded {recovered:.2f} s after the filler went (answers {attempts}); "
          f"/readyz ready; SIGTERM exit 0")
    print(f"database: integrity ok; {stored}")
    if problems:
        # The same problem many times is one line, with its count and first occurrence.
        grouped = collections.Counter()
        first = {}
        for p in problems:
            key = re.sub(r"^(demo|full\d+x[0-9a-f]+|visitor\d+\.\d+)(?=:)", "<who>", p)
            key = re.sub(r"; first at [^)]*", "", key)
            key = re.sub(r"/api/products/\d+/", "/api/products/{id}/", key)
            grouped[key] += 1
            first.setdefault(key, p)
        lines = [f"{n} x {first[k]}" for k, n in grouped.most_common(30)]
        raise Failed(f"{len(problems)} problem(s), {len(grouped)} distinct:\n  " + "\n  ".join(lines)
                     + "\nthe server's warnings and errors:\n    "
                     + "\n    ".join([l for l in log_text.splitlines() if re.search(r" (WARN|ERROR) ", l)][-20:])
                     + ("\n(the log was on the full filesystem: lines may be lost; FULL_DISK_LOG=outside keeps it "
                        "whole)" if not LOG_OUTSIDE else f"\nthe whole log: {log_file}"))
    print(f"full_disk, {name}: passed in {time.monotonic() - started:.0f} s")
    return 0


def compare_rows(db, table, what, user_id, acknowledged, who, problems):
    """The shopper's rows of `table` (id -> product) against those answered 2xx: each
    acknowledged one is there, and none that was refused."""
    stored = dict(db.execute(f"SELECT id, product_id FROM {table} WHERE user_id = ?", (user_id,)))
    for row_id, product in acknowledged.items():
        if stored.get(row_id) != product:
            problems.append(f"{who}: acknowledged {what} {row_id} (product {product}) is missing")
    for row_id in set(stored) - set(acknowledged):
        problems.append(f"{who}: {what} {row_id} is stored but was never acknowledged (a refused write kept)")


def check_database(db_path, shoppers, signups, problems):
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        integrity = db.execute("PRAGMA integrity_check").fetchall()
        expect(integrity == [("ok",)], f"integrity_check: {integrity[:5]}")
        dangling = db.execute("PRAGMA foreign_key_check").fetchall()
        if dangling:
            problems.append(f"foreign_key_check: {dangling[:5]}")
        counted = collections.Counter()
        for s in shoppers:
            who = f"{s.name} (user {s.user_id})"
            rows = db.execute(
                "SELECT o.id, i.product_id FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.user_id = ?",
                (s.user_id,)).fetchall()
            orders = collections.defaultdict(list)
            for order_id, product in rows:
                orders[order_id].append(product)
            for order_id, products in s.orders.items():
                if order_id not in orders:
                    problems.append(f"{who}: acknowledged order {order_id} is missing")
                elif sorted(orders[order_id]) != products:
                    problems.append(f"{who}: order {order_id} holds {sorted(orders[order_id])}, acknowledged {products}")
            for order_id in set(orders) - set(s.orders):
                problems.append(f"{who}: order {order_id} is stored but was never acknowledged (a refused write kept)")
            counted["orders"] += len(s.orders)

            compare_rows(db, "reviews", "review", s.user_id, s.reviews, who, problems)
            counted["reviews"] += len(s.reviews)

            favorites = {p for (p,) in db.execute("SELECT product_id FROM favorites WHERE user_id = ?", (s.user_id,))}
            for product in s.favorites - favorites:
                problems.append(f"{who}: acknowledged favorite of product {product} is missing")
            for product in favorites - s.favorites:
                problems.append(f"{who}: favorite of product {product} is stored but was never acknowledged")
            counted["favorites"] += len(s.favorites)

            compare_rows(db, "cart_items", "cart line", s.user_id, s.cart, who, problems)
            counted["cart lines"] += len(s.cart)
        for user_id, name in signups.items():
            found = db.execute("SELECT username FROM users WHERE id = ?", (user_id,)).fetchone()
            if found is None or found[0] != name:
                problems.append(f"account {name} (user {user_id}), acknowledged 201, is missing")
        counted["accounts made while full"] = len(signups)
        return ", ".join(f"{n} acknowledged {k}" for k, n in counted.items()) + " all present, nothing refused kept"
    finally:
        db.close()


def skip(reason):
    reason = " ".join(str(reason).split())
    print(f"full_disk: skipped: cannot mount a small filesystem here ({reason})")
    return 0


def main():
    if not BIN.exists():
        print(f"full_disk: FAILED: {BIN} is missing: run `make release` first")
        return 1
    if os.geteuid() != 0:
        return skip("not root")
    for scenario in SCENARIOS:
        failed = run_mounted(scenario)
        if failed is not None:
            return failed
    return 0


def run_mounted(scenario):
    """Runs `scenario` on a small filesystem of its own: `None` when it passed, else the
    exit code (a skip is 0)."""
    scratch = tempfile.mkdtemp(prefix="market-full-disk-")
    mount = os.path.join(scratch, "fs")
    os.mkdir(mount)
    try:
        try:
            mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={FS_SIZE},mode=0755", "tmpfs", mount],
                                     capture_output=True, text=True)
        except OSError as e:
            return skip(f"mount: {e}")
        if mounted.returncode != 0:
            return skip((mounted.stderr or mounted.stdout).strip() or f"mount exited {mounted.returncode}")
        try:
            run(mount, scratch, scenario)
            return None
        except (Failed, NoAnswer) as e:
            print(f"full_disk, {scenario[0]}: FAILED: {e}")
            return 1
        finally:
            done = subprocess.run(["umount", mount], capture_output=True, text=True)
            if done.returncode != 0:
                subprocess.run(["umount", "-l", mount], capture_output=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
