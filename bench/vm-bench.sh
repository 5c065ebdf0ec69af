#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The run inside the VM for make bench (see test/vm-init): the benchmark
# on the VM's own mounts, then the facts of a mount with the real file
# systems of test/vm-realfs.sh mounted (an ext4 disk for the processes
# asking a UUID), which go again after it; then changes-bench, the cost
# per change of examples/mount-changes.c's way against mountinfo and
# listmount(2) + statmount(2), at 1,000, 10,000 and 100,000 mounts.
#
# make bench AB=COMMIT (fattr.ab=1 on the command line, COMMIT's module
# as /fattr-old.ko: scripts/vm-test.sh): only fattr-bench --ab, that
# module against this tree's, $FATTR_KO (test/vm-init loaded it).

case " $(cat /proc/cmdline) " in
*" fattr.ab=1 "*) ab=1 ;;
*) ab=0 ;;
esac
if [ "$ab" = 1 ] || [ -e /fattr-old.ko ]; then
	if [ ! -e /fattr-old.ko ]; then
		echo "fattr-bench: fattr.ab=1 and no /fattr-old.ko"
		exit 1
	fi
	exec /test/fattr-bench --ab /fattr-old.ko "$FATTR_KO"
fi

status=0
/test/fattr-bench "$FATTR_KO" || status=1
if sh /test/vm-realfs.sh >/dev/null 2>&1 && [ -d /realfs/ext4 ]; then
	/test/fattr-bench --facts /realfs/ext4 || status=1
else
	echo "fattr-bench: no ext4 disk mounted (vm-realfs.sh): facts on /tmp"
	/test/fattr-bench --facts /tmp || status=1
fi
sh /test/vm-realfs.sh down >/dev/null 2>&1
/test/changes-bench 1000 10000 100000 || status=1
exit $status
