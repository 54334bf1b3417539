#!/bin/sh
# tui_compare.sh: m marks a time, c compares it with now: the map split
# (the marked time on the left, now on the right), flipped to the marked
# time, then back; the time bar shows the mark (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# At 120x40 the map is rows 3-24 of the screen (0-based 2-23), columns 1-88.
MAP_Y=2 MAP_H=22 MAP_W=88 HALF=44
# columns FILE FROM TO: those map columns (0-based, inclusive) of every row
columns() { awk -v a="$2" -v b="$3" '{ o = ""; for (i = a + 1; i <= b + 1; i++) o = o " " $i; print o }' "$1"; }

start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
keys t
wait_for 'go to step' 5 && keys 5 Enter
wait_for ' step 5  ' 10
settled "$tmp/at5"
t $? "step 5: the map settles"
keys c
wait_for 'm first' 5
t $? "c without a mark says to mark first"
keys m
wait_for 'marked step 5' 5
t $? "m marks step 5"
keys t
wait_for 'go to step' 5 && keys 6 0 Enter
wait_for ' step 60  ' 20
settled "$tmp/at60"
! cmp -s "$tmp/at5" "$tmp/at60"
t $? "step 60: another map"
screen | grep -aq '▲'
t $? "the time bar marks step 5"

keys c
wait_for 'Map · biomes · step 5 \| now 60' 5
t $? "c: split, the title says which side is which"
settled "$tmp/split"
columns "$tmp/split" 0 $((HALF - 1)) >"$tmp/sl"; columns "$tmp/at5" 0 $((HALF - 1)) >"$tmp/l5"
columns "$tmp/split" $((HALF + 1)) $((MAP_W - 1)) >"$tmp/sr"; columns "$tmp/at60" $((HALF + 1)) $((MAP_W - 1)) >"$tmp/r60"
cmp -s "$tmp/sl" "$tmp/l5" && cmp -s "$tmp/sr" "$tmp/r60"
t $? "the left half is step 5's map, the right half step 60's"
[ "$(screen | sed -n "$((MAP_Y + 1)),$((MAP_Y + MAP_H))p" | sed 's/[▀▄]/#/g' | grep -c '^[│x]#\{'$HALF'\}[│|]')" -eq $MAP_H ]
t $? "a divider between them on every row"
keys c
wait_for 'Map · biomes · step 5 \(marked\)' 5
settled "$tmp/flip"
cmp -s "$tmp/flip" "$tmp/at5"
t $? "c: flipped to step 5, the very map it had"
keys c
wait_for 'compare off' 5
settled "$tmp/off"
cmp -s "$tmp/off" "$tmp/at60"
t $? "c: back to now"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
