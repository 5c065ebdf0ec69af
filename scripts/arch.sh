#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# arch.sh: sourced by the scripts that fetch, build and boot kernels of
# several architectures; the one table of what differs between them.
#
# arch_of_flavor FLAVOR   prints the Debian architecture of a kernel
#                         flavor (linux-image-FLAVOR): amd64, rt-amd64
#                         and cloud-amd64 are amd64, powerpc64le and
#                         powerpc64le-64k are ppc64el, ...
# arch_set DEBARCH        sets, for a Debian architecture:
#   arch_triplet  the GNU triplet of its cross tools
#                 (gcc-N-TRIPLET, binutils-TRIPLET);
#   arch_kmake    kbuild's ARCH= and CROSS_COMPILE= for a cross build
#                 (empty for amd64, this machine's own);
#   arch_cc32     the compiler of its 32-bit (compat) callers' test, for
#                 make -C test's CC32, and arch_cc32_pkgs what it needs in
#                 the trixie chroot; both empty where the kernel has no
#                 32-bit syscall entry points (riscv64 and ppc64el:
#                 Debian's kernels are built without CONFIG_COMPAT);
#   arch_qemu     QEMU and its machine, for vm-boot.sh (TCG only);
#   arch_qemu_suite  empty: this machine's QEMU (Debian 12's 7.2); else
#                 the Debian suite whose chroot's QEMU boots it
#                 (scripts/qemu-chroot.sh; deps.sh installs it there);
#   arch_console  the console the kernel writes to there;
#   arch_virtio   the bus of the test disks (virtio-blk-pci, or on s390x
#                 virtio-blk-ccw, the channel subsystem's).
# Exits the sourcing script with status 2 for an unknown name.

# The variables are the sourcing scripts'.
# shellcheck disable=SC2034

arch_of_flavor() {
	case $1 in
	amd64|*-amd64)		echo amd64 ;;
	arm64)			echo arm64 ;;
	riscv64)		echo riscv64 ;;
	powerpc64le|powerpc64le-64k) echo ppc64el ;;
	s390x)			echo s390x ;;
	*)	echo "arch.sh: unknown kernel flavor $1" >&2
		exit 2 ;;
	esac
}

arch_set() {
	arch_cc32='' arch_cc32_pkgs='' arch_virtio=virtio-blk-pci arch_qemu_suite=
	case $1 in
	amd64)
		arch_triplet=x86_64-linux-gnu arch_kmake=
		arch_qemu="qemu-system-x86_64 -cpu max" arch_console=ttyS0 ;;
	arm64)
		# pauth-impdef makes QEMU's pointer authentication cheap
		# to emulate; mte=on gives the VM memory tagging (MTE),
		# which the tests of tagged names use.
		arch_triplet=aarch64-linux-gnu
		arch_kmake="ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-"
		arch_cc32=arm-linux-gnueabihf-gcc
		arch_cc32_pkgs="gcc-arm-linux-gnueabihf libc6-dev-armhf-cross"
		arch_qemu="qemu-system-aarch64 -M virt,mte=on -cpu max,pauth-impdef=on"
		arch_console=ttyAMA0 ;;
	riscv64)
		# OpenSBI (package opensbi) is QEMU's default firmware.
		arch_triplet=riscv64-linux-gnu
		arch_kmake="ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-"
		arch_qemu="qemu-system-riscv64 -M virt -cpu rv64"
		arch_console=ttyS0 ;;
	ppc64el)
		# pseries (PAPR) with SLOF; the kernel is the ELF vmlinux.
		arch_triplet=powerpc64le-linux-gnu
		arch_kmake="ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-"
		arch_qemu="qemu-system-ppc64 -M pseries -cpu power9"
		arch_console=hvc0 ;;
	s390x)
		# 31-bit callers (CONFIG_COMPAT, 6.12): gcc -m31, with the
		# s390 (31-bit) libc of Debian's multilib cross packages.
		arch_triplet=s390x-linux-gnu
		arch_kmake="ARCH=s390 CROSS_COMPILE=s390x-linux-gnu-"
		arch_cc32="s390x-linux-gnu-gcc -m31"
		arch_cc32_pkgs="libc6-dev-s390-s390x-cross lib32gcc-14-dev-s390x-cross"
		arch_qemu="qemu-system-s390x -M s390-ccw-virtio -cpu max"
		# QEMU 7.2's s390x TCG oopses Debian's 7.2.11 in ext4 and,
		# once, ran stale code in a module (2026-12-06, without and
		# with fattr; doc/testing.md); trixie's QEMU 10.0 does not.
		arch_qemu_suite=trixie
		arch_console=ttysclp0 arch_virtio=virtio-blk-ccw ;;
	*)	echo "arch.sh: unknown architecture $1" >&2
		exit 2 ;;
	esac
}
