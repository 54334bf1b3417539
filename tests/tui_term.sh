#!/bin/sh
# tui_term.sh: basic terminals still get a readable map: vt100 (no colour),
# NO_COLOR, a non-UTF-8 locale and an 8-colour terminal (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# map rows without the frame: the glyph classes in them
glyphs() { screen | sed -n '3,12p' | cut -c2-70 | fold -w1 | sort -u | tr -d '\n'; }

start 80 24 vt100 C.UTF-8 --
wait_for ' step [0-9]+ ' 20
t $? "vt100: the dashboard runs"
! screen_e | sed -n '2,14p' | grep -aq '\[[34]8;5;\|\[[34][0-7]m'
t $? "vt100: no colour escapes"
! screen | sed -n '3,14p' | grep -aq '▀'
t $? "vt100: no half blocks"
g=$(glyphs)
echo "# vt100 glyphs: $g"
[ "${#g}" -ge 3 ] && echo "$g" | grep -aq '~'
t $? "vt100: the map is drawn with distinct glyphs (ocean ~)"
keys 3
wait_for 'Map - plates|Map · plates' 5
screen | sed -n '3,14p' | grep -aq '[A-Za-z][A-Za-z]'
t $? "vt100: the plate map names plates by letter"
keys q
wait_for '^EXIT=0' 10
t $? "vt100: q exits 0"

start 80 24 xterm-256color C.UTF-8 NO_COLOR=1 --
wait_for ' step [0-9]+ ' 20
t $? "NO_COLOR: the dashboard runs"
! screen_e | grep -aq '\[[34]8;5;\|\[[34][0-7]m\|\[3[0-7];'
t $? "NO_COLOR: no colour escapes anywhere"
g=$(glyphs)
echo "# NO_COLOR glyphs: $g"
[ "${#g}" -ge 3 ] && echo "$g" | grep -aq '~'
t $? "NO_COLOR: the map is readable glyphs"
keys q
wait_for '^EXIT=0' 10
t $? "NO_COLOR: q exits 0"

start 80 24 xterm-256color C --
wait_for ' step [0-9]+ ' 20
t $? "LANG=C: the dashboard runs"
! screen | grep -aq '▀\|·\|°'
t $? "LANG=C: no UTF-8 symbols"
screen_e | sed -n '3,12p' | grep -aq '48;5;'
t $? "LANG=C: glyphs on colours"
keys q
wait_for '^EXIT=0' 10
t $? "LANG=C: q exits 0"

start 80 24 xterm C.UTF-8 --
wait_for ' step [0-9]+ ' 20
t $? "8 colours: the dashboard runs"
screen_e | sed -n '3,12p' | grep -aq '\[4[0-7]m\|;4[0-7]m'
t $? "8 colours: map cells use the basic colours"
g=$(glyphs)
[ "${#g}" -ge 3 ]
t $? "8 colours: with distinct glyphs"
keys q
wait_for '^EXIT=0' 10
t $? "8 colours: q exits 0"
# direct colour: a terminfo entry with the RGB flag (made here with tic when
# the system has none, as Debian's ncurses-base lacks xterm-direct)
if ! infocmp xterm-direct >/dev/null 2>&1 && command -v tic >/dev/null 2>&1; then
	cat >"$tmp/xd.src" <<'EOT'
xterm-direct|xterm with direct-color indexing,
	RGB, colors#0x1000000, pairs#0x10000, CO#8,
	initc@, initp@, ccc@, oc@, setb@, setf@,
	op=\E[39;49m,
	setab=\E[%?%p1%{8}%<%t4%p1%d%e48\:2\:\:%p1%{65536}%/%d\:%p1%{256}%/%{255}%&%d\:%p1%{255}%&%d%;m,
	setaf=\E[%?%p1%{8}%<%t3%p1%d%e38\:2\:\:%p1%{65536}%/%d\:%p1%{256}%/%{255}%&%d\:%p1%{255}%&%d%;m,
	use=xterm-256color,
EOT
	tic -x -o "$tmp/terminfo" "$tmp/xd.src" 2>/dev/null
fi
if infocmp xterm-direct >/dev/null 2>&1 || [ -d "$tmp/terminfo" ]; then
	start 120 40 xterm-direct C.UTF-8 TERMINFO="$tmp/terminfo" --
	wait_for ' step [0-9]+ ' 20
	t $? "direct colour: the dashboard runs"
	screen_e | sed -n '3,12p' | grep -aq '▀.*48;2;[0-9]*;[0-9]*;[0-9]*m'
	t $? "direct colour: map pixels are 24-bit colours"
	keys q
	wait_for '^EXIT=0' 10
	t $? "direct colour: q exits 0"
else
	n=$((n + 1)); echo "ok $n # SKIP no xterm-direct terminfo and no tic"
fi
# a printing terminal cannot hold the dashboard: refused with a reason, like
# an unknown type, instead of drawing one scrolling line
start 80 24 dumb C.UTF-8 --
wait_for '^EXIT=' 10
t $? "TERM=dumb: the dashboard exits"
screen | grep -aq "^EXIT=1" && screen | grep -aq "terminal type 'dumb' cannot move the cursor"
t $? "TERM=dumb: refused with exit 1 and a reason"
start 80 24 no-such-terminal C.UTF-8 --
wait_for '^EXIT=' 10
screen | grep -aq "^EXIT=1" && screen | grep -aq "cannot use terminal type 'no-such-terminal'"
t $? "an unknown TERM: refused with exit 1 and a reason"
finish
