#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# userland-fuse.sh ARCH
#
# Makes, for the test VMs of a foreign architecture (arm64), Debian 13's
# squashfuse (test/vm-realfs.sh's FUSE server) with the libraries it
# needs, unpacked in a tree of its own, and prints its path
# ($FATTR_CACHE/userland-fuse-ARCH): for a scripts/userland.sh tree made
# before that one listed squashfuse, which vm-image.sh then searches
# after it ($FATTR_USERLAND_EXTRA).  Fetched with a private apt state
# from the mirror of this machine's apt sources, as userland.sh fetches
# busybox: squashfuse and the libraries it depends on, two levels down.
# Made once, kept while its completion mark is there.

set -eu

arch=${1:?usage: userland-fuse.sh arm64}
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/userland-fuse-$arch
mark=$dir/.fattr-complete

fail() {
	echo "userland-fuse $arch: $*" >&2
	exit 1
}

if [ -f "$mark" ]; then
	echo "$dir"
	exit 0
fi
mirror=$(apt-cache policy | awk '$3 == "bookworm/main" { print $2; exit }')
[ -n "$mirror" ] || fail "no bookworm mirror in this machine's apt sources"
echo "userland-fuse: fetching $arch squashfuse into $dir" >&2
rm -rf "$dir"
apt=$dir.apt
rm -rf "$apt"
mkdir -p "$dir" "$apt/lists/partial" "$apt/cache/archives/partial"
trap 'rm -rf "$apt"' EXIT
echo "deb [arch=$arch] $mirror trixie main" >"$apt/sources.list"
aptopts="-o Dir::Etc::SourceList=$apt/sources.list
	-o Dir::Etc::SourceParts=/nonexistent -o Dir::State::Lists=$apt/lists
	-o Dir::Cache=$apt/cache -o APT::Architectures::=$arch
	-o Debug::NoLocking=1"
# The library packages package $1 depends on (first alternatives).
libdeps() {
	# shellcheck disable=SC2086
	apt-cache $aptopts show "$1" | sed -n 's/^Depends: //p' | head -n 1 |
		tr ',' '\n' | sed 's/^ *//; s/[ (|:].*//' | grep -E '^(lib|zlib)' || :
}
# shellcheck disable=SC2086
apt-get $aptopts update -q >/dev/null 2>&1 || fail "apt-get update failed"
pkgs=squashfuse
for p in $(libdeps "squashfuse:$arch"); do
	pkgs="$pkgs $p $(libdeps "$p:$arch")"
done
pkgs=$(echo "$pkgs" | tr ' ' '\n' | sed '/^$/d' | sort -u | sed "s/\$/:$arch/")
# shellcheck disable=SC2086
(cd "$apt" && apt-get $aptopts download -q $pkgs >/dev/null 2>&1) ||
	fail "downloading the packages failed:" $pkgs
# Merged /usr, as the user space it completes: libraries are found under
# /lib/TRIPLET, where vm-image.sh puts the others.
mkdir -p "$dir/usr/lib" "$dir/usr/bin" "$dir/usr/sbin"
ln -s usr/lib "$dir/lib"
ln -s usr/bin "$dir/bin"
ln -s usr/sbin "$dir/sbin"
for d in "$apt"/*.deb; do
	dpkg-deb --fsys-tarfile "$d" | tar -x -C "$dir" --keep-directory-symlink ||
		fail "unpacking $d failed"
done
[ -x "$dir/usr/bin/squashfuse" ] || fail "no /usr/bin/squashfuse after unpacking"
touch "$mark"
echo "$dir"
