#!/bin/sh
# cli_batch.sh: `run --seeds A..B` writes DIR/seed-N/ for each seed, each
# identical, byte for byte, to the single run `run -s N`; the summary holds
# every seed's final --stats line in order; bad batches are refused before
# anything is written. TAP output; $TECTONICA is the binary.
T=${TECTONICA:-src/tectonica}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
n=0 failed=0
ok() { n=$((n + 1)); if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi; }
code() { "$@" >"$dir/out" 2>"$dir/err"; echo $?; }

# a range in the scenario: each seed draws its own value, as a single run does
printf 'seed: 1\ngrid: { level: 3 }\nplates: { count: [6, 14], max: 16 }\n' >"$dir/b.yaml"
"$T" run "$dir/b.yaml" -n 6 --seeds 3..5 -o "$dir/batch" -e biome,raw,data-plates --size 64x32 \
	--stats stats.jsonl --save s.state -j 2 --quiet
ok $? "a batch of 3 seeds exits 0"
same=0
for s in 3 4 5; do
	mkdir -p "$dir/single/seed-$s"
	"$T" run "$dir/b.yaml" -n 6 -s $s -o "$dir/single/seed-$s" -e biome,raw,data-plates --size 64x32 \
		--stats "$dir/single/seed-$s/stats.jsonl" --save "$dir/single/seed-$s/s.state" -j 1 --quiet
	diff -r "$dir/batch/seed-$s" "$dir/single/seed-$s" >/dev/null && same=$((same + 1))
done
[ $same = 3 ]; ok $? "each seed's folder equals its single run, file for file ($same of 3)"
[ "$(ls "$dir/batch/seed-4" | wc -l)" -ge 10 ]; ok $? "maps, sidecars, stats and state in each folder"
sum="$dir/batch/summary-3-5.jsonl"
[ "$(wc -l <"$sum")" = 3 ] && [ "$(sed -n 's/.*"seed":\([0-9]*\),.*/\1/p' "$sum" | tr '\n' ' ')" = "3 4 5 " ]
ok $? "summary-3-5.jsonl: one line per seed, in order"
good=0
for s in 3 4 5; do
	want=$(tail -n 1 "$dir/single/seed-$s/stats.jsonl")
	grep -qxF "$want" "$sum" && good=$((good + 1))
done
[ $good = 3 ]; ok $? "each summary line is that seed's final --stats line ($good of 3)"
[ "$(sed -n 's/.*"plate_count":\([0-9]*\),.*/\1/p' "$sum" | sort -u | wc -l)" -ge 2 ]
ok $? "the seeds drew their own plate counts from the range"

# a parameter sweep: each value's folder equals the single run with --set
"$T" run "$dir/b.yaml" -n 4 -s 8 --sweep plates.count=6,11 -o "$dir/sweep" -e biome,data-plates \
	--size 64x32 --stats stats.jsonl --quiet
ok $? "--sweep plates.count=6,11 exits 0"
same=0
for v in 6 11; do
	mkdir -p "$dir/set-$v"
	"$T" run "$dir/b.yaml" -n 4 -s 8 --set plates.count=$v -o "$dir/set-$v" -e biome,data-plates \
		--size 64x32 --stats "$dir/set-$v/stats.jsonl" --quiet
	diff -r "$dir/sweep/plates.count-$v" "$dir/set-$v" >/dev/null && same=$((same + 1))
done
[ $same = 2 ]; ok $? "each value's folder equals run --set KEY=VALUE, file for file ($same of 2)"
[ "$(sed -n 's/.*"plate_count":\([0-9]*\),.*/\1/p' "$dir/sweep/summary-plates.count.jsonl" | tr '\n' ' ')" != "" ] &&
	[ "$(wc -l <"$dir/sweep/summary-plates.count.jsonl")" = 2 ] &&
	[ "$(sed -n 's/.*"scenario_hash":"\([0-9a-f]*\)".*/\1/p' "$dir/sweep/summary-plates.count.jsonl" | sort -u | wc -l)" = 2 ]
ok $? "summary-plates.count.jsonl: one line per value, each its own scenario hash"
[ "$(code "$T" run "$dir/b.yaml" --set plates.count=999 -n 0)" = 2 ] && grep -q "plates.count" "$dir/err"
ok $? "--set out of bounds exits 2 and names the key"
[ "$(code "$T" run "$dir/b.yaml" --sweep plates.count=6,999 -o "$dir/no5")" = 2 ] && [ ! -e "$dir/no5" ]
ok $? "a sweep with a bad value exits 2 before writing anything"
[ "$(code "$T" run --load "$dir/batch/seed-3/s.state" --set plates.count=6 -n 0)" = 2 ]
ok $? "--set with --load exits 2"

# refused before anything is written
[ "$(code "$T" run "$dir/b.yaml" --seeds 5..3 -o "$dir/no1")" = 2 ] && [ ! -e "$dir/no1" ]
ok $? "--seeds 5..3 exits 2"
[ "$(code "$T" run "$dir/b.yaml" --seeds 1..3 -s 4 -o "$dir/no2")" = 2 ] && [ ! -e "$dir/no2" ]
ok $? "--seeds with -s exits 2"
printf 'grid: { level: eleven }\n' >"$dir/bad.yaml"
[ "$(code "$T" run "$dir/bad.yaml" --seeds 1..2 -o "$dir/no3")" = 2 ] && [ ! -e "$dir/no3" ]
ok $? "a bad scenario exits 2 and writes nothing"
[ "$(code "$T" run "$dir/b.yaml" --seeds 1..2 --stats sub/x.jsonl -o "$dir/no4")" = 2 ]
ok $? "--stats with a folder in a batch exits 2"

echo "1..$n"
[ $failed = 0 ]
