#!/usr/bin/env python3
"""Draws the demo catalog's product pictures, product-1.png … product-20.png, one for each
product of ../demo-catalog.json, and writes them beside this script.

Every picture is drawn by this script from flat shapes (filled rectangles, rounded rectangles,
ellipses, polygons and thick lines): they are the project's own, no photographs and nothing
copied. Each is 96 × 96 pixels, 8-bit RGB, with a plain pastel background per category
(stationery, kitchen, outdoor, electronics) and bold, high-contrast shapes, because the store
shows them as coloured block characters only some 20–40 columns wide.

The PNG files are written by hand (IHDR, IDAT and IEND chunks; zlib at level 9; per image the
smallest of the standard row filters), with only the standard library, and are the same bytes
on every run. The PNGs beside this script are its committed output; after changing a drawing,
run it again and commit both.

Run (from any directory): python3 draw-pictures.py
"""
import math
import os
import struct
import zlib

SIZE = 96
FILE_NAME = "product-{}.png"

BACKGROUND = {
    "stationery": (250, 240, 204),
    "kitchen": (252, 224, 212),
    "outdoor": (210, 236, 214),
    "electronics": (214, 226, 248),
}

INK = (40, 42, 54)
WHITE = (255, 255, 252)
PAPER = (250, 248, 240)


# --- Drawing helpers -------------------------------------------------------------------------
#
# Coordinates are floats in pixels; a pixel is painted when its centre (x + 0.5, y + 0.5) lies
# inside the shape. No anti-aliasing: every picture keeps a handful of flat colours.


def span(low, high):
    """The pixel indices whose centres lie in [low, high), clipped to the picture."""
    first = max(0, math.ceil(low - 0.5))
    last = min(SIZE, math.ceil(high - 0.5))
    return range(first, last)


class Canvas:
    def __init__(self, background):
        self.background = background
        self.rows = [[background] * SIZE for _ in range(SIZE)]

    def fill_where(self, x0, y0, x1, y1, inside, colour):
        """Paints the pixels of the box whose centres satisfy inside(x, y)."""
        for y in span(y0, y1):
            row = self.rows[y]
            for x in span(x0, x1):
                if inside(x + 0.5, y + 0.5):
                    row[x] = colour

    def rect(self, x0, y0, x1, y1, colour):
        for y in span(y0, y1):
            row = self.rows[y]
            for x in span(x0, x1):
                row[x] = colour

    def round_rect(self, x0, y0, x1, y1, radius, colour):
        def inside(x, y):
            nearest_x = min(max(x, x0 + radius), x1 - radius)
            nearest_y = min(max(y, y0 + radius), y1 - radius)
            return (x - nearest_x) ** 2 + (y - nearest_y) ** 2 <= radius * radius

        self.fill_where(x0, y0, x1, y1, inside, colour)

    def ellipse(self, cx, cy, rx, ry, colour):
        def inside(x, y):
            return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1

        self.fill_where(cx - rx, cy - ry, cx + rx, cy + ry, inside, colour)

    def circle(self, cx, cy, r, colour):
        self.ellipse(cx, cy, r, r, colour)

    def ring(self, cx, cy, rx, ry, thickness, colour, clip=(0, 0, SIZE, SIZE)):
        """An elliptical band `thickness` wide inside the ellipse, only within the clip box."""
        inner_x, inner_y = rx - thickness, ry - thickness

        def inside(x, y):
            if not (clip[0] <= x < clip[2] and clip[1] <= y < clip[3]):
                return False
            outer = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
            return outer and ((x - cx) / inner_x) ** 2 + ((y - cy) / inner_y) ** 2 > 1

        self.fill_where(cx - rx, cy - ry, cx + rx, cy + ry, inside, colour)

    def polygon(self, points, colour):
        """Even-odd scanline fill of a closed polygon."""
        edges = list(zip(points, points[1:] + points[:1]))
        top = min(y for _, y in points)
        bottom = max(y for _, y in points)
        for y in span(top, bottom):
            centre = y + 0.5
            crossings = sorted(
                xa + (centre - ya) * (xb - xa) / (yb - ya)
                for (xa, ya), (xb, yb) in edges
                if (ya <= centre < yb) or (yb <= centre < ya)
            )
            row = self.rows[y]
            for left, right in zip(crossings[0::2], crossings[1::2]):
                for x in span(left, right):
                    row[x] = colour

    def line(self, x0, y0, x1, y1, width, colour):
        """A thick line with round ends: every pixel within width / 2 of the segment."""
        half = width / 2
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy

        def inside(x, y):
            t = 0 if length2 == 0 else min(1, max(0, ((x - x0) * dx + (y - y0) * dy) / length2))
            return (x - x0 - t * dx) ** 2 + (y - y0 - t * dy) ** 2 <= half * half

        self.fill_where(min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half, inside, colour)

    def stroke(self, points, width, colour, end_width=None):
        """Thick lines through the points; the width may narrow (or widen) towards the end."""
        end_width = width if end_width is None else end_width
        count = len(points) - 1
        for index, ((xa, ya), (xb, yb)) in enumerate(zip(points, points[1:])):
            self.line(xa, ya, xb, yb, width + (end_width - width) * index / max(1, count - 1), colour)

    def lathe(self, cx, y0, y1, half_width, colour):
        """A shape symmetric about x = cx: each row is cx ± half_width(y) wide."""
        for y in span(y0, y1):
            w = half_width(y + 0.5)
            row = self.rows[y]
            for x in span(cx - w, cx + w):
                row[x] = colour


class Frame:
    """A turned coordinate system for slanted things: u runs along `degrees`, v across it."""

    def __init__(self, x, y, degrees):
        self.x, self.y = x, y
        self.cos, self.sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))

    def at(self, u, v):
        return (self.x + u * self.cos - v * self.sin, self.y + u * self.sin + v * self.cos)

    def box(self, u0, v0, u1, v1):
        return [self.at(u0, v0), self.at(u1, v0), self.at(u1, v1), self.at(u0, v1)]

    def ellipse(self, u, v, ru, rv, steps=48):
        return [self.at(u + ru * math.cos(a), v + rv * math.sin(a)) for a in (2 * math.pi * i / steps for i in range(steps))]

    def shape(self, points):
        return [self.at(u, v) for u, v in points]


def bezier(p0, p1, p2, p3, steps=24):
    """Points along a cubic Bézier curve."""
    points = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
        points.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return points


def wave(x0, x1, y, amplitude, period, steps=40):
    """Points along a sine wave from x0 to x1 about the line y."""
    return [(x0 + (x1 - x0) * i / steps, y + amplitude * math.sin(2 * math.pi * (x1 - x0) * i / steps / period)) for i in range(steps + 1)]


# --- Stationery ------------------------------------------------------------------------------


def dot_grid_notebook(c):
    navy, dots, ribbon = (34, 56, 108), (126, 138, 168), (214, 48, 52)
    c.round_rect(16, 8, 80, 88, 5, navy)
    c.rect(24, 12, 76, 84, PAPER)
    c.rect(24, 12, 27, 84, (222, 220, 212))
    for row in range(6):
        for column in range(4):
            x, y = 35 + column * 11, 21 + row * 11
            c.rect(x, y, x + 4, y + 4, dots)
    c.polygon([(60, 82), (60, 95), (64, 91), (68, 95), (68, 82)], ribbon)
    c.rect(78, 40, 83, 58, (20, 22, 30))


def hanji_notebook(c):
    ochre, fibre, thread, slip = (196, 128, 62), (220, 162, 96), (200, 34, 48), (248, 242, 226)
    c.rect(18, 10, 80, 88, (150, 92, 40))
    c.rect(18, 10, 78, 86, ochre)
    for x0, y0, x1, y1 in [(26, 60, 40, 57), (44, 72, 60, 74), (30, 78, 38, 81), (50, 20, 58, 26), (54, 46, 66, 44), (24, 48, 30, 52)]:
        c.line(x0, y0, x1, y1, 1.6, fibre)
    c.rect(24, 16, 36, 50, slip)
    c.rect(24, 16, 36, 17.5, (172, 150, 118))
    for y in (22, 29, 36, 43):
        c.line(28, y, 32, y + 2, 2.2, INK)
    holes = [18, 34, 48, 62, 78]
    c.line(70, holes[0], 70, holes[-1], 2.6, thread)
    for y in holes:
        c.line(70, y, 80, y, 2.6, thread)
        c.circle(70, y, 2, (110, 20, 30))


def brass_bullet_pen(c):
    brass, light, dark, ink = (214, 164, 58), (248, 218, 130), (150, 104, 34), (36, 54, 130)
    c.stroke(wave(4, 30, 86, 3, 9), 2.2, ink)
    pen = Frame(54, 46, -38)
    c.polygon(pen.shape([(-30, -8), (-40, -2.5), (-40, 2.5), (-30, 8)]), dark)
    c.polygon(pen.box(-44, -1.2, -39, 1.2), INK)
    c.polygon(pen.box(-30, -8, 12, 8), brass)
    c.polygon(pen.ellipse(12, 0, 6, 8.8), dark)
    c.polygon(pen.box(12, -8.8, 38, 8.8), brass)
    c.polygon(pen.ellipse(38, 0, 6, 8.8), brass)
    c.polygon(pen.box(-28, -5.5, 38, -2.5), light)
    c.polygon(pen.box(-28, 4.5, 38, 8), dark)
    c.polygon(pen.box(11, -8.8, 13.5, 8.8), dark)


def mechanical_pencil(c):
    body, silver, shade, grip_dark = (40, 84, 160), (196, 202, 212), (120, 126, 140), (92, 98, 112)
    pencil = Frame(50, 47, -42)
    c.polygon(pencil.box(-52, -0.9, -40, 0.9), INK)
    c.polygon(pencil.shape([(-41, -1.8), (-41, 1.8), (-30, 5.5), (-30, -5.5)]), silver)
    c.polygon(pencil.box(-30, -5.5, -6, 5.5), silver)
    for u in range(-28, -6, 4):
        c.polygon(pencil.box(u, -5.5, u + 2, 5.5), grip_dark)
    c.polygon(pencil.box(-6, -5, 36, 5), body)
    c.polygon(pencil.box(-6, 2.5, 36, 5), (26, 56, 112))
    c.polygon(pencil.box(36, -5, 42, 5), silver)
    c.polygon(pencil.ellipse(42, 0, 3, 4.2), shade)
    c.polygon(pencil.box(12, -8.5, 38, -5), silver)
    c.polygon(pencil.box(12, -8.5, 15, -4), shade)


def letter_set(c):
    cream, flap, edge, letter_ink, seal = (252, 248, 236), (236, 222, 188), (150, 106, 62), (64, 86, 168), (196, 32, 44)
    c.polygon([(12, 44), (84, 44), (48, 16)], flap)
    c.stroke([(12, 44), (48, 16), (84, 44)], 2, edge)
    c.rect(22, 8, 74, 60, WHITE)
    c.stroke([(22, 8), (74, 8), (74, 60)], 1.6, (196, 186, 166))
    c.stroke([(22, 60), (22, 8)], 1.6, (196, 186, 166))
    for y, x1 in [(16, 66), (23, 62), (30, 67), (37, 56)]:
        c.stroke(wave(28, x1, y, 1.2, 6), 2, letter_ink)
    c.rect(12, 44, 84, 88, cream)
    c.polygon([(12, 88), (84, 88), (48, 62)], flap)
    c.stroke([(12, 44), (48, 70), (84, 44)], 1.6, (214, 198, 164))
    c.stroke([(12, 88), (48, 62), (84, 88)], 2, edge)
    c.stroke([(12, 44), (12, 88), (84, 88), (84, 44), (12, 44)], 2.4, edge)
    c.circle(48, 64, 7, seal)
    c.circle(48, 64, 4, (160, 20, 32))


# --- Kitchen ---------------------------------------------------------------------------------


def cast_iron_skillet(c):
    iron, rim, inner, shine = (40, 40, 46), (62, 62, 70), (76, 76, 84), (110, 110, 122)
    c.line(66, 50, 90, 50, 12, iron)
    c.circle(86, 50, 2.8, c.background)
    c.ring(10, 50, 7, 9, 3.2, iron)
    c.circle(42, 50, 32, iron)
    c.circle(42, 50, 28, rim)
    c.circle(42, 50, 25, inner)
    c.ring(42, 50, 22, 22, 3, shine, clip=(0, 0, 40, 40))
    for x, y, r in [(38, 44, 12), (50, 52, 11), (40, 58, 10), (30, 52, 9)]:
        c.circle(x, y, r, WHITE)
    c.circle(42, 51, 7, (252, 178, 28))
    c.circle(40, 49, 2, (255, 222, 120))


def matcha_whisk_set(c):
    bowl, bowl_rim, matcha, foam = (74, 62, 70), (112, 98, 104), (104, 160, 50), (160, 204, 96)
    bamboo, bamboo_dark, bamboo_light = (206, 166, 90), (122, 84, 34), (232, 204, 140)
    c.lathe(62, 60, 84, lambda y: 30 * math.sqrt(max(0, 1 - ((y - 60) / 26) ** 2)), bowl)
    c.rect(52, 82, 72, 88, bowl)
    c.ellipse(62, 60, 30, 8, bowl_rim)
    c.ellipse(62, 60, 26, 6, matcha)
    c.ellipse(58, 59, 12, 3, foam)
    c.rect(16, 6, 28, 44, bamboo)
    c.rect(16, 24, 28, 27, bamboo_dark)
    c.rect(24, 6, 28, 44, bamboo_light)
    c.polygon([(16, 42), (28, 42), (38, 66), (6, 66)], bamboo)
    c.ellipse(22, 68, 16, 20, bamboo)
    for x_end in (9, 14, 19, 25, 30, 35):
        c.line(22 + (x_end - 22) * 0.25, 46, x_end, 78 - abs(x_end - 22) * 0.6, 1.6, bamboo_dark)
    c.ellipse(22, 62, 5, 11, bamboo_dark)


def cafe_de_olla_mug(c):
    clay, clay_dark, coffee, paint, cinnamon = (184, 88, 44), (132, 58, 28), (70, 38, 20), (252, 236, 196), (124, 72, 40)
    c.stroke([(54, 22), (66, 4)], 6, cinnamon)
    c.stroke([(57, 22), (68, 6)], 2, (164, 104, 62))

    def profile(y):
        if y < 30:
            return 23 - (y - 18) * 0.5
        return 17 + 14 * math.sin(math.pi * min(1, (y - 30) / 62) * 0.9 + 0.2)

    c.ring(72, 56, 16, 17, 6, clay_dark, clip=(66, 0, SIZE, SIZE))
    c.lathe(42, 20, 88, profile, clay)
    c.ellipse(42, 20, 23, 6, clay_dark)
    c.ellipse(42, 20, 19, 4, coffee)
    c.rect(24, 44, 60, 47, paint)
    for x in range(19, 68, 8):
        c.circle(x, 56, 2.6, paint)
    c.rect(22, 64, 62, 67, paint)
    c.lathe(42, 86, 90, lambda y: 20, clay_dark)


def gooseneck_kettle(c):
    black, shine, dial, dial_face = (44, 46, 54), (96, 100, 112), (190, 196, 206), WHITE
    c.stroke(bezier((36, 78), (10, 82), (16, 40), (2, 34), 24), 8, black, end_width=3.5)
    c.stroke([(68, 44), (86, 46), (86, 74), (74, 80)], 6, black)
    c.lathe(54, 32, 88, lambda y: 18 + 10 * ((y - 32) / 56) ** 0.7, black)
    c.rect(38, 40, 42, 82, shine)
    c.ellipse(54, 32, 18, 4, shine)
    c.circle(54, 27, 5, black)
    c.line(62, 30, 66, 18, 2.5, dial)
    c.circle(67, 14, 7, dial)
    c.circle(67, 14, 5, dial_face)
    c.line(67, 14, 70, 11, 1.6, (210, 40, 40))


def chefs_knife(c):
    steel, bevel, outline, handle, rivet = (214, 220, 230), (164, 172, 186), (84, 92, 108), (34, 30, 34), (206, 210, 220)
    knife = Frame(48, 50, -18)
    blade = [(-46, -6), (-36, -10), (12, -10), (12, 12), (-4, 11), (-22, 7), (-36, 2)]
    c.polygon(knife.shape([(u, v + (1.5 if v > 0 else -1.5)) for u, v in blade]), outline)
    c.polygon(knife.shape(blade), steel)
    c.polygon(knife.shape([(-40, 0), (-22, 4.5), (-4, 8.5), (12, 9.5), (12, 12), (-4, 11), (-22, 7), (-36, 2)]), bevel)
    c.polygon(knife.box(12, -11, 17, 12.5), bevel)
    c.polygon(knife.shape([(17, -10), (46, -9), (48, -4), (46, 5), (17, 7)]), handle)
    for u in (24, 32, 40):
        x, y = knife.at(u, -1.5)
        c.circle(x, y, 2.2, rivet)


# --- Outdoor ---------------------------------------------------------------------------------


def ultralight_tent(c):
    orange, side, door, ground, line = (242, 128, 36), (196, 90, 24), (64, 46, 40), (112, 170, 100), (70, 70, 80)
    c.rect(0, 80, SIZE, SIZE, ground)
    c.line(34, 22, 4, 62, 1.5, line)
    c.line(78, 28, 94, 60, 1.5, line)
    c.polygon([(34, 22), (78, 28), (92, 80), (60, 84)], side)
    c.polygon([(6, 84), (34, 22), (60, 84)], orange)
    c.polygon([(20, 84), (34, 46), (48, 84)], door)
    c.polygon([(34, 46), (48, 84), (56, 84)], (252, 176, 96))
    c.line(34, 22, 34, 16, 2.5, line)
    c.line(78, 28, 78, 22, 2.5, line)


def merino_base_layer(c):
    wool, rib, inside = (44, 84, 134), (30, 60, 100), (22, 44, 76)
    c.polygon([(36, 14), (22, 18), (4, 68), (13, 72), (28, 40), (26, 88), (70, 88), (68, 40),
               (83, 72), (92, 68), (74, 18), (60, 14)], wool)
    c.ellipse(48, 13, 14, 10, rib)
    c.ellipse(48, 11, 10.5, 7.5, inside)
    c.rect(0, 0, SIZE, 13, c.background)
    c.rect(26, 83, 70, 88, rib)
    c.polygon([(4, 68), (13, 72), (11, 77), (2, 73)], rib)
    c.polygon([(92, 68), (83, 72), (85, 77), (94, 73)], rib)
    c.line(28, 42, 26, 80, 1.4, rib)
    c.line(68, 42, 70, 80, 1.4, rib)


def headlamp(c):
    band, housing, lens, glow, led, ray = (220, 72, 48), (56, 60, 70), (255, 238, 150), (234, 196, 80), WHITE, (250, 196, 30)
    c.ring(48, 42, 42, 22, 8, band)
    c.ring(48, 42, 42, 22, 2, (164, 46, 30), clip=(0, 0, SIZE, 40))
    for angle in (40, 65, 90, 115, 140):
        a = math.radians(angle)
        c.line(48 + 24 * math.cos(a), 56 + 24 * math.sin(a), 48 + 36 * math.cos(a), 56 + 36 * math.sin(a), 4, ray)
    c.round_rect(28, 38, 68, 74, 9, housing)
    c.circle(48, 56, 13, glow)
    c.circle(48, 56, 10, lens)
    c.circle(48, 56, 4, led)
    c.round_rect(60, 40, 66, 45, 2, (120, 200, 90))


def titanium_spork(c):
    titanium, light, outline = (168, 172, 184), (214, 218, 228), (84, 88, 104)
    spork = Frame(46, 50, -52)
    c.polygon(spork.ellipse(20, 0, 22, 16), outline)
    c.polygon(spork.box(-42, -6, 4, 6), outline)
    c.polygon(spork.ellipse(-42, 0, 6, 6), outline)
    c.polygon(spork.ellipse(20, 0, 20, 14), titanium)
    c.polygon(spork.box(-42, -4, 4, 4), titanium)
    c.polygon(spork.ellipse(-42, 0, 4, 4), titanium)
    c.polygon(spork.ellipse(16, -4, 12, 5), light)
    c.polygon(spork.ellipse(-40, 0, 2.2, 2.2), c.background)
    for v in (-5.5, 5.5):
        c.polygon(spork.box(28, v - 1.6, 44, v + 1.6), c.background)


def tenugui_towel(c):
    indigo, fold, waves, wood, wood_dark = (34, 60, 128), (24, 42, 96), (244, 246, 252), (176, 120, 64), (120, 76, 36)
    c.rect(16, 16, 80, 88, indigo)
    for y in (34, 52, 70):
        c.stroke(wave(16, 80, y, 4.5, 21.3), 4, waves)
    c.rect(16, 16, 80, 23, fold)
    for x in range(17, 80, 4):
        c.rect(x, 88, x + 2, 92, indigo)
    c.line(6, 15, 90, 15, 6, wood)
    c.circle(6, 15, 5, wood_dark)
    c.circle(90, 15, 5, wood_dark)


# --- Electronics -----------------------------------------------------------------------------


def mechanical_keyboard(c):
    case, key, modifier, escape, enter = (50, 54, 68), (236, 236, 242), (164, 172, 190), (226, 70, 58), (244, 152, 36)
    c.line(48, 22, 48, 4, 3.5, case)
    c.round_rect(4, 22, 92, 76, 6, case)
    rows = [
        [(1, escape)] + [(1, key)] * 11,
        [(1, key)] * 10 + [(2, modifier)],
        [(1.5, modifier)] + [(1, key)] * 9 + [(1.5, modifier)],
        [(1.75, modifier)] + [(1, key)] * 8 + [(2.25, enter)],
        [(2.25, modifier)] + [(1, key)] * 6 + [(1.75, modifier), (1, modifier), (1, key)],
        [(1.25, modifier)] * 3 + [(4.25, key)] + [(1, modifier)] * 4,
    ]
    unit, height = 80 / 12, 7.8
    for index, row in enumerate(rows):
        x, y = 8, 27 + index * height
        for width, colour in row:
            c.rect(x + 0.7, y, x + width * unit - 0.7, y + height - 1.6, colour)
            x += width * unit


def usb_c_hub(c):
    body, top, port, cable, plug = (184, 190, 202), (214, 220, 230), (34, 36, 46), (60, 64, 76), (150, 156, 170)
    c.stroke(bezier((14, 48), (0, 50), (2, 84), (28, 84), 24), 4.5, cable)
    c.round_rect(26, 79, 44, 89, 3, plug)
    c.rect(44, 81.5, 51, 86.5, (110, 116, 130))
    c.round_rect(10, 30, 92, 64, 7, body)
    c.round_rect(10, 30, 92, 40, 5, top)
    c.circle(84, 35, 2, (70, 140, 240))
    x = 16
    for kind in ("c", "c", "a", "a", "hdmi", "sd", "micro"):
        if kind == "c":
            c.round_rect(x, 49, x + 8, 54, 2.5, port)
        elif kind == "a":
            c.rect(x, 47, x + 9, 55, port)
            c.rect(x + 1.5, 47.5, x + 7.5, 50.5, (90, 120, 220))
        elif kind == "hdmi":
            c.polygon([(x, 47), (x + 11, 47), (x + 11, 51), (x + 9, 55), (x + 2, 55), (x, 51)], port)
        elif kind == "sd":
            c.rect(x, 50, x + 11, 53, port)
        else:
            c.rect(x, 50, x + 7, 53, port)
        x += {"c": 10, "a": 11, "hdmi": 13, "sd": 13, "micro": 9}[kind]


def noise_cancelling_headphones(c):
    shell, cushion, band_pad, slider, accent = (48, 50, 60), (118, 122, 136), (84, 88, 100), (200, 204, 214), (214, 140, 80)
    c.ring(48, 52, 32, 38, 8, shell, clip=(0, 0, SIZE, 44))
    c.ring(48, 52, 26, 32, 3, band_pad, clip=(0, 0, SIZE, 44))
    for x in (18, 72):
        c.rect(x, 40, x + 6, 54, slider)
    c.round_rect(28, 54, 36, 84, 4, cushion)
    c.round_rect(60, 54, 68, 84, 4, cushion)
    c.round_rect(8, 50, 32, 88, 10, shell)
    c.round_rect(64, 50, 88, 88, 10, shell)
    c.ring(20, 69, 7, 10, 2.4, accent)
    c.ring(76, 69, 7, 10, 2.4, accent)


def home_server_board(c):
    pcb, gold, chip, metal, opening = (34, 128, 72), (222, 184, 80), (34, 34, 40), (200, 204, 214), (70, 74, 86)
    c.round_rect(8, 18, 82, 80, 5, pcb)
    for x, y in [(14, 24), (70, 24), (14, 74), (70, 74)]:
        c.circle(x, y, 4.2, gold)
        c.circle(x, y, 2.2, c.background)
    c.rect(22, 20, 62, 29, chip)
    for column in range(10):
        for row in range(2):
            c.rect(24 + column * 4, 21.5 + row * 4, 26 + column * 4, 23.5 + row * 4, gold)
    c.rect(24, 38, 44, 58, chip)
    c.rect(28, 42, 40, 54, (60, 60, 70))
    c.rect(48, 40, 58, 56, chip)
    c.rect(66, 32, 92, 48, metal)
    c.rect(70, 36, 92, 44, opening)
    c.rect(66, 52, 92, 68, metal)
    c.rect(70, 54.5, 92, 58.5, opening)
    c.rect(70, 61.5, 92, 65.5, opening)
    c.circle(16, 64, 2.4, (230, 50, 50))
    c.circle(22, 64, 2.4, (110, 230, 110))
    c.rect(2, 40, 8, 52, metal)


def eink_writing_tablet(c):
    bezel, screen, ink, pen, pen_dark = (64, 66, 76), (236, 234, 224), (40, 40, 48), (214, 218, 228), (96, 100, 114)
    c.round_rect(14, 6, 72, 90, 7, bezel)
    c.rect(20, 12, 66, 80, screen)
    c.rect(40, 83, 46, 86, (110, 114, 126))
    c.stroke(wave(26, 60, 22, 2, 6), 2, ink)
    c.stroke(wave(26, 54, 32, 2, 5), 2, ink)
    c.stroke(wave(26, 58, 42, 2, 7), 2, ink)
    c.stroke([(26, 70), (34, 58), (42, 70), (26, 70)], 2, ink)
    c.stroke(wave(46, 56, 54, 2, 5), 2, ink)
    c.line(58, 56, 88, 12, 8, pen_dark)
    c.line(59, 55, 88, 12, 5, pen)
    c.polygon([(56, 58), (61, 52), (63, 54), (57, 62)], pen_dark)
    c.line(55.5, 60, 56.8, 58, 1.5, ink)


# --- The catalog -----------------------------------------------------------------------------

PRODUCTS = [
    (1, "stationery", dot_grid_notebook),
    (2, "stationery", hanji_notebook),
    (3, "stationery", brass_bullet_pen),
    (4, "stationery", mechanical_pencil),
    (5, "stationery", letter_set),
    (6, "kitchen", cast_iron_skillet),
    (7, "kitchen", matcha_whisk_set),
    (8, "kitchen", cafe_de_olla_mug),
    (9, "kitchen", gooseneck_kettle),
    (10, "kitchen", chefs_knife),
    (11, "outdoor", ultralight_tent),
    (12, "outdoor", merino_base_layer),
    (13, "outdoor", headlamp),
    (14, "outdoor", titanium_spork),
    (15, "outdoor", tenugui_towel),
    (16, "electronics", mechanical_keyboard),
    (17, "electronics", usb_c_hub),
    (18, "electronics", noise_cancelling_headphones),
    (19, "electronics", home_server_board),
    (20, "electronics", eink_writing_tablet),
]


# --- PNG -------------------------------------------------------------------------------------


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered(row, prior, kind):
    """One scanline under PNG filter `kind` (0 none, 1 sub, 2 up, 3 average, 4 Paeth), 3 bytes a pixel."""
    out = bytearray([kind])
    for i, value in enumerate(row):
        left = row[i - 3] if i >= 3 else 0
        up = prior[i]
        up_left = prior[i - 3] if i >= 3 else 0
        predictor = (0, left, up, (left + up) // 2, paeth(left, up, up_left))[kind]
        out.append((value - predictor) & 0xFF)
    return bytes(out)


def image_data(rows, choice):
    """The filtered scanlines: one filter for all rows, or ("adaptive") per row the one whose
    bytes, read as signed, have the smallest sum of magnitudes."""
    prior = bytes(len(rows[0]))
    lines = []
    for row in rows:
        if choice == "adaptive":
            line = min((filtered(row, prior, kind) for kind in range(5)), key=lambda b: sum(min(v, 256 - v) for v in b[1:]))
        else:
            line = filtered(row, prior, choice)
        lines.append(line)
        prior = row
    return b"".join(lines)


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(canvas):
    rows = [bytes(value for pixel in row for value in pixel) for row in canvas.rows]
    smallest = None
    for choice in (0, 1, 2, 3, 4, "adaptive"):
        data = image_data(rows, choice)
        for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED):
            packer = zlib.compressobj(9, zlib.DEFLATED, 15, 9, strategy)
            packed = packer.compress(data) + packer.flush()
            if smallest is None or len(packed) < len(smallest):
                smallest = packed
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", smallest) + chunk(b"IEND", b"")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for number, category, draw in PRODUCTS:
        canvas = Canvas(BACKGROUND[category])
        draw(canvas)
        with open(os.path.join(here, FILE_NAME.format(number)), "wb") as file:
            file.write(png(canvas))


if __name__ == "__main__":
    main()
