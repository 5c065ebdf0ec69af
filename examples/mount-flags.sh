#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mount-flags.sh [-q FLAG] PATH: the flags of the mount holding PATH,
# from :mnt:mnt_attr (the MOUNT_ATTR_* mask of mount_setattr(2)), as
# words: ro nosuid nodev noexec noatime strictatime nodiratime idmap
# nosymfollow (relatime, the default, is no word).  With -q FLAG it prints
# nothing and exits 0 if the mount has FLAG, 1 if not:
#
#   $ mount-flags.sh /tmp
#   nosuid nodev
#   $ mount-flags.sh -q noexec /tmp || echo "/tmp allows exec"
#
# POSIX sh and getfattr; modprobe fattr.
q=
if [ "${1:-}" = -q ]; then
	q=${2:?usage: mount-flags.sh [-q FLAG] PATH}
	shift 2
fi
[ $# -eq 1 ] || { echo "usage: mount-flags.sh [-q FLAG] PATH" >&2; exit 2; }
a=$(getfattr --absolute-names --only-values -n :mnt:mnt_attr -- "$1") ||
	exit 2
words=
for f in ro:1 nosuid:2 nodev:4 noexec:8 noatime:16 strictatime:32 \
	 nodiratime:128 idmap:1048576 nosymfollow:2097152; do
	[ $((a & ${f#*:})) -ne 0 ] && words="$words ${f%%:*}"
done
if [ -n "$q" ]; then
	case "$words " in
	*" $q "*) exit 0 ;;
	*) exit 1 ;;
	esac
fi
echo "${words# }"
