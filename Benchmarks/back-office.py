#!/usr/bin/env python3
"""back-office.py — what the back office costs with many orders, beside a store with few, in one
run: the orders table of a store with 100,000 orders opened and scrolled, and a new order's way
from POST /carts to the operator's screen.

For each store (100 orders, the anchor; 100,000 orders) it starts a release onlinestore-api on a
fresh SQLite file (the orders written straight into the file while the server is stopped, with
the server's own schema, so that the run does not wait for 100,000 POSTs), then a release
`onlinestore admin` in a pseudo-terminal of 120×40, and for each run:
  * scrolls: ↓ 60 times, PgDn 30 times (past the first page of 200: the next pages are fetched
    as the selection nears them), ↑ 30 times;
  * opens an order and closes it, 20 times (Enter, Esc);
  * places 20 orders with POST /carts, one at a time, and times each from the POST to the frame
    that shows its number (the console polls the store's pulse every 250 ms).
Key times run from writing the key to the last byte of its frame (pty_timing); the table shows
the median over --runs runs of each run's p50 and p95.

Usage: swift build -c release --product onlinestore --product onlinestore-api
       python3 Benchmarks/back-office.py [--runs 5]
"""
import argparse
import datetime
import fcntl
import http.client
import json
import os
import pty
import sqlite3
import statistics
import struct
import subprocess
import tempfile
import termios
import time

from pty_timing import percentile, press, read_until_quiet, wait_for

ROWS, COLUMNS = 40, 120
TOKEN = "admin-bench-token-0123456789abcdef"


class API:
    """A release onlinestore-api on a port it chose, over an SQLite file of its own."""

    def __init__(self, binary, directory):
        self.binary = binary
        self.database = os.path.join(directory, "api.sqlite")
        self.token = os.path.join(directory, "admin.token")
        with open(self.token, "w") as file:
            file.write(TOKEN)
        os.chmod(self.token, 0o600)
        self.process = None
        self.port = None

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "--listen", "127.0.0.1:0", "--database", "sqlite:" + self.database, "--admin-token-file", self.token,
             "--orders-per-minute", "10000000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        self.port = int(line.split("listening on 127.0.0.1:")[1].split()[0])

    def stop(self):
        self.process.terminate()
        self.process.wait()

    def post_order(self):
        """An order dated now, as the shop sends one: the newest, at the top of the table."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
        body = json.dumps({"userId": 1, "date": now, "products": [{"productId": 3, "quantity": 1}]})
        connection.request("POST", "/carts", body, {"Content-Type": "application/json"})
        answer = connection.getresponse()
        order = json.loads(answer.read())
        connection.close()
        return order["id"]


def fill(database, count):
    """`count` orders, written into the server's own table as it would write them, one a minute
    over the weeks before a day in the past (2025-01-01), oldest first."""
    connection = sqlite3.connect(database)
    start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc) - datetime.timedelta(minutes=count)
    rows = ((1 + n % 2, (start + datetime.timedelta(minutes=n)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
             json.dumps([{"productId": 1 + n % 20, "quantity": 1 + n % 3}]), f"bench|{n}") for n in range(count))
    connection.executemany("INSERT INTO orders (user_id, date, products, fingerprint) VALUES (?, ?, ?, ?)", rows)
    connection.commit()
    connection.close()


def run(admin, api):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8")
        os.environ.pop("NO_COLOR", None)
        os.execv(admin, [admin, "admin", "--api", f"http://127.0.0.1:{api.port}", "--admin-token-file", api.token])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    wait_for(fd, b"Back office")
    read_until_quiet(fd, 0.5)
    times = {"↓ / PgDn / ↑": [], "open and close": [], "new order seen": []}
    for key in [b"\x1bOB"] * 60 + [b"\x1b[6~"] * 30 + [b"\x1bOA"] * 30:
        _, ms = press(fd, key)
        if ms is not None:
            times["↓ / PgDn / ↑"].append(ms)
    for _ in range(20):
        _, ms = press(fd, b"\r")
        if ms is not None:
            times["open and close"].append(ms)
        press(fd, b"\x1b")
    os.write(fd, b"g")  # to the top, where new orders appear
    read_until_quiet(fd, 0.3)
    for _ in range(20):
        sent = time.monotonic()
        number = api.post_order()
        wait_for(fd, f"#{number} ".encode(), limit=10.0)
        times["new order seen"].append((time.monotonic() - sent) * 1000)
    os.write(fd, b"q")
    read_until_quiet(fd, 0.3)
    os.waitpid(pid, 0)
    os.close(fd)
    return {kind: (statistics.median(values), percentile(values, 0.95)) for kind, values in times.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--admin", default=".build/release/onlinestore")
    parser.add_argument("--api", default=".build/release/onlinestore-api")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for binary in (args.admin, args.api):
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"{binary} is missing: swift build -c release --product onlinestore --product onlinestore-api")
    print(f"onlinestore admin, {COLUMNS}×{ROWS}, {args.runs} runs, medians of each run's p50 and p95 (ms)")
    print(f"{'orders':>8}  {'what':<16}{'p50':>9}{'p95':>9}")
    for count in (100, 100_000):
        with tempfile.TemporaryDirectory() as directory:
            api = API(args.api, directory)
            api.start()  # creates the schema
            api.stop()
            fill(api.database, count)
            api.start()
            try:
                results = [run(args.admin, api) for _ in range(args.runs)]
            finally:
                api.stop()
        for kind in results[0]:
            p50 = statistics.median(r[kind][0] for r in results)
            p95 = statistics.median(r[kind][1] for r in results)
            print(f"{count:>8}  {kind:<16}{p50:>9.2f}{p95:>9.2f}")


if __name__ == "__main__":
    main()
