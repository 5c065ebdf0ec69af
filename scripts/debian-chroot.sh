#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# debian-chroot.sh SUITE [PKG...]
#
# Makes $FATTR_CACHE/chroots/SUITE (FATTR_CACHE defaults to
# /var/cache/fattr) a minimal amd64 Debian SUITE system (bullseye, trixie
# or sid) that builds modules for that suite's kernels, whose headers
# need the suite's own compiler, and prints its path.  Its apt also
# knows SUITE's kernel sources beyond the suite itself (trixie:
# trixie-backports; sid: experimental) and, but for bullseye, the arm64,
# armhf, riscv64, ppc64el and s390x architectures, so that their headers
# and cross compilers can be installed (Debian's linux-kbuild is
# Multi-Arch: foreign).  Installs make and pahole, and PKG... (apt-get
# syntax, e.g. foo:arm64).
# Run commands in it with scripts/chroot-run.sh, which mounts its /proc.
#
# The first run debootstraps it (minbase; 1.5-3 minutes, 400-650 MB)
# from the mirror this machine's apt uses for bookworm, checking the
# suite's signature with the host's debian-archive-keyring.  Later runs
# refresh it (apt-get update, install) without debootstrapping again,
# unless it is broken: no completion mark, no working shell, or apt
# cannot install into it.  apt's Check-Valid-Until and Check-Date
# settings are copied from the host, so that a mirror the host accepts
# is accepted inside too (a frozen mirror may serve a Release past its
# Valid-Until).
#
# Needs debootstrap (scripts/deps.sh installs it).  The output of
# debootstrap and apt is kept in $FATTR_CACHE/chroots/SUITE.log and shown
# on failure; any failure says which step failed and exits non-zero.
# Runs are serialized by a lock, $FATTR_CACHE/chroots/SUITE.lock.

set -eu

suite=${1:?usage: debian-chroot.sh bullseye|trixie|sid [PKG...]}
shift
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
root=$cache/chroots/$suite
log=$root.log
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
mark=/var/lib/fattr-chroot-complete
pkgs="make dwarves binutils $*"

case $suite in
bullseye) extra= ; archs= ;;
trixie)	extra=trixie-backports; archs="arm64 armhf riscv64 ppc64el s390x" ;;
sid)	extra=experimental; archs="arm64 armhf riscv64 ppc64el s390x" ;;
*)	echo "debian-chroot: unknown suite $suite (known: bullseye, trixie, sid)" >&2
	exit 2 ;;
esac

fail() {
	if [ -s "$log" ]; then
		echo "--- last lines of $log:" >&2
		tail -n 25 "$log" >&2
	fi
	echo "debian-chroot $suite: $*" >&2
	exit 1
}

[ "$(id -u)" -eq 0 ] || fail "must run as root (debootstrap, chroot, mount)"
mkdir -p "$cache/chroots"
exec 9>"$root.lock"
flock 9

export DEBIAN_FRONTEND=noninteractive
: >"$log"

in_root() {
	"$top/scripts/chroot-run.sh" "$root" "$@" >>"$log" 2>&1
}

# The mirror that serves this machine's bookworm/main, read from apt.
mirror=$("$top/scripts/mirror.sh") || fail "no mirror to debootstrap from"

# Removes the chroot, refusing if anything is still mounted in it.
remove() {
	if awk -v r="$root/" 'index($2 "/", r) == 1 { f = 1 } END { exit !f }' \
	       /proc/self/mounts; then
		fail "cannot remove $root: something is mounted in it"
	fi
	rm -rf --one-file-system "$root"
}

create() {
	command -v debootstrap >/dev/null ||
		fail "no debootstrap (scripts/deps.sh installs it)"
	[ -f "$keyring" ] || fail "no $keyring (apt-get install debian-archive-keyring)"

	echo "debian-chroot: creating $root (a few minutes)" >&2
	remove
	if ! debootstrap --variant=minbase --keyring="$keyring" \
			"$suite" "$root" "$mirror" >>"$log" 2>&1; then
		if grep -qE '^E: (Release signed by unknown key|Invalid Release signature)' "$log"; then
			fail "debootstrap failed: $suite's Release is signed by a key not in $keyring (a newer debian-archive-keyring is needed)"
		fi
		fail "debootstrap of $suite from $mirror failed"
	fi
}

# apt's settings and sources inside: no recommends, the host's date
# checks, the suite's extra kernel source, the foreign architectures.
configure() {
	cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || :
	{
		echo 'APT::Install-Recommends "false";'
		apt-config dump |
			grep -E '^Acquire::Check-(Valid-Until|Date) ' || :
	} >"$root/etc/apt/apt.conf.d/99fattr"
	if [ -n "$extra" ]; then
		echo "deb $mirror $extra main" \
			>"$root/etc/apt/sources.list.d/fattr-$extra.list"
	fi
	for a in $archs; do
		chroot "$root" dpkg --add-architecture "$a" ||
			fail "dpkg --add-architecture $a failed"
	done
}

# Installs the toolchain and PKG...; 0 if apt did.
install_pkgs() {
	# shellcheck disable=SC2086
	in_root apt-get install -y -q $pkgs && return 0
	# An interrupted earlier run: finish it and try once more.
	in_root dpkg --configure -a || :
	# shellcheck disable=SC2086
	in_root apt-get install -y -q -f $pkgs
}

ok=
if [ -f "$root$mark" ] && chroot "$root" /bin/true 2>/dev/null; then
	configure
	in_root apt-get update -q ||
		fail "apt-get update in $root failed (mirror unreachable?)"
	if install_pkgs; then
		ok=1
	else
		echo "debian-chroot: $root is broken, creating it again" >&2
	fi
fi
if [ -z "$ok" ]; then
	create
	configure
	in_root apt-get update -q || fail "apt-get update in the new $root failed"
	install_pkgs || fail "installing $pkgs in $root failed"
	touch "$root$mark"
fi
in_root apt-get clean || :
echo "$root"
