# tui_lib.sh: helpers for the dashboard tests (sourced, POSIX sh).
#
# Each test runs the dashboard in a private tmux server (tmux -S SOCK, no
# user config), drives it with send-keys and reads the screen back with
# capture-pane. (The helpers' counters have names of their own, f_i, u_i...:
# a test's own loop variable must survive a wait_for inside the loop.)
# The program runs under a small shell wrapper that prints its
# exit status and the terminal modes after it exits, so "q restores the
# terminal" is checked on the real pty. Waits poll with a bounded timeout.
: "${TECTONICA:?}" "${SRCDIR:?}"
if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP tmux not installed"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tui.XXXXXX") || exit 1
sock=$tmp/sock
cleanup() { tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$tmp"; }
nstart=0
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
n=0 failed=0

# A small planet, so each test takes seconds.
cat >"$tmp/tiny.yaml" <<'EOT'
name: Tiny
seed: 7
grid:
  kind: goldberg
  level: 4
plates:
  count: 8
  min: 4
  max: 12
EOT

t() { # t STATUS DESCRIPTION
	[ -n "$TUI_DEBUG" ] && [ "$1" -ne 0 ] && screen > "$TUI_DEBUG.$((n + 1))"
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
finish() { echo "1..$n"; exit $failed; }

# start W H TERM LANG [ENV=VALUE...] -- [ARGS...]: a fresh dashboard, on
# tiny.yaml unless scenario_arg is set (empty: no scenario argument).
start() {
	w=$1 h=$2 term=$3 lang=$4
	shift 4
	envs=""
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs="$envs $1"; shift; done
	[ "$1" = "--" ] && shift
	tmux -S "$sock" kill-server 2>/dev/null
	# a new server on a new socket: the old one may still be shutting down
	nstart=$(( ${nstart:-0} + 1 ))
	sock=$tmp/sock.$nstart
	rm -f "$tmp/pid"
	# the wrapper: run, then report the exit status and the tty modes
	cat >"$tmp/run.sh" <<EOT
#!/bin/sh
cd "$tmp" || exit 1
# tmux sets TERM from its default-terminal option: choose it here instead
TERM=$term LANG=$lang LC_ALL= $envs sh -c 'echo \$\$ >"$tmp/pid"; exec "\$0" "\$@"' "$TECTONICA" $* ${scenario_arg-"$tmp/tiny.yaml"}
echo "EXIT=\$?"
stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\n' ' '
echo
sleep 600
EOT
	chmod +x "$tmp/run.sh"
	tmux -S "$sock" -f /dev/null new-session -d -x "$w" -y "$h" \
		-e TERM="$term" -e LANG="$lang" -e LC_ALL= "$tmp/run.sh"
}
keys() { tmux -S "$sock" send-keys "$@" 2>/dev/null; }
screen() { tmux -S "$sock" capture-pane -p 2>/dev/null; }
screen_e() { tmux -S "$sock" capture-pane -p -e 2>/dev/null; }
# wait_for REGEX [SECONDS]: poll the screen until it matches.
wait_for() {
	f_i=0 f_limit=$(( ${2:-10} * 10 ))
	while [ $f_i -lt $f_limit ]; do
		screen | grep -aEq -- "$1" && return 0
		sleep 0.1
		f_i=$((f_i + 1))
	done
	return 1
}
# until_ok SECONDS COMMAND...: poll until the command succeeds.
until_ok() {
	u_i=0 u_limit=$(( $1 * 10 ))
	shift
	while [ $u_i -lt $u_limit ]; do
		"$@" && return 0
		sleep 0.1
		u_i=$((u_i + 1))
	done
	return 1
}
# step_now: the step number in the status line.
step_now() { screen | sed -n '1s/.* step \([0-9][0-9]*\) .*/\1/p'; }
# wait_step_above N [SECONDS]
wait_step_above() {
	a_i=0 a_limit=$(( ${2:-10} * 10 ))
	while [ $a_i -lt $a_limit ]; do
		a_s=$(step_now)
		[ -n "$a_s" ] && [ "$a_s" -gt "$1" ] && return 0
		sleep 0.1
		a_i=$((a_i + 1))
	done
	return 1
}
# holds SECONDS COMMAND...: the command keeps succeeding for SECONDS (polled;
# fails at the first miss). For checks that something does not happen.
holds() {
	h_i=0 h_limit=$(awk -v s="$1" 'BEGIN { printf "%d", s * 10 }')
	shift
	while [ $h_i -lt $h_limit ]; do
		"$@" || return 1
		sleep 0.1
		h_i=$((h_i + 1))
	done
	return 0
}
# step_is N: the status line shows step N.
step_is() { [ "$(step_now)" = "$1" ]; }
# wait_steady [SECONDS]: wait (up to SECONDS, default 10) until the step
# stays the same for half a second; prints it.
wait_steady() {
	w_i=0 w_limit=$(( ${1:-10} * 10 ))
	while [ $w_i -lt $w_limit ]; do
		w_s=$(step_now)
		if [ -n "$w_s" ] && holds 0.5 step_is "$w_s"; then
			echo "$w_s"
			return 0
		fi
		w_i=$((w_i + 5))
	done
	return 1
}
# rate_over SECONDS: steps per second shown on the status line over about
# SECONDS (the step count read at both ends; printed with one decimal).
rate_over() {
	until_ok 5 step_shown || return 1
	r_a=$(step_now) r_t0=$(date +%s%N)
	sleep "$1"
	until_ok 5 step_shown || return 1
	r_b=$(step_now) r_t1=$(date +%s%N)
	awk -v a="$r_a" -v b="$r_b" -v t0="$r_t0" -v t1="$r_t1" \
		'BEGIN { printf "%.1f\n", (b - a) * 1e9 / (t1 - t0) }'
}
step_shown() { [ -n "$(step_now)" ]; }
# seed_now, hash_now: the planet's seed (status line) and state hash (World
# panel title, "World · state HASH" or, narrow, "state HASH"), as the stepping thread's latest snapshot has them.
seed_now() { screen | sed -n '1s/.* seed \([0-9][0-9]*\) .*/\1/p'; }
hash_now() { screen | sed -n 's/.* state \([0-9a-f]\{16\}\).*/\1/p' | head -n 1; }
# faster A B [FACTOR]: B > A * FACTOR (default 1.4), as decimals.
faster() { awk -v a="$1" -v b="$2" -v f="${3:-1.4}" 'BEGIN { exit !(b > a * f) }'; }
# settled FILE: the map's cells (map_cells $MAP_Y $MAP_H $MAP_W) in FILE
# once two captures half a second apart agree; 1 if they never do
settled() {
	s_i=0
	while [ $s_i -lt 20 ]; do
		map_cells $MAP_Y $MAP_H $MAP_W >"$1.a"
		sleep 0.5
		map_cells $MAP_Y $MAP_H $MAP_W >"$1"
		cmp -s "$1" "$1.a" && [ "$(wc -l <"$1")" -eq $MAP_H ] && return 0
		s_i=$((s_i + 1))
	done
	return 1
}
# map_cells Y0 H W: the colours of each map character in rows Y0..Y0+H-1
# (0-based), columns 1..W, as "fg/bg" (direct or 256 colours; "/r" when
# reversed), one map row a line. The SGR state runs on from row to row as
# on a terminal.
map_cells() {
	# (shift in/out may come with ACS frames: they take no column)
	screen_e | tr -d '\016\017' | sed 's/▀/#/g; s/▄/_/g; s/│/|/g' | awk -v y0="$1" -v h="$2" -v w="$3" '
	function sgr(p,   n, a, i) {
		n = split(p, a, ";")
		if (n == 0) { fg = bg = "d"; rev = 0 }
		for (i = 1; i <= n; i++) {
			if (a[i] == "" || a[i] == 0) { fg = bg = "d"; rev = 0 }
			else if (a[i] == 38 && a[i + 1] == 2) { fg = a[i + 2] "," a[i + 3] "," a[i + 4]; i += 4 }
			else if (a[i] == 48 && a[i + 1] == 2) { bg = a[i + 2] "," a[i + 3] "," a[i + 4]; i += 4 }
			else if (a[i] == 38 && a[i + 1] == 5) { fg = a[i + 2]; i += 2 }
			else if (a[i] == 48 && a[i + 1] == 5) { bg = a[i + 2]; i += 2 }
			else if (a[i] == 39) fg = "d"
			else if (a[i] == 49) bg = "d"
			else if (a[i] == 7) rev = 1
			else if (a[i] == 27) rev = 0
		}
	}
	BEGIN { fg = bg = "d"; rev = 0 }
	{
		s = $0; col = 0; out = ""
		while (length(s) > 0) {
			c = substr(s, 1, 1)
			if (c == "\033") {
				m = index(s, "m")
				sgr(substr(s, 3, m - 3))
				s = substr(s, m + 1)
				continue
			}
			s = substr(s, 2)
			if (NR - 1 >= y0 && NR - 1 < y0 + h && col >= 1 && col <= w)
				out = out (out == "" ? "" : " ") fg "/" bg (rev ? "/r" : "")
			col++
		}
		if (NR - 1 >= y0 && NR - 1 < y0 + h)
			print out
	}'
}
