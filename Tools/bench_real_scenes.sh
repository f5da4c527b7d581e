#!/bin/sh
# The benchmark of real scenes, in one run: carender's compositor and encoder against Skia on the
# same frames (Tools/bench_scenes.py writes them as scene JSON), animation evaluation, and the
# end-to-end frames per second of the same scenes as scripts (Examples/bench/*.swift-script),
# PNG files included, with each --concurrency given and each --png-compression in $COMPRESSIONS.
#
#   swift build -c release --product carender
#   python3 -m venv /tmp/refenv && /tmp/refenv/bin/pip install skia-python pillow numpy   # once
#   sh Tools/bench_real_scenes.sh [CONCURRENCY...]        # default: 1 2
set -e
PY=${PY:-/tmp/refenv/bin/python}
CARENDER=${CARENDER:-.build/release/carender}
WORK=${WORK:-${TMPDIR:-/tmp}/carender-real-scenes}
LEVELS=${*:-1 2}
COMPRESSIONS=${COMPRESSIONS:-fast default}
SCENES="spinning-cards many-layers"

"$PY" Tools/bench_scenes.py write "$WORK/scenes" 12
echo "== compositing and encoding, 1 thread (same 12 frames per scene for both renderers)"
for scene in $SCENES; do
    "$CARENDER" bench -n 36 --sequence "$WORK/scenes/$scene"
done
"$PY" Tools/bench_scenes.py time "$WORK/scenes"

echo "== animation evaluation"
"$CARENDER" bench -n 30 --animated 2>/dev/null || echo "  (this build's bench has no --animated)"

echo "== end to end: script -> PNG files, $(nproc) cores"
for scene in $SCENES; do
    script=Examples/bench/$scene.swift-script
    rm -rf "$WORK/out"
    "$CARENDER" "$script" --frame 0 -o "$WORK/out/" --quiet    # compiles once; later runs hit the cache
    for compression in $COMPRESSIONS; do
        for n in $LEVELS; do
            rm -rf "$WORK/out"
            line=$( { /usr/bin/time -f "cpu %U s user + %S s sys" "$CARENDER" "$script" --concurrency "$n" \
                      --png-compression "$compression" -o "$WORK/out/" --progress plain; } 2>&1 \
                | grep -E "rendered [0-9]+ frames|^cpu" | sed 's/^carender: //' | tr '\n' ' ')
            echo "  $scene --png-compression $compression --concurrency $n: $line"
        done
    done
done
rm -rf "$WORK/out"
