"""The benchmark's real scenes as scene-JSON frames, and Skia drawing the same frames.

Two scenes stand for what users render (the same content as Examples/bench/*.swift-script):
  spinning-cards  48 cards at 1280x720: rounded background, border, a content sublayer, a shadow;
                  half spin in the screen's plane, half about y in perspective; all fade.
  many-layers     1000 small rounded layers at 1280x720, each moving and fading.

    /tmp/refenv/bin/python Tools/bench_scenes.py write FOLDER [FRAMES]   # FOLDER/<scene>/frame_NNN.json
    /tmp/refenv/bin/python Tools/bench_scenes.py time FOLDER [PNG-FOLDER] # Skia: median ms per frame

`carender bench --sequence FOLDER/<scene>` times carender's compositor on the same frames.
Frames are taken at t = n/60 s; the scene format is ../shared/bench/scene.py's.
"""
import sys, os, json, math, glob, time, statistics
import skia

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench")
sys.path.insert(0, os.environ.get("CARENDER_BENCH", BENCH))
from scene import rotate, perspective, mul, IDENT  # noqa: E402

W, H = 1280, 720
PERIOD = 2.0


def spinning_cards(t):
    """The scene of Examples/bench/spinning-cards.swift-script at time t (seconds)."""
    columns, rows = 8, 6
    phase = (t % PERIOD) / PERIOD
    cell_w, cell_h = W / columns, H / rows
    card_w, card_h = cell_w * 0.62, cell_h * 0.62
    persp = perspective(800.0)
    cards = []
    for i in range(columns * rows):
        content = {
            "bounds": [card_w - 24, card_h * 0.45],
            "position": [card_w / 2, 12 + card_h * 0.225],
            "backgroundColor": [1, 0.78, 0.25, 1],
            "cornerRadius": 4,
        }
        angle = 2 * math.pi * phase
        # The script's keyframed fade: 17 evenly spaced samples of 0.8 + 0.2 cos, linear between.
        k = phase * 16
        k0 = min(int(k), 15)
        f = lambda j: 0.8 + 0.2 * math.cos(2 * math.pi * (j / 16 + i / 48))
        opacity = f(k0) + (f(k0 + 1) - f(k0)) * (k - k0)
        card = {
            "bounds": [card_w, card_h],
            "position": [((i % columns) + 0.5) * cell_w, ((i // columns) + 0.5) * cell_h],
            "backgroundColor": [0.2 + 0.6 * (i % 5) / 5, 0.4, 0.9, 1],
            "cornerRadius": 12,
            "borderWidth": 1.5,
            "borderColor": [0.1, 0.1, 0.1, 1],
            "shadowColor": [0, 0, 0, 1],
            "shadowOpacity": 0.45,
            "shadowRadius": 6 + (i % 4) * 2,
            "shadowOffset": [0, 4],
            "opacity": opacity,
            "transform": rotate(angle, 0, 0, 1) if i % 2 == 0 else mul(rotate(angle, 0, 1, 0), persp),
            "sublayers": [content],
        }
        cards.append(card)
    root = {"bounds": [W, H], "position": [W / 2, H / 2], "sublayers": cards}
    return {"width": W, "height": H, "scale": 1, "background": [0.96, 0.96, 0.97, 1.0], "layers": [root]}


def many_layers(t):
    """The scene of Examples/bench/many-layers.swift-script at time t (seconds)."""
    columns, rows = 40, 25
    cell_w, cell_h = W / columns, H / rows
    dots = []
    for i in range(columns * rows):
        c, r = i % columns, i // columns
        move_duration = 0.5 + (i % 7) * 0.1
        u = (t % (2 * move_duration)) / move_duration        # autoreverses: 0 -> 1 -> 0
        u = u if u <= 1 else 2 - u
        ease = u                                              # CABasicAnimation's default timing is linear
        dy = cell_h * 0.4 * (1 if i % 2 == 0 else -1) * ease
        fade_duration = 1 + (i % 5) * 0.2
        v = (t % fade_duration) / fade_duration
        opacity = 1 - 0.7 * (v / 0.5) if v <= 0.5 else 0.3 + 0.7 * ((v - 0.5) / 0.5)
        dots.append({
            "bounds": [cell_w * 0.6, cell_h * 0.6],
            "position": [(c + 0.5) * cell_w, (r + 0.5) * cell_h + dy],
            "cornerRadius": cell_h * 0.15,
            "backgroundColor": [c / columns, 0.5, r / rows, 1],
            "opacity": opacity,
        })
    root = {"bounds": [W, H], "position": [W / 2, H / 2], "sublayers": dots}
    return {"width": W, "height": H, "scale": 1, "background": [0.08, 0.08, 0.08, 1.0], "layers": [root]}


SCENES = {"spinning-cards": spinning_cards, "many-layers": many_layers}


def write(folder, frames):
    for name, make in SCENES.items():
        out = os.path.join(folder, name)
        os.makedirs(out, exist_ok=True)
        for n in range(frames):
            with open(os.path.join(out, f"frame_{n:03d}.json"), "w") as f:
                json.dump(make(n * 7 / 60), f)  # every 7th frame of 60 fps: spread over the animation


def sublayers_inside(L):
    """Whether every sublayer's frame (untransformed) lies inside L's bounds."""
    w, h = L.get("bounds", [0, 0])
    for S in L.get("sublayers", []):
        sw, sh = S.get("bounds", [0, 0]); ax, ay = S.get("anchor", [0.5, 0.5]); px, py = S.get("position", [0, 0])
        if "transform" in S or px - ax * sw < 0 or py - ay * sh < 0 or px + (1 - ax) * sw > w or py + (1 - ay) * sh > h:
            return False
    return True


def draw_layer(canvas, L, to_canvas):
    """../shared/bench/skia_render.py's drawing, with a group-opacity layer bounded by the layer
    and its shadow (not the whole canvas) when its sublayers lie inside it, as a renderer that
    knows its content would do."""
    from skia_render import skmatrix, color
    from scene import layer_to_parent
    w, h = L.get("bounds", [0, 0])
    canvas.save()
    canvas.setMatrix(skmatrix(to_canvas))
    op = L.get("opacity", 1.0)
    so = L.get("shadowOpacity", 0.0)
    if op < 1.0:
        m = L.get("shadowRadius", 3.0) * 3 + 8 + max(abs(v) for v in L.get("shadowOffset", [0, -3])) if so > 0 else 2
        bounded = not L.get("sublayers") or sublayers_inside(L)
        canvas.saveLayerAlpha(skia.Rect.MakeLTRB(-m, -m, w + m, h + m) if bounded else None, int(round(op * 255)))
    r = L.get("cornerRadius", 0.0)
    rr = skia.RRect.MakeRectXY(skia.Rect.MakeWH(w, h), r, r)
    if so > 0:
        dx, dy = L.get("shadowOffset", [0, -3])
        p = skia.Paint(AntiAlias=True, Color4f=color(L.get("shadowColor", [0, 0, 0, 1]), so))
        sr = L.get("shadowRadius", 3.0)
        if sr > 0:
            p.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sr))
        canvas.save(); canvas.translate(dx, dy); canvas.drawRRect(rr, p); canvas.restore()
    if "backgroundColor" in L:
        canvas.drawRRect(rr, skia.Paint(AntiAlias=True, Color4f=color(L["backgroundColor"])))
    subs = L.get("sublayers", [])
    if subs:
        canvas.save()
        if L.get("masksToBounds"):
            canvas.clipRRect(rr, skia.ClipOp.kIntersect, True)
        for S in subs:
            draw_layer(canvas, S, mul(layer_to_parent(S, L), to_canvas))
        canvas.restore()
    bw = L.get("borderWidth", 0.0)
    if bw > 0:
        inner = skia.RRect.MakeRectXY(skia.Rect.MakeLTRB(bw, bw, w - bw, h - bw), max(r - bw, 0), max(r - bw, 0))
        canvas.drawDRRect(rr, inner, skia.Paint(AntiAlias=True, Color4f=color(L.get("borderColor", [0, 0, 0, 1]))))
    if op < 1.0:
        canvas.restore()
    canvas.restore()


def record(scene):
    """The scene's drawing as a Skia picture: the Python work (matrices, paints) is done here, so
    timing the picture's playback times Skia alone."""
    from scene import layer_to_parent
    recorder = skia.PictureRecorder()
    canvas = recorder.beginRecording(skia.Rect.MakeWH(scene["width"], scene["height"]))
    canvas.clear(skia.Color4f(*scene.get("background", [0, 0, 0, 0])))
    for L in scene["layers"]:
        draw_layer(canvas, L, layer_to_parent(L))
    return recorder.finishRecordingAsPicture()


def time_skia(folder, out=None):
    for name in SCENES:
        files = sorted(glob.glob(os.path.join(folder, name, "frame_*.json")))
        if not files:
            continue
        pictures = [record(json.load(open(p))) for p in files]
        surface = skia.Surface(W, H)
        surface.getCanvas().drawPicture(pictures[0])  # warm
        times = []
        for _ in range(3):
            for picture in pictures:
                t0 = time.perf_counter()
                surface.getCanvas().drawPicture(picture)
                surface.flushAndSubmit()
                times.append((time.perf_counter() - t0) * 1000)
        print(f"skia draw {name} {W}x{H}: {statistics.median(times):.2f} ms/frame (median of {len(times)})")
        if out:
            surface.makeImageSnapshot().save(os.path.join(out, f"{name}-skia.png"), skia.kPNG)


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("write", "time"):
        sys.exit(__doc__)
    if sys.argv[1] == "write":
        write(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 12)
    else:
        time_skia(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
