#!/usr/bin/env python3
"""several-hosts.py — one store on two hosts behind HAProxy, beside the same store on one host.

Sets up, on this machine (as root): a throwaway PostgreSQL cluster (.ci/postgres-cluster.sh),
two network namespaces each joined to this one by a veth pair, an `onlinestore-api` instance on
each link (one database), an `onlinestore serve` host in each namespace (`--api`, PROXY
protocol from HAProxy, one host key), and HAProxy in TCP mode with send-proxy-v2 in front of
them on 127.0.0.1. Then it measures, release build:

  * N shoppers through HAProxy (N/2 per host), each with a key of their own (so N customers,
    each with a cart in the database and a live update request waiting): time to first frame
    and key → frame through SSH (p50/p95), as Benchmarks/ssh-sessions.py measures them;
  * the anchor, in the same run: N shoppers on one `serve` host with carts in files;
  * cart saves and live updates (cart-storage-benchmarks --servers): a save through the API
    beside a save to a file, another host's save heard through the other instance beside
    inotify, and the cart saves one API instance takes a second on PostgreSQL.

Usage: sudo Benchmarks/several-hosts.py [--sessions 200] [--rate 20] [--release-dir .build/release]
Needs: root, iproute2, haproxy, postgresql, openssh-client, a release build
(swift build -c release --product onlinestore --product onlinestore-api --product cart-storage-benchmarks).
Python 3 standard library only.
"""
import argparse, importlib.util, os, random, shutil, signal, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ssh_sessions", os.path.join(here, "ssh-sessions.py"))
ssh_sessions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ssh_sessions)
Client, percentile, free_port = ssh_sessions.Client, ssh_sessions.percentile, ssh_sessions.free_port

def ip(*arguments):
    subprocess.run(["ip", *arguments], check=True)

def started(command, ready, log, env=None):
    """A server started with its first line awaited (`ready` is how it starts)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=open(log, "w"), env=env, text=True)
    line = process.stdout.readline()
    if not line.startswith(ready):
        raise SystemExit(f"{command[0]} did not start: {line!r} (see {log})")
    port = int(line[len(ready):].split()[0].split(":")[-1].rstrip(")"))
    return process, port

def sessions(name, commands, rate):
    """Each command an `ssh -tt` of its own shopper: first frame, then 10 keys each."""
    clients, interval = [], 1.0 / rate
    for command in commands:
        clients.append(Client(command))
        deadline = time.monotonic() + interval
        while time.monotonic() < deadline:
            for client in clients:
                if client.first_frame is None and client.pump(0) and b"Dot-grid notebook" in client.output:
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
    latencies = []
    for _ in range(10):
        for client in clients:
            os.write(client.fd, b"j")
            sent = time.monotonic()
            while client.pump(0.5):
                latencies.append(time.monotonic() - sent)
                while client.pump(0.005):
                    pass
                break
    for client in clients:
        client.close()
    print(f"{name:<34} {len(commands):>5} {len(firsts):>6} {percentile(firsts,.5)*1000:>9.0f} {percentile(firsts,.95)*1000:>9.0f}"
          f" {percentile(latencies,.5)*1000:>9.2f} {percentile(latencies,.95)*1000:>9.2f}", flush=True)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--release-dir", default=".build/release")
    parser.add_argument("--skip-balancer", action="store_true", help="only the one-host lines and the cart figures")
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("several-hosts.py makes network namespaces: run it as root")
    release = os.path.abspath(args.release_dir)
    store, api = os.path.join(release, "onlinestore"), os.path.join(release, "onlinestore-api")
    work = tempfile.mkdtemp(prefix="several-hosts-")
    os.chmod(work, 0o755)
    cleanup = []
    try:
        cluster = os.path.join(work, "postgres")
        server = subprocess.run([os.path.join(here, "..", ".ci", "postgres-cluster.sh"), "start", cluster],
                                check=True, capture_output=True, text=True).stdout.strip()
        cleanup.append(lambda: subprocess.run([os.path.join(here, "..", ".ci", "postgres-cluster.sh"), "stop", cluster]))
        subprocess.run(["psql", "-q", server, "-c", "CREATE DATABASE several_hosts"], check=True)
        database = server.rsplit("/", 1)[0] + "/several_hosts"

        network = random.randint(200, 249)
        tag = format(random.getrandbits(24), "x")
        namespaces = [f"bhA{tag}", f"bhB{tag}"]
        for index, namespace in enumerate(namespaces):
            outside, inside = f"10.{network}.{index + 1}.1", f"10.{network}.{index + 1}.2"
            ip("netns", "add", namespace)
            cleanup.append(lambda namespace=namespace: subprocess.run(["ip", "netns", "del", namespace]))
            ip("link", "add", f"v{namespace}o", "type", "veth", "peer", "name", f"v{namespace}i")
            ip("link", "set", f"v{namespace}i", "netns", namespace)
            ip("addr", "add", f"{outside}/24", "dev", f"v{namespace}o")
            ip("link", "set", f"v{namespace}o", "up")
            ip("-n", namespace, "addr", "add", f"{inside}/24", "dev", f"v{namespace}i")
            ip("-n", namespace, "link", "set", f"v{namespace}i", "up")
            ip("-n", namespace, "link", "set", "lo", "up")

        apis = []
        for index in range(2):
            address = f"10.{network}.{index + 1}.1"
            process, port = started(
                [api, "--listen", f"{address}:0", "--database", database, "--max-connections", "4096",
                 "--max-cart-watchers", "2048", "--new-keys-per-hour", "100000"],
                f"onlinestore-api: listening on ", os.path.join(work, f"api-{index}.log"))
            cleanup.append(lambda process=process: (process.send_signal(signal.SIGTERM), process.wait()))
            apis.append(f"http://{address}:{port}")

        hosts = []
        for index, namespace in enumerate(namespaces):
            state = os.path.join(work, f"host-{index}")
            command = ["ip", "netns", "exec", namespace, store, "serve", "--listen", f"10.{network}.{index + 1}.2:0",
                       "--state-dir", state, "--api", apis[index], "--proxy-protocol-from", f"10.{network}.{index + 1}.1",
                       "--max-sessions", "1000", "--exempt-loopback", "--drain-timeout", "0"]
            if hosts:
                command += ["--host-key", os.path.join(work, "host-0", "host_ed25519_key")]
            process, port = started(command, "onlinestore serve: listening on ", os.path.join(work, f"serve-{index}.log"))
            cleanup.append(lambda process=process: (process.send_signal(signal.SIGTERM), process.wait()))
            hosts.append(f"10.{network}.{index + 1}.2:{port}")

        balancer_port = free_port()
        config = os.path.join(work, "haproxy.cfg")
        with open(config, "w") as f:
            f.write("global\n    maxconn 4096\ndefaults\n    mode tcp\n    timeout connect 5s\n    timeout client 2h\n"
                    "    timeout server 2h\nfrontend ssh_in\n    bind 127.0.0.1:%d\n    default_backend shop\n"
                    "backend shop\n    balance roundrobin\n    option tcp-check\n    tcp-check expect rstring ^SSH-2\\.0-\n" % balancer_port)
            for index, host in enumerate(hosts):
                f.write(f"    server host{index} {host} send-proxy-v2 check check-send-proxy inter 2s\n")
        balancer = subprocess.Popen(["haproxy", "-db", "-f", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cleanup.append(lambda: (balancer.terminate(), balancer.wait()))
        time.sleep(2)

        keys = []
        for index in range(args.sessions):
            key = os.path.join(work, f"key{index}")
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
            keys.append(key)
        def ssh(port, key, host="127.0.0.1"):
            return ["ssh", "-tt", "-p", str(port), "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
                    "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes",
                    "-o", "IdentitiesOnly=yes", "-i", key, f"shopper@{host}"]

        print(f"{args.sessions} shoppers joining at {args.rate:g}/s, each with a key of their own, 80x24, release build;"
              " times in ms\n")
        print(f"{'':<34} {'N':>5} {'drawn':>6} {'first p50':>9} {'first p95':>9} {'key p50':>9} {'key p95':>9}")
        if not args.skip_balancer:
            sessions("2 hosts, HAProxy, API on PostgreSQL", [ssh(balancer_port, key) for key in keys], args.rate)

        # The same shoppers on one host: with the API (no balancer, no namespace), and the anchor,
        # today's single host with carts and numbers in its state directory.
        for name, extra in (("1 host, API on PostgreSQL", ["--api", apis[0]]), ("1 host, carts in files (anchor)", [])):
            one = os.path.join(work, "one-host-" + str(len(extra)))
            single, single_port = started(
                [store, "serve", "--listen", "127.0.0.1:0", "--state-dir", one, "--max-sessions", "1000", "--exempt-loopback",
                 "--new-keys-per-hour", "100000", "--drain-timeout", "0"] + extra,
                "onlinestore serve: listening on ", one + ".log")
            sessions(name, [ssh(single_port, key) for key in keys], args.rate)
            single.send_signal(signal.SIGTERM)
            single.wait()

        print()
        subprocess.run([os.path.join(release, "cart-storage-benchmarks"), work, "--servers", *apis], check=True)
    finally:
        for step in reversed(cleanup):
            try:
                step()
            except Exception:
                pass
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main()
