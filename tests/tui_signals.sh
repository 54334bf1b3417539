#!/bin/sh
# tui_signals.sh: SIGINT, SIGTERM and SIGHUP end the dashboard cleanly; every
# other signal that kills by default (Ctrl-\, SIGUSR1/2, SIGALRM, a crash)
# still restores the terminal before the process dies (TAP).
. "$SRCDIR/tests/tui_lib.sh"

for sn in INT:2 TERM:15 HUP:1 QUIT:3 USR1:10 USR2:12 ALRM:14 SEGV:11; do
	sig=${sn%:*} num=${sn#*:}
	start 100 30 xterm-256color C.UTF-8 --
	wait_for ' step [0-9]+ ' 20
	pid=$(cat "$tmp/pid" 2>/dev/null)
	[ -n "$pid" ] && kill -s "$sig" "$pid"
	wait_for '^EXIT=' 10
	t $? "SIG$sig: the dashboard exits"
	code=$(screen | sed -n 's/^EXIT=//p')
	want=$((128 + num))
	[ "$code" = "$want" ]
	t $? "SIG$sig: exit status $code (want $want)"
	wait_for '^-?icanon' 5   # the wrapper prints the modes after EXIT=
	screen | grep -aq '^icanon echo *$'
	t $? "SIG$sig: tty back in canonical mode with echo"
	st=$(tmux -S "$sock" display -p '#{alternate_on}:#{cursor_flag}:#{mouse_any_flag}')
	[ "$st" = "0:1:0" ]
	t $? "SIG$sig: alternate screen left, cursor on, mouse off ($st)"
done

# an invalid scenario is reported before the terminal is touched
printf 'grid:\n  level: eleven\n' >"$tmp/bad.yaml"
"$TECTONICA" "$tmp/bad.yaml" >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
[ "$rc" -eq 2 ] && grep -aq 'bad.yaml:2:10: ' "$tmp/err" && [ ! -s "$tmp/out" ]
t $? "an invalid scenario exits 2 with FILE:LINE:COL errors (rc $rc)"
"$TECTONICA" --bogus >"$tmp/out" 2>"$tmp/err" </dev/null
[ $? -eq 2 ]
t $? "an unknown option exits 2"
finish
