#!/bin/sh
# tui_inspect.sh: room for the map (at least 40 % of a 120x40 screen, all of
# it with f) and the keyboard inspector (i, arrows and h j k l) (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# map characters on screen: the biome map is all upper half blocks
map_chars() { screen | grep -ao '▀' | wc -l; }

start 120 40 xterm-256color C.UTF-8 -- --paused
wait_for 'Map · biomes' 20
until_ok 5 eval '[ "$(map_chars)" -gt 0 ]'
m=$(map_chars)
[ "$m" -ge 1920 ]
t $? "120x40: the map covers at least 40 % of the screen ($m of 4800 characters)"
keys f
until_ok 5 eval '[ "$(map_chars)" -ge 3000 ]' && ! screen | grep -aq 'Plates [0-9]'
t $? "f: the map alone ($(map_chars) characters), no panels"
screen | tail -n 1 | grep -aq '? help  q quit'
t $? "f: ? and q still on the bottom row"
keys f
# (polled: a capture may catch the frame half sent)
until_ok 5 eval 'screen | grep -aq "Plates [0-9]" && [ "$(map_chars)" -lt 3000 ]'
t $? "f again: the panels are back"

# the cell inspector: i puts a cursor on the map
keys i
wait_for 'Cell [0-9.]+[NS] [0-9.]+[EW]' 5
t $? "i: the inspector names a place"
wait_for '[0-9] m (above|below) sea level' 2 && wait_for 'plate [0-9]+ \((continental|oceanic)\)' 2 &&
	wait_for 'biome [a-z]' 2
t $? "i: it shows the cell's height from the sea, plate and biome"
screen | sed -n '3,25p' | grep -aq '+'
t $? "i: a marker on the map"
place() { screen | grep -ao 'Cell [0-9.]*[NS] [0-9.]*[EW]' | head -n 1; }
p0=$(place)
keys Right Right Right
until_ok 5 eval '[ "$(place)" != "$p0" ]'
t $? "arrows move the cursor ($p0 -> $(place))"
p1=$(place)
keys k k
until_ok 5 eval '[ "$(place)" != "$p1" ]'
t $? "k moves it north ($p1 -> $(place))"
p2=$(place)
keys h
until_ok 5 eval '[ "$(place)" != "$p2" ]'
t $? "h moves it west ($p2 -> $(place))"
keys Escape
until_ok 5 eval '! screen | grep -aq "Cell [0-9.]*[NS]"' && wait_for 'i: .*cursor on the map' 2
t $? "esc leaves the inspector"

# 80x24: the inspector is readable (its first lines are whole)
tmux -S "$sock" resize-window -x 80 -y 24
keys i
wait_for 'Cell [0-9.]+[NS] [0-9.]+[EW]' 5 && wait_for '[0-9] m (above|below) sea level' 2 &&
	wait_for 'plate [0-9]+ \((continental|oceanic)\)' 2
t $? "80x24: the inspector shows the height, plate and place"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
