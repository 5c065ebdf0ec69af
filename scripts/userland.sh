#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# userland.sh ARCH
#
# Makes the user space of the test VMs of a foreign architecture (arm64,
# riscv64, ppc64el, s390x) and prints its path: busybox, Debian's
# getfattr and setfattr (13's, or 12's: below), findmnt,
# apparmor_parser, squashfuse (test/vm-realfs.sh's FUSE server) with
# every library they load, and, to build the test binaries against (gcc
# --sysroot), its libc6-dev, Check and subunit.  It lives in the trixie build chroot (debian-chroot.sh), at
# /srv/userland-ARCH, so that the cross compilers installed there with it
# can use it.
#
# busybox is Debian 12's static one, as on amd64, where Debian 12 has
# the architecture; else Debian 13's dynamic one (see below).
#
# It is the first stage of a foreign debootstrap (which resolves the
# packages' dependencies and downloads them without running anything of
# the foreign architecture), after which every downloaded package is
# unpacked in place; no maintainer script runs, none is needed.  Made
# once (about 150 MB), kept while its completion mark is there.

set -eu

arch=${1:?usage: userland.sh arm64|riscv64|ppc64el|s390x}
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/arch.sh"
cache=${FATTR_CACHE:-/var/cache/fattr}
pkgs=busybox-static,attr,util-linux,apparmor,squashfuse,libc6-dev,check,libsubunit-dev
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

fail() {
	echo "userland $arch: $*" >&2
	exit 1
}

[ "$arch" != amd64 ] || fail "amd64 is this machine's: no user space to make"
arch_set "$arch"
triplet=$arch_triplet
# The Debian release it is taken from: 13 (trixie), but for ppc64el and
# s390x, 12 (bookworm): the mirror lacked trixie's current builds of
# libc6, zlib1g, apt and more for those two (404 on 2026-12-06, while
# trixie's package lists named them), and Debian 12's user space is
# what the amd64 VMs get too.  riscv64 came to Debian with 13: no Debian
# 12 busybox to take; Debian 13's dynamic busybox (package busybox) has
# no standalone shell, so the PATH finds Debian's getfattr before its
# applet of that name.
suite=trixie bookworm_bb=1
case $arch in
riscv64) pkgs=busybox${pkgs#busybox-static} bookworm_bb= ;;
ppc64el|s390x) suite=bookworm bookworm_bb= ;;
esac

# The cross compilers that build the test binaries against it: 64-bit
# and, for 32-bit callers (AArch32, s390's 31-bit), the compiler of
# arch.sh with its own libc.
# shellcheck disable=SC2086
chroot=$("$top/scripts/debian-chroot.sh" trixie "gcc-$triplet" \
	$arch_cc32_pkgs) ||
	fail "preparing the trixie chroot failed"
ul=$chroot/srv/userland-$arch
# The completion mark holds the package list the tree was made with: a
# tree made with another (an older list) is made again.
mark=$ul/.fattr-complete
log=$cache/chroots/userland-$arch.log
want=$pkgs
[ "$suite" = trixie ] || want="$suite $pkgs"
if [ "$(cat "$mark" 2>/dev/null)" = "$want" ]; then
	echo "$ul"
	exit 0
fi

mirror=$("$top/scripts/mirror.sh") || fail "no mirror to fetch from"
echo "userland: making the $arch user space in $ul (a few minutes)" >&2
rm -rf --one-file-system "$ul"
debootstrap --foreign --arch="$arch" --variant=minbase \
	--include="$pkgs" --keyring="$keyring" "$suite" "$ul" "$mirror" \
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

# The VM's shell and applets: Debian 12's busybox, as on amd64 (the
# host's), where Debian 12 has the architecture.  Debian 13's static one
# has a getfattr applet of its own (without --only-values), which its
# shell runs in preference to any getfattr in PATH (busybox's standalone
# shell).  Fetched with a private apt state.
apt=$cache/chroots/userland-$arch.apt
if [ -n "$bookworm_bb" ]; then
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
	echo "deb [arch=$arch] $mirror bookworm main" >"$apt/sources.list"
	aptopts="-o Dir::Etc::SourceList=$apt/sources.list
		-o Dir::Etc::SourceParts=/nonexistent -o Dir::State::Lists=$apt/lists
		-o Dir::Cache=$apt/cache -o APT::Architectures::=$arch
		-o Debug::NoLocking=1"
	# shellcheck disable=SC2086
	{ apt-get $aptopts update -q &&
	  (cd "$apt" && apt-get $aptopts download -q "busybox-static:$arch"); } \
		>>"$log" 2>&1 || fail "downloading Debian 12's busybox-static:$arch failed"
	dpkg-deb --fsys-tarfile "$apt"/busybox-static_*_"$arch".deb |
		tar -xO ./bin/busybox >"$ul/bin/busybox.bookworm" ||
		fail "unpacking Debian 12's busybox failed"
	chmod 755 "$ul/bin/busybox.bookworm"
	mv "$ul/bin/busybox.bookworm" "$ul/bin/busybox"
	rm -rf "$apt"
fi
for f in bin/busybox usr/bin/getfattr usr/bin/setfattr usr/bin/findmnt \
	 sbin/apparmor_parser usr/lib/$triplet/libcheck.a; do
	[ -e "$ul/$f" ] || fail "no /$f after unpacking"
done
echo "$want" >"$mark"
echo "$ul"
