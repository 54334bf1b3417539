#!/bin/sh
# tui_params.sh: the parameter panel: one naming rule for the whole list,
# the selected key's whole description under it, d puts a key back to its
# default, and an edit that cannot act says why (TAP).
. "$SRCDIR/tests/tui_lib.sh"

start 200 60 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
keys Tab Tab
wait_for '[┌l] Parameters' 5
# climate.lapse_rate_c_km does not fit the 22-column names: none has its section
screen | grep -aq ' axial_tilt_deg ' && screen | grep -aq ' lapse_rate_c_km ' &&
	! screen | grep -aq 'planet\.axial_tilt_deg\|terrain\.ocean_fraction\|climate\.noise'
t $? "names: all without their section when one does not fit"
keys Down Down Down Down
wait_for 'under water at the start' 5 && wait_for 'use sea_level_m\)' 2
t $? "ocean_fraction selected: its whole description under the list"
keys Up
wait_for 'used as given when ocean_fraction is off' 5
keys Right
wait_for 'sea_level_m acts only while ocean_fraction is off \(it is 0.7' 5
t $? "sea_level_m nudged while ocean_fraction is set: the status line says why nothing changes"
keys Up Up Up
wait_for 'axial_tilt_deg +23\.44 ' 5
keys Right
wait_for 'axial_tilt_deg +25\.44 ' 10
t $? "right nudges axial_tilt_deg (23.44 -> 25.44)"
keys d
wait_for 'axial_tilt_deg +23\.44 ' 10 && wait_for 'axial_tilt_deg = 23\.44' 5
t $? "d puts it back to its default (23.44)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
