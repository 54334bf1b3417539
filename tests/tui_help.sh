#!/bin/sh
# tui_help.sh: ? and q on screen at every size, a help overlay that fits
# 80x24 and scrolls, q closing the help, and r asking before it throws a run
# away (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# the bottom row names ? and q
help_quit_shown() { screen | tail -n 1 | grep -aq '? help  q quit'; }

start 80 24 xterm-256color C.UTF-8 -- --speed 50
wait_step_above 2 20
t $? "80x24: the dashboard runs"
help_quit_shown
t $? "80x24 playing: ? help and q quit are on the bottom row"
for size in "120 40" "200 60" "60 16"; do
	tmux -S "$sock" resize-window -x "${size% *}" -y "${size#* }"
	until_ok 5 help_quit_shown
	t $? "${size% *}x${size#* } playing: ? and q are on the bottom row"
done
tmux -S "$sock" resize-window -x 80 -y 24
until_ok 5 help_quit_shown

keys '?'
wait_for 'Help: keys' 5
t $? "? opens the help at 80x24"
# the box fits: its bottom frame is on the screen, above the bottom row
# the box fits: its last row (the scroll hint) is above the box's bottom
# edge, which is above the key bar on row 24
foot=$(screen | grep -an 'q esc ? close' | cut -d: -f1)
[ -n "$foot" ] && [ "$foot" -le 22 ]
t $? "the help box fits 80x24 (its last row is row ${foot:-none})"
! screen | grep -aq 'quit (in help'
t $? "the last keys are below the fold at first"
keys NPage NPage NPage
wait_for 'quit \(in help' 5
t $? "PgDn scrolls the help to its last key (q)"
keys PPage PPage PPage
wait_for 'play / pause' 5
t $? "PgUp scrolls back to the first key"
keys Down Down
wait_for ' 3-[0-9]+/[0-9]+ ' 5
t $? "Down scrolls one key at a time"
keys q
help_closed() { ! screen | grep -aq 'Help: keys'; }
until_ok 5 help_closed
t $? "q in help closes the help"
holds 1 eval '! screen | grep -aq "^EXIT="'
t $? "... and the dashboard keeps running"

# r asks first; anything but y keeps the run
keys Space
wait_for 'paused' 5
# a step in flight may still land after "paused": read the settled count
step0=$(wait_steady 10) seed0=$(seed_now)
keys r
wait_for 'discard these [0-9]+ steps\? y/n' 5
t $? "r asks before discarding the run"
keys n
# kept: the same seed, and no rewind to step 0 (a step that was in flight
# when the pause came may still land, as under a loaded make check)
kept=1
wait_for 'kept the run' 5 && kept=0
seed1=$(seed_now) step1=$(step_now)
[ $kept -eq 0 ] && [ "$seed1" = "$seed0" ] && [ -n "$step1" ] && [ "$step1" -ge "$step0" ] && [ "$step1" -gt 0 ]
t $? "n keeps it (seed $seed0 -> $seed1, step $step0 -> $step1)"
keys r
wait_for 'y/n' 5
keys y
new_seed() { [ -n "$(seed_now)" ] && [ "$(seed_now)" != "$seed0" ] && step_is 0; }
until_ok 20 new_seed
t $? "y builds a new planet (seed $(seed_now))"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
