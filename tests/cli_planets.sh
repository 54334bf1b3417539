#!/bin/sh
# cli_planets.sh: a file of several planets from the command line (TAP):
# check counts them, run writes each into its own folder, and each planet
# there is bit for bit the planet of its file alone; check --print writes a
# list that check accepts and that makes the same planets. Needs $TECTONICA.
: "${TECTONICA:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli_planets.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 failed=0
t() { # t CONDITION-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
last_hash() { tail -n 1 "$1" | sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p'; }

cd "$tmp" || exit 1
cat >three.yaml <<'EOT'
defaults:
  grid: {level: 3}
  climate: {noise: [0.1, 0.3]}
planets:
  - { name: Alpha, seed: 1 }
  - { name: Beta World, seed: 2, climate: {noise: 0.05}, plates: {count: 9} }
  - { name: Gamma, seed: 3, events: [{step: 1, rift: largest}] }
EOT
printf 'name: Alpha\nseed: 1\ngrid: {level: 3}\nclimate: {noise: [0.1, 0.3]}\n' >a.yaml
printf 'name: Beta World\nseed: 2\ngrid: {level: 3}\nclimate: {noise: 0.05}\nplates: {count: 9}\n' >b.yaml
printf 'name: Gamma\nseed: 3\ngrid: {level: 3}\nclimate: {noise: [0.1, 0.3]}\nevents: [{step: 1, rift: largest}]\n' >c.yaml

"$TECTONICA" check three.yaml >out 2>err && grep -qx 'three.yaml: ok (3 planets)' out
t $? "check: ok (3 planets)"
"$TECTONICA" run three.yaml -n 4 -o maps -e biome --stats stats.jsonl -q >log 2>&1
t $? "run of a file of planets exits 0"
[ -f maps/1-alpha/biome.png ] && [ -f maps/2-beta-world/stats.jsonl ] && [ -f maps/3-gamma/biome.png ]
t $? "each planet writes into its own folder ($(ls maps | tr '\n' ' '))"
same=0
for p in 1-alpha:a 2-beta-world:b 3-gamma:c; do
	dir=${p%:*} alone=${p#*:}
	"$TECTONICA" run "$alone.yaml" -n 4 --stats "$alone.jsonl" -q
	h1=$(last_hash "maps/$dir/stats.jsonl") h2=$(last_hash "$alone.jsonl")
	[ -n "$h1" ] && [ "$h1" = "$h2" ] && same=$((same + 1))
	echo "# $dir $h1 alone $h2"
done
[ $same -eq 3 ]
t $? "every planet of the list has the state_hash of its file alone"

"$TECTONICA" check --print three.yaml >printed.yaml 2>err &&
	"$TECTONICA" check printed.yaml >out2 2>err && grep -qx 'printed.yaml: ok (3 planets)' out2
t $? "check --print writes a list of planets that check accepts"
"$TECTONICA" run printed.yaml -n 4 -o again --stats stats.jsonl -q >log 2>&1 &&
	[ "$(last_hash again/2-beta-world/stats.jsonl)" = "$(last_hash maps/2-beta-world/stats.jsonl)" ]
t $? "... and makes the same planets"

"$TECTONICA" run three.yaml -n 1 --stats sub/x.jsonl >out2 2>err
[ $? -eq 2 ] && grep -q "without '/'" err
t $? "--stats with a folder in it is refused for a file of planets"

echo "1..$n"
exit $failed
