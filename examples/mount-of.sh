#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mount-of.sh [-f FIELD] PATH...
#
# Which mount holds PATH, and what it is: an example of reading fattr's
# :mnt:info with getfattr(1) from a shell script.  POSIX sh, getfattr and
# awk; runs under dash, bash and busybox sh.  Needs the fattr module
# loaded (modprobe fattr).
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
# readonly is "yes" when writing through the mount fails with EROFS:
# when the mount is read-only ("ro" in its options, field 6 of the
# record) or its file system is ("ro" in the super options).
#
# The value of :mnt:info is the mount's line of /proc/self/mountinfo
# (proc(5)):
#
#   ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS
#
# Fields are separated by single spaces (SOURCE may be empty); space, tab,
# newline, backslash and '#' inside a field are written in octal (\040,
# \011, \012, \134, \043), which this script decodes.

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

rc=0
for path do
	# Raw value, no encoding: one line, the record.
	if ! rec=$(getfattr --absolute-names --only-values -n :mnt:info -- "$path"); then
		echo "mount-of.sh: $path: no :mnt:info (is the fattr module loaded?)" >&2
		rc=1
		continue
	fi
	printf '%s\n' "$rec" | awk -v path="$path" -v want="$want" '
	# \NNN (octal) back to the byte it stands for.
	function unescape(s,   out, i, c) {
		out = ""
		while ((i = index(s, "\\")) > 0) {
			out = out substr(s, 1, i - 1)
			c = substr(s, i + 1, 3)
			if (c ~ /^[0-7][0-7][0-7]$/) {
				out = out sprintf("%c", substr(c, 1, 1) * 64 + \
					substr(c, 2, 1) * 8 + substr(c, 3, 1))
				s = substr(s, i + 4)
			} else {
				out = out "\\"
				s = substr(s, i + 1)
			}
		}
		return out s
	}
	function show(name, value) {
		if (want == "")
			printf "%s: %s\n", name, value
		else if (want == name)
			print value
	}
	NR == 1 {
		n = split($0, f, /[ ]/)
		# The optional fields end at the lone "-", field 7 or later.
		for (sep = 7; sep <= n && f[sep] != "-"; sep++)
			;
		if (n < 6 || sep + 3 != n) {
			print "mount-of.sh: " path ": not a mountinfo record: " $0 \
				>"/dev/stderr"
			exit 1
		}
		prop = ""
		for (i = 7; i < sep; i++)
			prop = prop (i > 7 ? " " : "") f[i]
		ro = ("," f[6] ",") ~ /,ro,/ || ("," f[n] ",") ~ /,ro,/
		show("path", path)
		show("mountpoint", unescape(f[5]))
		show("root", unescape(f[4]))
		show("source", unescape(f[sep + 2]))
		show("fstype", unescape(f[sep + 1]))
		show("readonly", ro ? "yes" : "no")
		show("options", f[6])
		show("superoptions", unescape(f[n]))
		show("propagation", prop)
		show("id", f[1])
		show("parent", f[2])
		show("device", f[3])
	}' || rc=1
done
exit $rc
