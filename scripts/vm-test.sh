#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-test.sh TAG [RUN]
#
# Tests fattr on Debian's kernel TAG (see fetch-kernel.sh): fetches the kernel, builds the module for it from a
# copy of this tree, builds test/, makes the initramfs and boots it,
# running test/vm-RUN.sh (default: check).  Work files and the console
# log go to $FATTR_CACHE/run/TAG/.
#
# RUN=stress (test/vm-stress.sh) runs at the size $FATTR_STRESS names:
# "ci" (default, a few minutes) or "full" (FATTR_STRESS=full), passed
# to the VM as fattr.size= on its command line.  $FATTR_STRESS_PARTS,
# a comma-separated subset of fuzz,cycles,churn,iso (default: all),
# passed as fattr.parts=, runs only those parts.
#
# RUN=check also gets real file systems (test/vm-realfs.sh): the
# kernel's own modules for them (scripts/kernel-modules.sh, cached in
# $FATTR_CACHE/kernels/TAG/realfs-modules) in the image, and the disks of
# scripts/fs-images.sh attached.  The debug kernels have no Debian
# package to take modules from: their runs get the disks only, and
# vm-realfs.sh says what it skips.
#
# RUN=bench with FATTR_AB=COMMIT (make bench AB=COMMIT, scripts/bench.sh):
# COMMIT's module too, from git archive, built as this tree's into
# $FATTR_CACHE/run/TAG/old/, in the image as /fattr-old.ko, and
# fattr.ab=1 on the command line: bench/vm-bench.sh then runs
# fattr-bench --ab, the two modules against each other.
#
# RUN=faults (test/vm-faults.sh) is the fault injection run: it needs a
# kernel with CONFIG_FAULT_INJECTION (TAG debug, debug-6.12 or
# debug-newest: scripts/debug-kernel.sh).
#
# The module is built by the top Makefile (so with scripts/conftest.sh)
# with KDIR=/usr/src/linux-headers-REL, on the system fetch-kernel.sh
# (for the debug kernels debug-kernel.sh) wrote into
# $FATTR_CACHE/kernels/TAG/root: this machine if "/";
# otherwise a chroot of the kernel's Debian release, into whose
# /build/fattr-TAG.PID the copy goes, built there with
# scripts/chroot-run.sh (its gcc, its /proc) and fattr.ko copied out.
#
# A foreign kernel's module (arm64, riscv64, ppc64el, s390x) is
# cross-built in its chroot; the test binaries are cross-built in the
# trixie chroot (fattr-compat32 for 32-bit callers where the
# architecture has them, with scripts/arch.sh's compiler) against the
# user space of scripts/userland.sh, whose busybox, getfattr and the
# rest the image gets, and the VM is that architecture's QEMU.

set -eu

tag=${1:?usage: vm-test.sh TAG [RUN] (TAGs: scripts/kernels.sh all)}
run=${2:-check}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
work=$cache/run/$tag
if [ -n "${FATTR_AB:-}" ]; then
	[ "$run" = bench ] || {
		echo "vm-test: FATTR_AB is for the bench run only" >&2
		exit 1
	}
	git -C "$top" rev-parse -q --verify "$FATTR_AB^{commit}" >/dev/null || {
		echo "vm-test: FATTR_AB=$FATTR_AB: no such commit" >&2
		exit 1
	}
fi

"$top/scripts/deps.sh"
# Once more after a failure: a mirror may fail a request now and then.
rel=$("$top/scripts/fetch-kernel.sh" "$tag") || {
	echo "vm-test: kernel $tag: fetching it failed; once more in 30 s" >&2
	sleep 30
	rel=$("$top/scripts/fetch-kernel.sh" "$tag")
} || {
	echo "vm-test: kernel $tag: fetching it failed" >&2
	exit 1
}
kdir=/usr/src/linux-headers-$rel
root=/
[ ! -s "$cache/kernels/$tag/root" ] || root=$(cat "$cache/kernels/$tag/root")
arch=amd64
[ ! -s "$cache/kernels/$tag/arch" ] || arch=$(cat "$cache/kernels/$tag/arch")
. "$top/scripts/arch.sh"
arch_set "$arch"
"$top/scripts/deps.sh" "$arch"
kmake=$arch_kmake
# 32-bit callers: where the kernel was built with CONFIG_COMPAT, the VM
# must run them (fattr.compat=1 tells test/vm-check.sh), and arch.sh
# must know their compiler.
compat=0
if grep -q '^CONFIG_COMPAT=y' "${root%/}$kdir/.config" 2>/dev/null; then
	compat=1
	if [ "$arch" != amd64 ] && [ -z "$arch_cc32" ]; then
		echo "vm-test: kernel $tag: it has 32-bit callers (CONFIG_COMPAT), and scripts/arch.sh no compiler for them" >&2
		exit 1
	fi
fi

# build_ko SRC_DIR [LOG]: builds SRC_DIR/fattr.ko (a copy of Kbuild
# Makefile module uapi scripts) for this kernel with SRC_DIR's own top
# Makefile, and SRC_DIR/claim/fattr_claim.ko where SRC_DIR has claim/;
# make's output to LOG (default $work/build.log).
build_ko() {
	src=$1 log=${2:-$work/build.log}
	if [ "$root" = / ]; then
		{ make -s -C "$src" KDIR="$kdir" &&
		  if [ -d "$src/claim" ]; then
			make -s -C "$kdir" M="$src/claim" modules
		  fi; } >"$log" 2>&1 || build_failed "$src" "$log"
		return
	fi
	# A directory of this run's own: runs of other caches share $root.
	bdir=/build/fattr-$tag.$$.$(basename "$src")
	rm -rf "$root$bdir"
	mkdir -p "$root/build"
	cp -r "$src" "$root$bdir"
	# shellcheck disable=SC2016,SC2086
	"$top/scripts/chroot-run.sh" "$root" \
		sh -c 'b=$1 k=$2; shift 2
		       make -s -C "$b" KDIR="$k" "$@" &&
		       if [ -d "$b/claim" ]; then
			       make -s -C "$k" M="$b/claim" "$@" modules
		       fi' \
		sh "$bdir" "$kdir" $kmake >"$log" 2>&1 ||
		build_failed "$src" "$log"
	cp "$root$bdir/fattr.ko" "$src/fattr.ko"
	[ ! -d "$src/claim" ] || cp "$root$bdir/claim/fattr_claim.ko" "$src/claim/"
	rm -rf "$root$bdir"
}

# build_failed SRC_DIR LOG
build_failed() {
	cat "$2" >&2
	what=fattr.ko
	[ "$1" = "$work/src" ] || what="$1/fattr.ko"
	echo "vm-test: kernel $tag: building $what for $rel failed" >&2
	exit 1
}

# The module, built from a copy so that kernels do not share objects;
# with it the test-only test/claim module (see test/vm-refuse.sh).
rm -rf "$work"
mkdir -p "$work/src"
(cd "$top" && cp -r Kbuild Makefile module uapi scripts "$work/src/")
cp -r "$top/test/claim" "$work/src/claim"
build_ko "$work/src"

# make bench AB=OLD (FATTR_AB, scripts/bench.sh): commit OLD's module
# too, from git archive into $work/old, built as the checkout's; the
# image gets it as /fattr-old.ko, and fattr.ab=1 tells bench/vm-bench.sh.
FATTR_AB_KO=
if [ -n "${FATTR_AB:-}" ]; then
	mkdir -p "$work/old"
	git -C "$top" archive "$FATTR_AB" Kbuild Makefile module uapi scripts |
		tar -x -C "$work/old" || {
		echo "vm-test: git archive $FATTR_AB failed" >&2
		exit 1
	}
	build_ko "$work/old" "$work/build-old.log"
	FATTR_AB_KO=$work/old/fattr.ko
	FATTR_VM_APPEND="${FATTR_VM_APPEND:+$FATTR_VM_APPEND }fattr.ab=1"
fi
export FATTR_AB_KO

# The real file systems of the check run (and of the bench's facts and
# the demo's ext4 mount).
FATTR_MODULES='' FATTR_VM_DISKS=''
if [ "$run" = check ] || [ "$run" = bench ] || [ "$run" = demo ]; then
	case $tag in
	debug|debug-*) ;;
	*)	FATTR_MODULES=$("$top/scripts/kernel-modules.sh" "$tag") || {
			echo "vm-test: kernel $tag: no modules for the real file systems" >&2
			exit 1
		} ;;
	esac
	FATTR_VM_DISKS=$("$top/scripts/fs-images.sh") || {
		echo "vm-test: making the disk images failed" >&2
		exit 1
	}
fi

# RUN=profile (bench/vm-profile.sh): perf's samples of the ways of
# listing the mounts, amd64 only, with this machine's linux-perf.
if [ "$run" = profile ]; then
	[ "$arch" = amd64 ] || {
		echo "vm-test: kernel $tag: the profile run is amd64's only" >&2
		exit 1
	}
	[ -x /usr/bin/perf ] || DEBIAN_FRONTEND=noninteractive \
		"$top/scripts/apt-get.sh" install -y -q linux-perf >/dev/null
	make -s -C "$top/bench" || exit 1
	FATTR_PERF=1
	export FATTR_PERF
fi

if [ "$arch" = amd64 ]; then
	make -s -C "$top/test" >/dev/null
	bin=$top/test
	ul=/
else
	ul=$("$top/scripts/userland.sh" "$arch") || {
		echo "vm-test: kernel $tag: no $arch user space" >&2
		exit 1
	}
	# The chroot it lives in has the cross compilers.
	troot=${ul%/srv/userland-"$arch"}
	tdir=/build/fattr-test-$tag.$$
	rm -rf "$troot$tdir"
	mkdir -p "$troot/build"
	cp -r "$top/test" "$troot$tdir"
	cp "$top/examples/mount-changes.c" "$troot$tdir/"
	make -s -C "$troot$tdir" clean
	targets="fattr-check fattr-fuzz fattr-stress fattr-confined fattr-failnth fattr-subvol mount-changes fattr-btf-rename EXAMPLES=."
	[ -z "$arch_cc32" ] || targets="$targets fattr-compat32"
	# shellcheck disable=SC2016,SC2086
	"$top/scripts/chroot-run.sh" "$troot" \
		sh -c 'd=$1 cc=$2 cc32=$3; shift 3
			make -s -C "$d" CC="$cc" CC32="$cc32" CHECK_CFLAGS= \
			CHECK_LIBS="-lcheck -lsubunit -lm -lrt -pthread" "$@"' \
		sh "$tdir" "$arch_triplet-gcc --sysroot=${ul#"$troot"}" \
		"$arch_cc32" $targets >"$work/test-build.log" 2>&1 || {
		cat "$work/test-build.log" >&2
		echo "vm-test: kernel $tag: building the $arch tests failed" >&2
		exit 1
	}
	bin=$work/bin
	mkdir -p "$bin"
	cp "$troot$tdir"/fattr-* "$troot$tdir/mount-changes" "$bin/"
	rm -rf "$troot$tdir"
	# make bench's programs, for this architecture (changes-bench
	# includes examples/mount-changes.c: beside it, EXAMPLES=.).
	if [ "$run" = bench ]; then
		cp -r "$top/bench" "$troot$tdir"
		cp "$top/examples/mount-changes.c" "$troot$tdir/"
		make -s -C "$troot$tdir" clean
		# shellcheck disable=SC2016
		"$top/scripts/chroot-run.sh" "$troot" \
			sh -c 'make -s -C "$1" CC="$2" EXAMPLES=.' sh "$tdir" \
			"$arch_triplet-gcc --sysroot=${ul#"$troot"}" \
			>"$work/bench-build.log" 2>&1 || {
			cat "$work/bench-build.log" >&2
			echo "vm-test: kernel $tag: building the $arch bench failed" >&2
			exit 1
		}
		cp "$troot$tdir/fattr-bench" "$troot$tdir/changes-bench" "$bin/"
		rm -rf "$troot$tdir"
	fi
fi
export FATTR_MODULES FATTR_VM_DISKS
FATTR_VM_APPEND="${FATTR_VM_APPEND:+$FATTR_VM_APPEND }fattr.compat=$compat"
# The debug kernels run in 4-level paging: with the LA57 of QEMU's -cpu
# max, a KASAN kernel may panic at boot on a false wild-memory-access
# when an interrupt comes while identify_cpu() has the LA57 feature bit
# cleared (6.1 always; 7.3.4 once, on 2026-12-07, having booted before).
# 6.1 and 6.12 are built without 5-level paging
# (debug-kernel-4level.config); 7.x has no such option, and no5lvl
# turns it off at boot.
# (The build tree by its own path: the headers' link in a chroot is the
# chroot's.)
case $tag in
debug*)
	grep -q '^# CONFIG_X86_5LEVEL is not set' \
	     "${root%/}$(cat "$cache/kernels/$tag/kdir")/.config" ||
		FATTR_VM_APPEND="$FATTR_VM_APPEND no5lvl" ;;
esac
export FATTR_VM_APPEND
if [ "$run" = stress ]; then
	# The stress run loads and unloads fattr while other threads call
	# the hooked entries.  QEMU's multi-threaded TCG livelocks when the
	# kernel patches text (ftrace, on insmod/rmmod) that another vCPU is
	# executing: both vCPUs were seen spinning at __x64_sys_getxattr+0x0,
	# a stale translation of the int3 rewound forever by
	# kprobe_int3_handler, though its bytes were already a NOP.
	# Single-threaded TCG does not: the kernel is tested, not QEMU.
	FATTR_TCG_OPTS=${FATTR_TCG_OPTS:-,thread=single}
	FATTR_VM_APPEND="${FATTR_VM_APPEND:+$FATTR_VM_APPEND }fattr.size=${FATTR_STRESS:-ci}"
	FATTR_VM_APPEND="$FATTR_VM_APPEND${FATTR_STRESS_PARTS:+ fattr.parts=$FATTR_STRESS_PARTS}"
	# The full size runs up to about 20 minutes under TCG.
	[ "${FATTR_STRESS:-ci}" != full ] || : "${FATTR_VM_TIMEOUT:=3600}"
	export FATTR_TCG_OPTS FATTR_VM_APPEND FATTR_VM_TIMEOUT
fi
# The check run too: its fault suite enables perf tracepoints, whose
# text patching met the same defect once (2026-12-05, newest-rt: "Oops:
# int3" on both vCPUs, a stale translation of the patch's int3; the same
# run passed again at once).
if [ "$run" = check ]; then
	FATTR_TCG_OPTS=${FATTR_TCG_OPTS:-,thread=single}
	export FATTR_TCG_OPTS
fi
# KASAN, lockdep and kmemleak make the debug kernels (debug: 6.1,
# debug-6.12, debug-newest: 7.x, scripts/debug-kernel.sh) about five times slower
# under TCG than Debian's.
case $tag in
debug|debug-*) : "${FATTR_VM_TIMEOUT:=7200}" ;;
esac
# riscv64, ppc64el and s390x run their guests two to four times slower
# under TCG than amd64 (riscv64's check run: 13.5 min on 6.12).
case $arch in
riscv64|ppc64el|s390x) : "${FATTR_VM_TIMEOUT:=3600}" ;;
esac
# The bench run: fattr-bench and changes-bench at 100,000 mounts
# (bench/vm-bench.sh) take minutes of their own, and 100,000 tmpfs
# mounts about 400 MB: 3 GiB for the VM (every bench run alike, since
# the kernel sizes its mount hash table by memory).
if [ "$run" = bench ]; then
	: "${FATTR_VM_TIMEOUT:=2400}" "${FATTR_VM_MEM:=3072}"
	export FATTR_VM_MEM
fi
export FATTR_VM_TIMEOUT
FATTR_CLAIM_KO="$work/src/claim/fattr_claim.ko" FATTR_USERLAND=$ul \
	FATTR_TEST_BIN=$bin \
	"$top/scripts/vm-image.sh" "$work/src/fattr.ko" "$work/initrd.gz"
"$top/scripts/vm-boot.sh" "$cache/kernels/$tag/vmlinuz" "$work/initrd.gz" \
	"$run" "$work/console.log" "$arch"
