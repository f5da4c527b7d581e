"""How carender's PNG files compare in size with zlib's default level on the same content.

For each PNG given (or each *.png in a folder), prints its size and three references:
  zlib6      the file's own filtered rows (its IDAT, inflated) compressed by zlib.compress(rows, 6),
             framed as the same PNG: the same filters, zlib's default level for the deflate step;
  Pillow L6  Pillow's default save (optimize=False, compress_level=6) of the decoded pixels, as RGBA
             (what ../shared/bench/anchor_perf.py times) and as RGB when every pixel is opaque.
Ratios below 1 mean carender's file is the smaller one.

    /tmp/refenv/bin/python Tools/png_vs_zlib.py FILE.png|FOLDER ...
"""
import glob, io, os, struct, sys, zlib
from PIL import Image


def chunks(data):
    pos = 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def pillow_size(image, mode):
    out = io.BytesIO()
    image.convert(mode).save(out, "PNG", compress_level=6)
    return out.getbuffer().nbytes


def main(paths):
    files = []
    for path in paths:
        files += sorted(glob.glob(os.path.join(path, "*.png"))) if os.path.isdir(path) else [path]
    totals = [0, 0, 0, 0]
    for name in files:
        data = open(name, "rb").read()
        idat = b"".join(body for kind, body in chunks(data) if kind == b"IDAT")
        framing = len(data) - len(idat)
        ours = len(data)
        level6 = len(zlib.compress(zlib.decompress(idat), 6)) + framing
        image = Image.open(io.BytesIO(data)).convert("RGBA")
        opaque = image.getextrema()[3][0] == 255
        rgba = pillow_size(image, "RGBA")
        rgb = pillow_size(image, "RGB") if opaque else rgba
        for k, v in enumerate((ours, level6, rgba, rgb)):
            totals[k] += v
        print(f"{os.path.basename(name)}: {ours} B; zlib6 {level6} ({ours / level6:.3f}); "
              f"Pillow L6 RGBA {rgba} ({ours / rgba:.3f}), RGB {rgb} ({ours / rgb:.3f})")
    if len(files) > 1:
        n = len(files)
        print(f"mean of {n}: {totals[0] // n} B; zlib6 {totals[1] // n} ({totals[0] / totals[1]:.3f}); "
              f"Pillow L6 RGBA {totals[2] // n} ({totals[0] / totals[2]:.3f}), RGB {totals[3] // n} ({totals[0] / totals[3]:.3f})")


if __name__ == "__main__":
    main(sys.argv[1:])
