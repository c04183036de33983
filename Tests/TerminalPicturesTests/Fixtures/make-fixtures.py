#!/usr/bin/env python3
"""Makes the pictures the decoding tests read, all drawn here: a 48×32 picture, red above and
blue below with a white square in the middle, as PNG (written by hand with zlib), JPEG (cjpeg)
and WebP (cwebp); and the broken ones: a JPEG cut in half, HTML named .jpg, and a PNG whose
header claims 100,000 × 100,000 pixels. Run it from this directory; needs libjpeg-turbo-progs
and webp."""
import os, struct, subprocess, zlib

W, H = 48, 32

def pixel(x, y):
    if 18 <= x < 30 and 10 <= y < 22:
        return (255, 255, 255)
    return (220, 30, 30) if y < H // 2 else (30, 60, 220)

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

def png(width, height, rows):
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")

rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(W)) for y in range(H))
open("picture.png", "wb").write(png(W, H, rows))
open("picture.ppm", "wb").write(b"P6\n%d %d\n255\n" % (W, H) + b"".join(bytes(pixel(x, y)) for y in range(H) for x in range(W)))
subprocess.run(["cjpeg", "-quality", "90", "-outfile", "picture.jpg", "picture.ppm"], check=True)
subprocess.run(["cwebp", "-quiet", "-q", "90", "picture.png", "-o", "picture.webp"], check=True)
jpeg = open("picture.jpg", "rb").read()
open("truncated.jpg", "wb").write(jpeg[: len(jpeg) // 2])
open("html.jpg", "wb").write(b"<!doctype html><title>404</title><p>Not here.</p>\n")
open("huge.png", "wb").write(png(100_000, 100_000, b"\x00" * 16))
os.remove("picture.ppm")
