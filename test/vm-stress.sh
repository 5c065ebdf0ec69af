#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The stress run inside the VM (scripts/vm-test.sh TAG stress): the
# fuzzer, rmmod/insmod cycles under load, mount churn, and isolation in
# user, mount and pid namespaces.  Its size comes from "fattr.size=" on
# the kernel command line: "ci" (default: a few minutes under TCG) or
# "full" ("smoke": a quick look); "fattr.parts=" names the parts to run
# (comma-separated, default all).  Exits non-zero if any part fails, or
# if a part named there does not exist.

size=ci
all=fuzz,cycles,churn,iso
parts=$all
for arg in $(cat /proc/cmdline); do
	case $arg in
	fattr.size=*) size=${arg#fattr.size=} ;;
	fattr.parts=*) parts=${arg#fattr.parts=} ;;
	esac
done
case $size in
full)	calls=1000000 cycles=100 seconds=60 ops=10000 ;;
smoke)	calls=10000 cycles=2 seconds=5 ops=0 ;;
*)	calls=100000 cycles=10 seconds=15 ops=1000 ;;
esac
# QEMU emulates riscv64, ppc64el and s390x several times slower than
# amd64 (riscv64's 7.2 churned 885 mounts in 15 s beside other VMs): the
# churn runs three times as long there to make the same number of mount
# operations.  KASAN, lockdep and kmemleak make a debug kernel several
# times slower (the 7.3.4 one churned 911 mounts in 15 s beside two
# VMs, 1,002 alone): there it runs five times as long, the factor of
# Check's timeouts (vm-check.sh), for the same floor.
case $(uname -m) in
riscv64|ppc64le|s390x) seconds=$((seconds * 3)) ;;
esac
case $(uname -r) in
*-fattr-debug*) seconds=$((seconds * 5)) ;;
esac

status=0
for part in $(echo "$parts" | tr , ' '); do
	case ",$all," in
	*",$part,"*) ;;
	*)
		echo "fattr-vm: stress: unknown part '$part'"
		status=1
		;;
	esac
done

# step NAME COMMAND...: runs COMMAND if fattr.parts= names NAME.
step() {
	name=$1
	shift
	case ",$parts," in
	*",$name,"*) ;;
	*)
		echo "fattr-vm: stress: $name skipped (fattr.parts=$parts)"
		return
		;;
	esac
	echo "fattr-vm: stress: $name ($size)"
	start=$(date +%s)
	"$@" || { echo "fattr-vm: stress: $name FAILED"; status=1; }
	echo "fattr-vm: stress: $name took $(($(date +%s) - start)) s"
}

step fuzz /test/fattr-fuzz "$calls"
step cycles /test/fattr-stress cycles "$cycles"
step churn /test/fattr-stress churn "$seconds" "$ops"
step iso /test/fattr-stress iso
[ "$(cat /sys/module/fattr/refcnt 2>/dev/null)" = 0 ] || {
	echo "fattr-vm: stress: fattr not loaded, or refcnt not 0 at the end"
	status=1
}
exit $status
