#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fetch-kernel.sh TAG
#
# Makes Debian's kernel TAG ready for the VM tests:
#   - installs its headers with apt, at /usr/src/linux-headers-REL of
#     the system that builds for it (Debian's header packages hard-code
#     /usr/src paths, so they cannot live elsewhere);
#   - unpacks its image into $FATTR_CACHE/kernels/TAG/ (vmlinuz only;
#     the test VMs need no modules from it).
# Writes, in $FATTR_CACHE/kernels/TAG/:
#   vmlinuz   the kernel;
#   release   its release, REL;
#   root      the root directory of the system that builds modules for
#             it: "/" (this machine) for 6.1 and 6.12; the unstable
#             chroot for sid.  vm-test.sh builds there, with
#             scripts/chroot-run.sh unless it is "/".
# Prints nothing on stdout but the kernel release; any failure names
# the kernel and the step on stderr, and exits non-zero.
#
# TAG is 6.1 (bookworm), 6.12 (bookworm-backports), or sid: the newest
# kernel of Debian unstable, whose headers need unstable's compiler, so
# they live in $FATTR_CACHE/sid-chroot (scripts/unstable-chroot.sh; made
# once, refreshed on every fetch).  The backports suite is added to apt
# from the mirror this machine already uses.

set -eu

tag=${1:?usage: fetch-kernel.sh 6.1|6.12|sid}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/kernels/$tag

fail() {
	echo "fetch-kernel: kernel $tag: $*" >&2
	exit 1
}

# apt's -t for the suite: none for bookworm, whose newest kernel may be
# in bookworm-security; backports must be asked for by name.
# The debug kernel (KASAN, lockdep, kmemleak) is built by debug-kernel.sh;
# its build tree is linked where vm-test.sh looks for headers.
if [ "$tag" = debug ]; then
	rel=$("$(dirname "$0")/debug-kernel.sh") || fail "building it failed"
	ln -sfn "$(cat "$dir/kdir")" "/usr/src/linux-headers-$rel"
	echo / >"$dir/root"
	echo "$rel"
	exit 0
fi

case $tag in
6.1)	suite=bookworm; target= ;;
6.12)	suite=bookworm-backports; target="-t $suite" ;;
sid)	suite=sid ;;
*)	fail "unknown kernel (known: 6.1, 6.12, sid, debug)" ;;
esac

# Writes file $1 of $dir with the contents $2, whole or not at all.
put() {
	printf '%s\n' "$2" >"$dir/$1.tmp" && mv "$dir/$1.tmp" "$dir/$1"
}

if [ "$tag" = sid ]; then
	root=$cache/sid-chroot
	rel=$("$top/scripts/unstable-chroot.sh") ||
		fail "preparing Debian unstable's newest kernel in $root failed (see above)"
	mkdir -p "$dir"
	cp "$root/boot/vmlinuz-$rel" "$dir/vmlinuz.tmp" ||
		fail "no vmlinuz-$rel in $root/boot"
	mv "$dir/vmlinuz.tmp" "$dir/vmlinuz"
	put release "$rel"
	put root "$root"
	echo "$rel"
	exit 0
fi

# Already fetched and still installed?
if [ -f "$dir/release" ] && [ -f "$dir/vmlinuz" ]; then
	rel=$(cat "$dir/release")
	if [ -f "/usr/src/linux-headers-$rel/Makefile" ]; then
		put root /
		echo "$rel"
		exit 0
	fi
fi

export DEBIAN_FRONTEND=noninteractive

# The mirror that serves this machine's bookworm/main, read from apt.
mirror() {
	apt-cache policy | awk '$3 == "bookworm/main" { print $2; exit }'
}

if [ "$suite" != bookworm ] &&
   ! apt-cache policy | grep -q " $suite/main "; then
	m=$(mirror)
	[ -n "$m" ] || fail "no bookworm mirror in apt sources to add $suite from"
	echo "deb $m $suite main" >/etc/apt/sources.list.d/fattr-$suite.list
	apt-get update -q >/dev/null || fail "apt-get update for $suite failed"
fi

# The versioned package names behind the linux-image-amd64 and
# linux-headers-amd64 metapackages apt would install from this suite.
meta_dep() {
	# shellcheck disable=SC2086
	ver=$(apt-cache $target policy "$1" | awk '/Candidate:/ { print $2 }')
	case $ver in ""|"(none)") fail "$1 not found in $suite" ;; esac
	# The dependency named like it (not e.g. linux-base-amd64).
	apt-cache show "$1=$ver" | sed -n 's/^Depends: //p' | head -n 1 |
		tr ',' '\n' | sed 's/^ *//; s/[ (|].*//' |
		grep -m 1 "^${1%-amd64}-" || fail "$1 depends on no ${1%-amd64}-*"
}

img=$(meta_dep linux-image-amd64)
hdr=$(meta_dep linux-headers-amd64)
rel=${img#linux-image-}
[ "$hdr" = "linux-headers-$rel" ] || fail "image $img and headers $hdr disagree"

# shellcheck disable=SC2086
apt-get install -y -q $target "$hdr" >/dev/null ||
	fail "installing $hdr from $suite failed"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get download -q "$img" >/dev/null 2>&1) ||
	fail "downloading $img failed"
dpkg-deb -x "$tmp"/"$img"_*.deb "$tmp/root" || fail "unpacking $img failed"
mkdir -p "$dir"
cp "$tmp/root/boot/vmlinuz-$rel" "$dir/vmlinuz" ||
	fail "no vmlinuz-$rel in $img"
put release "$rel"
put root /
echo "$rel"
