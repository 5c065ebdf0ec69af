#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The run inside the VM for make bench (see test/vm-init): the benchmark
# on the VM's own mounts, then the facts of a mount with the real file
# systems of test/vm-realfs.sh mounted (an ext4 disk for the processes
# asking a UUID), which go again after it; then changes-bench, the cost
# per change of examples/mount-changes.c's way against mountinfo and
# listmount(2) + statmount(2), at 1,000, 10,000 and 100,000 mounts.

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
