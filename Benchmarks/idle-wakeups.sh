#!/usr/bin/env bash
# idle-wakeups.sh — how often an idle store wakes up, and the CPU it spends doing so.
#
#   Benchmarks/idle-wakeups.sh [SECONDS] BINARY [BINARY...]
#
# Runs each BINARY (an `onlinestore` build; give an older build next to the current one to
# compare) in its own private tmux server at 80x24 with a fresh state directory, waits for the
# products to load, then counts context switches of all its threads (/proc/PID/task/*/status)
# and its CPU time (/proc/PID/stat) over SECONDS (default 10) of no input. It samples after 12 s,
# once start-up threads have come and gone: a thread that ends inside the window takes its
# counts with it.
set -euo pipefail
seconds=10
if [[ ${1:-} =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [SECONDS] BINARY [BINARY...]" >&2; exit 2; }

switches() {
  local total=0 file
  for file in /proc/"$1"/task/*/status; do
    total=$((total + $(awk '/ctxt_switches/ { sum += $2 } END { print sum }' "$file")))
  done
  echo "$total"
}
cpu_ticks() { awk '{ print $14 + $15 }' /proc/"$1"/stat; }

printf '%-60s %14s %12s\n' "binary" "wake-ups/s" "CPU ms/s"
for binary in "$@"; do
  socket="idle-wakeups-$$"
  state=$(mktemp -d)
  tmux -L "$socket" -f /dev/null new-session -d -x 80 -y 24 \
    "env XDG_STATE_HOME=$state LANG=C.UTF-8 TERM=tmux-256color $binary --latency 0"
  sleep 12
  pid=$(pgrep -n -f "^$binary --latency 0" || true)
  if [ -z "$pid" ]; then echo "$binary did not start" >&2; tmux -L "$socket" kill-server; continue; fi
  before=$(switches "$pid"); ticks_before=$(cpu_ticks "$pid")
  sleep "$seconds"
  after=$(switches "$pid"); ticks_after=$(cpu_ticks "$pid")
  hz=$(getconf CLK_TCK)
  awk -v b="$binary" -v s="$seconds" -v w=$((after - before)) -v t=$((ticks_after - ticks_before)) -v hz="$hz" \
    'BEGIN { printf "%-60s %14.1f %12.2f\n", b, w / s, t * 1000 / hz / s }'
  tmux -L "$socket" send-keys q
  sleep 0.5
  tmux -L "$socket" kill-server 2>/dev/null || true
  rm -rf "$state"
done
