#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# getfattr-test.sh: fattr as shell scripts use it, through Debian's
# getfattr and setfattr (POSIX sh; runs under busybox in the test VM, as
# root, with fattr loaded).  Every expected value is read from
# /proc/self/mountinfo when it is compared, or is the fixed folder value.
# Prints "getfattr-test: N passed, M failed"; exits non-zero if M > 0.

pass=0
fail=0
tmp=$(mktemp -d /tmp/getfattr-test.XXXXXX) || exit 1
mounted=

ok() {
	pass=$((pass + 1))
}

bad() {
	fail=$((fail + 1))
	echo "getfattr-test: FAIL: $*"
}

cleanup() {
	for m in $mounted; do
		umount "$m" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

# The mountinfo record of the mount whose mount point is $1 (the topmost
# one where several are stacked), newline included.
record_of() {
	awk -v p="$1" '$5 == p { line = $0 } END { if (line != "") print line }' \
		/proc/self/mountinfo
}

# :mnt:info of mount point $1 equals its record, and so does
# :mntns:ID:info with the record's id.
check_record() {
	record_of "$1" >"$tmp/want"
	if [ ! -s "$tmp/want" ]; then
		bad "$1: no mountinfo record (not a mount point?)"
		return
	fi
	if ! getfattr --only-values -n :mnt:info "$1" >"$tmp/got" \
	     2>"$tmp/err"; then
		bad "$1: getfattr -n :mnt:info failed: $(cat "$tmp/err")"
	elif cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		bad "$1: :mnt:info is '$(cat "$tmp/got")'," \
		    "mountinfo says '$(cat "$tmp/want")'"
	fi
	id=$(awk '{ print $1 }' "$tmp/want")
	if getfattr --only-values -n ":mntns:$id:info" / >"$tmp/got" \
	   2>"$tmp/err" && cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		bad "$1: :mntns:$id:info is '$(cat "$tmp/got")'," \
		    "mountinfo says '$(cat "$tmp/want")' $(cat "$tmp/err")"
	fi
}

# A tmpfs and a bind mount of one of its subdirectories.
mkdir -p "$tmp/fs" "$tmp/bind"
if mount -t tmpfs getfattr-test "$tmp/fs"; then
	mounted="$tmp/fs $mounted"
	ok
else
	bad "cannot mount a tmpfs on $tmp/fs"
fi
mkdir -p "$tmp/fs/sub"
if mount -o bind "$tmp/fs/sub" "$tmp/bind"; then
	mounted="$tmp/bind $mounted"
	ok
else
	bad "cannot bind $tmp/fs/sub on $tmp/bind"
fi

checked=0
for p in / /proc /tmp /sys /dev "$tmp/fs" "$tmp/bind"; do
	[ -n "$(record_of "$p")" ] || continue
	check_record "$p"
	checked=$((checked + 1))
done
# Guard: the mounts above were found (/, /proc, /tmp, and ours at least).
if [ "$checked" -ge 5 ]; then
	ok
else
	bad "only $checked mount points found in mountinfo"
fi

# The bind mount's record has the subdirectory as its root (field 4).
if [ "$(record_of "$tmp/bind" | awk '{ print $4 }')" = /sub ]; then
	ok
else
	bad "bind mount: root field is not /sub"
fi

# :mntns: lists the id column of mountinfo, each as "ID:" and a NUL.
awk '{ print $1 ":" }' /proc/self/mountinfo >"$tmp/want"
getfattr --only-values -n :mntns: / 2>/dev/null | tr '\0' '\n' >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then
	ok
else
	bad ":mntns: is '$(cat "$tmp/got")', ids are '$(cat "$tmp/want")'"
fi

# The root folder, raw and as getfattr -e text renders it (rendered the
# same way from the same bytes stored as an ordinary xattr).
printf 'mnt:\000mntns:\000mntns_event\000' >"$tmp/want"
getfattr --only-values -n : / >"$tmp/got" 2>/dev/null
if cmp -s "$tmp/want" "$tmp/got"; then
	ok
else
	bad "':' is not mnt:\\0mntns:\\0mntns_event\\0"
fi
touch "$tmp/fs/file"
ns=user
setfattr -n user.x -v 1 "$tmp/fs/file" 2>/dev/null || ns=trusted
setfattr -n $ns.t -v 0x6d6e743a006d6e746e733a006d6e746e735f6576656e7400 "$tmp/fs/file"
want=$(getfattr -e text -n $ns.t "$tmp/fs/file" 2>/dev/null |
       sed -n "s/^$ns\\.t=//p")
got=$(getfattr -e text -n : / 2>/dev/null | sed -n 's/^:=//p')
if [ -n "$want" ] && [ "$want" = "$got" ]; then
	ok
else
	bad "getfattr -e text -n : / gives '$got', expected '$want'"
fi

# Ordinary xattrs still work on tmpfs.
setfattr -n $ns.x -v 1 "$tmp/fs/file"
if [ "$(getfattr --only-values -n $ns.x "$tmp/fs/file" 2>/dev/null)" = 1 ]; then
	ok
else
	bad "setfattr/getfattr $ns.x on tmpfs"
fi

# getfattr -d never shows ':' names, and still shows ordinary ones.
for p in / /tmp "$tmp/fs" "$tmp/fs/file"; do
	if getfattr -d -m - "$p" 2>/dev/null | grep -q '^:'; then
		bad "getfattr -d -m - $p shows a ':' name"
	else
		ok
	fi
done
if getfattr -d -m - "$tmp/fs/file" 2>/dev/null | grep -q "^$ns\\.x="; then
	ok
else
	bad "getfattr -d -m - does not show $ns.x"
fi

# One value per key.  The value of key $2 derived from record $1 (a file
# holding it): fields split as mountinfo(5) says, strings unescaped but
# superoptions, which stay as the record has them (fattr(7)).
key_of() {
	awk -v k="$2" '{
		n = 7
		prop = ""
		while ($n != "-") {
			prop = prop (prop == "" ? "" : " ") $n
			n++
		}
		if (k == "id") v = $1
		else if (k == "parent") v = $2
		else if (k == "dev") v = $3
		else if (k == "root") v = $4
		else if (k == "mountpoint") v = $5
		else if (k == "options") v = $6
		else if (k == "propagation") v = prop
		else if (k == "fstype") v = $(n + 1)
		else if (k == "source") v = $(n + 2)
		else if (k == "superoptions") v = $(n + 3)
		printf "%s", v
	}' "$1" >"$tmp/raw"
	if [ "$2" = superoptions ]; then
		cat "$tmp/raw"
	else
		sed 's/\\\([0-7][0-7][0-7]\)/\\0\1/g' "$tmp/raw" >"$tmp/esc"
		printf '%b' "$(cat "$tmp/esc")"
	fi
}

# Every key of mount point $1, by path and by id, with getfattr.
check_keys() {
	# awk -v undoes one level of backslashes: \\040 reaches it as \040.
	record_of "$(printf '%s' "$1" | sed 's/ /\\\\040/g')" >"$tmp/rec"
	id=$(awk '{ print $1 }' "$tmp/rec")
	for k in id parent dev root mountpoint options propagation fstype \
		 source superoptions; do
		key_of "$tmp/rec" $k >"$tmp/want"
		for n in ":mnt:$k" ":mntns:$id:$k"; do
			if getfattr --only-values -n "$n" "$1" >"$tmp/got" \
			   2>"$tmp/err" && cmp -s "$tmp/want" "$tmp/got"; then
				ok
			else
				bad "$1: $n is '$(cat "$tmp/got")', mountinfo" \
				    "says '$(cat "$tmp/want")' $(cat "$tmp/err")"
			fi
		done
	done
	# unique_id: listed exactly where it is served, then a number.
	if getfattr --only-values -n :mnt:unique_id "$1" >"$tmp/got" \
	   2>/dev/null; then
		listed=$(getfattr --only-values -n :mnt: "$1" | tr '\0' '\n' |
			 grep -c '^unique_id$')
		if [ "$listed" = 1 ] && grep -qE '^[1-9][0-9]*$' "$tmp/got"
		then
			ok
		else
			bad "$1: :mnt:unique_id '$(cat "$tmp/got")', listed $listed"
		fi
	elif getfattr --only-values -n :mnt: "$1" | tr '\0' '\n' |
	     grep -q '^unique_id$'; then
		bad "$1: unique_id listed but not served"
	else
		ok
	fi
}

# statfs: figures of a quiet mount $1 against busybox stat -f.
check_statfs() {
	set -- "$1" type "$(printf '%d' 0x$(stat -f -c %t "$1"))" \
		bsize "$(stat -f -c %s "$1")" blocks "$(stat -f -c %b "$1")" \
		bfree "$(stat -f -c %f "$1")" bavail "$(stat -f -c %a "$1")" \
		files "$(stat -f -c %c "$1")" ffree "$(stat -f -c %d "$1")" \
		namelen "$(stat -f -c %l "$1")"
	p=$1
	shift
	while [ $# -ge 2 ]; do
		got=$(getfattr --absolute-names --only-values -n ":mnt:statfs:$1" "$p" 2>&1)
		if [ "$got" = "$2" ]; then
			ok
		else
			bad "$p: :mnt:statfs:$1 is '$got', statfs says '$2'"
		fi
		shift 2
	done
}

mkdir -p "$tmp/sp ace"
if mount -t tmpfs "getfattr test" "$tmp/sp ace"; then
	ok
else
	bad "cannot mount a tmpfs on '$tmp/sp ace'"
fi
for p in / /proc "$tmp/fs" "$tmp/bind" "$tmp/sp ace"; do
	check_keys "$p"
done
for p in /proc /sys "$tmp/fs"; do
	check_statfs "$p"
done
# The real file systems of vm-realfs.sh, where it ran: every key of each
# (by path and by id); their statfs figures are check_realfs.c's.
if [ -f /realfs/mounts ]; then
	tab=$(printf '\t')
	while IFS=$tab read -r _ _ p _; do
		check_keys "$p"
	done </realfs/mounts
fi

# The examples (examples/, copied to the VM's /test): mount-of.sh against
# the keys' own sources, where.sh against mountinfo and stat -f.
ex=$(dirname "$0")
if [ -f "$ex/mount-of.sh" ]; then
	mkdir -p "$tmp/robind"
	mount -o bind "$tmp/fs" "$tmp/robind" &&
		mount -o remount,bind,ro "$tmp/robind"
	for c in "/proc mountpoint /proc" "/proc fstype proc" \
		 "/proc readonly no" "$tmp/robind readonly yes" \
		 "$tmp/fs readonly no" "$tmp/bind root /sub" \
		 "$tmp/bind source getfattr-test"; do
		set -- $c
		got=$(sh "$ex/mount-of.sh" -f "$2" "$1" 2>&1)
		if [ "$got" = "$3" ]; then
			ok
		else
			bad "mount-of.sh -f $2 $1 = '$got', want '$3'"
		fi
	done
	got=$(sh "$ex/mount-of.sh" "$tmp/sp ace" 2>&1 | sed -n 's/^source: //p')
	if [ "$got" = "getfattr test" ]; then
		ok
	else
		bad "mount-of.sh '$tmp/sp ace': source '$got'"
	fi
	umount "$tmp/robind" 2>/dev/null
	free=$(( $(stat -f -c %a "$tmp/fs") * $(stat -f -c %S "$tmp/fs") / 1024 ))
	size=$(( $(stat -f -c %b "$tmp/fs") * $(stat -f -c %S "$tmp/fs") / 1024 ))
	want="$tmp/fs: $tmp/fs getfattr-test tmpfs $free KiB free of $size KiB"
	got=$(sh "$ex/where.sh" "$tmp/fs" 2>&1)
	if [ "$got" = "$want" ]; then
		ok
	else
		bad "where.sh $tmp/fs = '$got', want '$want'"
	fi
	# mount-flags.sh: the flags of mounts as made.
	mkdir -p "$tmp/flags"
	mount -t tmpfs -o nosuid,nodev,noexec,noatime flags "$tmp/flags"
	for c in "$tmp/flags|nosuid nodev noexec noatime" \
		 "$tmp/robind|ro" ; do
		p=${c%%|*}
		[ "$p" = "$tmp/robind" ] && mount -o bind "$tmp/fs" "$p" &&
			mount -o remount,bind,ro "$p"
		got=$(sh "$ex/mount-flags.sh" "$p" 2>&1)
		if [ "$got" = "${c#*|}" ] && sh "$ex/mount-flags.sh" -q \
		   "${got%% *}" "$p" && ! sh "$ex/mount-flags.sh" -q nosymfollow "$p"
		then
			ok
		else
			bad "mount-flags.sh $p = '$got', mounted as '${c#*|}'"
		fi
	done
	umount "$tmp/robind" "$tmp/flags" 2>/dev/null
	# column.sh: each line the single key's answer for that id, for
	# every mount procfs lists, in its order (busybox sh's read -d '').
	for key in mountpoint fs_subtype mnt_attr; do
		sh "$ex/column.sh" "$key" >"$tmp/col.got" 2>&1
		awk '{ print $1 }' /proc/self/mountinfo | while read -r id; do
			if v=$(getfattr --absolute-names --only-values \
			       -n ":mntns:$id:$key" / 2>/dev/null); then
				printf '%s %s\n' "$id" "$v"
			else
				printf '%s error ENODATA\n' "$id"
			fi
		done >"$tmp/col.want"
		if cmp -s "$tmp/col.got" "$tmp/col.want"; then
			ok
		else
			bad "column.sh $key: '$(head -c 300 "$tmp/col.got")', want '$(head -c 300 "$tmp/col.want")'"
		fi
	done
	# fs-id.sh: the real disks' UUIDs as made, and their devices.
	if [ -f /realfs/mounts ]; then
		tab=$(printf '\t')
		while IFS=$tab read -r t dev p _ uuid; do
			# The disks mounted as made (binds have no UUID there).
			case $t:$uuid in ext4:-|xfs:-) continue ;; ext4:*|xfs:*) ;;
			*) continue ;; esac
			want="$p: UUID=$uuid DEVICE=$dev"
			got=$(sh "$ex/fs-id.sh" "$p" 2>&1)
			if [ "$got" = "$want" ]; then
				ok
			else
				bad "fs-id.sh $p = '$got', made as '$want'"
			fi
		done </realfs/mounts
	fi
	# wait-mounts.sh: returns after a mount, not before.
	sh "$ex/wait-mounts.sh" 0.2 -- touch "$tmp/changed" &
	waiter=$!
	sleep 2
	if [ -e "$tmp/changed" ]; then
		bad "wait-mounts.sh returned with no change"
	else
		ok
	fi
	mkdir -p "$tmp/wait"
	mount -t tmpfs wait "$tmp/wait"
	i=0
	while [ ! -e "$tmp/changed" ] && [ $i -lt 50 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	if [ -e "$tmp/changed" ]; then
		ok
	else
		bad "wait-mounts.sh did not return after a mount"
	fi
	kill $waiter 2>/dev/null
	wait $waiter 2>/dev/null
	umount "$tmp/wait"
	# mount-changes.sh: a mount, then its unmount, as "+ RECORD" and
	# "- RECORD", RECORD its line of mountinfo while it was there.
	mkdir -p "$tmp/chg"
	sh "$ex/mount-changes.sh" 0.2 >"$tmp/chg.out" 2>&1 &
	watcher=$!
	sleep 2
	mount -t tmpfs chg "$tmp/chg"
	rec=$(awk -v p="$tmp/chg" '$5 == p' /proc/self/mountinfo)
	for sign in + -; do
		i=0
		until grep -qxF -e "$sign $rec" "$tmp/chg.out" || [ $i -ge 50 ]; do
			sleep 0.2
			i=$((i + 1))
		done
		if grep -qxF -e "$sign $rec" "$tmp/chg.out"; then
			ok
		else
			bad "mount-changes.sh: no '$sign $rec' in '$(head -c 300 "$tmp/chg.out")'"
		fi
		[ "$sign" = - ] || umount "$tmp/chg"
	done
	kill $watcher 2>/dev/null
	wait $watcher 2>/dev/null
else
	bad "no examples in $ex"
fi
umount "$tmp/sp ace" 2>/dev/null

# export: the folder's every other key as KEY='value' lines.  Evaluated
# by this sh, each variable must be the key read alone (the key's name
# upper-cased, ':' as '_'), and unset where the key has no value.  $1 a
# path, $2 the folder (":mnt:" or ":mntns:ID:").
check_export() {
	if ! getfattr --only-values -n "${2}export" "$1" >"$tmp/export" \
	     2>"$tmp/err"; then
		bad "$1: ${2}export: $(cat "$tmp/err")"
		return
	fi
	getfattr --only-values -n "$2" "$1" | tr '\0' '\n' >"$tmp/keys"
	getfattr --only-values -n "${2}statfs:" "$1" | tr '\0' '\n' |
		sed 's/^/statfs:/' >>"$tmp/keys"
	n=0
	nset=0
	while read -r k; do
		# Lists (a NUL after each entry) are not exported: sh
		# cannot hold a NUL; nor is mnt_change (fattr(7)).  The
		# line count below sees they are not.
		case $k in
		export|statfs:|opt_array|opt_sec_array|mnt_uidmap|mnt_gidmap|\
		mnt_change)
			continue ;;
		esac
		var=$(printf '%s' "$k" | tr 'a-z:' 'A-Z_')
		if getfattr --only-values -n "$2$k" "$1" >"$tmp/want" 2>/dev/null
		then
			set=x
			nset=$((nset + 1))
		else
			set=
			: >"$tmp/want"
		fi
		( eval "$(cat "$tmp/export")"
		  eval "is=\${$var+x}"
		  [ "$is" = "$set" ] || exit 1
		  eval "printf '%s' \"\$$var\"" ) >"$tmp/got" 2>&1
		if [ $? -eq 0 ] && cmp -s "$tmp/want" "$tmp/got"; then
			n=$((n + 1))
		else
			bad "$1: ${2}export: $var is '$(cat "$tmp/got")'," \
			    "${set:+'$(cat "$tmp/want")'}${set:-unset} alone"
		fi
	done <"$tmp/keys"
	# Nothing but those keys: a line for each key that has a value.
	lines=$(grep -c "^[A-Z_]*='" "$tmp/export")
	if [ "$n" -gt 10 ] && [ "$lines" -eq "$nset" ]; then
		ok
	else
		bad "$1: ${2}export: $n keys compared, $nset with a value," \
		    "$lines lines"
	fi
}

# Every byte a value can hold that sh would take: ' " \ $ ` blank and a
# newline, in the mount point and the source.
odd=$(printf "%s/q'uo\"te\\\\back\$HOME\`id\` sp\nnl" "$tmp")
mkdir -p "$odd"
if mount -t tmpfs "$(printf "s'rc\"\\\\\$(id)\`x\`\nnl")" "$odd"; then
	id=$(getfattr --only-values -n :mnt:id "$odd")
	check_export "$odd" :mnt:
	check_export / ":mntns:$id:"
	umount "$odd"
else
	bad "cannot mount a tmpfs on '$odd'"
fi
check_export / :mnt:
check_export /proc :mnt:
if [ -f /realfs/mounts ]; then
	tab=$(printf '\t')
	while IFS=$tab read -r t _ p _; do
		case $t in ext4|overlay|btrfs) check_export "$p" :mnt: ;; esac
	done </realfs/mounts
fi

# Unknown names fail as missing attributes.
for n in :nonexistent :mnt:infoX :mntns:0:info :mnt:statfs :mnt:statfs:nope \
	 :mnt:id: :mnt:ids; do
	if getfattr -n "$n" / >"$tmp/got" 2>"$tmp/err"; then
		bad "getfattr -n $n / succeeded"
	elif grep -q 'No such attribute' "$tmp/err"; then
		ok
	else
		bad "getfattr -n $n /: $(cat "$tmp/err")"
	fi
done

echo "getfattr-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
