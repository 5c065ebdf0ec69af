#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# autopkgtest-vm.sh: the package's autopkgtests, run by autopkgtest
# itself as root inside the Debian 12 or 13 VM of
# scripts/autopkgtest-test.sh (which puts it on the VM's second disk as
# run.sh, with params, src/ and, for Debian 12, the .deb built on the
# host).  The VM is the testbed, so autopkgtest runs there with its null
# runner, which provides isolation-machine: the tests own the kernel.
#
#   setup       the running kernel's headers (tag 6.12: installed from
#               the image's cache); apt offline: the VM has no network,
#               and the tests' dependencies are in the image
#               (dkms-image.sh), the package under test comes from
#               autopkgtest's own local repository
#   build       (trixie only) dpkg-buildpackage -us -uc -b in a copy of
#               src/ with trixie's own tools, as dkms-vm-test.sh does
#   autopkgtest autopkgtest -B fattr-dkms_*.deb src/ -- null: the tests
#               of debian/tests/control (fattr-load) and the one autodep8
#               makes from "Testsuite: autopkgtest-pkg-dkms"
#               (dkms-autopkgtest).  --ignore-restrictions=breaks-testbed:
#               dkms-autopkgtest declares breaks-testbed, which the null
#               runner cannot revert; the VM's root disk is a snapshot,
#               thrown away when it powers off, so nothing outlives it.
#               And isolation-machine (fattr-load's), which the null
#               runner of Debian 13 no longer claims: the VM is the
#               machine
#
# Prints autopkgtest's summary lines as "FATTR-APT-SUMMARY: TEST RESULT
# ...", its exit status as "FATTR-APT-STATUS: N", the times of the steps,
# and "FATTR-APT-RESULT: PASS" if autopkgtest ran (the host judges the
# summary: scripts/autopkgtest-test.sh), FAIL if it could not.

marker=FATTR-APT
# shellcheck source=scripts/dkms-vm-lib.sh
. ./lib.sh

echo "fattr autopkgtest: Debian $(cat /etc/debian_version) ($release), kernel $rel (tag $tag), fattr $version, $(dpkg-query -W -f '${Package} ${Version}' autopkgtest), $(dpkg-query -W -f '${Package} ${Version}' autodep8), $(dkms --version 2>&1)"
echo "booted in $(cut -d' ' -f1 /proc/uptime) s; kernel command line: $(cat /proc/cmdline)"

begin setup "headers for $rel, apt offline"
if ! has_headers "$rel"; then
	run setup-headers.log apt-get -o DPkg::Lock::Timeout=600 install -y -q \
		/var/cache/fattr-debs/"$tag"/*.deb
fi
has_headers "$rel" || fail "no headers for $rel"
# Only autopkgtest's repository of the package under test: the archive
# is out of reach.  The root disk is a snapshot: this does not last.
mkdir -p /etc/apt/offline
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*; do
	[ -f "$f" ] && mv "$f" /etc/apt/offline/
done
run apt-update.log apt-get update
ok "headers: $(echo /lib/modules/*/build)"
end

build_step

begin autopkgtest "autopkgtest -B $(basename "$deb") src/ -- null"
out=$logs/autopkgtest-out
rm -rf "$out"
# The null runner of autopkgtest 5.48 and later (Debian 13's 5.49) no
# longer claims isolation-machine, which it cannot know, and 5.49's
# --fake-capability=isolation-machine trips an assertion of its own
# (downtmp_mktemp: assert downtmp_prefix is None).  Here it holds: the
# testbed is this VM; --ignore-restrictions says so to every version.
echo "     | runner: null; --ignore-restrictions=breaks-testbed,isolation-machine"
st=0
autopkgtest --output-dir "$out" --summary-file "$logs/summary" \
	--ignore-restrictions=breaks-testbed,isolation-machine \
	-B "$deb" "$here/src/" -- null >"$logs/autopkgtest.log" 2>&1 || st=$?
# What the tests printed: fattr-load's lines, dkms-autopkgtest's summary.
grep -E '^(ok   |SKIP:|FAIL:|PASS:|I: (PASS|FAIL|SKIP) )' "$logs/autopkgtest.log" |
	sed 's/^/     | /'
tail -n 15 "$logs/autopkgtest.log" | sed 's/^/     > /'
# What a test wrote on stderr (autopkgtest keeps it in TEST-stderr).
for f in "$out"/*stderr*; do
	[ -s "$f" ] || continue
	echo "     | ${f##*/}:"
	head -n 20 "$f" | sed 's/^/     ! /'
done
while IFS= read -r l; do
	echo "$marker-SUMMARY: $l"
done <"$logs/summary"
echo "$marker-STATUS: $st"
[ -s "$logs/summary" ] || fail "autopkgtest gave no summary (exit $st)"
end

check_dmesg_clean
result PASS
