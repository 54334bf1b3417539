#!/bin/sh
# cli_faults.sh: the command line under faults: mistyped commands, absurd
# values, full disks, damaged files, hostile output paths (TAP).
# Needs $TECTONICA (the binary) and $SRCDIR (the source tree).
: "${TECTONICA:?}" "${SRCDIR:?}"
T=$TECTONICA
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli_faults.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 failed=0
t() { # t CONDITION-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
# run CMD...: exit status in $rc, stdout in $tmp/out, stderr in $tmp/err
run() { "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
cd "$tmp" || exit 1
cat >small.yaml <<'YAML'
name: small
seed: 7
grid: { kind: goldberg, level: 3 }
YAML

# --- mistyped commands and options (defect 16) ---
run "$T" chek small.yaml
[ $rc = 2 ] && grep -q "unknown command 'chek' (did you mean 'check'?)" err
t $? "'chek' is an unknown command with a suggestion (rc $rc)"
run "$T" -n 100
[ $rc = 2 ] && grep -q "'-n' belongs to \`tectonica run\`" err
t $? "-n without a command points to run (rc $rc)"
run "$T" --save x.state
[ $rc = 2 ] && grep -q "'--save' belongs to \`tectonica run\`" err
t $? "--save without a command points to run (rc $rc)"
run "$T" -s -1 small.yaml
[ $rc = 2 ] && grep -q "^tectonica: -s: expected a seed" err
t $? "the dashboard refuses -s -1 like run does (rc $rc)"
run "$T" run -s -1 small.yaml
d1=$(cat err)
run "$T" -s -1 small.yaml
[ "$d1" = "$(cat err)" ]
t $? "and with the same message"
run "$T" -j 0 small.yaml
[ $rc = 2 ] && grep -q "^tectonica: -j: expected a thread count from 1 to 256, got '0'" err
t $? "the dashboard's -j is checked like run's (rc $rc)"

# --- absurd sizes (defect 8) ---
run "$T" run small.yaml --size 16x4611686018427387904
[ $rc = 2 ] && grep -q "^tectonica: --size: the height must be half the width" err
t $? "--size 16x2^62 is refused without overflow (rc $rc)"
run "$T" run small.yaml --size 99999999999999999999999x8
[ $rc = 2 ] && grep -q "^tectonica: --size: expected WxH" err
t $? "--size with a width beyond 64 bits is refused (rc $rc)"
run "$T" run small.yaml --size 32768x16384
[ $rc = 2 ] && grep -q "^tectonica: --size: the width must be from 16 to 16384" err
t $? "--size above the largest width is refused (rc $rc)"

# --- stdout on a full disk (defect 7) ---
for args in "--help" "--version" "check small.yaml" "run small.yaml -n 1" \
	"bench small.yaml --steps 1" "run small.yaml -n 1 --stats -"; do
	# shellcheck disable=SC2086
	"$T" $args >/dev/full 2>err </dev/null
	rc=$?
	[ $rc = 1 ] && grep -Eq "^tectonica: (--stats: )?cannot write to standard output: No space left on device" err
	t $? "'$args' with stdout on /dev/full exits 1 with a reason (rc $rc)"
done

# --- damaged state files (defect 11) ---
"$T" run small.yaml -n 1 --save s.state --quiet
for len in 4 11 20 27; do
	head -c $len s.state >cut.state
	run "$T" run --load cut.state
	[ $rc = 2 ] && grep -q "cut.state: state file is truncated ($len bytes)" err
	t $? "a $len-byte state file is reported as truncated (rc $rc)"
done
# --- special files and symlinks are never replaced (defect 1) ---
mkfifo fifo
ln -s small.yaml link.yaml
ln -s nowhere dangling
# never a real device here: a broken build run as root would replace it
dests="fifo dangling"
mknod nulldev c 1 3 2>/dev/null && dests="nulldev $dests"
for dest in $dests; do
	run "$T" run small.yaml -n 1 --save "$dest"
	[ $rc = 1 ] && grep -q "^tectonica: --save: cannot write '$dest': it is a" err
	t $? "--save $dest is refused (rc $rc)"
done
[ -p fifo ] && [ -L dangling ] && { [ ! -e nulldev ] || [ -c nulldev ]; }
t $? "the FIFO, the symlink and the device node are still what they were"
mkdir -p maps
ln -s ../small.yaml maps/biome.png
run "$T" run small.yaml -n 0 -o maps -e biome
[ $rc = 1 ] && [ -L maps/biome.png ] && grep -q "maps/biome.png': it is a symbolic link" err
t $? "an export over a symlink is refused before the run (rc $rc)"
rm maps/biome.png
mkfifo statfifo
cat statfifo >fromfifo &
run "$T" run small.yaml -n 1 --stats statfifo --quiet
wait
[ $rc = 0 ] && [ -p statfifo ] && grep -q '^{"step":1,' fromfifo
t $? "--stats into a FIFO writes in place (rc $rc)"

# --- outputs are opened after the inputs are checked (defect 2) ---
cp small.yaml keep.yaml
printf 'grid:\n  level: eleven\n' >bad.yaml
echo precious >stats.json
run "$T" run bad.yaml --stats stats.json
[ $rc = 2 ] && [ "$(cat stats.json)" = precious ]
t $? "a bad scenario leaves the --stats file alone (rc $rc)"
head -c 100 s.state >damaged.state
run "$T" run --load damaged.state --stats stats.json
[ $rc = 2 ] && [ "$(cat stats.json)" = precious ]
t $? "a bad state file leaves the --stats file alone (rc $rc)"
run "$T" run keep.yaml --stats keep.yaml
[ $rc = 2 ] && cmp -s keep.yaml small.yaml && grep -q "is the input file" err
t $? "--stats onto the scenario is refused, scenario intact (rc $rc)"
run "$T" run small.yaml --stats link.yaml
[ $rc = 2 ] && cmp -s keep.yaml small.yaml
t $? "--stats onto a symlink to the scenario is refused (rc $rc)"
cp s.state s2.state
run "$T" run --load s2.state --stats s2.state
[ $rc = 2 ] && cmp -s s.state s2.state
t $? "--stats onto the loaded state is refused, state intact (rc $rc)"
printf 'name: keep\nseed: 7\ngrid: { kind: goldberg, level: 3 }\n' >orig.yaml
cp orig.yaml keep.yaml
run "$T" run keep.yaml --save keep.yaml
[ $rc = 2 ] && cmp -s keep.yaml orig.yaml
t $? "--save onto the scenario is refused (rc $rc)"
run "$T" run --load s2.state -n 1 --save s2.state --quiet
[ $rc = 0 ] && ! cmp -s s.state s2.state
t $? "--save onto the loaded state replaces it once complete (rc $rc)"

# --- destinations are checked before the run (defect 12) ---
mkdir -p folder
long=$(printf 'n%.0s' $(seq 250))
for dest in folder folder/ "$long" no/such/dir/s.state; do
	start=$(date +%s)
	run "$T" run small.yaml -n 100000000 --save "$dest"
	[ $rc = 1 ] && [ $(($(date +%s) - start)) -lt 20 ] && grep -q "^tectonica: --save: cannot write" err
	t $? "--save '$(echo "$dest" | cut -c1-20)' fails at once, before stepping (rc $rc)"
done
mkdir -p blocked/biome.png
start=$(date +%s)
run "$T" run small.yaml -n 100000000 -o blocked -e biome
[ $rc = 1 ] && [ $(($(date +%s) - start)) -lt 20 ] && grep -q "blocked/biome.png': it is a folder" err
t $? "-o with a folder where a map goes fails at once (rc $rc)"
run "$T" run small.yaml -n 100000000 --stats folder
[ $rc = 1 ] && grep -q "^tectonica: --stats: cannot write 'folder': it is a folder" err
t $? "--stats onto a folder fails at once (rc $rc)"

# --- long paths keep the reason (defect 10) ---
deep=$(printf 'd%.0s' $(seq 200))
deep="$deep/$deep/$deep/$deep/$deep/$deep/$deep"
run "$T" run small.yaml -n 1 --save "$deep/s.state"
[ $rc = 1 ] && grep -q "\.\.\..*': No such file or directory$" err
t $? "a 1.4 KB --save path: shortened, the reason kept (rc $rc)"
run "$T" run --load "$deep/s.state"
[ $rc = 2 ] && grep -q "': No such file or directory$" err
t $? "a 1.4 KB --load path: the reason kept (rc $rc)"
run "$T" check "$deep/x.yaml"
[ $rc = 2 ] && grep -q "x.yaml:1:1: cannot read the scenario: No such file or directory$" err
t $? "a 1.4 KB scenario path: the whole error line (rc $rc)"
run "$T" run small.yaml -n 1 -o "small.yaml/$deep" -e biome
[ $rc = 1 ] && grep -q "': Not a directory$" err
t $? "a 1.4 KB -o path: the reason kept (rc $rc)"

# --- write failures name the file and the reason (defect 6) ---
# a file size limit (SIGXFSZ ignored) makes writes fail part-way
sh -c 'ulimit -f 20; trap "" XFSZ; exec "$0" "$@"' "$T" run small.yaml -n 0 -o lim \
	-e biome --size 4096x2048 >out 2>err
rc=$?
[ $rc = 1 ] && grep -q "^tectonica: export: cannot write 'lim/biome.png': File too large$" err
t $? "a PNG that cannot be written: file and reason (rc $rc: $(cat err))"
ls lim | grep -q tmp
t $((! $?)) "and no temporary file is left"
sh -c 'ulimit -f 20; trap "" XFSZ; exec "$0" "$@"' "$T" run small.yaml -n 100 --stats big.jsonl \
	>out 2>err
rc=$?
[ $rc = 1 ] && grep -q "^tectonica: --stats: cannot write 'big.jsonl': File too large$" err
t $? "--stats that cannot be written: file and reason (rc $rc)"
[ -s big.jsonl ] && [ "$(tail -c 1 big.jsonl | od -An -c | tr -d ' ')" = '\n' ] &&
	! grep -v '^{.*}$' big.jsonl | grep -q .
t $? "and every line left in it is whole JSON ($(wc -l <big.jsonl) lines)"

# --- temporary files never outlive the process (defect 3) ---
# a stale temporary of a dead process (kill -9) is removed at the next run;
# one of a live process is not
sh -c 'exit 0' &
dead=$!
wait $dead
mkdir -p st
: >"st/s.state.tmp$dead"
: >"st/s.state.tmp$$"
: >"st/biome.png.tmp$dead"
: >"st/notes.txt.tmp$dead"
run "$T" run small.yaml -n 1 -o st -e biome --save st/s.state --quiet
[ $rc = 0 ] && [ ! -e "st/s.state.tmp$dead" ] && [ ! -e "st/biome.png.tmp$dead" ]
t $? "stale temporaries of a dead process are removed (rc $rc)"
[ -e "st/s.state.tmp$$" ] && [ -e "st/notes.txt.tmp$dead" ]
t $? "a live process's temporary and other files are kept"
# a signal during an export removes the file being written (SIGINT and
# SIGQUIT are ignored by background jobs of a script: not testable here)
for sig in TERM HUP USR1 ALRM; do
	rm -rf sig
	"$T" run small.yaml -n 0 -o sig -e all --size 4096x2048 --quiet >out 2>err &
	pid=$!
	i=0
	while [ $i -lt 600 ] && ! ls sig 2>/dev/null | grep -q '\.tmp'; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -s $sig $pid
	wait $pid 2>/dev/null
	rc=$?
	left=$(ls sig | grep -c '\.tmp')
	[ $i -lt 600 ] && [ "$left" = 0 ] && [ $rc -gt 128 ]
	t $? "SIG$sig during an export: no temporary file left ($left, rc $rc)"
done
# --- a resumed run reports what the uninterrupted one does (defect 13) ---
printf 'seed: 3\ngrid: { level: 4 }\n' >m.yaml
"$T" run m.yaml -n 40 --stats full.jsonl --quiet
"$T" run m.yaml -n 30 --save half.state --quiet
"$T" run --load half.state -n 10 --stats resumed.jsonl --quiet
sed -n '31,41p' full.jsonl | cmp -s - resumed.jsonl
t $? "stats after --load equal the uninterrupted run's, line for line"
grep -q '"crust_created":0.000000' resumed.jsonl
t $((! $?)) "crust_created is not 0 on the resumed lines"
# --- plate keys are honoured or refused, never silently changed (defect 15) ---
printf 'plates:\n  count: 100\n' >many.yaml
run "$T" check many.yaml
[ $rc = 2 ] && grep -q "^many.yaml:2:10: plates.count: expected an integer from 1 to 64" err
t $? "plates.count above what a planet holds is refused (rc $rc)"
conts() { grep -o '"type":"continental"' | wc -l | tr -d ' '; }
got=$("$T" run "$SRCDIR/conf/pangaea.yaml" -n 0 --stats - --quiet | conts)
[ "$got" = 1 ]
t $? "pangaea starts with one continental plate, as its 1 in 8 asks ($got)"
all=ok
for seed in 1 2 3 4 5 6; do
	printf 'seed: %s\ngrid: { level: 4 }\nplates: { count: 8, continental_fraction: 0.25 }\nterrain: { ocean_fraction: 0.3 }\n' \
		"$seed" >share.yaml
	got=$("$T" run share.yaml -n 0 --stats - --quiet | conts)
	[ "$got" = 2 ] || all="seed $seed: $got"
done
[ "$all" = ok ]
t $? "2 of 8 plates continental even when the land asked needs bigger plates ($all)"
finish() { echo "1..$n"; exit $failed; }
finish
