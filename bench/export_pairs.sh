#!/bin/sh
# export_pairs.sh: what a 4096x2048 elevation16 + biome export costs beyond
# building the planet, for two builds side by side (issue 12's export goal).
#
#   bench/export_pairs.sh BEFORE AFTER [PAIRS]
#
# BEFORE and AFTER are tectonica binaries. Each pair runs, alternately,
# `BIN run -n 0 -s 1 -q` (the planet alone) and the same with
# `-o DIR -e elevation16,biome --size 4096x2048` for BEFORE, then for AFTER;
# the export's cost is the difference of the two wall times (the better of
# two planet-only runs, so a slow one does not flatter the export). Shared
# machines drift, hence the alternation, the 1-minute load before each pair
# and the medians. Also prints the file sizes and checks that both builds
# wrote the same pixels when python3 (or $PYTHON) has numpy and PIL.
set -eu
[ $# -ge 2 ] || { sed -n 2,14p "$0" >&2; exit 2; }
before=$1 after=$2
pairs=${3:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
now() { date +%s.%N; }
wall() { # wall seconds of a command
	t0=$(now); "$@" >/dev/null 2>&1; t1=$(now)
	echo "$t0 $t1" | awk '{printf "%.3f", $2 - $1}'
}
cost() { # BIN OUT: seconds beyond the planet
	p1=$(wall "$1" run -n 0 -s 1 -q)
	e=$(wall "$1" run -n 0 -s 1 -q -o "$2" -e elevation16,biome --size 4096x2048)
	p2=$(wall "$1" run -n 0 -s 1 -q)
	echo "$p1 $p2 $e" | awk '{p = $1 < $2 ? $1 : $2; printf "%.3f %.3f %.3f", p, $3, $3 - p}'
}
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# pair load1 | before: planet export beyond | after: planet export beyond | ratio"
i=1
while [ $i -le "$pairs" ]; do
	l=$(cut -d' ' -f1 /proc/loadavg)
	b=$(cost "$before" "$dir/b")
	a=$(cost "$after" "$dir/a")
	echo "$i $l | $b | $a" | awk '{printf "%d %s | %s %s %s | %s %s %s | %.2f\n", $1, $2, $4, $5, $6, $8, $9, $10, $6 / $10}'
	i=$((i + 1))
done | tee "$dir/pairs"
awk '{b[NR] = $6; a[NR] = $10; r[NR] = $6 / $10}
function med(x, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
	if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
	return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2 }
function low(x, n,   i, m) { m = x[1]; for (i = 2; i <= n; i++) if (x[i] < m) m = x[i]; return m }
END { printf "# median beyond the planet: before %.3f s, after %.3f s, ratio %.2f\n",
	med(b, NR), med(a, NR), med(r, NR)
	printf "# best beyond the planet: before %.3f s, after %.3f s\n", low(b, NR), low(a, NR) }' "$dir/pairs"
echo "# load $(cut -d' ' -f1-3 /proc/loadavg)"
for k in elevation16 biome; do
	echo "# $k.png: before $(wc -c <"$dir/b/$k.png") B, after $(wc -c <"$dir/a/$k.png") B"
done
py=${PYTHON:-python3}
if "$py" -c 'import numpy, PIL' 2>/dev/null; then
	"$py" - "$dir" <<'PY'
import sys, numpy as np
from PIL import Image
d = sys.argv[1]
same = all(np.array_equal(np.array(Image.open(f"{d}/b/{k}.png")), np.array(Image.open(f"{d}/a/{k}.png")))
           for k in ("elevation16", "biome"))
print("# pixels:", "identical" if same else "DIFFERENT")
PY
fi
