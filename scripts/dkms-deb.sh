#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-deb.sh [OUTDIR]
#
# Builds the fattr-dkms Debian package the way a packager would: from a
# clean copy of the tree (the files git tracks, and new files it does not
# ignore: no build products), with `dpkg-buildpackage -b -us -uc`, then
# runs lintian on it.  Fails on any lintian error; warnings are shown.
# Leaves fattr-dkms_VERSION_all.deb in OUTDIR (default
# $FATTR_CACHE/dkms/deb) and prints its path on the last line.
#
# Installs what it needs (dpkg-dev, debhelper, dh-dkms, lintian) with
# apt-get if missing; run as root on Debian 12.

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
outdir=${1:-$cache/dkms/deb}

fail() {
	echo "dkms-deb: $*" >&2
	exit 1
}

missing=
for p in dpkg-dev debhelper dh-dkms lintian fakeroot git; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	[ "$(id -u)" = 0 ] || fail "missing packages:$missing (run as root to install)"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q >/dev/null
	# shellcheck disable=SC2086
	apt-get install -y -q --no-install-recommends $missing >/dev/null ||
		fail "apt-get install$missing failed"
fi

version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")
[ -n "$version" ] || fail "no PACKAGE_VERSION in dkms.conf"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$tmp/fattr-$version
mkdir "$src"
# A clean checkout of the work tree as it stands.
# shellcheck disable=SC2016
(cd "$top" && git ls-files -z --cached --others --exclude-standard |
	xargs -0 sh -c 'for f do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
	cpio -0 -pdm --quiet "$src") || fail "copying the tree failed"

start=$(date +%s)
(cd "$src" && dpkg-buildpackage -b -us -uc) >"$tmp/build.log" 2>&1 || {
	tail -n 30 "$tmp/build.log" >&2
	fail "dpkg-buildpackage failed"
}
deb=$(ls "$tmp"/fattr-dkms_*_all.deb) || fail "no .deb was built"
changes=$(ls "$tmp"/fattr_*.changes) || fail "no .changes was written"
echo "dkms-deb: built $(basename "$deb") in $(($(date +%s) - start)) s" >&2

# lintian on the .changes checks the .deb and the .buildinfo.
echo "dkms-deb: lintian $(basename "$changes"):" >&2
lintian --fail-on error "$changes" >"$tmp/lintian.log" 2>&1
lrc=$?
sed 's/^/  /' "$tmp/lintian.log" >&2
[ -s "$tmp/lintian.log" ] || echo "  (no tags)" >&2
[ $lrc = 0 ] || fail "lintian reported errors"

mkdir -p "$outdir"
rm -f "$outdir"/fattr-dkms_*.deb
cp "$deb" "$outdir/"
cp "$tmp/lintian.log" "$outdir/lintian.log"
echo "$outdir/$(basename "$deb")"
