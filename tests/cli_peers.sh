#!/bin/sh
# cli_peers.sh: bench/peers.sh refuses bad arguments and missing checkouts
# with exit 2 and a message naming the problem, before building anything
# (TAP). The side-by-side run itself needs the peers' sources and minutes;
# it is run by hand (bench/RESULTS.md).
: "${TECTONICA:?}" "${SRCDIR:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli_peers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 failed=0
t() { # t CONDITION-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
P=$SRCDIR/bench/peers.sh
run() { sh "$P" "$@" >"$tmp/out" 2>"$tmp/err"; echo $?; }

[ "$(run)" = 2 ] && grep -q -- '--platec DIR and/or --planet DIR' "$tmp/err"
t $? "no peer given: exit 2, says which options are needed"
[ "$(run --platec "$tmp/none")" = 2 ] && grep -qx "peers.sh: --platec: no such directory: $tmp/none" "$tmp/err"
t $? "missing platec checkout: exit 2, names the path"
[ "$(run --planet "$tmp/none")" = 2 ] && grep -qx "peers.sh: --planet: no such directory: $tmp/none" "$tmp/err"
t $? "missing planet checkout: exit 2, names the path"
mkdir "$tmp/empty"
[ "$(run --platec "$tmp/empty")" = 2 ] && grep -q "not a plate-tectonics checkout" "$tmp/err"
t $? "a directory without platec's sources: exit 2"
[ "$(run --planet "$tmp/empty")" = 2 ] && grep -q "has no planet.c" "$tmp/err"
t $? "a directory without planet.c: exit 2"
mkdir -p "$tmp/fake/src" && : >"$tmp/fake/src/platecapi.hpp" && : >"$tmp/fake/CMakeLists.txt"
[ "$(run --platec "$tmp/fake" --pairs 0)" = 2 ] && grep -q -- "--pairs: expected a count" "$tmp/err"
t $? "--pairs 0: exit 2"
[ "$(run --platec "$tmp/fake" --warmup x)" = 2 ] && grep -q -- "--warmup: expected a count >= 0" "$tmp/err"
t $? "--warmup x: exit 2"
[ "$(run --platec "$tmp/fake" --match 7:512x512)" = 2 ] && grep -q -- "--match: expected LEVEL=WxH" "$tmp/err"
t $? "a malformed --match: exit 2"
[ "$(run --platec "$tmp/fake" --tectonica "$tmp/none")" = 2 ] && grep -q "no tectonica binary" "$tmp/err"
t $? "no tectonica binary: exit 2"
[ "$(run --platec "$tmp/fake" --bogus)" = 2 ] && grep -q "unknown argument '--bogus'" "$tmp/err"
t $? "an unknown option: exit 2"
[ "$(run --help)" = 0 ] && grep -q 'bench/peers.sh \[--platec DIR\]' "$tmp/out" && [ ! -s "$tmp/err" ]
t $? "--help: usage on stdout, exit 0"

echo "1..$n"
exit $failed
