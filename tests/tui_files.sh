#!/bin/sh
# tui_files.sh: the dashboard's `s` and `e` name their files after the step
# they hold, also while the planet runs ahead of the picture (TAP).
. "$SRCDIR/tests/tui_lib.sh"

# no speed cap: the stepping thread runs ahead of the (30/s) picture
start 120 40 xterm-256color C.UTF-8 -- --speed 0
wait_for ' step [0-9]+ ' 20
wait_step_above 30 20
keys s
wait_for 'saved step [0-9]+ to' 10
t $? "'s' saves while playing"
msg=$(screen | grep -ao 'saved step [0-9]* to [^ ]*' | head -1)
said=$(echo "$msg" | sed 's/saved step \([0-9]*\) .*/\1/')
file=$(echo "$msg" | sed 's/.* to //')
named=$(echo "$file" | sed -n 's/.*tectonica-0*\([0-9][0-9]*\)\.state$/\1/p')
echo "# $msg"
[ -n "$said" ] && [ "$said" = "$named" ]
t $? "the file is named after the step saved ($said, named $named)"
held=$("$TECTONICA" run --load "$tmp/$file" -n 0 --stats - --quiet 2>/dev/null |
	sed -n 's/^{"step":\([0-9]*\),.*/\1/p')
[ -n "$held" ] && [ "$held" = "$named" ]
t $? "and holds that step ($held)"

keys e
wait_for 'exported maps of step [0-9]+ to|export failed' 60
msg=$(screen | grep -ao 'exported maps of step [0-9]* to [^ ]*' | head -1)
said=$(echo "$msg" | sed 's/exported maps of step \([0-9]*\) .*/\1/')
dir=$(echo "$msg" | sed 's/.* to //; s|/$||')
named=$(echo "$dir" | sed -n 's/.*step-0*\([0-9][0-9]*\)$/\1/p')
echo "# $msg"
[ -n "$said" ] && [ "$said" = "$named" ]
t $? "'e' names the folder after the step exported ($said, named $named)"
# the Step text chunk, cut at its length (the CRC after it may hold digits)
png="$tmp/$dir/biome.png"
off=$(grep -abo 'tEXtStep' "$png" 2>/dev/null | head -n 1 | cut -d: -f1)
len=$(dd if="$png" bs=1 skip=$((${off:-4} - 4)) count=4 2>/dev/null | od -An -tu1 |
	awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
held=$(dd if="$png" bs=1 skip=$((${off:-0} + 4)) count="${len:-0}" 2>/dev/null | tr '\0' '=')
[ "$held" = "Step=$named" ]
t $? "and its maps hold that step ($held)"
# the state saved beside the maps remakes them bit for bit (the raw layers
# hold no metadata to differ)
"$TECTONICA" run --load "$tmp/$dir/planet.state" -n 0 -o "$tmp/again" -e raw,data-biome,data-plates \
	--size 1024x512 --quiet 2>/dev/null &&
	cmp -s "$tmp/$dir/raw.f32" "$tmp/again/raw.f32" &&
	cmp -s "$tmp/$dir/data-biome.u8" "$tmp/again/data-biome.u8" &&
	cmp -s "$tmp/$dir/data-plates.u32" "$tmp/again/data-plates.u32"
t $? "its planet.state remakes the same maps with run --load"
keys q
wait_for '^EXIT=0' 10
t $? "q exits 0"
finish
