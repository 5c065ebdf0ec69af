#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-test.sh TAG
#
# Proves that fattr installs the way Debian users install modules, on a
# Debian system in QEMU (TCG) running Debian's kernel TAG:
#
#   6.1     Debian 12 (bookworm), its stock kernel
#   6.12    Debian 12, the kernel of bookworm-backports
#   trixie  Debian 13 (trixie), its stock kernel (6.12)
#
#   1. scripts/dkms-image.sh: the Debian image of TAG's release, cached
#      in $FATTR_CACHE/dkms (FATTR_CACHE defaults to /var/cache/fattr);
#   2. scripts/dkms-deb.sh: fattr-dkms_*.deb with dpkg-buildpackage from a
#      clean copy of this tree, and lintian (errors fail);
#   3. boots the image (snapshot: it never changes) with its own
#      /boot/vmlinuz and initrd of kernel TAG, and a second disk with
#      scripts/dkms-vm-test.sh, the tree and, on Debian 12, the .deb of
#      step 2; a systemd unit of the image runs the test and powers off.
#      On Debian 13 (trixie) the .deb installed is built inside the VM
#      from the tree, with trixie's own dpkg-buildpackage and dh-dkms
#      (step 2 then only checks the package with lintian on the host).
#      See dkms-vm-test.sh for the scenario.
#
# Prints PASS or FAIL with timings; exits non-zero on failure.  The whole
# console is kept in $FATTR_CACHE/dkms/logs/TAG.log.  A hung VM is killed
# after $FATTR_VM_TIMEOUT seconds (default 3600).  Run as root on Debian
# 12: installs what it needs with apt-get.

set -eu

tag=${1:?usage: dkms-test.sh 6.1|6.12|trixie}
# The image's release, and its other kernel (see dkms-image.sh).
case $tag in
6.1)	release=bookworm debian=12 other=6.12 ;;
6.12)	release=bookworm debian=12 other=6.1 ;;
trixie)	release=trixie debian=13 other=trixie-cloud ;;
*)	echo "dkms-test: unknown kernel $tag (known: 6.1, 6.12, trixie)" >&2; exit 2 ;;
esac

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/dkms

fail() {
	echo "dkms-test $tag (Debian $debian, $release): FAIL: $*" >&2
	exit 1
}

t0=$(date +%s)
missing=
for p in qemu-system-x86 e2fsprogs cpio git; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	export DEBIAN_FRONTEND=noninteractive
	"$top/scripts/apt-get.sh" update -q >/dev/null
	# shellcheck disable=SC2086
	"$top/scripts/apt-get.sh" install -y -q --no-install-recommends $missing >/dev/null ||
		fail "apt-get install$missing failed"
fi

sh "$top/scripts/dkms-image.sh" "$release" || fail "no $release VM image"
t_image=$(date +%s)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
deb=$(sh "$top/scripts/dkms-deb.sh" "$work/deb" | tail -n 1) ||
	fail "building the package failed"
t_deb=$(date +%s)

# The tree for `dkms add`; trixie builds its own .deb in the VM
# (dkms-vm-test.sh, step build).
sh "$top/scripts/dkms-testdisk.sh" "$top/scripts/dkms-vm-test.sh" \
	"$tag" "$other" "$release" "$deb" "$work/test.img" ||
	fail "no test disk"

boot=$dir/boot/$tag
rel=$(cat "$boot/release") || fail "no kernel $tag in the $release image"
mkdir -p "$dir/logs"
log=$dir/logs/$tag.log
echo "dkms-test $tag: booting Debian $debian ($release) with $rel (TCG, 2 CPUs, 2 GiB)"
t_vm=$(date +%s)
timeout -s KILL "${FATTR_VM_TIMEOUT:-3600}" \
	qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 2048 \
		-nographic -no-reboot -monitor none -serial stdio -nic none \
		-kernel "$boot/vmlinuz" -initrd "$boot/initrd.img" \
		-append "root=/dev/vda2 rw console=ttyS0 panic=-1 oops=panic panic_on_warn=1 softlockup_panic=1 systemd.show_status=error" \
		-drive "file=$dir/$release.img,format=raw,if=virtio,snapshot=on" \
		-drive "file=$work/test.img,format=raw,if=virtio" \
		</dev/null 2>&1 | tr -d '\r' | tee "$log" |
	grep --line-buffered -E '^(===|---|ok |run |FAIL|     \||fattr DKMS|booted|FATTR-)|\] (WARNING|BUG|Oops|Kernel panic)' || true
t_end=$(date +%s)

bad='\] (WARNING:|BUG:|Oops|Kernel panic|INFO: task .* blocked)|------------\[ cut here \]'
result=PASS
if grep -Eq "$bad" "$log"; then
	echo "dkms-test $tag ($release): the kernel complained:" >&2
	grep -E "$bad" "$log" | head -n 5 >&2
	result=FAIL
fi
grep -q '^FATTR-DKMS-RESULT: PASS' "$log" || result=FAIL
grep -q '^FATTR-DKMS-EXIT: 0$' "$log" || result=FAIL
if ! grep -q '^FATTR-DKMS-RESULT: ' "$log"; then
	echo "dkms-test $tag ($release): FAIL [boot]: the test gave no result" \
	     "(the VM did not boot, hung or was killed after" \
	     "${FATTR_VM_TIMEOUT:-3600} s; see $log)" >&2
fi

times=$(sed -n 's/^FATTR-DKMS-TIMES: *//p' "$log" | tail -n 1)
echo "dkms-test $tag ($release): image $((t_image - t0)) s, package $((t_deb - t_image)) s," \
     "VM $((t_end - t_vm)) s (in the VM: ${times:-none}), total $((t_end - t0)) s"
echo "dkms-test $tag ($release): $result (kernel $rel; console in $log)"
[ $result = PASS ]
