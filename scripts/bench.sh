#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [TAG...]
#
# make bench: bench/fattr-bench in one VM boot per kernel (default: 6.1,
# 6.12, the newest kernel and its rt flavor), then the tables of all
# kernels together, and their figures as doc/bench/bench.csv and a
# picture per kernel, doc/bench/bench-TAG.svg ($FATTR_BENCH_OUT: another
# directory; scripts/bench-plot.sh).  Not part of make check: benchmarks
# are not tests.
#
# make bench AB=COMMIT (FATTR_AB=COMMIT): in each kernel's VM, COMMIT's
# module against this tree's instead (scripts/vm-test.sh builds both,
# bench/ab.c times them, round after round); the tables only, no CSV
# and no picture.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
[ $# -gt 0 ] || set -- 6.1 6.12 newest newest-rt
ab=${FATTR_AB:-}

if [ -n "$ab" ] &&
   ! git -C "$top" rev-parse -q --verify "$ab^{commit}" >/dev/null; then
	echo "bench: AB=$ab: no such commit" >&2
	exit 1
fi

"$top/scripts/deps.sh"
make -s -C "$top/bench" || exit 1
status=0
for tag in "$@"; do
	echo "=== bench on Debian kernel $tag${ab:+, A/B against $ab}"
	"$top/scripts/vm-test.sh" "$tag" bench >/dev/null || status=1
done
for tag in "$@"; do
	echo
	sed -n '/^fattr-bench on /,/^FATTR-RESULT/p' \
		"$cache/run/$tag/console.log" | grep -v '^FATTR-RESULT'
done
# The A/B tables have no figures to draw.
[ -z "$ab" ] || exit "$status"
# The figures as CSV and a picture per kernel (the README shows them).
"$top/scripts/bench-plot.sh" "${FATTR_BENCH_OUT:-$top/doc/bench}" "$@" ||
	status=1
exit "$status"
