#!/bin/sh
# tui_resize.sh: resizing to 40x12, below it, and back (TAP).
. "$SRCDIR/tests/tui_lib.sh"

start 120 40 xterm-256color C.UTF-8 --
wait_for 'Plates [0-9]+' 20
t $? "full layout at 120x40"
tmux -S "$sock" resize-window -x 40 -y 12
# tmux may pass through an intermediate size: wait for the final one
map_rows() { [ "$(screen_e | sed -n '2,11p' | grep -ac '▀')" -ge 8 ]; }
until_ok 5 map_rows
rows=$(screen_e | sed -n '2,11p' | grep -ac '▀')
wait_for 'panels hidden' 5
t $? "at 40x12 the key bar says the panels are hidden"
screen | sed -n 1p | grep -aq 'tectonica'
t $? "the status line is still there"
[ "$rows" -ge 8 ]
t $? "the map still fills the body ($rows rows)"
w=$(screen | wc -L)
[ "$w" -le 40 ]
t $? "nothing is drawn past column 40"
tmux -S "$sock" resize-window -x 30 -y 10
wait_for 'terminal too small' 5 && wait_for 'need 40x12' 1
t $? "below 40x12 a message says so"
tmux -S "$sock" resize-window -x 80 -y 24
wait_for 'Plates [0-9]+' 5 && wait_for 'World' 1
t $? "at 80x24 the compact layout shows plates and world"
tmux -S "$sock" resize-window -x 120 -y 40
wait_for 'Parameters' 5 && wait_for 'History' 1
t $? "back at 120x40 every panel is back"
# the key bar can trail the panels by a frame (the wire budget draws
# panels first): wait for it rather than read it at once
no_hidden() { ! screen | grep -aq 'hidden'; }
until_ok 5 no_hidden
t $? "nothing is reported hidden"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0 after resizes"
finish
