#!/usr/bin/env python3
"""ssh-sessions.py — N shoppers over SSH at once: `onlinestore serve` beside OpenSSH's sshd.

For each front door (`onlinestore serve` with its session starter, the same server executing
each store on its own, and sshd) and each N, starts N real OpenSSH clients (`ssh -tt`, each on a pty of its
own, 80x24) joining at a steady rate, and measures:
  * time to first frame: connect → the product list on screen (p50/p95);
  * key → frame through SSH: a selection move ("j") → its bytes back (p50/p95, 10 keys each);
    with --open-details, each session first opens the detail sheet (Enter), which shows the
    product's picture, and the key is "+" on its stepper instead;
  * memory per session: proportional set size (PSS, /proc/PID/smaps_rollup) of the server and
    every process under it, divided by N;
  * server CPU while idle: the front door's processes' CPU time over 5 s with every session
    open and nobody typing.
The anchor runs the same store under sshd with `ForceCommand onlinestore` (one sshd per
connection, one store each), on the same machine, with the same key.

All the clients come from 127.0.0.1 with one key, so the server runs with --exempt-loopback
(its per-address limits would otherwise count them as one client): this measures the cost of a
session, not the limits (Benchmarks/hostile-front-door.py does).

Usage: Benchmarks/ssh-sessions.py [--sessions 1,50,200] [--rate 20] [--release-dir DIR] [--open-details]
       [--store-args "--pictures off"]
Needs: openssh-client, openssh-server (sshd), a release build (swift build -c release).
Python 3 standard library only.
"""
import argparse, os, pty, select, shutil, signal, socket, statistics, subprocess, sys, tempfile, time

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def descendants(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            parent = int(stat[stat.rindex(")") + 2:].split()[1])
            children.setdefault(parent, []).append(int(entry))
        except (OSError, ValueError):
            pass
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found

def pss_kib(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total

def cpu_ticks(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError):
            pass
    return total

class Client:
    """One `ssh -tt` on a pty of its own."""
    def __init__(self, command):
        self.started = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execvp(command[0], command)
        import fcntl, struct, termios
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = b""
        self.first_frame = None

    def pump(self, timeout):
        # poll, not select: a thousand sessions' descriptors go past select's 1024
        poller = select.poll()
        poller.register(self.fd, select.POLLIN)
        if poller.poll(timeout * 1000):
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return False
            self.output += data
            return bool(data)
        return False

    def close(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)

def client_key(work):
    """A new key in `work`, and the `ssh` options every client uses with it (no configuration,
    no host key check, no agent, no prompt)."""
    key = os.path.join(work, "key")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
    return key, ["-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                 "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-i", key]

def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(round((len(values) - 1) * fraction)))] if values else float("nan")

def run_sessions(name, command, server_pid, count, rate, open_details=False, keys=10, while_open=None, quiet=False):
    """Opens `count` sessions, measures them (see the top), prints a row unless `quiet`, calls
    `while_open()` (if given) with every session still open, and returns the measures."""
    clients = []
    interval = 1.0 / rate
    for index in range(count):
        clients.append(Client(command))
        deadline = time.monotonic() + interval
        while time.monotonic() < deadline:
            for client in clients:
                if client.first_frame is None and client.pump(0):
                    if b"Dot-grid notebook" in client.output:
                        client.first_frame = time.monotonic() - client.started
            time.sleep(0.001)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and any(c.first_frame is None for c in clients):
        for client in clients:
            if client.first_frame is None and client.pump(0.001) and b"Dot-grid notebook" in client.output:
                client.first_frame = time.monotonic() - client.started
    firsts = [c.first_frame for c in clients if c.first_frame is not None]
    time.sleep(1.0)
    for client in clients:
        while client.pump(0.01):
            pass
    if open_details:
        for client in clients:
            os.write(client.fd, b"\r")
        time.sleep(1.0)
        for client in clients:
            while client.pump(0.01):
                pass
    latencies = []
    key = b"+" if open_details else b"j"
    for _ in range(keys):
        for client in clients:
            os.write(client.fd, key)
            sent = time.monotonic()
            while client.pump(0.5):
                latencies.append(time.monotonic() - sent)
                while client.pump(0.005):
                    pass
                break
    pids = descendants(server_pid)
    memory = pss_kib(pids)
    before = cpu_ticks(descendants(server_pid))
    time.sleep(5)
    after = cpu_ticks(descendants(server_pid))
    ticks = os.sysconf("SC_CLK_TCK")
    extra = while_open() if while_open else None
    for client in clients:
        client.close()
    measures = {"drawn": len(firsts), "first_p50": percentile(firsts, .5), "first_p95": percentile(firsts, .95),
                "key_p50": percentile(latencies, .5), "key_p95": percentile(latencies, .95),
                "pss_mib": memory / 1024 / max(1, count), "idle_cpu": (after - before) / ticks / 5 * 100, "while_open": extra}
    if not quiet:
        print(f"{name:<18} {count:>5} {len(firsts):>6} {measures['first_p50']*1000:>9.0f} {measures['first_p95']*1000:>9.0f}"
              f" {measures['key_p50']*1000:>9.2f} {measures['key_p95']*1000:>9.2f}"
              f" {measures['pss_mib']:>11.1f} {measures['idle_cpu']:>9.2f}", flush=True)
    return measures

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", default="1,50,200")
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--release-dir", default=".build/release")
    parser.add_argument("--open-details", action="store_true", help="each session opens the detail sheet (a picture) first")
    parser.add_argument("--store-args", default="", help="flags for every store, such as '--pictures off'")
    args = parser.parse_args()
    binary = os.path.abspath(os.path.join(args.release_dir, "onlinestore"))
    work = tempfile.mkdtemp(prefix="ssh-sessions-")
    key, common = client_key(work)
    print(f"N sessions joining at {args.rate:g}/s, 80x24, release build; times in ms, PSS in MiB per session,"
          " idle CPU in % of one core\n")
    print(f"{'front door':<18} {'N':>5} {'drawn':>6} {'first p50':>9} {'first p95':>9} {'key p50':>9} {'key p95':>9}"
          f" {'PSS/session':>11} {'idle CPU':>9}")
    counts = [int(n) for n in args.sessions.split(",")]

    # onlinestore serve: stores forked by its session starter (the default), and each store
    # executed on its own (the fallback when there is no starter)
    for name, extra in (("serve", []), ("serve, exec each", ["--exec-each-store"])):
        port = free_port()
        state = os.path.join(work, "serve")
        server = subprocess.Popen([binary, "serve", "--listen", f"127.0.0.1:{port}", "--state-dir", state,
                                   "--max-sessions", "1000", "--exempt-loopback"] + extra + args.store_args.split(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        server.stdout.readline()
        for count in counts:
            run_sessions(name, ["ssh", "-tt", "-p", str(port)] + common + ["shopper@127.0.0.1"],
                         server.pid, count, args.rate, args.open_details)
        server.send_signal(signal.SIGTERM)
        server.wait()

    # OpenSSH's sshd with ForceCommand
    sshd = shutil.which("sshd") or "/usr/sbin/sshd"
    port = free_port()
    hostkey = os.path.join(work, "sshd_host_key")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostkey], check=True)
    authorized = os.path.join(work, "authorized_keys")
    shutil.copy(key + ".pub", authorized)
    os.chmod(authorized, 0o600)
    config = os.path.join(work, "sshd_config")
    user = os.environ.get("USER") or subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
    with open(config, "w") as f:
        f.write(f"Port {port}\nListenAddress 127.0.0.1\nHostKey {hostkey}\nAuthorizedKeysFile {authorized}\n"
                f"PermitRootLogin prohibit-password\nPasswordAuthentication no\nUsePAM no\nStrictModes no\n"
                f"MaxStartups 1000\nMaxSessions 1000\nPidFile {work}/sshd.pid\n"
                f"SetEnv XDG_STATE_HOME={work}/sshd-state\nForceCommand {binary} {args.store_args}\n")
    os.makedirs("/run/sshd", exist_ok=True)
    daemon = subprocess.Popen([sshd, "-D", "-f", config], stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    for count in counts:
        run_sessions("sshd ForceCommand", ["ssh", "-tt", "-p", str(port)] + common + [f"{user}@127.0.0.1"],
                     daemon.pid, count, args.rate, args.open_details)
    daemon.send_signal(signal.SIGTERM)
    daemon.wait()
    shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main()
