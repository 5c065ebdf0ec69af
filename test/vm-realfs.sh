#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-realfs.sh: mounts real file systems in the test VM before the Check
# suite (test/vm-check.sh runs it first), so that check_values.c (every
# key of every mount), check_realfs.c and getfattr-test.sh compare them
# too.  They stay mounted for the rest of the run.  Needs the kernel's
# modules (scripts/kernel-modules.sh: /lib/modules/REL and the lists in
# /test/realfs) and the disks of scripts/fs-images.sh, whose manifest is
# /test/realfs/manifest, attached by vm-boot.sh as virtio disks (found
# here by their serial, the manifest's name).  Mounts, under /realfs:
#   ext4, xfs, vfat    the disks, read-write (QEMU's snapshot: the image
#                      stays as made);
#   squashfs, iso 9660 the read-only disks (a blank in the mount point);
#   btrfs              the top level; subvolumes @, @home and
#                      @home/.snapshots (nested) made here by
#                      fattr-subvol, @home and @home/.snapshots mounted by
#                      subvol= (roots /@home and /@home/.snapshots);
#   overlay            on the ext4 disk as Docker lays it out
#                      (overlay2/ID/diff layers, ten lower ones, some with
#                      ',' ':' and blanks in their names, escaped with
#                      '\'; upper and work dirs; merged), mounted on
#                      overlay2/top/merged;
#   bind-*             subdirectories of ext4 (a blank in it), of the
#                      @home subvolume and of vfat;
#   a shared/slave pair: the xfs disk made shared, and bound as a slave
#                      on a directory of the ext4 disk;
#   fuse               the squashfs disk served by squashfuse, where the
#                      VM has it and the kernel has FUSE.
# "vm-realfs.sh down" undoes it all.
# Every mount is checked against the manifest (findmnt's UUID and label
# of its device) and written to /realfs/mounts (FSTYPE SOURCE MOUNTPOINT
# ROOT UUID, tab-separated; "-" where not known beforehand) for
# check_realfs.c.  What the kernel cannot do (a file system neither built
# in nor a module) is skipped with the reason, also written to
# /realfs/skipped (one line each, starting with what); a mount that should work
# and fails, a disk missing or not as made, fails the run.

status=0
list=/realfs/mounts
manifest=/test/realfs/manifest

# "vm-realfs.sh down" (vm-check.sh, after the Check suite and
# getfattr-test.sh): unmounts them and unloads the modules again, as
# every insmod and rmmod of fattr after that (vm-refuse.sh) takes about
# twice as long under TCG with the file systems' modules loaded.
if [ "${1:-}" = down ]; then
	# The last mount under /realfs, each time afresh: an unmount
	# propagates to the slave of the shared xfs.
	n=0
	while p=$(awk '$5 ~ "^/realfs/" { p = $5 } END { print p }' \
		  /proc/self/mountinfo); [ -n "$p" ]; do
		p=$(printf '%b' "$(echo "$p" | sed 's/\\\([0-7][0-7][0-7]\)/\\0\1/g')")
		umount "$p" || { echo "vm-realfs: FAIL: umount '$p'"; exit 1; }
		n=$((n + 1))
		[ $n -lt 100 ] || { echo "vm-realfs: FAIL: mounts remain"; exit 1; }
	done
	rm -f $list /realfs/skipped
	if [ -f /test/realfs/load ]; then
		tac /test/realfs/load | while read -r m; do
			rmmod "$m" 2>/dev/null ||
				echo "vm-realfs: $m stays loaded"
		done
	fi
	exit 0
fi

fail() {
	echo "vm-realfs: FAIL: $*"
	status=1
}

skipped=/realfs/skipped
skip() {
	echo "vm-realfs: skipped: $*"
	echo "$*" >>$skipped
}

mkdir -p /realfs
: >$list
: >$skipped

# The modules: each of the load list, in its order (dependencies first).
rel=$(uname -r)
if [ -f /test/realfs/load ]; then
	while read -r m; do
		modprobe "$m" || fail "modprobe $m"
	done </test/realfs/load
	echo "vm-realfs: $(wc -l </test/realfs/load) modules loaded; built in:" \
	     "$(tr '\n' ' ' </test/realfs/builtin)"
	[ ! -s /test/realfs/missing ] ||
		skip "$rel has neither built in nor as a module:" \
		     "$(tr '\n' ' ' </test/realfs/missing)"
else
	skip "no modules of $rel in this VM (a kernel without a Debian" \
	     "package: only what it has built in)"
fi

# Has the kernel file system type $1 (now that the modules are loaded)?
have_fs() {
	grep -qw "$1\$" /proc/filesystems
}

# The disk named $1 (its virtio serial): its /dev path, or nothing.
disk() {
	for d in /sys/block/vd*; do
		[ -f "$d/serial" ] || continue
		if [ "$(cat "$d/serial")" = "$1" ]; then
			echo "/dev/${d##*/}"
			return
		fi
	done
}

# Records mount $3 in the list: FSTYPE SOURCE MOUNTPOINT ROOT UUID, the
# last the file system's UUID as made ($made_uuid, or "-").
record() {
	printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "${made_uuid:--}" >>$list
}
made_uuid=

# mnt TYPE DEV DIR [OPTS]: mounts and records it; fails the run if the
# mount fails.
mnt() {
	mkdir -p "$3"
	if mount -t "$1" ${4:+-o "$4"} "$2" "$3"; then
		record "$1" "$2" "$3" /
	else
		fail "mount -t $1 ${4:+-o $4 }$2 '$3'"
		return 1
	fi
}

# The disks of the manifest: NAME FSTYPE UUID LABEL MODE FILE.
[ -f $manifest ] || skip "no disks in this VM (no $manifest)"
ext4='' xfs='' btrfs='' vfat='' squashfs=''
while read -r name type uuid label mode _; do
	dev=$(disk "$name")
	if [ -z "$dev" ]; then
		fail "disk $name of the manifest is not attached"
		continue
	fi
	if ! have_fs "$type"; then
		skip "$name: $rel has no $type file system"
		continue
	fi
	case $name in
	iso) dir="/realfs/iso 9660" ;;
	*) dir=/realfs/$name ;;
	esac
	o=
	[ "$mode" = rw ] || o=ro
	made_uuid=$uuid
	mnt "$type" "$dev" "$dir" $o || { made_uuid=; continue; }
	made_uuid=
	# The file system as made: UUID and label of the mounted device,
	# as libblkid reads them (findmnt).
	got=$(findmnt -n -o UUID,LABEL --mountpoint "$dir" | sed 's/  */ /g; s/ $//')
	want=$(echo "${uuid#-} ${label#-}" | sed 's/^ *//; s/ *$//')
	[ "$got" = "$want" ] ||
		fail "$name on $dev: UUID and label '$got', made as '$want'"
	eval "$name=\$dev"
done <$manifest 2>&1

# btrfs: subvolumes @, @home, @home/.snapshots (nested in @home), and a
# directory in @home; @home and the nested one mounted by subvol=.
if [ -n "$btrfs" ]; then
	b=/realfs/btrfs
	if /test/fattr-subvol $b @ && /test/fattr-subvol $b @home &&
	   /test/fattr-subvol $b/@home .snapshots && mkdir -p $b/@home/user/sub; then
		for sv in @home @home/.snapshots; do
			d=/realfs/home
			[ "$sv" = @home ] || d=/realfs/snapshots
			mkdir -p $d
			if mount -t btrfs -o subvol=$sv "$btrfs" $d; then
				record btrfs "$btrfs" $d "/$sv"
			else
				fail "mount -t btrfs -o subvol=$sv $btrfs $d"
			fi
		done
	else
		fail "making btrfs subvolumes in $b"
	fi
fi

# overlayfs as Docker's overlay2 driver mounts a container: its lower
# layers (top first), escaped for the option string ('\' before ',' and
# ':'), upper and work dirs of the container's own layer.
if [ -z "$ext4" ]; then
	skip "overlay: no ext4 disk to lay it on"
elif ! have_fs overlay; then
	skip "overlay: $rel has no overlay file system"
else
	o2=/realfs/ext4/overlay2
	lower=
	for l in a1f3c2 9d0e55 "all, of: them" 8c1d77 "with:colon" 7b2e90 \
		 "with,comma" "with space" layer-two 3f9a1c; do
		e=$(printf '%s' "$o2/$l/diff" | sed 's/\\/\\\\/g; s/,/\\,/g; s/:/\\:/g')
		lower=${lower:+$lower:}$e
	done
	if mount -t overlay -o "lowerdir=$lower,upperdir=$o2/top/diff,workdir=$o2/top/work,index=off" \
	   overlay $o2/top/merged; then
		record overlay overlay $o2/top/merged /
		[ "$(cat $o2/top/merged/etc/layer)" = a1f3c2 ] ||
			fail "overlay: the top layer's /etc/layer is not seen"
		[ -f "$o2/top/merged/only-all__of__them" ] ||
			fail "overlay: the layer 'all, of: them' is not seen"
	else
		fail "mount -t overlay with lowerdir=$lower"
	fi
fi

# Bind mounts of subdirectories of the real file systems.
bind() {
	mkdir -p "$2"
	if mount --bind "$1" "$2"; then
		record "$3" "$4" "$2" "$5"
	else
		fail "mount --bind '$1' '$2'"
	fi
}
[ -z "$ext4" ] ||
	bind "/realfs/ext4/data/sub dir" /realfs/bind-ext4 ext4 "$ext4" "/data/sub dir"
[ -z "$btrfs" ] || ! [ -d /realfs/home/user ] ||
	bind /realfs/home/user /realfs/bind-home btrfs "$btrfs" /@home/user
[ -z "$vfat" ] || bind /realfs/vfat/sub /realfs/bind-vfat vfat "$vfat" /sub

# A shared/slave pair across two of them: xfs shared, its slave on ext4.
if [ -n "$xfs" ] && [ -n "$ext4" ]; then
	mount --make-shared /realfs/xfs || fail "mount --make-shared /realfs/xfs"
	bind /realfs/xfs /realfs/ext4/data/shared xfs "$xfs" /
	mount --make-slave /realfs/ext4/data/shared ||
		fail "mount --make-slave /realfs/ext4/data/shared"
	mkdir -p /realfs/xfs/later
	mount -t tmpfs propagated /realfs/xfs/later ||
		fail "a mount below the shared xfs"
	[ -n "$(awk '$5 == "/realfs/ext4/data/shared/later"' /proc/self/mountinfo)" ] ||
		fail "a mount below the shared xfs did not reach its slave"
else
	skip "shared/slave pair: no xfs or no ext4"
fi

# FUSE: squashfuse serving the squashfs disk.
if ! [ -x /usr/bin/squashfuse ]; then
	skip "fuse: no squashfuse in this VM's user space"
elif ! have_fs fuse; then
	skip "fuse: $rel has no FUSE"
elif [ -z "$squashfs" ]; then
	skip "fuse: no squashfs disk"
else
	mkdir -p /realfs/fuse
	if squashfuse "$squashfs" /realfs/fuse && [ -f /realfs/fuse/dir/file ]; then
		record - - /realfs/fuse /
	else
		fail "squashfuse $squashfs /realfs/fuse"
	fi
fi

# Nothing is written after this: statfs figures stay as they are now.
sync
echo "vm-realfs: $(wc -l <$list) real mounts:"
sed 's/^/vm-realfs:   /' $list
exit $status
