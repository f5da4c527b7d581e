#!/bin/sh
# Renders a script on several machines with GNU parallel over ssh, gathers the frames here and
# assembles the video: byte-identical to `carender SCRIPT --video VIDEO -o FRAMES` on one machine.
#
#   HOSTS=render1,render2 sh parallel.sh scene.swift-script out.mp4
#
# HOSTS     ssh logins, comma-separated (":" is this machine; "4/render1" runs 4 jobs there);
#           each needs carender on its PATH (`carender install`, or the same build folder)
# SHARDS    parts to split the frames into (default: 8); each job renders one, --concurrency 1
# FPS       frames per second (default: 60); FRAMES: the frames' folder (default: frames)
set -eu
script=$1
video=$2
hosts=${HOSTS:-:}
shards=${SHARDS:-8}
fps=${FPS:-60}
frames=${FRAMES:-frames}

# --basefile copies the script to every host once; --return brings each job's frames folder back
# (rsync merges the shards' files); --cleanup removes them there afterwards.
parallel --sshlogin "$hosts" --basefile "$script" --return "$frames" --cleanup --halt now,fail=1 \
    carender "$script" --fps "$fps" --shard {}/"$shards" -o "$frames" --concurrency 1 --progress none \
    ::: $(seq 1 "$shards")

carender video "$frames" -o "$video" --fps "$fps"
