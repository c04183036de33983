#!/usr/bin/env python3
"""ssh-metrics-cost.py — what `onlinestore serve --metrics` costs its shoppers, and what a scrape costs.

Each round starts `onlinestore serve` without --metrics and with it, in turn (the order
alternating from round to round), opens N real OpenSSH sessions joining at a steady rate
(Benchmarks/ssh-sessions.py's measure: first frame, key → frame through SSH, 10 keys each), and
stops it. The medians of the rounds are printed side by side with the difference. With
--metrics, every session is counted, its first frame and one key in eight timed, its bytes
counted, and its store sends its picture decodes and cart saves to the front door; nothing
scrapes during the measure.

Then a scrape's size and time: with --metrics and SCRAPE_SESSIONS sessions open (keys not
pressed), GET /metrics twenty times; the body's bytes and the median and p95 time.

Usage: Benchmarks/ssh-metrics-cost.py [--sessions 200] [--rounds 3] [--rate 20] [--scrape-sessions 1000]
       [--release-dir DIR]
Needs: openssh-client, a release build (swift build -c release --product onlinestore).
Python 3 standard library only.
"""
import argparse, importlib.util, os, resource, signal, statistics, subprocess, sys, tempfile, time, urllib.request

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ssh_sessions", os.path.join(here, "ssh-sessions.py"))
sessions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sessions)

def start_serve(binary, work, metrics_port=None):
    port = sessions.free_port()
    state = tempfile.mkdtemp(prefix="state-", dir=work)
    extra = ["--metrics", f"127.0.0.1:{metrics_port}"] if metrics_port else []
    server = subprocess.Popen([binary, "serve", "--listen", f"127.0.0.1:{port}", "--state-dir", state,
                               "--max-sessions", "2000", "--exempt-loopback"] + extra,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    server.stdout.readline()
    return server, port

def stop(server):
    server.send_signal(signal.SIGTERM)
    server.wait()

def scrape(metrics_port, times=20):
    durations, size = [], 0
    for _ in range(times):
        started = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10) as answer:
            size = len(answer.read())
        durations.append(time.monotonic() - started)
    return size, statistics.median(durations), sessions.percentile(durations, .95)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--scrape-sessions", type=int, default=1000)
    parser.add_argument("--release-dir", default=".build/release")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    binary = os.path.abspath(os.path.join(args.release_dir, "onlinestore"))
    work = tempfile.mkdtemp(prefix="ssh-metrics-cost-")
    _, common = sessions.client_key(work)

    results = {"without": [], "with": []}
    for round in range(args.rounds):
        order = ["without", "with"] if round % 2 == 0 else ["with", "without"]
        for variant in order:
            server, port = start_serve(binary, work, sessions.free_port() if variant == "with" else None)
            measures = sessions.run_sessions(variant, ["ssh", "-tt", "-p", str(port)] + common + ["shopper@127.0.0.1"],
                                             server.pid, args.sessions, args.rate, quiet=True)
            stop(server)
            results[variant].append(measures)
            print(f"round {round + 1} {variant:<8} drawn {measures['drawn']:>4}  first p50 {measures['first_p50']*1000:6.0f} ms"
                  f"  p95 {measures['first_p95']*1000:6.0f} ms  key p50 {measures['key_p50']*1000:6.2f} ms"
                  f"  p95 {measures['key_p95']*1000:6.2f} ms", flush=True)

    print(f"\n{args.sessions} sessions joining at {args.rate:g}/s, 80x24, release build; medians of {args.rounds} rounds\n")
    print(f"{'measure':<20} {'without':>10} {'with':>10} {'change':>8}")
    for name, label in (("first_p50", "first frame p50"), ("first_p95", "first frame p95"),
                        ("key_p50", "key → frame p50"), ("key_p95", "key → frame p95")):
        without = statistics.median(m[name] for m in results["without"]) * 1000
        with_ = statistics.median(m[name] for m in results["with"]) * 1000
        print(f"{label:<20} {without:>8.2f}ms {with_:>8.2f}ms {(with_ - without) / without * 100:>+7.1f}%")

    if args.scrape_sessions > 0:
        metrics_port = sessions.free_port()
        server, port = start_serve(binary, work, metrics_port)
        measured = sessions.run_sessions("scrape", ["ssh", "-tt", "-p", str(port)] + common + ["shopper@127.0.0.1"],
                                         server.pid, args.scrape_sessions, args.rate, keys=0, quiet=True,
                                         while_open=lambda: scrape(metrics_port))
        stop(server)
        size, median, p95 = measured["while_open"]
        print(f"\nscrape with {measured['drawn']} of {args.scrape_sessions} sessions open: {size} bytes,"
              f" {median*1000:.2f} ms median, {p95*1000:.2f} ms p95 (20 scrapes)")

if __name__ == "__main__":
    main()
