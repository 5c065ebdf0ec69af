#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The refusals, inside the test VM (test/vm-init loads fattr first; run
# alone by `scripts/vm-test.sh TAG refuse`, and by vm-check.sh after the
# Check suite).  Each scenario but the last two of btf makes insmod of
# fattr fail: insmod must report the expected errno, the kernel log must
# get exactly one fattr line, the reason, and nothing alarming; then, the
# cause gone, fattr loads and answers ':mnt:info' again.
#
#   btf:   btf_path= a missing, empty, non-BTF, truncated or corrupt file,
#          or one with a type kind fattr does not know (a newer kernel's);
#          setting btf_path taints the kernel; then two loads: an empty
#          file mounted on /sys/kernel/btf/vmlinux (fattr reads the
#          kernel's own, through a mount of sysfs of its own), and insmod
#          from a new network namespace (whose sysfs super block fattr's
#          mount is the first of)
#   prop:  (not a refusal) a BTF without what mnt_propagation and its
#          kin are read from: they are cut from the record, mnt_change
#          is not served, and the features line says so
#   pidns: insmod from a pid namespace other than the initial one
#   claim: a getxattr entry point already taken by another IPMODIFY
#          ftrace_ops (test/claim/fattr_claim.ko), each entry in turn; and
#          the other way round, fattr_claim cannot take one from fattr
#   cap:   (not a refusal to load) a listing's buffer for a record it
#          renders is capped as procfs's: loaded with a test-only lower
#          cap, a listing that needs more fails with ENOMEM, while a
#          record key and its column render records up to 64 KiB
#
# Leaves fattr loaded.  Exits non-zero if any check failed.

ko=/fattr.ko
claim=/fattr_claim.ko
status=0
n=0

fail() {
	echo "fattr-refuse: FAIL: $*"
	status=1
}

ok() {
	echo "fattr-refuse: ok: $*"
}

# A line in the kernel log to read from.
mark() {
	n=$((n + 1))
	echo "fattr-refuse: mark $n" >/dev/kmsg
}

# The kernel log since the last mark.
since_mark() {
	dmesg | awk -v m="fattr-refuse: mark $n\$" '
		$0 ~ m { found = 1; out = ""; next }
		found { out = out $0 "\n" }
		END { printf "%s", out }'
}

# Nothing alarming since the mark.
log_clean() {
	if since_mark | grep -Eq 'WARNING|BUG:|Oops|Call Trace|cut here'; then
		fail "$1: the kernel complained:"
		since_mark | grep -E 'WARNING|BUG:|Oops|Call Trace|cut here' |
			head -n 5
		return 1
	fi
	return 0
}

# ':mnt:info' of /proc through Debian's getfattr is its mountinfo record.
works() {
	getfattr --absolute-names --only-values -n :mnt:info /proc \
		>/tmp/refuse.got 2>/dev/null &&
	awk '$5 == "/proc"' /proc/self/mountinfo | tail -n 1 >/tmp/refuse.exp &&
	cmp -s /tmp/refuse.got /tmp/refuse.exp
}

load() {
	mark
	if ! insmod "$ko"; then
		fail "$1: insmod $ko failed after the cause was gone"
		since_mark | grep 'fattr'
		return 1
	fi
	if works; then
		ok "$1: loads and answers again"
	else
		fail "$1: loaded, but :mnt:info of /proc is not its record:"
		cat /tmp/refuse.got
	fi
	log_clean "$1"
}

unload() {
	[ -d /sys/module/fattr ] || return 0
	rmmod fattr || fail "rmmod fattr"
}

# refuse WHAT ERRNO-TEXT REASON-PATTERN [INSMOD-ARG...]: insmod fattr with
# the args must fail with ERRNO-TEXT and log one fattr line per attempt,
# matching REASON-PATTERN.  (busybox insmod tries finit_module and, when
# that fails, init_module: two attempts, two identical lines.)
refuse() {
	what=$1
	errtext=$2
	reason=$3
	shift 3
	mark
	if ${refuse_cmd:-} insmod "$ko" "$@" 2>/tmp/refuse.err; then
		fail "$what: insmod succeeded"
		rmmod fattr
		return
	fi
	grep -q "$errtext" /tmp/refuse.err ||
		fail "$what: insmod said \"$(cat /tmp/refuse.err)\", expected $errtext"
	[ ! -d /sys/module/fattr ] || fail "$what: /sys/module/fattr exists"
	if getfattr --absolute-names -n :mnt:info /proc >/dev/null 2>&1; then
		fail "$what: :mnt:info answered without fattr"
	fi
	lines=$(since_mark | grep -c 'fattr: ')
	other=$(since_mark | grep 'fattr: ' | grep -Evc "$reason")
	line=$(since_mark | grep -m 1 'fattr: ')
	if [ "$lines" -eq 0 ] || [ "$other" -ne 0 ]; then
		fail "$what: the kernel log does not say /$reason/, only:"
		since_mark | grep 'fattr'
	else
		ok "$what: refused, $lines attempt(s): ${line#*] }"
	fi
	log_clean "$what"
}

echo "fattr-refuse: kernel $(uname -r)"
[ -d /sys/module/fattr ] || fail "fattr is not loaded at the start"
unload

# --- btf: no usable BTF -------------------------------------------------
# busybox insmod words ENOENT as "unknown symbol in module, or unknown
# parameter".
refuse "btf missing" "unknown symbol" \
	"cannot read the kernel's BTF at /nonexistent \\(-2\\)\$" \
	btf_path=/nonexistent
# kernel/params.c logs it, without fattr's prefix.
since_mark | grep -q 'Setting dangerous option btf_path - tainting kernel' ||
	fail "btf_path did not taint the kernel"
load "btf missing"
unload
: >/tmp/btf-empty
refuse "btf empty" "Invalid argument" \
	"cannot read the kernel's BTF at /tmp/btf-empty" btf_path=/tmp/btf-empty
refuse "btf not BTF" "Invalid argument" "unreadable BTF header" \
	btf_path=/init
cat /sys/kernel/btf/vmlinux >/tmp/btf-full
head -c 4096 /tmp/btf-full >/tmp/btf-cut
refuse "btf truncated" "Invalid argument" "unreadable BTF header" \
	btf_path=/tmp/btf-cut
# Types from byte 4096 on zeroed: kind 0 is no kind.
cp /tmp/btf-full /tmp/btf-zero
dd if=/dev/zero of=/tmp/btf-zero bs=4096 seek=1 count=256 conv=notrunc \
	2>/dev/null
refuse "btf corrupt" "Invalid argument" "BTF: malformed type section" \
	btf_path=/tmp/btf-zero
# A type section of one type of kind 31 (BTF_KIND_MAX is 19 in 6.1 and
# 7.x): header (magic 0xeb9f, version 1, hdr_len 24, types at 0 for 12
# bytes, strings at 12 for 1), the type (name 0, info kind << 24, size 0),
# the empty string; in the kernel's byte order (s390x's is big-endian),
# told by its own BTF's magic.
case $(head -c 2 /tmp/btf-full | od -An -tx1 | tr -d ' \n') in
9feb)
	printf '\237\353\001\000\030\000\000\000\000\000\000\000\014\000\000\000' \
		>/tmp/btf-kind
	printf '\014\000\000\000\001\000\000\000' >>/tmp/btf-kind
	printf '\000\000\000\000\000\000\000\037\000\000\000\000\000' >>/tmp/btf-kind
	;;
eb9f)
	printf '\353\237\001\000\000\000\000\030\000\000\000\000\000\000\000\014' \
		>/tmp/btf-kind
	printf '\000\000\000\014\000\000\000\001' >>/tmp/btf-kind
	printf '\000\000\000\000\037\000\000\000\000\000\000\000\000' >>/tmp/btf-kind
	;;
*)	fail "btf: no BTF magic at the start of /sys/kernel/btf/vmlinux" ;;
esac
refuse "btf unknown kind" "Invalid argument" "BTF: unknown BTF kind 31 " \
	btf_path=/tmp/btf-kind
rm -f /tmp/btf-full /tmp/btf-cut /tmp/btf-zero /tmp/btf-kind
# A file mounted on /sys/kernel/btf/vmlinux in insmod's mount namespace
# is not the kernel's BTF: fattr reads its own, through a mount of sysfs
# of its own (in no namespace, with nothing mounted on it), and loads (it
# used to read the empty file and refuse).
if mount -o bind /tmp/btf-empty /sys/kernel/btf/vmlinux; then
	[ ! -s /sys/kernel/btf/vmlinux ] ||
		fail "the mount does not hide /sys/kernel/btf/vmlinux"
	load "btf: an empty file mounted on /sys/kernel/btf/vmlinux"
	unload
	umount /sys/kernel/btf/vmlinux || fail "umount /sys/kernel/btf/vmlinux"
else
	fail "mount -o bind /tmp/btf-empty /sys/kernel/btf/vmlinux failed"
fi
mark
if unshare -n insmod "$ko" 2>/tmp/refuse.err; then
	if works; then
		ok "btf: insmod from a new network namespace: loads and answers"
	else
		fail "btf: loaded from a new network namespace, but :mnt:info of /proc is not its record"
	fi
	log_clean "btf: insmod from a new network namespace"
	unload
else
	fail "btf: insmod from a new network namespace: $(cat /tmp/refuse.err)"
	since_mark | grep 'fattr'
fi
rm -f /tmp/btf-empty
load "btf"
unload

# --- prop: a BTF without what propagation is read from -----------------
# (not a refusal) fattr loads, its features line says that
# mnt_propagation, mnt_peer_group and mnt_master are cut from the record
# and that mnt_change is off; those three give what each mount's record
# in mountinfo says, a shared mount and its slave among them, and
# mnt_change is not there.  With the peer group's member renamed in the
# BTF (every kernel), then the enumerator T_SHARED (6.17+ only).
prop_dir=/tmp/refuse-prop
mkdir -p "$prop_dir/s" "$prop_dir/l"
if ! { mount -t tmpfs fattr-prop "$prop_dir/s" &&
	mount --make-shared "$prop_dir/s" &&
	mount --bind "$prop_dir/s" "$prop_dir/l" &&
	mount --make-slave "$prop_dir/l"; }; then
	fail "prop: the shared mount and its slave could not be made"
fi
cat /sys/kernel/btf/vmlinux >/tmp/btf-full
# What mountinfo says: "ID mnt_propagation mnt_peer_group mnt_master".
prop_want() {
	awk '{ t = 0; p = 0; m = 0
	       for (i = 7; $i != "-"; i++)
		       if ($i ~ /^shared:/) { t += 1048576; p = substr($i, 8) }
		       else if ($i ~ /^master:/) { t += 524288; m = substr($i, 8) }
		       else if ($i == "unbindable") t += 131072
	       print $1, t ? t : 262144, p, m }' /proc/self/mountinfo
}
prop_case() {
	/test/fattr-btf-rename /tmp/btf-full /tmp/btf-prop "$1" \
		"$(echo "$1" | sed 's/.$/X/')" >/dev/null || return 0
	mark
	if ! insmod "$ko" btf_path=/tmp/btf-prop 2>/tmp/refuse.err; then
		fail "prop, no $1: insmod: $(cat /tmp/refuse.err)"
		return
	fi
	since_mark | grep -q 'features:.* mnt_propagation, mnt_peer_group and mnt_master cut from the record .*; mnt_change off' ||
		fail "prop, no $1: the features line says: $(since_mark | grep 'features:')"
	bad=0 n=0
	prop_want >/tmp/refuse.exp
	while read -r id t p m; do
		for kv in mnt_propagation=$t mnt_peer_group=$p mnt_master=$m; do
			got=$(getfattr --absolute-names --only-values \
				-n ":mntns:$id:${kv%%=*}" / 2>&1)
			[ "$got" = "${kv#*=}" ] || {
				bad=1
				fail "prop, no $1: mount $id: ${kv%%=*} is '$got', mountinfo's ${kv#*=}"
			}
			n=$((n + 1))
		done
	done </tmp/refuse.exp
	if ! grep -q ' 1048576 [1-9]' /tmp/refuse.exp ||
	   ! grep -q ' 524288 0 [1-9]' /tmp/refuse.exp; then
		fail "prop, no $1: no shared mount or slave among '$(cat /tmp/refuse.exp)'"
	fi
	if getfattr --absolute-names --only-values -n :mnt:mnt_change / \
	   >/dev/null 2>&1 ||
	   getfattr --absolute-names --only-values -n :mnt: / | tr '\0' '\n' |
	   grep -qx mnt_change; then
		fail "prop, no $1: mnt_change is served"
	elif [ $bad -eq 0 ]; then
		ok "prop, no $1: $n values as mountinfo's, cut from the record; mnt_change off"
	fi
	log_clean "prop, no $1"
	unload
}
prop_case mnt_group_id
prop_case T_SHARED
umount "$prop_dir/l" "$prop_dir/s"
rm -f /tmp/btf-full /tmp/btf-prop
load "prop"
unload

# --- pidns: its private procfs would know only that namespace's tasks ----
refuse_cmd="unshare -p -f"
refuse "pid namespace" "Invalid argument" \
	"must be loaded from the initial pid namespace"
refuse_cmd=
load "pid namespace"

# --- claim: an entry point owned by another IPMODIFY user ----------------
if [ ! -f "$claim" ]; then
	fail "no $claim in the image (scripts/vm-test.sh builds it)"
else
	# The entry points' prefixes on this architecture (module/arch-*.h),
	# native first.
	case $(uname -m) in
	x86_64)		pre="__x64_sys_ __ia32_sys_" ;;
	aarch64)	pre=__arm64_sys_ ;;
	riscv64)	pre=__riscv_sys_ ;;
	ppc64le)	pre=sys_ ;;
	s390x)		pre="__s390x_sys_ __s390_sys_" ;;
	*)		pre=; fail "claim: unknown machine $(uname -m)" ;;
	esac
	# The other way round first: fattr holds the entries.
	first=${pre%% *}getxattr
	claimed=0
	mark
	if insmod "$claim" func="$first" 2>/tmp/refuse.err; then
		fail "fattr_claim took $first from fattr"
		rmmod fattr_claim
	else
		ok "fattr loaded: fattr_claim cannot take $first"
	fi
	log_clean "claim against fattr"
	works || fail "fattr stopped answering after fattr_claim's attempt"
	unload
	entries=
	for p in $pre; do
		entries="$entries ${p}getxattr ${p}lgetxattr ${p}fgetxattr ${p}getxattrat"
	done
	for f in $entries; do
		if ! grep -q " $f\$" /proc/kallsyms; then
			echo "fattr-refuse: skipped: claim $f: not in this kernel"
			continue
		fi
		mark
		if ! insmod "$claim" func="$f"; then
			fail "claim $f: insmod fattr_claim failed:"
			since_mark | grep fattr
			continue
		fi
		claimed=$((claimed + 1))
		refuse "claim $f" "Device or resource busy" \
			"already modified by another ftrace IPMODIFY user"
		# The kernel's own getxattr still works under the claim.
		: >/tmp/refuse.file
		setfattr -n trusted.refuse -v yes /tmp/refuse.file
		v=$(getfattr --absolute-names --only-values \
			-n trusted.refuse /tmp/refuse.file)
		[ "$v" = yes ] ||
			fail "claim $f: getxattr of an ordinary name broke"
		rmmod fattr_claim || fail "rmmod fattr_claim"
		load "claim $f"
		unload
	done
	# getxattr, lgetxattr, fgetxattr at least, on every architecture.
	[ "$claimed" -ge 3 ] || fail "claim: only $claimed entries were tried"
fi

# --- cap: the buffer a record is rendered into to learn visibility ------
# A mount point 2,100 directories below its parent's root: deeper than a
# listing judges without rendering (module/visible.c), so the listing
# renders its record, over 4 KiB, growing its buffer past a page.  Loaded
# with render_max=4096, the listing must give ENOMEM, as a read
# of mountinfo does when a record needs more than procfs's cap
# (MAX_RW_COUNT); under the default cap it must list exactly the ids of
# the caller's mountinfo.  Where a page holds the record (64 KiB pages),
# the small cap is never reached: the listing must be whole then too.
cap_dir=/tmp/refuse-cap
# The caller's mount ids, from procfs and from fattr's listing.
cap_ids() {
	awk '{ print $1 }' /proc/self/mountinfo >/tmp/refuse.exp
	getfattr --absolute-names --only-values -n :mntns: / \
		>/tmp/refuse.raw 2>/tmp/refuse.err || return 1
	tr '\0' '\n' </tmp/refuse.raw | sed 's/:$//' >/tmp/refuse.got
}
if ! mkdir -p "$cap_dir" || ! mount -t tmpfs fattr-cap "$cap_dir" ||
   ! (
	# Mounted first, then put 2,100 directories down by renames of the
	# top: no path used is long (busybox's cd would need the whole one).
	cd "$cap_dir" && mkdir -p c/m && mount -t tmpfs fattr-cap-deep c/m ||
		exit 1
	i=0
	while [ $i -lt 2100 ]; do
		mkdir w && mv c w/d && mv w c || exit 1
		i=$((i + 1))
	done
); then
	fail "cap: the deep mount could not be made"
fi
longest=$(awk '{ if (length($0) + 1 > n) n = length($0) + 1 } END { print n }' \
	/proc/self/mountinfo)
deep_id=$(awk '{ if (length($0) + 1 > n) { n = length($0) + 1; id = $1 } }
	END { print id }' /proc/self/mountinfo)
# Key "id" of mount $1, by its own name and in the column.
cap_key() {
	getfattr --absolute-names --only-values -n ":mntns:$1:id" / \
		2>/tmp/refuse.err
}
# The record column: "ID\0=RECORD\0" for each record, as lines.
cap_record_col() {
	awk '{ print $1; print "=" $0; print "" }' /proc/self/mountinfo \
		>/tmp/refuse.exp2
	getfattr --absolute-names --only-values -n :mntns:all:info / \
		>/tmp/refuse.raw 2>/tmp/refuse.err || return 1
	tr '\0' '\n' </tmp/refuse.raw >/tmp/refuse.got2
	cmp -s /tmp/refuse.exp2 /tmp/refuse.got2
}
page=$(awk '/^KernelPageSize:/ { print $2 * 1024; exit }' /proc/self/smaps)
mark
if insmod "$ko" render_max=4096 2>/tmp/refuse.err; then
	since_mark | grep -q 'Setting dangerous option render_max' ||
		fail "cap: render_max did not taint the kernel (not a parameter?)"
	if [ "$longest" -gt "$page" ]; then
		if cap_ids; then
			fail "cap: a $longest-byte record was listed under a 4,096-byte cap"
		elif grep -q 'Cannot allocate memory' /tmp/refuse.err; then
			ok "cap: a $longest-byte record over a 4,096-byte cap: ENOMEM"
		else
			fail "cap: the listing failed otherwise: $(cat /tmp/refuse.err)"
		fi
		# A record key renders up to 64 KiB whatever the cap, and a
		# record column as its keys (ENOMEM before 2026-12-07).
		if cap_record_col; then
			ok "cap: :mntns:all:info under a 4,096-byte cap: mountinfo's records, the $longest-byte one too"
		else
			fail "cap: :mntns:all:info under a 4,096-byte cap is not mountinfo's: $(cat /tmp/refuse.err)"
		fi
		got=$(getfattr --absolute-names --only-values \
			-n ":mntns:$deep_id:info" / 2>/tmp/refuse.err)
		[ "$got" = "$(awk -v id="$deep_id" '$1 == id' /proc/self/mountinfo)" ] ||
			fail "cap: :mntns:$deep_id:info under a 4,096-byte cap is not its record: $(cat /tmp/refuse.err)"
		# A key read from the mount renders it to know, as the listing.
		if cap_key "$deep_id" >/dev/null; then
			fail "cap: :mntns:$deep_id:id answered under a 4,096-byte cap"
		elif grep -q 'Cannot allocate memory' /tmp/refuse.err; then
			ok "cap: :mntns:$deep_id:id under a 4,096-byte cap: ENOMEM"
		else
			fail "cap: :mntns:$deep_id:id failed otherwise: $(cat /tmp/refuse.err)"
		fi
	elif cap_ids && cmp -s /tmp/refuse.exp /tmp/refuse.got; then
		ok "cap: a $page-byte page holds the $longest-byte record: listed whole"
	else
		fail "cap: the listing under a cap below the page is not mountinfo's"
	fi
	log_clean "cap"
	unload
else
	fail "cap: insmod render_max=4096: $(cat /tmp/refuse.err)"
fi
mark
insmod "$ko" || fail "cap: insmod without render_max"
if cap_ids && cmp -s /tmp/refuse.exp /tmp/refuse.got; then
	ok "cap: under the default cap, the listing is mountinfo's ($(wc -l </tmp/refuse.got) ids, the longest record $longest bytes)"
else
	fail "cap: under the default cap, the listing is not mountinfo's: $(cat /tmp/refuse.err)"
fi
got=$(cap_key "$deep_id")
[ "$got" = "$deep_id" ] ||
	fail "cap: under the default cap, :mntns:$deep_id:id is '$got': $(cat /tmp/refuse.err)"
log_clean "cap, default"
umount -l "$cap_dir" || fail "cap: umount -l $cap_dir"
rm -f /tmp/refuse.raw

[ -d /sys/module/fattr ] || load "end"
rm -f /tmp/refuse.got /tmp/refuse.exp /tmp/refuse.err /tmp/refuse.file
if [ $status -eq 0 ]; then
	echo "fattr-refuse: PASS"
else
	echo "fattr-refuse: FAIL"
fi
exit $status
