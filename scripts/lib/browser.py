"""One browser for the scripts that drive the release binary over HTTP (the full-disk
test, the soak): its own cookies, one kept-alive connection, the anti-forgery token
sent back on every write, and an answer for every request or `NoAnswer` saying how the
connection ended. Pages are asked for compressed, as a browser does; API answers
plain, so that their JSON can be read. Python's standard library only.
"""

import email.utils
import http.client
import json
import time
import urllib.parse
from datetime import datetime, timezone


class NoAnswer(Exception):
    """The connection ended (closed, reset, timed out) without a complete answer."""


class Answer:
    def __init__(self, status, headers, body, elapsed):
        self.status, self.headers, self.body, self.elapsed = status, headers, body, elapsed

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None


class Client:
    """One browser: its own cookies and one kept-alive connection, sequential requests."""

    IDLE = 2.0  # seconds; actix closes a kept-alive connection idle for 5 s

    def __init__(self, url, timeout=15.0):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port, self.timeout = parts.hostname, parts.port, timeout
        self.conn = None
        self.last = 0.0
        self.cookies = {}

    def token(self):
        return self.cookies.get("XSRF-TOKEN")

    def call(self, method, path, body=None, headers=None, accept="application/json"):
        sent = {"Accept": accept, "Accept-Encoding": "gzip, br" if accept == "text/html" else "identity"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if method != "GET" and self.token():
            sent["XSRF-Token"] = self.token()
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        sent.update(headers or {})
        if self.conn is not None and time.monotonic() - self.last > self.IDLE:
            self.conn.close()
            self.conn = None
        reused = self.conn is not None and self.conn.sock is not None
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        started = time.monotonic()
        try:
            self.conn.request(method, path, body=data, headers=sent)
            res = self.conn.getresponse()
            payload = res.read()
        except (http.client.HTTPException, OSError) as e:
            self.conn.close()
            self.conn = None
            how = "a kept-alive connection" if reused else "a new connection"
            raise NoAnswer(f"{type(e).__name__}: {e} (on {how})") from e
        elapsed = time.monotonic() - started
        self.last = time.monotonic()
        for line in res.headers.get_all("Set-Cookie") or []:
            self._set_cookie(line)
        answer = Answer(res.status, {k.lower(): v for k, v in res.getheaders()}, payload, elapsed)
        if res.will_close:
            self.conn.close()
            self.conn = None
        return answer

    def _set_cookie(self, line):
        first, *attributes = [p.strip() for p in line.split(";")]
        name, _, value = first.partition("=")
        attrs = {}
        for a in attributes:
            k, _, v = a.partition("=")
            attrs[k.lower()] = v
        gone = False
        if "max-age" in attrs:
            gone = attrs["max-age"].strip().lstrip("-").isdigit() and int(attrs["max-age"]) <= 0
        elif "expires" in attrs:
            try:
                gone = email.utils.parsedate_to_datetime(attrs["expires"]) <= datetime.now(timezone.utc)
            except (TypeError, ValueError):
                pass
        if gone:
            self.cookies.pop(name, None)
        else:
            self.cookies[name] = value

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None
