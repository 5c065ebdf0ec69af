#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check.sh [TAG...]
#
# The full test suite: checkpatch on the kernel code, then
# scripts/vm-test.sh on every supported kernel (default: 6.1, 6.12 and
# the newest of Debian unstable, "sid"),
# then one summary line per kernel (Check's own) and a total.  Exits
# non-zero if anything failed.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
[ $# -gt 0 ] || set -- 6.1 6.12 sid

"$top/scripts/deps.sh"
if "$top/scripts/checkpatch.sh"; then
	summary="checkpatch: clean
"
	style=0
else
	summary="checkpatch: FAILED
"
	style=1
fi

failed=0
for tag in "$@"; do
	echo "=== fattr on Debian kernel $tag"
	if "$top/scripts/vm-test.sh" "$tag" check; then
		verdict=PASS
	else
		verdict=FAIL
		failed=$((failed + 1))
	fi
	log=$cache/run/$tag/console.log
	checks=$(grep -E '^[0-9]+%: Checks: ' "$log" 2>/dev/null | tail -n 1)
	shell=$(grep -E '^getfattr-test: ' "$log" 2>/dev/null | tail -n 1)
	ia32=$(grep -E '^ia32: ' "$log" 2>/dev/null | tail -n 1)
	summary="$summary$tag: $verdict; ${checks:-no Check summary}; ${shell:-no getfattr-test summary}; ${ia32:-no ia32 summary}
"
	# The fuzzer, mount churn and rmmod cycles at CI size (test/vm-stress.sh;
	# FATTR_STRESS=full for the full size).
	echo "=== fattr stress on Debian kernel $tag"
	if "$top/scripts/vm-test.sh" "$tag" stress; then
		verdict=PASS
	else
		verdict=FAIL
		failed=$((failed + 1))
	fi
	fuzz=$(grep -E '^fuzz: ' "$log" 2>/dev/null | tail -n 1)
	summary="$summary$tag stress: $verdict; ${fuzz:-no fuzz summary}
"
done

echo "=== summary"
printf '%s' "$summary"
echo "total: $failed failed runs of $(($# * 2)) (check and stress on $# kernels)"
[ "$failed" -eq 0 ] && [ "$style" -eq 0 ]
