#!/bin/sh
# tui_params.sh: the parameter panel: every key under its section, marked
# live or step 0 (the legend in the title), the selected key's whole
# description under the list (scrolled with PgDn where the panel is small),
# d puts a key back to its default, a step-0 key builds the planet again,
# and an edit that cannot act says why (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# select PATH: move down the list until PATH's description shows
select_key() {
	s_i=0
	while [ $s_i -lt 60 ]; do
		screen | grep -aq " $1: " && return 0
		keys Down
		# one key at a time: the screen must show where it is now
		sleep 0.25
		s_i=$((s_i + 1))
	done
	return 1
}

start 200 60 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
keys Tab Tab
wait_for '[┌l] Parameters ● live ○ step 0' 5
t $? "the title says what the marks mean"
wait_for 'planet\.axial_tilt_deg: tilt of the rotation axis' 5
t $? "the selection starts on the first live key (axial_tilt_deg), its description under the list"
# names without their section, under the section's name
screen | grep -aq '[│x]plates  ' && screen | grep -aq '[│x]● axial_tilt_deg  ' &&
	screen | grep -aq '[│x]○ continental_fraction  ' && ! screen | grep -aq '[●○] [a-z]*\.[a-z]'
t $? "names: all without their section, each section named above its keys"
screen | grep -aq '[│x]○ radius_km  *6371 km' && screen | grep -aq '[│x]○ count  *8 ' &&
	screen | grep -aq '[│x]● axial_tilt_deg  *23.44 °'
t $? "live keys marked ●, step-0 keys ○"
select_key terrain.ocean_fraction
wait_for 'terrain.ocean_fraction: share of the surface' 5 && wait_for 'sea_level_m\)\. Range 0\.\.1, default 0\.7' 2 &&
	wait_for 'changes the running' 2
t $? "ocean_fraction selected: its whole description, bounds, default and live mark"
keys Up
wait_for 'used as given when ocean_fraction is off' 5
keys Right
wait_for 'sea_level_m acts only while ocean_fraction is off \(it is 0.7' 5
t $? "sea_level_m nudged while ocean_fraction is set: the status line says why nothing changes"
keys Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up
select_key planet.axial_tilt_deg
wait_for '● axial_tilt_deg +23\.44 ' 5
keys Right
wait_for '● axial_tilt_deg +25\.44 ' 10
t $? "right nudges axial_tilt_deg (23.44 -> 25.44)"
keys d
wait_for '● axial_tilt_deg +23\.44 ' 10 && wait_for 'axial_tilt_deg = 23\.44' 5
t $? "d puts it back to its default (23.44)"
# a step-0 key at step 0: the planet is built again (same seed)
select_key plates.count
wait_for 'read when the planet' 3 && wait_for 'builds it again' 1
t $? "plates.count: described as a step-0 key"
keys Enter BSpace BSpace BSpace 1 0 Enter
wait_for 'Plates 10 ' 15 && wait_for '[│x]○ count  *10 ' 5 && wait_for 'seed 7 ' 2
t $? "plates.count 10 at step 0: the planet is built again with 10 plates, same seed"
keys d
wait_for 'Plates 12 ' 15 && wait_for '[│x]○ count  *12 ' 5
t $? "d: plates.count back to its default (12), the planet built again"
# later in the run it asks first
keys Tab .
wait_for ' step 1 ' 10
keys Tab Tab
keys Left
wait_for 'build the planet again with plates.count = 11: discard these 1 steps\? y/n' 5
t $? "a step-0 key after step 0 asks before discarding the run"
keys n
wait_for 'kept the run' 5 && wait_for ' step 1 ' 2 && wait_for 'Plates 1[23] ' 2
t $? "n keeps the run"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# 80x24: the description is longer than the panel: PgDn scrolls it
start 80 24 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'state [0-9a-f]{16}' 20
keys Tab Tab
wait_for '[┌l] Parameters' 5
select_key terrain.ocean_fraction
wait_for '▼[│x]' 3 && ! screen | grep -aq 'solved for it'
t $? "80x24: the description's first lines, ▼ where more follows"
keys NPage NPage NPage NPage NPage NPage NPage NPage NPage NPage NPage NPage NPage NPage
wait_for 'running planet' 5 && wait_for '▲[│x]' 2 && ! screen | grep -aq '▼[│x]'
t $? "PgDn scrolls to its end (▲ at the end)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
