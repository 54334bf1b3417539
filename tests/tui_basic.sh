#!/bin/sh
# tui_basic.sh: the dashboard draws a coloured map, plays, pauses, steps
# exactly once per key, and q exits 0 with the terminal restored (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# no output budget: the rate is read off the status line, which the budget
# (default 10 KB/s, tui_wire.sh) may hold back while the map changes
start 120 40 xterm-256color C.UTF-8 -- --max-kbps 0
wait_for ' step [0-9]+ ' 20
t $? "the status line shows a step"
wait_for 'Plates [0-9]+' 5 && wait_for 'World' 1 && wait_for 'Parameters' 1
t $? "plates, world and parameter panels are drawn"
# map rows: half blocks with 256-colour foreground and background
map_coloured() { [ "$(screen_e | sed -n '3,12p' | grep -ac '▀.*48;5;[0-9]*m')" -ge 5 ]; }
until_ok 5 map_coloured
rows=$(screen_e | sed -n '3,12p' | grep -ac '▀.*48;5;[0-9]*m')
[ "$rows" -ge 5 ]
t $? "the map is drawn in colour with half blocks ($rows colour rows)"
colours=$(screen_e | sed -n '3,20p' | grep -o '48;5;[0-9]*' | sort -u | wc -l)
[ "$colours" -ge 6 ]
t $? "the map uses many colours ($colours background colours)"

s0=$(step_now)
wait_step_above "$s0" 10
t $? "time advances while playing (from step $s0)"
grep_time() { screen | sed -n '1s/.* t \([0-9.]*\) Myr.*/\1/p'; }
[ -n "$(grep_time)" ]
t $? "the status line shows the time in Myr"

keys Space
wait_for 'paused' 5
t $? "space pauses"
# a step in flight may still land: wait for the count to settle first
s2=$(wait_steady 10) && holds 1 step_is "$s2"
t $? "time stops while paused (step $s2 holds for 1 s)"

keys .
wait_step_above "$s2" 5 && holds 0.5 step_is $((s2 + 1))
t $? "'.' advances exactly one step ($s2 -> $(step_now))"
s3=$((s2 + 1))
keys n
wait_step_above "$s3" 5 && holds 0.5 step_is $((s3 + 1))
t $? "'n' advances exactly one step ($s3 -> $(step_now))"
s4=$((s3 + 1))

keys Space
wait_step_above "$s4" 10
t $? "space resumes playing"

# the speed keys change the rate the stepping thread keeps, measured on
# the status line's step count (caps 10, 20, then 5 steps/s; a tiny step
# takes well under 50 ms, so the cap is what limits the rate)
r10=$(rate_over 2)
keys +
wait_step_above "$(step_now)" 5
r20=$(rate_over 2)
faster "$r10" "$r20" 1.4
t $? "'+' raises the stepping rate ($r10 -> $r20 steps/s)"
keys - -
wait_step_above "$(step_now)" 5
r5=$(rate_over 2)
faster "$r5" "$r10" 1.4 && faster "$r5" "$r20" 2.5
t $? "'-' lowers it ($r20 -> $r5 steps/s)"

keys s
wait_for 'saved step [0-9]+ to' 10
t $? "'s' saves the state"

keys q
wait_for '^EXIT=' 10
t $? "q exits"
screen | grep -aq '^EXIT=0$'
t $? "q exits with status 0"
wait_for '^-?icanon' 5   # the wrapper prints the modes after EXIT=
screen | grep -aq '^icanon echo *$'
t $? "the tty is back in canonical mode with echo"
st=$(tmux -S "$sock" display -p '#{alternate_on}:#{cursor_flag}:#{mouse_any_flag}:#{keypad_flag}')
[ "$st" = "0:1:0:0" ]
t $? "alternate screen left, cursor shown, mouse and keypad modes off ($st)"
finish
