#!/usr/bin/env python3
"""pictures-terminal.py — what pictures cost the full-screen store in a pseudo-terminal, beside
the same build with --pictures off, in one run.

For a release `onlinestore` in DIR, through ../shared/tools/bytes-per-key.py:
  * bytes to open the detail sheet (Enter on the first product) at 80×24 and 120×40, with
    TERM=xterm-256color (256 colours) and TERM=xterm-direct (24-bit colour, when terminfo has
    it), pictures on and off;
  * key → first byte of its frame (p50, p95) over 19 moves down and 19 up, pictures on and
    off: at 120×40, where the pane beside the list shows the selected product's picture and the
    next ones load as the selection moves, and at 80×24, where the list is alone.
Runs alternate on and off, --runs times; the table shows the median of the runs.

Usage: python3 Benchmarks/pictures-terminal.py DIR [--runs 5] [--tools ../shared/tools]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def run(tools, binary, term, cols, rows, keys, pictures):
    with tempfile.TemporaryDirectory() as home, tempfile.NamedTemporaryFile(suffix=".json") as out:
        env = dict(os.environ, HOME=home, XDG_STATE_HOME=home, XDG_CACHE_HOME=home, LANG="C.UTF-8")
        env.pop("NO_COLOR", None)
        env.pop("COLORTERM", None)
        subprocess.run(
            [sys.executable, os.path.join(tools, "bytes-per-key.py"), "--cols", str(cols), "--rows", str(rows),
             "--term", term, "--keys", keys, "--settle-ms", "150", "--quit", "q", "--json", out.name, "--",
             binary, "--latency", "0", "--pictures", pictures],
            env=env, check=True, stdout=subprocess.DEVNULL)
        return json.load(open(out.name))


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(fraction * (len(values) - 1) + 0.5))]


def has_terminfo(name):
    return subprocess.run(["infocmp", name], capture_output=True).returncode == 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tools", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "tools"))
    args = parser.parse_args()
    binary = os.path.join(args.dir, "onlinestore")
    terms = ["xterm-256color"] + (["xterm-direct"] if has_terminfo("xterm-direct") else [])
    samples = {}
    for index in range(args.runs):
        for pictures in (["off", "auto"] if index % 2 == 0 else ["auto", "off"]):
            for term in terms:
                for cols, rows in [(80, 24), (120, 40)]:
                    result = run(args.tools, binary, term, cols, rows, "enter", pictures)
                    enter = sum(k["bytes"] for k in result["keys"])
                    samples.setdefault((f"open details {cols}×{rows} {term} (bytes)", pictures), []).append(enter)
            for cols, rows in [(80, 24), (120, 40)]:
                result = run(args.tools, binary, "xterm-256color", cols, rows, "down*19,up*19", pictures)
                first = [k["first_ms"] for k in result["keys"] if k["first_ms"] is not None]
                samples.setdefault((f"move {cols}×{rows}: key → frame p50 (ms)", pictures), []).append(statistics.median(first))
                samples.setdefault((f"move {cols}×{rows}: key → frame p95 (ms)", pictures), []).append(percentile(first, 0.95))
                moved = sum(k["bytes"] for k in result["keys"]) / max(1, len(result["keys"]))
                samples.setdefault((f"move {cols}×{rows}: bytes per move", pictures), []).append(moved)
        print(f"run {index + 1} done", file=sys.stderr)
    print(f"median of {args.runs} runs, release build, {binary}")
    print(f"{'measure':<52}{'off':>10}{'on':>10}")
    for measure in dict.fromkeys(m for m, _ in samples):
        off = statistics.median(samples[(measure, "off")])
        on = statistics.median(samples[(measure, "auto")])
        print(f"{measure:<52}{off:>10.2f}{on:>10.2f}")


if __name__ == "__main__":
    main()
