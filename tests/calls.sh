#!/bin/sh
# calls.sh: no two source files call each other (TAP). Within a layer too,
# a dependency runs one way: a helper both files need lives in a third file
# below them (doc/design.md, "Source layout"). Read from the symbols of the
# library's objects. Needs $BUILDDIR (the build tree) and nm.
: "${BUILDDIR:?}"
lib=$BUILDDIR/libtectonica.a
if ! command -v nm >/dev/null 2>&1 || [ ! -f "$lib" ]; then
	echo "1..0 # SKIP no nm or no $lib"
	exit 0
fi
# nm -A: "lib.a:file.o: [address] TYPE symbol"
pairs=$(nm -A "$lib" 2>/dev/null | awk '
	{ split($1, p, ":"); obj = p[2]; sym = $NF; type = $(NF - 1) }
	type ~ /^[TDRB]$/ { def[sym] = obj }
	type == "U" { n++; user[n] = obj; used[n] = sym }
	END {
		for (i = 1; i <= n; i++)
			if ((used[i] in def) && def[used[i]] != user[i])
				edge[user[i] " " def[used[i]]] = used[i]
		for (e in edge) {
			split(e, ab, " ")
			back = ab[2] " " ab[1]
			if ((back in edge) && ab[1] < ab[2])
				printf " %s(%s)<->%s(%s)", ab[1], edge[e], ab[2], edge[back]
		}
	}')
if [ -z "$pairs" ]; then
	echo "ok 1 - no two files of the library call each other"
else
	echo "not ok 1 - files that call each other:$pairs"
fi
echo "1..1"
