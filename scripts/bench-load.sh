#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bench-load.sh [PID]
#
# Whether this machine is idle enough for make bench (scripts/bench.sh):
# prints one line, the 1-minute load average (/proc/loadavg), the number
# of cores (nproc), the other QEMU processes (qemu-system-*) and the
# compilers running (cc1, ld, make -C .../linux-headers...); exits 0 if
# idle (no other QEMU, no compiler, load average below 1.0), 1 if not.
# Processes of PID's tree (PID and its descendants; default this
# script's) and this script's ancestors are not counted: they are ours.
# QEMU's TCG runs a VM's vCPUs as threads of the host: a VM or a build
# beside the bench's takes CPU time from it, and its figures move.

set -u

tree=${1:-$$}
case $tree in
''|*[!0-9]*) echo "usage: bench-load.sh [PID]" >&2; exit 2 ;;
esac

# The parent of process $1, or nothing if it is gone.
ppid_of() {
	sed -n 's/.*) [A-Za-z] \([0-9]*\) .*/\1/p' "/proc/$1/stat" 2>/dev/null
}

# This script's ancestors, up to init.
ancestors=' '
p=$$
while [ -n "$p" ] && [ "$p" -gt 1 ]; do
	p=$(ppid_of "$p")
	ancestors="$ancestors$p "
done

# Whether process $1 is ours: an ancestor, or in $tree's tree.
ours() {
	case $ancestors in
	*" $1 "*) return 0 ;;
	esac
	q=$1
	while [ -n "$q" ] && [ "$q" -gt 1 ]; do
		[ "$q" != "$tree" ] || return 0
		q=$(ppid_of "$q")
	done
	return 1
}

# How many of the processes $@ (pgrep's arguments) are not ours.
others() {
	n=0
	for pid in $(pgrep "$@"); do
		ours "$pid" || n=$((n + 1))
	done
	echo "$n"
}

load=$(cut -d ' ' -f 1 /proc/loadavg)
cores=$(nproc)
qemu=$(others '^qemu-system-')
cc1=$(others '^cc1')
ld=$(others '^ld$|^ld\.')
kmake=$(others -f '(^|/)make .*-C *[^ ]*/linux-headers-')
echo "load average $load (1 min), $cores cores, other qemu-system: $qemu, compilers: cc1 $cc1, ld $ld, make -C linux-headers $kmake"
# Below 1.0: awk compares the numbers.
[ "$qemu" = 0 ] && [ "$cc1" = 0 ] && [ "$ld" = 0 ] && [ "$kmake" = 0 ] &&
	awk -v l="$load" 'BEGIN { exit !(l < 1.0) }'
