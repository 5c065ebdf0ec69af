#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fs-id.sh PATH...: the UUID and the block device of the file system
# holding each PATH, without root and without udev (blkid and lsblk read
# the device, or udev's database; fattr reads the kernel's super block).
# One process per PATH: the mount's keys come in one read of :mnt:export,
# evaluated by sh.  POSIX sh and getfattr; modprobe fattr.
#
#   $ fs-id.sh /home /tmp
#   /home: UUID=f4770000-0000-4000-8000-0000000000e4 DEVICE=/dev/vda2
#   /tmp: UUID=9c4b3f1e-2a1d-4f0e-8a51-2b1e6c3a7d10 DEVICE=none
#
# A file system without a UUID (proc, iso9660) prints UUID=none; one
# without a single block device (tmpfs, overlay, btrfs) DEVICE=none.
rc=0
for p do
	if ! e=$(getfattr --absolute-names --only-values -n :mnt:export -- "$p")
	then
		rc=1
		continue
	fi
	(
		eval "$e"
		dev=none
		[ -z "${BDEV:-}" ] || dev=/dev/$BDEV
		printf '%s: UUID=%s DEVICE=%s\n' "$p" "${UUID:-none}" "$dev"
	)
done
exit $rc
