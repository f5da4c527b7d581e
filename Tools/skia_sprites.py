"""Skia drawing the particle sprites `carender bench --particles --output FOLDER` writes, the
way a Skia program draws particles: one `drawAtlas` call (a rotation-scale-translation per
sprite, the sprite's colour modulating the image, bilinear sampling, source-over), over a
cleared 1280x720 raster surface. Prints the median ms per frame.

    /tmp/refenv/bin/python Tools/skia_sprites.py FOLDER [frames]

With a third argument, also writes the last frame as a PNG there (to compare with carender's).
"""
import sys, os, json, math, time, statistics
import skia

folder = sys.argv[1]
frames = int(sys.argv[2]) if len(sys.argv) > 2 else 30
scene = json.load(open(os.path.join(folder, "particles.json")))
image = skia.Image.open(os.path.join(folder, scene["image"]))
w, h = image.width(), image.height()

xforms, rects, colors = [], [], []
for x, y, angle, scale, r, g, b, a in scene["sprites"]:
    c, s = math.cos(angle) * scale, math.sin(angle) * scale
    # The image's centre lands on (x, y).
    xforms.append(skia.RSXform(c, s, x - (c * w / 2 - s * h / 2), y - (s * w / 2 + c * h / 2)))
    rects.append(skia.Rect.MakeWH(w, h))
    colors.append(skia.Color4f(r, g, b, a).toColor())

surface = skia.Surface(scene["width"], scene["height"])
canvas = surface.getCanvas()
sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
paint = skia.Paint()


def draw():
    canvas.clear(skia.ColorTRANSPARENT)
    canvas.drawAtlas(image, xforms, rects, colors, skia.BlendMode.kModulate, sampling, None, paint)
    surface.flushAndSubmit()


for _ in range(5):
    draw()
times = []
for _ in range(frames):
    t = time.perf_counter()
    draw()
    times.append((time.perf_counter() - t) * 1000)
print(f"skia drawAtlas {scene['width']}x{scene['height']}, {len(xforms)} sprites: {statistics.median(times):.3f} ms/frame")
if len(sys.argv) > 3:
    surface.makeImageSnapshot().save(sys.argv[3], skia.kPNG)
