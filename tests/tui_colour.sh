#!/bin/sh
# tui_colour.sh: direct colour from COLORTERM, and a 256-colour palette in
# which every biome has a colour of its own (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# map rows (below the status line and the frame)
map_rows() { screen_e | sed -n '3,14p'; }

# COLORTERM=truecolor with TERM=xterm-256color: what terminals and tmux set
start 120 40 xterm-256color C.UTF-8 COLORTERM=truecolor -- --paused
wait_for 'Map · biomes' 20
t $? "COLORTERM=truecolor: the dashboard runs"
until_ok 5 eval 'map_rows | grep -aq "38;2;[0-9]*;[0-9]*;[0-9]*m"'
t $? "COLORTERM=truecolor: map pixels are sent as 24-bit colours (38;2)"
keys q
wait_for '^EXIT=0' 10
t $? "COLORTERM=truecolor: q exits 0"

start 120 40 xterm-256color C.UTF-8 COLORTERM=24bit -- --paused
wait_for 'Map · biomes' 20
until_ok 5 eval 'map_rows | grep -aq "48;2;[0-9]*;[0-9]*;[0-9]*m"'
t $? "COLORTERM=24bit: 24-bit colours too"
keys q
wait_for '^EXIT=0' 10

# the legend row under the biome map: swatches are two coloured spaces
swatches() {
	screen_e | grep -a 'sea ice' | head -n 1 | tr -d '\017' |
		grep -ao '48;5;[0-9]*m  ' | sed 's/48;5;\([0-9]*\)m  /\1/'
}
start 200 60 xterm-256color C.UTF-8 -- --paused
wait_for 'Map · biomes' 20
until_ok 5 eval '[ "$(swatches | wc -l)" -ge 10 ]'
t $? "256 colours: the biome legend shows at least 10 swatches ($(swatches | wc -l))"
! screen_e | sed -n '3,14p' | grep -aq '38;2;'
t $? "256 colours without COLORTERM: no 24-bit colours"
all=$(swatches | wc -l) distinct=$(swatches | sort -u | wc -l)
echo "# legend colours: $(swatches | tr '\n' ' ')"
[ "$all" -ge 10 ] && [ "$all" -eq "$distinct" ]
t $? "256 colours: no two biome swatches share a colour ($distinct of $all distinct)"
keys q
wait_for '^EXIT=0' 10
t $? "256 colours: q exits 0"
finish
