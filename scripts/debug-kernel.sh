#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# debug-kernel.sh
#
# Builds the debug kernel of the test VM from Debian's linux-source-6.1:
# x86_64_defconfig + kvm_guest.config + scripts/debug-kernel.config
# (KASAN, lockdep, atomic-sleep checks, kmemleak, and the ftrace, kprobes
# and BTF that fattr needs).  The tree is unpacked and built in
# $FATTR_CACHE/debug-kernel/ (FATTR_CACHE defaults to /var/cache/fattr);
# a full build takes 15 minutes on two idle cores, 40 on busy ones.
#
# Writes $FATTR_CACHE/kernels/debug/:
#   vmlinuz   the bzImage
#   release   the kernel release
#   kdir      the path of the built tree, for "make KDIR=$(cat kdir)"
#
# A finished build is reused as long as its stamp names the same
# linux-source-6.1 version (apt's candidate) and config fragment.
# Prints nothing on stdout but the kernel release; progress, the build
# time and any failure go to stderr, the make output to
# $FATTR_CACHE/debug-kernel/build.log.  FATTR_JOBS sets make's -j (2).

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
frag=$top/scripts/debug-kernel.config
cache=${FATTR_CACHE:-/var/cache/fattr}
base=$cache/debug-kernel
out=$cache/kernels/debug
pkg=linux-source-6.1
tree=$base/$pkg
log=$base/build.log
jobs=${FATTR_JOBS:-2}

say() {
	echo "debug-kernel: $*" >&2
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

[ -f "$frag" ] || fail "no config fragment $frag"
mkdir -p "$base"

# One build at a time: a second caller waits, then finds it cached.
exec 9>"$base/lock"
flock 9 || fail "cannot lock $base/lock"

ver=$(apt-cache policy "$pkg" 2>/dev/null | awk '/Candidate:/ { print $2 }')
case $ver in ""|"(none)") fail "$pkg not found by apt (apt-get update?)" ;; esac
hash=$(sha256sum "$frag" | cut -d ' ' -f 1)
stamp="$pkg $ver
fragment $hash"

if [ -f "$base/stamp" ] && [ "$(cat "$base/stamp")" = "$stamp" ] &&
   [ -f "$out/vmlinuz" ] && [ -f "$out/release" ] && [ -f "$out/kdir" ] &&
   [ -f "$tree/Module.symvers" ]; then
	cat "$out/release"
	exit 0
fi
rm -f "$base/stamp"

# Host tools: the kernel build's, pahole (dwarves) for BTF, and xz and
# flock for this script.
pkgs="build-essential flex bison bc libelf-dev libssl-dev dwarves cpio kmod
rsync xz-utils util-linux"
missing=
for p in $pkgs; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	[ "$(id -u)" -eq 0 ] || fail "missing packages:$missing (run as root to install)"
	say "installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086
	apt-get install -y -q --no-install-recommends $missing >/dev/null ||
		fail "installing$missing failed"
fi

start=$(date +%s)

# The source, unpacked again only when apt has a new version.
if [ ! -f "$base/source" ] || [ "$(cat "$base/source")" != "$ver" ] ||
   [ ! -f "$tree/Makefile" ]; then
	say "unpacking $pkg $ver into $tree"
	rm -rf "$tree" "$base/source" "$base/unpack"
	mkdir -p "$base/unpack"
	(cd "$base/unpack" && apt-get download -q "$pkg=$ver" >/dev/null 2>&1) ||
		fail "downloading $pkg $ver failed"
	dpkg-deb --fsys-tarfile "$base/unpack/${pkg}_"*.deb |
		tar -x -C "$base/unpack" "./usr/src/$pkg.tar.xz" ||
		fail "no /usr/src/$pkg.tar.xz in the $pkg package"
	tar -xJf "$base/unpack/usr/src/$pkg.tar.xz" -C "$base" ||
		fail "unpacking $pkg.tar.xz failed"
	rm -rf "$base/unpack"
	[ -f "$tree/Makefile" ] || fail "no $tree/Makefile after unpacking"
	echo "$ver" >"$base/source"
fi

cd "$tree"
: >"$log"

say "configuring (x86_64_defconfig kvm_guest.config $(basename "$frag"))"
{
	make x86_64_defconfig kvm_guest.config &&
	scripts/kconfig/merge_config.sh -m .config "$frag" &&
	make olddefconfig
} >>"$log" 2>&1 || fail_log "configuring failed"

# Every line of the fragment must have survived olddefconfig.
bad=0
while IFS= read -r line; do
	case $line in
	"# CONFIG_"*" is not set")
		sym=${line#\# }
		sym=${sym%% *}
		grep -q "^$sym=" .config || continue
		;;
	CONFIG_*=*)
		sym=${line%%=*}
		grep -qxF "$line" .config && continue
		;;
	*)
		continue
		;;
	esac
	now=$(grep -E "^($sym=|# $sym is not set)" .config || echo "absent")
	say "config option $sym: wanted \"$line\", got \"$now\""
	bad=1
done <"$frag"
[ "$bad" -eq 0 ] || fail "the config lost options of $frag (see above)"

# vmlinux, bzImage and the modules; the modules' modpost writes the
# Module.symvers that external module builds (fattr) need.
say "building with make -j$jobs (log: $log)"
nice -n 10 make -j"$jobs" all >>"$log" 2>&1 || fail_log "the build failed"

[ -f Module.symvers ] || fail "the build left no Module.symvers"
# Written by the build from auto.conf (make kernelrelease before the
# build would miss CONFIG_LOCALVERSION).
rel=$(cat include/config/kernel.release) || fail "no kernel release"
readelf -S vmlinux | grep -q ' \.BTF ' || fail "vmlinux has no .BTF section"

mkdir -p "$out"
cp arch/x86/boot/bzImage "$out/vmlinuz.tmp"
mv "$out/vmlinuz.tmp" "$out/vmlinuz"
echo "$rel" >"$out/release"
echo "$tree" >"$out/kdir"
echo "$stamp" >"$base/stamp"

secs=$(($(date +%s) - start))
say "built $rel in $((secs / 60))m$((secs % 60))s; tree $tree ($(du -sh "$tree" | cut -f 1))"
echo "$rel"
