#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The fault injection run inside the VM (scripts/vm-test.sh debug faults;
# it needs the debug kernel's CONFIG_FAULT_INJECTION and friends, see
# scripts/debug-kernel.config).  test/vm-init has loaded fattr (and
# marked what boot left to kmemleak as seen).  This runs
# test/fattr-failnth (see test/failnth.c: each call of a list, with its
# 1st, 2nd, ... fault site failed in turn through
# /proc/thread-self/fail-nth, and the next call without a fault checked)
# in three passes:
#
#   root:   as root, on "/" and a tmpfs: the tree's names, the columns,
#           then the calls at 5,000 mounts in a namespace of its own;
#   user:   the same as uid 1000, root of its own user and mount
#           namespaces;
#   memcg:  as root, the columns in a memory cgroup of 2 MiB (cgroup2,
#           mounted for it if need be; the cgroup removed after);
#           SKIPPED, without failing the run, on a kernel without the
#           memory controller (CONFIG_MEMCG).
#
# After each pass: lockdep must still be on (debug_locks 1), kmemleak
# must find no leak (the pass's suspects are then cleared, so that the
# next pass reports its own), and the kernel log since the pass began
# must have no BUG, WARNING, Oops, KASAN, UBSAN or kmemleak line.  Then
# fattr's refcount must be 0 and rmmod must succeed; vm-init scans
# kmemleak once more with fattr unloaded.  Exits non-zero if anything
# failed.
#
# To look at the sites of one call, the kernel command line
# (FATTR_VM_APPEND) passes fattr-failnth's FAILNTH_ONLY and
# FAILNTH_VERBOSE: fattr.failnth_only=getxattr(/,:mnt:info,0)
# fattr.failnth_verbose=2 (see test/failnth.c); and its FAILNTH_MOUNTS
# and FAILNTH_COLUMNS, the size of the many mounts' calls and their
# columns: fattr.failnth_mounts=0 (none), fattr.failnth_columns=all.

status=0
leaks=/sys/kernel/debug/kmemleak

# The words of its one line.
# shellcheck disable=SC2013
for arg in $(cat /proc/cmdline); do
	case $arg in
	fattr.failnth_only=*) FAILNTH_ONLY=${arg#fattr.failnth_only=} ;;
	fattr.failnth_verbose=*)
		FAILNTH_VERBOSE=${arg#fattr.failnth_verbose=} ;;
	fattr.failnth_mounts=*)
		FAILNTH_MOUNTS=${arg#fattr.failnth_mounts=} ;;
	fattr.failnth_columns=*)
		FAILNTH_COLUMNS=${arg#fattr.failnth_columns=} ;;
	esac
done
export FAILNTH_ONLY FAILNTH_VERBOSE FAILNTH_MOUNTS FAILNTH_COLUMNS

if [ ! -d /sys/module/fattr ]; then
	echo "fattr-vm: faults: fattr is not loaded"
	exit 1
fi

# after NAME: the checks that follow a pass.
after() {
	if [ -r /proc/lockdep_stats ]; then
		on=$(awk '/debug_locks:/ { print $2 }' /proc/lockdep_stats)
		echo "fattr-vm: faults: $1: debug_locks ${on:-?}"
		[ "$on" = 1 ] || status=1
	else
		echo "fattr-vm: faults: $1: no lockdep in this kernel"
	fi

	# An object is reported once it is 5 s old and a scan found no
	# reference to it; the second scan confirms the first's suspects.
	if [ -w $leaks ]; then
		sleep 6
		if echo scan >$leaks && echo scan >$leaks; then
			n=$(grep -c '^unreferenced object' $leaks)
			echo "fattr-vm: faults: $1: $n kmemleak suspects"
			if [ "$n" != 0 ]; then
				head -n 80 $leaks
				status=1
			fi
			echo clear >$leaks
		else
			# kmemleak turns itself off on an error of its own
			# (the log says why); then it proves nothing.
			echo "fattr-vm: faults: $1: kmemleak is off"
			status=1
		fi
	else
		echo "fattr-vm: faults: $1: no kmemleak in this kernel"
	fi

	# The kernel's own lines since the pass began.
	dmesg | sed -n "/fattr-vm: faults: begin $1\$/,\$p" |
		grep -E 'BUG:|WARNING:|Oops|KASAN|UBSAN|kmemleak' >/tmp/faults.bad
	if [ -s /tmp/faults.bad ]; then
		echo "fattr-vm: faults: $1: the kernel complained:"
		head -n 40 /tmp/faults.bad
		status=1
	fi
}

# pass NAME ARGS...: fattr-failnth ARGS, then the checks.
pass() {
	name=$1
	shift
	echo "fattr-vm: faults: begin $name" >/dev/kmsg
	echo "fattr-vm: faults: $name: fattr-failnth $*"
	start=$(date +%s)
	/test/fattr-failnth "$@"
	rc=$?
	if [ "$rc" = 77 ]; then
		# Only the memcg pass: a kernel without CONFIG_MEMCG.
		echo "fattr-vm: faults: $name: SKIPPED (see above)"
	elif [ "$rc" != 0 ]; then
		echo "fattr-vm: faults: $name: fattr-failnth FAILED"
		status=1
	fi
	echo "fattr-vm: faults: $name took $(($(date +%s) - start)) s"
	after "$name"
}

pass root
pass user user 1000
pass memcg memcg

refcnt=$(cat /sys/module/fattr/refcnt)
echo "fattr-vm: faults: fattr refcnt $refcnt"
[ "$refcnt" = 0 ] || status=1
if rmmod fattr; then
	echo "fattr-vm: faults: rmmod fattr done"
else
	echo "fattr-vm: faults: rmmod fattr FAILED"
	status=1
fi
exit $status
