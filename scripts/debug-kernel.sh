#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# debug-kernel.sh [6.1|6.12|newest]
#
# Builds a debug kernel of the test VM from a Debian linux-source package:
# x86_64_defconfig + kvm_guest.config + scripts/debug-kernel.config
# (KASAN, lockdep, atomic-sleep checks, kmemleak, fault injection,
# AppArmor and Landlock, and the ftrace, kprobes and BTF that fattr
# needs), then, for 6.1 and 6.12, scripts/debug-kernel-4level.config
# (4-level paging).  FATTR_CACHE defaults to /var/cache/fattr.
#
#   6.1     (the default; vm-test.sh's tag "debug") Debian 12's
#           linux-source-6.1, built on this machine with its gcc-12, in
#           $FATTR_CACHE/debug-kernel/.  15 minutes on two idle cores,
#           40 on busy ones.
#   newest  (tag "debug-newest") the linux-source-X.Y of the suite whose
#           kernel scripts/newest-kernel.sh picks (trixie-backports' 7.3
#           today), built with that suite's compiler (gcc-14) in the
#           chroot that fetch-kernel.sh builds that suite's modules in
#           (scripts/debian-chroot.sh), in its /usr/src/fattr-debug/;
#           the lock, stamp and build log are in
#           $FATTR_CACHE/debug-kernel-newest/.  Modules for it are built
#           in that chroot too.  56 minutes for 7.3 on two cores
#           shared with QEMU runs; a 6 GB tree.
#   6.12    (tag "debug-6.12") Debian 13's linux-source-6.12, built as
#           newest is, in the trixie chroot's /usr/src/fattr-debug-6.12/
#           (each tree has a directory of its own: unpacking empties
#           it); lock, stamp and log in $FATTR_CACHE/debug-kernel-6.12/.
#
# Writes $FATTR_CACHE/kernels/TAG/:
#   vmlinuz   the bzImage
#   release   the kernel release
#   root      the system that builds modules for it: "/" or the chroot
#   kdir      the path of the built tree on that system, for
#             "make KDIR=$(cat kdir)" there
#
# A finished build is reused as long as its stamp names the same source
# package and version (apt's candidate, in the picked suite for newest),
# config fragments and build system.  Prints nothing on stdout but the
# kernel release; progress, the build time and any failure go to stderr,
# the make output to build.log beside the stamp.  FATTR_JOBS sets make's
# -j (2).

set -eu

which=${1:-6.1}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
jobs=${FATTR_JOBS:-2}
# The config fragments, merged in this order.
frags=$top/scripts/debug-kernel.config
# What the kernel build needs, pahole (dwarves) for BTF, python3 for
# resolve_btfids' libbpf (7.x), and xz and flock for this script.
pkgs="build-essential flex bison bc libelf-dev libssl-dev dwarves python3 cpio
kmod rsync xz-utils util-linux"

case $which in
6.1)
	tag=debug
	frags="$frags $top/scripts/debug-kernel-4level.config"
	base=$cache/debug-kernel
	root=/
	pkg=linux-source-6.1
	# The source's directory, on the build system.
	srcdir=$base
	;;
newest)
	tag=debug-newest
	base=$cache/debug-kernel-newest
	srcdir=/usr/src/fattr-debug
	;;
6.12)
	tag=debug-6.12
	frags="$frags $top/scripts/debug-kernel-4level.config"
	base=$cache/debug-kernel-6.12
	srcdir=/usr/src/fattr-debug-6.12
	;;
*)
	echo "usage: debug-kernel.sh [6.1|6.12|newest]" >&2
	exit 2
	;;
esac
out=$cache/kernels/$tag
log=$base/build.log

say() {
	echo "debug-kernel $which: $*" >&2
}

fail() {
	say "$*"
	exit 1
}

# The end of the build log, then fail.
fail_log() {
	tail -n 40 "$log" >&2
	fail "$* (whole log: $log)"
}

for f in $frags; do
	[ -f "$f" ] || fail "no config fragment $f"
done
mkdir -p "$base"

# One build at a time: a second caller waits, then finds it cached.
exec 9>"$base/lock"
flock 9 || fail "cannot lock $base/lock"

export DEBIAN_FRONTEND=noninteractive

if [ "$which" != 6.1 ]; then
	if [ "$which" = newest ]; then
		# The suite and its build chroot as fetch-kernel.sh picks
		# them for tag newest.
		picked=$("$top/scripts/newest-kernel.sh" amd64) ||
			fail "cannot tell the newest kernel's suite"
		# shellcheck disable=SC2086
		set -- $picked
		suite=$1
		system=${3:?newest-kernel.sh named no build system}
		say "the newest kernel is $suite's $2: building in the $system chroot"
	else
		# Debian 13's own kernel series.
		set -- trixie "$which"
		suite=trixie
		system=trixie
		say "building trixie's linux-source-$which in the trixie chroot"
	fi
	# The build chroot, with the kernel build's tools installed there.
	# shellcheck disable=SC2086
	root=$("$top/scripts/debian-chroot.sh" "$system" $pkgs) ||
		fail "preparing the $system chroot failed (see above)"
	sys() { "$top/scripts/chroot-run.sh" "$root" "$@"; }
	# The source package: for newest, what its suite's linux-source
	# metapackage depends on, else (and for 6.12) linux-source-X.Y of
	# the kernel's version X.Y.
	target=
	[ "$suite" = "$system" ] || target="-t $suite"
	mver=
	# shellcheck disable=SC2086
	[ "$which" != newest ] ||
		mver=$(sys apt-cache $target policy linux-source |
			awk '/Candidate:/ { print $2 }')
	pkg=
	case $mver in
	""|"(none)") ;;
	*)	pkg=$(sys apt-cache show "linux-source=$mver" |
			sed -n 's/^Depends: //p' | head -n 1 | tr ',' '\n' |
			sed 's/^ *//; s/[ (|].*//' | grep -m 1 '^linux-source-[0-9]' ||
			:) ;;
	esac
	[ -n "$pkg" ] ||
		pkg=linux-source-$(echo "$2" | sed 's/^\([0-9]*\.[0-9]*\).*/\1/')
	# shellcheck disable=SC2086
	ver=$(sys apt-cache $target policy "$pkg" |
		awk '/Candidate:/ { print $2 }')
	hroot=$root
else
	sys() { "$@"; }
	ver=$(apt-cache policy "$pkg" 2>/dev/null | awk '/Candidate:/ { print $2 }')
	hroot=
fi
case $ver in ""|"(none)") fail "$pkg not found by apt (apt-get update?)" ;; esac
# The tree on the build system, and its path from here.
tree=$srcdir/$pkg
htree=$hroot$tree

stamp="$pkg $ver"
for f in $frags; do
	stamp="$stamp
fragment $(sha256sum "$f" | cut -d ' ' -f 1)"
done
[ "$root" = / ] || stamp="$stamp
built in $root"

# Writes file $1 of $out with the contents $2, whole or not at all.
put() {
	printf '%s\n' "$2" >"$out/$1.tmp" && mv "$out/$1.tmp" "$out/$1"
}

if [ -f "$base/stamp" ] && [ "$(cat "$base/stamp")" = "$stamp" ] &&
   [ -f "$out/vmlinuz" ] && [ -f "$out/release" ] && [ -f "$out/kdir" ] &&
   [ -f "$htree/Module.symvers" ]; then
	put root "$root"
	cat "$out/release"
	exit 0
fi
rm -f "$base/stamp"

# The tools, on this machine; the chroot has them from debian-chroot.sh.
if [ "$root" = / ]; then
	missing=
	for p in $pkgs; do
		dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || missing="$missing $p"
	done
	if [ -n "$missing" ]; then
		[ "$(id -u)" -eq 0 ] || fail "missing packages:$missing (run as root to install)"
		say "installing$missing"
		# shellcheck disable=SC2086
		"$top/scripts/apt-get.sh" install -y -q --no-install-recommends $missing >/dev/null ||
			fail "installing$missing failed"
	fi
fi

start=$(date +%s)

# The source, unpacked again only when apt has a new version: downloaded
# by the build system's apt, unpacked from here.
if [ ! -f "$base/source" ] || [ "$(cat "$base/source")" != "$ver" ] ||
   [ ! -f "$htree/Makefile" ]; then
	say "unpacking $pkg $ver into $htree"
	rm -rf "$htree" "$base/source" "$hroot$srcdir/unpack"
	# The chroot's source directory holds only the current tree.
	[ "$root" = / ] || rm -rf "$hroot$srcdir"
	mkdir -p "$hroot$srcdir/unpack"
	# shellcheck disable=SC2016
	sys sh -c 'cd "$1" && { chown _apt . 2>/dev/null || :; } &&
		   apt-get download -q "$2" >/dev/null 2>&1' \
		sh "$srcdir/unpack" "$pkg=$ver" ||
		fail "downloading $pkg $ver failed"
	dpkg-deb --fsys-tarfile "$hroot$srcdir/unpack/${pkg}_"*.deb |
		tar -x -C "$hroot$srcdir/unpack" "./usr/src/$pkg.tar.xz" ||
		fail "no /usr/src/$pkg.tar.xz in the $pkg package"
	tar -xJf "$hroot$srcdir/unpack/usr/src/$pkg.tar.xz" -C "$hroot$srcdir" ||
		fail "unpacking $pkg.tar.xz failed"
	rm -rf "$hroot$srcdir/unpack"
	[ -f "$htree/Makefile" ] || fail "no $htree/Makefile after unpacking"
	echo "$ver" >"$base/source"
fi

# Runs CMD... in the tree, on the build system.
in_tree() {
	# shellcheck disable=SC2016
	sys sh -c 'cd "$1" && shift && exec "$@"' sh "$tree" "$@"
}

# The fragments, in order, as one file the build system can read.
for f in $frags; do
	cat "$f"
done >"$htree/fattr-debug.config"

: >"$log"
names=
for f in $frags; do
	names="$names $(basename "$f")"
done
say "configuring (x86_64_defconfig kvm_guest.config$names)"
{
	in_tree make x86_64_defconfig kvm_guest.config &&
	in_tree scripts/kconfig/merge_config.sh -m .config fattr-debug.config &&
	in_tree make olddefconfig
} >>"$log" 2>&1 || fail_log "configuring failed"

# Every line of the fragments must name an option of this kernel and
# have survived olddefconfig.  An option unset may be absent from
# .config (its dependencies are off), but must be in a Kconfig file:
# options of one kernel only (CONFIG_X86_5LEVEL, gone in 7.x) belong in
# that kernel's fragment.
bad=0
for f in $frags; do
	fn=$(basename "$f")
	while IFS= read -r line; do
		case $line in
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			if ! grep -q "^$sym=" "$htree/.config"; then
				grep -qxF "$line" "$htree/.config" ||
				grep -rqsE --include='Kconfig*' \
				     "^[[:space:]]*(menu)?config ${sym#CONFIG_}\$" "$htree" || {
					say "config option $sym ($fn): no option of this kernel"
					bad=1
				}
				continue
			fi
			;;
		CONFIG_*=*)
			sym=${line%%=*}
			grep -qxF "$line" "$htree/.config" && continue
			;;
		*)
			continue
			;;
		esac
		now=$(grep -E "^($sym=|# $sym is not set)" "$htree/.config" ||
			echo "absent")
		say "config option $sym ($fn): wanted \"$line\", got \"$now\""
		bad=1
	done <"$f"
done
[ "$bad" -eq 0 ] || fail "the config does not have the fragments' options (see above)"

# vmlinux, bzImage and the modules; the modules' modpost writes the
# Module.symvers that external module builds (fattr) need.
say "building with make -j$jobs (log: $log)"
in_tree nice -n 10 make -j"$jobs" all >>"$log" 2>&1 || fail_log "the build failed"

[ -f "$htree/Module.symvers" ] || fail "the build left no Module.symvers"
# Written by the build from auto.conf (make kernelrelease before the
# build would miss CONFIG_LOCALVERSION).
rel=$(cat "$htree/include/config/kernel.release") || fail "no kernel release"
readelf -S "$htree/vmlinux" | grep -q ' \.BTF ' || fail "vmlinux has no .BTF section"

mkdir -p "$out"
cp "$htree/arch/x86/boot/bzImage" "$out/vmlinuz.tmp"
mv "$out/vmlinuz.tmp" "$out/vmlinuz"
put release "$rel"
put root "$root"
put kdir "$tree"
echo "$stamp" >"$base/stamp"

secs=$(($(date +%s) - start))
say "built $rel in $((secs / 60))m$((secs % 60))s; tree $htree ($(du -sh "$htree" | cut -f 1))"
echo "$rel"
