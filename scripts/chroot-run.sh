#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# chroot-run.sh ROOT CMD [ARG...]
#
# Runs CMD inside the chroot ROOT (made by debian-chroot.sh), as root,
# with /proc mounted there (objtool and some maintainer scripts need it)
# and a clean environment; unmounts /proc however CMD ends.  Exits with
# CMD's status.  Runs at the same time are safe: each stacks its own
# /proc mount on ROOT/proc and takes exactly one off.

set -eu

root=${1:?usage: chroot-run.sh ROOT CMD [ARG...]}
shift
[ $# -gt 0 ] || { echo "usage: chroot-run.sh ROOT CMD [ARG...]" >&2; exit 2; }
[ -x "$root/bin/sh" ] || { echo "chroot-run: no system at $root" >&2; exit 1; }

mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

rc=0
chroot "$root" /usr/bin/env -i HOME=/root LC_ALL=C.UTF-8 \
	PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
	"$@" || rc=$?
exit "$rc"
