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

# A column (every mount's mount point in one call) beside findmnt.
show sh /test/column.sh mountpoint
show findmnt -n -o ID,TARGET -l

# What changed, as it changes: examples/mount-changes, started first,
# then a mount, a remount read-only, a move and an unmount; then what it
# printed meanwhile (a second apart: each is a change set of its own).
mkdir -p /tmp/new /tmp/moved
/test/mount-changes >/tmp/changes.out 2>&1 &
tool=$!
sleep 1
show mount -t tmpfs demo-new /tmp/new
sleep 1
show mount -o remount,bind,ro /tmp/new
sleep 1
show mount --move /tmp/new /tmp/moved
sleep 1
show umount /tmp/moved
sleep 1
kill "$tool"
echo "\$ mount-changes    # started before these, printed meanwhile:"
cat /tmp/changes.out

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
