#!/bin/sh
# tui_zoom.sh: zoom and pan of the map (z, Z, 0, arrows and h j k l, the
# wheel), sampled from the sphere, with the inspector and a click still
# naming the place under them (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# At 120x40 the map is rows 3-24 of the screen (0-based 2-23), columns 1-88.
MAP_Y=2 MAP_X=1 MAP_H=22 MAP_W=88
map_e() { screen_e | sed -n "$((MAP_Y + 1)),$((MAP_Y + MAP_H))p"; }
# the fraction of map characters drawn exactly like their left neighbour
# (no colour change between them in the capture); a map magnified by
# repeating pixels has at least (zoom-1)/zoom of them
same_as_left() {
	map_e | awk '{
		n = split($0, ch, "")
		esc = 1
		for (i = 1; i <= n; i++) {
			if (ch[i] == "\033") { esc = 1; continue }
			if (ch[i] == "\342") {      # first byte of the half block
				tot++
				if (!esc) same++
				esc = 0
			}
		}
	} END { printf "%.2f\n", tot ? same / tot : 1 }'
}
# the place the inspector names (Cell panel title) as "LAT LON" in signed degrees
place() {
	screen | sed -n 's/.*Cell \([0-9.]*\)\([NS]\) \([0-9.]*\)\([EW]\).*/\1 \2 \3 \4/p' | head -n 1 |
		awk '{ printf "%s %s\n", ($2 == "S" ? -$1 : $1), ($4 == "W" ? -$3 : $3) }'
}
# the map's centre from its title ("zoom Z at LAT LON"), signed degrees
centre() {
	screen | sed -n 's/.*zoom \([0-9]*\) at \([0-9.]*\)\([NS]\) \([0-9.]*\)\([EW]\).*/\1 \2 \3 \4 \5/p' |
		head -n 1 | awk '{ printf "%s %s %s\n", $1, ($3 == "S" ? -$2 : $2), ($5 == "W" ? -$4 : $4) }'
}
# click Y X: an SGR mouse press and release at a 0-based screen position
click() { keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' $(($2 + 1)) $(($1 + 1)) $(($2 + 1)) $(($1 + 1)))"; }
# the map rows with its characters as single bytes, so cut counts columns
map_ascii() { screen | sed -n "$((MAP_Y + 1)),$((MAP_Y + MAP_H))p" | sed 's/[▀▄]/#/g; s/│/|/g' | cut -c 1-$((MAP_X + MAP_W)); }
# marker_at Y X: the inspector's + is drawn there
marker_at() { [ "$(map_ascii | sed -n "$(($1 - MAP_Y + 1))p" | cut -c "$(($2 + 1))")" = "+" ]; }

start 120 40 xterm-256color C.UTF-8 COLORTERM=truecolor -- --paused --max-kbps 0
wait_for 'Map · biomes' 20
keys 2
wait_for 'Map · elevation' 5
# the picture once it has settled (a capture may catch a frame half sent)
same_map() { [ "$(map_e | md5sum)" = "$1" ]; }
whole=
until_ok 5 eval 'whole=$(map_e | md5sum); holds 0.5 same_map "$whole"'
[ -n "$whole" ]
t $? "the elevation map settles"

keys z
wait_for 'Map · elevation · zoom 2 at 0\.0N 0\.0E' 5
t $? "z zooms in around the middle; the title says where"
keys z z
wait_for 'zoom 8 at 0\.0N 0\.0E' 5 && until_ok 5 eval '[ "$(map_e | md5sum)" != "$whole" ]'
t $? "zoom 8: another picture"
f=$(same_as_left)
awk -v f="$f" 'BEGIN { exit !(f < 0.3) }'
t $? "zoom 8 samples every character from the sphere ($f of them repeat their left neighbour; magnified pixels: 0.88)"

# pan: k north, h west, each a fraction of the view
keys k
wait_for 'zoom 8 at [1-9][0-9.]*N 0\.0E' 5
t $? "k pans the zoomed map north ($(centre))"
keys h h
wait_for 'zoom 8 at [1-9][0-9.]*N [1-9][0-9.]*W' 5
t $? "h pans it west ($(centre))"
keys Z
wait_for 'zoom 4 at' 5
t $? "Z zooms out ($(centre))"
keys 0
until_ok 5 eval '! screen | grep -aq "zoom [0-9]"' && until_ok 5 eval '[ "$(map_e | md5sum)" = "$whole" ]'
t $? "0: the whole planet again, the very same picture"
keys k
holds 1 eval '[ "$(map_e | md5sum)" = "$whole" ]'
t $? "unzoomed, k has nowhere to pan"

# a click names the place under the pointer, zoomed or not
keys 1
wait_for 'Map · biomes' 5
click 11 44
wait_for 'Cell [0-9.]+[NS] [0-9.]+[EW]' 5 && until_ok 3 marker_at 11 44
t $? "a click inspects a place, marked where it was clicked"
p0=$(place)
keys z z z
wait_for 'zoom 8 at' 5 && until_ok 3 marker_at 11 44 && [ "$(place)" = "$p0" ]
t $? "zooming keeps the inspected place under the marker ($p0; $(centre))"
# a click elsewhere: its place follows from the zoomed view's centre
click 5 80
until_ok 5 eval '[ "$(place)" != "$p0" ]' && until_ok 3 marker_at 5 80
t $? "a click on the zoomed map moves the marker there"
c=$(centre) p=$(place)
echo "$c $p" | awk -v y=$((5 - MAP_Y)) -v x=$((80 - MAP_X)) -v h=$MAP_H -v w=$MAP_W '{
	z = $1; lat = $2 + (0.5 - (y + 0.5) / h) * 180 / z; lon = $3 + ((x + 0.5) / w - 0.5) * 360 / z
	exit !((lat - $4) ^ 2 < 0.04 && (lon - $5) ^ 2 < 0.04) }'
t $? "it names the place the zoomed view has there (centre $c, place $p)"

# the keyboard cursor moves one character: finer when zoomed
keys i
wait_for 'arrows move' 5
p1=$(place)
keys Right
until_ok 5 eval '[ "$(place)" != "$p1" ]'
p2=$(place)
echo "$p1 $p2" | awk '{ d = $4 - $2; exit !(d > 0.2 && d < 1) }'
t $? "zoom 8: the cursor steps half a degree ($p1 -> $p2)"
keys Escape 0 i
wait_for 'Cell 0\.0N 0\.0E \(arrows move' 5
p1=$(place)
keys Right
until_ok 5 eval '[ "$(place)" != "$p1" ]'
p2=$(place)
echo "$p1 $p2" | awk '{ d = $4 - $2; exit !(d > 3 && d < 5) }'
t $? "zoom 1: four degrees ($p1 -> $p2)"
# the zoomed map follows the cursor out of its view
keys Escape
click 11 44
wait_for 'Cell' 5
keys z z z i
wait_for 'zoom 8 at' 5
c0=$(centre)
keys Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right \
	Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right \
	Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right \
	Right Right Right Right Right
until_ok 5 eval '[ "$(centre)" != "$c0" ]' && until_ok 3 eval 'map_ascii | grep -q "+"'
t $? "the zoomed map pans to keep the cursor in view ($c0 -> $(centre))"
keys Escape 0

# the globe zooms too: its disc fills more of the box
blank() { map_ascii | cut -c 2- | tr -cd ' ' | wc -c; }
keys g
wait_for 'Globe · biomes' 5
b1=$(blank)
keys z
wait_for 'Globe · biomes · zoom 2' 5 && until_ok 5 eval '[ "$(blank)" -lt "$b1" ]'
t $? "the globe zooms in ($b1 -> $(blank) blank characters)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
