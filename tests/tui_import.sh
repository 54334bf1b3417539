#!/bin/sh
# tui_import.sh: `tectonica --import FILE` starts the dashboard from a
# heightmap: step 0 and the next step are run --import's (same state
# hashes), `e` names the file in its maps' provenance, and bad files or
# combinations are refused before the terminal is touched (TAP).
. "$SRCDIR/tests/tui_lib.sh"

"$TECTONICA" run "$tmp/tiny.yaml" -n 3 -o "$tmp/src" -e elevation16 --size 256x128 -q
map=$tmp/src/elevation16.png
hash_of() { # hash_of STEPS [ARGS...]: the state hash after STEPS steps
	s=$1
	shift
	"$TECTONICA" run "$tmp/tiny.yaml" "$@" -n "$s" --stats - -q |
		sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' | tail -n 1
}
h0=$(hash_of 0 --import "$map") h1=$(hash_of 1 --import "$map") g0=$(hash_of 0)
[ -n "$h0" ] && [ -n "$h1" ] && [ "$h0" != "$h1" ] && [ "$h0" != "$g0" ]
t $? "run --import: step 0 $h0, step 1 $h1 (generated: $g0)"

start 120 40 xterm-256color C.UTF-8 -- --paused --import "$map"
wait_for ' step 0 ' 20 && wait_for "state $h0" 5
t $? "tectonica --import FILE opens the imported planet: state $h0"
keys .
wait_for ' step 1 ' 10 && wait_for "state $h1" 5
t $? "one step from it gives run --import's next state ($h1)"
keys e
until_ok 30 test -s "$tmp/step-000001/raw.json"
sum=$(sed -n 's/^ *"sha256": "\([0-9a-f]*\)",$/\1/p' "$tmp/step-000001/raw.json")
if command -v sha256sum >/dev/null 2>&1; then
	[ "$sum" = "$(sha256sum "$map" | cut -d' ' -f1)" ]
else
	[ -n "$sum" ]
fi && grep -q "Import-File\">$map<" "$tmp/step-000001/biome.png.aux.xml"
t $? "e: the maps name the imported file (SHA-256 $sum)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

start 80 24 xterm-256color C.UTF-8 -- --import "$tmp/missing.png"
wait_for '^EXIT=' 10
screen | grep -aq '^EXIT=2' && screen | grep -aq -- '--import: .*missing.png'
t $? "a missing file: exit 2 naming it, before the terminal is touched"
"$TECTONICA" run "$tmp/tiny.yaml" -n 1 --save "$tmp/one.state" -q
scenario_arg=""
start 80 24 xterm-256color C.UTF-8 -- --load "$tmp/one.state" --import "$map"
wait_for '^EXIT=' 10
screen | grep -aq '^EXIT=2' && screen | grep -aq 'takes no --import'
t $? "--load with --import: exit 2"
start 80 24 xterm-256color C.UTF-8 -- --import-offset 5
wait_for '^EXIT=' 10
screen | grep -aq '^EXIT=2' && screen | grep -aq 'give --import FILE'
t $? "--import-offset without --import: exit 2"
finish
