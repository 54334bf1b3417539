#!/bin/sh
# cli_interrupt.sh: `run` on a terminal and when stopped: the progress line
# (only on a terminal, never with --quiet), Ctrl-C and SIGTERM with --save
# (the last complete step saved, loadable and equal to an uninterrupted run,
# exit 130/143), and time-lapse frames that ffmpeg reads with a plain
# %06d pattern. TAP output; $TECTONICA is the binary (set by make check).
T=${TECTONICA:-src/tectonica}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
n=0 failed=0
ok() { n=$((n + 1)); if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
hash_of() { sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' | tail -n 1; }

printf 'name: small\nseed: 7\ngrid: { kind: goldberg, level: 4 }\n' >"$dir/small.yaml"

# --- progress line: on a terminal only ---
if command -v script >/dev/null 2>&1; then
	script -qec "\"$T\" run \"$dir/small.yaml\" -n 40" /dev/null >"$dir/tty.out" 2>&1
	grep -q 'step 40/40 (100%)  40.0 Myr .* steps/s  ETA ' "$dir/tty.out"
	ok $? "on a terminal, a progress line with step, Myr, steps/s and ETA"
	grep -q 'step 40  t 40.0 Myr' "$dir/tty.out"
	ok $? "and the summary after it"
	script -qec "\"$T\" run \"$dir/small.yaml\" -n 40 --quiet" /dev/null >"$dir/quiet.out" 2>&1
	! grep -q 'steps/s' "$dir/quiet.out"
	ok $? "--quiet on a terminal: no progress line"
else
	skip "script(1) is not installed"
	skip "script(1) is not installed"
	skip "script(1) is not installed"
fi
"$T" run "$dir/small.yaml" -n 40 >"$dir/pipe.out" 2>"$dir/pipe.err"
! grep -q 'steps/s' "$dir/pipe.err" && [ ! -s "$dir/pipe.err" ]
ok $? "stderr not a terminal: no progress line"

# --- interruption with --save ---
# A background job of a script ignores SIGINT; perl (essential on Debian)
# restores the default before exec, as an interactive shell would.
interrupt() {    # SIGNAL STATE: start a long run, stop it, print its status
	rm -f "$2" "$dir/int.jsonl"
	perl -e '$SIG{INT} = "DEFAULT"; $SIG{TERM} = "DEFAULT"; exec @ARGV or die' \
		"$T" run "$dir/small.yaml" -n 1000000 --save "$2" --stats "$dir/int.jsonl" --quiet \
		>"$dir/int.out" 2>"$dir/int.err" &
	pid=$!
	# stepping has begun (handlers are in place) once a few lines are out
	i=0
	while [ $i -lt 400 ] && [ "$(cat "$dir/int.jsonl" 2>/dev/null | wc -l)" -lt 5 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -s "$1" $pid
	wait $pid
	echo $?
}
rc=$(interrupt INT "$dir/int.state")
[ "$rc" = 130 ]; ok $? "SIGINT with --save exits 130 (got $rc)"
grep -q "^tectonica: interrupted by SIGINT at step [0-9]* (.* Myr); state saved to $dir/int.state$" "$dir/int.err"
ok $? "and says at which step and where the state went: $(cat "$dir/int.err")"
step=$(sed -n 's/.*at step \([0-9]*\) .*/\1/p' "$dir/int.err")
loaded=$("$T" run --load "$dir/int.state" -n 0 --stats - --quiet | hash_of)
[ -n "$loaded" ]; ok $? "the saved state loads"
fresh=$("$T" run "$dir/small.yaml" -n "${step:-0}" --stats - --quiet | hash_of)
[ -n "$step" ] && [ "$step" -gt 0 ] && [ "$loaded" = "$fresh" ]
ok $? "it is step $step of the run, bit for bit ($loaded / $fresh)"
! ls "$dir" | grep -q '\.tmp'
ok $? "no temporary file is left"
rc=$(interrupt TERM "$dir/term.state")
[ "$rc" = 143 ] && grep -q "interrupted by SIGTERM" "$dir/int.err" &&
	"$T" run --load "$dir/term.state" -n 1 --quiet
ok $? "SIGTERM with --save exits 143 with a loadable state (got $rc)"

# --- frames: consecutive numbers, continued by a resumed run ---
"$T" run "$dir/small.yaml" -n 20 --every 5 -o "$dir/tl" -e biome,raw --size 64x32 \
	--save "$dir/tl.state" --quiet
ls "$dir/tl" | grep '^biome-.*\.png$' >"$dir/frames"
printf 'biome-%06d.png\n' 0 1 2 3 4 | cmp -s - "$dir/frames"
ok $? "--every 5 over 20 steps: biome-000000..000004.png, no gaps"
[ -f "$dir/tl/raw-000004.f32" ] && [ -f "$dir/tl/raw-000004.hdr" ] && [ -f "$dir/tl/raw-000004.json" ]
ok $? "every file of a frame carries its number (raw-000004.f32, .hdr, .json)"
grep -q '"step": 20' "$dir/tl/raw-000004.json"
ok $? "and the frame says its step (20)"
"$T" run --load "$dir/tl.state" -n 10 --every 5 -o "$dir/tl" -e biome --size 64x32 --quiet
ls "$dir/tl" | grep '^biome-.*\.png$' >"$dir/frames"
printf 'biome-%06d.png\n' 0 1 2 3 4 5 6 | cmp -s - "$dir/frames"
ok $? "a resumed run continues the numbering (frames 5 and 6)"
if command -v ffmpeg >/dev/null 2>&1; then
	ffmpeg -loglevel error -framerate 10 -i "$dir/tl/biome-%06d.png" -f null - 2>"$dir/ff.err"
	ok $? "ffmpeg reads the frames with the plain pattern"
else
	skip "ffmpeg is not installed"
fi

echo "1..$n"
[ $failed = 0 ]
