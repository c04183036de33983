#!/usr/bin/env python3
"""terminal-loop.py — the full-screen store's cost per key, two builds side by side in one run.

For each of OLD and NEW (directories holding a release `onlinestore` and `browsing-benchmarks`):
  * in a pseudo-terminal of 80×24, through ../shared/tools/bytes-per-key.py: the first frame
    (bytes, and ms from start to its last byte), the bytes each selection move sends, and
    key → last byte of the frame (p50, p95) over 19 moves down and 19 up;
  * browsing-benchmarks: key → frame p95 of typing searches in 100,000 products, and of moving
    the selection.
Runs alternate OLD and NEW, --runs times; the table shows the median of the runs.

Usage: python3 Benchmarks/terminal-loop.py OLD_DIR NEW_DIR [--runs 5] [--tools ../shared/tools]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile


def pty_run(tools, binary):
    with tempfile.TemporaryDirectory() as home, tempfile.NamedTemporaryFile(suffix=".json") as out:
        env = dict(os.environ, HOME=home, XDG_STATE_HOME=home, TERM="xterm-256color", LANG="C.UTF-8")
        env.pop("NO_COLOR", None)
        subprocess.run(
            [sys.executable, os.path.join(tools, "bytes-per-key.py"), "--cols", "80", "--rows", "24",
             "--keys", "down*19,up*19", "--quit", "q", "--json", out.name, "--", binary, "--latency", "0"],
            env=env, check=True, stdout=subprocess.DEVNULL)
        result = json.load(open(out.name))
    keys = [k for k in result["keys"] if k["bytes"] > 0]
    settle = sorted(k["settle_ms"] for k in keys)
    return {
        "first frame bytes": result["first_frame_bytes"],
        "first frame ms": result["first_frame_ms"],
        "bytes per move": statistics.median(k["bytes"] for k in result["keys"]),
        "key→frame p50 ms": statistics.median(settle),
        "key→frame p95 ms": settle[min(len(settle) - 1, int(0.95 * (len(settle) - 1) + 0.5))],
    }


def browsing(binary):
    text = subprocess.run([binary, "100000"], check=True, capture_output=True, text=True).stdout
    found = {}
    for line in text.splitlines():
        match = re.match(r"(type a search|move the selection)\s+100000\s+\d+\s+([\d.]+)\s+([\d.]+)", line)
        if match:
            found[match.group(1) + " 100k p95 ms"] = float(match.group(3))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tools", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "tools"))
    args = parser.parse_args()
    samples = {"old": [], "new": []}
    for run in range(args.runs):
        order = ["old", "new"] if run % 2 == 0 else ["new", "old"]
        for label in order:
            folder = getattr(args, label)
            sample = pty_run(args.tools, os.path.join(folder, "onlinestore"))
            sample.update(browsing(os.path.join(folder, "browsing-benchmarks")))
            samples[label].append(sample)
            print(f"run {run + 1} {label}: " + ", ".join(f"{k} {v:.2f}" for k, v in sample.items()), file=sys.stderr)
    print(f"median of {args.runs} runs, release builds, 80×24")
    print(f"{'measure':<32}{'old':>10}{'new':>10}")
    for measure in samples["old"][0]:
        old = statistics.median(s[measure] for s in samples["old"])
        new = statistics.median(s[measure] for s in samples["new"])
        print(f"{measure:<32}{old:>10.2f}{new:>10.2f}")


if __name__ == "__main__":
    main()
