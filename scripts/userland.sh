#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# userland.sh ARCH
#
# Makes the user space of the test VMs of a foreign architecture (arm64)
# and prints its path: Debian 13's busybox-static, getfattr and setfattr,
# findmnt, apparmor_parser with every library they load, and, to build
# the test binaries against (gcc --sysroot), its libc6-dev, Check and
# subunit.  It lives in the trixie build chroot (debian-chroot.sh), at
# /srv/userland-ARCH, so that the cross compilers there can use it.
#
# It is the first stage of a foreign debootstrap (which resolves the
# packages' dependencies and downloads them without running anything of
# the foreign architecture), after which every downloaded package is
# unpacked in place; no maintainer script runs, none is needed.  Made
# once (about 150 MB), kept while its completion mark is there.

set -eu

arch=${1:?usage: userland.sh arm64}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
pkgs=busybox-static,attr,util-linux,apparmor,libc6-dev,check,libsubunit-dev
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

fail() {
	echo "userland $arch: $*" >&2
	exit 1
}

case $arch in
arm64) triplet=aarch64-linux-gnu ;;
*) fail "unknown architecture (known: arm64)" ;;
esac

chroot=$("$top/scripts/debian-chroot.sh" trixie) ||
	fail "preparing the trixie chroot failed"
ul=$chroot/srv/userland-$arch
mark=$ul/.fattr-complete
log=$cache/chroots/userland-$arch.log
if [ -f "$mark" ]; then
	echo "$ul"
	exit 0
fi

mirror=$(apt-cache policy | awk '$3 == "bookworm/main" { print $2; exit }')
[ -n "$mirror" ] || fail "no bookworm mirror in this machine's apt sources"
echo "userland: making the $arch user space in $ul (a few minutes)" >&2
rm -rf --one-file-system "$ul"
debootstrap --foreign --arch="$arch" --variant=minbase \
	--include="$pkgs" --keyring="$keyring" trixie "$ul" "$mirror" \
	>"$log" 2>&1 || {
	tail -n 20 "$log" >&2
	fail "debootstrap --foreign failed (log: $log)"
}
# Not dpkg-deb -x: it would replace merged /usr's /lib symlink with a
# directory.
for d in "$ul"/var/cache/apt/archives/*.deb; do
	dpkg-deb --fsys-tarfile "$d" | tar -x -C "$ul" --keep-directory-symlink ||
		fail "unpacking $d failed"
done
rm -f "$ul"/var/cache/apt/archives/*.deb
for f in bin/busybox usr/bin/getfattr usr/bin/setfattr usr/bin/findmnt \
	 sbin/apparmor_parser usr/lib/$triplet/libcheck.a; do
	[ -e "$ul/$f" ] || fail "no /$f after unpacking"
done
touch "$mark"
echo "$ul"
