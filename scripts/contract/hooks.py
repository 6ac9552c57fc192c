"""schemathesis hooks for Market (loaded through SCHEMATHESIS_HOOKS by run.py).

Authentication: Market's API uses a session cookie plus an anti-forgery header
(`XSRF-Token`, equal to the `XSRF-TOKEN` cookie that `GET /api/session` sets).

* Calls that sign in, sign up or sign out change the session they are sent with, so
  each of them gets a session of its own: a fresh anonymous one, with its token.
* Every other call runs as one shopper, signed up once at the start, so that carts,
  favorites, reviews and orders are really exercised. Nothing the fuzzer sends can end
  that shopper's session, since the calls that could never carry it.

One extra check: no error answer may show SQL, file paths, stack traces or the
server's type names.

And one guard for the tool itself: see `_parse_one_at_a_time`.
"""

import ast
import os
import re
import threading
import uuid

import requests
import schemathesis

BASE = os.environ["MARKET_URL"].rstrip("/")
SESSION_CALLS = ["/api/session", "/api/users"]

# CPython 3.11 keeps the depth counter of its AST builder in state shared by every thread
# (python/cpython#106905), so two `ast.parse` calls at once on different threads can fail
# with "AST constructor recursion depth mismatch". Hypothesis parses source to describe
# the lambdas in its strategies, on each of run.py's two workers; one such failure ended
# a CI run as a schemathesis "Runtime Error" that had nothing to do with Market. Parsing
# one call at a time costs nothing measurable and keeps both workers.
_PARSE = ast.parse
_PARSING = threading.Lock()


def _parse_one_at_a_time(*args, **kwargs):
    with _PARSING:
        return _PARSE(*args, **kwargs)


ast.parse = _parse_one_at_a_time


def _session(sign_up: bool) -> dict:
    http = requests.Session()
    http.get(f"{BASE}/api/session", timeout=10).raise_for_status()
    if sign_up:
        name = f"fuzz{uuid.uuid4().hex[:12]}"
        res = http.post(
            f"{BASE}/api/users",
            json={
                "firstName": "Fuzz",
                "lastName": "Tester",
                "username": name,
                "email": f"{name}@example.com",
                "password": "fuzz-password",
            },
            headers={"XSRF-Token": http.cookies["XSRF-TOKEN"]},
            timeout=10,
        )
        res.raise_for_status()
    return {"cookies": http.cookies.get_dict(), "token": http.cookies["XSRF-TOKEN"]}


def _apply(case, data) -> None:
    case.cookies = {**(case.cookies or {}), **data["cookies"]}
    case.headers = {**(case.headers or {}), "XSRF-Token": data["token"]}


# A fresh anonymous session for every call that signs in, up or out.
@schemathesis.auth(refresh_interval=None).apply_to(path=SESSION_CALLS)
class Visitor:
    def get(self, case, ctx):
        return _session(sign_up=False)

    def set(self, case, data, ctx):
        _apply(case, data)


# One shopper for everything else, signed up once: a 401 that the fuzzer provokes on
# purpose (no cookie, a forged one) is no reason to sign up again.
@schemathesis.auth(refresh_interval=24 * 3600, retry_on=[]).skip_for(path=SESSION_CALLS)
class Shopper:
    def get(self, case, ctx):
        return _session(sign_up=True)

    def set(self, case, data, ctx):
        _apply(case, data)


# What an error answer must never contain.
LEAKS = re.compile(
    r"rusqlite|sqlite|SQLITE|\bSELECT\b|\bINSERT INTO\b|\bDELETE FROM\b|constraint failed|no such (table|column)"
    r"|src/|\.rs\b|/root/|/home/|/work/|/tmp/|\.cargo"
    r"|panicked|backtrace|stack trace"
    r"|::|\bstruct\b|\b[iu](8|16|32|64|size)\b|\bf64\b|ApiError|actix|serde|anyhow|r2d2|tokio"
)


@schemathesis.check
def no_internal_details(ctx, response, case):
    """Error answers show nothing of how the server is built."""
    if response.status_code < 400:
        return None
    text = response.text
    # The 404 for an unknown address repeats that address: judge the rest.
    path = case.formatted_path
    if path:
        text = text.replace(path, "")
    found = LEAKS.search(text)
    if found:
        raise AssertionError(f"The error answer shows {found.group(0)!r}: {response.text[:300]}")
    return None
