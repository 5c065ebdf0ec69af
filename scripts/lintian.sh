#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# lintian.sh [SUITE...]
#
# The fattr source package and fattr-dkms_*.deb, built by
# scripts/dkms-deb.sh (which checks them with this machine's lintian,
# Debian 12's), checked again by the lintian of each SUITE (default:
# trixie sid, i.e. Debian 13 and unstable, whose lintian the archive
# runs) in its chroot (scripts/debian-chroot.sh SUITE lintian), with the
# same options: --pedantic --info --display-info --display-experimental
# --show-overrides; in all but sid's, newer-standards-version, alien-tag
# and unused-override are ignored, marked as such (see dkms-deb.sh).
# Prints each lintian's tags ("O:" for the overridden ones) and a
# summary line per lintian; fails if any lintian shows a tag that is
# neither overridden nor ignored.  Run as root on Debian 12.

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- trixie sid

fail() {
	echo "lintian: $*" >&2
	exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sh "$top/scripts/dkms-deb.sh" "$work/out" >/dev/null 2>"$work/deb.log" || {
	cat "$work/deb.log" >&2
	fail "scripts/dkms-deb.sh failed"
}
# shellcheck disable=SC2012
changes=$(ls "$work"/out/fattr_*.changes | head -n 1)
[ -f "$changes" ] || fail "no .changes"

summary() { # WHO LOG
	n=$(grep -c '^[EWIPX]: ' "$2" || true)
	o=$(grep -c '^O: ' "$2" || true)
	i=$(grep -c '^ignored (older lintian): ' "$2" || true)
	tags=$(sed -n -E 's/^([EWIPXO]): [^:]*: ([^ ]+).*/\1 \2/p' "$2" | sort -u |
		tr '\n' ',' | sed 's/,$//; s/,/, /g')
	echo "lintian: $1: $n tags, $o overridden, $i ignored${tags:+ ($tags)}"
}

rc=0
v=$(lintian --version | sed 's/^Lintian v//')
sed -n 's/^  //p' "$work/deb.log" >"$work/bookworm.log"
sed -n '/^  /!p' "$work/deb.log" | grep -v '^dkms-deb: built' >&2 || true
echo "lintian $v (Debian $(cat /etc/debian_version), this machine):"
grep -v '^N: ' "$work/bookworm.log" || echo "  (no tags)"
summary "$v (Debian 12)" "$work/bookworm.log"

for suite in "$@"; do
	root=$(sh "$top/scripts/debian-chroot.sh" "$suite" lintian | tail -n 1) ||
		fail "no $suite chroot with lintian"
	# The overrides are written for unstable's lintian, the archive's:
	# an older one (trixie's knows Standards-Version 4.7.2 and not some
	# overridden tags) says newer-standards-version, alien-tag and
	# unused-override about itself, not the package; unstable's checks
	# all three.
	ignore='^[EWIPX]: [^:]*: (newer-standards-version|alien-tag|unused-override) '
	[ "$suite" != sid ] || ignore='^$'
	in=$(mktemp -d "$root/tmp/fattr-lintian.XXXXXX")
	cp "$work"/out/fattr* "$in/"
	lrc=0
	sh "$top/scripts/chroot-run.sh" "$root" sh -c \
		'cd "$1" && lintian --pedantic --info --display-info --display-experimental --show-overrides "$2"' \
		sh "${in#"$root"}" "$(basename "$changes")" >"$work/$suite.raw" 2>&1 || lrc=$?
	grep -v '^running with root privileges is not recommended!$' "$work/$suite.raw" |
		sed -E "/$ignore/s/^/ignored (older lintian): /" >"$work/$suite.log"
	v=$(sh "$top/scripts/chroot-run.sh" "$root" lintian --version | sed 's/^Lintian v//')
	rm -rf "$in"
	echo "lintian $v (Debian $suite, in $root):"
	grep -v '^N: ' "$work/$suite.log" || echo "  (no tags)"
	summary "$v ($suite)" "$work/$suite.log"
	if grep -q '^[EWIPX]: ' "$work/$suite.log"; then
		grep '^N: ' "$work/$suite.log" | head -n 40 >&2
		echo "lintian: $suite's lintian reported tags" >&2
		rc=1
	elif [ $lrc != 0 ] && [ $lrc != 2 ]; then
		echo "lintian: $suite's lintian failed (exit $lrc)" >&2
		rc=1
	fi
done
exit $rc
