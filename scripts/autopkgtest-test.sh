#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# autopkgtest-test.sh TAG [POLICY]
#
# Runs the fattr source package's autopkgtests with autopkgtest itself,
# as Debian's CI would, in a Debian system in QEMU (TCG) running
# Debian's kernel TAG:
#
#   6.1     Debian 12 (bookworm), its stock kernel
#   6.12    Debian 12, the kernel of bookworm-backports
#   trixie  Debian 13 (trixie), its stock kernel (6.12)
#
# POLICY (optional): sig_enforce boots the kernel with
# module.sig_enforce=1, so that it refuses fattr, which dkms signed with
# a key the kernel does not trust (as under Secure Boot before the key is
# enrolled): fattr-load must then say SKIP, not FAIL.
#
#   1. scripts/dkms-image.sh: the Debian image of TAG's release (it has
#      autopkgtest, autodep8 and the tests' dependencies: the VM has no
#      network), cached in $FATTR_CACHE/dkms;
#   2. scripts/dkms-deb.sh: the source package and fattr-dkms_*.deb,
#      checked with lintian at every level;
#   3. boots the image (snapshot: it never changes) with a second disk
#      carrying scripts/autopkgtest-vm.sh, the tree and (Debian 12) the
#      .deb; in the VM, autopkgtest -B DEB TREE -- null runs both tests:
#      fattr-load (debian/tests/control) and dkms-autopkgtest, which
#      autodep8 makes from "Testsuite: autopkgtest-pkg-dkms".  Debian 13
#      builds its .deb in the VM with its own tools.
#
# Prints autopkgtest's summary line of each test and PASS or FAIL:
# PASS when the summary has both tests, dkms-autopkgtest PASS, and
# fattr-load PASS (SKIP with POLICY).  The console is kept in
# $FATTR_CACHE/dkms/logs/autopkgtest-TAG[-POLICY].log, autopkgtest's
# whole log beside it (.autopkgtest.log).  A hung VM is killed after
# $FATTR_VM_TIMEOUT seconds (default 3600).  Run as root on Debian 12.

set -eu

tag=${1:?usage: autopkgtest-test.sh 6.1|6.12|trixie [sig_enforce]}
policy=${2:-}
case $tag in
6.1)	release=bookworm debian=12 other=6.12 ;;
6.12)	release=bookworm debian=12 other=6.1 ;;
trixie)	release=trixie debian=13 other=trixie-cloud ;;
*)	echo "autopkgtest-test: unknown kernel $tag (known: 6.1, 6.12, trixie)" >&2; exit 2 ;;
esac
append=
want_load=PASS
case $policy in
'') ;;
sig_enforce) append=" module.sig_enforce=1" want_load=SKIP ;;
*)	echo "autopkgtest-test: unknown policy $policy (known: sig_enforce)" >&2; exit 2 ;;
esac
name=$tag${policy:+-$policy}

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/dkms

fail() {
	echo "autopkgtest $name (Debian $debian): FAIL: $*" >&2
	exit 1
}

t0=$(date +%s)
missing=
for p in qemu-system-x86 e2fsprogs cpio git; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done
if [ -n "$missing" ]; then
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

sh "$top/scripts/dkms-testdisk.sh" "$top/scripts/autopkgtest-vm.sh" \
	"$tag" "$other" "$release" "$deb" "$work/test.img" ||
	fail "no test disk"

boot=$dir/boot/$tag
rel=$(cat "$boot/release") || fail "no kernel $tag in the $release image"
mkdir -p "$dir/logs"
log=$dir/logs/autopkgtest-$name.log
echo "autopkgtest $name: booting Debian $debian ($release) with $rel${append:+ and$append} (TCG, 2 CPUs, 2 GiB)"
t_vm=$(date +%s)
timeout -s KILL "${FATTR_VM_TIMEOUT:-3600}" \
	qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 2048 \
		-nographic -no-reboot -monitor none -serial stdio -nic none \
		-kernel "$boot/vmlinuz" -initrd "$boot/initrd.img" \
		-append "root=/dev/vda2 rw console=ttyS0 panic=-1 oops=panic panic_on_warn=1 softlockup_panic=1 systemd.show_status=error$append" \
		-drive "file=$dir/$release.img,format=raw,if=virtio,snapshot=on" \
		-drive "file=$work/test.img,format=raw,if=virtio" \
		</dev/null 2>&1 | tr -d '\r' | tee "$log" |
	grep --line-buffered -E '^(===|---|ok |run |FAIL|     [|>!]|fattr autopkgtest|booted|FATTR-)|\] (WARNING|BUG|Oops|Kernel panic)' || true
t_end=$(date +%s)

# autopkgtest's whole log (its output directory's), from the test disk.
debugfs -R "dump logs/autopkgtest-out/log $log.autopkgtest" "$work/test.img" >/dev/null 2>&1 ||
	rm -f "$log.autopkgtest"

bad='\] (WARNING:|BUG:|Oops|Kernel panic|INFO: task .* blocked)|------------\[ cut here \]'
result=PASS
why=
if grep -Eq "$bad" "$log"; then
	echo "autopkgtest $name: the kernel complained:" >&2
	grep -E "$bad" "$log" | head -n 5 >&2
	result=FAIL why="kernel"
fi
grep -q '^FATTR-APT-RESULT: PASS' "$log" || { result=FAIL; why="$why run"; }
grep -q '^FATTR-DKMS-EXIT: 0$' "$log" || { result=FAIL; why="$why exit"; }
if ! grep -q '^FATTR-APT-RESULT: ' "$log"; then
	echo "autopkgtest $name: FAIL [boot]: the VM gave no result" \
	     "(it did not boot, hung or was killed after" \
	     "${FATTR_VM_TIMEOUT:-3600} s; see $log)" >&2
fi
# autopkgtest's verdict on each test: its summary line's second word.
verdict() {
	sed -n "s/^FATTR-APT-SUMMARY: $1 *\([A-Z]*\).*/\1/p" "$log" | tail -n 1
}
load=$(verdict fattr-load)
build=$(verdict dkms-autopkgtest)
[ "$load" = "$want_load" ] || { result=FAIL; why="$why fattr-load=${load:-none}(want $want_load)"; }
[ "$build" = PASS ] || { result=FAIL; why="$why dkms-autopkgtest=${build:-none}(want PASS)"; }

sed -n 's/^FATTR-APT-SUMMARY: /autopkgtest '"$name"': summary: /p' "$log"
status=$(sed -n 's/^FATTR-APT-STATUS: //p' "$log" | tail -n 1)
times=$(sed -n 's/^FATTR-APT-TIMES: *//p' "$log" | tail -n 1)
echo "autopkgtest $name: image $((t_image - t0)) s, package $((t_deb - t_image)) s," \
     "VM $((t_end - t_vm)) s (in the VM: ${times:-none}), total $((t_end - t0)) s"
echo "autopkgtest $name ($release): $result (autopkgtest exit ${status:-none}; fattr-load ${load:-none}, dkms-autopkgtest ${build:-none}${why:+; wrong:$why}; kernel $rel; console in $log)"
[ $result = PASS ]
