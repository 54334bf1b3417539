#!/bin/sh
# tui_term.sh: basic terminals still get a readable map: vt100 (no colour),
# NO_COLOR, a non-UTF-8 locale and an 8-colour terminal (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# map rows without the frame: the glyph classes in them
glyphs() { screen | sed -n '3,12p' | cut -c2-70 | fold -w1 | sort -u | tr -d '\n'; }

start 80 24 vt100 C.UTF-8 --
wait_for ' step [0-9]+ ' 20
t $? "vt100: the dashboard runs"
! screen_e | sed -n '2,14p' | grep -q '\[[34]8;5;\|\[[34][0-7]m'
t $? "vt100: no colour escapes"
! screen | sed -n '3,14p' | grep -q '▀'
t $? "vt100: no half blocks"
g=$(glyphs)
echo "# vt100 glyphs: $g"
[ "${#g}" -ge 3 ] && echo "$g" | grep -q '~'
t $? "vt100: the map is drawn with distinct glyphs (ocean ~)"
keys 3
wait_for 'Map - plates|Map · plates' 5
screen | sed -n '3,14p' | grep -q '[A-Za-z][A-Za-z]'
t $? "vt100: the plate map names plates by letter"
keys q
wait_for '^EXIT=0' 10
t $? "vt100: q exits 0"

start 80 24 xterm-256color C.UTF-8 NO_COLOR=1 --
wait_for ' step [0-9]+ ' 20
t $? "NO_COLOR: the dashboard runs"
! screen_e | grep -q '\[[34]8;5;\|\[[34][0-7]m\|\[3[0-7];'
t $? "NO_COLOR: no colour escapes anywhere"
g=$(glyphs)
echo "# NO_COLOR glyphs: $g"
[ "${#g}" -ge 3 ] && echo "$g" | grep -q '~'
t $? "NO_COLOR: the map is readable glyphs"
keys q
wait_for '^EXIT=0' 10
t $? "NO_COLOR: q exits 0"

start 80 24 xterm-256color C --
wait_for ' step [0-9]+ ' 20
t $? "LANG=C: the dashboard runs"
! screen | grep -q '▀\|·\|°'
t $? "LANG=C: no UTF-8 symbols"
screen_e | sed -n '3,12p' | grep -q '48;5;'
t $? "LANG=C: glyphs on colours"
keys q
wait_for '^EXIT=0' 10
t $? "LANG=C: q exits 0"

start 80 24 xterm C.UTF-8 --
wait_for ' step [0-9]+ ' 20
t $? "8 colours: the dashboard runs"
screen_e | sed -n '3,12p' | grep -q '\[4[0-7]m\|;4[0-7]m'
t $? "8 colours: map cells use the basic colours"
g=$(glyphs)
[ "${#g}" -ge 3 ]
t $? "8 colours: with distinct glyphs"
keys q
wait_for '^EXIT=0' 10
t $? "8 colours: q exits 0"
finish
