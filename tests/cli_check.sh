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

echo "1..$n"
exit $failed
