#!/bin/sh
# tui_timebar.sh: moving through time: t goes to a step or a time (played
# to past the history's end, replayed from it before), [ ] scrub, { } go to
# the history's ends, a click on the time bar goes there; playing on from
# the past keeps the recorded steps (they follow again), and a change made
# in the past asks before it drops them (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# the original run's state hash at every step, from `run --stats`
"$TECTONICA" run "$tmp/tiny.yaml" -n 40 --stats "$tmp/stats" -q -o "$tmp/run" -e raw
want() { sed -n "s/^{\"step\":$1,.*\"state_hash\":\"\\([0-9a-f]*\\)\".*/\\1/p" "$tmp/stats"; }
# at STEP [OF]: the screen shows STEP (of OF, the history's last step, when
# it is in the past) with the original run's state hash
at() {
	if [ -n "$2" ]; then
		wait_for " step $1 of $2 " 10
	else
		wait_for " step $1  " 10
	fi && wait_for "state $(want "$1")" 5
}
go() { keys t; wait_for 'go to step or time' 5 && keys "$@" Enter; }
[ -n "$(want 40)" ]
t $? "run --stats gives the hashes of steps 0-40"

start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
go 4 0
at 40 && wait_for 'History · steps 0-40 ' 5 && holds 1 step_is 40
t $? "t 40: plays on to step 40 (state $(want 40)) and stops there"
go 1 2
at 12 40
t $? "t 12: back to step 12, replayed from the history (state $(want 12)), 'of 40'"
go 4 0
at 40
t $? "t 40: forward to step 40 through the history, the same state"
keys '['
at 38 40
t $? "[ scrubs back a twentieth of the history (step 38)"
keys '[' '[' '['
at 32 40
t $? "three more: step 32"
keys ']'
at 34 40
t $? "] scrubs forward (step 34)"
keys '{'
at 0 40
t $? "{ goes to the history's first step"
keys '}'
at 40
t $? "} to its last"
go 2 0 Space M y r
at 20 40 && wait_for 't 20\.0 Myr' 2
t $? "t 20 Myr: the step at that time (20)"

# playing on from the past steps through the recorded future again
keys .
at 21 40 && wait_for 'History · steps 0-40 ' 2
t $? ". from step 20: step 21 (state $(want 21)), the history still holds steps 0-40"

# a change in the past asks first
keys R
wait_for 'at step 21 a rift drops recorded steps 22-40\? y/n' 5
t $? "R in the past asks before dropping steps 22-40"
keys n
wait_for 'the history is kept' 5 && at 21 40 && wait_for 'History · steps 0-40 ' 2
t $? "n: nothing changes (state $(want 21), history 0-40)"
keys R
wait_for 'y/n' 5 && keys y
wait_for 'History · steps 0-21 ' 10 && wait_for ' step 21  ' 5
t $? "y: the rift; the history ends at step 21 now"
go 1 0
wait_for ' step 10 of 21 ' 10
keys Tab Tab
wait_for '[┌l] Parameters' 5
keys Right
wait_for 'at step 10 this change drops recorded steps 11-21\? y/n' 5
t $? "a parameter nudged in the past asks too"
keys y
wait_for 'History · steps 0-10 ' 10
t $? "y: applied; the history ends at step 10"
keys Tab

# a click on the time bar (row 8 of the History panel, a column a step
# while the history is shorter than the panel) goes to that step
# (the frame may be drawn with ACS letters, x for │)
row=$(screen | sed 's/│/x/g' | grep -an 'x time ' | head -n 1)
y=${row%%:*}
# 1-based: the panel's border at x (what precedes it, and a newline, make x
# characters), its inside from x + 1, the bar 9 columns further in
x=$(echo "${row#*:}" | sed 's/x time .*//' | wc -m)
x=$((x + 1 + 9 + 4))
[ -n "$y" ] && keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' $x "$y" $x "$y")"
wait_for ' step 4 of 10 ' 10
t $? "a click on the time bar's fifth column goes to step 4"

go 9 9 9 9 9
wait_for 'running to step 99999|→ 99999' 5
t $? "t far ahead: runs there without the speed cap"
keys Space
wait_for 'paused' 5 && holds 1 eval '! screen | grep -aq "→ 99999"'
t $? "space stops the run"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
