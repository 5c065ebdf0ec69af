#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-deb.sh [OUTDIR]
#
# Builds the fattr source package and the fattr-dkms Debian package the
# way a packager would, then checks them with lintian at its pickiest:
#
#   1. the upstream tarball, fattr_VERSION.orig.tar.xz: a clean copy of
#      the tree (the files git tracks, and new files it does not ignore:
#      no build products) without debian/, files in name order, owned
#      by root, dated by the last commit (the same tree gives the same
#      tarball);
#   2. `dpkg-buildpackage -us -uc` in that tree with debian/ (format 3.0
#      (quilt)): the .dsc, .debian.tar.xz, the .deb, .buildinfo, .changes;
#   3. lintian --pedantic --info --display-info --display-experimental
#      --show-overrides on the .changes (it checks the .dsc, the .deb and
#      the .buildinfo): any tag it shows, of any level, fails but the
#      overridden ones ("O:"), so every tag is fixed or
#      overridden with a reason (debian/source/lintian-overrides,
#      debian/fattr-dkms.lintian-overrides), written for unstable's
#      lintian.  With a lintian older than unstable's 2.143 (Debian 12's
#      2.116 here), newer-standards-version, alien-tag and
#      unused-override are ignored (shown as such): they say what that
#      lintian does not know (scripts/lintian.sh runs unstable's too).
#
# Leaves fattr-dkms_VERSION_all.deb, the source package (.dsc, .orig and
# .debian tarballs), the .changes and lintian.log in OUTDIR (default
# $FATTR_CACHE/dkms/deb) and prints the .deb's path on the last line.
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
	"$top/scripts/apt-get.sh" update -q >/dev/null
	# shellcheck disable=SC2086
	"$top/scripts/apt-get.sh" install -y -q --no-install-recommends $missing >/dev/null ||
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

# 1. The upstream tarball.
when=$(cd "$top" && git log -1 --format=@%ct 2>/dev/null) || when=@0
orig=$tmp/fattr_$version.orig.tar.xz
(cd "$tmp" && find "fattr-$version" -path "fattr-$version/debian" -prune -o -print0 |
	LC_ALL=C sort -z |
	tar --null --no-recursion -T - --owner=0 --group=0 --numeric-owner \
		--mtime="$when" -cf - | xz -6 >"$orig") ||
	fail "making $(basename "$orig") failed"

# 2. The source and binary packages.
start=$(date +%s)
(cd "$src" && dpkg-buildpackage -us -uc) >"$tmp/build.log" 2>&1 || {
	tail -n 30 "$tmp/build.log" >&2
	fail "dpkg-buildpackage failed"
}
deb=$(ls "$tmp"/fattr-dkms_*_all.deb) || fail "no .deb was built"
dsc=$(ls "$tmp"/fattr_*.dsc) || fail "no .dsc was built"
set -- "$tmp"/fattr_*.changes
{ [ $# = 1 ] && [ -f "$1" ]; } || fail "not one .changes was written: $*"
changes=$1
echo "dkms-deb: built $(basename "$dsc") and $(basename "$deb") in $(($(date +%s) - start)) s" >&2

# 3. lintian, every level.
lv=$(lintian --version | sed -n 's/^Lintian v\([0-9.]*\).*/\1/p')
# The overrides are written for the archive's lintian, unstable's
# (2.143.0 when they were): an older lintian knows neither the newest
# Standards-Version nor the tags of some overrides, and says so with
# newer-standards-version, alien-tag and unused-override, which are
# facts about that lintian, not about the package (scripts/lintian.sh
# runs unstable's, which checks all three).
# Those lines are kept, marked "ignored (older lintian):".
ignore='^[EWIPX]: [^:]*: (newer-standards-version|alien-tag|unused-override) '
dpkg --compare-versions "${lv:-0}" lt 2.143 || ignore='^$'
echo "dkms-deb: lintian $lv --pedantic --info --display-info --display-experimental --show-overrides $(basename "$changes"):" >&2
lrc=0
lintian --pedantic --info --display-info --display-experimental --show-overrides \
	"$changes" >"$tmp/lintian.raw" 2>&1 || lrc=$?
grep -v '^running with root privileges is not recommended!$' "$tmp/lintian.raw" |
	sed -E "/$ignore/s/^/ignored (older lintian): /" >"$tmp/lintian.log"
# The tags; lintian.log has their explanations and the overrides' reasons.
grep -v '^N:' "$tmp/lintian.log" | sed 's/^/  /' >&2
grep -q '^[EWIPXO]: \|^ignored' "$tmp/lintian.log" || echo "  (no tags)" >&2
# A tag of any level, but the overridden ("O:"), fails; so does lintian
# failing to run (exit 2 is errors, which the grep sees).
if grep -q '^[EWIPX]: ' "$tmp/lintian.log"; then
	fail "lintian reported tags: fix or override them, with a reason"
fi
[ $lrc = 0 ] || [ $lrc = 2 ] || fail "lintian failed (exit $lrc)"

mkdir -p "$outdir"
rm -f "$outdir"/fattr-dkms_*.deb "$outdir"/fattr_*
for f in "$deb" "$dsc" "$orig" "$tmp"/fattr_*.debian.tar.* "$tmp"/fattr_*.changes \
	 "$tmp"/fattr_*.buildinfo; do
	cp "$f" "$outdir/"
done
cp "$tmp/lintian.log" "$outdir/lintian.log"
echo "$outdir/$(basename "$deb")"
