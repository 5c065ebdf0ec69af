#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-test.sh TAG [RUN]
#
# Tests fattr on Debian's kernel TAG (6.1 or 6.12): fetches the kernel,
# builds the module for it from a copy of this tree, builds test/, makes
# the initramfs and boots it, running test/vm-RUN.sh (default: check).
# Work files and the console log go to $FATTR_CACHE/run/TAG/.

set -eu

tag=${1:?usage: vm-test.sh 6.1|6.12 [RUN]}
run=${2:-check}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
work=$cache/run/$tag

"$top/scripts/deps.sh"
rel=$("$top/scripts/fetch-kernel.sh" "$tag")
kdir=/usr/src/linux-headers-$rel

# The module, built from a copy so that kernels do not share objects.
rm -rf "$work"
mkdir -p "$work/src"
(cd "$top" && cp -r Kbuild Makefile module uapi scripts "$work/src/")
make -s -C "$work/src" KDIR="$kdir" >"$work/build.log" 2>&1 || {
	cat "$work/build.log" >&2
	echo "vm-test: building fattr.ko for $rel failed" >&2
	exit 1
}

make -s -C "$top/test" >/dev/null
"$top/scripts/vm-image.sh" "$work/src/fattr.ko" "$work/initrd.gz"
"$top/scripts/vm-boot.sh" "$cache/kernels/$tag/vmlinuz" "$work/initrd.gz" \
	"$run" "$work/console.log"
