#!/usr/bin/env python3
"""Draws the demo catalog's product pictures: product-1.png … product-20.png, 96 × 96 pixels,
one per product of ../demo-catalog.json, beside this script.

Every picture is drawn here from flat shapes (the project's own; no photographs), so they are
small and clear when the store shows them as coloured block characters. The PNG files are
written by hand (zlib, no imaging library) and are the same bytes on every run; the committed
PNGs are this script's output.

Run: python3 draw-pictures.py
"""
import math
import os
import struct
import zlib

SIZE = 96
BACKGROUNDS = {"stationery": (238, 232, 214), "kitchen": (246, 226, 214), "outdoor": (218, 234, 220), "electronics": (222, 228, 242)}


class Picture:
    def __init__(self, background):
        self.pixels = [[background] * SIZE for _ in range(SIZE)]

    def dot(self, x, y, color):
        if 0 <= x < SIZE and 0 <= y < SIZE:
            self.pixels[y][x] = color

    def rect(self, x0, y0, x1, y1, color):
        for y in range(max(0, y0), min(SIZE, y1)):
            for x in range(max(0, x0), min(SIZE, x1)):
                self.pixels[y][x] = color

    def ellipse(self, cx, cy, rx, ry, color):
        for y in range(int(cy - ry) - 1, int(cy + ry) + 2):
            for x in range(int(cx - rx) - 1, int(cx + rx) + 2):
                if ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1:
                    self.dot(x, y, color)

    def circle(self, cx, cy, r, color):
        self.ellipse(cx, cy, r, r, color)

    def polygon(self, points, color):
        """Even-odd scanline fill."""
        for y in range(SIZE):
            crossings = []
            for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
                if (y0 <= y + 0.5 < y1) or (y1 <= y + 0.5 < y0):
                    crossings.append(x0 + (y + 0.5 - y0) * (x1 - x0) / (y1 - y0))
            crossings.sort()
            for left, right in zip(crossings[::2], crossings[1::2]):
                for x in range(int(round(left)), int(round(right))):
                    self.dot(x, y, color)

    def line(self, x0, y0, x1, y1, width, color):
        steps = int(max(abs(x1 - x0), abs(y1 - y0)) * 2) + 1
        for step in range(steps + 1):
            t = step / steps
            self.circle(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, width / 2, color)

    def png(self):
        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

        rows = b"".join(b"\x00" + b"".join(bytes(pixel) for pixel in row) for row in self.pixels)
        header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
        return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


INK, WHITE, PAPER = (40, 40, 48), (252, 252, 248), (250, 246, 236)


def dot_grid_notebook(p):
    p.rect(22, 12, 76, 86, (32, 58, 96))
    p.rect(26, 16, 72, 82, PAPER)
    for y in range(22, 80, 8):
        for x in range(32, 70, 8):
            p.rect(x, y, x + 2, y + 2, (150, 150, 160))
    p.rect(66, 12, 70, 92, (200, 40, 40))


def hanji_notebook(p):
    p.rect(20, 14, 78, 84, (214, 196, 160))
    p.rect(20, 14, 26, 84, (150, 110, 70))
    for y in range(20, 80, 10):
        p.rect(21, y, 25, y + 2, (240, 230, 200))
    p.circle(52, 48, 12, (196, 60, 50))


def brass_pen(p):
    p.line(20, 78, 72, 22, 10, (200, 160, 60))
    p.line(66, 28, 78, 16, 10, (170, 130, 40))
    p.polygon([(20, 78), (14, 86), (24, 82)], INK)
    p.line(58, 30, 50, 40, 3, (120, 90, 30))


def mechanical_pencil(p):
    p.line(18, 80, 74, 24, 9, (170, 175, 185))
    for t in range(30, 56, 4):
        p.line(t, 68 - (t - 30), t + 3, 65 - (t - 30), 2, (110, 115, 125))
    p.polygon([(18, 80), (12, 88), (22, 84)], (80, 80, 90))
    p.line(74, 24, 80, 18, 5, (60, 60, 70))


def letter_set(p):
    p.rect(18, 30, 78, 74, (246, 240, 228))
    p.polygon([(18, 30), (78, 30), (48, 56)], (228, 214, 190))
    p.line(18, 74, 42, 52, 2, (200, 186, 160))
    p.line(78, 74, 54, 52, 2, (200, 186, 160))
    p.circle(48, 56, 6, (170, 30, 50))


def cast_iron_skillet(p):
    p.circle(42, 50, 28, (36, 36, 40))
    p.circle(42, 50, 23, (70, 70, 76))
    p.line(68, 46, 90, 38, 8, (36, 36, 40))


def matcha_whisk(p):
    p.ellipse(48, 70, 30, 12, (90, 120, 70))
    p.ellipse(48, 66, 26, 8, (130, 170, 80))
    p.rect(42, 14, 54, 36, (214, 190, 140))
    for x in range(36, 62, 4):
        p.line(48, 34, x, 56, 2, (224, 204, 160))


def clay_mug(p):
    p.rect(26, 28, 62, 78, (180, 90, 50))
    p.rect(26, 28, 62, 34, (140, 60, 30))
    p.circle(66, 52, 12, (180, 90, 50))
    p.circle(66, 52, 6, BACKGROUNDS["kitchen"])
    p.line(36, 20, 38, 10, 2, (200, 200, 200))
    p.line(50, 20, 48, 10, 2, (200, 200, 200))


def gooseneck_kettle(p):
    p.polygon([(26, 80), (70, 80), (64, 40), (32, 40)], (60, 64, 72))
    p.rect(38, 32, 58, 40, (60, 64, 72))
    p.line(30, 70, 14, 40, 5, (60, 64, 72))
    p.line(14, 40, 8, 36, 4, (60, 64, 72))
    p.line(66, 44, 80, 60, 5, (30, 30, 34))
    p.circle(48, 30, 4, (30, 30, 34))


def chefs_knife(p):
    p.polygon([(14, 60), (66, 36), (70, 44), (20, 66)], (200, 205, 212))
    p.line(16, 62, 66, 40, 1, (240, 242, 246))
    p.line(68, 40, 88, 30, 8, (60, 40, 30))


def ultralight_tent(p):
    p.polygon([(10, 80), (48, 22), (86, 80)], (230, 120, 30))
    p.polygon([(40, 80), (48, 50), (56, 80)], (120, 60, 20))
    p.rect(6, 80, 90, 84, (90, 120, 80))


def merino_top(p):
    color = (70, 100, 150)
    p.polygon([(30, 20), (66, 20), (86, 34), (80, 46), (70, 40), (70, 84), (26, 84), (26, 40), (16, 46), (10, 34)], color)
    p.ellipse(48, 22, 9, 5, BACKGROUNDS["outdoor"])


def headlamp(p):
    p.ellipse(48, 52, 36, 20, (50, 50, 56))
    p.ellipse(48, 52, 30, 14, BACKGROUNDS["outdoor"])
    p.rect(34, 30, 62, 50, (240, 180, 40))
    p.circle(48, 40, 8, (255, 250, 200))


def titanium_spork(p):
    p.line(30, 80, 56, 34, 6, (150, 160, 190))
    p.ellipse(62, 24, 12, 14, (150, 160, 190))
    for x in (56, 62, 68):
        p.rect(x, 8, x + 2, 16, BACKGROUNDS["outdoor"])


def tenugui_towel(p):
    p.rect(16, 18, 80, 80, (40, 70, 140))
    for y in range(28, 80, 14):
        for x in range(16, 80, 16):
            p.ellipse(x + 8, y, 8, 5, WHITE)
            p.ellipse(x + 8, y + 2, 8, 5, (40, 70, 140))


def mechanical_keyboard(p):
    p.rect(8, 30, 88, 70, (60, 62, 70))
    for row in range(4):
        for key in range(8):
            color = (230, 110, 60) if (row, key) == (0, 0) else (220, 222, 228)
            p.rect(12 + key * 9 + row, 34 + row * 9, 19 + key * 9 + row, 41 + row * 9, color)


def usb_hub(p):
    p.rect(14, 38, 82, 58, (180, 184, 192))
    for x in range(18, 80, 9):
        p.rect(x, 44, x + 6, 52, (40, 44, 52))
    p.line(82, 48, 92, 48, 4, (40, 44, 52))


def headphones(p):
    p.ellipse(48, 44, 30, 30, (40, 40, 46))
    p.ellipse(48, 44, 24, 24, BACKGROUNDS["electronics"])
    p.rect(10, 44, 86, 90, BACKGROUNDS["electronics"])
    p.rect(14, 48, 28, 76, (40, 40, 46))
    p.rect(68, 48, 82, 76, (40, 40, 46))
    p.rect(18, 52, 24, 72, (200, 60, 60))
    p.rect(72, 52, 78, 72, (200, 60, 60))


def home_server_board(p):
    p.rect(16, 24, 80, 72, (30, 120, 70))
    p.rect(36, 38, 56, 58, (30, 30, 34))
    for x in range(20, 78, 4):
        p.rect(x, 26, x + 2, 30, (220, 190, 60))
    p.rect(64, 56, 78, 70, (190, 190, 196))
    p.circle(22, 66, 3, (220, 220, 220))


def eink_tablet(p):
    p.rect(22, 10, 70, 86, (46, 46, 52))
    p.rect(26, 14, 66, 80, (232, 230, 222))
    for y in range(22, 72, 8):
        p.rect(30, y, 58 - (y % 16), y + 2, (120, 120, 120))
    p.line(80, 20, 74, 78, 4, (46, 46, 52))


PRODUCTS = [
    ("stationery", dot_grid_notebook), ("stationery", hanji_notebook), ("stationery", brass_pen),
    ("stationery", mechanical_pencil), ("stationery", letter_set), ("kitchen", cast_iron_skillet),
    ("kitchen", matcha_whisk), ("kitchen", clay_mug), ("kitchen", gooseneck_kettle), ("kitchen", chefs_knife),
    ("outdoor", ultralight_tent), ("outdoor", merino_top), ("outdoor", headlamp), ("outdoor", titanium_spork),
    ("outdoor", tenugui_towel), ("electronics", mechanical_keyboard), ("electronics", usb_hub),
    ("electronics", headphones), ("electronics", home_server_board), ("electronics", eink_tablet),
]

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for number, (category, draw) in enumerate(PRODUCTS, start=1):
        picture = Picture(BACKGROUNDS[category])
        draw(picture)
        with open(os.path.join(here, f"product-{number}.png"), "wb") as file:
            file.write(picture.png())
