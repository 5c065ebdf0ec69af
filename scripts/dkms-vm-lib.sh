# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-vm-lib.sh: what the in-VM scenarios dkms-vm-test.sh and
# sb-vm-test.sh share.  Sourced (as lib.sh on the test disk) from the
# test disk's directory, which holds params (tag=, other=, version=,
# release=) and src/, the tree.  Sets rel (the running kernel), logs/
# and examples; the caller sets marker (FATTR-DKMS or FATTR-SB), the
# prefix of its result lines.

set -u
: "${marker:?the scenario sets marker}"
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

here=$(pwd)
# shellcheck disable=SC2034 # other: for the scenarios
tag='' other='' version='' release=''
# shellcheck source=/dev/null
. "$here/params"		# tag=, other=, version=, release=
rel=$(uname -r)
logs=$here/logs
mkdir -p "$logs"
# shellcheck disable=SC2034 # for the scenarios
examples=/usr/share/doc/fattr-dkms/examples

t_all=$(date +%s)
timings=
step=none
step_t=$t_all

begin() {
	step=$1
	step_t=$(date +%s)
	echo "=== $step: $2"
}
end() {
	d=$(($(date +%s) - step_t))
	timings="$timings $step=${d}s"
	echo "--- $step: ${d} s"
}
ok() {
	echo "ok   $*"
}
# The last lines of a run: the times of the steps and the result.
result() { # PASS|FAIL
	echo "$marker-TIMES:$timings total=$(($(date +%s) - t_all))s"
	echo "$marker-RESULT: $1"
}
fail() {
	echo "FAIL [$step, $release $tag] $*"
	result FAIL
	exit 1
}
# run LOG CMD...: CMD's output goes to logs/LOG, shown if it fails.
run() {
	l=$logs/$1
	shift
	t=$(date +%s)
	if ! "$@" >"$l" 2>&1; then
		echo "run  $*"
		tail -n 40 "$l" | sed 's/^/     | /'
		fail "$* exited non-zero"
	fi
	echo "run  $* ($(($(date +%s) - t)) s)"
}
# The packages in a directory of .debs.
packages_of() {
	for d in "$1"/*.deb; do dpkg-deb -f "$d" Package; done
}
has_headers() {
	[ -e "/lib/modules/$1/build/include" ]
}
fattr_files() {
	find /lib/modules -name 'fattr.ko*'
}
# The kernel other than the running one in /lib/modules.
other_release() {
	for k in /lib/modules/*; do
		k=${k##*/}
		[ "$k" = "$rel" ] || echo "$k"
	done | head -n 1
}

# getfattr's :mnt:info of PATH is, byte for byte, the last record of
# /proc/self/mountinfo whose mount point is PATH (PATH a mount point).
check_mnt_info() {
	getfattr --only-values -n :mnt:info "$1" >"$logs/got" 2>"$logs/got.err" ||
		fail "getfattr -n :mnt:info $1: $(cat "$logs/got.err")"
	awk -v p="$1" '$5 == p { r = $0 } END { print r }' /proc/self/mountinfo \
		>"$logs/want"
	cmp -s "$logs/got" "$logs/want" ||
		fail "getfattr :mnt:info $1 = '$(cat "$logs/got")', mountinfo has '$(cat "$logs/want")'"
	ok ":mnt:info $1 = $(cat "$logs/got")"
}

# Debian 13 (trixie) builds the package in the VM from src/, with the
# release's own dpkg-dev, debhelper and dh-dkms (in the image: the VM has
# no network).  Debian 12 has it on the test disk, built on the host.
# Sets deb to the package's path.
package_deb() {
	if [ "$release" != trixie ]; then
		set -- "$here"/fattr-dkms_*_all.deb
		deb=$1
		return
	fi
	b=$(mktemp -d /var/tmp/fattr-build.XXXXXX) || fail "mktemp failed"
	cp -a "$here/src" "$b/fattr-$version" || fail "copying src/ failed"
	(cd "$b/fattr-$version" && dpkg-buildpackage -us -uc -b) \
		>"$logs/dpkg-buildpackage.log" 2>&1 ||
		fail "dpkg-buildpackage failed: $(tail -n 20 "$logs/dpkg-buildpackage.log")"
	set -- "$b"/fattr-dkms_*_all.deb
	if [ $# != 1 ] || [ ! -f "$1" ]; then
		fail "dpkg-buildpackage made no single fattr-dkms_*_all.deb: $*"
	fi
	dpkg-deb -c "$1" | awk '{ print $NF }' |
		grep -q '^\./usr/src/fattr-'"$version"'/dkms\.conf$' ||
		fail "$(basename "$1") has no /usr/src/fattr-$version/dkms.conf"
	deb=$1
	ok "built $(basename "$deb") with $(dpkg-query -W -f '${Package} ${Version}' dpkg-dev), $(dpkg-query -W -f '${Package} ${Version}' debhelper), $(dpkg-query -W -f '${Package} ${Version}' dh-dkms)"
}

# The step build on trixie, which makes the package in the VM; on
# Debian 12 the package is the one on the test disk.  Sets deb.
build_step() {
	if [ "$release" = trixie ]; then
		begin build "dpkg-buildpackage -us -uc -b on Debian $(cat /etc/debian_version)"
		package_deb
		end
	else
		package_deb
	fi
}

# The kernel complained (a warning, a BUG, an oops) since it booted.
check_dmesg_clean() {
	if dmesg | grep -Eq 'WARNING:|BUG:|Oops|Call Trace'; then
		dmesg | grep -E -A5 'WARNING:|BUG:|Oops' | head -n 20
		fail "the kernel complained"
	fi
}
