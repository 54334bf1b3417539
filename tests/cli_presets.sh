#!/bin/sh
# cli_presets.sh: presets found by name (TAP). The program run from the build
# tree finds them in the source tree's conf/; after `make install DESTDIR=R`
# the installed program finds them in R$(pkgdatadir), and its man page names
# $(pkgdatadir). A file of the same name in the current folder wins; a name
# that is no preset is an error listing the presets.
# Needs $TECTONICA, $SRCDIR and $BUILDDIR.
: "${TECTONICA:?}" "${SRCDIR:?}" "${BUILDDIR:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli_presets.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 failed=0
t() { # t CONDITION-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
hash_of() { "$@" -n 3 --stats - -q | tail -n 1 |
	sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p'; }

cd "$tmp" || exit 1
"$TECTONICA" check pangaea >out 2>err
t $? "check pangaea: exit 0 from the build tree"
grep -qx "$SRCDIR/conf/pangaea.yaml: ok" out
t $? "... found in the source tree's conf/ ($(cat out))"
a=$(hash_of "$TECTONICA" run pangaea) b=$(hash_of "$TECTONICA" run "$SRCDIR/conf/pangaea.yaml")
[ -n "$a" ] && [ "$a" = "$b" ]
t $? "run pangaea is run conf/pangaea.yaml ($a = $b)"

"$TECTONICA" check nosuchworld >out 2>err
[ $? -eq 2 ] && grep -q '^nosuchworld:1:1: no such file, and no preset of that name (presets: .*pangaea.*quick' err
t $? "an unknown name: exit 2, FILE:LINE:COL error listing the presets"
"$TECTONICA" run nosuchworld -n 1 -o maps >out 2>err
[ $? -eq 2 ] && [ ! -e maps ] && grep -q '^nosuchworld:1:1: ' err
t $? "run with an unknown name: exit 2 before any output"

printf 'name: Mine\nseed: 5\ngrid: {level: 2}\n' >pangaea
"$TECTONICA" check --print pangaea 2>err | grep -qx 'name: "Mine"'
t $? "a file named like a preset in the current folder wins"
rm pangaea && mkdir pangaea
"$TECTONICA" check pangaea >out 2>err && grep -qx "$SRCDIR/conf/pangaea.yaml: ok" out
t $? "a folder of that name does not hide the preset"
rmdir pangaea

# A staged install: the installed program and its data folder under $root.
root=$tmp/root
(cd "$BUILDDIR" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "${MAKE:-make}" -s install \
	DESTDIR="$root") >install.log 2>&1
t $? "make install DESTDIR=..." || sed 's/^/# /' install.log
bin=$(find "$root" -type f -name tectonica | head -n 1)
yaml=$(find "$root" -type f -name pangaea.yaml | head -n 1)
data=$(dirname "${yaml:-/nonexistent/x}")
pkgdatadir=${data#"$root"}
[ -x "$bin" ] && [ -n "$yaml" ] && [ "$pkgdatadir" != "$data" ]
t $? "the program and the presets are installed ($pkgdatadir)"
found=0
for p in default pangaea archipelago waterworld desert iceworld volcanic hightilt quick; do
	if "$bin" check "$p" >out 2>err && grep -qx "$data/$p.yaml: ok" out; then
		found=$((found + 1))
	else
		echo "# $p: $(cat out err)"
	fi
done
[ "$found" -eq 9 ]
t $? "the installed program finds every preset by name in its data folder"
a=$(hash_of "$bin" run waterworld) b=$(hash_of "$TECTONICA" run "$SRCDIR/conf/waterworld.yaml")
[ -n "$a" ] && [ "$a" = "$b" ]
t $? "installed run waterworld makes the planet of conf/waterworld.yaml ($a = $b)"
"$bin" check nosuchworld 2>err >/dev/null
grep -q '(presets: archipelago, default, desert, hightilt, iceworld, pangaea, quick, volcanic, waterworld)' err
t $? "the installed program lists its presets"
man=$(find "$root" -type f -name tectonica.1 | head -n 1)
[ -n "$man" ] && grep -qx ".ds pkgdatadir $pkgdatadir" "$man" &&
	! grep -q '@pkgdatadir@' "$man"
t $? "the installed man page names the configured data folder"

echo "1..$n"
exit $failed
