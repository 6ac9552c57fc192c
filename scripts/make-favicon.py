#!/usr/bin/env python3
"""Draws the Market bullseye (assets/logo.svg) into assets/favicon.ico.

Python's standard library only: each size is rendered with 4x4 supersampling, stored
as a PNG, and the PNGs are wrapped in one ICO file (ICO allows PNG entries).
Run from the repository root: python3 scripts/make-favicon.py
"""
import struct
import zlib

RED = (0xCC, 0x00, 0x00)
WHITE = (0xFF, 0xFF, 0xFF)
RINGS = [(30 / 64, RED), (20 / 64, WHITE), (10 / 64, RED)]  # radius as a share of the side


def pixel(x, y):
    """Colour and coverage at a point of the unit square."""
    d = ((x - 0.5) ** 2 + (y - 0.5) ** 2) ** 0.5
    colour = None
    for radius, c in RINGS:
        if d <= radius:
            colour = c
    return colour


def render(size, samples=4):
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter type: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    c = pixel((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size)
                    if c:
                        acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]; acc[3] += 255
            n = samples * samples
            alpha = acc[3] // n
            covered = max(acc[3] // 255, 1)
            row += bytes([acc[0] // covered, acc[1] // covered, acc[2] // covered, alpha])
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def ico(images):
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, data in images:
        out += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return out + b"".join(data for _, data in images)


if __name__ == "__main__":
    images = [(s, render(s)) for s in (16, 32, 48)]
    with open("assets/favicon.ico", "wb") as f:
        f.write(ico(images))
    print("wrote assets/favicon.ico")
