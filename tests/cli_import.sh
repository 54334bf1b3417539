#!/bin/sh
# cli_import.sh: `run --import FILE` from the command line: a heightmap
# exported by tectonica starts a run (and -n 0 gives its climate and biomes);
# its --stats step 0 keeps the land share; a PNG that does not state its
# metres needs --import-scale; bad files and bad combinations exit 2 with a
# message and write nothing; the exports of an imported run name the file
# (size, SHA-256, mapping) and the command that, with the embedded
# scenario, makes the same maps. TAP output; $TECTONICA is the binary.
T=${TECTONICA:-src/tectonica}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
n=0 failed=0
ok() { n=$((n + 1)); if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi; }
code() { "$@" >"$dir/out" 2>"$dir/err"; echo $?; }
field() { sed -n "s/.*\"$1\":\([-0-9.e]*\).*/\1/p" "$2" | tail -n 1; }

printf 'seed: 4\ngrid: { level: 4 }\n' >"$dir/s.yaml"
"$T" run "$dir/s.yaml" -n 10 -o "$dir/src" -e elevation16,raw,biome --size 512x256 \
	--stats "$dir/src.jsonl" --quiet
ok $? "a planet exported"

"$T" run "$dir/s.yaml" --import "$dir/src/elevation16.png" -n 0 -e biome,raw -o "$dir/imp" \
	--size 512x256 --stats "$dir/imp.jsonl" --quiet
ok $? "run --import elevation16.png -n 0 -e biome exits 0"
[ -s "$dir/imp/biome.png" ] && [ -s "$dir/imp/raw.f32" ]
ok $? "and writes the climate's biome map of that terrain"
a=$(field land_fraction "$dir/src.jsonl") b=$(field land_fraction "$dir/imp.jsonl")
awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; exit !(a > 0.1 && d < 0.02 && d > -0.02) }'
ok $? "step 0 of the import keeps the land share ($a exported, $b imported)"

"$T" run "$dir/s.yaml" --import "$dir/src/raw.f32" -n 5 --stats "$dir/raw.jsonl" --quiet
ok $? "run --import raw.f32 (float data with its ENVI header) steps on"

# a PNG that says nothing of metres: the biome map's luminance
c=$(code "$T" run --import "$dir/src/biome.png" -n 0 --quiet)
[ "$c" = 2 ] && grep -q -- "--import-scale" "$dir/err"
ok $? "a PNG without a height mapping: exit 2, asks for --import-scale ($c)"
"$T" run "$dir/s.yaml" --import "$dir/src/biome.png" --import-scale 20 --import-offset -2000 \
	-n 0 --stats "$dir/lum.jsonl" --quiet
ok $? "with --import-scale and --import-offset it is read"

printf 'not a map\n' >"$dir/text.png"
head -c 3000 "$dir/src/elevation16.png" >"$dir/cut.png"
head -c 1000 "$dir/src/raw.f32" >"$dir/cut.f32"
bad=0
for f in text.png cut.png cut.f32 missing.png; do
	c=$(code "$T" run --import "$dir/$f" -n 0 -o "$dir/none-$f" --quiet)
	if [ "$c" != 2 ] || ! grep -q "^tectonica: --import: .*$f" "$dir/err" || [ -e "$dir/none-$f" ]; then
		bad=$((bad + 1)); echo "# $f: exit $c: $(cat "$dir/err")"
	fi
done
[ $bad = 0 ]; ok $? "not a PNG, truncated PNG, truncated floats, missing file: exit 2, named, nothing written"

# exports of a part of the planet or another projection
"$T" run "$dir/s.yaml" -n 0 -o "$dir/part" -e elevation16,raw --region -90,-45,90,45 --size 256x128 --quiet
"$T" run "$dir/s.yaml" -n 0 -o "$dir/part" -e mollweide --size 256x128 --quiet
bad=0
for f in elevation16.png raw.f32 mollweide.png; do
	c=$(code "$T" run --import "$dir/part/$f" --import-scale 1 -n 0 --quiet)
	if [ "$c" != 2 ] || ! grep -q "whole planet" "$dir/err"; then
		bad=$((bad + 1)); echo "# $f: exit $c: $(cat "$dir/err")"
	fi
done
[ $bad = 0 ]; ok $? "a region's elevation16 and raw and a Mollweide map: exit 2, not the whole planet"

c=$(code "$T" run --import-scale 2 -n 0 --quiet)
[ "$c" = 2 ]; ok $? "--import-scale without --import: exit 2"
"$T" run "$dir/s.yaml" -n 1 --save "$dir/x.state" --quiet
c=$(code "$T" run --load "$dir/x.state" --import "$dir/src/raw.f32" -n 0 --quiet)
[ "$c" = 2 ]; ok $? "--import with --load: exit 2"
c=$(code "$T" run --import "$dir/src/raw.f32" -n 0 --save "$dir/src/raw.f32" --quiet)
[ "$c" = 2 ] && [ "$(wc -c <"$dir/src/raw.f32")" = $((512 * 256 * 4)) ]
ok $? "--save onto the imported file: exit 2, the file kept"

# a saved state of an imported run resumes on its own
"$T" run "$dir/s.yaml" --import "$dir/src/raw.f32" -n 6 --stats "$dir/six.jsonl" --quiet
"$T" run "$dir/s.yaml" --import "$dir/src/raw.f32" -n 3 --save "$dir/imp.state" --quiet
"$T" run --load "$dir/imp.state" -n 3 --stats "$dir/resumed.jsonl" --quiet
hash() { sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' "$1" | tail -n 1; }
h6=$(hash "$dir/six.jsonl") h3=$(hash "$dir/resumed.jsonl")
[ -n "$h6" ] && [ "$h6" = "$h3" ]
ok $? "an imported run saved at step 3 and resumed ends as the run of 6 steps"

# provenance of an imported run: the exports name the file (path, size,
# SHA-256, mapping) and the command that makes the planet again from the
# embedded scenario; running that command remakes the same maps
"$T" run "$dir/s.yaml" --import "$dir/src/biome.png" --import-scale 20 --import-offset -2000 \
	-n 2 -o "$dir/prov" -e raw,data-biome,elevation16 --size 512x256 --stats "$dir/prov.jsonl" --quiet
j="$dir/prov/raw.json"
str() { sed -n "s/^ *\"$1\": \"\(.*\)\",*$/\1/p" "$2" | head -n 1; }
bytes=$(sed -n 's/^ *"bytes": \([0-9]*\),$/\1/p' "$j")
[ "$(str file "$j")" = "$dir/src/biome.png" ] && [ "$bytes" = "$(wc -c <"$dir/src/biome.png" | tr -d ' ')" ]
ok $? "raw.json names the imported file and its size ($bytes bytes)"
sum=$(str sha256 "$j")
if command -v sha256sum >/dev/null 2>&1; then
	[ "$sum" = "$(sha256sum "$dir/src/biome.png" | cut -d' ' -f1)" ]
else
	echo "$sum" | grep -q '^[0-9a-f]\{64\}$'
fi
ok $? "and its SHA-256 ($sum)"
grep -q "Import-SHA256\">$sum<" "$dir/prov/elevation16.png.aux.xml" &&
	grep -q "Import-SHA256\">$sum<" "$dir/prov/data-biome.u8.aux.xml"
ok $? "the PNG's and the data layer's .aux.xml carry it too"
# the effective scenario out of raw.json (a JSON string: \n, \t, \" and \\)
sed -n 's/^  "scenario_yaml": "\(.*\)",$/\1/p' "$j" | awk '{
	s = $0; out = ""
	while ((i = index(s, "\\")) > 0) {
		out = out substr(s, 1, i - 1); c = substr(s, i + 1, 1); s = substr(s, i + 2)
		out = out (c == "n" ? "\n" : c == "t" ? "\t" : c)
	}
	printf "%s", out s
}' >"$dir/scenario.yaml"
cmd=$(str reproduce "$j")
grep -q "^#.*SHA-256 $sum" "$dir/scenario.yaml" && grep -qF -- "#   $cmd" "$dir/scenario.yaml" &&
	"$T" check "$dir/scenario.yaml" >/dev/null
ok $? "the embedded scenario names the file and the command, and check accepts it"
case $T in /*) abs=$T ;; *) abs=$(pwd)/$T ;; esac
(cd "$dir" && T=$abs && eval "\"\$T\"${cmd#tectonica} -o again -e raw,data-biome --size 512x256 --stats again.jsonl --quiet")
ok $? "the recorded command runs: $cmd"
hash() { sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' "$1" | tail -n 1; }
ha=$(hash "$dir/prov.jsonl") hb=$(hash "$dir/again.jsonl")
[ -n "$ha" ] && [ "$ha" = "$hb" ] && cmp -s "$dir/prov/raw.f32" "$dir/again/raw.f32" &&
	cmp -s "$dir/prov/data-biome.u8" "$dir/again/data-biome.u8"
ok $? "and makes the same planet: state hash $ha = $hb, raw.f32 and data-biome.u8 identical"
"$T" run "$dir/scenario.yaml" -n 2 --stats "$dir/generated.jsonl" --quiet
hc=$(hash "$dir/generated.jsonl")
[ -n "$hc" ] && [ "$hc" != "$ha" ]
ok $? "without the file the scenario makes another planet ($hc)"
grep -q '"import": null' "$dir/src/raw.json"
ok $? "a generated planet's raw.json says import: null"

echo "1..$n"
[ $failed = 0 ]
