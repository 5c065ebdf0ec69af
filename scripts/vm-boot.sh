#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-boot.sh VMLINUZ INITRD RUN LOG [ARCH]
#
# Boots the kernel under QEMU with software emulation (TCG: KVM is never
# used, as it may exist here and hang), an amd64 one (default) or one of
# ARCH (arm64, riscv64, ppc64el, s390x: scripts/arch.sh), runs
# test/vm-RUN.sh inside (see test/vm-init), shows the console and keeps
# it in LOG.
#
# Exits 0 only if the VM reported "FATTR-RESULT: PASS" and the kernel
# logged no warning, BUG, oops, lockdep report or panic.  The kernel
# panics on any warning or lockup (panic_on_warn, softlockup_panic), so a
# run cannot scroll past one; a hung VM is killed after $FATTR_VM_TIMEOUT
# seconds (default 900).  $FATTR_VM_APPEND is added to the kernel
# command line (vm-test.sh passes the stress run's size that way).
# $FATTR_VM_MEM is the VM's memory in MiB (default 1024, which the
# 100,000 bind mounts of bench/changes-bench should fit: about 1.5 KiB
# of kernel memory each, an estimate).  More memory changes the figures
# of make bench: the kernel sizes its mount hash table by it.
#
# $FATTR_VM_DISKS, if set, is a directory of disk images and their
# manifest (scripts/fs-images.sh): each is attached as a virtio block
# device (over PCI, or on s390x the channel subsystem; the disk's name as
# its serial, which the VM reads in /sys/block/vdX/serial), raw,
# read-only if the manifest says ro, else with snapshot=on: the VM writes
# to a temporary copy, and the image stays as made.

set -u

kernel=${1:?usage: vm-boot.sh VMLINUZ INITRD RUN LOG}
initrd=${2:?}
run=${3:?}
log=${4:?}
arch=${5:-amd64}

# The machine of each architecture is scripts/arch.sh's; on amd64 and
# arm64 -cpu max runs both 64- and 32-bit user code (i386, AArch32).
# shellcheck source=scripts/arch.sh
. "$(dirname "$0")/arch.sh"
arch_set "$arch"
qemu=$arch_qemu console=$arch_console
# The QEMU of another Debian's chroot where this one's is wrong (s390x).
if [ -n "$arch_qemu_suite" ]; then
	cache=${FATTR_CACHE:-/var/cache/fattr}
	qemu="$(dirname "$0")/qemu-chroot.sh $cache/chroots/$arch_qemu_suite $cache $qemu"
fi

disks=
if [ -n "${FATTR_VM_DISKS:-}" ]; then
	while read -r name _ _ _ mode file; do
		case $mode in
		ro) how=readonly=on ;;
		*) how=snapshot=on ;;
		esac
		disks="$disks -drive file=$FATTR_VM_DISKS/$file,format=raw,if=none,id=d-$name,$how"
		disks="$disks -device $arch_virtio,drive=d-$name,serial=$name"
	done <"$FATTR_VM_DISKS/manifest"
fi

# What reaches the terminal: the VM's own output, and the kernel's lines
# about fattr or trouble.  The whole console is in LOG.
console_filter() {
	sed -u -n '/Linux version/,$p' |
	awk '!/^\[ *[0-9]+\.[0-9]+\] / ||
	     /fattr|WARNING|BUG|Oops|panic|lockdep|Call Trace/ {
		print; fflush()
	}'
}

# shellcheck disable=SC2086
timeout -s KILL "${FATTR_VM_TIMEOUT:-900}" \
	$qemu -accel "tcg${FATTR_TCG_OPTS:-}" -smp 2 -m "${FATTR_VM_MEM:-1024}" \
		-nographic -no-reboot -monitor none -serial stdio \
		-kernel "$kernel" -initrd "$initrd" $disks \
		-append "console=$console printk.time=1 panic=-1 oops=panic panic_on_warn=1 softlockup_panic=1 fattr.run=$run${FATTR_VM_APPEND:+ $FATTR_VM_APPEND}" \
		</dev/null 2>&1 | tr -d '\r' | tee "$log" | console_filter

bad='\] (WARNING:|BUG:|Oops|Kernel panic|INFO: (possible|task .* blocked)|WARNING: (possible|suspicious))|------------\[ cut here \]'
if grep -Eq "$bad" "$log"; then
	echo "vm-boot: the kernel complained:" >&2
	grep -E "$bad" "$log" | head -n 5 >&2
	exit 1
fi
grep -q '^FATTR-RESULT: PASS' "$log" || {
	echo "vm-boot: the VM did not report a pass" >&2
	exit 1
}
