#!/bin/sh
# tui_open.sh: o opens a scenario or a saved state inside the dashboard: the
# box lists the installed presets and this folder's scenarios and states;
# j/k and enter open one, built as `run` builds it (state hash); a typed
# path opens too; once the run has steps it asks y/n first; a broken
# scenario shows its FILE:LINE:COL error and a broken state its reason,
# and the dashboard runs on (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# the dashboard runs in $tmp: these are "the current folder"
cat >"$tmp/broken.yaml" <<'EOT'
name: Broken
plates:
  count: many
EOT
printf 'TECTSTAT\001\000\000\000' >"$tmp/damaged.state"
"$TECTONICA" run quick -n 0 --stats "$tmp/quick.stats" -q -o "$tmp/q" -e raw
qhash=$(sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' "$tmp/quick.stats")
"$TECTONICA" run "$tmp/tiny.yaml" -n 0 --stats "$tmp/tiny.stats" -q -o "$tmp/t" -e raw
thash=$(sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' "$tmp/tiny.stats")
[ -n "$qhash" ] && [ -n "$thash" ]
t $? "run gives the quick preset's and tiny.yaml's state hashes ($qhash, $thash)"

start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for ' Tiny  seed 7 ' 20 && wait_for "state $thash" 20
keys o
wait_for 'Open a scenario or a saved state' 5 && wait_for 'quick +preset' 2 &&
	wait_for 'pangaea +preset' 2 && wait_for 'broken\.yaml +scenario' 2 &&
	wait_for 'damaged\.state +state' 2 && wait_for 'tiny\.yaml +scenario' 2
t $? "o lists the presets (quick, pangaea) and this folder's files (broken.yaml, damaged.state, tiny.yaml)"

# the row of a name in the box, counted from its first row ("type a path")
row_of() {
	screen | awk -v pat="$1" '/type a path/ { top = NR } top && $0 ~ pat { print NR - top; exit }'
}
r=$(row_of 'quick +preset')
keys g
i=0
while [ $i -lt "${r:-0}" ]; do keys j; i=$((i + 1)); done
keys Enter
wait_for ' Quick  seed 42 ' 20 && wait_for "state $qhash" 20 && ! screen | grep -q 'Open a scenario'
t $? "j to quick and enter: the box closes, the planet is run's quick ($qhash)"

# a broken scenario: its error, with line and column; nothing changes
keys .
wait_for ' step 1 ' 10
keys o
wait_for 'broken\.yaml +scenario' 5
r=$(row_of 'broken\.yaml')
keys g
i=0
while [ $i -lt "${r:-0}" ]; do keys Down; i=$((i + 1)); done
keys Enter
wait_for 'broken\.yaml:3:[0-9]+: plates\.count' 5 && wait_for ' Quick  seed 42 .* step 1 ' 2
t $? "a broken scenario: its FILE:LINE:COL error in the status line, the run kept"
keys Escape
until_ok 5 sh -c "! tmux -S '$sock' capture-pane -p | grep -q 'Open a scenario'"
keys .
wait_for ' step 2 ' 10
t $? "esc closes the box and the dashboard runs on (step 2)"

# a saved state: asks first (the run has steps), n keeps the run
keys s
wait_for 'saved step 2 to ' 10
h2=$(hash_now)
keys o
wait_for 'tectonica-000002\.state +state' 5
t $? "the state just saved is listed"
keys '/'
for c in $(echo "$tmp/tiny.yaml" | sed 's/./& /g'); do keys -l "$c"; done
keys Enter
wait_for 'open tiny\.yaml: discard these 2 steps\? y/n' 5
t $? "a typed path, once the run has steps: asks y/n first"
keys n
wait_for 'kept the run' 5 && wait_for ' Quick  seed 42 .* step 2 ' 2
t $? "n keeps the run"
keys o
wait_for 'Open a scenario' 5
keys '/'
for c in $(echo "$tmp/tiny.yaml" | sed 's/./& /g'); do keys -l "$c"; done
keys Enter
wait_for 'discard these 2 steps' 5 && keys y
wait_for ' Tiny  seed 7 .* step 0 ' 20 && wait_for "state $thash" 10
t $? "y opens it: tiny.yaml at step 0, run's planet ($thash)"

r=0
keys o
wait_for 'tectonica-000002\.state' 5
r=$(row_of 'tectonica-000002\.state')
keys g
i=0
while [ $i -lt "${r:-0}" ]; do keys j; i=$((i + 1)); done
keys Enter
wait_for ' Quick  seed 42 .* step 2 ' 20 && wait_for "state $h2" 10 &&
	wait_for 'opened .*tectonica-000002\.state at step 2' 5
t $? "the saved state opens: Quick at step 2, the same state ($h2)"

# a damaged state: the reason, and the planet stays
keys o
wait_for 'damaged\.state' 5
r=$(row_of 'damaged\.state')
keys g
i=0
while [ $i -lt "${r:-0}" ]; do keys j; i=$((i + 1)); done
keys Enter
wait_for 'discard these 2 steps' 5 && keys y
wait_for 'cannot load the planet: .*damaged\.state: state file' 10 &&
	wait_for ' Quick  seed 42 .* step 2 ' 2 && wait_for "state $h2" 2
t $? "a damaged state: the reason in the status line, the planet as it was"
keys .
wait_for ' step 3 ' 10
t $? "and the dashboard steps on"

keys '?'
wait_for 'open a preset, scenario or state' 5
t $? "the help lists o"
keys q q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
