#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# sb-vm-test.sh: the Secure Boot scenario, run as root at each boot of the
# Debian 12 or 13 VM of scripts/sb-test.sh, which boots the image's own
# signed chain (shim, GRUB, kernel) under OVMF with Microsoft's keys.  It
# is run.sh on the VM's second disk, beside lib.sh (dkms-vm-lib.sh),
# params, src/ and, for Debian 12, the .deb built on the host; the file
# phase there says which boot this is.  Not for a real machine.
#
# Every boot first checks that Secure Boot is on (mokutil --sb-state and
# the kernel's log) and the lockdown level (/sys/kernel/security/lockdown),
# and fails the run otherwise.
#
#   enroll        (first VM run) apt-get install ./fattr-dkms_*.deb: dkms
#                 makes its key (MOK) and signs fattr.ko with it; the key
#                 is not enrolled, so modprobe fattr is refused with the
#                 kernel's message, and getfattr says so; copies the
#                 certificate to the test disk and powers off.  The host
#                 enrolls it in the firmware's MokList (sb-test.sh).
#   enrolled      (second VM run) mokutil sees the key enrolled, the
#                 kernel loaded it; modprobe fattr loads it untainted by
#                 an unsigned module, modinfo names dkms's key as signer,
#                 getfattr answers; btf_path (a BTF file of root's) is
#                 refused, a file mounted on /sys/kernel/btf/vmlinux is
#                 not read; the same tree built by hand (unsigned)
#                 and signed with a key not enrolled are both refused;
#                 the other kernel's headers installed make dkms build and
#                 sign for it; fattr.conf in /etc/modules-load.d;
#                 update-grub with the other kernel as GRUB's default;
#                 reboots
#   second        (the other kernel, through shim and GRUB) fattr was
#                 loaded at boot and answers; lockdown=confidentiality
#                 added to GRUB's command line, the first kernel made the
#                 default again; reboots
#   confidential  lockdown is confidentiality: fattr was loaded at boot
#                 and answers; powers off
#
# Prints "FATTR-SB-PHASE: NAME PASS" at the end of each boot, and
# "FATTR-SB-RESULT: PASS" after the last; a failure prints
# "FATTR-SB-RESULT: FAIL" with the step and powers off.

marker=FATTR-SB
# shellcheck source=scripts/dkms-vm-lib.sh
. ./lib.sh

phase=enroll
[ -f "$here/phase" ] && phase=$(cat "$here/phase")

# The kernel log lines that show the chain's checks, printed each boot.
show_boot_log() {
	dmesg | grep -E 'secureboot:|Secure boot|[Ll]ockdown|MokList|X\.509|Loaded X\.509|integrity:' |
		sed 's/^/     | /'
}

# Secure Boot is on, and lockdown at LEVEL (integrity, confidentiality).
check_secure_boot() { # LEVEL
	sb=$(mokutil --sb-state 2>&1)
	case $sb in
	*"SecureBoot enabled"*) ;;
	*) fail "mokutil --sb-state: $sb" ;;
	esac
	dmesg | grep -q 'Secure boot enabled' ||
		fail "the kernel log has no 'Secure boot enabled'"
	ld=$(cat /sys/kernel/security/lockdown 2>&1)
	case $ld in
	*"[$1]"*) ;;
	*) fail "/sys/kernel/security/lockdown is '$ld', want [$1]" ;;
	esac
	ok "$sb; lockdown: $ld"
}

# dkms's certificate (DER), as its build log names it; and its subject's
# CN, which modinfo must show as the signer.
mok_pub() {
	p=$(tr -d '\r' <"$logs/apt-install.log" 2>/dev/null |
		sed -n 's/^Public certificate (MOK): *\([^[:space:]]*\).*/\1/p' | tail -n 1)
	echo "${p:-/var/lib/dkms/mok.pub}"
}
cert_cn() { # DER-FILE
	openssl x509 -inform DER -in "$1" -noout -subject -nameopt sep_multiline |
		sed -n 's/^ *CN=//p'
}

# The running kernel's fattr.ko is signed by the enrolled key, loads,
# taints the kernel only as out of tree (O), not as unsigned (E).
check_signed_load() {
	cn=$(cat "$here/mok.cn")
	ko=$(modinfo -n fattr) || fail "modinfo -n fattr"
	s=$(modinfo -F signer fattr)
	[ "$s" = "$cn" ] || fail "modinfo -F signer fattr = '$s', want '$cn' (dkms's key)"
	grep -q '^fattr ' /proc/modules || fail "fattr is not loaded"
	t=$(cat /sys/module/fattr/taint)
	case $t in
	*E*) fail "fattr taints the kernel as unsigned: '$t'" ;;
	esac
	[ $(($(cat /proc/sys/kernel/tainted) & 8192)) = 0 ] ||
		fail "the kernel is tainted E (unsigned module): $(cat /proc/sys/kernel/tainted)"
	ok "fattr loaded from $ko, signer '$s' ($(modinfo -F sig_hashalgo fattr)), taint '$t'"
	check_mnt_info /
	check_mnt_info /boot/efi
}

# insmod KO is refused; prints the error and the kernel's line.
check_refused() { # KO WHAT
	n=$(dmesg | wc -l)
	if insmod "$1" 2>"$logs/insmod.err"; then
		rmmod fattr
		fail "insmod of $2 succeeded"
	fi
	grep -q '^fattr ' /proc/modules && fail "fattr loaded after a refused insmod"
	ok "$2 refused: $(cat "$logs/insmod.err")"
	dmesg | tail -n +$((n + 1)) | sed 's/^/     | kernel: /'
}

set_grub() { # VARIABLE VALUE
	sed -i "s|^#*$1=.*|$1=\"$2\"|" /etc/default/grub
	grep -q "^$1=\"$2\"\$" /etc/default/grub || echo "$1=\"$2\"" >>/etc/default/grub
}
# GRUB's id of kernel RELEASE's entry, in its "Advanced options" menu.
grub_entry() { # RELEASE
	u=$(findmnt -no UUID /)
	grep -q "gnulinux-$1-advanced-$u" /boot/grub/grub.cfg ||
		fail "no GRUB entry for $1 in /boot/grub/grub.cfg"
	echo "gnulinux-advanced-$u>gnulinux-$1-advanced-$u"
}
next_boot() { # PHASE
	echo "$1" >"$here/phase"
	: >"$here/reboot"
	echo "$marker-PHASE: $phase PASS"
	echo "$marker-TIMES:$timings total=$(($(date +%s) - t_all))s"
	exit 0
}

echo "fattr Secure Boot test, boot '$phase': Debian $(cat /etc/debian_version) ($release), kernel $rel (tag $tag), $(dkms --version 2>&1), $(mokutil --version 2>&1 | head -n 1)"
echo "booted in $(cut -d' ' -f1 /proc/uptime) s; command line: $(cat /proc/cmdline)"
show_boot_log

case $phase in
enroll)
	begin secureboot "Secure Boot on, lockdown integrity"
	check_secure_boot integrity
	orel=$(other_release)
	[ -n "$orel" ] || fail "no second kernel in /lib/modules"
	has_headers "$rel" || fail "no headers for $rel"
	has_headers "$orel" && fail "headers for $orel installed"
	[ -e /var/lib/dkms/mok.pub ] && fail "a MOK exists before dkms ran"
	echo "$rel" >"$here/first"
	echo "$orel" >"$here/second"
	end

	build_step

	begin install "apt-get install ./$(basename "$deb"): dkms signs with a key of its own"
	run apt-install.log apt-get -o DPkg::Lock::Timeout=600 install -y -q "$deb"
	grep -E 'Sign command|Signing key|Public certificate|[Cc]ertificate or key|generating' \
		"$logs/apt-install.log" | sed 's/^/     | /'
	pub=$(mok_pub)
	if [ ! -f "$pub" ]; then
		sed -n '/Sign command/,+12p' "$logs/apt-install.log" | sed 's/^/     | /'
		ls -la /var/lib/dkms/ /etc/dkms/ 2>&1 | sed 's/^/     | /'
		grep -rh '^[^#]*mok' /etc/dkms/ 2>&1 | sed 's/^/     | /'
		fail "dkms made no certificate ($pub)"
	fi
	cn=$(cert_cn "$pub")
	[ -n "$cn" ] || fail "no CN in $pub"
	echo "$cn" >"$here/mok.cn"
	s=$(modinfo -F signer "$(modinfo -n fattr)")
	[ "$s" = "$cn" ] || fail "fattr.ko's signer is '$s', dkms's certificate is '$cn'"
	ok "dkms signed fattr.ko with $pub ('$cn')"
	end

	begin refused "before enrollment: the key is not trusted"
	mokutil --test-key "$pub" >"$logs/test-key" 2>&1
	grep -q 'is not enrolled' "$logs/test-key" ||
		fail "mokutil --test-key $pub: $(cat "$logs/test-key")"
	ok "mokutil --test-key: $(cat "$logs/test-key")"
	n=$(dmesg | wc -l)
	if modprobe fattr 2>"$logs/modprobe.err"; then
		fail "modprobe fattr loaded a module signed by a key not enrolled"
	fi
	grep -q '^fattr ' /proc/modules && fail "fattr is loaded"
	ok "modprobe fattr: $(cat "$logs/modprobe.err")"
	dmesg | tail -n +$((n + 1)) >"$logs/refused.dmesg"
	sed 's/^/     | kernel: /' "$logs/refused.dmesg"
	[ -s "$logs/refused.dmesg" ] || fail "the kernel logged nothing when it refused fattr"
	if getfattr -n :mnt:info / >"$logs/getfattr.out" 2>&1; then
		fail "getfattr -n :mnt:info / succeeded without fattr: $(cat "$logs/getfattr.out")"
	fi
	ok "getfattr without fattr: $(cat "$logs/getfattr.out")"
	cp "$pub" "$here/mok.der" || fail "copying $pub to the test disk"
	end
	echo enrolled >"$here/phase"
	echo "$marker-PHASE: enroll PASS"
	echo "$marker-TIMES:$timings total=$(($(date +%s) - t_all))s"
	;;

enrolled)
	begin secureboot "Secure Boot on, lockdown integrity, dkms's key enrolled"
	check_secure_boot integrity
	cn=$(cat "$here/mok.cn")
	pub=/var/lib/dkms/mok.pub
	mokutil --test-key "$pub" >"$logs/test-key" 2>&1
	grep -q 'is already enrolled' "$logs/test-key" ||
		fail "mokutil --test-key $pub: $(cat "$logs/test-key")"
	ok "mokutil --test-key: $(cat "$logs/test-key")"
	dmesg | grep -F "$cn" | grep -q 'X.509' ||
		fail "the kernel did not load the certificate '$cn'"
	ok "the kernel loaded '$cn': $(dmesg | grep -F "$cn" | grep 'X.509' | head -n 1)"
	end

	begin load "modprobe fattr"
	run modprobe.log modprobe fattr
	check_signed_load
	run modprobe-r.log modprobe -r fattr
	end

	begin btf "lockdown: root chooses no BTF for fattr"
	cp /sys/kernel/btf/vmlinux /var/tmp/btf || fail "copying the BTF"
	n=$(dmesg | wc -l)
	if modprobe fattr btf_path=/var/tmp/btf 2>"$logs/btf.err"; then
		modprobe -r fattr
		fail "modprobe fattr btf_path=/var/tmp/btf loaded under lockdown"
	fi
	dmesg | tail -n +$((n + 1)) >"$logs/btf.dmesg"
	grep -q 'fattr: btf_path is refused by lockdown' "$logs/btf.dmesg" ||
		fail "no reason in the kernel log for refusing btf_path: $(cat "$logs/btf.dmesg")"
	ok "modprobe fattr btf_path=/var/tmp/btf: $(cat "$logs/btf.err")"
	sed 's/^/     | kernel: /' "$logs/btf.dmesg"
	: >/var/tmp/btf-empty
	mount --bind /var/tmp/btf-empty /sys/kernel/btf/vmlinux ||
		fail "mount --bind over /sys/kernel/btf/vmlinux"
	run modprobe-btf.log modprobe fattr
	umount /sys/kernel/btf/vmlinux
	check_signed_load
	ok "an empty file mounted on /sys/kernel/btf/vmlinux: fattr read the kernel's own"
	run modprobe-r-btf.log modprobe -r fattr
	rm -f /var/tmp/btf /var/tmp/btf-empty
	end

	begin unsigned "the same tree, not signed by an enrolled key"
	b=$(mktemp -d /var/tmp/fattr-unsigned.XXXXXX) || fail "mktemp failed"
	cp -a "$here/src/." "$b/" || fail "copying src/ failed"
	run make-unsigned.log make -C "$b" KDIR="/lib/modules/$rel/build"
	[ -z "$(modinfo -F signer "$b/fattr.ko")" ] || fail "the hand-made build is signed"
	check_refused "$b/fattr.ko" "an unsigned fattr.ko"
	sign=$(tr -d '\r' <"$logs/apt-install.log" 2>/dev/null |
		sed -n 's/^Sign command: *\([^[:space:]]*\).*/\1/p' | tail -n 1)
	[ -x "$sign" ] || sign=/lib/modules/$rel/build/scripts/sign-file
	run openssl.log openssl req -new -x509 -newkey rsa:2048 -nodes -days 36500 \
		-subj "/CN=fattr test key, not enrolled/" -outform DER \
		-keyout "$b/other.key" -out "$b/other.der"
	run sign-file.log "$sign" sha256 "$b/other.key" "$b/other.der" "$b/fattr.ko"
	s=$(modinfo -F signer "$b/fattr.ko")
	[ "$s" = "fattr test key, not enrolled" ] || fail "sign-file: signer '$s'"
	check_refused "$b/fattr.ko" "fattr.ko signed by a key not enrolled"
	rm -rf "$b"
	end

	begin second "headers of $(cat "$here/second") installed: dkms builds and signs for it"
	orel=$(cat "$here/second")
	run second-headers.log apt-get -o DPkg::Lock::Timeout=600 install -y -q /var/cache/fattr-debs/"$other"/*.deb
	dkms status fattr | grep -q "^fattr/$version, $orel, x86_64: installed" ||
		fail "not installed for $orel: $(dkms status fattr)"
	f=$(find /lib/modules/"$orel"/updates/dkms -name 'fattr.ko*')
	[ -n "$f" ] || fail "no fattr.ko for $orel"
	s=$(modinfo -F signer "$f")
	[ "$s" = "$cn" ] || fail "$f: signer '$s', want '$cn'"
	ok "built and signed for $orel: $f ('$s')"
	cp "$examples/fattr.conf" /etc/modules-load.d/fattr.conf
	run update-grub.log update-grub
	set_grub GRUB_DEFAULT "$(grub_entry "$orel")"
	run update-grub2.log update-grub
	ok "GRUB's default: $(grep -m 1 'set default="[^$]' /boot/grub/grub.cfg)"
	end
	next_boot second
	;;

second)
	begin boot "kernel $(cat "$here/second") through shim and GRUB, fattr loaded at boot"
	[ "$rel" = "$(cat "$here/second")" ] || fail "booted $rel, not $(cat "$here/second")"
	check_secure_boot integrity
	check_signed_load
	systemctl is-active -q systemd-modules-load.service ||
		fail "systemd-modules-load.service: $(systemctl is-active systemd-modules-load.service)"
	first=$(cat "$here/first")
	set_grub GRUB_CMDLINE_LINUX "console=ttyS0 systemd.show_status=error lockdown=confidentiality"
	set_grub GRUB_DEFAULT "$(grub_entry "$first")"
	run update-grub.log update-grub
	ok "GRUB's default: $(grep -m 1 'set default="[^$]' /boot/grub/grub.cfg), lockdown=confidentiality"
	end
	next_boot confidential
	;;

confidential)
	begin boot "kernel $(cat "$here/first"), lockdown=confidentiality"
	[ "$rel" = "$(cat "$here/first")" ] || fail "booted $rel, not $(cat "$here/first")"
	grep -qw 'lockdown=confidentiality' /proc/cmdline ||
		fail "no lockdown=confidentiality in /proc/cmdline"
	check_secure_boot confidentiality
	dmesg | grep -i fattr | sed 's/^/     | kernel: /'
	check_signed_load
	# :mntns: is "ID:\0" for each record of the caller's mountinfo.
	getfattr --only-values -n :mntns: / | tr '\0' '\n' | sed 's/:$//' \
		>"$logs/mntns" || fail "getfattr -n :mntns: / failed"
	awk '{ print $1 }' /proc/self/mountinfo >"$logs/mntns.want"
	cmp -s "$logs/mntns" "$logs/mntns.want" ||
		fail ":mntns: = $(tr '\n' ' ' <"$logs/mntns"), mountinfo's ids: $(tr '\n' ' ' <"$logs/mntns.want")"
	ok ":mntns: lists the $(wc -l <"$logs/mntns") mounts of /proc/self/mountinfo"
	check_dmesg_clean
	end
	echo finished >"$here/phase"
	echo "$marker-PHASE: confidential PASS"
	result PASS
	;;

*)
	fail "unknown phase '$phase'"
	;;
esac
