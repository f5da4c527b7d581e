#!/usr/bin/env python3
"""Writes the PNG fixtures the decoder tests read: one file per colour type, bit depth and
interlacing that libpng must convert to 8-bit RGBA. Pixel values follow formulas the Swift tests
recompute, so the fixtures need no reference decoder. Pure standard library (zlib, struct).

    python3 Tools/make_png_fixtures.py Tests/Fixtures/png
"""
import struct
import sys
import zlib
from pathlib import Path

W, H = 5, 3  # odd sizes exercise every Adam7 pass boundary


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    bits, out, acc, n = depth, bytearray(), 0, 0
    for s in samples:
        acc = (acc << bits) | s
        n += bits
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def image_data(pixels, depth, interlaced):
    """pixels[y][x] is a tuple of samples; filter type 0 on every row."""
    raw = bytearray()
    if not interlaced:
        for row in pixels:
            raw += b"\x00" + pack_row([s for p in row for s in p], depth)
    else:
        for x0, y0, dx, dy in ADAM7:
            for y in range(y0, H, dy):
                row = [pixels[y][x] for x in range(x0, W, dx)]
                if row:
                    raw += b"\x00" + pack_row([s for p in row for s in p], depth)
    return zlib.compress(bytes(raw), 9)


def write(path, color_type, depth, pixels, interlaced=False, extra=()):
    ihdr = struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, 1 if interlaced else 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    for kind, payload in extra:
        data += chunk(kind, payload)
    data += chunk(b"IDAT", image_data(pixels, depth, interlaced)) + chunk(b"IEND", b"")
    path.write_bytes(data)


def main(out):
    out.mkdir(parents=True, exist_ok=True)
    g8 = [[((x * 50 + y * 20) % 256,) for x in range(W)] for y in range(H)]
    write(out / "gray8.png", 0, 8, g8)
    g16 = [[((x * 50 + y * 20) % 256 * 257 + 0x40,) for x in range(W)] for y in range(H)]
    write(out / "gray16.png", 0, 16, g16)
    g1 = [[((x + y) % 2,) for x in range(W)] for y in range(H)]
    write(out / "gray1.png", 0, 1, g1)
    ga = [[((x * 50) % 256, (y * 100 + 55) % 256) for x in range(W)] for y in range(H)]
    write(out / "gray_alpha8.png", 4, 8, ga)
    palette = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30])
    trns = bytes([255, 128, 0])  # entry 3 stays opaque
    pal = [[((x + y * W) % 4,) for x in range(W)] for y in range(H)]
    write(out / "palette4.png", 3, 4, pal, extra=[(b"PLTE", palette), (b"tRNS", trns)])
    rgba16 = [[(x * 10000, y * 20000, 65535 - x * 5000, 30000 + y * 10000) for x in range(W)] for y in range(H)]
    write(out / "rgba16.png", 6, 16, rgba16)
    rgb = [[(x * 60, y * 100, (x * y * 30) % 256) for x in range(W)] for y in range(H)]
    write(out / "rgb8_interlaced.png", 2, 8, rgb, interlaced=True)
    write(out / "rgb8.png", 2, 8, rgb)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "Tests/Fixtures/png"))
