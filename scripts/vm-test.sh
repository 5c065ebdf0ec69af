#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-test.sh TAG [RUN]
#
# Tests fattr on Debian's kernel TAG (6.1, 6.12 or sid, see
# fetch-kernel.sh): fetches the kernel, builds the module for it from a
# copy of this tree, builds test/, makes the initramfs and boots it,
# running test/vm-RUN.sh (default: check).  Work files and the console
# log go to $FATTR_CACHE/run/TAG/.
#
# The module is built by the top Makefile (so with scripts/conftest.sh)
# with KDIR=/usr/src/linux-headers-REL, on the system fetch-kernel.sh
# wrote into $FATTR_CACHE/kernels/TAG/root: this machine if "/";
# otherwise a chroot (sid's), into whose /build/fattr-TAG the copy goes,
# built there with scripts/chroot-run.sh (its gcc, its /proc) and
# fattr.ko copied out.

set -eu

tag=${1:?usage: vm-test.sh 6.1|6.12|sid [RUN]}
run=${2:-check}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
work=$cache/run/$tag

"$top/scripts/deps.sh"
rel=$("$top/scripts/fetch-kernel.sh" "$tag") || {
	echo "vm-test: kernel $tag: fetching it failed" >&2
	exit 1
}
kdir=/usr/src/linux-headers-$rel
root=/
[ ! -s "$cache/kernels/$tag/root" ] || root=$(cat "$cache/kernels/$tag/root")

build_failed() {
	cat "$work/build.log" >&2
	echo "vm-test: kernel $tag: building fattr.ko for $rel failed" >&2
	exit 1
}

# The module, built from a copy so that kernels do not share objects.
rm -rf "$work"
mkdir -p "$work/src"
(cd "$top" && cp -r Kbuild Makefile module uapi scripts "$work/src/")
if [ "$root" = / ]; then
	make -s -C "$work/src" KDIR="$kdir" >"$work/build.log" 2>&1 ||
		build_failed
else
	rm -rf "$root/build/fattr-$tag"
	mkdir -p "$root/build"
	cp -r "$work/src" "$root/build/fattr-$tag"
	"$top/scripts/chroot-run.sh" "$root" \
		make -s -C "/build/fattr-$tag" KDIR="$kdir" \
		>"$work/build.log" 2>&1 || build_failed
	cp "$root/build/fattr-$tag/fattr.ko" "$work/src/fattr.ko"
fi

make -s -C "$top/test" >/dev/null
"$top/scripts/vm-image.sh" "$work/src/fattr.ko" "$work/initrd.gz"
"$top/scripts/vm-boot.sh" "$cache/kernels/$tag/vmlinuz" "$work/initrd.gz" \
	"$run" "$work/console.log"
