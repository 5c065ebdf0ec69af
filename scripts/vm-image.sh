#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-image.sh KO OUT
#
# Writes OUT, the initramfs of the test VM: static busybox as /init's
# shell, the module KO as /fattr.ko, the static test binaries and scripts
# of test/ under /test, and Debian's getfattr and setfattr with their
# libraries, Debian's apparmor_parser with its libraries and tunables
# (test/vm-confined.sh); with FATTR_CLAIM_KO set, that module as
# /fattr_claim.ko.  Needs busybox-static, attr, apparmor, cpio; test/
# must be built.

set -eu

ko=${1:?usage: vm-image.sh KO OUT}
out=${2:?usage: vm-image.sh KO OUT}
top=$(cd "$(dirname "$0")/.." && pwd)

fail() {
	echo "vm-image: $*" >&2
	exit 1
}

[ -x /bin/busybox ] || fail "no /bin/busybox (apt-get install busybox-static)"
[ -x "$top/test/fattr-check" ] || fail "test/fattr-check not built (make -C test)"
[ -x "$top/test/fattr-ia32" ] || fail "test/fattr-ia32 not built (make -C test)"
[ -x "$top/test/fattr-confined" ] ||
	fail "test/fattr-confined not built (make -C test)"
aa_parser=$(command -v apparmor_parser) ||
	fail "no apparmor_parser (apt-get install apparmor)"

root=$(mktemp -d)
chmod 755 "$root"	# the VM's /, which mktemp made 0700
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/test" "$root/proc" "$root/sys" "$root/dev" \
	 "$root/tmp" "$root/usr/bin"
cp /bin/busybox "$root/bin/busybox"
cp "$top/test/vm-init" "$root/init"
cp "$ko" "$root/fattr.ko"
cp "$top/test/fattr-check" "$top/test/vm-check.sh" \
   "$top/test/getfattr-test.sh" "$top/test/vm-refuse.sh" \
   "$top/test/fattr-ia32" "$top/test/fattr-confined" \
   "$top/test/vm-confined.sh" "$root/test/"
# The examples, which getfattr-test.sh runs.
cp "$top/examples/mount-of.sh" "$top/examples/where.sh" "$root/test/"
# The test-only module of test/claim, for vm-refuse.sh (vm-test.sh
# builds it).
if [ -n "${FATTR_CLAIM_KO:-}" ]; then
	cp "$FATTR_CLAIM_KO" "$root/fattr_claim.ko"
fi
cp "$top/scripts/vm-demo.sh" "$root/test/vm-demo.sh"
# The stress run's fuzzer and stress test (test/vm-stress.sh).
cp "$top/test/fattr-fuzz" "$top/test/fattr-stress" "$top/test/vm-stress.sh" \
   "$root/test/"
# The benchmark, when make bench built it.
if [ -x "$top/bench/fattr-bench" ]; then
	cp "$top/bench/fattr-bench" "$top/bench/vm-bench.sh" "$root/test/"
fi
chmod 755 "$root/init"

# Debian's getfattr and setfattr, with every library they load; and
# apparmor_parser, with the tunables that define @{PROC} and @{pid}
# and an empty parser.conf (Debian's pins a features file: in the VM,
# the kernel's features are used).
mkdir -p "$root$(dirname "$aa_parser")" "$root/etc/apparmor.d" \
	 "$root/etc/apparmor"
cp -r /etc/apparmor.d/tunables "$root/etc/apparmor.d/"
: >"$root/etc/apparmor/parser.conf"
for prog in /usr/bin/getfattr /usr/bin/setfattr /usr/bin/findmnt "$aa_parser"; do
	[ -x "$prog" ] || fail "no $prog (apt-get install attr)"
	cp "$prog" "$root$prog"
	for lib in $(ldd "$prog" | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
done

(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 >"$out"
