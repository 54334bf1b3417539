#!/bin/sh
# tui_graticule.sh: # draws lines of latitude and longitude over the map
# (every 30 degrees for the whole planet, finer zoomed in), the equator in a
# colour of its own, on the globe too, and as reversed glyphs without half
# blocks; their latitudes and longitudes are labelled at the map's edges
# (on the globe along the middle meridian and the equator) (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# At 120x40 the map is rows 3-24 of the screen (0-based 2-23), columns 1-88.
MAP_Y=2 MAP_H=22 MAP_W=88
# changed A B: per map row, the columns that differ, as "ROW: C C C"
changed() {
	paste -d '\n' "$1" "$2" | awk 'NR % 2 == 1 { n = split($0, a, " "); next }
		{ split($0, b, " "); o = ""; for (i = 1; i <= n; i++) if (a[i] != b[i]) o = o " " i - 1
		  print NR / 2 - 1 ":" o }'
}
# rows changed in (nearly) every column; columns changed in (nearly) every row
full_rows() { changed "$1" "$2" | awk -v w=$MAP_W '{ if (NF - 1 >= w - 2) n++ } END { print n + 0 }'; }
full_cols() {
	changed "$1" "$2" | awk -v h=$MAP_H '{ for (i = 2; i <= NF; i++) c[$i]++ }
		END { for (k in c) if (c[k] >= h - 2) n++; print n + 0 }'
}
# the equator's colour: on which map rows (1-based), how many characters
yellow_rows() { grep -n '255,215,64' "$1" | cut -d: -f1 | tr '\n' ' '; }
yellow_count() { tr ' ' '\n' <"$1" | grep -c '255,215,64'; }

start 120 40 xterm-256color C.UTF-8 COLORTERM=truecolor -- --paused --max-kbps 0
wait_for 'Map · biomes' 20
settled "$tmp/plain"
t $? "the map settles"
keys '#'
wait_for 'Map · biomes · grid 30°' 5
t $? "# turns the graticule on; the title says its spacing"
settled "$tmp/grid"
r=$(full_rows "$tmp/plain" "$tmp/grid") c=$(full_cols "$tmp/plain" "$tmp/grid")
[ "$r" -eq 5 ]
t $? "5 lines of latitude cross the map (60S-60N): $r"
[ "$c" -eq 11 ]
t $? "11 meridians run down it (150W-150E; 180 is its edge): $c"
y=$(yellow_rows "$tmp/grid") yc=$(yellow_count "$tmp/grid")
[ "$y" = "$((MAP_H / 2)) " ] && [ "$yc" -ge $((MAP_W - 4)) ]
t $? "the equator: one row in its own colour, across the map but its label (row $y, $yc characters)"
keys '#'
until_ok 5 eval '! screen | grep -aq "grid 30°"'
settled "$tmp/off"
cmp -s "$tmp/plain" "$tmp/off"
t $? "# again: the very same map as before"

keys '#' z z
wait_for 'grid 10° zoom 4 at' 5
t $? "zoomed in, the lines come closer (grid 10°)"
keys 0 g
wait_for 'Globe · biomes · grid 30°' 5
settled "$tmp/globe"
yc=$(yellow_count "$tmp/globe")
[ "$yc" -ge 10 ]
t $? "the globe has its equator too ($yc characters)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# without half blocks (no UTF-8) the lines reverse the glyphs
start 120 40 xterm-256color C -- --paused --max-kbps 0
wait_for 'Map - biomes' 20
keys '#'
wait_for 'grid 30 deg' 5
rev() { [ "$(screen_e | sed -n "$((MAP_Y + 1)),$((MAP_Y + MAP_H))p" | grep -ac '\[[0-9;]*7[;m]')" -ge 5 ]; }
until_ok 5 rev
t $? "ASCII map: the graticule reverses the glyphs under it"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
# the graticule's labels: longitudes on the frame under the map, latitudes
# at its left edge; they follow panning and zooming, fit 80x24, and go
# with the lines
start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
# the frame's bottom row under the map (row 26 at 120x40, its lines as
# ASCII) and the labels at the map's left edge (column 2, rows 3-24)
frame_row() { screen | sed -n '26p' | sed 's/[─└┘]/q/g'; }
lat_labels() { sed -n 's/^[│x]\([0-9][0-9]*\(°\)\{0,1\}[NS]\{0,1\}\).*/\1/p' | tr '\n' ' '; }
left_labels() { screen | sed -n '3,24p' | lat_labels; }
! frame_row | grep -aq '60E'
t $? "no labels without the graticule"
keys '#'
wait_for 'grid 30°' 5
until_ok 5 eval 'frame_row | grep -aq "60W.*0°.*60E"'
t $? "#: longitudes on the frame under their meridians ($(frame_row | tr -s ' q─' ' ' | cut -c 1-60))"
until_ok 5 eval 'left_labels | grep -q "60N 30N 0° 30S 60S"'
t $? "#: latitudes at the map's left edge ($(left_labels))"
# the labels sit under the lines: 0° under the meridian through the middle
x0=$(frame_row | awk '{ print index($0, "0°") }')
[ "$x0" -ge 43 ] && [ "$x0" -le 46 ]
t $? "0° under the middle of the 88-column map (column $x0)"
before=$(frame_row)
keys Right
until_ok 5 eval '[ "$(frame_row)" != "$before" ]' && frame_row | grep -aq '[0-9]\{2,3\}[EW]'
t $? "panned: other longitudes ($(frame_row | tr -s ' q─' ' ' | cut -c 1-60))"
keys z z
wait_for 'grid 10° zoom 4' 5
until_ok 5 eval 'left_labels | grep -q "[1-9]0[NS]"' && until_ok 5 eval 'frame_row | grep -aq "[1-9]0[EW]"'
t $? "zoom 4: labels every 10° ($(left_labels))"
keys 0 g
wait_for 'Globe · biomes · grid 30°' 5
until_ok 5 eval 'screen | grep -aq "30N" && screen | grep -aq "0°" && screen | grep -aq "[0-9]0[EW]"'
t $? "globe: latitudes along the middle meridian, longitudes along the equator"
keys g '#'
until_ok 5 eval '! screen | grep -aq "grid 30°" && ! frame_row | grep -aq "60E" && [ -z "$(left_labels)" ]'
t $? "# again: the labels go with the lines"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# 80x24: still readable (the map is 50x13 there)
start 80 24 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'state [0-9a-f]{16}' 20
keys '#'
wait_for 'grid 30°' 5
n80=$(screen | sed -n '17p' | grep -o '[0-9]*°\{0,1\}[EW]\{0,1\}' | grep -c '[EW°]')
l80=$(screen | sed -n '3,15p' | lat_labels | wc -w)
[ "$n80" -ge 4 ] && [ "$l80" -ge 3 ]
t $? "80x24: $n80 longitudes and $l80 latitudes, none touching"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
