#!/usr/bin/env bash
# Makes a 1,500 × 1,500 JPEG (a gradient with shapes, drawn here) and runs picture-benchmarks
# on it in a release build. Needs python3 and cjpeg (libjpeg-turbo-progs).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/picture.ppm" <<'PY'
import sys
size = 1500
rows = bytearray()
for y in range(size):
    for x in range(size):
        inside = (x - 750) ** 2 + (y - 750) ** 2 < 400 ** 2
        rows += bytes((255, 255, 255) if inside and (x // 50 + y // 50) % 2 else (x * 255 // size, y * 255 // size, 128))
open(sys.argv[1], "wb").write(b"P6\n%d %d\n255\n" % (size, size) + rows)
PY
cjpeg -quality 85 -outfile "$work/picture.jpg" "$work/picture.ppm"
swift build -c release --product picture-benchmarks >/dev/null
.build/release/picture-benchmarks "$work/picture.jpg" "${1:-50}"
