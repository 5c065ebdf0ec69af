#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# unstable-chroot.sh
#
# Makes $FATTR_CACHE/sid-chroot (FATTR_CACHE defaults to /var/cache/fattr)
# a minimal Debian unstable (sid) system that builds modules for sid's
# newest kernel, whose headers need sid's own compiler, and prints that
# kernel's release, REL.  Afterwards the chroot holds:
#   /usr/src/linux-headers-REL   what linux-headers-amd64 depends on today,
#                                with make, pahole and the gcc the headers'
#                                linux-compiler-gcc-* package pulls in;
#   /boot/vmlinuz-REL            the kernel, unpacked from REL's image
#                                package (or the linux-binary-REL it
#                                depends on); nothing else of it is
#                                installed.
# Run commands in it with scripts/chroot-run.sh, which mounts its /proc.
#
# The first run debootstraps it (minbase; 1.5-2.5 minutes, 550-650 MB)
# from the mirror this machine's apt uses for bookworm, checking sid's
# signature with the host's debian-archive-keyring.  Later runs refresh
# it (apt-get update, install the current linux-headers-amd64, autoremove
# older headers) without debootstrapping again, unless it is broken: no
# completion mark, no working shell, or apt cannot install into it.
# apt's Check-Valid-Until and Check-Date settings are copied from the
# host, so that a mirror the host accepts is accepted inside too (a
# frozen mirror may serve a sid Release past its Valid-Until).
#
# Installs debootstrap on the host if it is missing.  The output of
# debootstrap and apt is kept in $FATTR_CACHE/sid-chroot.log and shown on
# failure; any failure says which step failed and exits non-zero.  Runs
# are serialized by a lock, $FATTR_CACHE/sid-chroot.lock.

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
root=$cache/sid-chroot
log=$root.log
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
mark=/var/lib/fattr-chroot-complete
pkgs="linux-headers-amd64 make dwarves"

fail() {
	if [ -s "$log" ]; then
		echo "--- last lines of $log:" >&2
		tail -n 25 "$log" >&2
	fi
	echo "unstable-chroot: $*" >&2
	exit 1
}

[ "$(id -u)" -eq 0 ] || fail "must run as root (debootstrap, chroot, mount)"
mkdir -p "$cache"
exec 9>"$root.lock"
flock 9

export DEBIAN_FRONTEND=noninteractive
: >"$log"

in_root() {
	"$top/scripts/chroot-run.sh" "$root" "$@" >>"$log" 2>&1
}

# Removes the chroot, refusing if anything is still mounted in it.
remove() {
	if awk -v r="$root/" 'index($2 "/", r) == 1 { f = 1 } END { exit !f }' \
	       /proc/self/mounts; then
		fail "cannot remove $root: something is mounted in it"
	fi
	rm -rf --one-file-system "$root"
}

create() {
	if ! command -v debootstrap >/dev/null; then
		echo "unstable-chroot: installing debootstrap" >&2
		{ apt-get install -y -q debootstrap ||
		  { apt-get update -q && apt-get install -y -q debootstrap; }
		} >>"$log" 2>&1 || fail "installing debootstrap on the host failed"
	fi
	[ -f "$keyring" ] || fail "no $keyring (apt-get install debian-archive-keyring)"
	m=$(apt-cache policy | awk '$3 == "bookworm/main" { print $2; exit }')
	[ -n "$m" ] || fail "no bookworm mirror in this machine's apt sources"

	echo "unstable-chroot: creating $root (a few minutes)" >&2
	remove
	if ! debootstrap --variant=minbase --keyring="$keyring" \
			sid "$root" "$m" >>"$log" 2>&1; then
		if grep -qE '^E: (Release signed by unknown key|Invalid Release signature)' "$log"; then
			fail "debootstrap of sid failed: sid's Release is signed by a key not in $keyring (a newer debian-archive-keyring is needed)"
		fi
		fail "debootstrap of sid from $m failed"
	fi
}

# apt's settings inside: no recommends, and the host's date checks.
configure() {
	cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || :
	{
		echo 'APT::Install-Recommends "false";'
		apt-config dump |
			grep -E '^Acquire::Check-(Valid-Until|Date) ' || :
	} >"$root/etc/apt/apt.conf.d/99fattr"
}

# Installs the current headers and toolchain; 0 if apt did.
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
		echo "unstable-chroot: $root is broken, creating it again" >&2
	fi
fi
if [ -z "$ok" ]; then
	create
	configure
	in_root apt-get update -q || fail "apt-get update in the new $root failed"
	install_pkgs || fail "installing $pkgs in $root failed"
	touch "$root$mark"
fi
in_root apt-get autoremove -y -q --purge || fail "apt-get autoremove in $root failed"
in_root apt-get clean || :

# The release: what the linux-headers-amd64 just installed depends on
# (besides linux-base-amd64).
# shellcheck disable=SC2016
hdr=$(chroot "$root" dpkg-query -W -f '${Depends}' linux-headers-amd64 |
	tr ',' '\n' | sed 's/^ *//; s/[ (].*//' | grep -m 1 '^linux-headers-' || :)
rel=${hdr#linux-headers-}
case $hdr in
linux-headers-*) ;;
*) fail "cannot tell which headers linux-headers-amd64 installed ('$hdr')" ;;
esac
[ -f "$root/usr/src/$hdr/Makefile" ] || fail "$hdr is not installed in $root"

# The packages that package $1 depends on, one a line (the first of
# any alternatives).
deps() {
	chroot "$root" apt-cache show "$1" | sed -n 's/^Depends: //p' |
		head -n 1 | tr ',' '\n' | sed 's/^ *//; s/[ (|].*//'
}

# Downloads package $1 in the chroot and unpacks its kernel (the older
# /boot/vmlinuz-REL, or the newer /usr/lib/modules/REL/vmlinuz) to
# $root/var/tmp/fattr-image/vmlinuz; 0 if it had one.
vmlinuz_from() {
	rm -rf "$root/var/tmp/fattr-image"
	mkdir -p "$root/var/tmp/fattr-image"
	# shellcheck disable=SC2016
	in_root sh -c 'set -e
		cd /var/tmp/fattr-image
		chown _apt .
		apt-get download -q "$1"
		m=$(dpkg-deb -c "$1"_*.deb | awk "{ print \$6 }" |
			grep -m 1 -Fx -e "./boot/vmlinuz-$2" \
				-e "./usr/lib/modules/$2/vmlinuz") || {
			echo "no vmlinuz in $1"
			exit 1
		}
		dpkg-deb --fsys-tarfile "$1"_*.deb | tar -xOf - "$m" >vmlinuz' \
		sh "$1" "$rel" &&
	[ -s "$root/var/tmp/fattr-image/vmlinuz" ]
}

# The kernel itself: in the image package linux-image-amd64 depends on
# (linux-image-REL), or, in newer packaging, in the linux-binary-REL that
# one depends on.  In sid linux-image-amd64 (from linux-signed-amd64) may
# lag the headers (from linux) for a while; then REL's unsigned image,
# from the same build as the headers, does as well.
if [ ! -f "$root/boot/vmlinuz-$rel" ]; then
	img=$(deps linux-image-amd64 | grep -m 1 '^linux-image-' || :)
	if [ "$img" = "linux-image-$rel" ]; then
		cands="$img $(deps "$img" | grep '^linux-binary-' || :)"
	else
		echo "unstable-chroot: linux-image-amd64 wants '$img', the headers $rel; using $rel's unsigned image" >&2
		cands="linux-binary-unsigned-$rel linux-image-$rel-unsigned"
	fi
	found=
	for p in $cands; do
		if vmlinuz_from "$p"; then
			found=$p
			break
		fi
	done
	[ -n "$found" ] || fail "no vmlinuz-$rel in any of: $cands"
	rm -f "$root"/boot/vmlinuz-*
	mv "$root/var/tmp/fattr-image/vmlinuz" "$root/boot/vmlinuz-$rel"
	rm -rf "$root/var/tmp/fattr-image"
fi
echo "$rel"
