#!/usr/bin/env bash
# The session starter runs from a constructor in every program it is linked into, so only the
# program that serves may link it: `onlinestore` defines both its sides (ss_session_arguments,
# the starter; sr_decode, the server's reader), `onlinestore-api` neither, and the integration
# tier's test binary, which links the front door's library, only the server's side.
# Run after a debug build of both packages (.ci/run does one).
set -euo pipefail
repository=$(cd "$(dirname "$0")/../.." && pwd)
binaries="$repository/.build/debug"
# (grep reads the whole listing: with -q it would stop early, and pipefail would call nm failed.)
defines() { nm -p --defined-only "$2" | grep -E " T $1\$" >/dev/null; }
expect() { # expect BINARY SYMBOL yes|no
  if defines "$2" "$binaries/$1"; then has=yes; else has=no; fi
  if [ "$has" != "$3" ]; then echo "error: $1 defines $2: $has, expected $3" >&2; exit 1; fi
}
expect onlinestore ss_session_arguments yes
expect onlinestore sr_decode yes
expect onlinestore-api ss_session_arguments no
expect onlinestore-api sr_decode no
expect IntegrationTestsPackageTests.xctest ss_session_arguments no
expect IntegrationTestsPackageTests.xctest sr_decode yes
echo "linking: only onlinestore carries the session starter"
