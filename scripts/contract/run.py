#!/usr/bin/env python3
"""`make test-contract`: schemathesis against a freshly started release binary.

Starts `market serve` on a free port over a temporary data folder (rate limits at
their defaults, so 429s are part of what is checked), runs schemathesis on its own
document (/api/openapi.json) with every check but `positive_data_acceptance` (the
schema cannot say that a title of five spaces is too short, or that a product id
names a real product), stateful phase included, within a time budget; then stops the
server with SIGTERM and reads its log: no 5xx, no internal error, no panic, a clean
exit. Fails on any finding.

Environment: MARKET_BIN (default target/release/market), CONTRACT_MAX_TIME (seconds
of testing, default 120), CONTRACT_SEED (replay a run), CONTRACT_REPORT_DIR (default
target/contract: JUnit report and the server's log).
"""

import collections
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("MARKET_BIN", ROOT / "target/release/market"))
SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"
MAX_TIME = int(os.environ.get("CONTRACT_MAX_TIME", "120"))
REPORT_DIR = Path(os.environ.get("CONTRACT_REPORT_DIR", ROOT / "target/contract"))
# An access line of the store's text log: `<time> <client> "GET /api/x?y" 200 <bytes> <ms>ms`.
REQUEST_LINE = re.compile(r'"([A-Z]+) (/api/\S*)" (\d{3}) ')
# How long the server may take to say it is open (migrating and seeding a new database).
START_WITHIN = 60


def database_args() -> list:
    """On PostgreSQL (MARKET_TEST_POSTGRES, a server's database URL): a new database there,
    made with psql, which the store migrates and seeds as it would a new file."""
    server = os.environ.get("MARKET_TEST_POSTGRES")
    if not server:
        return []
    name = f"market_contract_{os.getpid()}"
    subprocess.run(["psql", server, "-qc", f"CREATE DATABASE {name}"], check=True)
    return ["--database", server[: server.rindex("/") + 1] + name]


def start_server(data_dir: str):
    env = {**os.environ, "MARKET_LOG": "info", "NO_COLOR": "1"}
    for name in ("MARKET_RATE_LIMITS", "MARKET_SECRET_KEY", "MARKET_ADDR", "MARKET_DATA_DIR"):
        env.pop(name, None)
    proc = subprocess.Popen(
        [str(BIN), "serve", "--addr", "127.0.0.1:0", "--data-dir", data_dir, *database_args()],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        env=env,
    )
    log: list[str] = []
    opened: list[str] = []  # the URL the server says it is open at
    said = threading.Event()  # it said so, or its output ended

    # Read on a thread of its own, from the start: a server that hangs before it prints
    # anything would keep a read on this one waiting past any deadline.
    def read():
        for line in proc.stdout:
            log.append(line)
            found = not opened and re.search(r"Market is open at (http://\S+)", line)
            if found:
                opened.append(found.group(1))
                said.set()
        said.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    in_time = said.wait(timeout=START_WITHIN)
    if not opened:
        proc.kill()
        proc.wait()
        reader.join(timeout=5)
        why = "ended its output before it was open" if in_time else f"did not say it was open within {START_WITHIN} s"
        sys.exit(f"the server {why}:\n" + "".join(log))
    return proc, opened[0], log, reader


def main() -> int:
    if not BIN.exists():
        sys.exit(f"{BIN} is missing: run `make release` first")
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="market-contract-") as data_dir:
        proc, url, log, reader = start_server(data_dir)
        print(f"schemathesis against {url} (data in {data_dir}), {MAX_TIME} s of testing", flush=True)
        command = [
            str(SCHEMATHESIS),
            "--config-file", str(Path(__file__).with_name("schemathesis.toml")),
            "run",
            f"{url}api/openapi.json",
            "--checks", "all",
            "--exclude-checks", "positive_data_acceptance",
            "--phases", "examples,coverage,fuzzing,stateful",
            "--max-time", str(MAX_TIME),
            "--workers", "2",
            "--request-timeout", "10",
            "--report", "junit",
            "--report-dir", str(REPORT_DIR),
        ]
        if os.environ.get("CONTRACT_SEED"):
            command += ["--seed", os.environ["CONTRACT_SEED"]]
        env = {**os.environ, "MARKET_URL": url, "SCHEMATHESIS_HOOKS": str(Path(__file__).with_name("hooks.py"))}
        started = time.monotonic()
        status = subprocess.call(command, env=env)
        took = time.monotonic() - started

        proc.send_signal(signal.SIGTERM)
        try:
            exit_code = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            exit_code = "killed after 30 s"
        reader.join(timeout=5)

    (REPORT_DIR / "server.log").write_text("".join(log))
    answers = collections.Counter()
    for line in log:
        found = REQUEST_LINE.search(line)
        if found:
            answers[found.group(3)[0] + "xx"] += 1
    problems = [line.rstrip() for line in log if "internal error" in line or "panicked" in line]
    server_errors = answers["5xx"]
    print(
        f"\nserver: {sum(answers.values())} API answers "
        f"({', '.join(f'{n} {k}' for k, n in sorted(answers.items()))}) in {took:.0f} s; "
        f"exit {exit_code} after SIGTERM; log in {REPORT_DIR / 'server.log'}"
    )
    failed = False
    if status != 0:
        print(f"FAIL: schemathesis exited {status}")
        failed = True
    if server_errors or problems:
        print(f"FAIL: {server_errors} answers of 5xx; internal errors or panics in the log:")
        print("\n".join(problems[:20]))
        failed = True
    if not answers:
        # The 5xx check reads the access log: a log it cannot read would pass it silently.
        print("FAIL: no access line in the server's log could be read")
        failed = True
    if exit_code != 0:
        print(f"FAIL: the server did not stop cleanly on SIGTERM ({exit_code})")
        failed = True
    print("contract: " + ("FAILED" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
