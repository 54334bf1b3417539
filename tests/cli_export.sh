#!/bin/sh
# cli_export.sh: the PNG maps of one export are rendered together (one grid
# lookup per pixel for all of them) and compressed while the next band of
# rows renders. Neither may change a byte: maps of many bands are the same
# for -j1 and -j2, and the same whether a kind is exported alone or with
# others. TAP output; $TECTONICA is the binary (set by make check).
T=${TECTONICA:-src/tectonica}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
n=0 failed=0
ok() { n=$((n + 1)); if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi; }

cat >"$dir/small.yaml" <<'YAML'
name: small
seed: 11
grid: { kind: goldberg, level: 5 }
YAML

# 600x300: five bands of 64 rows, the last one short
kinds="biome elevation elevation16 relief plates age"
list=$(echo $kinds | tr ' ' ',')
for j in 1 2; do
	"$T" run "$dir/small.yaml" -n 10 -j $j -o "$dir/j$j" -e "$list" --size 600x300 --quiet
	ok $? "-j$j: six maps of 600x300 written together"
done
same=1
for k in $kinds; do
	cmp -s "$dir/j1/$k.png" "$dir/j2/$k.png" || { echo "# $k.png differs between -j1 and -j2"; same=0; }
	cmp -s "$dir/j1/$k.png.aux.xml" "$dir/j2/$k.png.aux.xml" || { echo "# $k.png.aux.xml differs"; same=0; }
done
[ $same = 1 ]; ok $? "-j1 and -j2 write identical maps and sidecars"

alone=1
for k in biome elevation16 relief; do
	"$T" run "$dir/small.yaml" -n 10 -j 2 -o "$dir/alone-$k" -e $k --size 600x300 --quiet &&
		cmp -s "$dir/alone-$k/$k.png" "$dir/j1/$k.png" || { echo "# $k.png alone differs"; alone=0; }
done
[ $alone = 1 ]; ok $? "a map exported alone is the same file as exported with others"

# a region of another aspect goes through the same path
"$T" run "$dir/small.yaml" -n 10 -j 1 -o "$dir/r1" -e biome,elevation16 --size 300x333 \
	--region 100,-40,-150,20 --quiet &&
"$T" run "$dir/small.yaml" -n 10 -j 2 -o "$dir/r2" -e biome,elevation16 --size 300x333 \
	--region 100,-40,-150,20 --quiet &&
	cmp -s "$dir/r1/biome.png" "$dir/r2/biome.png" && cmp -s "$dir/r1/elevation16.png" "$dir/r2/elevation16.png"
ok $? "a region of 333 rows: -j1 and -j2 write identical maps"

echo "1..$n"
[ $failed = 0 ]
