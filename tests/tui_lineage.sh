#!/bin/sh
# tui_lineage.sh: the dashboard says which plate a new one split from (the
# status line, the plate table's title) and draws the followed plate's path
# over time, cut back when going back in time (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# the plate table's title from the followed plate on: "#12" or "#12←4"
# (a narrow box drops "by", then the count, before the id)
title() { screen | sed -n 's/.* [a-z/]\{1,\} [▲▼] \(#[0-9]*\(←[0-9]*\)\{0,1\}\).*/\1/p' | head -n 1; }
# the map (rows 3-24, columns 1-88 at 120x40) one byte a character: the
# path's dots are '.', the disc '@' (shift in/out of ACS frames dropped)
map_ascii() { screen | sed -n '3,24p' | tr -d '\016\017' | sed 's/[▀▄]/#/g; s/│/|/g; s/·/./g; s/●/@/g' | cut -c 2-89; }
dots() { map_ascii | grep -o '[.@]' | wc -l; }
disc() { map_ascii | grep -o '@' | wc -l; }

start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
keys Tab
until_ok 10 eval '[ -n "$(title)" ]'
parent=$(title | sed 's/#\([0-9]*\).*/\1/')
keys R
wait_for "plate [0-9]+ split from plate $parent" 10
t $? "R: the status line names the new plate and its parent (#$parent)"
child=$(screen | sed -n "s/.*plate \([0-9]*\) split from plate $parent.*/\1/p" | head -n 1)
# walk the table to the new plate: its title says where it came from
i=0
while [ $i -lt 20 ] && [ "$(title | sed 's/#\([0-9]*\).*/\1/')" != "$child" ]; do
	keys Down
	sleep 0.2
	i=$((i + 1))
done
until_ok 5 eval 'title | grep -q "^#$child←$parent\$"'
t $? "following the new plate: the table's title says '#$child←$parent' ($(title))"

# the largest plate's path (it lives through the 240 steps; the fastest
# at step 0 may be a small one that subducts on the way): the table is
# sorted by area, take the top row. Large plates carry continents and
# crawl (1.5 cm/yr for the default's): 240 Myr take it across a few
# map columns
wait_for 'area [▲▼]' 5
keys Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up
sleep 0.5
keys Tab Tab
# play 240 steps at 20 a second: the dashboard sees every other one
keys + +
wait_for 'cap 20' 5
keys Space
wait_step_above 239 45
keys Space
wait_for 'paused' 5
until_ok 5 eval '[ "$(dots)" -ge 4 ] && [ "$(disc)" -eq 1 ]'
t $? "the followed plate's path over 240 steps: $(dots) marks, one disc where it is now"
d40=$(dots)
keys t
wait_for 'go to step' 5 && keys 1 0 Enter
wait_for ' step 10 of [0-9]+ ' 20
until_ok 5 eval '[ "$(dots)" -lt "$d40" ] && [ "$(disc)" -eq 1 ]'
t $? "back at step 10: the path ends there ($(dots) marks)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# at 80x24 what is left of the status line cannot hold the message (it
# read "plate 1626 we"): the key bar shows it whole instead
start 80 24 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
keys R
until_ok 10 eval 'screen | grep -q "rifted a plate"'
shot=$(screen)
echo "$shot" | tail -n 1 | grep -Eq "plate [0-9]+ split from plate [0-9]+ \(step [0-9]+\) +\? help"
t $? "80x24: the key bar shows the message whole ($(echo "$shot" | tail -n 1))"
echo "$shot" | head -n 1 | grep -q plate
t $((! $?)) "80x24: no cut message in the status line ($(echo "$shot" | head -n 1))"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
