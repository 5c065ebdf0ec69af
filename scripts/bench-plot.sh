#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench-plot.sh OUTDIR TAG...
#
# The figures of make bench (bench/fattr-bench's rows at N = 10, 1,000,
# 10,000 and 100,000 mounts, from the console of each kernel TAG's bench VM,
# $FATTR_CACHE/run/TAG/console.log) as one CSV, OUTDIR/bench.csv
# (kernel,mounts,row,us), and for each kernel a picture of the cost of
# one call against the number of mounts, OUTDIR/bench-TAG.svg, drawn
# with gnuplot (gnuplot-nox): fattr's record, key and columns against
# reading mountinfo and against listmount(2) + statmount(2) of each
# mount, and the listing against listmount(2).  Absolute times are QEMU
# TCG's: compare the lines, not the numbers.
#
# $FATTR_BENCH_LOADED (scripts/bench.sh, FATTR_BENCH_LOADED_OK=1): lines
# "TAG: LOAD", the kernels run on a loaded machine; each goes into the
# CSV as a comment line "# LOADED RUN: not evidence for a goal: ..."
# before its header, and into the title of that kernel's picture.

set -eu

out=${1:?usage: bench-plot.sh OUTDIR TAG...}
shift
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
command -v gnuplot >/dev/null ||
	"$top/scripts/apt-get.sh" install -y -q --no-install-recommends \
		gnuplot-nox >/dev/null
mkdir -p "$out"

# The rows drawn, as fattr-bench names them, and their legends.
rows=':mntns: listing|fattr :mntns: (the ids)
listmount(2), all ids, 4096 a call|listmount(2) (the ids)
:mnt:info by path (getxattr)|fattr :mnt:info (a record)
:mntns:ID:info by id|fattr :mntns:ID:info (a key by id)
:mntns:all:mnt_attr column|fattr :mntns:all:mnt_attr (a column)
:mntns:all:mountpoint column|fattr :mntns:all:mountpoint (a column)
read mountinfo + collect the ids|read /proc/self/mountinfo
listmount + N statmount(MNT_BASIC)|listmount + statmount(MNT_BASIC) each
listmount + N statmount(MNT_POINT)|listmount + statmount(MNT_POINT) each'

loaded=${FATTR_BENCH_LOADED:-}
printf '%s\n' "$loaded" |
	sed '/^$/d; s/^/# LOADED RUN: not evidence for a goal: /' >"$out/bench.csv"
echo "kernel,mounts,row,us" >>"$out/bench.csv"
for tag in "$@"; do
	log=$cache/run/$tag/console.log
	[ -f "$log" ] || { echo "bench-plot: no $log" >&2; exit 1; }
	rel=$(sed -n 's/^fattr-bench on \([^:]*\):.*/\1/p' "$log" | head -n 1)
	mark=
	if printf '%s\n' "$loaded" |
	   awk -v t="$tag: " 'index($0, t) == 1 { f = 1 } END { exit !f }'; then
		mark=", LOADED RUN: not evidence for a goal"
	fi
	# "N = 1000 mounts ..." then "  ROW   12.3 us" lines.
	tr -d '\r' <"$log" | awk -v k="${rel:-$tag}" '
		/^N = [0-9]+ mounts/ { n = $3; next }
		/^[A-Z]/ { n = "" }
		n != "" && / us$/ {
			v = $(NF - 1); row = $0
			sub(/^  /, "", row); sub(/ +[0-9.]+ us$/, "", row)
			printf "%s,%s,\"%s\",%s\n", k, n, row, v
		}' >>"$out/bench.csv"
	dat=$(mktemp)
	echo "$rows" | while IFS="|" read -r row _; do
		grep -F ",\"$row\"," "$out/bench.csv" | grep "^${rel:-$tag}," |
			awk -F, '{ print $2, $NF }'
		printf '\n\n'
	done >"$dat"
	plot=$(echo "$rows" | awk -F'|' -v d="$dat" '
		{ printf "%s\"%s\" index %d with linespoints title \"%s\"",
			  (NR > 1 ? ", " : ""), d, NR - 1, $2 }')
	gnuplot <<EOF
set terminal svg size 760,480 dynamic noenhanced font "sans,11"
set output "$out/bench-$tag.svg"
set title "Cost of one call against the number of mounts, ${rel:-$tag} (QEMU TCG$mark)"
set logscale xy
set xlabel "mounts in the namespace"
set ylabel "microseconds per call"
set key top left
set grid
plot $plot
EOF
	rm -f "$dat"
done
echo "bench-plot: $out/bench.csv and $(for t in "$@"; do printf '%s ' "$out/bench-$t.svg"; done)"
