#!/bin/sh
# cli_events.sh: the events timeline from the command line (TAP): check
# validates it with FILE:LINE:COL errors, check --print keeps it (same
# planet), run reports pause events, a saved state carries the rest of the
# timeline, and states of the format before the timeline are refused clearly.
# Needs $TECTONICA.
: "${TECTONICA:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli_events.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 failed=0
t() { # t CONDITION-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
hash_of() { "$TECTONICA" run "$@" --stats - -q | tail -n 1 |
	sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p'; }

cd "$tmp" || exit 1
cat >ev.yaml <<'EOT'
seed: 9
grid: {level: 3}
events:
  - { step: 2, rift: largest }
  - { myr: 4, set: { climate.equator_temp_c: 20 }, over_myr: 4 }
  - { step: 5, pause: "Look at the rift" }
  - { step: 7, rift: { lat: 10, lon: -30 } }
EOT
"$TECTONICA" check ev.yaml >out 2>err
t $? "a timeline is a valid scenario"
"$TECTONICA" check --print ev.yaml >printed.yaml 2>err && grep -q 'pause: "Look at the rift"' printed.yaml
t $? "check --print writes the timeline"
a=$(hash_of ev.yaml -n 10) b=$(hash_of printed.yaml -n 10)
[ -n "$a" ] && [ "$a" = "$b" ]
t $? "the printed timeline makes the same planet ($a = $b)"

"$TECTONICA" run ev.yaml -n 8 >out 2>err
grep -qx 'step 6: pause event: Look at the rift (run goes on)' out
t $? "run reports a pause event at its step and goes on"
"$TECTONICA" run ev.yaml -n 8 -q >out 2>err && [ ! -s out ]
t $? "--quiet keeps it quiet"

"$TECTONICA" run ev.yaml -n 4 --save mid.state -q &&
	b=$(hash_of --load mid.state -n 6) && [ -n "$b" ] && [ "$a" = "$b" ]
t $? "a state saved at step 4 runs the rest of the timeline: same hash at step 10"

# the format before the timeline (version 6) is refused, saying why
"$TECTONICA" run ev.yaml -n 1 --save new.state -q
printf '\006\000\000\000' | dd of=new.state bs=1 seek=8 conv=notrunc 2>/dev/null
"$TECTONICA" run --load new.state -n 1 >out 2>err
rc=$?
[ $rc -eq 2 ] && grep -q 'state format version 6, this program reads 11' err
t $? "a state of format 6 is refused with exit 2 and the versions ($(cat err))"

cat >bad.yaml <<'EOT'
grid: {level: 3}
plates: {count: 6}
events:
  - { myr: -1, rift: largest }
  - { step: 3, rift: 7 }
  - { step: 3, set: { planet.radius_km: 5000 } }
EOT
"$TECTONICA" check bad.yaml >out 2>err
[ $? -eq 2 ] && [ "$(wc -l <err)" -eq 3 ] &&
	grep -qx 'bad.yaml:4:12: events\[0\].myr: expected a number from 0 to 1000000000 (Myr), got "-1"' err &&
	grep -qx 'bad.yaml:5:22: events\[1\]: there is no plate 7 at the start (plates.count is 6: ids 0 to 5)' err &&
	grep -q '^bad.yaml:6:23: events\[2\].set.planet.radius_km: cannot change' err
t $? "bad events: FILE:LINE:COL errors, all of them, exit 2"

echo "1..$n"
exit $failed
