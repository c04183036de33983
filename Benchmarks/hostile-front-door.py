#!/usr/bin/env python3
"""hostile-front-door.py — real shoppers over SSH while attackers do their worst, beside the same
shoppers without attackers, against `onlinestore serve` with its default (public) limits.

Shoppers: N real OpenSSH clients (`ssh -tt`, each on a pty of its own, 80x24, each with a key of
its own and a source address of its own in 127.1.0.0/16) joining at RATE per second. For each:
  * first frame: connect → the product list on screen;
  * key → frame: a selection move ("j") → its bytes back, 10 keys each.
Attackers (Benchmarks/SSHAttacker, built as `ssh-attacker`), started a second before the
shoppers, each from an address of its own:
  * an environment flood: 20,000 requests with 30 KB names;
  * a keystroke flood: 200 MiB of keys into one store;
  * 100 silent TCP connections, from 100 addresses;
  * a storm of 8,000 window changes, then a hang-up;
  * one connection asking for 12 session channels.
Measured besides: the server's resident memory over the run (the server process alone: the
stores are measured by ssh-sessions.py), the refused shoppers, and the stores still running 10 s
after every connection has ended.

Usage: Benchmarks/hostile-front-door.py [--shoppers 200] [--rate 20] [--release-dir .build/release]
Needs: openssh-client; `swift build -c release --product onlinestore` and the same for `ssh-attacker`.
Python 3 standard library only.
"""
import argparse, fcntl, json, os, pty, select, signal, socket, statistics, struct, subprocess, sys, tempfile, termios, threading, time

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0

def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
                if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
                    found.append(int(entry))
            except (OSError, ValueError):
                pass
    return found

def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""

def stores(server_pid):
    return [p for p in children(server_pid) if command_line(p) != "onlinestore serve: session starter"]

def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(round((len(values) - 1) * fraction)))] if values else float("nan")

class Shopper:
    """One `ssh -tt` on a pty of its own."""
    def __init__(self, command):
        self.started = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execvp(command[0], command)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = b""
        self.first_frame = None

    def pump(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        self.output += data
        if self.first_frame is None and b"Dot-grid notebook" in self.output:
            self.first_frame = time.monotonic() - self.started
        return bool(data)

    def close(self):
        try:
            os.write(self.fd, b"q")
        except OSError:
            pass
        time.sleep(0.01)
        try:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)

def shop(keys, port, count, rate):
    shoppers = []
    for index in range(count):
        source = f"127.1.{index // 250}.{index % 250 + 1}"
        command = ["ssh", "-tt", "-F", "/dev/null", "-p", str(port), "-b", source, "-o", "StrictHostKeyChecking=no",
                   "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes",
                   "-o", "IdentitiesOnly=yes", "-i", keys[index], "shopper@127.0.0.1"]
        shoppers.append(Shopper(command))
        deadline = time.monotonic() + 1.0 / rate
        while time.monotonic() < deadline:
            for shopper in shoppers:
                if shopper.first_frame is None:
                    shopper.pump(0)
            time.sleep(0.001)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(s.first_frame is None for s in shoppers):
        for shopper in shoppers:
            if shopper.first_frame is None:
                shopper.pump(0.001)
    time.sleep(1.0)
    for shopper in shoppers:
        while shopper.pump(0.005):
            pass
    latencies = []
    for _ in range(10):
        for shopper in shoppers:
            if shopper.first_frame is None:
                continue
            os.write(shopper.fd, b"j")
            sent = time.monotonic()
            if shopper.pump(1.0):
                latencies.append(time.monotonic() - sent)
                while shopper.pump(0.005):
                    pass
    return shoppers, latencies

def attack(attacker, port):
    runs = [
        ["env-flood", "--count", "20000", "--name-bytes", "30000", "--source", "127.2.0.1"],
        ["keystroke-flood", "--megabytes", "200", "--hold", "25", "--source", "127.2.0.2"],
        ["silent", "--count", "100", "--hold", "25", "--source", "127.3.0.0"],
        ["resize-storm", "--count", "8000", "--source", "127.2.0.4"],
        ["channels", "--count", "12", "--hold", "25", "--source", "127.2.0.5"],
    ]
    return [subprocess.Popen([attacker] + run + ["--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            for run in runs]

def run(name, binary, attacker, keys, count, rate, with_attackers):
    work = tempfile.mkdtemp(prefix="hostile-")
    port = free_port()
    log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen([binary, "serve", "--listen", f"127.0.0.1:{port}", "--state-dir", os.path.join(work, "state")],
                              stdout=subprocess.PIPE, stderr=log)
    server.stdout.readline()
    samples = []
    sampling = threading.Event()
    def sample():
        while not sampling.is_set():
            samples.append(rss_mib(server.pid))
            time.sleep(0.25)
    sampler = threading.Thread(target=sample)
    sampler.start()
    attackers = attack(attacker, port) if with_attackers else []
    time.sleep(1.0)
    shoppers, latencies = shop(keys, port, count, rate)
    firsts = [s.first_frame for s in shoppers if s.first_frame is not None]
    refused = sum(1 for s in shoppers if s.first_frame is None)
    for shopper in shoppers:
        shopper.close()
    results = []
    for process in attackers:
        try:
            output, _ = process.communicate(timeout=60)
            results.append(output.strip())
        except subprocess.TimeoutExpired:
            process.kill()
            results.append("timed out")
    ended = time.monotonic()
    time.sleep(10)
    left = len(stores(server.pid))
    sampling.set()
    sampler.join()
    server.send_signal(signal.SIGTERM)
    server.wait()
    print(f"{name:<16} {count:>5} {count - refused:>6} {percentile(firsts,.5)*1000:>9.0f} {percentile(firsts,.95)*1000:>9.0f}"
          f" {percentile(latencies,.5)*1000:>8.2f} {percentile(latencies,.95)*1000:>8.2f}"
          f" {statistics.median(samples):>9.1f} {max(samples):>9.1f} {left:>10}", flush=True)
    for line in results:
        print(f"    attacker: {line}")
    log.close()
    refusals = {}
    with open(os.path.join(work, "server.log")) as f:
        for line in f:
            if "connection refused" in line or "session refused" in line:
                reason = line.split("reason=", 1)[-1].strip() if "reason=" in line else line.strip()[-80:]
                refusals[reason] = refusals.get(reason, 0) + 1
    for reason, count in sorted(refusals.items()):
        print(f"    server refused (first of each second logged): {count} x {reason}")
    undrawn = [s for s in shoppers if s.first_frame is None]
    for shopper in undrawn[:3]:
        print(f"    a shopper not drawn saw: {shopper.output[-200:]!r}")
    return samples

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shoppers", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--release-dir", default=".build/release")
    args = parser.parse_args()
    binary = os.path.abspath(os.path.join(args.release_dir, "onlinestore"))
    attacker = os.path.abspath(os.path.join(args.release_dir, "ssh-attacker"))
    keys_dir = tempfile.mkdtemp(prefix="hostile-keys-")
    keys = []
    for index in range(args.shoppers):
        key = os.path.join(keys_dir, f"key{index}")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        keys.append(key)
    print(f"{args.shoppers} shoppers joining at {args.rate:g}/s, each with its own key and address, 80x24, release build,"
          " default limits; times in ms, server RSS in MiB (the server process, sampled every 0.25 s)\n")
    print(f"{'run':<16} {'N':>5} {'drawn':>6} {'first p50':>9} {'first p95':>9} {'key p50':>8} {'key p95':>8}"
          f" {'RSS med':>9} {'RSS max':>9} {'stores +10s':>10}")
    run("no attackers", binary, attacker, keys, args.shoppers, args.rate, False)
    run("with attackers", binary, attacker, keys, args.shoppers, args.rate, True)

if __name__ == "__main__":
    main()
