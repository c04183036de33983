#!/usr/bin/env python3
"""checkout-typing.py — what a keystroke in checkout costs the full-screen store, beside what a
selection move on the product list costs, in one run.

Starts a release `onlinestore` (embedded catalog) in a pseudo-terminal of 80×24, and for each run:
  * moves the selection down and up 19 times on the product list (the anchor: the store's
    cheapest redraw);
  * adds a product, opens the cart, presses p, and types 60 characters into checkout's first
    field (Latin, Hangul and kana), then Tab through the fields.
For every key it measures the time from writing the key to the last byte of the frame it caused
(the output is read until it has been quiet for 50 ms; the quiet time is not counted) and the
bytes of that frame. The table shows, per kind of key, the median over --runs runs of each run's
p50 and p95, and the p50 and p95 of all runs' keys taken together. Several --binary options are
measured in turn, run after run, so that each build sees the same moments of the machine.

Usage: swift build -c release --product onlinestore
       python3 Benchmarks/checkout-typing.py [--binary .build/release/onlinestore ...] [--runs 7]
"""
import argparse
import os
import statistics
import tempfile

from pty_timing import percentile, press, read_until_quiet, start_store, wait_for


def run(binary):
    with tempfile.TemporaryDirectory() as home:
        pid, fd = start_store(binary, home)
        kinds = {"list move": [], "checkout typing": [], "checkout Tab": []}
        sizes = {kind: [] for kind in kinds}
        for key in [b"\x1bOB"] * 19 + [b"\x1bOA"] * 19:
            size, ms = press(fd, key)
            if ms is not None:
                kinds["list move"].append(ms)
                sizes["list move"].append(size)
        for key in [b"+", b"c", b"p"]:
            press(fd, key)
        text = "Ana Lima 김민지 세종대로 ひらがな Straße 12 Main Street Apt 4B Seoul"[:60]
        for character in text:
            size, ms = press(fd, character.encode())
            if ms is not None:
                kinds["checkout typing"].append(ms)
                sizes["checkout typing"].append(size)
        for _ in range(9):
            size, ms = press(fd, b"\t")
            if ms is not None:
                kinds["checkout Tab"].append(ms)
                sizes["checkout Tab"].append(size)
        os.write(fd, b"\x03")  # Ctrl-C: the checkout's draft is saved on the way out
        read_until_quiet(fd, 0.3)
        os.waitpid(pid, 0)
        os.close(fd)
    return {kind: (statistics.median(values), percentile(values, 0.95), statistics.median(sizes[kind]), values)
            for kind, values in kinds.items() if values}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", action="append")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    binaries = args.binary or [".build/release/onlinestore"]
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"{binary} is missing: swift build -c release --product onlinestore")
    results = {binary: [] for binary in binaries}
    for _ in range(args.runs):
        for binary in binaries:
            results[binary].append(run(binary))
    for binary, runs in results.items():
        print(f"{binary}, 80×24, {args.runs} runs: medians of each run's p50 and p95; all keys' p50 and p95")
        print(f"{'key':<18}{'p50 ms':>9}{'p95 ms':>9}{'all p50':>9}{'all p95':>9}{'keys':>6}{'bytes':>8}")
        for kind in runs[0]:
            p50 = statistics.median(r[kind][0] for r in runs)
            p95 = statistics.median(r[kind][1] for r in runs)
            size = statistics.median(r[kind][2] for r in runs)
            every = [ms for r in runs for ms in r[kind][3]]
            print(f"{kind:<18}{p50:>9.2f}{p95:>9.2f}{percentile(every, 0.5):>9.2f}{percentile(every, 0.95):>9.2f}{len(every):>6}{size:>8.0f}")


if __name__ == "__main__":
    main()
