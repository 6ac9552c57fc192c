#!/usr/bin/env python3
"""`make test-cluster`: three replicas of the release binary on one PostgreSQL, behind
nginx (scripts/cluster/cluster.py), act as one store:

1. a shopper signs up, signs in through replica 1, fills the cart through 2 and orders
   through 3: the order holds what the cart held;
2. a review posted through replica 1 shows in the rating replicas 2 and 3 serve (each
   keeping the product's answer in memory) within one second;
3. shoppers check out through nginx, and others straight through replica 2, while replica
   2 is killed with SIGKILL, one checkout of it waiting inside its transaction (psql holds
   that shopper's lock): nginx routes around it (the health check leaves a replica that
   refuses connections to nginx, which sends each refused request to another); every
   order answered 201 is stored with its lines, and each order whose answer the kill cut
   off, sent again with its Idempotency-Key, makes exactly one order; the killed replica,
   started again, serves again;
4. replica 3 is stopped with SIGTERM and started again, as a deploy does, while eight
   shoppers check out through nginx: no request fails (after its delay the replica
   refuses new connections, which nginx sends to another replica, and closes each kept
   one after its next answer), nginx is not reloaded, and every order answered is stored;
5. 100 identical orders with one Idempotency-Key, spread over the three replicas at
   once, make exactly one order, and every answer names it;
6. 20 refunds of a fifth of an order's total, sent by staff at once over the three
   replicas with 20 keys: exactly 5 answer 201 and 15 answer 409, and the refunds
   stored, promised and paid back by the provider add up to 5 of them: never more than
   was paid;
7. 500 shoppers each hold the last 10 units of a product in their cart and all place
   their order at once, spread over the three replicas: exactly 10 orders, stock 0 and
   never below, 490 clear refusals (409 naming the product);
8. PostgreSQL stops while the store serves: every answer that needs it is a 503 in the
   error shape within the store's time limit, /readyz says 503, every replica leaves the
   rotation; when PostgreSQL is back, the store serves again by itself and every replica
   comes back. Then PostgreSQL hangs (every process of it stopped with SIGSTOP, as a
   server that no longer answers): no request hangs past the store's limit, and when it
   answers again, so does the store.

Python's standard library only; psql (PostgreSQL's client, from the same packages) reads
the database. Environment: MARKET_BIN (default target/release/market).
"""

import collections
import http.client
import http.cookiejar
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import traceback
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cluster import Cluster, ROOT, rotation_names  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts/lib"))
from seeded import IN_STOCK  # noqa: E402  (the seed catalog, scripts/lib)

BIN = Path(os.environ.get("MARKET_BIN", ROOT / "target/release/market"))
# The store answers 503 after this long without the database (postgres::ANSWER_WITHIN),
# plus the time a request takes on a loaded machine.
ANSWER_WITHIN = 5.0 + 2.0
PASSWORD = "cluster-password"
# psql's application name while it holds a shopper's lock: how the test finds its session.
LOCKER = "market-cluster-test-locker"


class Gone(Exception):
    """No answer: the connection was refused, reset or timed out, or the answer was cut short."""

    def __init__(self, cause):
        reason = getattr(cause, "reason", None)  # urllib wraps a refused connection
        self.why = type(reason if isinstance(reason, BaseException) else cause).__name__
        super().__init__(f"{self.why}: {cause}")


class Shopper:
    """One browser: its own cookies; sends each request to the server it is asked to."""

    def __init__(self, name=None):
        self.jar = http.cookiejar.CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.name = name or f"cluster{uuid.uuid4().hex[:10]}"
        self.id = None
        self.orders = {}  # order id -> sorted product ids, as answered 201
        self.pending = None  # (key, body) of an order whose answer never came

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
        # A reply cut short mid-body (a server killed while it answered) is an
        # http.client error, or a body that is not JSON: no answer either.
        cut_short = (OSError, http.client.HTTPException, ValueError)
        try:
            with self.http.open(req, timeout=timeout) as res:
                return res.status, json.loads(res.read() or b"{}")
        except urllib.error.HTTPError as e:
            try:
                raw = e.read()
            except cut_short as cut:
                raise Gone(cut) from cut
            try:
                return e.code, json.loads(raw or b"{}")
            except ValueError:  # nginx's own error pages are HTML
                return e.code, {"raw": raw[:200].decode(errors="replace")}
        except cut_short as e:
            raise Gone(e) from e

    def sign_up(self, base):
        self.call(base, "GET", "/api/session")
        status, body = self.call(base, "POST", "/api/users", {
            "firstName": "Cluster", "lastName": "Tester", "username": self.name,
            "email": f"{self.name}@example.com", "password": PASSWORD})
        assert status == 201, (status, body)
        self.id = body["user"]["id"]
        return self.id

    def sign_in(self, base, password=PASSWORD):
        self.call(base, "GET", "/api/session")  # the anti-forgery token the sign-in needs
        status, body = self.call(base, "POST", "/api/session", {"credential": self.name, "password": password})
        assert status == 200, (status, body)
        self.id = body["user"]["id"]
        return self.id

    def checkout_body(self, base):
        status, cart = self.call(base, "GET", "/api/cart")
        assert status == 200, (status, cart)
        return order_body(cart)

    def order(self, base, key, body):
        self.pending = (key, body)
        status, answer = self.call(base, "POST", "/api/orders", body, {"Idempotency-Key": key})
        if status in (502, 503, 504):
            return status, answer  # not placed, or placed and unanswered: still pending
        self.pending = None
        if status == 201:
            self.orders[answer["id"]] = sorted(p["id"] for p in answer["Products"])
        return status, answer


def order_body(cart):
    """The checkout's request: what the shopper saw of the cart."""
    return {"total": cart["total"], "products": [{"productId": p["productId"]} for p in cart["Products"]]}


def sql(cluster, query):
    out = subprocess.run(["psql", cluster.database, "-tAc", query], check=True, capture_output=True, text=True)
    return [line for line in out.stdout.splitlines() if line]


def number(cluster, query):
    return int(sql(cluster, query)[0])


def wait_until(done, within, failure):
    """Asks `done` every 0.1 s until it says yes; fails past `within` seconds with `failure`
    (a message, or a function that makes it)."""
    deadline = time.monotonic() + within
    while not done():
        assert time.monotonic() < deadline, failure() if callable(failure) else failure
        time.sleep(0.1)


def wait_for_rotation(cluster, done, what, within=20):
    """Waits until nginx's rotation, as the health check keeps it, is as `done` wants. A
    check that stopped would leave the rotation as it was: its thread must be running."""
    def checked():
        assert cluster.watcher.is_alive(), "the health check's thread has ended"
        return done(cluster.in_rotation)

    wait_until(checked, within, lambda: f"{what} within {within} s; in rotation: {rotation_names(cluster.in_rotation)}")


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
    user_id = shopper.sign_up(cluster.url)
    shopper.jar.clear()  # the browser forgets the session its sign-up opened
    assert shopper.sign_in(one) == user_id
    status, session = shopper.call(two, "GET", "/api/session")
    assert status == 200 and (session.get("user") or {}).get("id") == user_id, ("replica 2 knows the shopper", session)
    # Each add is a line of quantity 1: two of 51 make its quantity 2.
    put = collections.Counter({51: 2, 61: 1})
    for product in put.elements():
        status, line = shopper.call(two, "POST", "/api/cart", {"productId": product})
        assert status == 201, (status, line)
    status, placed = shopper.order(three, str(uuid.uuid4()), shopper.checkout_body(three))
    assert status == 201, (status, placed)
    ordered = collections.Counter(p["id"] for p in placed["Products"])
    assert ordered == put, f"the order holds {dict(ordered)}, the cart held {dict(put)}"
    status, orders = shopper.call(cluster.url, "GET", "/api/orders")
    assert status == 200 and orders["Orders"][0]["id"] == placed["id"], orders
    listed = collections.Counter(p["id"] for p in orders["Orders"][0]["Products"])
    assert listed == put, f"the order is listed with {dict(listed)}, the cart held {dict(put)}"
    print(f"order {placed['id']} placed through replica 3, with the lines put in the cart through 2 "
          f"({dict(put)}), for the shopper who signed in through 1")


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
    demo.sign_in(one, "password")
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


def shop_once(s, base, via, counts):
    """One round of a shopper: its cut-off order sent again, or one or two cart adds and an
    order of what the cart then holds."""
    if s.pending:
        key, body = s.pending
        status, _ = s.order(base, key, body)
        counts[f"{via}: resent order answered {status}"] += 1
        return
    for _ in range(random.randint(1, 2)):
        status, _ = s.call(base, "POST", "/api/cart", {"productId": random.choice(IN_STOCK)})
        counts[f"{via}: cart add answered {status}"] += 1
    status, cart = s.call(base, "GET", "/api/cart")
    if status != 200 or not cart["Products"]:
        return
    status, _ = s.order(base, str(uuid.uuid4()), order_body(cart))
    counts[f"{via}: order answered {status}"] += 1


def resend(s, base, deadline):
    """Sends the shopper's cut-off order again, with its key, a moment apart, until it is
    answered (a 502, 503 or 504 says nothing of it yet, nor does no answer at all), by
    `deadline`. Returns its key and the order the answer names."""
    while True:
        key, body = s.pending
        try:
            status, answer = s.order(base, key, body)
        except Gone as e:
            status, answer = None, str(e)
        if not s.pending:
            assert status == 201, f"a cut-off order sent again was answered {status}: {answer}"
            return key, answer["id"]
        assert time.monotonic() < deadline, f"a cut-off order sent again is still unanswered: {status or 'no answer'}, {answer}"
        time.sleep(0.2)


def hold_shopper(cluster, user_id, within=20):
    """Takes the shopper's row lock from psql as a checkout takes it first (lock_shopper in
    src/db/postgres: FOR NO KEY UPDATE; the two statements of one -c are one transaction)
    and keeps it until let_go, `within` seconds at most: a checkout of that shopper's
    meanwhile waits inside its transaction."""
    locker = subprocess.Popen(
        ["psql", cluster.database, "-qc",
         f"SELECT 1 FROM users WHERE id = {user_id} FOR NO KEY UPDATE; SELECT pg_sleep({within})"],
        env=dict(os.environ, PGAPPNAME=LOCKER), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    holding = f"SELECT count(*) FROM pg_stat_activity WHERE application_name = '{LOCKER}' AND wait_event = 'PgSleep'"

    def holds():
        assert locker.poll() is None, f"psql exited ({locker.returncode}) before it held the shopper's lock"
        return number(cluster, holding) == 1

    try:
        wait_until(holds, 10, "psql did not take the shopper's lock within 10 s")
    except BaseException:
        locker.kill()
        locker.wait()
        raise
    return locker


def waiting_on_locker(cluster):
    """How many sessions wait for the lock hold_shopper's psql holds."""
    return number(cluster, "SELECT count(*) FROM pg_stat_activity a JOIN pg_stat_activity l "
                           f"ON l.pid = ANY(pg_blocking_pids(a.pid)) WHERE l.application_name = '{LOCKER}'")


def let_go(cluster, locker):
    """Ends hold_shopper's hold: its pg_sleep cancelled, its transaction ends."""
    sql(cluster, f"SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE application_name = '{LOCKER}'")
    try:
        locker.wait(timeout=10)
    except subprocess.TimeoutExpired:
        locker.kill()
        locker.wait()


def kill_mid_checkout(cluster):
    step("SIGKILL replica 2 while shoppers check out through nginx and straight through it")
    victim = cluster.replicas[1]
    via_nginx = [Shopper() for _ in range(8)]
    direct = [Shopper() for _ in range(3)]
    # One checkout that is surely under way when the kill comes: it waits, inside its
    # transaction on replica 2, for the lock psql holds.
    held = Shopper()
    everyone = via_nginx + direct + [held]
    for s in everyone:
        s.sign_up(cluster.url)
    for product in (53, 63):
        assert held.call(cluster.url, "POST", "/api/cart", {"productId": product})[0] == 201
    held_body = held.checkout_body(cluster.url)
    counts = collections.Counter()
    broken = []  # what ended a shopper's thread, other than a missing answer
    stop = threading.Event()

    def shop(s, base, via, until_gone):
        while not stop.is_set():
            try:
                shop_once(s, base, via, counts)
            except Gone as e:
                counts[f"{via}: no answer ({e.why})"] += 1
                if until_gone:
                    return  # its replica is gone: its cut-off order is sent again once it is back
                stop.wait(0.05)
            except Exception as e:  # noqa: BLE001 - said once the threads are done, not lost with one
                broken.append(f"{via}: {e!r}")
                return

    threads = [threading.Thread(target=shop, args=(s, cluster.url, "through nginx", False), daemon=True)
               for s in via_nginx]
    threads += [threading.Thread(target=shop, args=(s, victim.url, "straight to replica 2", True), daemon=True)
                for s in direct]
    held_answer = []  # the held checkout's (status, answer), or the Gone that cut it off

    def checkout_held():
        try:
            held_answer.append(held.order(victim.url, str(uuid.uuid4()), held_body))
        except Gone as e:
            held_answer.append(e)

    for t in threads:
        t.start()
    try:
        time.sleep(random.uniform(1.5, 3.0))
        locker = hold_shopper(cluster, held.id)
        try:
            sender = threading.Thread(target=checkout_held, daemon=True)
            sender.start()
            wait_until(lambda: held_answer or waiting_on_locker(cluster) > 0, 10,
                       "the checkout sent to replica 2 did not come to wait on its lock within 10 s")
            assert not held_answer, f"the checkout that should wait on its lock was answered: {held_answer[0]}"
            acknowledged = {"through nginx": sum(len(s.orders) for s in via_nginx),
                            "straight to replica 2": sum(len(s.orders) for s in direct)}
            # In the rotation now, so that its leaving below is the kill's doing.
            assert victim in cluster.in_rotation, "replica 2 is out of the rotation before its kill"
            victim.kill(signal.SIGKILL)
            killed_at = time.monotonic()
            sender.join(timeout=10)
        finally:
            let_go(cluster, locker)
        assert held_answer and isinstance(held_answer[0], Gone), \
            f"the checkout under way on replica 2 was not cut off by its SIGKILL: {held_answer or 'still no answer'}"
        for via, n in acknowledged.items():
            assert n > 0, f"no order acknowledged {via} before the kill: the kill tested nothing"
        # Each shopper through nginx has at most one order under way as the kill comes:
        # more than that many since are orders nginx sent elsewhere.
        wait_until(lambda: sum(len(s.orders) for s in via_nginx) > acknowledged["through nginx"] + len(via_nginx),
                   10, "no orders acknowledged through nginx within 10 s of replica 2's SIGKILL")
        around = time.monotonic() - killed_at
        # The shoppers through nginx go on for a while without replica 2.
        time.sleep(max(0.0, killed_at + 3.0 - time.monotonic()))
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=40)
    assert not any(t.is_alive() for t in threads), "a shopper's thread is still running 40 s after the stop"
    assert not broken, f"shoppers' threads ended on errors: {broken}"

    # The orders whose answers the kill cut off, sent again with their keys: those of the
    # shoppers through nginx through nginx at once, the others through replica 2 once it is back.
    deadline = time.monotonic() + 30
    resent = [(s, *resend(s, cluster.url, deadline)) for s in via_nginx if s.pending]
    victim.start()
    deadline = time.monotonic() + 30
    resent += [(s, *resend(s, victim.url, deadline)) for s in direct + [held] if s.pending]
    back = time.monotonic() - killed_at

    for s in everyone:
        status, body = s.call(cluster.url, "GET", "/api/orders")
        assert status == 200, status
        shown = {o["id"]: sorted(p["id"] for p in o["Products"]) for o in body["Orders"]}
        for order_id, products in s.orders.items():
            assert shown.get(order_id) == products, f"acknowledged order {order_id} is missing or changed"
    ids = ", ".join(str(s.id) for s in everyone)
    stored = dict(map(int, row.split("|")) for row in
                  sql(cluster, f"SELECT user_id, count(*) FROM orders WHERE user_id IN ({ids}) GROUP BY user_id"))
    for s in everyone:
        assert stored.get(s.id, 0) == len(s.orders), \
            f"shopper {s.name}: {stored.get(s.id, 0)} orders stored, {len(s.orders)} acknowledged"
    # Each cut-off order's key names the one order its second answer named.
    keys = ", ".join(f"'{key}'" for _, key, _ in resent)
    kept = collections.defaultdict(list)
    for row in sql(cluster, f"SELECT key, user_id, order_id FROM idempotency_keys WHERE key IN ({keys})"):
        key, user_id, order_id = row.split("|")
        kept[key].append((int(user_id), int(order_id)))
    for s, key, order_id in resent:
        assert kept[key] == [(s.id, order_id)], f"key {key} keeps {kept[key]}; sent again, it was answered order {order_id}"
    empty = number(cluster, "SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)")
    assert empty == 0, f"{empty} orders without lines"
    total = sum(len(s.orders) for s in everyone)
    stored = number(cluster, "SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username LIKE 'cluster%'")
    assert stored == total + 1, f"{stored} orders stored, {total} acknowledged (+1 from the first step)"
    print(dict(sorted(counts.items())))
    print(f"before the kill, {acknowledged['through nginx']} orders acknowledged through nginx and "
          f"{acknowledged['straight to replica 2']} straight to replica 2; the checkout waiting on its lock in replica 2 "
          f"was cut off ({held_answer[0].why}); {len(resent)} cut-off orders sent again, one order each; all {total} "
          f"acknowledged orders stored with their lines; nginx placed orders without replica 2 {around:.1f} s "
          f"after the kill, and replica 2 served again {back:.1f} s after it")


def restart_under_checkouts(cluster, shoppers=8):
    step("replica 3 stopped (SIGTERM) and started again while shoppers check out through nginx")
    victim = cluster.replicas[2]
    people = [Shopper() for _ in range(shoppers)]
    for s in people:
        s.sign_up(cluster.url)
    # Stock enough for the whole step: a sold-out refusal is not what this step is about.
    products = [p for p in IN_STOCK if p != IN_STOCK[40]][:30]
    sql(cluster, f"UPDATE products SET stock = 100000 WHERE id IN ({', '.join(map(str, products))})")
    counts = collections.Counter()
    failed = []  # every answer other than the one a working store gives, and every missing one
    stop = threading.Event()

    def expect(what, status, body, wanted):
        counts[f"{what} answered {status}"] += 1
        if status != wanted:
            failed.append(f"{what}: {status} {json.dumps(body)[:160]}")
        return status == wanted

    def shop(s):
        while not stop.is_set():
            try:
                for _ in range(random.randint(1, 2)):
                    status, body = s.call(cluster.url, "POST", "/api/cart", {"productId": random.choice(products)})
                    expect("cart add", status, body, 201)
                status, cart = s.call(cluster.url, "GET", "/api/cart")
                if expect("cart read", status, cart, 200) and cart["Products"]:
                    status, body = s.order(cluster.url, str(uuid.uuid4()), order_body(cart))
                    expect("order", status, body, 201)
            except Gone as e:
                counts[f"no answer ({e.why})"] += 1
                failed.append(f"no answer: {e}")
                s.pending = None  # counted as failed; the accounting below asks the database

    threads = [threading.Thread(target=shop, args=(s,), daemon=True) for s in people]
    for t in threads:
        t.start()
    try:
        time.sleep(2.0)
        before = sum(len(s.orders) for s in people)
        reloads = cluster.reloads
        cluster.restart(victim)  # SIGTERM, then started again once it has exited and ready
        time.sleep(2.0)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=40)
    assert not any(t.is_alive() for t in threads), "a shopper's thread is still running 40 s after the stop"
    total = sum(len(s.orders) for s in people)
    ids = ", ".join(str(s.id) for s in people)
    stored = number(cluster, f"SELECT count(*) FROM orders WHERE user_id IN ({ids})")
    print(dict(sorted(counts.items())))
    assert not failed, f"{len(failed)} requests failed through nginx while replica 3 restarted; the first: {failed[:5]}"
    assert before > 0 and total > before, f"orders acknowledged: {before} before the stop, {total} in all"
    assert stored == total, f"{stored} orders stored, {total} acknowledged"
    assert cluster.reloads == reloads, "the health check reloaded nginx: a restart should be left to nginx"
    print(f"{total} orders acknowledged and stored ({before} before the SIGTERM), no request failed, "
          "nginx not reloaded")


def one_key_many_replicas(cluster):
    step("100 identical orders with one Idempotency-Key, spread over the three replicas at once")
    shopper = Shopper()
    user_id = shopper.sign_up(cluster.url)
    for product in (53, 62, 72):
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


def refunds_across_replicas(cluster):
    step("20 refunds of a fifth of an order at once, over the three replicas: never more than was paid")
    shopper = Shopper()
    shopper.sign_up(cluster.url)
    for product in (53, 62):
        assert shopper.call(cluster.url, "POST", "/api/cart", {"productId": product})[0] == 201
    status, order = shopper.order(cluster.url, "refunded-order", shopper.checkout_body(cluster.url))
    assert status == 201 and order["payment"]["status"] == "paid", (status, order)
    total_cents = round(order["total"] * 100)
    fifth = total_cents // 5  # 5 fit in the total, 6 do not
    staff = Shopper()
    staff_id = staff.sign_up(cluster.url)
    sql(cluster, f"UPDATE users SET role = 'staff' WHERE id = {staff_id}")
    staff.sign_in(cluster.url)  # a session that carries the role
    bases = [r.url for r in cluster.replicas]
    barrier = threading.Barrier(20)

    def refund(n):
        body = {"amount": fifth / 100, "reason": "Cluster race", "restock": []}
        barrier.wait()
        path = f"/api/admin/orders/{order['id']}/refunds"
        return staff.call(bases[n % 3], "POST", path, body, {"Idempotency-Key": f"cluster-refund-{n}"})

    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(refund, range(20)))
    statuses = collections.Counter(status for status, _ in answers)
    assert statuses == {201: 5, 409: 15}, answers
    refunded = number(cluster, f"SELECT coalesce(sum(amount_cents), 0) FROM refunds WHERE order_id = {order['id']}")
    promised = number(cluster, f"SELECT refunded_cents FROM payments WHERE order_id = {order['id']}")
    assert refunded == promised == 5 * fifth, (refunded, promised, fifth)
    paid_back = f"""SELECT coalesce(sum(r.amount_cents), 0) FROM test_provider_refunds r
                    JOIN payments p ON p.intent_id = r.charge_id WHERE p.order_id = {order['id']}"""
    wait_until(lambda: number(cluster, paid_back) == 5 * fifth, 40, lambda: f"paid back {number(cluster, paid_back)}")
    print(f"5 answers 201, 15 answers 409; {5 * fifth} of {total_cents} cents refunded, promised and paid back")


def last_units_across_replicas(cluster, shoppers=500, units=10):
    step(f"{shoppers} shoppers order the last {units} units of one product at once, over the three replicas")
    product = IN_STOCK[40]
    bases = [r.url for r in cluster.replicas]
    people = [Shopper() for _ in range(shoppers)]

    def ready(n):
        s, base = people[n], bases[n % 3]
        s.sign_up(base)
        status, body = s.call(base, "POST", "/api/cart", {"productId": product})
        assert status == 201, (status, body)
        return s.checkout_body(base)

    # Sign-ups hash a password each (argon2): 16 at a time is what two cores take.
    with ThreadPoolExecutor(max_workers=16) as pool:
        bodies = list(pool.map(ready, range(shoppers)))
    sql(cluster, f"UPDATE products SET stock = {units} WHERE id = {product}")
    barrier = threading.Barrier(shoppers)

    def place(n):
        barrier.wait()
        return people[n].order(bases[n % 3], f"last-units-{n}", bodies[n])

    with ThreadPoolExecutor(max_workers=shoppers) as pool:
        answers = list(pool.map(place, range(shoppers)))
    statuses = collections.Counter(status for status, _ in answers)
    assert statuses == {201: units, 409: shoppers - units}, statuses
    refusals = [body for status, body in answers if status == 409]
    assert all(r["shortages"][0]["productId"] == product for r in refusals), refusals[0]
    stock = number(cluster, f"SELECT stock FROM products WHERE id = {product}")
    placed = ",".join(str(body["id"]) for status, body in answers if status == 201)
    sold = number(cluster, f"SELECT count(*) FROM order_items WHERE product_id = {product} AND order_id IN ({placed})")
    assert (stock, sold) == (0, units), f"stock {stock}, {sold} units in orders"
    print(f"{units} orders, {shoppers - units} refusals naming product {product}; stock {stock}")


def database_outage(cluster):
    step("PostgreSQL stops while the store serves, then comes back")
    shopper = Shopper()
    shopper.sign_up(cluster.url)
    cluster.postgres("stop")
    stopped = time.monotonic()
    # A search that finds products reads their cards from the database (asked in a form
    # no step kept); each replica's catalog index alone answers only which ones match.
    checks = [("POST", "/api/cart", {"productId": 51}), ("GET", "/api/cart", None),
              ("GET", "/api/search?q=headphones&limit=7", None), ("GET", "/api/orders", None)]
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
    # Every replica out of the rotation before PostgreSQL is back: else their return below
    # would prove nothing of the health check.
    wait_for_rotation(cluster, lambda rotation: not rotation, "the replicas did not all leave the rotation")
    print(f"every replica out of the rotation {time.monotonic() - stopped:.1f} s after PostgreSQL stopped")
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
    wait_for_rotation(cluster, lambda rotation: rotation == set(cluster.replicas),
                      "not every replica came back into the rotation")
    # Back in rotation means each answered /readyz, which reached the server; the gauge
    # may follow a moment later.
    for r in cluster.replicas:
        wait_until(lambda: gauge(r, "market_db_unreachable") == 0, 10,
                   f"replica {r.n}'s metrics still say the server is gone 10 s after it came back into the rotation")
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
        for method, path, body in [("POST", "/api/cart", {"productId": 53}), ("GET", "/api/orders", None)]:
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
        status, _ = shopper.call(cluster.url, "POST", "/api/cart", {"productId": 53}, timeout=ANSWER_WITHIN + 5)
        if status == 201:
            break
        assert time.monotonic() - back < 30, f"still {status} 30 s after PostgreSQL answered again"
        time.sleep(0.2)
    print(f"writes worked again {time.monotonic() - back:.1f} s after PostgreSQL answered again")


def exit_on(sig, code):
    """A signal that would end the script without its cleanup (SIGTERM from CI, SIGHUP from
    a closed terminal) ends it as sys.exit does, through the finally blocks; a second one
    is ignored, so that the cleanup runs to its end. A signal ignored already (nohup) stays
    ignored."""
    def handler(*_):
        signal.signal(sig, signal.SIG_IGN)
        raise SystemExit(code)

    if signal.getsignal(sig) is not signal.SIG_IGN:
        signal.signal(sig, handler)


def main():
    if not BIN.exists():
        sys.exit(f"{BIN} is missing: run `make release` first")
    exit_on(signal.SIGTERM, 128 + signal.SIGTERM)
    exit_on(signal.SIGHUP, 128 + signal.SIGHUP)
    started = time.monotonic()
    cluster = Cluster(BIN, durable=False, env={"MARKET_RATE_LIMITS": "off", "MARKET_ACCESS_LOG": "off"})
    try:
        cluster.start()
        print(f"cluster: nginx at {cluster.url}, replicas {', '.join(r.url for r in cluster.replicas)}")
        across_replicas(cluster)
        review_shows_everywhere(cluster)
        kill_mid_checkout(cluster)
        restart_under_checkouts(cluster)
        one_key_many_replicas(cluster)
        refunds_across_replicas(cluster)
        last_units_across_replicas(cluster)
        database_outage(cluster)
        database_hangs(cluster)
    except Exception as e:  # noqa: BLE001 - whatever failed, the logs are printed before they are removed
        print(f"\ncluster test FAILED: {e!r}")
        traceback.print_exc(file=sys.stdout)
        cluster.print_logs(out=sys.stdout)
        return 1
    finally:
        cluster.stop()
        subprocess.run(["rm", "-rf", str(cluster.work)], check=False)
    print(f"\ncluster test passed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
