#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The test run inside the VM: real file systems mounted first
# (vm-realfs.sh: they stay mounted for the Check suite and the getfattr
# shell test, then go: see vm-realfs.sh down), the Check suite, the getfattr shell test,
# the 32-bit callers' test (fattr-compat32) and the refusals to load
# (vm-refuse.sh, which leaves fattr loaded), and confined callers
# (vm-confined.sh: AppArmor and Landlock).  Exits non-zero if any fails.

status=0
echo "fattr-vm: real file systems"
sh /test/vm-realfs.sh || status=1
echo "fattr-vm: Check suite"
# rmmod under load runs in the stress run (test/vm-stress.sh), where
# QEMU runs single-threaded: see scripts/vm-test.sh.
# KASAN, lockdep and kmemleak make a debug kernel several times slower:
# Check's per-test timeouts (TEST_TIMEOUT) scale with it there, and on
# the slower emulated architectures.
# QEMU emulates riscv64, ppc64el and s390x two to four times slower than
# amd64 (riscv64's unload test ran past 120 s beside three other VMs).
mult=1
case $(uname -m) in riscv64|ppc64le|s390x) mult=3 ;; esac
case $(uname -r) in *-fattr-debug*) mult=5 ;; esac
CK_TIMEOUT_MULTIPLIER=$mult CK_EXCLUDE_TAGS=stress /test/fattr-check || status=1
echo "fattr-vm: getfattr shell test"
sh /test/getfattr-test.sh || status=1
echo "fattr-vm: real file systems unmounted"
sh /test/vm-realfs.sh down || status=1
# fattr.compat=1 (scripts/vm-test.sh): the kernel was built with
# CONFIG_COMPAT, so it has 32-bit callers, and they must be tested.
echo "fattr-vm: 32-bit callers"
case " $(cat /proc/cmdline) " in
*" fattr.compat=0 "*)
	echo "compat32: none: this kernel has no 32-bit syscalls (no CONFIG_COMPAT)" ;;
*)	/test/fattr-compat32 || status=1 ;;
esac
echo "fattr-vm: refusing to load"
sh /test/vm-refuse.sh || status=1
echo "fattr-vm: confined callers"
sh /test/vm-confined.sh || status=1
exit $status
