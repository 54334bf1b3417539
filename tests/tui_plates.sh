#!/bin/sh
# tui_plates.sh: the plate table follows a plate by id, through any sort
# order and through steps, and the map outlines that plate (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# the followed plate: its id in the table title, and the id on the row drawn
# highlighted (the selection colour, 256-colour index 117)
# (a narrow box drops "by", then the count, before the id)
title_id() { screen | sed -n 's/.* [a-z]\{1,\} [▲▼] #\([0-9]*\).*/\1/p' | head -n 1; }
row_id() {
	screen_e | grep -ao '48;5;117m *[0-9]* \(ocea\|cont\)' | head -n 1 | sed 's/.*m *\([0-9]*\) .*/\1/'
}
row_no() { # screen row of the highlighted plate
	screen_e | grep -an '48;5;117m *[0-9]* \(ocea\|cont\)' | head -n 1 | cut -d: -f1
}
outlined() { screen_e | sed -n '3,30p' | grep -aq '[34]8;5;201m'; }
sort_col() { screen | sed -n 's/.* \([a-z]\{1,\}\) [▲▼].*/\1/p' | head -n 1; }

start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0   # no wire budget: the test reads every frame
wait_for 'Map · biomes' 20
! outlined
t $? "no plate outlined before one is followed"
keys Tab
until_ok 15 eval '[ -n "$(title_id)" ]'
t $? "tab into the plate table follows its top plate (#$(title_id))"
keys Down Down
id0=$(title_id)
until_ok 5 eval '[ -n "$(title_id)" ] && [ "$(row_id)" = "$(title_id)" ]' && sleep 0.3
id=$(title_id) r0=$(row_no)
[ -n "$id" ] && [ "$(row_id)" = "$id" ]
t $? "down moves to another plate; the highlighted row is #$id"
until_ok 5 outlined
t $? "the map outlines the followed plate"
moved=0
for i in 1 2 3 4 5 6 7; do
	c0=$(sort_col)
	keys '>'
	until_ok 5 eval '[ "$(sort_col)" != "$c0" ]' || break
	until_ok 5 eval '[ "$(row_id)" = "$id" ]' || break
	[ "$(row_no)" != "$r0" ] && moved=1
	[ "$(title_id)" = "$id" ] || break
done
[ "$(title_id)" = "$id" ] && [ "$(row_id)" = "$id" ]
t $? "through every sort column the selection stays on plate #$id (now #$(title_id), row #$(row_id))"
[ "$moved" = 1 ]
t $? "... while its row moved (the table really re-sorted)"
keys Enter
until_ok 5 eval '[ "$(row_id)" = "$id" ]'
t $? "reversing the order keeps it too"
# steps: plates move, areas change, the table re-sorts; the id stays
keys Tab Tab . . .
wait_for ' step 3 ' 20
until_ok 5 eval '[ "$(title_id)" = "$id" ]'
t $? "after steps it still follows plate #$id"
keys Tab
wait_for 'Plates .* #' 5
keys Escape
until_ok 5 eval '[ -z "$(title_id)" ]' && until_ok 5 eval '! outlined'
t $? "esc in the table stops following (no id, no outline)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# tab while the planet is still being built: the top plate is followed
# once there is one (a level-7 planet takes long enough to build)
sed 's/level: 4/level: 7/' "$tmp/tiny.yaml" >"$tmp/big.yaml"
scenario_arg="$tmp/big.yaml" start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'building the planet|waiting for the planet' 20
keys Tab
until_ok 60 eval '[ -n "$(title_id)" ]'
t $? "tab before the planet exists: its top plate is followed when it comes (#$(title_id))"
keys q
wait_for '^EXIT=0' 20
t $? "q exits 0"

# ids past 999 (plates split and are born every few steps): the columns
# stay aligned, and a narrow panel shows each plate's elevation whole, in
# km if metres do not fit, never with its last digits cut off
"$TECTONICA" run "$tmp/tiny.yaml" -n 1200 -q --save "$tmp/old.state" -o "$tmp/out.old" -e raw
# the plate table's rows from the colour square on, without the box's
# right edge (drawn as x between shift-out and shift-in in a capture)
table() { screen | grep -a '■ *[0-9]* \(ocea\|cont\) ' | sed 's/.*■//' | tr -d '\016\017' | sed 's/ *[x│] *$//'; }
elevs() { table | awk '{print $1, $NF}'; }
type_cols() { table | awk '{print index($0, " " $2 " ")}' | sort -u | wc -l; }
scenario_arg=
start 120 40 xterm-256color C.UTF-8 -- --paused --load "$tmp/old.state"
wait_for 'Map · biomes' 20 && wait_for '■ +[0-9]{4} ' 10
elevs >"$tmp/wide"
big=$(awk '$1 >= 1000' "$tmp/wide" | wc -l)
[ "$big" -ge 1 ] && [ "$(type_cols)" = 1 ]
t $? "120x40: $big rows with ids of four digits, every type in one column"
keys q
wait_for '^EXIT=0' 20
start 80 24 xterm-256color C.UTF-8 -- --paused --load "$tmp/old.state"
wait_for 'Map · biomes' 20 && wait_for '■ +[0-9]+ ' 10
elevs >"$tmp/narrow"
# every narrow row's last field is that plate's elevation in m, or in km
# to 0.05, against the wide table's metres
bad=$(awk 'NR == FNR { m[$1] = $2; next }
	!($1 in m) { next }
	{ seen++; v = $2 + 0; w = m[$1] + 0
	  if (!(v == w || ($2 ~ /\./ && (v * 1000 - w) ^ 2 <= 2500))) print $1 ":" $2 "/" m[$1] }
	END { if (!seen) print "none" }' "$tmp/wide" "$tmp/narrow")
[ -z "$bad" ] && [ "$(type_cols)" = 1 ]
t $? "80x24: every plate's elevation whole, the types in one column${bad:+ (cut: $bad)}"
keys q
wait_for '^EXIT=0' 20
t $? "q exits 0"

# step6_by_speed W H: the default scenario at W x H, stepped to step 6,
# the plate table in focus (following its top plate) and sorted by speed
step6_by_speed() {
	scenario_arg=
	start "$1" "$2" xterm-256color C.UTF-8 -- --paused --max-kbps 0
	wait_for 'Map · biomes' 20
	keys . . . . . .
	wait_for ' step 6 ' 30
	keys Tab
	until_ok 15 eval '[ -n "$(sort_col)" ]'
	for i in 1 2 3 4 5 6 7; do
		[ "$(sort_col)" = speed ] && break
		c0=$(sort_col)
		keys '>'
		until_ok 5 eval '[ "$(sort_col)" != "$c0" ]' || break
	done
}

# the table lists the plates on the map: at step 6 the default scenario
# also has a plate with no cell (a microplate cut from hidden crust, gone
# the next step; area 0, speed 0, height +0), which --stats does not list
# either (cli_stats.sh). Slowest first, it would head the table.
step6_by_speed 120 40
screen | grep -q 'speed ▼' && keys Enter
until_ok 5 eval 'screen | grep -q "speed ▲"'
t $? "the table sorts by speed, slowest first"
slowest=$(table | head -n 1)
empty=$(table | awk '$3 == "0.0" && $4 == "0.0" && $NF == "+0"' | wc -l)
count=$(screen | sed -n 's/.*Plates \([0-9]*\) · .*/\1/p' | head -n 1)
"$TECTONICA" run -n 6 --stats "$tmp/six.jsonl" --quiet
want=$(tail -n 1 "$tmp/six.jsonl" | sed -n 's/.*"plate_count":\([0-9]*\).*/\1/p')
[ -n "$slowest" ] && [ "$empty" = 0 ] && [ "$count" = "$want" ]
t $? "step 6: no row without cells (slowest:$slowest); the title counts $count plates as --stats does ($want)"
tiny=$(table | awk '$3 == "<0.1"' | wc -l)
[ "$tiny" -ge 1 ]
t $? "microplates under 0.05 % of the surface read <0.1, not 0.0 ($tiny rows)"
keys q
wait_for '^EXIT=0' 20
t $? "q exits 0"

# at 80x24 the title "Plates 17 · by speed ▲ #5" is wider than the box:
# it drops "by" rather than the followed plate's id (it read "... ▲ #")
step6_by_speed 80 24
until_ok 5 eval '[ -n "$(title_id)" ]'
t $? "80x24, by speed: the title keeps the followed plate's id ($(screen | grep -o 'Plates [^─]*' | head -n 1))"
keys q
wait_for '^EXIT=0' 20
t $? "q exits 0"
finish
