"""Writes the compositor's reference-comparison scenes (scene-JSON, see shared/bench/scene.py) to
Tests/Fixtures/scenes/. Each isolates one feature. Then render the references:

    python3 Tools/test_scenes.py
    /tmp/refenv/bin/python Tools/skia_reference.py Tests/Fixtures/scenes
"""
import json, math, os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "scenes")
IDENT = [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]
BG = [0.95, 0.95, 0.96, 1.0]


def mul(a, b):
    return [sum(a[r*4+k]*b[k*4+c] for k in range(4)) for r in range(4) for c in range(4)]


def rot(deg, x, y, z):
    a = math.radians(deg); n = math.sqrt(x*x+y*y+z*z); x, y, z = x/n, y/n, z/n
    c, s = math.cos(a), math.sin(a); t = 1-c
    return [t*x*x+c, t*x*y+s*z, t*x*z-s*y, 0, t*x*y-s*z, t*y*y+c, t*y*z+s*x, 0,
            t*x*z+s*y, t*y*z-s*x, t*z*z+c, 0, 0, 0, 0, 1]


def scale(sx, sy, sz=1.0):
    return [sx,0,0,0, 0,sy,0,0, 0,0,sz,0, 0,0,0,1]


def persp(d):
    m = list(IDENT); m[11] = -1.0/d; return m


def layer(bounds, position, color=None, **kw):
    L = {"bounds": bounds, "position": position}
    if color: L["backgroundColor"] = color
    L.update(kw)
    return L


def scene(w, h, layers, s=1):
    return {"width": w, "height": h, "scale": s, "background": BG, "layers": layers}


RED, GREEN, BLUE = [0.85, 0.2, 0.2, 1], [0.2, 0.7, 0.3, 1], [0.2, 0.35, 0.85, 1]
ORANGE, PURPLE, TEAL = [0.95, 0.6, 0.1, 1], [0.55, 0.3, 0.75, 1], [0.1, 0.6, 0.6, 1]
DARK = [0.1, 0.1, 0.15, 1]

SCENES = {
    "rotation_anchor": scene(200, 140, [
        layer([60, 30], [50, 40], RED, anchor=[0, 0], transform=rot(30, 0, 0, 1)),
        layer([60, 30], [100, 70], GREEN, transform=rot(-25, 0, 0, 1)),
        layer([60, 30], [170, 120], BLUE, anchor=[1, 1], transform=rot(55, 0, 0, 1)),
    ]),
    "nested_transforms": scene(200, 150, [
        layer([120, 90], [100, 75], [0.85, 0.85, 0.9, 1], transform=mul(rot(15, 0, 0, 1), scale(0.9, 1.1)), sublayers=[
            layer([50, 34], [40, 30], ORANGE, transform=rot(-40, 0, 0, 1), sublayers=[
                layer([16, 16], [40, 10], PURPLE, transform=rot(45, 0, 0, 1)),
            ]),
            layer([40, 20], [85, 65], TEAL, anchor=[0.2, 0.8], transform=mul(scale(1.5, 0.8), rot(20, 0, 0, 1))),
        ]),
    ]),
    "perspective_cards": scene(240, 140, [
        layer([240, 140], [120, 70], sublayerTransform=persp(300), sublayers=[
            layer([60, 80], [45, 70], RED, cornerRadius=8, transform=rot(-50, 0, 1, 0)),
            layer([60, 80], [120, 70], GREEN, cornerRadius=8, transform=rot(35, 1, 0, 0)),
            layer([60, 80], [195, 70], BLUE, cornerRadius=8, transform=rot(45, 0, 1, 0), borderWidth=3, borderColor=DARK),
        ]),
    ]),
    "rounded_borders": scene(240, 150, [
        layer([60, 40], [40, 35], RED, cornerRadius=8, borderWidth=1, borderColor=DARK),
        layer([60, 40], [120, 35], GREEN, cornerRadius=20, borderWidth=2.5, borderColor=DARK),
        layer([60, 40], [200, 35], BLUE, cornerRadius=100, borderWidth=6, borderColor=[0.1, 0.1, 0.15, 0.6]),
        layer([60, 40], [40, 100], ORANGE, cornerRadius=14, maskedCorners=5, borderWidth=2, borderColor=DARK),
        layer([60, 40], [120, 100], None, cornerRadius=12, borderWidth=3, borderColor=PURPLE),
        layer([60, 40], [200, 100], TEAL, cornerRadius=15.5, borderWidth=18, borderColor=DARK, transform=rot(12, 0, 0, 1)),
    ]),
    "continuous_corners": scene(200, 100, [
        layer([70, 60], [45, 50], ORANGE, cornerRadius=12, cornerCurve="continuous"),
        layer([70, 60], [125, 50], BLUE, cornerRadius=18, cornerCurve="continuous", borderWidth=3, borderColor=DARK),
        layer([30, 60], [180, 50], GREEN, cornerRadius=8, cornerCurve="continuous", maskedCorners=9),
    ]),
    "masks_to_bounds": scene(200, 140, [
        layer([120, 90], [100, 70], [0.9, 0.9, 0.92, 1], cornerRadius=24, masksToBounds=True, borderWidth=2,
              borderColor=DARK, sublayers=[
                  layer([80, 50], [20, 20], RED, transform=rot(20, 0, 0, 1)),
                  layer([60, 60], [110, 80], BLUE, cornerRadius=10),
                  layer([10, 120], [60, 45], GREEN, transform=rot(-30, 0, 0, 1)),
              ]),
    ]),
    "group_opacity": scene(220, 120, [
        layer([90, 80], [60, 60], None, opacity=0.5, sublayers=[
            layer([50, 50], [30, 30], RED, cornerRadius=6),
            layer([50, 50], [60, 50], BLUE, cornerRadius=6),
        ]),
        layer([90, 80], [160, 60], None, opacity=0.5, allowsGroupOpacity=False, sublayers=[
            layer([50, 50], [30, 30], RED, cornerRadius=6),
            layer([50, 50], [60, 50], BLUE, cornerRadius=6),
        ]),
    ]),
    "zposition": scene(200, 120, [
        layer([60, 60], [50, 60], RED, zPosition=2),
        layer([60, 60], [75, 55], GREEN, zPosition=-1),
        layer([60, 60], [100, 60], BLUE),
        layer([60, 60], [125, 65], ORANGE),
        layer([60, 60], [150, 60], PURPLE, zPosition=1),
    ]),
    "back_faces": scene(240, 120, [
        layer([240, 120], [120, 60], sublayerTransform=persp(400), sublayers=[
            layer([44, 60], [30, 60], RED, transform=rot(160, 0, 1, 0), doubleSided=False),
            layer([44, 60], [85, 60], GREEN, transform=rot(160, 0, 1, 0)),
            layer([44, 60], [140, 60], BLUE, transform=rot(30, 0, 1, 0), doubleSided=False),
            layer([44, 60], [200, 60], ORANGE, transform=rot(-150, 1, 0, 0), doubleSided=False),
        ]),
    ]),
    "subpixel_edges": scene(120, 80, [
        layer([20.5, 10.25], [20.3, 15.6], RED),
        layer([0.5, 50], [50.25, 40], DARK),
        layer([0.3, 50], [55.6, 40], DARK),
        layer([30, 0.7], [90.1, 10.4], BLUE),
        layer([7.3, 7.3], [80.7, 40.2], GREEN, transform=rot(33, 0, 0, 1)),
        layer([30.6, 20.2], [30.15, 60.05], PURPLE, cornerRadius=3.3, borderWidth=0.6, borderColor=DARK),
        layer([3.2, 3.2], [100.5, 65.5], ORANGE, cornerRadius=1.6),
    ]),
    "flattening": scene(220, 150, [
        layer([220, 150], [110, 75], sublayerTransform=persp(350), sublayers=[
            layer([140, 100], [110, 75], [0.8, 0.82, 0.9, 1], transform=rot(40, 0, 1, 0), cornerRadius=10, sublayers=[
                layer([50, 40], [40, 35], RED, zPosition=60, transform=rot(50, 1, 0, 0)),
                layer([50, 40], [100, 65], BLUE, zPosition=-40, transform=rot(-35, 0, 1, 0), cornerRadius=6),
            ]),
        ]),
    ]),
    "transform_layer": scene(220, 150, [
        layer([220, 150], [110, 75], sublayerTransform=persp(400), sublayers=[
            {"kind": "transformLayer", "bounds": [120, 100], "position": [110, 75], "transform": rot(30, 0, 1, 0),
             "sublayers": [
                 layer([70, 60], [40, 50], RED, zPosition=40),
                 layer([70, 60], [60, 50], GREEN, zPosition=-30),
                 layer([70, 60], [80, 50], BLUE, zPosition=0, opacity=0.8),
             ]},
        ]),
    ]),
    "scale2": scene(120, 80, [
        layer([50, 30], [35, 25], RED, cornerRadius=9, borderWidth=1.5, borderColor=DARK),
        layer([50, 30], [85, 50], BLUE, cornerRadius=6, transform=rot(25, 0, 0, 1)),
        layer([0.5, 40], [60.3, 40], DARK),
    ], s=2),
}


def shape(path, **kw):
    """A shape layer with zero bounds at the origin: its path is in the parent's coordinates."""
    L = {"kind": "shapeLayer", "bounds": [0, 0], "position": [0, 0], "path": path}
    L.update(kw)
    return L


def circle(cx, cy, r):
    """A circle as Core Graphics builds it: four quarter cubics from (cx + r, cy)."""
    k = 4 / 3 * math.tan(math.pi / 8)
    out = [["move", cx + r, cy]]
    for q in range(4):
        a, b = q * math.pi / 2, (q + 1) * math.pi / 2
        c1 = (math.cos(a) - k * math.sin(a), math.sin(a) + k * math.cos(a))
        c2 = (math.cos(b) + k * math.sin(b), math.sin(b) - k * math.cos(b))
        out.append(["curve", cx + r * c1[0], cy + r * c1[1], cx + r * c2[0], cy + r * c2[1],
                    cx + r * math.cos(b), cy + r * math.sin(b)])
    out.append(["close"])
    return out


NOFILL = [0, 0, 0, 0]
SCENES["shape_strokes"] = scene(200, 140, [
    shape([["move", 15, 40], ["curve", 30, -10, 70, 90, 90, 30]], fillColor=NOFILL, strokeColor=BLUE, lineWidth=7,
          lineCap="round"),
    shape([["move", 110, 60], ["line", 140, 15], ["line", 160, 55], ["line", 185, 20]], fillColor=NOFILL,
          strokeColor=RED, lineWidth=8, lineJoin="miter"),
    shape([["move", 15, 125], ["line", 45, 80], ["line", 75, 125]], fillColor=NOFILL, strokeColor=DARK, lineWidth=9,
          lineJoin="bevel", lineCap="square"),
    shape([["move", 90, 120], ["quad", 110, 60, 130, 120]], fillColor=NOFILL, strokeColor=TEAL, lineWidth=6,
          lineJoin="round", lineCap="round"),
    shape(circle(165, 100, 22), fillColor=ORANGE, strokeColor=PURPLE, lineWidth=5),
])
SCENES["shape_dashes"] = scene(200, 140, [
    shape(circle(50, 50, 35), fillColor=NOFILL, strokeColor=BLUE, lineWidth=4, lineDashPattern=[12, 6],
          lineDashPhase=3),
    shape([["move", 100, 30], ["curve", 130, -10, 160, 80, 190, 30]], fillColor=NOFILL, strokeColor=RED,
          lineWidth=4, lineDashPattern=[8, 4, 2, 4], lineCap="round"),
    shape(circle(140, 95, 30), fillColor=NOFILL, strokeColor=DARK, lineWidth=6, strokeStart=0.2, strokeEnd=0.7,
          lineCap="round"),
    shape([["move", 15, 110], ["line", 90, 110], ["line", 90, 130]], fillColor=NOFILL, strokeColor=TEAL,
          lineWidth=3, lineDashPattern=[10, 5]),
])
SCENES["shape_fills"] = scene(160, 100, [
    shape([["move", 50, 5], ["line", 79, 95], ["line", 3, 39], ["line", 97, 39], ["line", 21, 95], ["close"]],
          fillColor=RED, fillRule="even-odd"),
    shape([["move", 110, 10], ["line", 150, 30], ["line", 130, 90], ["line", 100, 60], ["close"]],
          fillColor=[0.2, 0.35, 0.85, 0.6], strokeColor=[0.1, 0.1, 0.15, 0.7], lineWidth=6, lineJoin="round"),
])
SCENES["gradients"] = scene(200, 140, [
    {"kind": "gradientLayer", "bounds": [90, 60], "position": [50, 35],
     "colors": [RED, ORANGE, BLUE], "locations": [0.1, 0.4, 0.9]},
    {"kind": "gradientLayer", "bounds": [90, 60], "position": [150, 35], "colors": [GREEN, [0.2, 0.35, 0.85, 0.3]],
     "startPoint": [0, 0], "endPoint": [1, 1], "cornerRadius": 14},
    {"kind": "gradientLayer", "bounds": [90, 60], "position": [50, 105], "type": "radial", "colors": [ORANGE, PURPLE],
     "startPoint": [0.5, 0.5], "endPoint": [1, 1]},
    {"kind": "gradientLayer", "bounds": [60, 60], "position": [150, 105], "type": "conic",
     "colors": [RED, GREEN, BLUE, RED], "startPoint": [0.5, 0.5], "endPoint": [1, 0.5]},
])

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, sc in SCENES.items():
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            json.dump(sc, f, indent=1)
        print("wrote", name)
