#!/bin/sh
# tui_modes.sh: every map mode, the globe, the help overlay, panel focus,
# panning and a mouse click on the map (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# map_coloured: at least 5 of the first map rows carry 256-colour cells
map_coloured() {
	[ "$(screen_e | sed -n '3,12p' | grep -ac '▀.*48;5;[0-9]*m')" -ge 5 ]
}

start 120 40 xterm-256color C.UTF-8 -- --paused
wait_for 'Map · biomes' 20
t $? "starts on the biome map"
# the World title shows the state hash that `run --stats` prints
want=$("$TECTONICA" run "$tmp/tiny.yaml" -n 0 --stats - -q -o "$tmp/run0" -e raw |
	sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' | tail -n 1)
wait_for "state $want" 5
t $? "the World title shows step 0's state hash ($want)"
for m in "2 elevation" "3 plates" "4 stress" "5 temperature" "6 precipitation" \
	"7 crust age" "8 plate motion" "1 biomes"; do
	k=${m%% *} name=${m#* }
	keys "$k"
	wait_for "Map · $name" 5
	t $? "key $k shows the $name map"
	# the map area is still drawn in colour in every mode (the frame may
	# follow the title a moment later when the output budget is spent)
	until_ok 5 map_coloured
	t $? "the $name map is coloured"
done
keys 8
wait_for 'Map · plate motion' 5
screen | sed -n '3,22p' | grep -aq '[←↑→↓↖↗↘↙]'
t $? "the motion map draws arrows"
keys 1

keys g
wait_for 'Globe · biomes' 5
t $? "g shows the globe"
a=$(screen_e | sed -n '3,22p' | md5sum)
# the output budget may hold frames back for a moment after many repaints
turned() { [ "$(screen_e | sed -n '3,22p' | md5sum)" != "$a" ]; }
# paused, the globe stands still (tui_wire.sh counts the bytes); playing,
# it turns
keys Space
wait_for '▶' 5
until_ok 5 turned
t $? "the globe turns while playing"
keys Space
wait_for 'paused' 5
keys g
wait_for 'Map · biomes' 5
t $? "g again goes back to the flat map"

# started paused: only the key changes the picture
a=$(screen_e | sed -n '3,22p' | md5sum)
keys Right
until_ok 3 turned
t $? "the right arrow pans the map"

keys '?'
wait_for 'Help: keys' 5 && screen | grep -aq 'rift a plate' && screen | grep -aq 'export maps'
t $? "? opens the help overlay listing the keys"
keys x
help_closed() { ! screen | grep -aq 'Help: keys'; }
until_ok 5 help_closed
t $? "any key closes it"
keys F1
wait_for 'Help: keys' 5
t $? "F1 opens help too"
keys Escape

keys Tab
wait_for '┌ Plates.*▼' 3
keys Right
wait_for 'Plates [0-9]+ · (by )?cont' 3
t $? "tab focuses the plate table; arrows change the sort column"
keys Tab
wait_for 'Parameters' 3
# the parameter editor: out-of-range values are refused, good ones applied
keys Enter BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace 9 9 9 9 Enter
wait_for 'must be between' 5
t $? "an out-of-range parameter value is refused with its bounds"
keys Enter BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace 3 0 Enter
wait_for 'axial_tilt_deg = 30' 5 && wait_for 'axial_tilt_deg +30 ' 5
t $? "a valid value is applied live (axial tilt 30)"
keys Tab

# an SGR mouse press and release in the middle of the map
keys -l "$(printf '\033[<0;30;10M\033[<0;30;10m')"
wait_for 'Cell [0-9.]+[NS] [0-9.]+[EW]' 5 && wait_for '(oceanic|continental) crust' 2
t $? "a click on the map inspects that place"

# r: the stepping thread builds another planet: the seed on the status line
# and the state hash in the World title (both from its snapshots) change
seed0=$(seed_now) hash0=$(hash_now)
new_planet() {
	[ -n "$(seed_now)" ] && [ "$(seed_now)" != "$seed0" ] &&
	[ -n "$(hash_now)" ] && [ "$(hash_now)" != "$hash0" ] && step_is 0
}
keys r
wait_for 'y/n' 3 && keys y
until_ok 20 new_planet
t $? "r builds a new planet (seed $seed0 -> $(seed_now), state $hash0 -> $(hash_now))"
keys R
wait_for 'rifted a plate|rift: no plate' 10   # (then which plate split, tui_lineage.sh)
t $? "R rifts a plate (or says why not)"
# the steps after an on-demand rift once read crust through a stale
# owner/sample pair and crashed
before=$(step_now)
keys .
wait_step_above "${before:-0}" 10 && keys . && wait_step_above "$((${before:-0} + 1))" 10 &&
	! screen | grep -aq '^EXIT='
t $? "steps after R run"

keys e
wait_for 'exported maps of step [0-9]+ to|export failed' 30
ls "$tmp"/step-*/biome.png >/dev/null 2>&1 && ls "$tmp"/step-*/elevation16.png >/dev/null 2>&1
t $? "e exports the maps of the current step into a folder"

keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
