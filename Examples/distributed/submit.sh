#!/bin/sh
# Submits the render array, then the assembly, which Slurm starts once every task succeeded.
#   SCRIPT=scene.swift-script VIDEO=scene.mp4 sh submit.sh
set -eu
here=$(dirname "$0")
array=$(sbatch --parsable --export=ALL "$here/render.sbatch")
sbatch --dependency="afterok:${array%%;*}" --export=ALL "$here/assemble.sbatch"
