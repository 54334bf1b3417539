#!/bin/sh
# tui_panels.sh: v hides the right column (plates, world, parameters) and
# the map takes its width (at 120x40: 88 -> 116 characters wide, the Cell
# and History panels stay below it); v again brings the column back; C H T
# W K L hide and show one panel each (Cell, History, Plates, World,
# Parameters, the map legend), and H makes room for History at 80x24 (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# map characters (half blocks) in the first map row; whether the map box's
# top edge meets another box ("kl": its corner, then the next one's)
map_width() { screen | sed -n 3p | grep -o '[▀▄]' | wc -l; }
boxes_meet() { screen | sed -n 2p | grep -q 'kl'; }

start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20 && wait_for 'Parameters' 5
w0=$(map_width)
[ "$w0" -ge 80 ] && [ "$w0" -le 90 ]
t $? "with the right column the map is $w0 characters wide (80-90)"
keys v
wait_for 'plates, world, parameters hidden \(v shows them\)' 5 &&
	until_ok 5 sh -c "! tmux -S '$sock' capture-pane -p | grep -q 'Plates\|Parameters\|World'"
t $? "v hides Plates, World and Parameters and says how to get them back"
w1=$(map_width)
[ "$w1" -ge 110 ] && ! boxes_meet && wait_for 'Cell' 1 && wait_for 'History' 1
t $? "the map takes the width ($w0 -> $w1 characters, no box beside it); Cell and History stay"
keys Tab
wait_for 'Map · biomes' 2 && ! screen | grep -q 'Plates'
t $? "tab does not bring a hidden panel back"
keys v
wait_for 'Plates' 5 && wait_for 'Parameters' 5 && until_ok 5 sh -c "[ \"\$(tmux -S '$sock' capture-pane -p | sed -n 3p | grep -o '[▀▄]' | wc -l)\" = '$w0' ]"
t $? "v again: the column is back, the map $w0 wide again"
keys '?'
wait_for 'Help: keys' 5 && keys NPage
wait_for 'hide / show the right column' 5
t $? "the help lists v"
keys q q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# one panel at a time (C H T W K L), each key twice
gone() { until_ok 5 sh -c "! tmux -S '$sock' capture-pane -p | grep -q '$1'"; }
start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20 && wait_for 'Parameters' 5
for kp in 'C:Cell ' 'H:History ' 'T:Plates ' 'W:World ' 'K:Parameters ' 'L:sea ice'; do
	k=${kp%%:*} title=${kp#*:}
	keys "$k"
	gone "$title"
	t $? "$k hides the panel with '$title'"
	keys "$k"
	wait_for "$title" 5
	t $? "$k again shows it"
done
keys T W K
gone 'Plates ' && gone 'World ' && gone 'Parameters '
w2=$(map_width)
[ "$w2" -ge 110 ] && ! boxes_meet
t $? "T W K: the right column is empty and the map takes its width ($w2)"
keys '?'
wait_for 'Help: keys' 5 && keys NPage
wait_for 'hide / show History' 5 && wait_for 'Plates table, World, parameters' 2
t $? "the help lists C H T W K L"
keys q q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# 80x24: History does not fit beside Cell; H gives it the width and the
# rows for all its figures, the boundary mix with its three shares
start 80 24 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
! screen | grep -q 'History ·' && screen | grep -q 'H shows History'
t $? "80x24: no History panel at first; the key bar says H shows it"
keys H
wait_for 'History' 5 && wait_for 'bounds' 2 && wait_for 'trans +[0-9]+' 2 && wait_for 'div +[0-9]+' 2 \
	&& wait_for 'conv +[0-9]+' 2 && wait_for ' time ' 2
t $? "80x24: H shows History with all figures and the boundary mix (trans, div, conv)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
