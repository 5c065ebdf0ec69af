#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Confined callers, inside the test VM (run by vm-check.sh; alone by
# `scripts/vm-test.sh TAG confined`).  fattr must answer a caller exactly
# when the caller may open its own /proc/self/mountinfo, and fail with
# EACCES when that open fails with EACCES.  test/fattr-confined checks
# that rule (see test/confined.c), in turn:
#
#   unconfined:      as root, unconfined;
#   landlock-allow:  Landlock granting reads beneath "/";
#   landlock-noproc: Landlock granting reads beneath all but /proc;
#   landlock-proconly: Landlock granting reads beneath /proc only
#   landlock-chroot: as landlock-noproc, chrooted where there is no /proc
#   landlock-allow-chroot: as landlock-allow, chrooted there
#                    (the Landlock cases only where the kernel has it:
#                    5.13 and later);
#   chroot:          as root, unconfined, chrooted there: EACCES (no
#                    mountinfo of its own to read);
#   apparmor-allow:  AppArmor profile fattr-confined-allow, which allows
#                    @{PROC}/@{pid}/mountinfo r (and what the binary
#                    needs);
#   apparmor-deny:   fattr-confined-deny, the same without that rule;
#   apparmor-chroot: fattr-confined-disconnected, as container profiles
#                    are (docker-default, LXC, snap): attach_disconnected,
#                    every file readable but the caller's mountinfo
#                    (deny rules), sys_chroot; chrooted where there is no
#                    /proc: EACCES.
#
# The profiles are loaded with Debian's apparmor_parser (securityfs is
# mounted here if need be); what AppArmor denied is shown after.  Exits
# non-zero if any case failed.

bin=/test/fattr-confined
out=/tmp/fattr-confined.out
sec=/sys/kernel/security
passed=0
nfailed=0
failed=
status=0

# case NAME COMMAND...: runs COMMAND, its output indented.
run_case() {
	name=$1
	shift
	echo "fattr-confined: case $name"
	"$@" </dev/null >$out 2>&1
	rc=$?
	sed 's/^/  /' $out
	if [ $rc = 0 ]; then
		passed=$((passed + 1))
	else
		failed="$failed $name"
		nfailed=$((nfailed + 1))
		status=1
	fi
}

# fail NAME WHY: a case that could not run.
fail_case() {
	echo "fattr-confined: case $1: FAIL: $2"
	failed="$failed $1"
	nfailed=$((nfailed + 1))
	status=1
}

# The profiles: allow and deny differ in the mountinfo rule only.  The
# output file and /dev/null are the files the binary inherits.
profile() {
	cat <<EOF
profile fattr-confined-$1 {
  $bin rm,
  /dev/null rw,
  $out w,
  @{PROC}/@{pid}/attr/{,apparmor/}current r,
EOF
	[ "$1" != allow ] || echo "  @{PROC}/@{pid}/mountinfo r,"
	echo "}"
}

# The profile of a container: attach_disconnected names a path outside
# the namespace's tree (fattr's private procfs instance) as if it hung
# from "/", where "/** r" matches it.
disconnected_profile() {
	cat <<EOF
profile fattr-confined-disconnected flags=(attach_disconnected) {
  $bin rm,
  /** r,
  /dev/null rw,
  $out w,
  capability sys_chroot,
  deny @{PROC}/@{pid}/mountinfo r,
  deny @{PROC}/@{pid}/task/@{pid}/mountinfo r,
}
EOF
}

run_case unconfined $bin check allow
run_case chroot $bin chroot
# Landlock came in 5.13: a kernel without its syscalls (5.10) skips
# these cases; one that has them and refuses is a failure.
if grep -q '_sys_landlock_create_ruleset$' /proc/kallsyms; then
	run_case landlock-allow $bin landlock-allow
	run_case landlock-noproc $bin landlock-noproc
	run_case landlock-proconly $bin landlock-proconly
	run_case landlock-chroot $bin landlock-chroot
	run_case landlock-allow-chroot $bin landlock-allow-chroot
else
	echo "fattr-confined: Landlock cases skipped: no Landlock in this kernel"
fi

echo "fattr-vm: confined: mark" >/dev/kmsg
[ -d $sec/apparmor ] || mount -t securityfs securityfs $sec
aa=
if [ "$(cat /sys/module/apparmor/parameters/enabled 2>/dev/null)" != Y ]
then
	aa="AppArmor is not enabled in this kernel"
elif [ ! -d $sec/apparmor ]; then
	aa="no $sec/apparmor"
elif ! command -v apparmor_parser >/dev/null; then
	aa="no apparmor_parser in the image"
else
	{
		echo "#include <tunables/global>"
		profile allow
		profile deny
		disconnected_profile
	} >/tmp/fattr-confined.aa
	if ! apparmor_parser -r -K /tmp/fattr-confined.aa; then
		aa="apparmor_parser failed"
	else
		grep '^fattr-confined' $sec/apparmor/profiles | sed 's/^/  /'
	fi
fi
for p in allow deny; do
	if [ -n "$aa" ]; then
		fail_case apparmor-$p "$aa"
	else
		run_case apparmor-$p $bin apparmor fattr-confined-$p $p
	fi
done
if [ -n "$aa" ]; then
	fail_case apparmor-chroot "$aa"
else
	run_case apparmor-chroot $bin apparmor-chroot \
		fattr-confined-disconnected
fi
# What AppArmor refused, by name (fattr's own opens included; printk's
# rate limit may drop some).
dmesg | sed -n '/fattr-vm: confined: mark/,$p' |
	sed -n 's/.*apparmor="DENIED" \(.*\) pid=[0-9]* /\1 /p' |
	sort -u | sed 's/^/  denied: /'

n=$((passed + nfailed))
if [ $status = 0 ]; then
	echo "fattr-confined: all $n cases passed"
else
	echo "fattr-confined: $passed of $n cases passed; failed:$failed"
fi
exit $status
