#!/usr/bin/env python3
"""cpu-per-key.py — the CPU time the full-screen store spends per key, two builds side by side.

Starts each release `onlinestore` (embedded catalog, pictures off) in a pseudo-terminal of 80×24,
waits for the product list, then presses `j + k -` fifty times (moves, and quantity changes that
save the cart), each once the output of the one before has been quiet for 30 ms, and reads the
process's user and system time from /proc before and after. Runs alternate OLD and NEW, --runs
times; the table shows each run and the median, in milliseconds of CPU per key. (The kernel
counts CPU time in ticks of 10 ms, so 200 keys resolve 0.05 ms per key.)

Usage: swift build -c release --product onlinestore  (in each checkout)
       python3 Benchmarks/cpu-per-key.py OLD_BINARY NEW_BINARY [--runs 3]
"""
import argparse
import os
import statistics
import tempfile

from pty_timing import read_until_quiet, start_store


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def milliseconds_per_key(binary, keys):
    with tempfile.TemporaryDirectory() as home:
        pid, fd = start_store(binary, home)
        start = cpu_seconds(pid)
        for key in keys:
            os.write(fd, key)
            read_until_quiet(fd, quiet=0.03)
        used = cpu_seconds(pid) - start
        os.write(fd, b"\x03")
        read_until_quiet(fd, quiet=0.3)
        os.waitpid(pid, 0)
        return used * 1000 / len(keys)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    keys = [b"j", b"+", b"k", b"-"] * 50
    results = {"old": [], "new": []}
    for _ in range(arguments.runs):
        for name, binary in (("old", arguments.old), ("new", arguments.new)):
            results[name].append(milliseconds_per_key(binary, keys))
    print(f"CPU per key, ms, {len(keys)} keys of j + k -, 80×24, release builds")
    for name, binary in (("old", arguments.old), ("new", arguments.new)):
        runs = " ".join(f"{value:.2f}" for value in results[name])
        print(f"{name}  {binary:<40} runs {runs}   median {statistics.median(results[name]):.2f}")


if __name__ == "__main__":
    main()
