#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mount-of.sh [-f FIELD] PATH...
#
# Which mount holds PATH, and what it is: an example of reading fattr's
# per-key names (:mnt:mountpoint, :mnt:source, ...) with getfattr(1) from
# a shell script.  POSIX sh and getfattr only: each value is one key, raw
# bytes, so there is nothing to split and nothing to unescape.  Runs
# under dash, bash and busybox sh.  Needs the fattr module loaded
# (modprobe fattr).
#
# For each PATH it prints
#
#   path: /srv/data
#   mountpoint: /srv
#   root: /data                     (the mount's root in its file system)
#   source: /dev/vdb1
#   fstype: ext4
#   readonly: yes
#   options: ro,relatime            (per-mount options)
#   superoptions: rw                (file system options)
#   propagation: shared:12          (optional fields; empty when none)
#   id: 31
#   parent: 1
#   device: 254:17
#
# or, with -f FIELD, only that field's value (one of the names above), for
# use in scripts:  [ "$(mount-of.sh -f readonly /srv)" = yes ]
#
# readonly is "yes" when writing through the mount fails with EROFS: bit
# ST_RDONLY (1) of :mnt:statfs:flags, set by statfs(2) when the mount or
# its file system is read-only.

set -u

fields="path mountpoint root source fstype readonly options superoptions propagation id parent device"

usage() {
	echo "usage: mount-of.sh [-f FIELD] PATH..." >&2
	echo "FIELD: $fields" >&2
	exit 2
}

want=
while getopts f: opt; do
	case $opt in
	f)	want=$OPTARG ;;
	*)	usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage
if [ -n "$want" ]; then
	case " $fields " in
	*" $want "*) ;;
	*) echo "mount-of.sh: unknown field '$want'" >&2; usage ;;
	esac
fi

# key PATH NAME: the value of :mnt:NAME of PATH.
key() {
	getfattr --absolute-names --only-values -n ":mnt:$2" -- "$1"
}

# show PATH FIELD: one line "FIELD: value", or the value alone with -f.
show() {
	case $2 in
	path)	v=$1 ;;
	device)	v=$(key "$1" dev) || return ;;
	readonly)
		flags=$(key "$1" statfs:flags) || return
		if [ $((flags & 1)) -ne 0 ]; then v=yes; else v=no; fi ;;
	*)	v=$(key "$1" "$2") || return ;;
	esac
	if [ -n "$want" ]; then
		printf '%s\n' "$v"
	else
		printf '%s: %s\n' "$2" "$v"
	fi
}

rc=0
for path do
	if ! key "$path" id >/dev/null; then
		echo "mount-of.sh: $path: no :mnt:id (is the fattr module loaded?)" >&2
		rc=1
		continue
	fi
	for f in ${want:-$fields}; do
		show "$path" "$f" || rc=1
	done
done
exit $rc
