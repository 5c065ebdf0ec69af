#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-image.sh KO OUT
#
# Writes OUT, the initramfs of the test VM: busybox as /init's
# shell, the module KO as /fattr.ko, the static test binaries and scripts
# of test/ under /test, and Debian's getfattr, setfattr and findmnt, and
# apparmor_parser with its tunables (test/vm-confined.sh), each with
# every library it loads; with FATTR_CLAIM_KO set, that module as
# /fattr_claim.ko; with FATTR_AB_KO set (vm-test.sh, make bench AB=),
# that module as /fattr-old.ko.
#
# The programs and libraries come from $FATTR_USERLAND (default /, this
# machine: busybox-static, attr, util-linux, apparmor), the test
# binaries from $FATTR_TEST_BIN (default test/, built by make -C test):
# for a foreign architecture, scripts/userland.sh's tree and the cross
# builds of vm-test.sh.  Libraries are found by their ELF entries
# (readelf), not ldd, so that this works for any architecture.
#
# The real file systems (test/vm-realfs.sh): $FATTR_MODULES, if set, is
# scripts/kernel-modules.sh's directory, whose lib/modules/REL goes to
# the image's /lib/modules/REL and whose load, builtin and missing lists
# to /test/realfs/ (with /sbin/modprobe, busybox's, for the kernel's own
# requests); $FATTR_VM_DISKS, if set, is scripts/fs-images.sh's directory,
# whose manifest goes to /test/realfs/manifest (the disks themselves are
# vm-boot.sh's).  squashfuse, the FUSE server vm-realfs.sh mounts with,
# and its libraries come from $FATTR_USERLAND, as the other programs.

set -eu

ko=${1:?usage: vm-image.sh KO OUT}
out=${2:?usage: vm-image.sh KO OUT}
top=$(cd "$(dirname "$0")/.." && pwd)

fail() {
	echo "vm-image: $*" >&2
	exit 1
}

ul=${FATTR_USERLAND:-/}
ul=${ul%/}
bin=${FATTR_TEST_BIN:-$top/test}
for b in fattr-check fattr-confined fattr-fuzz fattr-stress \
	 fattr-failnth fattr-subvol; do
	[ -x "$bin/$b" ] || fail "$bin/$b not built (make -C test)"
done
# fattr-compat32 is built only for architectures whose kernels have
# 32-bit callers (scripts/arch.sh); test/vm-check.sh says when it is not
# there.
[ -x "$ul/bin/busybox" ] || fail "no $ul/bin/busybox (apt-get install busybox-static)"

root=$(mktemp -d)
chmod 755 "$root"	# the VM's /, which mktemp made 0700
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/test" "$root/proc" "$root/sys" "$root/dev" \
	 "$root/tmp" "$root/usr/bin"
cp "$top/test/vm-init" "$root/init"
cp "$ko" "$root/fattr.ko"
cp "$bin/fattr-check" "$bin/fattr-confined" \
   "$bin/fattr-fuzz" "$bin/fattr-stress" "$bin/fattr-failnth" \
   "$bin/fattr-subvol" "$bin/mount-changes" "$bin/fattr-btf-rename" \
   "$root/test/"
[ ! -x "$bin/fattr-compat32" ] || cp "$bin/fattr-compat32" "$root/test/"
cp "$top/test/vm-check.sh" "$top/test/getfattr-test.sh" "$top/test/vm-realfs.sh" \
   "$top/test/vm-refuse.sh" "$top/test/vm-confined.sh" \
   "$top/test/vm-stress.sh" "$top/test/vm-faults.sh" "$root/test/"
# The examples, which getfattr-test.sh runs.
cp "$top/examples/mount-of.sh" "$top/examples/where.sh" \
   "$top/examples/fs-id.sh" "$top/examples/wait-mounts.sh" \
   "$top/examples/mount-flags.sh" "$top/examples/column.sh" \
   "$top/examples/mount-changes.sh" "$root/test/"
# The test-only module of test/claim, for vm-refuse.sh (vm-test.sh
# builds it).
if [ -n "${FATTR_CLAIM_KO:-}" ]; then
	cp "$FATTR_CLAIM_KO" "$root/fattr_claim.ko"
fi
# The other build of make bench AB=COMMIT (bench/vm-bench.sh).
if [ -n "${FATTR_AB_KO:-}" ]; then
	cp "$FATTR_AB_KO" "$root/fattr-old.ko"
fi
cp "$top/scripts/vm-demo.sh" "$root/test/vm-demo.sh"
# The benchmarks (fattr-bench, changes-bench): a foreign architecture's
# cross builds, where vm-test.sh made them for make bench, or this
# machine's, when make bench built them.
if [ -x "$bin/fattr-bench" ]; then
	cp "$bin/fattr-bench" "$bin/changes-bench" "$top/bench/vm-bench.sh" \
	   "$root/test/"
elif [ -z "$ul" ] && [ -x "$top/bench/fattr-bench" ]; then
	cp "$top/bench/fattr-bench" "$top/bench/changes-bench" \
	   "$top/bench/vm-bench.sh" "$root/test/"
fi
chmod 755 "$root/init"
# The real file systems' modules and disks' manifest (see above).
mkdir -p "$root/test/realfs"
if [ -n "${FATTR_MODULES:-}" ]; then
	mkdir -p "$root/lib" "$root/sbin"
	cp -r "$FATTR_MODULES/lib/modules" "$root/lib/"
	cp "$FATTR_MODULES/load" "$FATTR_MODULES/builtin" \
	   "$FATTR_MODULES/missing" "$root/test/realfs/"
	ln -s /bin/busybox "$root/sbin/modprobe"
fi
if [ -n "${FATTR_VM_DISKS:-}" ]; then
	cp "$FATTR_VM_DISKS/manifest" "$root/test/realfs/manifest"
fi

# The machine triplet of the userland's libraries.
case $(readelf -hW "$ul/bin/busybox" | sed -n 's/^ *Machine: *//p') in
*X86-64*)	triplet=x86_64-linux-gnu ;;
*AArch64*)	triplet=aarch64-linux-gnu ;;
*RISC-V*)	triplet=riscv64-linux-gnu ;;
*PowerPC64*)	triplet=powerpc64le-linux-gnu ;;
*S/390*)	triplet=s390x-linux-gnu ;;
*)		fail "$ul/bin/busybox: unknown machine" ;;
esac
libdirs="lib/$triplet usr/lib/$triplet lib64 usr/lib64 lib usr/lib"

# The file path $1 of $ul names, its symbolic links followed inside $ul:
# an absolute link there (ppc64el's /lib64/ld64.so.2) points into $ul,
# not this machine.
in_ul() {
	lp=$1 ln=0
	while [ -L "$ul$lp" ] && [ $ln -lt 40 ]; do
		t=$(readlink "$ul$lp")
		case $t in
		/*) lp=$t ;;
		*) lp=$(dirname "$lp")/$t ;;
		esac
		ln=$((ln + 1))
	done
	echo "$lp"
}

# Copies the ELF files $@ (absolute paths in $ul) into the image, with
# their interpreter and every library they need, found as ld.so would
# in $ul's library directories.
copy_elf() {
	todo=$*
	while [ -n "$todo" ]; do
		# shellcheck disable=SC2086
		set -- $todo
		[ $# -gt 0 ] || break	# blanks only (a static binary's)
		f=$1
		shift
		todo=$*
		[ ! -e "$root$f" ] || continue
		src=$ul$(in_ul "$f")
		[ -e "$src" ] || fail "no $ul$f"
		mkdir -p "$root$(dirname "$f")"
		cp -L "$src" "$root$f"
		todo="$todo $(readelf -lW "$src" |
			sed -n 's/.*program interpreter: \(.*\)]$/\1/p')"
		for n in $(readelf -dW "$src" |
			   sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
			found=
			for d in $libdirs; do
				if [ -e "$ul/$d/$n" ]; then
					found=/$d/$n
					break
				fi
			done
			[ -n "$found" ] || fail "$f needs $n: not in $ul"
			todo="$todo $found"
		done
	done
}

# getfattr, setfattr, findmnt; apparmor_parser, with the tunables that
# define @{PROC} and @{pid} and an empty parser.conf (Debian's pins a
# features file: in the VM, the kernel's features are used).
aa_parser=
for p in /sbin/apparmor_parser /usr/sbin/apparmor_parser; do
	[ ! -x "$ul$p" ] || aa_parser=$p
done
[ -n "$aa_parser" ] || fail "no apparmor_parser in $ul (apt-get install apparmor)"
for prog in /usr/bin/getfattr /usr/bin/setfattr /usr/bin/findmnt; do
	[ -x "$ul$prog" ] || fail "no $ul$prog (apt-get install attr util-linux)"
done
# busybox: Debian 12's static one, or Debian 13's dynamic one where
# Debian 12 has none (scripts/userland.sh), with its libraries.
copy_elf /bin/busybox
copy_elf /usr/bin/getfattr /usr/bin/setfattr /usr/bin/findmnt "$aa_parser"
# The FUSE server of test/vm-realfs.sh, where the user space has it
# (amd64: scripts/deps.sh installs it; arm64: userland.sh's tree);
# vm-realfs.sh says why it skips FUSE otherwise.
if [ -x "$ul/usr/bin/squashfuse" ]; then
	copy_elf /usr/bin/squashfuse
fi
# util-linux's blkid, which make bench runs against getfattr -n
# :mnt:uuid.
if [ -x "$ul/usr/sbin/blkid" ]; then
	copy_elf /usr/sbin/blkid
fi
# perf, for the profile run (scripts/vm-test.sh TAG profile): Debian's
# linux-perf of this machine, whose perf record and report work on the
# newer kernels too (the perf_event ABI is stable).
if [ -n "${FATTR_PERF:-}" ]; then
	[ -x "$ul/usr/bin/perf" ] || fail "no $ul/usr/bin/perf (apt-get install linux-perf)"
	copy_elf /usr/bin/perf
	cp "$top/bench/vm-profile.sh" "$root/test/"
fi
mkdir -p "$root/etc/apparmor.d" "$root/etc/apparmor"
cp -r "$ul/etc/apparmor.d/tunables" "$root/etc/apparmor.d/"
: >"$root/etc/apparmor/parser.conf"

(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 >"$out"
