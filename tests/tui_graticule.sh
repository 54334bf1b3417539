#!/bin/sh
# tui_graticule.sh: # draws lines of latitude and longitude over the map
# (every 30 degrees for the whole planet, finer zoomed in), the equator in a
# colour of its own, on the globe too, and as reversed glyphs without half
# blocks (TAP).
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
[ "$y" = "$((MAP_H / 2)) " ] && [ "$yc" -ge $((MAP_W - 2)) ]
t $? "the equator: one row in its own colour, across the map (row $y, $yc characters)"
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
finish
