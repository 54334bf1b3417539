#!/bin/sh
# tui_scale.sh: the motion, stress and age views' colour scales adapt to
# the planet: the legend says the range and its units, a planet of slow
# plates fills the motion ramp instead of going dark, the scale holds
# still while playing, and the elevation legend marks sea level (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# At 120x40 the map is rows 3-24 of the screen (0-based 2-23), columns 1-88;
# its legend is row 25.
MAP_Y=2 MAP_H=22 MAP_W=88
legend() { screen | sed -n '25p'; }
# the top of the motion scale in the legend ("speed 0 ... 6 cm/yr")
speed_top() { legend | sed -n 's/.*speed 0 .* \([0-9.][0-9.]*\) cm\/yr.*/\1/p'; }
# distinct colours of the map's characters (fg and bg of the half blocks)
colours() { map_cells $MAP_Y $MAP_H $MAP_W | tr ' /' '\n\n' | grep -v '^[#_|]*$' | sort -u | wc -l; }

cat >"$tmp/slow.yaml" <<'EOT'
name: Slow
seed: 7
grid:
  kind: goldberg
  level: 4
plates:
  count: 8
  min: 4
  max: 12
  speed_min_cm_yr: 0.2
  speed_max_cm_yr: 0.6
EOT

# a planet of slow plates (0.2-0.6 cm/yr), paused at step 0
scenario_arg="$tmp/slow.yaml"
start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
keys 8
wait_for 'speed 0 .* cm/yr' 5
slow=$(speed_top)
[ -n "$slow" ] && awk -v v="$slow" 'BEGIN { exit !(v > 0 && v <= 1) }'
t $? "slow plates: the motion legend's range ends at their speeds (0-$slow cm/yr)"
settled "$tmp/slow.cells"
c=$(colours)
[ "$c" -ge 8 ]
t $? "slow plates: the motion view spans its ramp ($c colours), not one dark shade"
keys 4
wait_for 'extension -[0-9.]+ .* \+[0-9.]+ compression' 5
t $? "stress legend: -top..+top, extension and compression"
keys 7
wait_for 'ocean floor 0 .* [0-9.]+ Myr' 5
t $? "age legend: ocean floor 0..top Myr"
keys 2
wait_for '-6 km .* 0 m .* \+5 km' 5
t $? "elevation legend: a 0 m mark between the sea's and the land's colours"

# the same planet with fast plates: another range
scenario_arg=
start 120 40 xterm-256color C.UTF-8 -- --paused --max-kbps 0 "$tmp/tiny.yaml"
wait_for 'state [0-9a-f]{16}' 20
keys 8
wait_for 'speed 0 .* cm/yr' 5
fast=$(speed_top)
[ -n "$fast" ] && awk -v a="$slow" -v b="$fast" 'BEGIN { exit !(b >= 4 * a) }'
t $? "faster plates (1-8 cm/yr): a wider range (0-$fast cm/yr against 0-$slow)"
# while playing the scale holds: it may move on as the plates speed up or
# a microplate comes or goes, but it never flickers back to a value it
# left (a scale that followed every frame would go back and forth)
keys Space
for i in $(seq 1 30); do speed_top; sleep 0.2; done | grep . | uniq >"$tmp/tops"
keys Space
tops=$(wc -l <"$tmp/tops")
[ "$tops" -ge 1 ] && [ -z "$(sort "$tmp/tops" | uniq -d)" ]
t $? "playing: the scale never flickers back ($(tr '\n' ' ' <"$tmp/tops")in 6 s)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"

# without UTF-8 (glyphs): the stress glyphs' thresholds follow the scale
# and the legend says them (half the top: strong)
start 120 40 xterm-256color C -- --max-kbps 0 "$tmp/tiny.yaml"
wait_step_above 20 30
keys Space 4
wait_for '\+ compression \(# over [0-9.]+\)  - extension \(= over [0-9.]+\)  x shear' 5
t $? "glyphs: the stress legend says the strong glyphs' threshold"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
