#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kernel-modules.sh TAG
#
# Makes the kernel modules the test VM of kernel TAG loads for its real
# file systems (test/vm-realfs.sh): Debian's own modules of that kernel,
# from the image package fetch-kernel.sh took vmlinuz from, only those
# the VM needs (MODS below) and what they depend on, decompressed
# (busybox's modprobe reads neither .ko.xz nor .ko.zst), with a
# modules.dep made by this machine's depmod.  Run after fetch-kernel.sh
# TAG; prints the directory, DIR, on stdout:
#   DIR/lib/modules/REL/  the modules, modules.dep and the rest of
#                         depmod's files, and the package's
#                         modules.builtin and modules.order;
#   DIR/load              the modules to modprobe, one a line, in an
#                         order that loads each one's dependencies
#                         (hard and soft) first;
#   DIR/builtin           those of MODS built into this kernel (=y);
#   DIR/missing           those of MODS this kernel has neither way
#                         (say, a file system it was built without).
# DIR is $FATTR_CACHE/kernels/TAG/realfs-modules, made once per kernel
# release (its "release" file names it): later runs download nothing.

set -eu

tag=${1:?usage: kernel-modules.sh TAG}
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/kernels/$tag
top=$(cd "$(dirname "$0")/.." && pwd)
out=$dir/realfs-modules

# The modules test/vm-realfs.sh needs, by module name: the disks
# (virtio over PCI on both QEMU machines), loop, the file systems and
# vfat's code pages (cp437 and utf8 are Debian's defaults, iso8859-1 and
# ascii the usual iocharset= options), and crc32c for ext4 and btrfs'
# checksums (a crypto algorithm they ask for by name, so no symbol
# dependency tells depmod).
MODS="virtio_pci virtio_blk loop ext4 xfs btrfs vfat nls_cp437 nls_utf8
nls_iso8859-1 nls_ascii squashfs isofs overlay fuse crc32c"

fail() {
	echo "kernel-modules: kernel $tag: $*" >&2
	exit 1
}

if [ ! -s "$dir/release" ] || [ ! -s "$dir/root" ]; then
	fail "not fetched (run scripts/fetch-kernel.sh $tag first)"
fi
rel=$(cat "$dir/release")
root=$(cat "$dir/root")
arch=$(cat "$dir/arch" 2>/dev/null || echo amd64)
if [ -s "$out/release" ] && [ "$(cat "$out/release")" = "$rel" ]; then
	echo "$out"
	exit 0
fi
case $tag in
debug|debug-newest)
	fail "a kernel of scripts/debug-kernel.sh: no Debian package to take modules from" ;;
esac
q=
[ "$arch" = amd64 ] || q=:$arch
if [ "$root" = / ]; then
	sys() { "$@"; }
else
	sys() { "$top/scripts/chroot-run.sh" "$root" "$@"; }
fi

# The package with the modules: the one with vmlinuz (fetch-kernel.sh):
# linux-image-REL, or in newer packaging the linux-binary-REL it depends
# on; the unsigned ones where the signed image lags (sid).  Only the
# directories where MODS and their dependencies live are unpacked.
echo "kernel-modules: unpacking $rel's modules (once)" >&2
tmp=/var/tmp/fattr-modules.$$
rm -rf "$root$tmp"
mkdir -p "$root$tmp"
trap 'rm -rf "$root$tmp"' EXIT
# shellcheck disable=SC2016
sys sh -c 'set -e
	cd "$1" && chown _apt . && mkdir x
	for p in "linux-image-$2$3" "linux-binary-$2$3" \
		 "linux-binary-unsigned-$2$3" "linux-image-$2-unsigned$3"; do
		rm -f ./*.deb
		apt-get download -q "$p" >/dev/null 2>&1 || continue
		d=$(ls ./*.deb)
		m=$(dpkg-deb -c "$d" | awk "{ print \$6 }" |
			grep -m 1 -Fx -e "./lib/modules/$2/modules.builtin" \
				-e "./usr/lib/modules/$2/modules.builtin") ||
			continue
		m=${m%/modules.builtin}
		dpkg-deb --fsys-tarfile "$d" |
			tar -x -C x --wildcards --no-anchored \
				"$m/modules.builtin" "$m/modules.order" \
				"$m/modules.builtin.modinfo" \
				"$m/kernel/fs/*" "$m/kernel/lib/*" \
				"$m/kernel/crypto/*" "$m/kernel/arch/*" \
				"$m/kernel/drivers/block/*" \
				"$m/kernel/drivers/virtio/*" 2>/dev/null || :
		echo "$p" >x/package
		echo "$m" >x/path
		rm -f ./*.deb
		exit 0
	done
	exit 1' sh "$tmp" "$rel" "$q" 2>/dev/null ||
	fail "no package of $rel with its modules (linux-image-$rel$q or linux-binary-$rel$q)"
src=$root$tmp/x/$(sed 's,^\./,,' "$root$tmp/x/path")
[ -f "$src/modules.builtin" ] || fail "no modules.builtin in $(cat "$root$tmp/x/package")"

# The host's depmod and modprobe (-b/-d: any directory) of a tree
# lib/modules/REL; kmod's lib/modules, whatever the package used.
t=$root$tmp/t
mkdir -p "$t/lib/modules"
mv "$src" "$t/lib/modules/$rel"
depmod -b "$t" "$rel" 2>/dev/null || fail "depmod of the package's modules failed"

# Each module of MODS with what it needs, in load order; the first
# occurrence of each file wins (the order modprobe would load them).
rm -rf "$out.new"
mkdir -p "$out.new/lib/modules/$rel"
: >"$out.new/load"
: >"$out.new/builtin"
: >"$out.new/missing"
for m in $MODS; do
	if ! deps=$(modprobe -d "$t" -S "$rel" --show-depends "$m" 2>/dev/null); then
		echo "$m" >>"$out.new/missing"
		continue
	fi
	echo "$deps" | while read -r how path _; do
		case $how in
		builtin) echo "$m" >>"$out.new/builtin" ;;
		insmod)
			f=${path#"$t/lib/modules/$rel/"}
			base=$(basename "$f")
			base=${base%.xz}
			base=${base%.zst}
			name=${base%.ko}
			grep -qx "$name" "$out.new/load" && continue
			mkdir -p "$out.new/lib/modules/$rel/$(dirname "$f")"
			d=$out.new/lib/modules/$rel/$(dirname "$f")/$base
			case $f in
			*.xz) xz -dc "$path" >"$d" ;;
			*.zst) zstd -qdc "$path" >"$d" ;;
			*) cp "$path" "$d" ;;
			esac
			echo "$name" >>"$out.new/load" ;;
		esac
	done
done
# The builtin list stays sorted by MODS only once.
sort -u -o "$out.new/builtin" "$out.new/builtin"
for f in modules.builtin modules.order modules.builtin.modinfo; do
	[ ! -f "$t/lib/modules/$rel/$f" ] ||
		cp "$t/lib/modules/$rel/$f" "$out.new/lib/modules/$rel/"
done
depmod -b "$out.new" "$rel" || fail "depmod of the selected modules failed"
cp "$root$tmp/x/package" "$out.new/package"
echo "$rel" >"$out.new/release"
rm -rf "$out"
mv "$out.new" "$out"
echo "kernel-modules: $rel: $(wc -l <"$out/load") modules from $(cat "$out/package");" \
     "built in: $(tr '\n' ' ' <"$out/builtin"); none: $(tr '\n' ' ' <"$out/missing")" >&2
echo "$out"
