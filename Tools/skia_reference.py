"""Reference renderings of carender's test scenes with Skia's CPU raster backend.

Extends ../shared/bench/skia_render.py (same scene format, same drawing of backgrounds, borders,
shadows and group opacity) with the features the test scenes exercise: per-level flattening
(each layer's 4x4 projected to a 3x3 before composing), zPosition order, isHidden, isDoubleSided,
CATransformLayer depth sorting, allowsGroupOpacity = false, maskedCorners and continuous corners, and
the content of shape layers (fill, stroke with caps, joins, miter limit, dashes, strokeStart/End
through Skia's trim path effect) and gradient layers (axial, radial, conic; Skia interpolates
colours unpremultiplied, as carender does).

Usage (from the repository root, with the reference venv of shared/bench/README.md):

    /tmp/refenv/bin/python Tools/skia_reference.py Tests/Fixtures/scenes

writes NAME.png next to every NAME.json in that folder. Look at every image before committing it.
"""
import sys, os, json, glob, math
import skia

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench")
sys.path.insert(0, os.environ.get("CARENDER_BENCH", BENCH))
from scene import layer_to_parent, flatten, mul, IDENT  # noqa: E402
from skia_render import color  # noqa: E402

EXTENT = 1.528665
# Apple's continuous corner from (0, E) to (E, 0), corner vertex at the origin, unit radius.
CONTINUOUS = [
    [(0, 1.08849323), (0, 0.86840689), (0.06549600, 0.66993427)],
    [(0.07491100, 0.63149399)],
    [(0.16905899, 0.37282392), (0.37282392, 0.16905899), (0.63149399, 0.07491100)],
    [(0.66993427, 0.06549600)],
    [(0.86840689, 0), (1.08849323, 0), (EXTENT, 0)],
]


def embed(f):
    """A 3x3 (row-vector) as a 4x4 that ignores z."""
    return [f[0], f[1], 0, f[2], f[3], f[4], 0, f[5], 0, 0, 1, 0, f[6], f[7], 0, f[8]]


def skmatrix3(f):
    return skia.Matrix.MakeAll(f[0], f[3], f[6], f[1], f[4], f[7], f[2], f[5], f[8])


def det3(f):
    return (f[0] * (f[4] * f[8] - f[5] * f[7]) - f[1] * (f[3] * f[8] - f[5] * f[6])
            + f[2] * (f[3] * f[7] - f[4] * f[6]))


def corner_radii(L, w, h):
    r = max(0.0, min(L.get("cornerRadius", 0.0), min(w, h) / 2))
    mask = L.get("maskedCorners", 15)
    # top-left (1), top-right (2), bottom-right (8), bottom-left (4)
    return [r if mask & 1 else 0, r if mask & 2 else 0, r if mask & 8 else 0, r if mask & 4 else 0]


def bezier(p0, p1, p2, p3, n=64):
    out = []
    for i in range(1, n + 1):
        t = i / n; u = 1 - t
        out.append((u*u*u*p0[0] + 3*u*u*t*p1[0] + 3*u*t*t*p2[0] + t*t*t*p3[0],
                    u*u*u*p0[1] + 3*u*u*t*p1[1] + 3*u*t*t*p2[1] + t*t*t*p3[1]))
    return out


def continuous_corner():
    """Apple's continuous corner, unit radius, as a fine polyline from (0, E) to (E, 0)."""
    pts = [(0, EXTENT)]
    for seg in CONTINUOUS:
        if len(seg) == 1:
            pts.append(seg[0])
        else:
            pts.extend(bezier(pts[-1], *seg))
    return pts


def shape_path(x0, y0, x1, y1, radii, continuous):
    """Rounded-rect path, clockwise on a y-down screen."""
    if not continuous:
        rr = skia.RRect()
        rr.setRectRadii(skia.Rect.MakeLTRB(x0, y0, x1, y1), [skia.Point(r, r) for r in radii])
        return skia.Path().addRRect(rr)
    path = skia.Path()
    canon = continuous_corner()
    verts = [(x0, y0, 1, 1), (x1, y0, -1, 1), (x1, y1, -1, -1), (x0, y1, 1, -1)]
    pts = []
    for k, (vx, vy, ex, ey) in enumerate(verts):
        r = radii[k]
        if r <= 0:
            pts.append((vx, vy)); continue
        corner = [(vx + ex * a * r, vy + ey * b * r) for a, b in canon]
        if k in (1, 3):
            corner.reverse()
        pts.extend(corner)
    path.moveTo(*pts[0])
    for p in pts[1:]:
        path.lineTo(*p)
    path.close()
    return path


def layer_path(L, inset=0.0):
    w, h = L.get("bounds", [0, 0])
    radii = corner_radii(L, w, h)
    cont = L.get("cornerCurve") == "continuous"
    if cont and max(radii) * EXTENT > min(w, h) / 2:
        cont = False
    radii = [max(r - inset, 0) for r in radii]
    return shape_path(inset, inset, w - inset, h - inset, radii, cont)


def placed_sublayers(L):
    """(layer, 4x4 to L's bounds space, alpha) in drawing order."""
    subs = [S for S in L.get("sublayers", []) if not S.get("hidden")]
    order = sorted(range(len(subs)), key=lambda i: (subs[i].get("zPosition", 0.0), i))
    out = []
    for i in order:
        S = subs[i]
        m = layer_to_parent_z(S, L)
        if S.get("kind") == "transformLayer":
            items = []
            gather(S, m, 1.0, items)
            items.sort(key=lambda t: (t[0], t[1]))
            out.extend((it[2], it[3], it[4]) for it in items)
        else:
            out.append((S, m, 1.0))
    return out


def layer_to_parent_z(S, P):
    """scene.layer_to_parent plus zPosition and anchorPointZ."""
    m = layer_to_parent(S, P)
    z = S.get("zPosition", 0.0) - 0.0
    az = S.get("anchorPointZ", 0.0)
    if z or az:
        w, h = S.get("bounds", [0, 0]); ax, ay = S.get("anchor", [0.5, 0.5]); px, py = S.get("position", [0, 0])
        from scene import translate
        m = mul(translate(-ax * w, -ay * h, -az), S.get("transform", IDENT))
        m = mul(m, translate(px, py, z))
        if P is not None and "sublayerTransform" in P:
            pw, ph = P.get("bounds", [0, 0]); pax, pay = P.get("anchor", [0.5, 0.5])
            cx, cy = pax * pw, pay * ph
            m = mul(m, mul(translate(-cx, -cy), mul(P["sublayerTransform"], translate(cx, cy))))
    return m


def gather(T, to_plane, alpha, items):
    if T.get("hidden"):
        return
    alpha *= T.get("opacity", 1.0)
    for S in T.get("sublayers", []):
        if S.get("hidden"):
            continue
        m = mul(layer_to_parent_z(S, T), to_plane)
        if S.get("kind") == "transformLayer":
            gather(S, m, alpha, items)
            continue
        w, h = S.get("bounds", [0, 0])
        cx, cy = w / 2, h / 2
        z = cx * m[2] + cy * m[6] + m[14]
        ww = cx * m[3] + cy * m[7] + m[15]
        items.append((z / ww if ww > 0 else -1e30, len(items), S, m, alpha))


def scene_path(elements):
    p = skia.Path()
    for e in elements:
        k, v = e[0], e[1:]
        if k == "move": p.moveTo(*v)
        elif k == "line": p.lineTo(*v)
        elif k == "quad": p.quadTo(*v)
        elif k == "curve": p.cubicTo(*v)
        elif k == "close": p.close()
    return p


CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}


def draw_shape(canvas, L, a):
    sp = scene_path(L.get("path", []))
    fill = L.get("fillColor", [0, 0, 0, 1])
    sp.setFillType(skia.PathFillType.kEvenOdd if L.get("fillRule") == "even-odd" else skia.PathFillType.kWinding)
    if fill[3] > 0:
        canvas.drawPath(sp, skia.Paint(AntiAlias=True, Color4f=color(fill, a)))
    if "strokeColor" in L and L.get("lineWidth", 1) > 0:
        p = skia.Paint(AntiAlias=True, Color4f=color(L["strokeColor"], a), Style=skia.Paint.kStroke_Style,
                       StrokeWidth=L.get("lineWidth", 1), StrokeCap=CAPS[L.get("lineCap", "butt")],
                       StrokeJoin=JOINS[L.get("lineJoin", "miter")], StrokeMiter=L.get("miterLimit", 10))
        if "lineDashPattern" in L:
            p.setPathEffect(skia.DashPathEffect.Make(L["lineDashPattern"], L.get("lineDashPhase", 0)))
        elif L.get("strokeStart", 0) > 0 or L.get("strokeEnd", 1) < 1:
            p.setPathEffect(skia.TrimPathEffect.Make(L.get("strokeStart", 0), L.get("strokeEnd", 1)))
        canvas.drawPath(sp, p)


def draw_gradient(canvas, L, path, a):
    w, h = L.get("bounds", [0, 0])
    cols = [skia.Color4f(*c[:3], c[3] * a).toColor() for c in L["colors"]]
    pos = L.get("locations")
    sx, sy = L.get("startPoint", [0.5, 0]); ex, ey = L.get("endPoint", [0.5, 1])
    # Core Animation lays the ramp out in the unit square of the bounds, then stretches it.
    unit = skia.Matrix.Scale(w, h)
    p0, p1 = skia.Point(sx, sy), skia.Point(ex, ey)
    kind = L.get("type", "axial")
    if kind == "radial":
        m = skia.Matrix.Scale(abs(ex - sx), abs(ey - sy)).postTranslate(sx, sy).postConcat(unit)
        shader = skia.GradientShader.MakeRadial(skia.Point(0, 0), 1, cols, pos, skia.TileMode.kClamp, 0, m)
    elif kind == "conic":
        m = skia.Matrix.RotateDeg(math.degrees(math.atan2(ey - sy, ex - sx)), p0).postConcat(unit)
        shader = skia.GradientShader.MakeSweep(sx, sy, cols, pos, skia.TileMode.kClamp, 0, 360, 0, m)
    else:
        shader = skia.GradientShader.MakeLinear([p0, p1], cols, pos, skia.TileMode.kClamp, 0, unit)
    canvas.drawPath(path, skia.Paint(AntiAlias=True, Shader=shader))


def draw_layer(canvas, L, to_canvas3, alpha):
    """to_canvas3: 3x3 flattened map of L's bounds space to the canvas."""
    if L.get("hidden"):
        return
    if L.get("kind") == "transformLayer":
        for S, m, a in placed_sublayers({"sublayers": [L]}):
            draw_layer(canvas, S, [*flatten(mul(m, embed(to_canvas3)))], alpha * a)
        return
    if L.get("doubleSided", True) is False and det3(to_canvas3) < 0:
        return
    w, h = L.get("bounds", [0, 0])
    canvas.save()
    canvas.setMatrix(skmatrix3(to_canvas3))
    op = L.get("opacity", 1.0)
    group = op < 1.0 and L.get("allowsGroupOpacity", True)
    if group:
        canvas.saveLayerAlpha(None, int(round(op * alpha * 255)))
        a = 1.0
    else:
        a = alpha * op
    path = layer_path(L)
    so = L.get("shadowOpacity", 0.0)
    if so > 0 and not L.get("masksToBounds"):
        dx, dy = L.get("shadowOffset", [0, -3])
        p = skia.Paint(AntiAlias=True, Color4f=color(L.get("shadowColor", [0, 0, 0, 1]), so * a))
        sr = L.get("shadowRadius", 3.0)
        if sr > 0:
            p.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sr))
        canvas.save(); canvas.translate(dx, dy); canvas.drawPath(path, p); canvas.restore()
    if "backgroundColor" in L:
        canvas.drawPath(path, skia.Paint(AntiAlias=True, Color4f=color(L["backgroundColor"], a)))
    if L.get("kind") == "gradientLayer" and L.get("colors"):
        draw_gradient(canvas, L, path, a)
    if L.get("kind") == "shapeLayer":
        draw_shape(canvas, L, a)
    subs = placed_sublayers(L)
    if subs:
        canvas.save()
        if L.get("masksToBounds"):
            canvas.clipPath(path, skia.ClipOp.kIntersect, True)
        for S, m, sa in subs:
            draw_layer(canvas, S, flatten(mul(m, embed(to_canvas3))), a * sa)
        canvas.restore()
    bw = L.get("borderWidth", 0.0)
    if bw > 0:
        ring = skia.Path(path)
        inner = layer_path(L, inset=bw)
        ring = skia.Op(path, inner, skia.PathOp.kDifference_PathOp) if w > 2 * bw and h > 2 * bw else path
        canvas.drawPath(ring, skia.Paint(AntiAlias=True, Color4f=color(L.get("borderColor", [0, 0, 0, 1]), a)))
    if group:
        canvas.restore()
    canvas.restore()


def render(scene):
    s = scene.get("scale", 1)
    W, H = int(round(scene["width"] * s)), int(round(scene["height"] * s))
    surf = skia.Surface(W, H)
    canvas = surf.getCanvas()
    canvas.clear(color(scene.get("background", [0, 0, 0, 0])))
    base = [s, 0, 0, 0, s, 0, 0, 0, 1]
    # The scene's layers are siblings under an implicit root: zPosition orders them too.
    for L, m, a in placed_sublayers({"sublayers": scene["layers"]}):
        draw_layer(canvas, L, flatten(mul(m, embed(base))), a)
    return surf


if __name__ == "__main__":
    folder = sys.argv[1]
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        scene = json.load(open(path))
        out = path[:-5] + ".png"
        render(scene).makeImageSnapshot().save(out, skia.kPNG)
        print("wrote", out)
