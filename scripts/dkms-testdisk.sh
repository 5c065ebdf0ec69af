#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-testdisk.sh SCENARIO TAG OTHER RELEASE DEB IMG
#
# Makes IMG, the second disk of the VMs of scripts/dkms-test.sh and
# scripts/sb-test.sh: an ext4 file system (64 MiB) holding
#
#   run.sh   SCENARIO (scripts/dkms-vm-test.sh or sb-vm-test.sh), which
#            the image's fattr-test.service runs at boot (dkms-image.sh)
#   lib.sh   scripts/dkms-vm-lib.sh, which it sources
#   params   tag=TAG other=OTHER version=(dkms.conf's) release=RELEASE
#   src/     this tree, as a clean checkout has it (git ls-files)
#   DEB      the fattr-dkms package, but on trixie, which builds its own
#
# Exits non-zero, saying why, on failure.

set -eu

scenario=${1:?usage: dkms-testdisk.sh SCENARIO TAG OTHER RELEASE DEB IMG}
tag=${2:?} other=${3:?} release=${4:?} deb=${5:?} img=${6:?}
top=$(cd "$(dirname "$0")/.." && pwd)

fail() {
	echo "dkms-testdisk: $*" >&2
	exit 1
}

pay=$(mktemp -d)
trap 'rm -rf "$pay"' EXIT
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")
mkdir -p "$pay/src"
# shellcheck disable=SC2016
(cd "$top" && git ls-files -z --cached --others --exclude-standard |
	xargs -0 sh -c 'for f do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
	cpio -0 -pdm --quiet "$pay/src") || fail "copying the tree failed"
cp "$scenario" "$pay/run.sh"
cp "$top/scripts/dkms-vm-lib.sh" "$pay/lib.sh"
[ "$release" = trixie ] || cp "$deb" "$pay/"
printf 'tag=%s\nother=%s\nversion=%s\nrelease=%s\n' \
	"$tag" "$other" "$version" "$release" >"$pay/params"
rm -f "$img"
truncate -s 64M "$img"
mkfs.ext4 -q -F -L fattr-test -d "$pay" "$img" ||
	fail "mkfs.ext4 of the test disk failed"
