#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mount-changes.sh [SECONDS]: what changed in this process's mount
# namespace, each time it changes (checked every SECONDS, default 1,
# through :mntns_event), found by comparing one column,
# :mntns:all:mnt_change, and reading the records of only the mounts
# that changed (fattr(7)).  Prints, per change: "+ RECORD" for a mount
# added, "- RECORD" for one gone (the record it had), "~ RECORD" for one
# whose record changed, then ".".  bash (read -d ''; busybox sh's
# too), awk and getfattr; modprobe fattr.  What mnt_change does not
# cover (fattr(7)) this does not see.  examples/mount-changes.c is the
# same in C, woken by poll(2) on mountinfo.
#
#   $ mount-changes.sh &  mount -t tmpfs t /mnt
#   + 412 24 0:93 / /mnt rw,relatime shared:301 - tmpfs t rw,inode64
#   .

set -eu

every=${1:-1}
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
trap 'exit 1' INT TERM

fget() {
	getfattr --absolute-names --only-values -n "$1" / 2>/dev/null
}

# "ID CHANGE" per mount.
changes() {
	fget :mntns:all:mnt_change |
	while IFS= read -r -d '' id && IFS= read -r -d '' v; do
		printf '%s %s\n' "$id" "${v#=}"
	done
}

# Keeps the record of mount $1 in $state/rec.$1; fails if it is gone.
keep() {
	fget ":mntns:$1:info" >"$state/new.$1" || {
		rm -f "$state/new.$1"
		return 1
	}
	mv "$state/new.$1" "$state/rec.$1"
}

# "$1 RECORD": the record in file $2 (a newline ends it), if there is one.
show() {
	[ -s "$2" ] || return 0
	printf '%s ' "$1"
	cat "$2"
}

last=$(fget :mntns_event)
changes >"$state/old"
# Every record, from one read of the record column.
fget :mntns:all:info |
while IFS= read -r -d '' id && IFS= read -r -d '' v; do
	case $v in
	=*)	printf '%s' "${v#=}" >"$state/rec.$id" ;;
	esac
done
while :; do
	now=$(fget :mntns_event)
	if [ "$now" = "$last" ]; then
		sleep "$every"
		continue
	fi
	last=$now
	changes >"$state/now"
	# "gone ID", "new ID" or "changed ID" per mount, old against now.
	awk 'NR == FNR { old[$1] = $2; next }
	     !($1 in old) { print "new", $1; next }
	     old[$1] != $2 { print "changed", $1 }
	     { delete old[$1] }
	     END { for (id in old) print "gone", id }' \
		"$state/old" "$state/now" >"$state/diff"
	while read -r what id; do
		case $what in
		gone)	show - "$state/rec.$id"
			rm -f "$state/rec.$id" ;;
		new)	! keep "$id" || show + "$state/rec.$id" ;;
		changed)
			cp "$state/rec.$id" "$state/was" 2>/dev/null ||
				: >"$state/was"
			if keep "$id"; then
				cmp -s "$state/was" "$state/rec.$id" ||
					show '~' "$state/rec.$id"
			else
				show - "$state/was"
				rm -f "$state/rec.$id"
			fi ;;
		esac
	done <"$state/diff"
	# The mounts under one that changed or is new: a move moves their
	# mount points too, not their mnt_change.  Their records again.
	if grep -q '^changed\|^new' "$state/diff"; then
		for f in "$state"/rec.*; do
			[ -f "$f" ] && head -n 1 "$f"
		done | awk 'NR == FNR { if ($1 != "gone") c[$2] = 1; next }
			{ up[$1] = $2 }
			function under(id, n) {
				for (n = 0; n < 4096 && (id in up) && up[id] != id; n++) {
					id = up[id]
					if (id in c)
						return 1
				}
				return 0
			}
			END { for (id in up) if (!(id in c) && under(id)) print id }' \
			"$state/diff" - >"$state/under"
		while read -r id; do
			cp "$state/rec.$id" "$state/was"
			if keep "$id" && ! cmp -s "$state/was" "$state/rec.$id"; then
				show '~' "$state/rec.$id"
			fi
		done <"$state/under"
	fi
	mv "$state/now" "$state/old"
	echo .
done
