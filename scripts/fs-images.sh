#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fs-images.sh
#
# Makes the disk images of the test VM's real file systems
# (test/vm-realfs.sh) and prints their directory, DIR
# ($FATTR_CACHE/fs-images): made once, again only when this script
# changes.  Each is made without mounting anything (this machine may
# have no file system modules at all), unprivileged in principle, with
# the UUID and label this script fixes:
#   ext4.img      mkfs.ext4 -d: a tree with a Docker-like overlay2
#                 directory (many layers, some with ',' ':' and blanks in
#                 their names), and subdirectories to bind;
#   xfs.img       mkfs.xfs, empty (300 MiB, XFS's least; sparse here);
#   btrfs.img     mkfs.btrfs --rootdir; the subvolumes are made in the
#                 VM (test/btrfs-subvol.c), as Debian 12's btrfs-progs
#                 (6.2) cannot make them without mounting (no --subvol);
#   vfat.img      mkfs.vfat -i -n, directories by mtools' mmd;
#   squashfs.img  mksquashfs;
#   iso.img       xorriso's mkisofs (Rock Ridge, Joliet), its "UUID"
#                 (the volume's modification time) fixed too.
# DIR/manifest says, one disk a line, blank-separated:
#   NAME FSTYPE UUID LABEL MODE FILE
# NAME is the disk's virtio serial (/sys/block/vdX/serial in the VM),
# MODE rw or ro (vm-boot.sh attaches rw disks with snapshot=on, so the
# VM's writes never reach the image, ro ones read-only).  Every image's
# UUID and label are read back with blkid before the manifest is
# written: the manifest is the file systems as made.

set -eu

cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/fs-images
stamp=$(cksum <"$0")

fail() {
	echo "fs-images: $*" >&2
	exit 1
}

if [ -f "$dir/manifest" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "$dir"
	exit 0
fi
for t in mkfs.ext4 mkfs.xfs mkfs.btrfs mkfs.vfat mmd mksquashfs xorriso blkid; do
	command -v "$t" >/dev/null || fail "no $t (scripts/deps.sh installs it)"
done

echo "fs-images: making the real file systems' images in $dir" >&2
new=$dir.new
rm -rf "$new"
mkdir -p "$new"
trap 'rm -rf "$new"' EXIT
tree=$new/tree

# The UUIDs and labels: fixed, and different from any other disk's.
ext4_uuid=f4770000-0000-4000-8000-0000000000e4
xfs_uuid=f4770000-0000-4000-8000-0000000000a5
btrfs_uuid=f4770000-0000-4000-8000-0000000000b7
vfat_id=F477CAFE
vfat_uuid=F477-CAFE
# ISO 9660 has no UUID: blkid shows the modification time as one.
iso_date=2026120512000000
iso_uuid=2026-12-05-12-00-00-00

# ext4: the overlay2 directory of a container engine; each layer's diff
# holds a file of its own and one every layer has (the top one wins).
mkdir -p "$tree/ext4/data/sub dir/deeper" "$tree/ext4/data/shared" \
	 "$tree/ext4/overlay2/top/diff" "$tree/ext4/overlay2/top/work" \
	 "$tree/ext4/overlay2/top/merged"
echo sub >"$tree/ext4/data/sub dir/file"
for l in 3f9a1c layer-two "with space" "with,comma" "with:colon" \
	 "all, of: them" 7b2e90 8c1d77 9d0e55 a1f3c2; do
	mkdir -p "$tree/ext4/overlay2/$l/diff/etc"
	echo "$l" >"$tree/ext4/overlay2/$l/diff/etc/layer"
	echo "$l" >"$tree/ext4/overlay2/$l/diff/only-$(echo "$l" | tr ' ,:' '___')"
done
truncate -s 32M "$new/ext4.img"
mkfs.ext4 -q -F -U "$ext4_uuid" -L fattr-ext4 -E root_owner=0:0 \
	-d "$tree/ext4" "$new/ext4.img" || fail "mkfs.ext4 failed"

truncate -s 300M "$new/xfs.img"
mkfs.xfs -q -f -m uuid="$xfs_uuid" -L fattr-xfs "$new/xfs.img" ||
	fail "mkfs.xfs failed"

mkdir -p "$tree/btrfs/top dir"
echo top >"$tree/btrfs/top dir/file"
truncate -s 128M "$new/btrfs.img"
mkfs.btrfs -q -f -U "$btrfs_uuid" -L fattr-btrfs --rootdir "$tree/btrfs" \
	"$new/btrfs.img" >/dev/null || fail "mkfs.btrfs failed"

truncate -s 32M "$new/vfat.img"
mkfs.vfat -i "$vfat_id" -n FATTR-VFAT "$new/vfat.img" >/dev/null ||
	fail "mkfs.vfat failed"
MTOOLS_SKIP_CHECK=1 mmd -i "$new/vfat.img" ::/sub ::/sub/deeper ||
	fail "mmd failed"

mkdir -p "$tree/ro/dir/sub"
echo ro >"$tree/ro/dir/file"
mksquashfs "$tree/ro" "$new/squashfs.img" -noappend -all-root -quiet \
	-mkfs-time 0 -all-time 0 >/dev/null || fail "mksquashfs failed"
xorriso -as mkisofs -quiet -R -J -V FATTR_ISO \
	--modification-date="$iso_date" -o "$new/iso.img" "$tree/ro" \
	2>/dev/null || fail "xorriso failed"

# The manifest, each line checked against blkid's reading of the image.
# NAME FSTYPE UUID LABEL MODE FILE ("-": none).
while read -r name type uuid label mode; do
	f=$new/$name.img
	got=$(blkid -p -o value -s TYPE "$f" || :)
	[ "$got" = "$type" ] || fail "$name.img: blkid says type '$got', not $type"
	got=$(blkid -p -o value -s UUID "$f" || :)
	[ "$got" = "${uuid#-}" ] || fail "$name.img: blkid says UUID '$got', not $uuid"
	got=$(blkid -p -o value -s LABEL "$f" || :)
	[ "$got" = "${label#-}" ] || fail "$name.img: blkid says label '$got', not $label"
	echo "$name $type $uuid $label $mode $name.img"
done >"$new/manifest" <<EOF
ext4 ext4 $ext4_uuid fattr-ext4 rw
xfs xfs $xfs_uuid fattr-xfs rw
btrfs btrfs $btrfs_uuid fattr-btrfs rw
vfat vfat $vfat_uuid FATTR-VFAT rw
squashfs squashfs - - ro
iso iso9660 $iso_uuid FATTR_ISO ro
EOF
rm -rf "$tree"
echo "$stamp" >"$new/stamp"
rm -rf "$dir"
mv "$new" "$dir"
trap - EXIT
echo "$dir"
