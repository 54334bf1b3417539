#!/bin/sh
# tui_load.sh: a saved state opens in the dashboard, as `tectonica FILE.state`
# and with --load, at the saved step, and resumes bit-identically (TAP).
. "$SRCDIR/tests/tui_lib.sh"

"$TECTONICA" run "$tmp/tiny.yaml" -n 5 --save "$tmp/five.state" -q -o "$tmp/out5" -e raw
hash_of() { # hash_of STATE STEPS: the state hash STEPS steps after STATE
	"$TECTONICA" run --load "$1" -n "$2" --stats - -q -o "$tmp/out.$2" -e raw |
		sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' | tail -n 1
}
h5=$(hash_of "$tmp/five.state" 0) h6=$(hash_of "$tmp/five.state" 1)
[ -n "$h5" ] && [ -n "$h6" ] && [ "$h5" != "$h6" ]
t $? "a state saved at step 5 ($h5; one step on: $h6)"

scenario_arg="$tmp/five.state"
start 120 40 xterm-256color C.UTF-8 -- --paused
wait_for ' step 5 ' 20 && wait_for "state $h5" 5
t $? "tectonica FILE.state opens the state: step 5, state $h5"
keys .
wait_for ' step 6 ' 10 && wait_for "state $h6" 5
t $? "one step from it gives run --load's next state ($h6)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

scenario_arg=""
start 80 24 xterm-256color C.UTF-8 -- --paused --load "$tmp/five.state"
wait_for ' step 5 ' 20 && wait_for "state $h5" 5
t $? "--load FILE opens it too"
keys q
wait_for '^EXIT=0' 10

# a damaged state is refused before the terminal is touched
head -c 64 "$tmp/five.state" >"$tmp/bad.state"
scenario_arg="$tmp/bad.state"
start 80 24 xterm-256color C.UTF-8 --
wait_for '^EXIT=' 10
screen | grep -aq '^EXIT=2' && screen | grep -aq 'bad.state'
t $? "a truncated state file: exit 2 naming the file"
scenario_arg=""
start 80 24 xterm-256color C.UTF-8 -- --load "$tmp/five.state" -s 3
wait_for '^EXIT=' 10
screen | grep -aq '^EXIT=2' && screen | grep -aq 'cannot change the seed'
t $? "--load with -s: exit 2 (a state's seed is fixed)"
finish
