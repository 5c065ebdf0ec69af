#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# sb-test.sh RELEASE
#
# Proves that fattr-dkms builds, signs, and loads on a machine booted
# with UEFI Secure Boot, as a Debian user's laptop or shielded cloud VM
# boots: Debian RELEASE (bookworm: 12, trixie: 13) in QEMU (TCG) on a q35
# machine with SMM, Debian's OVMF built for Secure Boot
# (OVMF_CODE_4M.secboot.fd) and its variables with Microsoft's keys
# enrolled (OVMF_VARS_4M.ms.fd), booting the image's own signed shim,
# GRUB and kernel from its EFI system partition: no -kernel.
#
#   1. scripts/dkms-image.sh: the Debian image of RELEASE (the one
#      dkms-test.sh boots), booted through a qcow2 overlay so that it
#      never changes while the VM's changes last across its runs;
#   2. scripts/dkms-deb.sh: fattr-dkms_*.deb, as for dkms-test.sh (on
#      Debian 13 the package is built in the VM);
#   3. first VM run (scripts/sb-vm-test.sh, phase enroll): the package
#      installed, dkms makes its key and signs, the kernel refuses the
#      module; the VM powers off, leaving dkms's certificate on the test
#      disk;
#   4. enrollment: the certificate is added to the firmware's MokList
#      variable with virt-fw-vars (python3-virt-firmware), where
#      MokManager puts it when a user confirms `mokutil --import` at
#      boot: the same variable, the same attributes (non-volatile, boot
#      services only), the same owner GUID (shim's);
#   5. second VM run, three boots: the key enrolled, fattr loads and
#      answers, unsigned builds are refused; the second kernel's headers
#      make dkms sign for it; a reboot into it through shim and GRUB
#      loads fattr from modules-load.d; a reboot with
#      lockdown=confidentiality loads it again.
#
# Prints PASS or FAIL with timings; exits non-zero on failure.  The
# consoles are kept in $FATTR_CACHE/dkms/logs/sb-RELEASE-{1,2}.log
# (FATTR_CACHE defaults to /var/cache/fattr), the logs of the steps in
# the VM in the directories sb-RELEASE-{1,2} beside them.  A hung VM is killed after
# $FATTR_VM_TIMEOUT seconds a run (default 3600).  Run as root on Debian
# 12: installs what it needs with apt-get (python3-virt-firmware from
# bookworm-backports, whose source it adds from the mirror apt uses for
# bookworm if apt has none).

set -eu

release=${1:?usage: sb-test.sh bookworm|trixie}
case $release in
bookworm) debian=12 tag=6.1 other=6.12 ;;
trixie)	debian=13 tag=trixie other=trixie-cloud ;;
*)	echo "sb-test: unknown release $release (known: bookworm, trixie)" >&2; exit 2 ;;
esac

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/dkms
ovmf=/usr/share/OVMF
# shim's GUID: MokManager's owner of the keys it enrolls.
shim_guid=605dab50-e046-4300-abb6-3dd810dd8b23

fail() {
	echo "sb-test $release (Debian $debian): FAIL: $*" >&2
	exit 1
}

t0=$(date +%s)
export DEBIAN_FRONTEND=noninteractive
missing=
for p in qemu-system-x86 qemu-utils ovmf e2fsprogs cpio git openssl; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	"$top/scripts/apt-get.sh" update -q >/dev/null
	# shellcheck disable=SC2086
	"$top/scripts/apt-get.sh" install -y -q --no-install-recommends $missing >/dev/null ||
		fail "apt-get install$missing failed"
fi
if ! command -v virt-fw-vars >/dev/null; then
	if ! apt-cache policy 2>/dev/null | grep -q ' bookworm-backports/main '; then
		mirror=$("$top/scripts/mirror.sh") || fail "apt knows no mirror for bookworm/main"
		echo "deb $mirror bookworm-backports main" \
			>/etc/apt/sources.list.d/fattr-bookworm-backports.list
		"$top/scripts/apt-get.sh" update -q >/dev/null || fail "apt-get update failed"
	fi
	"$top/scripts/apt-get.sh" install -y -q --no-install-recommends -t bookworm-backports \
		python3-virt-firmware >/dev/null ||
		fail "apt-get install -t bookworm-backports python3-virt-firmware failed"
fi
for f in OVMF_CODE_4M.secboot.fd OVMF_VARS_4M.ms.fd; do
	[ -f "$ovmf/$f" ] || fail "no $ovmf/$f (package ovmf)"
done

sh "$top/scripts/dkms-image.sh" "$release" || fail "no $release VM image"
t_image=$(date +%s)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
deb=$(sh "$top/scripts/dkms-deb.sh" "$work/deb" | tail -n 1) ||
	fail "building the package failed"
t_deb=$(date +%s)

sh "$top/scripts/dkms-testdisk.sh" "$top/scripts/sb-vm-test.sh" \
	"$tag" "$other" "$release" "$deb" "$work/test.img" ||
	fail "no test disk"

# The VM's own disk: an overlay on the cached image; its firmware
# variables: a copy of Debian's, Microsoft's keys enrolled.
qemu-img create -q -f qcow2 -F raw -b "$dir/$release.img" "$work/root.qcow2" ||
	fail "qemu-img create failed"
cp "$ovmf/OVMF_VARS_4M.ms.fd" "$work/vars.fd"
mkdir -p "$dir/logs"

bad='\] (WARNING:|BUG:|Oops|Kernel panic|INFO: task .* blocked)|------------\[ cut here \]'
# vm N: boots the VM until it powers off; the console goes to log N.
vm() {
	log=$dir/logs/sb-$release-$1.log
	echo "sb-test $release: VM run $1 (OVMF Secure Boot, q35+SMM, TCG, 2 CPUs, 2 GiB)"
	timeout -s KILL "${FATTR_VM_TIMEOUT:-3600}" \
		qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 2048 \
			-machine q35,smm=on \
			-global driver=cfi.pflash01,property=secure,value=on \
			-global ICH9-LPC.disable_s3=1 \
			-drive "if=pflash,format=raw,unit=0,readonly=on,file=$ovmf/OVMF_CODE_4M.secboot.fd" \
			-drive "if=pflash,format=raw,unit=1,file=$work/vars.fd" \
			-nographic -vga none -monitor none -serial stdio -nic none \
			-drive "file=$work/root.qcow2,format=qcow2,if=virtio" \
			-drive "file=$work/test.img,format=raw,if=virtio" \
			</dev/null 2>&1 | stdbuf -oL tr -d '\r' | tee "$log" |
		grep --line-buffered -E '^(===|---|ok |run |FAIL|     \||fattr |booted|FATTR-)|\] (WARNING|BUG|Oops|Kernel panic)' || true
	if grep -Eq "$bad" "$log"; then
		grep -E "$bad" "$log" | head -n 5 >&2
		fail "the kernel complained in VM run $1 (see $log)"
	fi
	# The logs of the steps in the VM, kept beside the console's.
	rm -rf "$dir/logs/sb-$release-$1"
	mkdir -p "$dir/logs/sb-$release-$1"
	debugfs -R "rdump /logs $dir/logs/sb-$release-$1" "$work/test.img" >/dev/null 2>&1 || :
	grep -q '^FATTR-SB-RESULT: FAIL' "$log" &&
		fail "VM run $1 failed (see $log and $dir/logs/sb-$release-$1/logs)"
	return 0
}

t_vm1=$(date +%s)
vm 1
grep -q '^FATTR-SB-PHASE: enroll PASS' "$log" ||
	fail "VM run 1 gave no result (the VM did not boot, hung or was killed; see $log)"
t_enroll=$(date +%s)

# Enrollment, as MokManager does it: dkms's certificate into MokList.
debugfs -R "dump /mok.der $work/mok.der" "$work/test.img" >/dev/null 2>&1 &&
	[ -s "$work/mok.der" ] || fail "VM run 1 left no mok.der on the test disk"
openssl x509 -inform DER -in "$work/mok.der" -out "$work/mok.pem" ||
	fail "mok.der is no X.509 certificate"
echo "sb-test $release: enrolling $(openssl x509 -in "$work/mok.pem" -noout -subject) in MokList"
virt-fw-vars --input "$work/vars.fd" --output "$work/vars.new" \
	--add-mok "$shim_guid" "$work/mok.pem" >"$work/virt-fw-vars.log" 2>&1 ||
	fail "virt-fw-vars --add-mok failed: $(cat "$work/virt-fw-vars.log")"
mv "$work/vars.new" "$work/vars.fd"
t_vm2=$(date +%s)

vm 2
result=PASS
for p in enrolled second confidential; do
	grep -q "^FATTR-SB-PHASE: $p PASS" "$log" || {
		echo "sb-test $release: the boot '$p' did not pass (see $log)" >&2
		result=FAIL
	}
done
grep -q '^FATTR-SB-RESULT: PASS' "$log" || result=FAIL
t_end=$(date +%s)

echo "sb-test $release: image $((t_image - t0)) s, package $((t_deb - t_image)) s," \
     "VM run 1 $((t_enroll - t_vm1)) s, enrollment $((t_vm2 - t_enroll)) s," \
     "VM run 2 (3 boots) $((t_end - t_vm2)) s, total $((t_end - t0)) s"
echo "sb-test $release (Debian $debian): $result (consoles in $dir/logs/sb-$release-1.log and -2.log)"
[ $result = PASS ]
