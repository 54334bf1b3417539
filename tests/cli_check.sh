#!/bin/sh
# cli_check.sh: `tectonica check` exit codes and output (TAP).
# Needs $TECTONICA (the binary) and $SRCDIR (the source tree).
: "${TECTONICA:?}" "${SRCDIR:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli_check.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 failed=0
t() { # t CONDITION-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}

cd "$tmp" || exit 1
c=$SRCDIR/conf
"$TECTONICA" check "$c/default.yaml" "$c/pangaea.yaml" "$c/waterworld.yaml" \
	"$c/desert.yaml" "$c/quick.yaml" >out 2>err
t $? "presets are valid (exit 0)"
[ "$(wc -l <out)" -eq 5 ] && [ ! -s err ] && grep -qx "$c/quick.yaml: ok" out
t $? "one 'FILE: ok' line per file on stdout, nothing on stderr"

printf 'seed: 1\ngrid:\n  level: eleven\n  kind: hexagon\n' >bad.yaml
"$TECTONICA" check bad.yaml >out 2>err
t $(( $? != 2 )) "an invalid file exits 2"
cat >want <<'EOT'
bad.yaml:3:10: grid.level: expected an integer from 0 to 9, got "eleven"
bad.yaml:4:9: grid.kind: expected one of goldberg, cubesphere, fibonacci, got "hexagon"
EOT
cmp -s want err && [ ! -s out ]
t $? "errors are FILE:LINE:COL: lines on stderr, exactly"

"$TECTONICA" check "$c/quick.yaml" bad.yaml missing.yaml >out 2>err
t $(( $? != 2 )) "valid, invalid and missing files together exit 2"
grep -qx "$c/quick.yaml: ok" out && grep -q '^bad.yaml:3:10: ' err &&
	grep -qx 'missing.yaml:1:1: cannot read the scenario: No such file or directory' err
t $? "every file is checked and reported"
[ "$(grep -c -v '^[^:]*:[0-9][0-9]*:[0-9][0-9]*: ' err)" -eq 0 ]
t $? "every error line has the FILE:LINE:COL: form"

"$TECTONICA" check >out 2>err
t $(( $? != 2 )) "no file: exit 2"
grep -q 'usage' err
t $? "no file: usage on stderr"
"$TECTONICA" check --bogus x.yaml >/dev/null 2>&1
t $(( $? != 2 )) "unknown option: exit 2"

printf 'seed: 7\n' | "$TECTONICA" check - >out 2>err
t $? "'-' reads stdin"
printf '\377\376garbage\000' >bin.yaml
"$TECTONICA" check bin.yaml >out 2>err
t $(( $? != 2 )) "binary garbage exits 2 without crashing"
: >empty.yaml
"$TECTONICA" check empty.yaml >out 2>err
t $? "an empty file is valid (defaults)"

# --print: the effective scenario, which check accepts and which makes the
# same planet as the file it came from
hash_of() { "$TECTONICA" run "$@" -n 5 --stats - -q | tail -n 1 |
	sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p'; }
"$TECTONICA" check --print "$c/pangaea.yaml" >eff.yaml 2>err
t $? "check --print exits 0"
"$TECTONICA" check eff.yaml >out 2>err && [ ! -s err ]
t $? "the printed scenario is valid"
grep -qx '  continental_fraction: 0.125' eff.yaml && grep -qx '  speed_max_cm_yr: 8' eff.yaml &&
	grep -qx 'seed: 250' eff.yaml && ! grep -q ': ok$' eff.yaml
t $? "it holds the file's values and the defaults it leaves out, and nothing else"
a=$(hash_of "$c/pangaea.yaml") b=$(hash_of eff.yaml)
[ -n "$a" ] && [ "$a" = "$b" ]
t $? "the printed scenario makes the same planet (state_hash $a = $b)"
"$TECTONICA" check --print -s 7 "$c/pangaea.yaml" >eff7.yaml 2>err && grep -qx 'seed: 7' eff7.yaml
t $? "check --print -s SEED prints that seed"
a=$(hash_of "$c/pangaea.yaml" -s 7) b=$(hash_of eff7.yaml)
[ -n "$a" ] && [ "$a" = "$b" ]
t $? "... and makes the planet of that seed"
"$TECTONICA" check --print "$c/quick.yaml" "$c/pangaea.yaml" >out 2>err
t $(( $? != 2 )) "check --print takes one scenario"
"$TECTONICA" check --print bad.yaml >out 2>err
[ $? -eq 2 ] && [ ! -s out ] && grep -q '^bad.yaml:3:10: ' err
t $? "check --print of an invalid file: errors, nothing printed, exit 2"

# ranges: drawn for the seed given; the printed file is that member of the family
printf 'grid: {level: 3}\nplates: {count: [6, 12]}\nclimate: {equator_temp_c: [20, 35]}\n' >ranged.yaml
"$TECTONICA" check --print -s 11 ranged.yaml >r11.yaml 2>err &&
	"$TECTONICA" check --print -s 12 ranged.yaml >r12.yaml 2>>err &&
	[ "$(grep equator_temp_c r11.yaml)" != "$(grep equator_temp_c r12.yaml)" ] &&
	grep -q '^  count: [0-9]*$' r11.yaml
t $? "check --print -s draws the ranges for each seed, differently"
a=$(hash_of ranged.yaml -s 11) b=$(hash_of r11.yaml)
[ -n "$a" ] && [ "$a" = "$b" ]
t $? "run -s 11 of the ranged file = run of its printed draw ($a = $b)"
printf 'seed: random\ngrid: {level: 2}\nclimate: {noise: [0, 1]}\n' >random.yaml
"$TECTONICA" run random.yaml --stats - -q >out 2>err
seed=$(sed -n 's/.*seed: random picked \([0-9]*\) (-s \([0-9]*\) makes this planet again)$/\1/p' err)
[ -n "$seed" ] && grep -q "^{\"step\":0,\"time_myr\":0,\"seed\":$seed," out
t $? "seed: random is reported on stderr and in --stats (seed $seed)"
"$TECTONICA" run random.yaml -s "$seed" -n 0 --stats - -q 2>err >out2
[ ! -s err ] && cmp -s out out2
t $? "-s with the reported seed makes the same planet, and nothing is picked"

echo "1..$n"
exit $failed
