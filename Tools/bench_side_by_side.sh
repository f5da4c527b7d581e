#!/bin/sh
# Side-by-side timing of carender against Skia and Pillow on the 720p dashboard, alternating the
# two several times and keeping each one's best median (the machine is shared and noisy).
#
#   swift build -c release --product carender
#   python3 -m venv /tmp/refenv && /tmp/refenv/bin/pip install skia-python pillow numpy   # once
#   sh Tools/bench_side_by_side.sh [rounds]
set -e
ROUNDS=${1:-5}
BENCH=${BENCH:-../shared/bench}
PY=${PY:-/tmp/refenv/bin/python}
for i in $(seq "$ROUNDS"); do
    .build/release/carender bench -n 40 --scene "$BENCH/dashboard-1280x720.json"
    "$PY" "$BENCH/anchor_perf.py" 1280 720
done | awk '
    /composite/   { v = $2 + 0; if (!c || v < c) c = v }
    /png encode/  { v = $3 + 0; if (!e || v < e) e = v }
    /skia draw 1280x720/ { v = $6 + 0; if (!s || v < s) s = v }
    /PIL png level 1/ { v = $5 + 0; if (!p1 || v < p1) p1 = v }
    /PIL png level 6/ { v = $5 + 0; if (!p6 || v < p6) p6 = v }
    END {
        printf "best medians over the rounds (ms/frame):\n"
        printf "  carender composite %7.2f   skia draw %7.2f   ratio %.2f\n", c, s, c / s
        printf "  carender png       %7.2f   PIL L1    %7.2f   ratio %.2f\n", e, p1, e / p1
        printf "                              PIL L6    %7.2f   ratio %.2f\n", p6, e / p6
    }'
