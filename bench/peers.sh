#!/bin/sh
# peers.sh: tectonica side by side with its peers, in one session.
#
#   bench/peers.sh [--platec DIR] [--planet DIR] [--pairs N] [--steps N]
#                  [--warmup N] [--threads "1 2"] [--match "7=512x512 8=1024x512"]
#                  [--seed S] [--tectonica BIN]
#
# DIR are checkouts of the peers (nothing of theirs is in this repository):
#   --platec  Mindwerks/plate-tectonics (WorldEngine's plate library)
#   --planet  Torben Mogensen's planet.c (e.g. MagicalDrizzle/planet-generator)
# At least one is needed. Both are built in a temporary directory (platec
# with cmake, Release; planet.c with gcc -O2 as its README says); the platec
# driver is bench/platec_driver.cpp, compiled with g++ against the checkout.
#
# Absolute times on shared machines drift by ±25 %, so the programs run
# alternately (tectonica, peer, tectonica, peer, ...) and what counts is the
# median of the per-pair ratios. The load average is printed before and
# after each set, and the 1-minute load before each pair (load1). Ratios
# above 1 mean tectonica is faster.
#
# platec: for each "LEVEL=WxH" of --match and each thread count, a pair is
#   `tectonica bench --level LEVEL --steps N --warmup W -j T` (default
#   scenario; W untimed steps first, 2 unless --warmup says: 300 times a
#   planet with its fifty plates grown, not step 0's dozen) and
#   `platec_driver SEED W H` (WorldEngine's parameters, stepped until platec
#   says it is finished; seed 1 at 512x512 runs 1 144 steps). Cell counts
#   differ (level 7 = 163 842 cells, 512x512 = 262 144), so speeds are
#   compared as cell-steps per second. Which of tectonica's phases are
#   "what platec does":
#     plate      = motion + collisions: plate rotation and ownership, gaps
#                  filled with new crust, subduction, continental stacking
#                  (the issue's "plate part"; platec's step does all this);
#     plate+crust= plate + crust: adds orogeny, ageing, erosion, relaxation,
#                  plate events and new velocities, which platec's step also
#                  does in its own way (erosion every 60 steps, ageing,
#                  plate restarts);
#     step       = the whole step as `run` makes it when nothing looks at it,
#                  including what platec has no counterpart for: stress,
#                  elevation and sea-level solve, the moisture sweep;
#     step+clim  = step + climate_ms: a step that is reported (dashboard,
#                  --stats every step, exports) also makes temperature,
#                  rain and biomes.
#   Both sides are compared by their mean time per step (platec's
#   cell-steps/s is cells * steps / seconds; tectonica's mean_ms_per_step,
#   mean_climate_ms and phase_mean_ms include the work done every 4th or
#   8th step); the ratio of medians (tectonica's ms_per_step and phase_ms
#   against platec's median step) is printed as well. platec runs on one thread whatever -j is.
#   Peak RSS of each whole process comes from /usr/bin/time (%M).
#
# planet: `planet -s 0.123 -w 4096 -h 2048 -pq -C Olsson.col -o out.bmp`
#   (one 4096x2048 map from nothing) against
#   `tectonica run -n 0 -e elevation16,biome --size 4096x2048 -o DIR -q -j T`
#   (generate the default planet, write two 4096x2048 maps), wall-clock each
#   whole process. planet.c is single-threaded.
#
# Exit status: 0 done, 1 a build or a run failed, 2 bad arguments or a
# missing checkout or tool.
set -eu

me=peers.sh
here=$(cd "$(dirname "$0")" && pwd)

usage() { # usage STATUS
	sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
	exit "$1"
}
bad() { echo "$me: $*" >&2; exit 2; }
die() { echo "$me: $*" >&2; exit 1; }

platec="" planet="" pairs=5 steps=50 warmup=2 threads="1 2" seed=1
match="7=512x512 8=1024x512"
tect=${TECTONICA:-$here/../src/tectonica}
while [ $# -gt 0 ]; do
	case $1 in
	--platec | --planet | --pairs | --steps | --warmup | --threads | --match | --seed | --tectonica)
		[ $# -ge 2 ] || bad "$1 needs a value"
		case $1 in
		--platec) platec=$2 ;;
		--planet) planet=$2 ;;
		--pairs) pairs=$2 ;;
		--steps) steps=$2 ;;
		--warmup) warmup=$2 ;;
		--threads) threads=$2 ;;
		--match) match=$2 ;;
		--seed) seed=$2 ;;
		--tectonica) tect=$2 ;;
		esac
		shift 2 ;;
	-h | --help) usage 0 ;;
	*) bad "unknown argument '$1' (try --help)" ;;
	esac
done

# --- check everything before building anything ---------------------------
[ -n "$platec$planet" ] || bad "give --platec DIR and/or --planet DIR (try --help)"
if [ -n "$platec" ]; then
	[ -d "$platec" ] || bad "--platec: no such directory: $platec"
	[ -f "$platec/src/platecapi.hpp" ] && [ -f "$platec/CMakeLists.txt" ] ||
		bad "--platec: $platec is not a plate-tectonics checkout (no src/platecapi.hpp or CMakeLists.txt)"
	platec=$(cd "$platec" && pwd)
fi
if [ -n "$planet" ]; then
	[ -d "$planet" ] || bad "--planet: no such directory: $planet"
	[ -f "$planet/planet.c" ] && [ -f "$planet/Olsson.col" ] ||
		bad "--planet: $planet has no planet.c and Olsson.col"
	planet=$(cd "$planet" && pwd)
fi
is_count() { case $1 in '' | *[!0-9]*) return 1 ;; esac; [ "$1" -ge 1 ]; }
is_count "$pairs" || bad "--pairs: expected a count >= 1, got '$pairs'"
is_count "$steps" || bad "--steps: expected a count >= 1, got '$steps'"
case $warmup in '' | *[!0-9]*) bad "--warmup: expected a count >= 0, got '$warmup'" ;; esac
for t in $threads; do is_count "$t" || bad "--threads: expected counts >= 1, got '$t'"; done
case $seed in '' | *[!0-9]*) bad "--seed: expected a number, got '$seed'" ;; esac
for m in $match; do
	case $m in
	[0-9]=[0-9]*x[0-9]*) ;;
	*) bad "--match: expected LEVEL=WxH items, got '$m'" ;;
	esac
done
[ -x "$tect" ] || bad "no tectonica binary at $tect (build it, or give --tectonica BIN)"
[ -x /usr/bin/time ] || bad "needs GNU time at /usr/bin/time (apt-get install time)"
need() { command -v "$1" >/dev/null 2>&1 || bad "needs $1 on PATH"; }
if [ -n "$platec" ]; then need cmake; need make; need g++; fi
if [ -n "$planet" ]; then need gcc; fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/peers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# --- helpers ----------------------------------------------------------------
load() { cut -d' ' -f1-3 /proc/loadavg; }

# num FILE KEY [OBJECT]: a number from a one-line JSON object, at the top
# level or inside the nested object OBJECT
num() {
	if [ $# -eq 3 ]; then
		sed -n "s/.*\"$3\":{\([^}]*\)}.*/\1/p" "$1"
	else
		sed 's/:{[^{}]*}/:{}/g' "$1"
	fi | sed -n "s/.*\"$2\":\([-0-9.eE+]*\).*/\1/p"
}

# median of the numbers on stdin
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) print "nan";
		else if (NR % 2) printf "%.3g\n", v[(NR + 1) / 2];
		else printf "%.3g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# calc EXPR: floating-point arithmetic
calc() { awk "BEGIN { printf \"%.3f\\n\", $1 }"; }

# timed OUT CMD...: run CMD with stdout to OUT, peak RSS (KiB) and wall
# seconds to OUT.time
timed() {
	out=$1
	shift
	/usr/bin/time -f '%M %e' -o "$out.time" "$@" >"$out" 2>"$out.err" ||
		{ cat "$out.err" >&2; die "failed: $*"; }
}
rss_mib() { awk '{ printf "%.1f", $1 / 1024 }' "$1.time"; }
wall_s() { awk '{ print $2 }' "$1.time"; }

commit=$(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "# tectonica side by side with its peers"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit, $(nproc) cores, $("$tect" --version)"
echo "# $me --pairs $pairs --steps $steps --warmup $warmup --threads '$threads' --match '$match' --seed $seed"
echo "# load at start: $(load)"

summary=$tmp/summary
: >"$summary"

# --- platec -----------------------------------------------------------------
if [ -n "$platec" ]; then
	echo "# building platec (cmake Release) and bench/platec_driver.cpp ..."
	{
		cmake -S "$platec" -B "$tmp/platec" -DCMAKE_BUILD_TYPE=Release -DWITH_TESTS=OFF &&
			make -C "$tmp/platec" -j2
	} >"$tmp/platec.log" 2>&1 || { tail -20 "$tmp/platec.log" >&2; die "platec did not build"; }
	lib=$(find "$tmp/platec" -name libPlateTectonics.a | head -1)
	[ -n "$lib" ] || die "platec built no libPlateTectonics.a"
	g++ -O2 -I"$platec/src" "$here/platec_driver.cpp" "$lib" -o "$tmp/platec_driver" ||
		die "bench/platec_driver.cpp did not build against $platec"

	for m in $match; do
		level=${m%%=*} size=${m#*=}
		w=${size%x*} h=${size#*x}
		for t in $threads; do
			echo
			lbefore=$(load)
			echo "## level $level, -j $t  vs  platec ${w}x$h (seed $seed); load before: $lbefore"
			printf '%4s %8s %8s %8s %8s %7s | %8s %7s | %7s %7s %7s %9s | %6s %6s | %5s\n' \
				pair t_plate t_p+crust t_step t_+clim cells p_step cells \
				plate p+crust step step+clim rss_t rss_p load1
			: >"$tmp/r_plate"; : >"$tmp/r_pc"; : >"$tmp/r_full"; : >"$tmp/r_clim"
			: >"$tmp/rm_plate"; : >"$tmp/rm_full"
			: >"$tmp/rss_t"; : >"$tmp/rss_p"; : >"$tmp/ms_t"; : >"$tmp/ms_p"
			i=1
			while [ "$i" -le "$pairs" ]; do
				l1=$(cut -d' ' -f1 /proc/loadavg)
				timed "$tmp/t.json" "$tect" bench --level "$level" --steps "$steps" --warmup "$warmup" -j "$t"
				timed "$tmp/p.json" "$tmp/platec_driver" "$seed" "$w" "$h"
				tc=$(num "$tmp/t.json" cells)
				tf=$(num "$tmp/t.json" mean_ms_per_step)
				tcl=$(calc "$tf + $(num "$tmp/t.json" mean_climate_ms)")
				mo=$(num "$tmp/t.json" motion phase_mean_ms)
				co=$(num "$tmp/t.json" collisions phase_mean_ms)
				cr=$(num "$tmp/t.json" crust phase_mean_ms)
				tp=$(calc "$mo + $co")
				tpc=$(calc "$mo + $co + $cr")
				pc=$(num "$tmp/p.json" cells)
				pf=$(num "$tmp/p.json" mean_ms_per_step)
				# ratio of cell-steps/s: (tc / t_ms) / (pc / p_ms)
				r_plate=$(calc "($tc / $tp) / ($pc / $pf)")
				r_pc=$(calc "($tc / $tpc) / ($pc / $pf)")
				r_full=$(calc "($tc / $tf) / ($pc / $pf)")
				r_clim=$(calc "($tc / $tcl) / ($pc / $pf)")
				# the same with medians on both sides
				mtp=$(calc "$(num "$tmp/t.json" motion phase_ms) + $(num "$tmp/t.json" collisions phase_ms)")
				mpf=$(num "$tmp/p.json" ms_per_step)
				calc "($tc / $mtp) / ($pc / $mpf)" >>"$tmp/rm_plate"
				calc "($tc / $(num "$tmp/t.json" ms_per_step)) / ($pc / $mpf)" >>"$tmp/rm_full"
				rt=$(rss_mib "$tmp/t.json") rp=$(rss_mib "$tmp/p.json")
				echo "$r_plate" >>"$tmp/r_plate"; echo "$r_pc" >>"$tmp/r_pc"
				echo "$r_full" >>"$tmp/r_full"; echo "$r_clim" >>"$tmp/r_clim"
				echo "$rt" >>"$tmp/rss_t"
				echo "$rp" >>"$tmp/rss_p"; echo "$tf" >>"$tmp/ms_t"; echo "$pf" >>"$tmp/ms_p"
				printf '%4d %8.2f %8.2f %8.2f %8.2f %7d | %8.2f %7d | %7.2f %7.2f %7.2f %9.2f | %6.1f %6.1f | %5s\n' \
					"$i" "$tp" "$tpc" "$tf" "$tcl" "$tc" "$pf" "$pc" \
					"$r_plate" "$r_pc" "$r_full" "$r_clim" "$rt" "$rp" "$l1"
				i=$((i + 1))
			done
			lafter=$(load)
			mp=$(median <"$tmp/r_plate") mpc=$(median <"$tmp/r_pc") mf=$(median <"$tmp/r_full")
			mcl=$(median <"$tmp/r_clim")
			mrt=$(median <"$tmp/rss_t") mrp=$(median <"$tmp/rss_p")
			mmt=$(median <"$tmp/ms_t") mmp=$(median <"$tmp/ms_p")
			echo "median: plate ${mp}x, plate+crust ${mpc}x, step ${mf}x, step+climate ${mcl}x" \
				"(tectonica $mmt ms/step, platec $mmp ms/step, means); RSS $mrt / $mrp MiB"
			echo "median with medians per step: plate $(median <"$tmp/rm_plate")x," \
				"step $(median <"$tmp/rm_full")x"
			echo "load after: $lafter"
			printf '| level %s (%s cells), -j %s | %s (%s cells) | %s× | %s× | %s× | %s× | %s / %s | %s MiB / %s MiB | %s → %s |\n' \
				"$level" "$tc" "$t" "${w}×$h" "$pc" "$mp" "$mpc" "$mf" "$mcl" \
				"$mmt" "$mmp" "$mrt" "$mrp" "$lbefore" "$lafter" >>"$summary"
		done
	done
fi

# --- Mogensen's planet ------------------------------------------------------
if [ -n "$planet" ]; then
	echo
	echo "# building planet.c (gcc -O2 -ansi) ..."
	gcc -O2 -w -ansi "$planet/planet.c" -o "$tmp/planet" -lm || die "planet.c did not build"
	for t in $threads; do
		lbefore=$(load)
		echo
		echo "## 4096x2048 maps: tectonica run -n 0 -e elevation16,biome -j $t  vs  planet -pq; load before: $lbefore"
		printf '%4s %9s %9s | %7s | %7s %7s | %5s\n' pair t_s planet_s ratio rss_t rss_p load1
		: >"$tmp/r"; : >"$tmp/s_t"; : >"$tmp/s_p"; : >"$tmp/rss_t"; : >"$tmp/rss_p"
		i=1
		while [ "$i" -le "$pairs" ]; do
			l1=$(cut -d' ' -f1 /proc/loadavg)
			rm -rf "$tmp/maps" && mkdir "$tmp/maps"
			timed "$tmp/t.out" "$tect" run -n 0 -e elevation16,biome --size 4096x2048 \
				-o "$tmp/maps" -q -j "$t"
			[ -s "$tmp/maps/elevation16.png" ] && [ -s "$tmp/maps/biome.png" ] ||
				die "tectonica run wrote no elevation16.png and biome.png"
			(cd "$tmp" && timed "$tmp/p.out" "$tmp/planet" -s 0.123 -w 4096 -h 2048 -pq \
				-C "$planet/Olsson.col" -o "$tmp/maps/planet.bmp")
			[ -s "$tmp/maps/planet.bmp" ] || die "planet wrote no map"
			ts=$(wall_s "$tmp/t.out") ps=$(wall_s "$tmp/p.out")
			r=$(calc "$ps / $ts")
			rt=$(rss_mib "$tmp/t.out") rp=$(rss_mib "$tmp/p.out")
			echo "$r" >>"$tmp/r"; echo "$ts" >>"$tmp/s_t"; echo "$ps" >>"$tmp/s_p"
			echo "$rt" >>"$tmp/rss_t"; echo "$rp" >>"$tmp/rss_p"
			printf '%4d %9.2f %9.2f | %7.2f | %7.1f %7.1f | %5s\n' "$i" "$ts" "$ps" "$r" "$rt" "$rp" "$l1"
			i=$((i + 1))
		done
		lafter=$(load)
		mr=$(median <"$tmp/r") mt=$(median <"$tmp/s_t") mp=$(median <"$tmp/s_p")
		mrt=$(median <"$tmp/rss_t") mrp=$(median <"$tmp/rss_p")
		echo "median: tectonica $mt s, planet $mp s, planet / tectonica ${mr}x; RSS $mrt / $mrp MiB"
		echo "load after: $lafter"
		printf '| 4096×2048 elevation16 + biome, -j %s | planet -pq 4096×2048 | %s s / %s s | %s× | %s MiB / %s MiB | %s → %s |\n' \
			"$t" "$mt" "$mp" "$mr" "$mrt" "$mrp" "$lbefore" "$lafter" >>"$tmp/summary_planet"
	done
fi

# --- summary, ready for bench/RESULTS.md ------------------------------------
echo
echo "# summary (medians of per-pair ratios; above 1 = tectonica faster)"
if [ -s "$summary" ]; then
	echo
	echo "| tectonica | platec | plate part | plate + crust | step | step + climate | ms/step (mean) tectonica / platec | peak RSS tectonica / platec | load before → after |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|---|"
	cat "$summary"
fi
if [ -s "$tmp/summary_planet" ]; then
	echo
	echo "| tectonica | planet | time tectonica / planet | planet ÷ tectonica | peak RSS tectonica / planet | load before → after |"
	echo "|---|---|---:|---:|---:|---|"
	cat "$tmp/summary_planet"
fi
echo
echo "# load at end: $(load)"
