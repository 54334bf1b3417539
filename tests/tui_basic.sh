#!/bin/sh
# tui_basic.sh: the dashboard draws a coloured map, plays, pauses, steps
# exactly once per key, and q exits 0 with the terminal restored (TAP).
. "$SRCDIR/tests/tui_lib.sh"

start 120 40 xterm-256color C.UTF-8 --
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
sleep 0.3
s1=$(step_now)
sleep 0.8
s2=$(step_now)
[ -n "$s1" ] && [ "$s1" = "$s2" ]
t $? "time stops while paused ($s1 = $s2)"

keys .
wait_step_above "$s2" 5
sleep 0.5
s3=$(step_now)
[ "$s3" -eq $((s2 + 1)) ]
t $? "'.' advances exactly one step ($s2 -> $s3)"
keys n
wait_step_above "$s3" 5
sleep 0.5
s4=$(step_now)
[ "$s4" -eq $((s3 + 1)) ]
t $? "'n' advances exactly one step ($s3 -> $s4)"

keys Space
wait_step_above "$s4" 10
t $? "space resumes playing"

keys +
wait_for 'cap 20/s|speed cap 20 steps/s' 3
t $? "'+' raises the speed cap"
keys - -
wait_for 'cap 5/s|speed cap 5 steps/s' 3
t $? "'-' lowers it"

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
