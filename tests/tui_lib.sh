# tui_lib.sh: helpers for the dashboard tests (sourced, POSIX sh).
#
# Each test runs the dashboard in a private tmux server (tmux -S SOCK, no
# user config), drives it with send-keys and reads the screen back with
# capture-pane. The program runs under a small shell wrapper that prints its
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
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
finish() { echo "1..$n"; exit $failed; }

# start W H TERM LANG [ENV=VALUE...] -- [ARGS...]: a fresh dashboard.
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
TERM=$term LANG=$lang LC_ALL= $envs sh -c 'echo \$\$ >"$tmp/pid"; exec "\$0" "\$@"' "$TECTONICA" $* "$tmp/tiny.yaml"
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
	i=0 limit=$(( ${2:-10} * 10 ))
	while [ $i -lt $limit ]; do
		screen | grep -aEq -- "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
# until_ok SECONDS COMMAND...: poll until the command succeeds.
until_ok() {
	i=0 limit=$(( $1 * 10 ))
	shift
	while [ $i -lt $limit ]; do
		"$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
# step_now: the step number in the status line.
step_now() { screen | sed -n '1s/.* step \([0-9][0-9]*\) .*/\1/p'; }
# wait_step_above N [SECONDS]
wait_step_above() {
	i=0 limit=$(( ${2:-10} * 10 ))
	while [ $i -lt $limit ]; do
		s=$(step_now)
		[ -n "$s" ] && [ "$s" -gt "$1" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
