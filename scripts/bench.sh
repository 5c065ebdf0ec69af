#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [TAG...]
#
# make bench: bench/fattr-bench in one VM boot per kernel (default: 6.1,
# 6.12, the newest kernel and its rt flavor), then the tables of all
# kernels together.  Not part of make check: benchmarks are not tests.

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
exit "$status"
