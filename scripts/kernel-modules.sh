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
debug|debug-*)
	fail "a kernel of scripts/debug-kernel.sh: no Debian package to take modules from" ;;
esac
q=
[ "$arch" = amd64 ] || q=:$arch
if [ "$root" = / ]; then
	sys() { "$@"; }
else
	sys() { "$top/scripts/chroot-run.sh" "$root" "$@"; }
fi

# The packages with the modules: linux-image-REL, or in newer packaging
# (7.x) the linux-modules-REL, linux-base-REL and linux-binary-REL it
# depends on; the unsigned ones where the signed image lags (sid).  From
# each that exists, until the modules and modules.builtin are there,
# only the directories where MODS and their dependencies live are
# unpacked, from /lib/modules/REL or /usr/lib/modules/REL.
echo "kernel-modules: unpacking $rel's modules (once)" >&2
tmp=/var/tmp/fattr-modules.$$
rm -rf "$root$tmp"
mkdir -p "$root$tmp"
trap 'rm -rf "$root$tmp"' EXIT
# shellcheck disable=SC2016
sys sh -c 'set -e
	cd "$1" && chown _apt . && mkdir x
	for p in "linux-image-$2$3" "linux-modules-$2$3" "linux-base-$2$3" \
		 "linux-binary-$2$3" "linux-image-$2-unsigned$3" \
		 "linux-binary-unsigned-$2$3"; do
		rm -f ./*.deb
		apt-get download -q "$p" >/dev/null 2>&1 || continue
		m=modules/$2
		dpkg-deb --fsys-tarfile ./*.deb |
			tar -x -C x --wildcards --no-anchored \
				"$m/modules.builtin" "$m/modules.order" \
				"$m/modules.builtin.modinfo" \
				"$m/kernel/fs/*" "$m/kernel/lib/*" \
				"$m/kernel/crypto/*" "$m/kernel/arch/*" \
				"$m/kernel/drivers/block/*" \
				"$m/kernel/drivers/cdrom/*" \
				"$m/kernel/drivers/virtio/*" 2>/dev/null || :
		echo "$p" >>x/packages
		rm -f ./*.deb
		if { [ -d "x/lib/$m/kernel/fs" ] || [ -d "x/usr/lib/$m/kernel/fs" ]; } &&
		   { [ -f "x/lib/$m/modules.builtin" ] ||
		     [ -f "x/usr/lib/$m/modules.builtin" ]; }; then
			exit 0
		fi
	done
	exit 1' sh "$tmp" "$rel" "$q" 2>/dev/null ||
	fail "no modules of $rel in any of its packages (linux-image-$rel$q, linux-modules-$rel$q, ...)"

# The host's depmod and modprobe (-b/-d: any directory) of a tree
# lib/modules/REL; kmod's lib/modules, whatever the packages used.
t=$root$tmp/t
mkdir -p "$t/lib/modules/$rel"
for d in "$root$tmp/x/lib/modules/$rel" "$root$tmp/x/usr/lib/modules/$rel"; do
	[ ! -d "$d" ] || cp -a "$d/." "$t/lib/modules/$rel/"
done
[ -f "$t/lib/modules/$rel/modules.builtin" ] ||
	fail "no modules.builtin in $(tr '\n' ' ' <"$root$tmp/x/packages")"
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
# Every symbol they need is the kernel's or theirs: checked against the
# kernel's exports (its headers' Module.symvers), so that a dependency
# outside the directories unpacked above fails here, not in the VM.
symvers=$root/usr/src/linux-headers-$rel/Module.symvers
if [ -f "$symvers" ]; then
	unknown=$(depmod -b "$out.new" -e -E "$symvers" "$rel" 2>&1 |
		grep -i 'unknown symbol' || :)
	[ -z "$unknown" ] || fail "modules with symbols of no module here: $unknown"
fi
tr '\n' ' ' <"$root$tmp/x/packages" >"$out.new/package"
echo "$rel" >"$out.new/release"
rm -rf "$out"
mv "$out.new" "$out"
echo "kernel-modules: $rel: $(wc -l <"$out/load") modules from $(cat "$out/package");" \
     "built in: $(tr '\n' ' ' <"$out/builtin"); none: $(tr '\n' ' ' <"$out/missing")" >&2
echo "$out"
