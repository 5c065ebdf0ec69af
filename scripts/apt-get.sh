#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# apt-get.sh ARG...
#
# apt-get ARG... on this machine, waiting for apt's and dpkg's locks
# rather than failing at once when another apt-get, unattended-upgrades
# or apt-daily holds them.  Waits up to $FATTR_APT_LOCK_WAIT seconds
# (default 900) and says on stderr that it waits, and for whom.  apt's
# own DPkg::Lock::Timeout covers dpkg's lock for the same time once
# apt-get runs (apt 2.x; it does not cover the lists lock that
# "apt-get update" takes, hence the wait here first).  Every script of
# the project that installs packages on the host calls apt-get through
# this.

set -eu

wait=${FATTR_APT_LOCK_WAIT:-900}

# The pid holding a POSIX lock on file $1 (apt's and dpkg's locks are
# fcntl() locks: /proc/locks lists them by device and inode), or nothing.
holder() {
	[ -e "$1" ] || return 0
	ino=$(stat -L -c %i "$1") || return 0
	awk -v ino="$ino" '{
		n = split($6, f, ":");
		if (f[n] == ino) { print $5; exit }
	}' /proc/locks
}

locks="/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock
/var/lib/apt/lists/lock /var/cache/apt/archives/lock"
start=$(date +%s)
said=
while :; do
	pid=
	for l in $locks; do
		pid=$(holder "$l")
		[ -z "$pid" ] || break
	done
	[ -n "$pid" ] || break
	if [ -z "$said" ]; then
		who=$(cat "/proc/$pid/comm" 2>/dev/null || echo "?")
		echo "apt-get.sh: waiting for apt's lock $l, held by $who (pid $pid), up to ${wait} s" >&2
		said=1
	fi
	if [ $(($(date +%s) - start)) -ge "$wait" ]; then
		echo "apt-get.sh: $l still held by pid $pid after ${wait} s" >&2
		exit 100
	fi
	sleep 5
done
[ -z "$said" ] ||
	echo "apt-get.sh: the lock is free after $(($(date +%s) - start)) s" >&2

exec apt-get -o DPkg::Lock::Timeout="$wait" "$@"
