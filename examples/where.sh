#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# where.sh PATH...: the mount point, source, type and free space of the
# file system holding each PATH, as `findmnt -T PATH` and `df PATH` tell
# them, from fattr's keys alone (POSIX sh and getfattr; modprobe fattr).
#
#   $ where.sh /var/log
#   /var/log: / /dev/vda1 ext4 12345678 KiB free of 20511312 KiB
k() { getfattr --absolute-names --only-values -n ":mnt:$2" -- "$1"; }
for p do
	bs=$(k "$p" statfs:frsize) && avail=$(k "$p" statfs:bavail) &&
		blocks=$(k "$p" statfs:blocks) || exit 1
	printf '%s: %s %s %s %s KiB free of %s KiB\n' "$p" "$(k "$p" mountpoint)" \
		"$(k "$p" source)" "$(k "$p" fstype)" \
		$((avail * bs / 1024)) $((blocks * bs / 1024))
done
