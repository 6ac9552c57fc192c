#!/usr/bin/env python3
"""`make test-crash`: checkouts under load, SIGKILL, restart; nothing acknowledged is lost.

Against the release binary on a temporary data folder (rate limits off: this is a load
test), shoppers in parallel threads fill their carts and check out, each order with an
`Idempotency-Key`. At a random moment of each round the server is killed with SIGKILL,
then restarted on the same folder, and checked:

* `PRAGMA integrity_check` is `ok`, and no foreign key dangles;
* every order that was answered 201 is there, for its shopper, with exactly its lines;
* no order lacks lines;
* no cart line that was answered 201 is gone without an order that holds its product;
* an order whose answer was cut off by the kill, sent again with the same
  `Idempotency-Key`, answers 201 and leaves exactly one order: the first, replayed,
  if it had committed, or a new one if it had not;
* every order has its payment, of exactly its total (half the shoppers pay with the
  RedCard, half with the test card 4242 4242 4242 4242); and once the server is back, its
  settler captures every payment a kill left between the order's commit and its
  capture, each once: no payment stays authorized, and each paid one is the test
  provider's charge captured for that amount.

A last round ends with SIGTERM instead: the server must exit 0 with the write-ahead
log folded into the database. Python's standard library only.

Environment: MARKET_BIN (default target/release/market), CRASH_ROUNDS (default 4),
CRASH_SHOPPERS (default 8).
"""

import collections
import http.client
import http.cookiejar
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts/lib"))
from seeded import IN_STOCK  # noqa: E402  (the seed catalog, scripts/lib)
BIN = Path(os.environ.get("MARKET_BIN", ROOT / "target/release/market"))
ROUNDS = int(os.environ.get("CRASH_ROUNDS", "4"))
SHOPPERS = int(os.environ.get("CRASH_SHOPPERS", "8"))
# Stripe's published test card that always pays.
TEST_CARD = {"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2040, "cvc": "123"}


class ServerGone(Exception):
    pass


class Server:
    def __init__(self, data_dir: str):
        self.data_dir = data_dir
        self.proc = None
        self.url = None
        self.log = []

    def start(self):
        env = {**os.environ, "MARKET_RATE_LIMITS": "off", "MARKET_LOG": "info", "NO_COLOR": "1"}
        env.pop("MARKET_SECRET_KEY", None)
        # The same port every time, so the shoppers' cookies stay valid across restarts.
        addr = self.url.removeprefix("http://").rstrip("/") if self.url else "127.0.0.1:0"
        self.proc = subprocess.Popen(
            [str(BIN), "serve", "--addr", addr, "--data-dir", self.data_dir],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace", env=env,
        )
        for line in self.proc.stdout:
            self.log.append(line)
            found = re.search(r"Market is open at (http://\S+)", line)
            if found:
                self.url = found.group(1)
                threading.Thread(target=lambda p=self.proc: self.log.extend(p.stdout), daemon=True).start()
                return
        sys.exit("the server did not start:\n" + "".join(self.log[-30:]))

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)


class Shopper:
    """One browser: its own cookies, sequential requests."""

    def __init__(self, server: Server, n: int):
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.user_id = None
        self.added = collections.Counter()  # product id -> cart lines answered 201
        self.orders = {}  # order id -> sorted product ids, as answered 201
        self.pending = None  # (key, body) of an order whose answer never came
        self.name = f"crash{n}x{uuid.uuid4().hex[:8]}"
        self.by_card = n % 2 == 1  # the others pay with the RedCard

    def call(self, method, path, body=None, headers=None):
        token = next((c.value for c in self.jar if c.name == "XSRF-TOKEN"), None)
        req = urllib.request.Request(self.server.url.rstrip("/") + path, method=method)
        if body is not None:
            req.data = json.dumps(body).encode()
            req.add_header("Content-Type", "application/json")
        if token and method != "GET":
            req.add_header("XSRF-Token", token)
        for name, value in (headers or {}).items():
            req.add_header(name, value)
        try:
            with self.http.open(req, timeout=30) as res:
                return res.status, json.loads(res.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"{}")
        except (urllib.error.URLError, ConnectionError, TimeoutError, http.client.HTTPException) as e:
            raise ServerGone(str(e)) from e

    def sign_up(self):
        self.call("GET", "/api/session")
        status, body = self.call("POST", "/api/users", {
            "firstName": "Crash", "lastName": "Tester", "username": self.name,
            "email": f"{self.name}@example.com", "password": "crash-password",
        })
        assert status == 201, (status, body)
        self.user_id = body["user"]["id"]

    def order(self, key, body):
        self.pending = (key, body)
        status, answer = self.call("POST", "/api/orders", body, {"Idempotency-Key": key})
        self.pending = None
        return status, answer

    def resend_pending(self):
        """After a restart: the order whose answer the kill cut off, sent again."""
        if self.pending is None:
            return None
        key, body = self.pending
        status, answer = self.order(key, body)
        assert status == 201, f"resent order answered {status}: {answer}"
        self.orders[answer["id"]] = sorted(p["id"] for p in answer["Products"])
        return answer["id"]

    def shop(self, stop: threading.Event, counts: collections.Counter):
        try:
            while not stop.is_set():
                for _ in range(random.randint(1, 3)):
                    product = random.choice(IN_STOCK)
                    status, _ = self.call("POST", "/api/cart", {"productId": product})
                    if status == 201:
                        self.added[product] += 1
                        counts["cart lines"] += 1
                status, cart = self.call("GET", "/api/cart")
                if status != 200 or not cart["Products"]:
                    continue
                total = cart["total"]
                if self.by_card:
                    # A card earns no RedCard discount: the quote says what it costs.
                    status, quote = self.call("POST", "/api/checkout/quote", {"payment": {"method": "card"}})
                    if status != 200:
                        continue
                    total = quote["total"]
                body = {"total": total, "products": [{"productId": p["productId"]} for p in cart["Products"]]}
                if self.by_card:
                    body["payment"] = {"method": "card", "card": TEST_CARD}
                status, answer = self.order(str(uuid.uuid4()), body)
                if status == 201:
                    self.orders[answer["id"]] = sorted(p["id"] for p in answer["Products"])
                    counts["orders"] += 1
                else:
                    counts[f"order answered {status}"] += 1
        except ServerGone:
            counts["requests cut off by the kill"] += 1


def check_database(db_path: str, shoppers: list) -> dict:
    """The invariants, read straight from the file the killed server left."""
    db = sqlite3.connect(db_path)
    try:
        integrity = db.execute("PRAGMA integrity_check").fetchall()
        assert integrity == [("ok",)], f"integrity_check: {integrity}"
        dangling = db.execute("PRAGMA foreign_key_check").fetchall()
        assert dangling == [], f"foreign_key_check: {dangling[:5]}"
        empty = db.execute(
            "SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)"
        ).fetchone()[0]
        assert empty == 0, f"{empty} orders have no lines"
        acknowledged = 0
        for s in shoppers:
            rows = db.execute(
                "SELECT o.id, o.user_id, i.product_id FROM orders o JOIN order_items i ON i.order_id = o.id "
                "WHERE o.user_id = ?", (s.user_id,),
            ).fetchall()
            stored = collections.defaultdict(list)
            for order_id, _, product in rows:
                stored[order_id].append(product)
            for order_id, products in s.orders.items():
                assert order_id in stored, f"acknowledged order {order_id} of shopper {s.user_id} is missing"
                assert sorted(stored[order_id]) == products, f"order {order_id} lost lines"
                acknowledged += 1
            in_cart = collections.Counter(
                p for (p,) in db.execute("SELECT product_id FROM cart_items WHERE user_id = ?", (s.user_id,))
            )
            ordered = collections.Counter(p for _, _, p in rows)
            for product, n in s.added.items():
                assert n <= in_cart[product] + ordered[product], (
                    f"shopper {s.user_id}: {n} lines of product {product} were added, "
                    f"{in_cart[product]} are in the cart and {ordered[product]} were ordered"
                )
        unpaid = db.execute(
            "SELECT count(*) FROM orders o LEFT JOIN payments p ON p.order_id = o.id "
            "WHERE p.order_id IS NULL OR p.amount_cents <> o.total_cents"
        ).fetchone()[0]
        assert unpaid == 0, f"{unpaid} orders lack their payment, or it is not of their total"
        orders = db.execute("SELECT count(*) FROM orders").fetchone()[0]
        lines = db.execute("SELECT count(*) FROM order_items").fetchone()[0]
        authorized = db.execute("SELECT count(*) FROM payments WHERE status = 'authorized'").fetchone()[0]
        return {"orders stored": orders, "order lines": lines, "acknowledged orders checked": acknowledged,
                "payments left authorized": authorized}
    finally:
        db.close()


def check_settled(db_path: str) -> dict:
    """After a restart: the settler captured every payment left authorized, once."""
    deadline = time.monotonic() + 15
    while True:
        db = sqlite3.connect(db_path)
        try:
            left = db.execute("SELECT count(*) FROM payments WHERE status = 'authorized'").fetchone()[0]
            if left == 0 or time.monotonic() > deadline:
                assert left == 0, f"{left} payments are still authorized after the restart"
                wrong = db.execute(
                    "SELECT count(*) FROM payments p LEFT JOIN test_provider_charges c ON c.id = p.intent_id "
                    "WHERE c.id IS NULL OR c.status <> 'captured' OR c.captured_cents <> p.amount_cents"
                ).fetchone()[0]
                assert wrong == 0, f"{wrong} payments are not their charge captured once for their amount"
                paid = db.execute("SELECT method, count(*) FROM payments GROUP BY method").fetchall()
                return {f"paid by {method}": n for method, n in paid}
        finally:
            db.close()
        time.sleep(0.2)




def main() -> int:
    if not BIN.exists():
        sys.exit(f"{BIN} is missing: run `make release` first")
    started = time.monotonic()
    totals = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="market-crash-") as data_dir:
        db_path = os.path.join(data_dir, "market.db")
        server = Server(data_dir)
        server.start()
        shoppers = [Shopper(server, n) for n in range(SHOPPERS)]
        for s in shoppers:
            s.sign_up()
        for round_no in range(1, ROUNDS + 1):
            resent = [s.resend_pending() for s in shoppers]
            replays = sum(r is not None for r in resent)
            totals["cut-off orders sent again"] += replays
            counts = collections.Counter()
            stop = threading.Event()
            threads = [threading.Thread(target=s.shop, args=(stop, counts)) for s in shoppers]
            for t in threads:
                t.start()
            time.sleep(random.uniform(1.5, 4.0))
            last = round_no == ROUNDS
            if last:
                stop.set()
                for t in threads:
                    t.join()
                exit_code = server.stop()
                assert exit_code == 0, f"SIGTERM: exit {exit_code}"
                wal = Path(db_path + "-wal")
                assert not wal.exists() or wal.stat().st_size == 0, f"the WAL holds {wal.stat().st_size} bytes"
            else:
                server.kill()
                stop.set()
                for t in threads:
                    t.join()
            found = check_database(db_path, shoppers)
            totals.update(counts)
            how = "SIGTERM" if last else "SIGKILL"
            print(f"round {round_no} ({how}): {dict(counts)}; after restart: {found}", flush=True)
            if not last:
                server.start()
        # Every order the shoppers were told about is also what the API shows them, and
        # every payment is settled.
        server.start()
        settled = check_settled(db_path)
        print(f"after the last start: {settled}", flush=True)
        for s in shoppers:
            status, body = s.call("GET", "/api/orders")
            assert status == 200
            shown = {o["id"]: sorted(p["id"] for p in o["Products"]) for o in body["Orders"]}
            for order_id, products in s.orders.items():
                assert shown.get(order_id) == products, f"GET /api/orders lacks order {order_id}"
        server.stop()
    print(
        f"crash test passed in {time.monotonic() - started:.0f} s: {ROUNDS - 1} SIGKILLs and a SIGTERM, "
        f"{SHOPPERS} shoppers, {totals['orders']} orders and {totals['cart lines']} cart lines acknowledged, "
        f"{totals['requests cut off by the kill']} requests cut off, "
        f"{totals['cut-off orders sent again']} cut-off orders sent again with their Idempotency-Key"
    )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as e:
        print(f"crash test FAILED: {e}")
        sys.exit(1)
