#!/usr/bin/env python3
"""`make test-cluster`: three replicas of the release binary on one PostgreSQL, behind
nginx (scripts/cluster/cluster.py), act as one store:

1. a shopper signs in through replica 1, fills the cart through 2 and orders through 3;
2. a review posted through replica 1 shows in the rating replicas 2 and 3 serve (each
   keeping the product's answer in memory) within one second;
3. shoppers check out through nginx while replica 2 is killed with SIGKILL: every order
   answered 201 is stored with its lines, and an order whose answer the kill cut off,
   sent again with its Idempotency-Key, makes exactly one order; the killed replica,
   started again, comes back into nginx's rotation;
4. 100 identical orders with one Idempotency-Key, spread over the three replicas at
   once, make exactly one order, and every answer names it;
5. PostgreSQL stops while the store serves: every answer that needs it is a 503 in the
   error shape within the store's time limit, /readyz says 503; when PostgreSQL is back,
   the store serves again by itself. Then PostgreSQL hangs (every process of it
   stopped with SIGSTOP, as a server that no longer answers): no request hangs past the
   store's limit, and when it answers again, so does the store.

Python's standard library only; psql (PostgreSQL's client, from the same packages) reads
the database. Environment: MARKET_BIN (default target/release/market).
"""

import collections
import http.cookiejar
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cluster import Cluster, ROOT  # noqa: E402

BIN = Path(os.environ.get("MARKET_BIN", ROOT / "target/release/market"))
# The store answers 503 after this long without the database (postgres::ANSWER_WITHIN),
# plus the time a request takes on a loaded machine.
ANSWER_WITHIN = 5.0 + 2.0


class Gone(Exception):
    pass


class Shopper:
    """One browser: its own cookies; sends each request to the server it is asked to."""

    def __init__(self, name=None):
        self.jar = http.cookiejar.CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.name = name or f"cluster{uuid.uuid4().hex[:10]}"
        self.orders = {}  # order id -> sorted product ids, as answered 201
        self.pending = None  # (base, key, body) of an order whose answer never came

    def call(self, base, method, path, body=None, headers=None, timeout=30):
        token = next((c.value for c in self.jar if c.name == "XSRF-TOKEN"), None)
        req = urllib.request.Request(base + path, method=method)
        if body is not None:
            req.data = json.dumps(body).encode()
            req.add_header("Content-Type", "application/json")
        if token and method != "GET":
            req.add_header("XSRF-Token", token)
        for name, value in (headers or {}).items():
            req.add_header(name, value)
        try:
            with self.http.open(req, timeout=timeout) as res:
                return res.status, json.loads(res.read() or b"{}")
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                return e.code, json.loads(raw or b"{}")
            except json.JSONDecodeError:
                return e.code, {"raw": raw[:200].decode(errors="replace")}
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as e:
            raise Gone(str(e)) from e

    def sign_up(self, base):
        self.call(base, "GET", "/api/session")
        status, body = self.call(base, "POST", "/api/users", {
            "firstName": "Cluster", "lastName": "Tester", "username": self.name,
            "email": f"{self.name}@example.com", "password": "cluster-password"})
        assert status == 201, (status, body)
        return body["user"]["id"]

    def checkout_body(self, base):
        status, cart = self.call(base, "GET", "/api/cart")
        assert status == 200, (status, cart)
        return {"total": cart["total"], "products": [{"productId": p["productId"]} for p in cart["Products"]]}

    def order(self, base, key, body):
        self.pending = (key, body)
        status, answer = self.call(base, "POST", "/api/orders", body, {"Idempotency-Key": key})
        if status in (502, 503, 504):
            return status, answer  # not placed, or placed and unanswered: still pending
        self.pending = None
        if status == 201:
            self.orders[answer["id"]] = sorted(p["id"] for p in answer["Products"])
        return status, answer


def sql(cluster, query):
    out = subprocess.run(["psql", cluster.database, "-tAc", query], check=True, capture_output=True, text=True)
    return [line for line in out.stdout.splitlines() if line]


def number(cluster, query):
    return int(sql(cluster, query)[0])


def gauge(replica, name):
    """A figure from the replica's /metrics."""
    with urllib.request.urlopen(replica.metrics_url, timeout=5) as res:
        for line in res.read().decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
    raise AssertionError(f"replica {replica.n}'s /metrics has no {name}")


def step(title):
    print(f"\n== {title}", flush=True)


def across_replicas(cluster):
    step("sign in through replica 1, fill the cart through 2, order through 3")
    one, two, three = (r.url for r in cluster.replicas)
    shopper = Shopper()
    user_id = shopper.sign_up(one)
    status, session = shopper.call(two, "GET", "/api/session")
    assert status == 200 and session["user"]["id"] == user_id, ("replica 2 knows the shopper", session)
    for product in (51, 61):
        status, _ = shopper.call(two, "POST", "/api/cart", {"productId": product})
        assert status == 201, status
    status, placed = shopper.order(three, str(uuid.uuid4()), shopper.checkout_body(three))
    assert status == 201, (status, placed)
    status, orders = shopper.call(cluster.url, "GET", "/api/orders")
    assert status == 200 and orders["Orders"][0]["id"] == placed["id"], orders
    print(f"order {placed['id']} placed through replica 3 for the shopper who signed up through 1")


def review_shows_everywhere(cluster):
    step("a review through replica 1 shows through 2 and 3 within one second")
    one, two, three = (r.url for r in cluster.replicas)
    reader = Shopper()
    counts = {}
    for base in (two, three):
        for _ in range(2):  # the second read is the kept answer
            status, product = reader.call(base, "GET", "/api/products/53")
            assert status == 200, status
        counts[base] = product["numReviews"]
    demo = Shopper("demo")
    demo.call(one, "GET", "/api/session")
    status, _ = demo.call(one, "POST", "/api/session", {"credential": "demo", "password": "password"})
    assert status == 200, status
    status, review = demo.call(one, "POST", "/api/products/53/reviews", {
        "rating": 5, "title": "Works great", "description": "Set up in minutes and has worked every day since."})
    assert status == 201, (status, review)
    posted = time.monotonic()
    for base in (two, three):
        while True:
            _, product = reader.call(base, "GET", "/api/products/53")
            if product["numReviews"] == counts[base] + 1:
                break
            assert time.monotonic() - posted < 1.0, f"{base} still serves {product['numReviews']} reviews"
            time.sleep(0.01)
    took = time.monotonic() - posted
    assert took < 1.0, took
    print(f"replicas 2 and 3 served the new rating {took * 1000:.0f} ms after the review was answered")


def kill_mid_checkout(cluster):
    step("SIGKILL replica 2 while shoppers check out through nginx")
    shoppers = [Shopper() for _ in range(8)]
    for s in shoppers:
        s.sign_up(cluster.url)
    counts = collections.Counter()
    stop = threading.Event()

    def shop(s):
        while not stop.is_set():
            try:
                if s.pending:
                    key, body = s.pending
                    status, _ = s.order(cluster.url, key, body)
                    counts[f"resent order answered {status}"] += 1
                    continue
                for _ in range(random.randint(1, 2)):
                    status, _ = s.call(cluster.url, "POST", "/api/cart", {"productId": random.randint(1, 156)})
                    counts[f"cart add answered {status}"] += 1
                status, cart = s.call(cluster.url, "GET", "/api/cart")
                if status != 200 or not cart["Products"]:
                    continue
                body = {"total": cart["total"], "products": [{"productId": p["productId"]} for p in cart["Products"]]}
                status, _ = s.order(cluster.url, str(uuid.uuid4()), body)
                counts[f"order answered {status}"] += 1
            except Gone:
                counts["request cut off"] += 1

    threads = [threading.Thread(target=shop, args=(s,)) for s in shoppers]
    for t in threads:
        t.start()
    time.sleep(random.uniform(1.5, 3.0))
    victim = cluster.replicas[1]
    victim.kill(signal.SIGKILL)
    killed_at = time.monotonic()
    time.sleep(3.0)
    stop.set()
    for t in threads:
        t.join()
    # Orders whose answers the kill cut off: sent again with their key, through nginx.
    resent = 0
    for s in shoppers:
        while s.pending:
            key, body = s.pending
            status, answer = s.order(cluster.url, key, body)
            assert status in (201, 502, 503, 504), (status, answer)
            resent += 1
    for s in shoppers:
        status, body = s.call(cluster.url, "GET", "/api/orders")
        assert status == 200, status
        shown = {o["id"]: sorted(p["id"] for p in o["Products"]) for o in body["Orders"]}
        for order_id, products in s.orders.items():
            assert shown.get(order_id) == products, f"acknowledged order {order_id} is missing or changed"
    empty = number(cluster, "SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)")
    assert empty == 0, f"{empty} orders without lines"
    acknowledged = sum(len(s.orders) for s in shoppers)
    stored = number(cluster, "SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username LIKE 'cluster%'")
    assert stored == acknowledged + 1, f"{stored} orders stored, {acknowledged} acknowledged (+1 from the first step)"
    victim.start()
    deadline = time.monotonic() + 10
    while victim not in cluster.in_rotation:
        assert time.monotonic() < deadline, "the restarted replica did not come back into rotation"
        time.sleep(0.1)
    print(f"{dict(counts)}; {acknowledged} orders acknowledged, all stored with their lines; {resent} cut-off "
          f"orders sent again; replica 2 back in rotation {time.monotonic() - killed_at:.1f} s after the kill")


def one_key_many_replicas(cluster):
    step("100 identical orders with one Idempotency-Key, spread over the three replicas at once")
    shopper = Shopper()
    user_id = shopper.sign_up(cluster.url)
    for product in (52, 62, 72):
        assert shopper.call(cluster.url, "POST", "/api/cart", {"productId": product})[0] == 201
    body = shopper.checkout_body(cluster.url)
    bases = [r.url for r in cluster.replicas]
    barrier = threading.Barrier(100)

    def submit(n):
        barrier.wait()
        return shopper.call(bases[n % 3], "POST", "/api/orders", body, {"Idempotency-Key": "one-key"})

    with ThreadPoolExecutor(max_workers=100) as pool:
        answers = list(pool.map(submit, range(100)))
    statuses = collections.Counter(status for status, _ in answers)
    assert statuses == {201: 100}, statuses
    ids = {answer["id"] for _, answer in answers}
    assert len(ids) == 1, ids
    stored = number(cluster, f"SELECT count(*) FROM orders WHERE user_id = {user_id}")
    assert stored == 1, f"{stored} orders"
    print(f"100 answers 201, all naming order {ids.pop()}; 1 order stored")


def database_outage(cluster):
    step("PostgreSQL stops while the store serves, then comes back")
    shopper = Shopper()
    shopper.sign_up(cluster.url)
    cluster.postgres("stop")
    stopped = time.monotonic()
    checks = [("POST", "/api/cart", {"productId": 51}), ("GET", "/api/cart", None),
              ("GET", "/api/search?q=outage", None), ("GET", "/api/orders", None)]
    for method, path, body in checks:
        began = time.monotonic()
        status, answer = shopper.call(cluster.url, method, path, body, timeout=ANSWER_WITHIN + 5)
        took = time.monotonic() - began
        assert status == 503, (method, path, status, answer)
        assert isinstance(answer.get("message"), str) and answer["message"], ("the error shape", answer)
        assert took < ANSWER_WITHIN, f"{method} {path} took {took:.1f} s"
        print(f"{method} {path}: 503 in {took * 1000:.0f} ms: {answer['message']}")
    for r in cluster.replicas:
        status = Shopper().call(r.url, "GET", "/readyz", timeout=ANSWER_WITHIN + 5)[0]
        assert status == 503, f"replica {r.n} /readyz says {status} without its database"
        assert gauge(r, "market_db_unreachable") == 1, f"replica {r.n}'s metrics do not say the server is gone"
    cluster.postgres("start")
    back = time.monotonic()
    while True:
        try:
            status, _ = shopper.call(cluster.url, "POST", "/api/cart", {"productId": 51}, timeout=ANSWER_WITHIN + 5)
        except Gone:
            status = None
        if status == 201:
            break
        assert time.monotonic() - back < 30, f"still {status} 30 s after PostgreSQL came back"
        time.sleep(0.2)
    recovered = time.monotonic() - back
    deadline = time.monotonic() + 10
    while len(cluster.in_rotation) < 3:
        assert time.monotonic() < deadline, "not every replica came back into rotation"
        time.sleep(0.1)
    # Back in rotation means each answered /readyz, which reached the server.
    for r in cluster.replicas:
        assert gauge(r, "market_db_unreachable") == 0, f"replica {r.n}'s metrics still say the server is gone"
    print(f"down for {back - stopped:.1f} s; writes worked again {recovered:.1f} s after PostgreSQL came back, "
          "every replica back in rotation")


def postgres_processes(cluster):
    """The postmaster and its children (the connections' backends among them)."""
    master = int((cluster.work / "postgres/data/postmaster.pid").read_text().split()[0])
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            children.append(int(stat.parent.name))
    return [master, *children]


def database_hangs(cluster):
    step("PostgreSQL hangs (SIGSTOP) while the store serves, then answers again")
    shopper = Shopper()
    shopper.sign_up(cluster.url)
    processes = postgres_processes(cluster)
    for pid in processes:
        os.kill(pid, signal.SIGSTOP)
    try:
        for method, path, body in [("POST", "/api/cart", {"productId": 52}), ("GET", "/api/orders", None)]:
            began = time.monotonic()
            status, answer = shopper.call(cluster.url, method, path, body, timeout=ANSWER_WITHIN + 10)
            took = time.monotonic() - began
            assert status == 503, (method, path, status, answer)
            assert took < ANSWER_WITHIN, f"{method} {path} took {took:.1f} s"
            print(f"{method} {path}: 503 in {took * 1000:.0f} ms while PostgreSQL hangs")
    finally:
        for pid in processes:
            os.kill(pid, signal.SIGCONT)
    back = time.monotonic()
    while True:
        status, _ = shopper.call(cluster.url, "POST", "/api/cart", {"productId": 52}, timeout=ANSWER_WITHIN + 5)
        if status == 201:
            break
        assert time.monotonic() - back < 30, f"still {status} 30 s after PostgreSQL answered again"
        time.sleep(0.2)
    print(f"writes worked again {time.monotonic() - back:.1f} s after PostgreSQL answered again")


def main():
    if not BIN.exists():
        sys.exit(f"{BIN} is missing: run `make release` first")
    started = time.monotonic()
    cluster = Cluster(BIN, durable=False, env={"MARKET_RATE_LIMITS": "off", "MARKET_ACCESS_LOG": "off"})
    try:
        cluster.start()
        print(f"cluster: nginx at {cluster.url}, replicas {', '.join(r.url for r in cluster.replicas)}")
        across_replicas(cluster)
        review_shows_everywhere(cluster)
        kill_mid_checkout(cluster)
        one_key_many_replicas(cluster)
        database_outage(cluster)
        database_hangs(cluster)
    except (AssertionError, RuntimeError) as e:
        print(f"\ncluster test FAILED: {e!r}")
        for r in cluster.replicas:
            print(f"--- replica {r.n}'s log, last lines:")
            print("".join(r.log.read_text(errors="replace").splitlines(keepends=True)[-15:]))
        return 1
    finally:
        cluster.stop()
        subprocess.run(["rm", "-rf", str(cluster.work)], check=False)
    print(f"\ncluster test passed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
