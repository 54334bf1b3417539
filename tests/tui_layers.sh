#!/bin/sh
# tui_layers.sh: the noise layers' keys in the parameter panel (under
# "terrain.layers[0] simple": strength...): an edit changes the map at once; at step 0 the planet is
# then the very one `run` builds from the exported effective scenario (state
# hash), which carries the edit; later an edit still changes the map and
# the hash; an edit that cannot act says why (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# down_to RE: Down through the parameter panel, one key at a time (each
# answered before the next), until the screen shows RE (the selected key's
# description starts with its whole path)
down_to() {
	d_i=0
	while [ $d_i -lt 60 ]; do
		d_s=$(screen)
		echo "$d_s" | grep -aEq -- "$1" && return 0
		keys Down
		until_ok 2 sh -c "[ \"\$(tmux -S '$sock' capture-pane -p)\" != \"\$1\" ]" sh "$d_s"
		d_i=$((d_i + 1))
	done
	return 1
}

# two layers given in full, so `run` can be handed the same stack
cat >"$tmp/lay.yaml" <<'EOT'
name: Layers
seed: 7
grid: { kind: goldberg, level: 4 }
plates: { count: 8, min: 4, max: 12 }
terrain:
  layers:
    - { filter: simple, strength: 1, base_roughness: 1.5, roughness: 2.2, octaves: 6 }
    - { filter: ridged, strength: 0.6, base_roughness: 3, octaves: 5, min_value: 0.3 }
EOT
scenario_arg=$tmp/lay.yaml
start 200 60 xterm-256color C.UTF-8 -- --paused --max-kbps 0 -o "$tmp/out"
wait_for 'Map · biomes' 20 && wait_for 'state [0-9a-f]{16}' 20
h0=$(hash_now)
keys 2
wait_for 'Map · elevation' 5
MAP_Y=2 MAP_H=18 MAP_W=80
settled "$tmp/map0"

# select terrain.layers[0] strength (its description names it whole)
keys Tab Tab
wait_for '[┌l] Parameters' 5
down_to 'terrain\.layers\[0\]\.strength: output'
screen | grep -aEq 'strength +1 ' && screen | grep -aEq 'filter +simple ' &&
	screen | grep -aEq 'terrain\.layers\[0\] simple'
t $? "the panel lists the first layer's keys under terrain.layers[0] (filter simple, strength 1)"

keys Enter BSpace BSpace BSpace BSpace 4 Enter
wait_for 'terrain\.layers\[0\]\.strength = 4' 10 && wait_for ' strength +4 ' 5
t $? "Enter 4 Enter sets terrain.layers[0].strength to 4"
until_ok 10 sh -c "[ \"\$(tmux -S '$sock' capture-pane -p | sed -n 's/.* state \([0-9a-f]\{16\}\).*/\1/p' | head -n 1)\" != '$h0' ]"
h1=$(hash_now)
settled "$tmp/map1"
! cmp -s "$tmp/map0" "$tmp/map1" && [ -n "$h1" ] && [ "$h1" != "$h0" ]
t $? "the elevation map and the state hash change ($h0 -> $h1)"

# the export carries the edit, and reproduces the planet
keys Escape Tab e
wait_for 'exported maps of step 0 to ' 20
json=$(find "$tmp/out" -name raw.json | head -n 1)
sed -n 's/^  "scenario_yaml": "\(.*\)",*$/\1/p' "$json" |
	sed 's/\\n/\n/g; s/\\"/"/g; s/\\\\/\\/g' >"$tmp/effective.yaml"
grep -aq 'strength: 4' "$tmp/effective.yaml"
t $? "the exported effective scenario (raw.json) has the layer's new strength"
"$TECTONICA" run "$tmp/effective.yaml" -n 0 --stats "$tmp/eff.stats" -q -o "$tmp/eff" -e raw
grep -q "\"state_hash\":\"$h1\"" "$tmp/eff.stats"
t $? "run of that scenario builds the dashboard's planet (state $h1)"

# later: the crust keeps moving; an edit still changes the map at once
keys . . .
wait_for ' step 3 ' 10
until_ok 10 sh -c "tmux -S '$sock' capture-pane -p | grep -q 'state ' && ! tmux -S '$sock' capture-pane -p | grep -q 'state $h1'"
h3=$(hash_now)
settled "$tmp/map3"
keys Tab Tab
wait_for '[┌l] Parameters' 5
keys Right
wait_for 'terrain\.layers\[0\]\.strength = 4\.1' 10
until_ok 10 sh -c "! tmux -S '$sock' capture-pane -p | grep -q 'state $h3'"
settled "$tmp/map4"
! cmp -s "$tmp/map3" "$tmp/map4" && step_is 3
t $? "at step 3 a nudge (4 -> 4.1) changes the map at once, still at step 3"

# an edit that cannot act says why
down_to 'terrain\.layers\[0\]\.weight_multiplier: ridged'
keys Right
wait_for 'weight_multiplier acts on ridged layers only \(terrain\.layers\[0\] is simple\)' 5
t $? "weight_multiplier on a simple layer: the status line says why nothing changes"
down_to 'terrain\.layers\[1\]\.filter: simple'
screen | grep -aEq 'filter +ridged ' && screen | grep -aEq 'terrain\.layers\[1\] ridged'
t $? "and the second layer's under terrain.layers[1] (filter ridged)"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
