#!/bin/sh
# tui_timeline.sh: the dashboard keeps the run's history: , steps back and .
# forward again, bit-identical to the original run (state hashes); a change
# in the past drops the future; the History panel graphs it (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# the original run's state hash at every step, from `run --stats`
"$TECTONICA" run "$tmp/tiny.yaml" -n 12 --stats "$tmp/stats" -q -o "$tmp/run" -e raw
want() { sed -n "s/^{\"step\":$1,.*\"state_hash\":\"\\([0-9a-f]*\\)\".*/\\1/p" "$tmp/stats"; }
at() { # at STEP: the screen shows STEP with the original run's hash there
	wait_for " step $1 " 10 && wait_for "state $(want "$1")" 5
}
[ -n "$(want 9)" ] && [ -n "$(want 10)" ]
t $? "run --stats gives the hashes of steps 0-12"

start 120 40 xterm-256color C.UTF-8 -- --paused
wait_for 'Map · biomes' 20
keys . . . . . . . . . .
at 10
t $? "ten steps forward: step 10, state $(want 10)"
wait_for 'History · steps 0-10 ' 5
t $? "the History panel holds steps 0-10"
keys ,
at 9
t $? ", goes back to step 9 with the original state $(want 9)"
wait_for 'replayed 1 step from a keyframe' 5
t $? "... replayed from the keyframe at step 8"
keys ,
at 8
t $? ", again: step 8, state $(want 8)"
keys .
at 9
t $? ". forward again: step 9, state $(want 9)"
keys .
at 10
t $? ". forward again: step 10, the same state as before going back ($(want 10))"
keys , , ,
at 7
t $? "back to step 7 (replayed from step 0): state $(want 7)"
wait_for 'replayed 7 steps from a keyframe' 5
t $? "... replayed 7 steps from step 0"
wait_for 'History · steps 0-10 ' 5
t $? "going back keeps the future (steps 0-10)"
# a change in the past: the future no longer follows and goes
keys Tab Tab
wait_for 'Parameters' 3
keys Enter BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace 3 0 Enter
# (it asks first: tui_timebar.sh checks the question)
wait_for 'drops recorded steps 8-10\? y/n' 5 && keys y
wait_for 'axial_tilt_deg = 30' 5
wait_for 'History · steps 0-7 ' 5
t $? "a parameter changed at step 7 drops steps 8-10 from the history (after y)"
keys Tab
keys .
wait_for ' step 8 ' 10 && ! wait_for "state $(want 8)" 1
t $? "and step 8 is a new one (not the original $(want 8))"
screen | grep -aq 'land %' && screen | grep -aq 'plates' && screen | grep -aq '[▁▂▃▄▅▆▇█]'
t $? "the History panel draws its figures as blocks"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# no history: , says so
start 120 40 xterm-256color C.UTF-8 -- --paused --history-mb 0
wait_for 'Map · biomes' 20
keys .
wait_for ' step 1 ' 10
keys ,
wait_for 'no history kept' 5 && wait_for ' step 1 ' 1
t $? "--history-mb 0: , says no history is kept"
keys q
wait_for '^EXIT=0' 10
finish
