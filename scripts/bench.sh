#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [TAG...]
#
# make bench: bench/fattr-bench, then bench/changes-bench, in one VM
# boot per kernel (bench/vm-bench.sh; default: 6.1, 6.12, the newest
# kernel and its rt flavor), then the tables of all kernels together
# (each console from fattr-bench's first line to the verdict: the block
# of changes-bench is inside), and their figures as doc/bench/bench.csv
# and a picture per kernel, doc/bench/bench-TAG.svg ($FATTR_BENCH_OUT:
# another directory; scripts/bench-plot.sh, fattr-bench's rows alone).
# Not part of make check: benchmarks are not tests.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
[ $# -gt 0 ] || set -- 6.1 6.12 newest newest-rt

"$top/scripts/deps.sh"
make -s -C "$top/bench" || exit 1
status=0
for tag in "$@"; do
	echo "=== bench on Debian kernel $tag"
	"$top/scripts/vm-test.sh" "$tag" bench >/dev/null || status=1
done
for tag in "$@"; do
	echo
	sed -n '/^fattr-bench on /,/^FATTR-RESULT/p' \
		"$cache/run/$tag/console.log" | grep -v '^FATTR-RESULT'
done
# The figures as CSV and a picture per kernel (the README shows them).
"$top/scripts/bench-plot.sh" "${FATTR_BENCH_OUT:-$top/doc/bench}" "$@" ||
	status=1
exit "$status"
