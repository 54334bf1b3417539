#!/bin/sh
# summary.sh LOG RC: print the one line CI reads, "P passed, F failed", from
# automake's test-suite log. A build that failed before any test ran counts
# as one failure, so a broken tree can never look green.
log=$1 rc=${2:-0}
if [ -f "$log" ]; then
	pass=$(sed -n 's/^# PASS: *\([0-9]*\).*/\1/p' "$log" | head -n 1)
	skip=$(sed -n 's/^# SKIP: *\([0-9]*\).*/\1/p' "$log" | head -n 1)
	fail=$(sed -n 's/^# FAIL: *\([0-9]*\).*/\1/p' "$log" | head -n 1)
	err=$(sed -n 's/^# ERROR: *\([0-9]*\).*/\1/p' "$log" | head -n 1)
	xpass=$(sed -n 's/^# XPASS: *\([0-9]*\).*/\1/p' "$log" | head -n 1)
	failed=$(( ${fail:-0} + ${err:-0} + ${xpass:-0} ))
	if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
	echo "${pass:-0} passed, $failed failed, ${skip:-0} skipped"
else
	echo "0 passed, 1 failed"
fi
