#!/usr/bin/env bash
# An app that depends on the kit gets the kit and no more: a package outside this repository,
# made in a temporary folder from .ci/checks/outside-package, depends on TerminalKit by path,
# resolves at most six packages (no server, database, SSH or macro package), builds, and passes
# a snapshot test of its own screen (SNAPSHOT_TESTING_RECORD=never: a missing reference fails).
set -euo pipefail
repository=$(cd "$(dirname "$0")/../.." && pwd)
folder=$(mktemp -d /tmp/onlinestore-outside.XXXXXX)
trap 'rm -rf "$folder"' EXIT
cp -R "$repository/.ci/checks/outside-package/." "$folder/"
sed "s|TERMINAL_KIT_PATH|$repository/TerminalKit|" "$folder/Package.swift.template" > "$folder/Package.swift"
rm "$folder/Package.swift.template"
log="$folder/swift-test.log"
if ! (cd "$folder" && SNAPSHOT_TESTING_RECORD=never swift test --jobs 1 >"$log" 2>&1); then
  tail -c 4000 "$log" >&2
  echo "error: swift test in a package that depends on the kit alone failed" >&2
  exit 1
fi
grep -q "Test greets() passed" "$log" || { tail -c 4000 "$log" >&2; echo "error: the outside package's snapshot test did not pass" >&2; exit 1; }
checkouts=$(find "$folder/.build/checkouts" -mindepth 1 -maxdepth 1 ! -name '.*' -printf '%f\n' | sort)
count=$(printf '%s\n' "$checkouts" | grep -c . || true)
for heavy in swift-nio hummingbird postgres-nio GRDB.swift swift-nio-ssh swift-dependencies; do
  if printf '%s\n' "$checkouts" | grep -qx "$heavy"; then echo "error: the kit brought $heavy" >&2; exit 1; fi
done
if [ "$count" -gt 6 ]; then echo "error: the kit brought $count packages: $checkouts" >&2; exit 1; fi
echo "light package: the kit alone brought $count package(s): $(echo $checkouts)"
