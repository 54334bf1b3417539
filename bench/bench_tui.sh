#!/bin/sh
# bench_tui.sh: how heavy the dashboard is over a terminal link.
#
# Runs the dashboard in a private tmux server at 120x40 (xterm-256color,
# UTF-8) with the default scenario playing, and measures
#  - bytes per second the program writes to its pty (tmux pipe-pane counts
#    every byte), per map mode and for the turning globe;
#  - CPU time of the UI thread (the main thread, /proc/PID/task/PID/stat)
#    and of the whole process, as % of one core;
#  - resident memory (VmRSS, VmHWM);
#  - key-to-screen latency while a level-8 step runs: time from send-keys to
#    the change being visible in capture-pane (an upper bound: it includes
#    tmux's own work and the polling interval of 2 ms).
#  - the same at 24-bit colour (COLORTERM=truecolor) in every view, and
#    htop run the same way (same size, TERM, COLORTERM) beside it;
#  - (table) bytes per second at 80x24, 120x40 and 200x60 in every colour
#    depth (mono/NO_COLOR, 8 colours with TERM=xterm, 256, 24-bit with
#    COLORTERM=truecolor) for the main views while playing and paused, each
#    beside htop run the same way.
# Usage: bench/bench_tui.sh [SECONDS_PER_MEASURE [SECTIONS]]
#   SECTIONS: any of table modes budget direct htop latency (default: all)
#   (TECTONICA=path/to/binary)
set -u
TECTONICA=${TECTONICA:-$(dirname "$0")/../src/tectonica}
secs=${1:-10}
sections=${2:-"table modes budget direct htop latency"}
want() { case " $sections " in *" $1 "*) return 0;; esac; return 1; }
command -v tmux >/dev/null || { echo "tmux is needed"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_tui.XXXXXX") || exit 1
sock=$tmp/sock
trap 'tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
nstart=0
hz=$(getconf CLK_TCK)
W=120 H=40   # the pane's size

start() { # start [ENV=VALUE] SCENARIO-ARGS...: a fresh dashboard, its pid in $pid
	envs=""
	case "${1:-}" in *=*) envs=$1; shift;; esac
	start_prog "$envs" "$TECTONICA" "$@"
}
start_prog() { # start_prog ENVS PROGRAM ARGS...: PROGRAM in the tmux pane
	envs=$1 prog=$2
	shift 2
	tmux -S "$sock" kill-server 2>/dev/null
	nstart=$(( ${nstart:-0} + 1 ))
	sock=$tmp/sock.$nstart    # the old server may still be shutting down
	rm -f "$tmp/pid"
	cat >"$tmp/run.sh" <<EOT
#!/bin/sh
cd "$tmp"
TERM=xterm-256color LANG=C.UTF-8 LC_ALL= $envs sh -c 'echo \$\$ >"$tmp/pid"; exec "\$0" "\$@"' "$prog" $*
sleep 600
EOT
	chmod +x "$tmp/run.sh"
	tmux -S "$sock" -f /dev/null new-session -d -x "$W" -y "$H" "$tmp/run.sh"
	i=0
	while [ ! -s "$tmp/pid" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	pid=$(cat "$tmp/pid")
}
wait_screen() { # wait_screen REGEX SECONDS
	i=0
	while [ $i -lt $(( $2 * 20 )) ]; do
		tmux -S "$sock" capture-pane -p | grep -aEq -- "$1" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
ticks() { # utime+stime of /proc/PID/task/TID
	awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/task/$1/stat"
}
proc_ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat"; }
step_now() { tmux -S "$sock" capture-pane -p | sed -n '1s/.* step \([0-9][0-9]*\) .*/\1/p'; }

# measure LABEL [SECONDS]: bytes/s, UI CPU %, process CPU %, steps/s
measure() {
	m_secs=${2:-$secs}
	: >"$tmp/out"
	tmux -S "$sock" pipe-pane -o "cat >>$tmp/out"
	sleep 1   # skip the repaint that follows the mode change
	b0=$(wc -c <"$tmp/out") u0=$(ticks "$pid") p0=$(proc_ticks) s0=$(step_now)
	t0=$(date +%s.%N)
	sleep "$m_secs"
	b1=$(wc -c <"$tmp/out") u1=$(ticks "$pid") p1=$(proc_ticks) s1=$(step_now)
	t1=$(date +%s.%N)
	tmux -S "$sock" pipe-pane
	awk -v l="$1" -v b=$((b1 - b0)) -v u=$((u1 - u0)) -v p=$((p1 - p0)) -v hz="$hz" \
	    -v t0="$t0" -v t1="$t1" -v s="$((${s1:-0} - ${s0:-0}))" 'BEGIN {
		d = t1 - t0
		printf "| %-26s | %9.1f | %6.1f | %6.1f | %6.1f |\n", l, b / d / 1024, 100 * u / hz / d, 100 * p / hz / d, s / d }'
}

# kbps [SECONDS]: KB/s the program writes to its pty over SECONDS (after a
# second that lets the last key's frame go out)
kbps() {
	k_secs=${1:-$secs}
	: >"$tmp/out"
	tmux -S "$sock" pipe-pane -o "cat >>$tmp/out"
	sleep 1
	b0=$(wc -c <"$tmp/out") t0=$(date +%s.%N)
	sleep "$k_secs"
	b1=$(wc -c <"$tmp/out") t1=$(date +%s.%N)
	tmux -S "$sock" pipe-pane
	awk -v b=$((b1 - b0)) -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%.1f", b / (t1 - t0) / 1024 }'
}

if want table; then
echo "## bytes per second by size and colour depth (default scenario, default --max-kbps 10)"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$(dirname "$0")" rev-parse --short HEAD 2>/dev/null || echo ?),"
echo "load $(cut -d' ' -f1-3 /proc/loadavg) at the start; ${secs} s windows; KB = 1024 bytes."
echo "Playing at the default 10 steps/s; the globe turns while playing."
echo
echo "| size   | colours  | biomes | elevation | plates | globe | paused | htop |"
echo "|--------|----------|-------:|----------:|-------:|------:|-------:|-----:|"
for size in 80x24 120x40 200x60; do
	W=${size%x*} H=${size#*x}
	for depth in mono 8 256 24-bit; do
		case $depth in
		mono) env=NO_COLOR=1;;
		8) env=TERM=xterm;;
		256) env=COLORTERM=;;
		24-bit) env=COLORTERM=truecolor;;
		esac
		start "$env"
		wait_screen ' step [1-9][0-9]* ' 60 || { echo "dashboard did not step"; exit 1; }
		sleep 2
		row="| $size | $depth | $(kbps)"
		tmux -S "$sock" send-keys 2
		row="$row | $(kbps)"
		tmux -S "$sock" send-keys 3
		row="$row | $(kbps)"
		tmux -S "$sock" send-keys 1 g
		row="$row | $(kbps)"
		tmux -S "$sock" send-keys g Space
		wait_screen 'paused' 5
		sleep 2
		row="$row | $(kbps)"
		tmux -S "$sock" send-keys q
		if command -v htop >/dev/null; then
			start_prog "$env" "$(command -v htop)"
			sleep 3
			row="$row | $(kbps)"
			tmux -S "$sock" send-keys q
		else
			row="$row | -"
		fi
		echo "$row |"
	done
done
W=120 H=40
echo
echo "load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo
fi

if want modes; then
echo "## default scenario (L6), 120x40, playing at the default cap (10 steps/s)"
echo
echo "| view                       |  KB/s out | UI CPU % | all CPU % | steps/s |"
echo "|----------------------------|----------:|-------:|-------:|-------:|"
start
wait_screen ' step [0-9]+ ' 30 || { echo "dashboard did not start"; exit 1; }
sleep 2
measure "biomes"
for m in 2:elevation 3:plates 5:temperature 8:motion; do
	tmux -S "$sock" send-keys "${m%%:*}"
	measure "${m#*:}"
done
tmux -S "$sock" send-keys 1
tmux -S "$sock" send-keys Space
wait_screen 'paused' 5
measure "biomes, paused"
tmux -S "$sock" send-keys g
sleep 1
measure "globe, paused"
tmux -S "$sock" send-keys Space
measure "globe (turning), playing"
tmux -S "$sock" send-keys g + + + + + + + +
sleep 1
measure "biomes, no speed cap"
rss=$(awk '/VmRSS/ { print $2 }' "/proc/$pid/status")
hwm=$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status")
echo
echo "Resident memory (default scenario): VmRSS $((rss / 1024)) MB, peak VmHWM $((hwm / 1024)) MB"
tmux -S "$sock" send-keys q
fi


if want budget; then
echo
echo "## --max-kbps N (default scenario, 120x40, elevation, no speed cap, 30 s windows)"
echo
echo "| view                       |  KB/s out | UI CPU % | all CPU % | steps/s |"
echo "|----------------------------|----------:|-------:|-------:|-------:|"
for k in 20 5 2; do
	for d in 256 24-bit; do
		e=COLORTERM=
		[ $d = 24-bit ] && e=COLORTERM=truecolor
		start "$e" --max-kbps "$k" --speed 0
		wait_screen ' step [1-9][0-9]* ' 60 || { echo "dashboard did not start"; exit 1; }
		tmux -S "$sock" send-keys 2
		sleep 3
		measure "elevation $d, --max-kbps $k" 30
		tmux -S "$sock" send-keys q
	done
done
fi

if want direct; then
echo
echo "## 24-bit colour (COLORTERM=truecolor), default scenario, 120x40, playing"
echo
echo "| view                       |  KB/s out | UI CPU % | all CPU % | steps/s |"
echo "|----------------------------|----------:|-------:|-------:|-------:|"
start COLORTERM=truecolor
# measure only once the planet steps (a measure before counts nothing)
wait_screen ' step [1-9][0-9]* ' 60 || { echo "dashboard did not step"; exit 1; }
sleep 2
measure "biomes, 24-bit"
for m in 2:elevation 3:plates 4:stress 5:temperature 6:precipitation 7:age 8:motion; do
	tmux -S "$sock" send-keys "${m%%:*}"
	measure "${m#*:}, 24-bit"
done
tmux -S "$sock" send-keys 1 g
measure "globe (turning), 24-bit"
tmux -S "$sock" send-keys g '#'
measure "biomes + graticule, 24-bit"
tmux -S "$sock" send-keys q
fi

if want htop; then
echo
echo "## htop, run the same way (120x40, TERM=xterm-256color, COLORTERM=truecolor)"
echo
echo "| view                       |  KB/s out | UI CPU % | all CPU % | steps/s |"
echo "|----------------------------|----------:|-------:|-------:|-------:|"
if command -v htop >/dev/null; then
	start_prog COLORTERM=truecolor "$(command -v htop)"
	sleep 3
	pid=$(cat "$tmp/pid")
	measure "htop (default 1.5 s delay)"
	tmux -S "$sock" send-keys q
else
	echo "| htop not installed         |           |        |        |        |"
fi
fi

want latency || exit 0
echo
echo "## key-to-screen latency at level 8 while stepping"
cat >"$tmp/l8.yaml" <<'EOT'
name: L8
grid:
  kind: goldberg
  level: 8
EOT
start "$tmp/l8.yaml"
wait_screen ' step [1-9][0-9]* ' 300 || { echo "level 8 did not step"; exit 1; }
ms_step=$(tmux -S "$sock" capture-pane -p | sed -n '1s/.* \([0-9 ,]*\) ms\/step.*/\1/p' | tr -d ' ,')
lat=""
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	if [ $((i % 2)) -eq 1 ]; then k=2 want='Map · elevation'; else k=1 want='Map · biomes'; fi
	t0=$(date +%s%N)
	tmux -S "$sock" send-keys "$k"
	while ! tmux -S "$sock" capture-pane -p | grep -aq "$want"; do sleep 0.002; done
	t1=$(date +%s%N)
	lat="$lat $(( (t1 - t0) / 1000000 ))"
	sleep 0.3
done
busy=$(( $(ticks "$pid") ))
echo "step time at L8: ${ms_step:-?} ms; latencies (ms):$lat"
echo "$lat" | tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END {
	printf "median %d ms, max %d ms over %d key presses (mode switch = full map redraw)\n", a[int((NR + 1) / 2)], a[NR], NR }'
rss=$(awk '/VmRSS/ { print $2 }' "/proc/$pid/status")
echo "Resident memory at L8: VmRSS $((rss / 1024)) MB"
tmux -S "$sock" send-keys q
