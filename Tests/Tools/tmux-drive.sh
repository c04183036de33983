#!/usr/bin/env bash
# tmux-drive.sh — runs a full-screen program in a real terminal emulator (tmux), types steps
# into it, and keeps the screen after each step; then says whether the program gave the
# terminal back as it found it.
#
#   Tests/Tools/tmux-drive.sh -o DIR [-x COLS] [-y ROWS] [-T TERM] [-t SECONDS] [-r REGEX]
#                             [-E NAME=VALUE]... [-s STEP]... -- COMMAND [ARGUMENT]...
#
# Steps:  a tmux key name or several ("j", "C-c", "Escape", "Down Down")
#         @text TEXT      TEXT typed literally
#         @wait REGEX     wait until the screen, once still, matches REGEX (extended grep)
#         @resize COLSxROWS
#         @signal NAME    send the signal to the program
#         @sleep SECONDS
#
# -r is what the first screen must show (it must show something in any case); -t bounds each
# wait, in seconds; -E sets a variable for the program; -q is accepted and changes nothing.
#
# In DIR: the first screen as 00-start.txt, then NN-<step>.txt after each step, final.txt once
# the program has ended, exit-code (the program's status, if it ended), log.
# Exit status: 0 when the program ended with the terminal restored or is still running at the
# end; 2 when the first screen never matched -r; 3 when an @wait never matched; 4 when the
# program ended leaving the terminal changed (its settings, the alternate screen, a hidden
# cursor, application keys or mouse reporting); 64 for a usage error.
#
# Each run has a tmux server of its own (its own socket, no configuration file), stopped on exit.
set -uo pipefail

columns=80 rows=24 term=tmux-256color timeout=15 first="" out=""
environment=() steps=()
while getopts "o:x:y:T:t:r:E:s:q" option; do
  case $option in
    o) out=$OPTARG ;;
    x) columns=$OPTARG ;;
    y) rows=$OPTARG ;;
    T) term=$OPTARG ;;
    t) timeout=$OPTARG ;;
    r) first=$OPTARG ;;
    E) environment+=("$OPTARG") ;;
    s) steps+=("$OPTARG") ;;
    q) ;;  # quiet: the log goes to DIR/log in any case
    *) exit 64 ;;
  esac
done
shift $((OPTIND - 1))
[[ -n $out && $# -gt 0 ]] || { echo "usage: $0 -o DIR [options] -- COMMAND..." >&2; exit 64; }
mkdir -p "$out"
socket="drive-$$-$RANDOM"
# tmux insists on a UTF-8 locale for itself; the program gets the environment it is given.
tmux_() { LC_CTYPE=C.UTF-8 tmux -L "$socket" -f /dev/null "$@"; }
say() { printf '%s %s\n' "$(date +%T.%3N)" "$*" >>"$out/log"; }
trap 'tmux_ kill-server 2>/dev/null' EXIT

# The pane runs a shell that notes the terminal settings, runs the program, notes them again and
# its status, and then stays, so that what the program left on screen can be read.
printf -v program '%q ' "$@"
printf -v directory '%q' "$out"
printf -v exports 'export TERM=%q; ' "$term"
for pair in "${environment[@]+"${environment[@]}"}"; do printf -v exports '%sexport %q; ' "$exports" "$pair"; done
script="${exports}stty -g >$directory/stty-before; $program; status=\$?; stty -g >$directory/stty-after; \
echo \$status >$directory/exit-code; exec sleep 100000"
tmux_ new-session -d -s run -x "$columns" -y "$rows" "$script"
tmux_ set-option -g window-size manual >/dev/null 2>&1
tmux_ resize-window -t run -x "$columns" -y "$rows" >/dev/null 2>&1

screen() { tmux_ capture-pane -p -t run 2>/dev/null; }
flag() { tmux_ display-message -p -t run "#{$1}" 2>/dev/null; }
milliseconds() { date +%s%3N; }

# Waits until the screen has not changed for 150 ms and, if a pattern is given, matches it; with
# a second argument, until it also shows something (the first frame).
settle() {
  local pattern=${1-} nonblank=${2-} deadline=$(($(milliseconds) + timeout * 1000)) previous="" current still_since
  still_since=$(milliseconds)
  while (($(milliseconds) < deadline)); do
    current=$(screen)
    if [[ $current != "$previous" ]]; then
      previous=$current
      still_since=$(milliseconds)
    elif (($(milliseconds) - still_since >= 150)) && [[ -z $nonblank || -n ${current//[[:space:]]/} ]]; then
      if [[ -z $pattern ]] || grep -Eq -- "$pattern" <<<"$current"; then return 0; fi
    fi
    sleep 0.02
  done
  return 1
}

count=0
keep() {
  local name
  name=$(printf '%02d-%s' "$count" "$(tr -c 'A-Za-z0-9_.-' '_' <<<"$1" | cut -c1-32)")
  screen >"$out/${name%_}.txt"
  say "kept ${name%_}.txt"
  count=$((count + 1))
}

program_pid() {
  local shell_pid
  shell_pid=$(flag pane_pid)
  pgrep -P "$shell_pid" | while read -r pid; do
    [[ $(ps -o comm= -p "$pid") == sleep ]] || { echo "$pid"; break; }
  done
}

if ! settle "$first" nonblank; then
  say "the first screen never matched: $first"
  keep start
  exit 2
fi
keep start

for step in "${steps[@]+"${steps[@]}"}"; do
  case $step in
    "@text "*) tmux_ send-keys -t run -l -- "${step#@text }" ;;
    "@resize "*) size=${step#@resize }; tmux_ resize-window -t run -x "${size%x*}" -y "${size#*x}" ;;
    "@signal "*) pid=$(program_pid); if [[ -n $pid ]]; then kill -s "${step#@signal }" "$pid"; else say "no program to signal"; fi ;;
    "@sleep "*) sleep "${step#@sleep }" ;;
    "@wait "*) if ! settle "${step#@wait }"; then say "never matched: ${step#@wait }"; keep wait-timeout; exit 3; fi ;;
    *) read -ra keys <<<"$step"; tmux_ send-keys -t run "${keys[@]}" ;;
  esac
  sleep 0.05
  settle "" || true
  keep "$step"
done

# Gives the program a moment to end if the steps asked it to; a program still running is fine.
for _ in $(seq 50); do [[ -f $out/exit-code ]] && break; sleep 0.1; done
[[ -f $out/exit-code ]] || { say "the program is still running"; exit 0; }
settle "" || true
screen >"$out/final.txt"

problems=()
cmp -s "$out/stty-before" "$out/stty-after" || problems+=("terminal settings changed")
[[ $(flag alternate_on) == 0 ]] || problems+=("still on the alternate screen")
[[ $(flag cursor_flag) == 1 ]] || problems+=("cursor hidden")
[[ $(flag keypad_cursor_flag) == 0 ]] || problems+=("cursor keys left in application mode")
[[ $(flag mouse_any_flag) == 0 ]] || problems+=("mouse reporting left on")
if ((${#problems[@]})); then
  say "the terminal was not restored: ${problems[*]}"
  exit 4
fi
say "the program ended with status $(cat "$out/exit-code"), the terminal restored"
exit 0
