#!/usr/bin/env bash
# The kit builds on its own without a warning, and its DocC catalog (articles, the to-do
# tutorial, every symbol link in the doc comments) builds with warnings as errors. In a build
# folder of its own, so a developer's TerminalKit/.build is left alone.
set -euo pipefail
repository=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d /tmp/onlinestore-kit-docs.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
cd "$repository/TerminalKit"
for target in TerminalKit CursesTerminal TerminalKitTesting; do
  if ! swift build --jobs 1 --scratch-path "$scratch" --target "$target" -Xswiftc -warnings-as-errors >"$scratch/$target.log" 2>&1; then
    tail -c 4000 "$scratch/$target.log" >&2
    echo "error: $target does not build without warnings" >&2
    exit 1
  fi
done
if ! swift package --jobs 1 --scratch-path "$scratch" generate-documentation --target TerminalKit --warnings-as-errors >"$scratch/docs.log" 2>&1; then
  tail -c 6000 "$scratch/docs.log" >&2
  echo "error: the kit's documentation does not build cleanly" >&2
  exit 1
fi
grep -q "Generated documentation archive" "$scratch/docs.log"
echo "kit: TerminalKit, CursesTerminal and TerminalKitTesting build without warnings; the DocC catalog builds with warnings as errors"
