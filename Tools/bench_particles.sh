#!/bin/sh
# Side-by-side timing of carender's particle drawing against Skia's drawAtlas on the same
# 10,000 sprites at 1280x720, alternating the two several times and keeping each one's best
# median (the machine is shared and noisy).
#
#   swift build -c release --product carender
#   python3 -m venv /tmp/refenv && /tmp/refenv/bin/pip install skia-python pillow numpy   # once
#   sh Tools/bench_particles.sh [rounds]
set -e
ROUNDS=${1:-5}
PY=${PY:-/tmp/refenv/bin/python}
SCENE=${SCENE:-/tmp/carender-particles}
.build/release/carender bench --particles -n 5 --output "$SCENE" > /dev/null
for i in $(seq "$ROUNDS"); do
    .build/release/carender bench --particles -n 20
    "$PY" Tools/skia_sprites.py "$SCENE" 20
done | awk '
    /composite/ { v = $2 + 0; if (!c || v < c) c = v }
    /simulate/  { v = $2 + 0; if (!m || v < m) m = v }
    /skia drawAtlas/ { v = $(NF - 1) + 0; if (!s || v < s) s = v }
    END {
        printf "best medians over the rounds (ms/frame), 10,000 sprites at 1280x720:\n"
        printf "  carender composite %7.2f   skia drawAtlas %7.2f   ratio %.2f\n", c, s, c / s
        printf "  carender simulate  %7.2f   (stepping the emitter 1/60 s)\n", m
    }'
