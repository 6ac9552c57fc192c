#!/usr/bin/env python3
"""Several servers of one store on this machine: a throwaway PostgreSQL server
(scripts/postgres/server.sh, from Debian's packages, as an unprivileged user), N replicas
of the release binary on their own ports, and nginx in front of them as the load
balancer (round robin; a replica whose /readyz fails two checks in a row, one a second,
is taken out of the rotation, and put back when it answers 200 again).

    scripts/cluster/cluster.py run [--replicas 3] [--port 8080]   `make cluster`: prints the URL; Ctrl-C (SIGTERM, SIGHUP) stops all
    from cluster import Cluster                                    the cluster test and `make bench`

Open-source nginx checks its upstreams only passively (a connection refused); the
active check through /readyz is this script's: it asks every replica each second and
rewrites nginx's upstream list when the answer changes (`nginx -s reload` keeps the
connections under way). SIGUSR1 to `run` restarts the last replica as a deploy does
(SIGTERM, then started again once it has exited): `make bench` restarts one mid-run.
"""

import argparse
import ctypes
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The active health check: a replica is out of rotation after FALL failed checks in a row,
# one a second, each given CHECK_WITHIN seconds.
FALL = 2
CHECK_WITHIN = 2.0
SERVER_SH = ROOT / "scripts/postgres/server.sh"
# prctl(2): the signal the kernel sends a process when the thread that started it ends.
PR_SET_PDEATHSIG = 1
LIBC = ctypes.CDLL(None, use_errno=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_unusable(port):
    """Why nginx could not listen on 127.0.0.1:PORT (another server has it, or it is
    privileged), or None when it could. SO_REUSEADDR as nginx sets it: the connections of a
    cluster just stopped, waiting out TIME_WAIT, do not count."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            s.listen()
        except OSError as e:
            return e.strerror
    return None


def ends_with_this_script():
    """A preexec_fn for the replicas and nginx: they get SIGTERM when this script ends, however
    it ends (a SIGKILL or a crash too, when no finally block runs), so that none is left
    serving a port over a removed folder. The kernel sends it when the thread that started
    the child ends: start them from the main thread. (A preexec_fn runs between fork and
    exec, where a lock another thread held stays held: this one takes none.)"""
    parent = os.getpid()

    def preexec():
        LIBC.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM))
        if os.getppid() != parent:  # the script ended before the call above took effect
            os._exit(1)

    return preexec


def rotation_names(replicas):
    return ", ".join(str(r.n) for r in sorted(replicas, key=lambda r: r.n)) or "none"


def status_of(url, timeout=1.0):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as res:
            return res.status
    except urllib.error.HTTPError as e:
        return e.code
    except (OSError, http.client.HTTPException):
        # Refused, timed out, or an answer cut short (http.client's own errors are not OSErrors).
        return None


def readiness(url, timeout):
    """What a replica's /readyz says: "ready", "stopping" (SIGTERM: it drains by itself),
    "refused" (nothing listens: stopped, restarting or killed), or "unready" (it answered
    that it cannot serve, or did not answer in time)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as res:
            return "ready" if res.status == 200 else "unready"
    except urllib.error.HTTPError as e:
        try:
            stopping = json.loads(e.read())["checks"]["stopping"] is True
        except (OSError, http.client.HTTPException, ValueError, KeyError, TypeError):
            stopping = False
        return "stopping" if e.code == 503 and stopping else "unready"
    except urllib.error.URLError as e:  # urlopen wraps a refused connection
        return "refused" if isinstance(e.reason, ConnectionRefusedError) else "unready"
    except (OSError, http.client.HTTPException):
        return "unready"


def ensure_nginx():
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if nginx:
        return nginx
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("cluster: installing Debian's nginx package", file=sys.stderr)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        if subprocess.run(["apt-get", "install", "-y", "-q", "nginx"], env=env).returncode != 0:
            subprocess.run(["apt-get", "update", "-q"], env=env, check=True)
            subprocess.run(["apt-get", "install", "-y", "-q", "nginx"], env=env, check=True)
        return shutil.which("nginx") or "/usr/sbin/nginx"
    sys.exit("cluster: nginx is not installed: sudo apt-get install nginx")


class Replica:
    def __init__(self, cluster, n):
        self.cluster, self.n = cluster, n
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.metrics_url = f"http://127.0.0.1:{free_port()}/metrics"
        self.dir = cluster.work / f"replica{n}"
        self.log = cluster.work / f"replica{n}.log"
        self.process = None

    def start(self, wait=True):
        self.dir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, **self.cluster.env)
        args = [str(self.cluster.binary), "serve", "--addr", f"127.0.0.1:{self.port}",
                "--data-dir", str(self.dir), "--database", self.cluster.database,
                "--trusted-proxy", "127.0.0.1", "--shutdown-delay", "2s",
                "--metrics-addr", self.metrics_url.removeprefix("http://").removesuffix("/metrics")]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(args, env=env, stdout=log, stderr=log,
                                            preexec_fn=ends_with_this_script())
        if wait:
            self.wait_ready()

    def wait_ready(self, within=60):
        deadline = time.time() + within
        while status_of(f"{self.url}/readyz") != 200:
            if self.process.poll() is not None:
                # Both callers print the logs' last lines (print_logs) before the folder goes.
                raise RuntimeError(f"replica {self.n} exited ({self.process.returncode}) before it was ready: "
                                   f"the last lines of its log ({self.log.name}) follow")
            if time.time() > deadline:
                raise RuntimeError(f"replica {self.n} not ready in {within} s: "
                                   f"the last lines of its log ({self.log.name}) follow")
            time.sleep(0.05)

    def send(self, sig):
        if self.alive():
            self.process.send_signal(sig)

    def wait_stopped(self, within=15):
        """Waits for the replica to exit; one still running after `within` seconds is killed."""
        if self.process is None:
            return
        try:
            self.process.wait(timeout=within)
        except subprocess.TimeoutExpired:
            print(f"cluster: replica {self.n} did not stop within {within} s: killing it", file=sys.stderr)
            self.process.kill()
            self.process.wait()

    def kill(self, sig=signal.SIGKILL):
        self.send(sig)
        self.wait_stopped()

    def alive(self):
        return self.process is not None and self.process.poll() is None


class Cluster:
    def __init__(self, binary=None, replicas=3, port=None, durable=True, work=None, env=None):
        self.binary = Path(binary or ROOT / "target/release/market")
        # In /tmp whatever $TMPDIR says: the postgres user must reach the folder, and the
        # Unix socket PostgreSQL makes in it must fit a socket path's 107 bytes.
        self.work = Path(work or tempfile.mkdtemp(prefix="market-cluster.", dir="/tmp"))
        self.durable = durable
        self.env = env or {}
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.replicas = [Replica(self, n + 1) for n in range(replicas)]
        self.database = None
        self.nginx = None
        self.in_rotation = None
        self.reloads = 0  # the health check's changes of nginx's rotation
        self.stopping = threading.Event()
        self.watcher = None

    def start(self):
        # Before PostgreSQL and the replicas, which take a while: nginx would fail last.
        why = port_unusable(self.port)
        if why:
            raise RuntimeError(f"nginx cannot listen on 127.0.0.1:{self.port}: {why}")
        os.chmod(self.work, 0o755)
        self.database = self.postgres("start")
        # All at once, as an orchestrator starts them: they migrate and seed once.
        for replica in self.replicas:
            replica.start(wait=False)
        for replica in self.replicas:
            replica.wait_ready()
        self.start_nginx()
        self.watcher = threading.Thread(target=self.watch, daemon=True)
        self.watcher.start()
        return self

    def nginx_conf(self, healthy):
        conf = self.work / "nginx"
        for sub in ["body", "proxy", "fastcgi", "uwsgi", "scgi"]:
            (conf / sub).mkdir(parents=True, exist_ok=True)
        # Every replica stays listed (nginx wants at least one); those out of rotation
        # are marked down.
        servers = "\n".join(
            f"    server 127.0.0.1:{r.port} max_fails=1 fail_timeout=2s{'' if r in healthy or not healthy else ' down'};"
            for r in self.replicas)
        user = "user root;" if os.geteuid() == 0 else ""
        (conf / "nginx.conf").write_text(f"""{user}
worker_processes 2;
daemon off;
pid {conf}/nginx.pid;
error_log {conf}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {conf}/body;
  proxy_temp_path {conf}/proxy;
  fastcgi_temp_path {conf}/fastcgi;
  uwsgi_temp_path {conf}/uwsgi;
  scgi_temp_path {conf}/scgi;
  upstream market {{
{servers}
    keepalive 64;
    # Shorter than a replica's own 5 s: nginx must not reuse a connection the replica
    # is closing (it answers 502 "upstream prematurely closed connection" to a POST).
    keepalive_timeout 4s;
  }}
  server {{
    listen 127.0.0.1:{self.port};
    client_max_body_size 64k;
    location / {{
      proxy_pass http://market;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A replica that refuses the connection or does not answer in time: the next one,
      # for reads only (nginx never sends a POST twice unless told to).
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
      proxy_read_timeout 15s;
    }}
  }}
}}
""")
        return conf / "nginx.conf"

    def start_nginx(self):
        nginx = ensure_nginx()
        self.in_rotation = set(self.replicas)
        conf = self.nginx_conf(self.in_rotation)
        self.nginx = subprocess.Popen([nginx, "-c", str(conf), "-e", str(conf.parent / "error.log")],
                                      preexec_fn=ends_with_this_script())
        deadline = time.time() + 30
        while status_of(f"{self.url}/readyz") != 200:
            if self.nginx.poll() is not None or time.time() > deadline:
                raise RuntimeError("nginx did not start: the last lines of its error log follow")
            time.sleep(0.05)

    def watch(self):
        """The active health check: each replica's /readyz, every second. A replica leaves
        the rotation after FALL checks in a row fail (a 503 other than a stopping one's, or
        no answer within CHECK_WITHIN; see check) and comes back at the first that passes,
        as HAProxy's checks do: one slow answer on a loaded machine must not take a replica
        out (each change reloads nginx, which closes its clients' idle keep-alive
        connections). A replica that stops or dies is routed around by nginx itself
        (max_fails, proxy_next_upstream)."""
        failed = {r: 0 for r in self.replicas}
        while not self.stopping.wait(1.0):
            try:
                self.check(failed)
            except Exception as e:  # noqa: BLE001
                # Checking goes on whatever one round met: a thread that ended would leave
                # the rotation as it was, and nobody would see it.
                print(f"cluster: a health check round failed: {e!r}", file=sys.stderr)

    def check(self, failed):
        """One round of the health check: counts each replica's failures in a row, and
        rewrites nginx's rotation when the healthy ones changed.

        A replica that is stopping or refuses connections is left to nginx: a stopping one,
        after its delay, refuses new connections and closes each kept one after its next
        answer, and nginx sends a refused request to the next replica, a POST too, since
        nothing of it was sent. Taking
        it out would cost a reload, and a reload closes the clients' idle connections to
        nginx: a client that sends a POST down one as it closes gets no answer. Only a
        replica that answers that it cannot serve, or does not answer in time, which nginx
        cannot tell, is taken out."""
        for r in self.replicas:
            state = readiness(f"{r.url}/readyz", timeout=CHECK_WITHIN)
            left_to_nginx = state in ("stopping", "refused") and r in self.in_rotation
            failed[r] = 0 if state == "ready" or left_to_nginx else failed[r] + 1
        healthy = {r for r in self.replicas if failed[r] < FALL}
        if healthy != self.in_rotation:
            self.nginx_conf(healthy)
            self.nginx.send_signal(signal.SIGHUP)
            # Noted once nginx was told: a round that failed before tries again next time.
            self.in_rotation = healthy
            self.reloads += 1
            print(f"cluster: replicas in rotation: {rotation_names(healthy)}", file=sys.stderr)

    def restart(self, replica):
        """Restarts a replica as a deploy does: SIGTERM, and once it has exited, the same
        command again. From the main thread (see ends_with_this_script)."""
        began = time.monotonic()
        replica.send(signal.SIGTERM)
        replica.wait_stopped(within=30)
        stopped = time.monotonic() - began
        replica.start()
        print(f"cluster: replica {replica.n} restarted (SIGTERM): stopped after {stopped:.1f} s, "
              f"ready again after {time.monotonic() - began:.1f} s", file=sys.stderr, flush=True)

    def postgres(self, action):
        """server.sh's answer (the database's URL, for start). Its stderr is left to the
        terminal: a package being installed, or why PostgreSQL did not start."""
        args = [str(SERVER_SH), action, str(self.work / "postgres")]
        if action == "start" and self.durable:
            args.append("--durable")
        return subprocess.run(args, check=True, stdout=subprocess.PIPE, text=True).stdout.strip()

    def print_logs(self, out=None, lines=15):
        """The last lines of each log in the work folder, for a run that failed: the folder
        is removed once the cluster stops, and its logs with it."""
        out = out or sys.stderr
        logs = [(f"replica {r.n}'s log", r.log) for r in self.replicas]
        logs += [("nginx's error log", self.work / "nginx/error.log"),
                 ("PostgreSQL's log", self.work / "postgres/server.log")]
        for name, path in logs:
            try:
                tail = path.read_text(errors="replace").splitlines()[-lines:]
            except OSError:
                continue  # not made yet: the run failed before that part started
            print(f"--- {name}, last lines:", file=out)
            print("\n".join(tail), file=out, flush=True)

    def stop(self):
        self.stopping.set()
        # The health check first: it writes into the folder and signals nginx. One round
        # asks each replica for CHECK_WITHIN seconds at most.
        if self.watcher:
            self.watcher.join(timeout=len(self.replicas) * CHECK_WITHIN + 5)
        if self.nginx and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
                self.nginx.wait()
        # Every replica told at once, then each waited for: one that does not stop is killed.
        for replica in self.replicas:
            replica.send(signal.SIGINT)
        for replica in self.replicas:
            replica.wait_stopped(within=15)
        subprocess.run([str(SERVER_SH), "stop", str(self.work / "postgres")], check=False)
        # What nginx met on the way (a replica refusing, timing out, closing early): said
        # before the folder goes, so that a failed request in a run can be explained.
        log = self.work / "nginx/error.log"
        if log.exists():
            errors = [line for line in log.read_text(errors="replace").splitlines()
                      if any(f"[{level}]" in line for level in ("error", "crit", "alert", "emerg"))]
            if errors:
                print(f"cluster: nginx logged {len(errors)} errors; the first and the last:", file=sys.stderr)
                for line in dict.fromkeys([errors[0], errors[-1]]):
                    print(f"  {line}", file=sys.stderr)


class Stop(Exception):
    """Ctrl-C, SIGTERM, or the terminal closing (SIGHUP): stop the cluster."""


def run(args):
    binary = ROOT / "target/release/market"
    if not binary.exists():
        sys.exit("cluster: build the release binary first: make release")
    why = port_unusable(args.port)
    if why:
        sys.exit(f"cluster: nginx cannot listen on 127.0.0.1:{args.port} ({why}; another `make cluster`?): "
                 f"choose another port, e.g. PORT={args.port + 1} make cluster")
    cluster = Cluster(binary, replicas=args.replicas, port=args.port)
    stopping = threading.Event()

    def stop(signum, _frame):
        # The first signal stops the cluster wherever the script is, while it starts too; a
        # second one waits for that stop rather than cut it short.
        if not stopping.is_set():
            stopping.set()
            raise Stop(signal.Signals(signum).name)

    restarts = []  # one entry per SIGUSR1 not yet acted on; the main thread starts replicas

    def restart(_signum, _frame):
        restarts.append(True)

    signal.signal(signal.SIGUSR1, restart)
    # SIGINT even when ignored, as in a script's background job: `make bench` stops its
    # cluster with kill -INT.
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    if signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:  # nohup's wish stands
        signal.signal(signal.SIGHUP, stop)
    status = 0
    try:
        cluster.start()
        print(f"PostgreSQL: {cluster.database}")
        for r in cluster.replicas:
            print(f"replica {r.n}:  {r.url}  (metrics: {r.metrics_url}, log: {r.log})")
        print(f"\nMarket is open at {cluster.url}/  ({len(cluster.replicas)} replicas behind nginx; Ctrl-C stops them all)",
              flush=True)
        while True:
            time.sleep(0.2)
            if restarts:
                restarts.pop()
                cluster.restart(cluster.replicas[-1])
    except Stop:
        pass
    except Exception as e:  # noqa: BLE001
        stopping.set()
        # Said, with the logs' last lines, before the folder that holds the logs is removed.
        if isinstance(e, (RuntimeError, subprocess.CalledProcessError)):
            print(f"cluster: {e}", file=sys.stderr)
        else:
            traceback.print_exc()
        cluster.print_logs()
        status = 1
    finally:
        stopping.set()
        print("\nstopping nginx, the replicas and PostgreSQL", file=sys.stderr)
        cluster.stop()
        shutil.rmtree(cluster.work, ignore_errors=True)
    return status


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="start the cluster and serve until Ctrl-C")
    p.add_argument("--replicas", type=int, default=3)
    p.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")))
    sys.exit(run(parser.parse_args()))
