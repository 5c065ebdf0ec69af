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
#
# make bench AB=COMMIT (FATTR_AB=COMMIT): in each kernel's VM, COMMIT's
# module against this tree's instead (scripts/vm-test.sh builds both,
# bench/ab.c times them, round after round); the tables only, no CSV
# and no picture.
#
# Only idle figures: before each kernel's VM, scripts/bench-load.sh says
# whether the machine is idle (no other QEMU, no compiler, a 1-minute
# load average below 1.0), and its line goes with the kernel's tables.
# A loaded machine is asked again every 15 s for $FATTR_BENCH_WAIT
# seconds (default 120: the load average our own last VM left decays in
# about a minute).  Still loaded, the bench stops there, unless
# FATTR_BENCH_LOADED_OK=1: then it goes on, and each block of that
# kernel, and the CSV (a comment line), is marked "LOADED RUN: not
# evidence for a goal".

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
[ $# -gt 0 ] || set -- 6.1 6.12 newest newest-rt
ab=${FATTR_AB:-}
marker="LOADED RUN: not evidence for a goal"

if [ -n "$ab" ] &&
   ! git -C "$top" rev-parse -q --verify "$ab^{commit}" >/dev/null; then
	echo "bench: AB=$ab: no such commit" >&2
	exit 1
fi

# Prints the machine's load line, "bench: machine idle: ..." or, having
# waited up to $FATTR_BENCH_WAIT s for it to settle, "bench: machine
# LOADED: ..." and fails.
idle() {
	waited=0
	while ! line=$("$top/scripts/bench-load.sh" $$); do
		if [ "$waited" -ge "${FATTR_BENCH_WAIT:-120}" ]; then
			echo "bench: machine LOADED: $line"
			return 1
		fi
		echo "bench: machine busy: $line; asking again in 15 s" >&2
		sleep 15
		waited=$((waited + 15))
	done
	echo "bench: machine idle: $line"
}

"$top/scripts/deps.sh"
make -s -C "$top/bench" || exit 1
loads=$(mktemp -d)
trap 'rm -rf "$loads"' EXIT
status=0 done='' refused=0 loaded=''
for tag in "$@"; do
	echo "=== bench on Debian kernel $tag${ab:+, A/B against $ab}"
	if ! idle >"$loads/$tag"; then
		if [ "${FATTR_BENCH_LOADED_OK:-}" != 1 ]; then
			cat "$loads/$tag"
			echo "bench: the machine is loaded: no bench on $tag and after (FATTR_BENCH_LOADED_OK=1: run anyway, marked \"$marker\")" >&2
			status=1 refused=1
			break
		fi
		echo "$marker" >>"$loads/$tag"
		loaded="$loaded$tag: $(head -n 1 "$loads/$tag")
"
	fi
	cat "$loads/$tag"
	"$top/scripts/vm-test.sh" "$tag" bench >/dev/null || status=1
	done="$done $tag"
done
# The fattr-bench blocks of kernel $1's console.  In the A/B run each
# kernel line once: its 20 loads of fattr log the same lines again.
blocks() {
	sed -n '/^fattr-bench on /,/^FATTR-RESULT/p' \
		"$cache/run/$1/console.log" | grep -v '^FATTR-RESULT' |
		if [ -n "$ab" ]; then
			awk '{ k = $0; sub(/^\[ *[0-9]+\.[0-9]+\] /, "", k) }
			     k == $0 || !seen[k]++'
		else
			cat
		fi
}

for tag in $done; do
	echo
	cat "$loads/$tag"
	if grep -qxF "$marker" "$loads/$tag"; then
		blocks "$tag" | sed "/^fattr-bench on /a\\
$marker"
		echo "$marker"
	else
		blocks "$tag"
	fi
done
[ "$refused" = 0 ] || exit 1
# The A/B tables have no figures to draw.
[ -z "$ab" ] || exit "$status"
# The figures as CSV and a picture per kernel (the README shows them).
FATTR_BENCH_LOADED=$loaded \
	"$top/scripts/bench-plot.sh" "${FATTR_BENCH_OUT:-$top/doc/bench}" "$@" ||
	status=1
exit "$status"
