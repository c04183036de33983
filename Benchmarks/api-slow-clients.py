#!/usr/bin/env python3
"""api-slow-clients.py — GET /products throughput of onlinestore-api with slow clients holding
connections open, beside the same server without them, in one run.

The server runs as the review found it attacked: release build, SQLite, `ulimit -n 128`. The
slow clients (150 by default) behave as slowloris does: each keeps a connection open by sending
a request head a byte at a time, one byte a second, and once a second every connection the
server closed is opened again; so there are always that many trying to hold a descriptor. wrk
measures GET /products meanwhile. (A client that reconnects the instant it is closed is a
connection flood, a different attack: on two cores its own CPU and the accepts it causes cost
the server about half its throughput.)

Usage: Benchmarks/api-slow-clients.py [--slow 150] [--seconds 10] [--connections 16] [--runs 3] [--anchor BINARY]
Needs wrk (apt-get install wrk) and `swift build -c release --product onlinestore-api`.
Reports the median of the runs in each condition and their ratio (the issue's goal: >= 80 %).
"""
import argparse, os, re, selectors, socket, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build/release/onlinestore-api")


def start_server(work, binary=BINARY):
    database = os.path.join(work, f"store-{os.path.basename(binary)}.sqlite")
    command = f"ulimit -n 128 && exec {binary} --listen 127.0.0.1:0 --database sqlite:{database}"
    server = subprocess.Popen(["sh", "-c", command], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.time() + 30
    for line in server.stdout:
        match = re.search(r"listening on .*:(\d+)", line)
        if match:
            return server, int(match.group(1))
        if time.time() > deadline:
            break
    server.kill()
    sys.exit("the server did not say where it listens")


class SlowClients:
    """`count` connections that each trickle a request head, reconnecting when closed."""

    HEAD = b"GET /products HTTP/1.1\r\nHost: bench\r\nX-Slow: " + b"a" * 4096 + b"\r\n\r\n"

    def __init__(self, port, count):
        self.port, self.count = port, count
        self.stopped = threading.Event()
        self.reconnects = 0
        self.thread = threading.Thread(target=self.run, daemon=True)

    def connect(self, selector):
        client = socket.socket()
        client.setblocking(False)
        client.connect_ex(("127.0.0.1", self.port))
        selector.register(client, selectors.EVENT_READ, 0)

    def run(self):
        # The attackers' own work is theirs, not the server's: on a machine with two cores they
        # would otherwise take one from the server being measured.
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        selector = selectors.DefaultSelector()
        for _ in range(self.count):
            self.connect(selector)
        next_byte = time.time()
        closed = 0
        while not self.stopped.is_set():
            for key, _ in selector.select(timeout=0.1):
                try:
                    data = key.fileobj.recv(4096)
                except OSError:
                    data = b""
                if not data:  # closed by the server: come back with the next round
                    selector.unregister(key.fileobj)
                    key.fileobj.close()
                    closed += 1
            if time.time() >= next_byte:
                next_byte += 1
                for _ in range(closed):
                    self.connect(selector)
                self.reconnects += closed
                closed = 0
                for key in list(selector.get_map().values()):
                    sent = key.data
                    if sent < len(self.HEAD):
                        try:
                            key.fileobj.send(self.HEAD[sent:sent + 1])
                            selector.modify(key.fileobj, selectors.EVENT_READ, sent + 1)
                        except OSError:
                            pass
        for key in list(selector.get_map().values()):
            key.fileobj.close()

    def __enter__(self):
        self.thread.start()
        time.sleep(2)  # let them all connect
        return self

    def __exit__(self, *_):
        self.stopped.set()
        self.thread.join()


def wrk(port, seconds, connections):
    output = subprocess.run(
        ["wrk", "-t", "1", "-c", str(connections), "-d", f"{seconds}s", "--timeout", "5s", f"http://127.0.0.1:{port}/products"],
        capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    errors = re.search(r"Socket errors: (.*)", output)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return rate, (errors.group(1) if errors else "none"), int(non2xx.group(1)) if non2xx else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--slow", type=int, default=150)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--anchor", help="another build of onlinestore-api, measured the same way in the same run, alternating")
    options = parser.parse_args()
    if not os.access(BINARY, os.X_OK):
        sys.exit("build it first: swift build -c release --product onlinestore-api")
    binaries = [("this build", BINARY)] + ([("anchor", options.anchor)] if options.anchor else [])
    with tempfile.TemporaryDirectory() as work:
        servers = [(label, *start_server(work, binary)) for label, binary in binaries]
        try:
            for _, _, port in servers:
                wrk(port, 2, options.connections)  # warm up
            results = {label: ([], [], [0]) for label, _, _ in servers}
            for _ in range(options.runs):  # alternate, so that drift hits every server and condition alike
                for label, _, port in servers:
                    quiet, crowded, reconnects = results[label]
                    quiet.append(wrk(port, options.seconds, options.connections))
                    with SlowClients(port, options.slow) as slow:
                        crowded.append(wrk(port, options.seconds, options.connections))
                    reconnects[0] += slow.reconnects
            for label, (quiet, crowded, reconnects) in results.items():
                print(f"== {label}")
                for name, runs in (("without slow clients", quiet), (f"with {options.slow} slow clients", crowded)):
                    rates = [run[0] for run in runs]
                    print(f"{name:>24}: median {statistics.median(rates):8.0f} req/s  runs {', '.join(f'{r:.0f}' for r in rates)}"
                          f"  socket errors {runs[-1][1]}  non-2xx {sum(run[2] for run in runs)}")
                ratio = statistics.median(run[0] for run in crowded) / statistics.median(run[0] for run in quiet)
                print(f"{'ratio':>24}: {ratio * 100:.0f} %  (slow clients closed by the server and back: {reconnects[0]})")
        finally:
            for _, server, _ in servers:
                server.kill()
                server.wait()


if __name__ == "__main__":
    main()
