#!/bin/sh
# tui_planets.sh: a file of planets (planets:) in the dashboard: the title
# names the planet and its place (k/N), p and P build the next and previous
# one (asking first once the run has steps), each the very planet `run`
# makes of it (state hash); a one-planet file says it has no other (TAP).
. "$SRCDIR/tests/tui_lib.sh"

cat >"$tmp/three.yaml" <<'EOT'
defaults:
  grid: { kind: goldberg, level: 4 }
  plates: { count: 8, min: 4, max: 12 }
planets:
  - { name: Alpha, seed: 1 }
  - { name: Beta, seed: 2, terrain: { ocean_fraction: 0.9 } }
  - { name: Gamma, seed: 3 }
EOT
# each planet's state hash at step 0, from `run`
"$TECTONICA" run "$tmp/three.yaml" -n 0 --stats stats -q -o "$tmp/run" -e raw
hash() { sed -n 's/^{"step":0,.*"state_hash":"\([0-9a-f]*\)".*/\1/p' "$tmp/run/$1/stats"; }
[ -n "$(hash 1-alpha)" ] && [ -n "$(hash 2-beta)" ] && [ -n "$(hash 3-gamma)" ]
t $? "run writes each planet's state hash (1-alpha, 2-beta, 3-gamma)"

scenario_arg=$tmp/three.yaml
start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for ' Alpha 1/3  seed 1 ' 20 && wait_for "state $(hash 1-alpha)" 10
t $? "the title names the first planet: Alpha 1/3, state $(hash 1-alpha)"
keys p
wait_for ' Beta 2/3  seed 2 ' 20 && wait_for "state $(hash 2-beta)" 10
t $? "p builds the next planet: Beta 2/3, the planet run makes ($(hash 2-beta))"
keys p
wait_for ' Gamma 3/3  seed 3 ' 20 && wait_for "state $(hash 3-gamma)" 10
t $? "p again: Gamma 3/3 ($(hash 3-gamma))"
keys p
wait_for ' Alpha 1/3  seed 1 ' 20 && wait_for "state $(hash 1-alpha)" 10
t $? "p after the last wraps to the first: Alpha 1/3"
keys P
wait_for ' Gamma 3/3  seed 3 ' 20 && wait_for "state $(hash 3-gamma)" 10
t $? "P builds the previous planet: Gamma 3/3"
keys .
wait_for ' step 1 ' 10
keys P
wait_for 'planet 2/3 Beta: discard these 1 steps\? y/n' 5
t $? "once the run has steps, P asks first"
keys n
wait_for 'kept the run' 5 && wait_for ' Gamma 3/3  seed 3 .* step 1 ' 2
t $? "n keeps the run (Gamma, step 1)"
keys P
wait_for 'y/n' 5 && keys y
wait_for ' Beta 2/3  seed 2 .* step 0 ' 20 && wait_for "state $(hash 2-beta)" 10
t $? "P then y builds Beta 2/3 at step 0"
keys '?'
wait_for 'next / previous planet' 5
t $? "the help lists p P"
keys q q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# one planet: no k/N in the title, p says there is only one
unset scenario_arg
start 80 24 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for ' Tiny  seed 7 ' 20
t $? "a one-planet file: the title has no k/N"
keys p
wait_for 'only one planet' 5 && wait_for ' Tiny  seed 7 ' 1
t $? "p on a one-planet file says so and keeps the planet"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
