#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# column.sh KEY
#
# One key of every mount of the caller's namespace in one call: an example
# of reading a column, ":mntns:all:KEY" (fattr(7)), from a shell.  The
# column holds, for each mount, two NUL-terminated strings: its id, then
# "=VALUE" or "!ERRNO".  NUL is the one byte no value holds, so bash's
# read -d '' (busybox sh's too; not dash's) splits it with nothing to
# unescape, whatever bytes a mount point or source holds.  Needs the fattr
# module loaded (modprobe fattr).
#
# Prints a line per mount, in /proc/self/mountinfo's order:
#
#   24 /                 (ID VALUE)
#   31 error ENODATA     (ID error ERRNO: the key has no value there)
#
#   $ column.sh fstype | awk '$2 == "ext4" { print $1 }'    # ext4 mounts

set -eu

[ $# -eq 1 ] || { echo "usage: column.sh KEY" >&2; exit 2; }
getfattr --absolute-names --only-values -n ":mntns:all:$1" / |
while IFS= read -r -d '' id && IFS= read -r -d '' v; do
	case $v in
	=*)	printf '%s %s\n' "$id" "${v#=}" ;;
	*)	printf '%s error %s\n' "$id" "${v#!}" ;;
	esac
done
