#!/bin/sh
# threads_pairs.sh: what a second thread gives, for two builds side by side
# (issue 12's goal: two threads >= 1.7x one thread at level 8).
#
#   bench/threads_pairs.sh BEFORE AFTER [LEVEL [PAIRS [STEPS]]]
#
# BEFORE and AFTER are tectonica binaries. Each pair runs, alternately,
# `BIN bench --level LEVEL --steps STEPS -j1` for BEFORE and AFTER, then the
# same with -j2, and prints the 1-minute load before the pair, each run's
# median ms per step (stress phase in brackets) and each build's speed-up
# (-j1 time / -j2 time). The last lines are the medians over the pairs.
# Shared machines drift by 2-3x under load: compare ratios from one
# session, and quote the load with them. Defaults: level 8, 5 pairs, 20
# steps.
set -eu
[ $# -ge 2 ] || { sed -n 2,14p "$0" >&2; exit 2; }
before=$1 after=$2
level=${3:-8} pairs=${4:-5} steps=${5:-20}
run() { # BIN THREADS: "ms_per_step stress_ms"
	"$1" bench --level "$level" --steps "$steps" -j "$2" |
		sed -n 's/.*"ms_per_step":\([0-9.]*\).*"phase_ms":{[^}]*"stress":\([0-9.]*\).*/\1 \2/p'
}
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, level $level, $steps steps, $(uptime | sed 's/.*load/load/')"
echo "# pair load1 | before -j1 [stress] after -j1 [stress] | before -j2 [stress] after -j2 [stress] | x2 before, after"
i=1
while [ "$i" -le "$pairs" ]; do
	load=$(cut -d' ' -f1 /proc/loadavg)
	b1=$(run "$before" 1) a1=$(run "$after" 1) b2=$(run "$before" 2) a2=$(run "$after" 2)
	echo "$i $load $b1 $a1 $b2 $a2" | awk '{
		printf "%s %s | %.2f [%.2f] %.2f [%.2f] | %.2f [%.2f] %.2f [%.2f] | %.2f %.2f\n",
		       $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $3 / $7, $5 / $9 }' | tee -a "$out"
	i=$((i + 1))
done
median() { # column of $out
	awk -v k="$1" '{ print $k }' "$out" | sort -g | awk '{ v[NR] = $1 } END {
		printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# columns: 1 pair, 2 load, 3 |, 4 b1, 5 [s], 6 a1, 7 [s], 8 |, 9 b2, 10 [s], 11 a2, 12 [s], 13 |, 14 x2b, 15 x2a
echo "# median ms/step: before -j1 $(median 4), after -j1 $(median 6), before -j2 $(median 9), after -j2 $(median 11)"
echo "# median two threads over one: before $(median 14)x, after $(median 15)x"
echo "# $(uptime | sed 's/.*load/load/') at the end"
