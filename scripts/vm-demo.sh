#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The demo run inside the VM (make demo): getfattr answering from fattr.

show() {
	echo "\$ $*"
	"$@"
}

mkdir -p /tmp/data
mount -t tmpfs -o size=1m,mode=755 demo-source /tmp/data
show getfattr --absolute-names --only-values -n :mnt:info /proc
show getfattr --absolute-names --only-values -n :mnt:info /tmp/data
show getfattr --absolute-names -e text -n : /
show getfattr --absolute-names -e text -n :mntns: /
id=$(getfattr --absolute-names --only-values -n :mntns: / | tr '\0' '\n' | tail -n 1)
show getfattr --absolute-names --only-values -n ":mntns:${id}info" /
echo "\$ grep -F /tmp/data /proc/self/mountinfo"
grep -F /tmp/data /proc/self/mountinfo

# A real file system: the ext4 disk of test/vm-realfs.sh (make demo
# attaches the check run's disks), its keys next to findmnt and df.
if sh /test/vm-realfs.sh >/dev/null 2>&1 && [ -d /realfs/ext4 ]; then
	for k in mountpoint source fstype uuid bdev statfs:bavail; do
		show getfattr --absolute-names --only-values -n ":mnt:$k" /realfs/ext4
		echo
	done
	echo "\$ eval \"\$(getfattr --only-values -n :mnt:export /realfs/ext4)\""
	eval "$(getfattr --absolute-names --only-values -n :mnt:export /realfs/ext4)"
	# shellcheck disable=SC2154 # set by the eval
	echo "\$ echo \"\$UUID \$BDEV \$MOUNTPOINT \$((STATFS_BAVAIL * STATFS_FRSIZE / 1024)) KiB free\""
	# shellcheck disable=SC2154
	echo "$UUID $BDEV $MOUNTPOINT $((STATFS_BAVAIL * STATFS_FRSIZE / 1024)) KiB free"
	show findmnt -n -o TARGET,SOURCE,FSTYPE,UUID -T /realfs/ext4
	show df -k /realfs/ext4
	sh /test/vm-realfs.sh down >/dev/null 2>&1
else
	echo "(no ext4 disk in this VM: the real file system part is left out)"
fi
