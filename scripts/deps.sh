#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh [ARCH]
#
# Installs the Debian 12 packages that building and testing fattr in
# QEMU needs, if any is missing (as root, with apt-get); with ARCH
# (scripts/arch.sh), also the QEMU that boots that architecture (for
# s390x, in the trixie chroot: scripts/qemu-chroot.sh).  Kernel headers
# and images are fetched per kernel by fetch-kernel.sh.  The mkfs tools,
# mtools, squashfs-tools and xorriso make the real file systems' images
# (fs-images.sh), zstd decompresses the kernels' modules
# (kernel-modules.sh), and squashfuse is the VM's FUSE server.

set -eu

pkgs="make gcc gcc-multilib libc6-dev pkg-config check libsubunit-dev
qemu-system-x86 qemu-system-arm busybox-static attr cpio gzip kmod dwarves xz-utils
ca-certificates apparmor binutils debootstrap debian-archive-keyring
e2fsprogs xfsprogs btrfs-progs dosfstools mtools squashfs-tools xorriso zstd
squashfuse"
case ${1:-} in
riscv64)	pkgs="$pkgs qemu-system-misc opensbi" ;;
ppc64el)	pkgs="$pkgs qemu-system-ppc" ;;
esac

missing=
for p in $pkgs; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done

if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps: missing packages:$missing (run as root to install)" >&2
		exit 1
	fi
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	# A fresh machine's apt-daily may hold apt's locks for a while: wait.
	tries=0
	until "$(dirname "$0")/apt-get.sh" update -q >/dev/null; do
		tries=$((tries + 1))
		[ "$tries" -lt 20 ] || { echo "deps: apt-get update failed" >&2; exit 1; }
		sleep 30
	done
	# shellcheck disable=SC2086
	"$(dirname "$0")/apt-get.sh" install -y -q --no-install-recommends $missing >/dev/null
fi

# The QEMU of a Debian chroot, where arch.sh names one (s390x: trixie's,
# run by scripts/qemu-chroot.sh).
[ -n "${1:-}" ] || exit 0
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/arch.sh
. "$top/scripts/arch.sh"
arch_set "$1"
[ -n "$arch_qemu_suite" ] || exit 0
root=${FATTR_CACHE:-/var/cache/fattr}/chroots/$arch_qemu_suite
bin=${arch_qemu%% *}
[ -x "$root/usr/bin/$bin" ] && exit 0
echo "deps: installing $bin in the $arch_qemu_suite chroot"
"$top/scripts/debian-chroot.sh" "$arch_qemu_suite" "$bin" >/dev/null
