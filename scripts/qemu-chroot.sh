#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# qemu-chroot.sh ROOT CACHE QEMU [ARG...]
#
# Runs QEMU (a qemu-system-* and its arguments) from the Debian system at
# ROOT (a chroot of scripts/debian-chroot.sh, where scripts/deps.sh
# installed it), for an architecture whose emulation by this machine's
# QEMU is known to be wrong (scripts/arch.sh: arch_qemu_suite).  In a
# mount namespace of its own, CACHE (FATTR_CACHE: the kernels, the run
# directory and the disk images its arguments name) is bound at the same
# path inside ROOT, with /dev and a /proc; the namespace, and so the
# mounts, go with QEMU.  The process becomes QEMU (exec all the way), so
# that vm-boot.sh's timeout and its console pipe reach QEMU itself.

set -eu

root=${1:?usage: qemu-chroot.sh ROOT CACHE QEMU [ARG...]}
cache=${2:?usage: qemu-chroot.sh ROOT CACHE QEMU [ARG...]}
shift 2
[ -x "$root/usr/bin/$1" ] || {
	echo "qemu-chroot: no $1 in $root (scripts/deps.sh installs it)" >&2
	exit 1
}
# shellcheck disable=SC2016
exec unshare -m --propagation private sh -c '
	set -e
	root=$1 cache=$2
	shift 2
	mkdir -p "$root$cache"
	mount --bind "$cache" "$root$cache"
	mount --bind /dev "$root/dev"
	mount -t proc proc "$root/proc"
	exec chroot "$root" "$@"' sh "$root" "$cache" "$@"
