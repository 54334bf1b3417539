#!/bin/sh
# make-pictures.sh: the preset gallery of doc/scenario.md: the biome map of
# each preset at step 0 and after 300 Myr (360x180), as
# doc/presets/NAME-0.png and NAME-300.png.
# Usage, from anywhere: doc/presets/make-pictures.sh [PROGRAM]
# (PROGRAM defaults to src/tectonica of a build in the source tree).
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
prog=${1:-$root/src/tectonica}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/presets.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$root"    # the maps name the scenario as conf/NAME.yaml
for p in default pangaea archipelago waterworld desert iceworld volcanic hightilt; do
	for n in 0 300; do
		"$prog" run "conf/$p.yaml" -n $n -o "$tmp/$p-$n" -e biome --size 360x180 -q
		cp "$tmp/$p-$n/biome.png" "doc/presets/$p-$n.png"
	done
	echo "doc/presets/$p-0.png doc/presets/$p-300.png"
done
