#!/bin/sh
# cli_run.sh: `tectonica run`, `bench` and the top-level options, through
# the real binary: exit codes, exports, stats, time-lapse, state files.
# TAP output; $TECTONICA is the binary (set by make check).
T=${TECTONICA:-src/tectonica}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
n=0 failed=0
ok() { n=$((n + 1)); if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi; }
code() { "$@" >"$dir/out" 2>"$dir/err"; echo $?; }

# a small, quick planet
cat >"$dir/small.yaml" <<'YAML'
name: small
seed: 7
grid: { kind: goldberg, level: 4 }
YAML

ok "$(code "$T" --help)" "--help exits 0"
grep -q "tectonica run" "$dir/out"; ok $? "--help shows the run usage"
ok "$(code "$T" --version)" "--version exits 0"
grep -Eq "^tectonica [0-9]+\.[0-9]+" "$dir/out"; ok $? "--version prints the version"

[ "$(code "$T" run --bogus)" = 2 ]; ok $? "unknown option exits 2"
[ "$(code "$T" run -n abc)" = 2 ]; ok $? "bad step count exits 2"
[ "$(code "$T" run -j 0)" = 2 ]; ok $? "zero threads exits 2"
[ "$(code "$T" run --size 100x100 "$dir/small.yaml")" = 2 ]; ok $? "non-2:1 size exits 2"
[ "$(code "$T" run -e nosuchmap -o "$dir/x" "$dir/small.yaml")" = 2 ]; ok $? "unknown export kind exits 2"
grep -q "biome" "$dir/err"; ok $? "and names the valid kinds"
[ "$(code "$T" run "$dir/missing.yaml")" = 2 ]; ok $? "missing scenario exits 2"
printf 'grid:\n  level: eleven\n' >"$dir/bad.yaml"
[ "$(code "$T" run "$dir/bad.yaml")" = 2 ]; ok $? "invalid scenario exits 2"
grep -Eq "bad.yaml:2:[0-9]+: " "$dir/err"; ok $? "with FILE:LINE:COL: message"
[ "$(code "$T" run "$dir/small.yaml" -o /proc/forbidden -e biome)" = 1 ]; ok $? "unwritable output exits 1"
[ "$(code "$T" run "$dir/small.yaml" -n 100000 --save "$dir/no/such/dir/s.state")" = 1 ]
ok $? "an unwritable --save folder fails before the run, not after it"

# every export kind, valid PNG headers with the asked size
ok "$(code "$T" run "$dir/small.yaml" -n 0 -o "$dir/maps" -e all --size 256x128 --quiet)" "run -n 0 -e all exits 0"
all=1
for k in biome elevation elevation16 plates stress temperature precipitation age cubemap; do
	f="$dir/maps/$k.png"
	if [ "$(head -c 8 "$f" 2>/dev/null | od -An -tx1 | tr -d ' \n')" != 89504e470d0a1a0a ]; then
		echo "# $k.png missing or not a PNG"; all=0
	fi
done
[ $all = 1 ]; ok $? "every PNG kind is written"
w=$(od -An -tu1 -j16 -N8 "$dir/maps/biome.png" | awk '{print $3*256+$4 "x" $7*256+$8}')
[ "$w" = 256x128 ]; ok $? "biome.png is 256x128 (got $w)"
[ -s "$dir/maps/raw.f32" ] && [ "$(wc -c <"$dir/maps/raw.f32")" -eq $((256 * 128 * 4)) ]; ok $? "raw.f32 holds W*H floats"
grep -q '"width"' "$dir/maps/raw.json"; ok $? "raw.json sidecar written"

# determinism: same bytes for two runs and for -j1 / -j2
"$T" run "$dir/small.yaml" -n 20 -j 1 -o "$dir/a" -e biome,elevation16 --size 128x64 --quiet
"$T" run "$dir/small.yaml" -n 20 -j 2 -o "$dir/b" -e biome,elevation16 --size 128x64 --quiet
cmp -s "$dir/a/biome.png" "$dir/b/biome.png" && cmp -s "$dir/a/elevation16.png" "$dir/b/elevation16.png"
ok $? "20 steps: -j1 and -j2 write identical PNGs"
"$T" run "$dir/small.yaml" -n 20 -j 2 -o "$dir/c" -e biome,elevation16 --size 128x64 --quiet
cmp -s "$dir/b/biome.png" "$dir/c/biome.png"; ok $? "two runs write identical PNGs"

# stats: one JSON line per step with the interface fields
"$T" run "$dir/small.yaml" -n 5 --stats - --quiet >"$dir/stats.jsonl"
ok $? "run --stats - exits 0"
[ "$(wc -l <"$dir/stats.jsonl")" -eq 6 ]; ok $? "one line per step 0..5"
fields=1
for f in step time_myr cells plate_count land_fraction sea_level_m elevation_min_m elevation_max_m \
	elevation_mean_m mean_temperature_c biome_fractions boundary_fractions state_hash plates \
	area_fraction continental_fraction speed_cm_yr pole_lat pole_lon mean_elevation_m convergent; do
	grep -q "\"$f\"" "$dir/stats.jsonl" || { echo "# missing field $f"; fields=0; }
done
[ $fields = 1 ]; ok $? "stats lines carry every documented field"

# a region: any aspect, sampled from the sphere; the square raw16
ok "$(code "$T" run "$dir/small.yaml" -n 0 -o "$dir/reg" -e biome,raw16 --region -20,30,40,60 --size 120x60 --quiet)" \
	"--region with its own --size exits 0"
[ "$(wc -c <"$dir/reg/raw16.raw")" = $((65 * 65 * 2)) ]; ok $? "raw16 of a 60-row map is 65x65 uint16"
"$T" run "$dir/small.yaml" -n 0 -o "$dir/reg2" -e biome --region -20,30,40,60 --quiet
[ "$(od -An -tu1 -j16 -N8 "$dir/reg2/biome.png" | tr -s ' ')" = " 0 0 8 0 0 0 4 0" ]
ok $? "--region without --size keeps the box's shape (2048x1024 for 60 x 30 degrees)"
[ "$(code "$T" run "$dir/small.yaml" -o "$dir/reg" --region 10,20,30)" = 2 ]; ok $? "a region of three numbers exits 2"
[ "$(code "$T" run "$dir/small.yaml" -o "$dir/reg" --region 10,60,30,20)" = 2 ]; ok $? "south above north exits 2"
[ "$(code "$T" run "$dir/small.yaml" -o "$dir/reg" --size 120x60x --region 0,0,10,10)" = 2 ]; ok $? "a bad size with a region exits 2"

# time-lapse frames every K steps
"$T" run "$dir/small.yaml" -n 10 --every 5 -o "$dir/tl" -e biome --size 64x32 --quiet
[ -f "$dir/tl/biome-000000.png" ] && [ -f "$dir/tl/biome-000001.png" ] && [ -f "$dir/tl/biome-000002.png" ] &&
	[ "$(ls "$dir/tl" | grep -c png$)" = 3 ]
ok $? "--every 5 writes frames biome-000000/1/2.png (steps 0, 5, 10), no gaps"

# state files resume bit-identically
"$T" run "$dir/small.yaml" -n 20 --stats "$dir/full.jsonl" --quiet
"$T" run "$dir/small.yaml" -n 10 --save "$dir/s.state" --quiet
ok $? "--save exits 0"
"$T" run --load "$dir/s.state" -n 10 --stats "$dir/resumed.jsonl" --quiet
ok $? "--load exits 0"
h1=$(tail -n 1 "$dir/full.jsonl" | sed 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/')
h2=$(tail -n 1 "$dir/resumed.jsonl" | sed 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/')
[ -n "$h1" ] && [ "$h1" = "$h2" ]; ok $? "10 + 10 steps via a state file = 20 steps ($h1 / $h2)"
head -c 1000 "$dir/s.state" >"$dir/trunc.state"
[ "$(code "$T" run --load "$dir/trunc.state")" = 2 ]; ok $? "truncated state file exits 2"
cp "$dir/s.state" "$dir/flip.state"
# change one byte (to another value: writing a fixed one may change nothing)
b=$(od -An -tu1 -j5000 -N1 "$dir/s.state" | tr -d ' ')
printf "$(printf '\\%03o' $(( (b + 1) % 256 )))" | dd of="$dir/flip.state" bs=1 seek=5000 conv=notrunc 2>/dev/null
cmp -s "$dir/s.state" "$dir/flip.state"; [ $? = 1 ]; ok $? "the damaged copy differs in one byte"
[ "$(code "$T" run --load "$dir/flip.state")" = 2 ]; ok $? "damaged state file exits 2"
grep -q checksum "$dir/err"; ok $? "and says the checksum failed"
[ "$(code "$T" run --load "$dir/small.yaml")" = 2 ]; ok $? "a YAML file is not a state file"

# bench prints one JSON object
"$T" bench --level 3 --steps 3 -j 2 >"$dir/bench.json"
ok $? "bench exits 0"
for f in cells threads steps ms_per_step mean_ms_per_step climate_ms mean_climate_ms \
	phase_ms phase_mean_ms peak_rss_mb; do
	grep -q "\"$f\"" "$dir/bench.json" || { echo "# bench lacks $f"; failed=$((failed + 1)); }
done
[ "$(code "$T" bench --level 12)" = 2 ]; ok $? "bench rejects level 12"
# --warmup: untimed steps first; the planet they grew is the one timed
"$T" bench --level 3 --steps 2 --warmup 0 >"$dir/bench0.json" &&
	"$T" bench --level 3 --steps 2 --warmup 60 >"$dir/bench60.json" &&
	grep -q '"warmup":0,' "$dir/bench0.json" && grep -q '"warmup":60,' "$dir/bench60.json" &&
	[ "$(sed 's/.*"plates":\([0-9]*\).*/\1/' "$dir/bench0.json")" != "$(sed 's/.*"plates":\([0-9]*\).*/\1/' "$dir/bench60.json")" ]
ok $? "bench --warmup steps the planet before timing it"
[ "$(code "$T" bench --warmup -1)" = 2 ]; ok $? "bench rejects a negative --warmup"

# -s without a scenario: the built-in default takes the seed like any file
"$T" run -s 5 -n 0 --stats "$dir/s5.jsonl" -q && "$T" run -s 6 -n 0 --stats "$dir/s6.jsonl" -q &&
	grep -q '"seed":5,' "$dir/s5.jsonl" && grep -q '"seed":6,' "$dir/s6.jsonl" &&
	[ "$(sed 's/.*"state_hash"//' "$dir/s5.jsonl")" != "$(sed 's/.*"state_hash"//' "$dir/s6.jsonl")" ]
ok $? "-s applies to the built-in default scenario"

echo "1..$n"
[ $failed = 0 ]
