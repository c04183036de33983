"""pty_timing.py — what the pty benchmarks share: pressing a key in a pseudo-terminal and timing
the frame it causes, from writing the key to the last byte of its output (read until the output
has been quiet for QUIET seconds; the quiet time is not counted).
"""
import fcntl
import os
import pty
import select
import struct
import termios
import time

QUIET = 0.05


def read_until_quiet(fd, quiet=QUIET, limit=5.0):
    """Bytes read until `quiet` seconds pass without any, and the time of the last byte."""
    total, last = 0, None
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        total += len(chunk)
        last = time.monotonic()
    return total, last


def wait_for(fd, needle, limit=20.0):
    seen = b""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            seen += os.read(fd, 65536)
            if needle in seen:
                read_until_quiet(fd)
                return
    raise SystemExit(f"never saw {needle!r}")


def press(fd, data):
    sent = time.monotonic()
    os.write(fd, data)
    total, last = read_until_quiet(fd)
    return total, ((last - sent) * 1000 if last else None)


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(fraction * (len(values) - 1) + 0.5))]


def start_store(binary, home, arguments=("--latency", "0", "--pictures", "off")):
    """`binary` on a new 80×24 pseudo-terminal, its state in `home`; returns (pid, fd) once the
    product list is on screen."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(HOME=home, XDG_STATE_HOME=home, TERM="xterm-256color", LANG="C.UTF-8")
        os.environ.pop("NO_COLOR", None)
        os.execv(binary, [binary, *arguments])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    wait_for(fd, "Dot-grid".encode())
    return pid, fd
