#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# newest-kernel.sh FLAVOR
#
# Prints "SUITE VERSION SYSTEM": the suite among sid, trixie-backports
# and experimental whose linux-image-FLAVOR (amd64, rt-amd64,
# cloud-amd64, arm64, riscv64, powerpc64le, ...) has the highest version
# today, that version, and the Debian release whose chroot
# (scripts/debian-chroot.sh) builds for that suite's kernels: trixie for
# trixie-backports, else sid.
# "Newest" is decided by the package versions (dpkg --compare-versions),
# so that an experimental release candidate loses to a released backport.
#
# Reads the three suites' package lists with this machine's apt, from the
# mirror it uses for bookworm, into $FATTR_CACHE/apt-newest (apt's own
# sources, lists and caches are left alone).

set -eu

flavor=${1:?usage: newest-kernel.sh FLAVOR}
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/apt-newest
suites="sid trixie-backports experimental"

fail() {
	echo "newest-kernel: $*" >&2
	exit 1
}

. "$(dirname "$0")/arch.sh"
arch=$(arch_of_flavor "$flavor")
# The architectures of every kernel tag (fetch-kernel.sh), so that the
# lists stay the same whichever flavor asks.
archs=amd64,arm64,riscv64,ppc64el,s390x

m=$("$(dirname "$0")/mirror.sh") || fail "no mirror to ask"
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
for s in $suites; do
	echo "deb [arch=$archs] $m $s main"
done >"$dir/sources.list"

# apt, reading only these sources, into $dir.
apt_() {
	cmd=$1
	shift
	"$cmd" -o Dir::Etc::SourceList="$dir/sources.list" \
		-o Dir::Etc::SourceParts=/nonexistent \
		-o Dir::State::Lists="$dir/lists" \
		-o Dir::Cache="$dir/cache" \
		-o APT::Architectures::=amd64 -o APT::Architectures::=arm64 \
		-o APT::Architectures::=riscv64 -o APT::Architectures::=ppc64el \
		-o APT::Architectures::=s390x \
		-o Debug::NoLocking=1 "$@"
}

apt_ apt-get update -q >"$dir/update.log" 2>&1 || {
	tail -n 10 "$dir/update.log" >&2
	fail "apt-get update of $suites failed"
}

# madison: "linux-image-arm64 | 7.3.4-1~bpo13+1 | MIRROR trixie-backports/main arm64 Packages"
best=
bestv=
for s in $suites; do
	v=$(apt_ apt-cache madison "linux-image-$flavor:$arch" 2>/dev/null |
		awk -F' [|] ' -v s="$s/main" -v a="$arch" \
			'index($3, " " s " " a " ") { print $2 }' | head -n 1)
	[ -n "$v" ] || continue
	if [ -z "$bestv" ] || dpkg --compare-versions "$v" gt "$bestv"; then
		best=$s
		bestv=$v
	fi
done
[ -n "$best" ] || fail "no linux-image-$flavor in any of $suites"
case $best in
trixie-backports) system=trixie ;;
*) system=sid ;;
esac
echo "$best $bestv $system"
