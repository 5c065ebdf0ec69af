#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh
#
# Runs the kernel's checkpatch.pl --strict on module/ and uapi/, and its
# kernel-doc (-v: every documented function's parameters and Return:
# section) on module/, and fails on any report.  Both come from Debian's
# linux-source-6.1, unpacked once into $FATTR_CACHE/checkpatch/.

set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/checkpatch
cp=$dir/scripts/checkpatch.pl

if [ ! -x "$cp" ] || [ ! -f "$dir/scripts/kernel-doc" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	(cd "$tmp" && apt-get download -q linux-source-6.1 >/dev/null 2>&1) || {
		echo "checkpatch: cannot download linux-source-6.1" >&2
		exit 1
	}
	dpkg-deb --fsys-tarfile "$tmp"/linux-source-6.1_*.deb |
		tar -x -C "$tmp" ./usr/src/linux-source-6.1.tar.xz
	mkdir -p "$dir"
	tar -xJf "$tmp/usr/src/linux-source-6.1.tar.xz" -C "$dir" \
		--strip-components=1 linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch \
		linux-source-6.1/scripts/kernel-doc
fi

cd "$top"
status=0
for f in module/*.[ch] module/conftest/*.c uapi/linux/*.h; do
	"$cp" --no-tree --strict --quiet -f "$f" || status=1
done
if perl "$dir/scripts/kernel-doc" -v -none module/*.[ch] 2>&1 |
	grep -i 'warning'; then
	echo "checkpatch: kernel-doc warnings in module/" >&2
	status=1
fi
[ "$status" -eq 0 ] && echo "checkpatch: module/ and uapi/ clean (checkpatch --strict, kernel-doc)"
exit "$status"
