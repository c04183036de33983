#!/usr/bin/env python3
"""idle-shopper.py — what a shopper who does nothing costs the store's server, in requests.

    python3 Benchmarks/idle-shopper.py [--seconds N] [--server api|fakestore] [--serve SESSIONS] STORE [STORE...]

Starts the server — `onlinestore-api` (the one built next to the first STORE, on a fresh SQLite
database) or a FakeStore-shaped one (FakeStore's own answers, kept with the tests, 404 for
anything else) — behind a proxy that counts every request by path, then runs each STORE (an
`onlinestore` binary; give an older build beside the current one to compare) on a
pseudo-terminal of 80x24 with a fresh state directory, `--api` pointed at the proxy. Once the
first product is on screen it counts what the idle store asks for N seconds (default 120) and
prints requests per minute, in all and by path. A request the server holds (a long poll) counts
when it is asked.

With --serve SESSIONS, each STORE is run as `onlinestore serve` instead, with SESSIONS OpenSSH
clients (`ssh -tt`, one key, each on a pty of its own) shopping through it at once: what counts
is what the whole host asks. Needs openssh-client.
"""
import argparse
import http.client
import http.server
import os
import pty
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "Tests" / "StoreTestSupport" / "Fixtures" / "fakestore"


class Counting:
    def __init__(self):
        self.lock = threading.Lock()
        self.paths = Counter()

    def note(self, path):
        with self.lock:
            self.paths[path.split("?")[0]] += 1

    def take(self):
        with self.lock:
            taken, self.paths = self.paths, Counter()
        return taken


def proxy(counting, upstream_port):
    """A proxy on 127.0.0.1 that counts each request and forwards it (or answers as FakeStore)."""
    fakestore = {
        "/products": "products.json",
        "/products/categories": "categories.json",
        "/users/1": "user-1.json",
        "/carts/user/1": "carts-user-1.json",
    }

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *arguments):
            pass

        def answer(self, status, body, content_type="application/json"):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def forward(self):
            counting.note(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            if upstream_port is None:
                name = fakestore.get(self.path.split("?")[0])
                if name and self.command == "GET":
                    self.answer(200, (FIXTURES / name).read_bytes())
                else:
                    self.answer(404, b"")
                return
            connection = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=60)
            headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
            connection.request(self.command, self.path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            self.send_response(response.status)
            for name, value in response.getheaders():
                if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            connection.close()

        def handle_one_request(self):
            # A store that quits leaves its held request: its answer has nowhere to go.
            try:
                super().handle_one_request()
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

        do_GET = do_POST = do_PUT = forward

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def start_api(binary, folder):
    process = subprocess.Popen(
        [str(binary), "--listen", "127.0.0.1:0", "--database", f"sqlite:{folder}/api.sqlite"],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
    )
    line = process.stderr.readline()
    marker = "listening on 127.0.0.1:"
    if marker not in line:
        raise SystemExit(f"onlinestore-api did not start: {line}")
    port = int(line.split(marker)[1].split()[0])
    threading.Thread(target=lambda: process.stderr.read(), daemon=True).start()
    return process, port


def wait_for(fd, needle, limit=30.0):
    seen = b""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
            if needle in seen:
                return True
    return False


def drain(fd, stop):
    while not stop.is_set():
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                return


def on_pty(command, environment):
    """`command` on a pseudo-terminal of 80x24: its pid and the terminal's descriptor."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(environment)
        os.execvp(command[0], command)
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def idle(store, base_url, seconds, counting, first_product, sessions):
    state = tempfile.mkdtemp(prefix="idle-shopper-")
    environment = {"XDG_STATE_HOME": state, "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    server = None
    if sessions:
        port = free_port()
        key = os.path.join(state, "key")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        server = subprocess.Popen(
            [store, "serve", "--listen", f"127.0.0.1:{port}", "--state-dir", os.path.join(state, "serve"), "--api", base_url,
             "--exempt-loopback"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        server.stdout.readline()
        command = ["ssh", "-tt", "-p", str(port), "-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o",
                   "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes",
                   "-i", key, "shopper@127.0.0.1"]
        terminals = [on_pty(command, {"TERM": "xterm-256color"}) for _ in range(sessions)]
    else:
        terminals = [on_pty([store, "--api", base_url], environment)]
    for pid, fd in terminals:
        if not wait_for(fd, first_product):
            for other, _ in terminals:
                os.kill(other, signal.SIGKILL)
            raise SystemExit(f"{store}: no products on screen")
    time.sleep(2)
    counting.take()
    stop = threading.Event()
    for _, fd in terminals:
        threading.Thread(target=drain, args=(fd, stop), daemon=True).start()
    time.sleep(seconds)
    asked = counting.take()
    stop.set()
    for pid, fd in terminals:
        os.write(fd, b"q")
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
    if server:
        server.send_signal(signal.SIGTERM)
        server.wait()
    shutil.rmtree(state, ignore_errors=True)
    return asked


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=120)
    parser.add_argument("--server", choices=["api", "fakestore"], default="api")
    parser.add_argument("--serve", type=int, default=0, metavar="SESSIONS")
    parser.add_argument("stores", nargs="+")
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="idle-shopper-api-")
    api = None
    upstream = None
    if options.server == "api":
        api, upstream = start_api(Path(options.stores[0]).resolve().parent / "onlinestore-api", folder)
    counting = Counting()
    server = proxy(counting, upstream)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    first = b"Dot-grid" if options.server == "api" else b"Fjallraven"
    server_name = "onlinestore-api" if options.server == "api" else "a FakeStore-shaped server"
    shoppers = f"{options.serve} shoppers over `onlinestore serve`" if options.serve else "one shopper"
    print(f"{shoppers}, idle for {options.seconds} s at {server_name}: requests per minute")
    for store in options.stores:
        asked = idle(store, base, options.seconds, counting, first, options.serve)
        per_minute = sum(asked.values()) * 60 / options.seconds
        detail = ", ".join(f"{path} {count * 60 / options.seconds:.1f}" for path, count in sorted(asked.items())) or "nothing"
        print(f"{store}: {per_minute:.1f}  ({detail})")
    server.shutdown()
    if api:
        api.send_signal(signal.SIGTERM)
        api.wait()
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
