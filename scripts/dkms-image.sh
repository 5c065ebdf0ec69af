#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-image.sh
#
# Builds the Debian 12 system that scripts/dkms-test.sh boots, unless it
# is already in the cache ($FATTR_CACHE/dkms, FATTR_CACHE defaulting to
# /var/cache/fattr):
#
#   bookworm.img         ext4 root file system (no partition table), made
#                        with debootstrap and mkfs.ext4 -d; the tests boot
#                        it with snapshot=on, so it never changes
#   boot/TAG/vmlinuz     the image's own /boot/vmlinuz-REL and
#   boot/TAG/initrd.img  /boot/initrd.img-REL (initramfs-tools) for each
#   boot/TAG/release     kernel TAG (6.1, 6.12), and its release
#
# The image is what a Debian 12 user has who uses DKMS: the stock kernel
# 6.1 with its headers, dkms, build-essential, attr (getfattr), man-db,
# and busybox (to run the examples under busybox sh too).  The kernel
# 6.12 from bookworm-backports is installed as well, without headers.
# The .debs of both kernels' headers wait in /var/cache/fattr-debs/TAG,
# to be installed inside the VM, which has no network.  A systemd unit runs the
# test that scripts/dkms-test.sh passes on a second disk (see
# dkms-test.sh); without that disk it does nothing.
#
# Run as root on Debian 12; installs debootstrap and e2fsprogs if needed.
# The mirror is the one this machine's apt uses for bookworm/main.  Takes
# about 10 minutes and 3 GB of disk.

set -eu

# Bump when the image's recipe changes: a cached image of another
# version is rebuilt.
recipe=3

cache=${FATTR_CACHE:-/var/cache/fattr}
out=$cache/dkms

fail() {
	echo "dkms-image: $*" >&2
	exit 1
}

if [ -f "$out/bookworm.img" ] && [ "$(cat "$out/recipe" 2>/dev/null)" = "$recipe" ]; then
	exit 0
fi

[ "$(id -u)" = 0 ] || fail "must run as root (debootstrap, chroot)"

export DEBIAN_FRONTEND=noninteractive
need=
command -v debootstrap >/dev/null || need="$need debootstrap"
command -v mkfs.ext4 >/dev/null || need="$need e2fsprogs"
if [ -n "$need" ]; then
	# shellcheck disable=SC2086
	apt-get install -y -q --no-install-recommends $need >/dev/null ||
		fail "apt-get install$need failed"
fi

# The mirrors this machine uses, read from apt: never written in the repo.
mirror=$(apt-cache policy | awk '$3 == "bookworm/main" { print $2; exit }')
[ -n "$mirror" ] || fail "apt knows no mirror for bookworm/main"
security=$(apt-cache policy |
	awk '$3 == "bookworm-security/main" { print $2; exit }')

mkdir -p "$out"
root=$out/root.tmp
cleanup() {
	for m in dev/pts dev proc sys; do
		if mountpoint -q "$root/$m" 2>/dev/null; then
			umount "$root/$m" || umount -l "$root/$m"
		fi
	done
	# Never remove a tree that still has the host's /dev in it.
	if grep -q " $root/" /proc/mounts; then
		echo "dkms-image: $root still has mounts, not removed" >&2
	else
		rm -rf "$root"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
cleanup

start=$(date +%s)
echo "dkms-image: debootstrap bookworm from $mirror" >&2
debootstrap --variant=minbase --include=ca-certificates \
	bookworm "$root" "$mirror" >"$out/debootstrap.log" 2>&1 ||
	fail "debootstrap failed, see $out/debootstrap.log"

{
	echo "deb $mirror bookworm main"
	echo "deb $mirror bookworm-updates main"
	[ -z "$security" ] || echo "deb $security bookworm-security main"
	echo "deb $mirror bookworm-backports main"
} >"$root/etc/apt/sources.list"
echo "fattr-dkms-vm" >"$root/etc/hostname"
echo "/dev/vda / ext4 rw,errors=remount-ro 0 1" >"$root/etc/fstab"
# No daemon may start inside the chroot.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"

mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"

in_root() {
	chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"
}

log=$out/image.log
: >"$log"
in_root apt-get update -q >>"$log" 2>&1 || fail "apt-get update failed, see $log"

# The versioned package behind a metapackage in a suite.
meta_dep() { # SUITE PACKAGE (SUITE "": apt's default candidate)
	v=$(in_root apt-cache ${1:+-t "$1"} policy "$2" | awk '/Candidate:/ { print $2 }')
	in_root apt-cache show "$2=$v" |
		sed -n 's/^Depends: \([^ ,]*\).*/\1/p' | head -n 1
}
# bookworm's kernel as a user with security updates has it: the default
# candidate, not bookworm's (-t bookworm would prefer an older one).
img61=$(meta_dep "" linux-image-amd64)
img612=$(meta_dep bookworm-backports linux-image-amd64)
rel61=${img61#linux-image-}
rel612=${img612#linux-image-}
case $rel61 in 6.1.*) ;; *) fail "bookworm's kernel is $rel61, not 6.1" ;; esac
case $rel612 in 6.12.*) ;; *) fail "bookworm-backports' kernel is $rel612, not 6.12" ;; esac

echo "dkms-image: installing $img61, its headers, dkms, build tools" >&2
in_root apt-get install -y -q --no-install-recommends \
	systemd-sysv udev kmod procps initramfs-tools \
	"$img61" "linux-headers-$rel61" \
	dkms build-essential dwarves attr man-db busybox \
	>>"$log" 2>&1 || fail "installing the base packages failed, see $log"

echo "dkms-image: installing $img612 from bookworm-backports" >&2
in_root apt-get install -y -q --no-install-recommends -t bookworm-backports \
	"$img612" >>"$log" 2>&1 || fail "installing $img612 failed, see $log"

# The .debs of the 6.1 headers, just installed, kept for the test of 6.12
# (which removes them, then installs them as its second kernel).
mkdir -p "$root/var/cache/fattr-debs/6.1"
for d in "$root"/var/cache/apt/archives/linux-headers-*.deb \
	 "$root"/var/cache/apt/archives/linux-kbuild-*.deb; do
	cp "$d" "$root/var/cache/fattr-debs/6.1/" || fail "no 6.1 header .debs in apt's cache"
done

# The headers of 6.12, with whatever they need that is not installed,
# downloaded for an offline `apt install ./*.deb` in the VM.
in_root apt-get clean
in_root apt-get install -y -q --no-install-recommends --download-only \
	-t bookworm-backports "linux-headers-$rel612" >>"$log" 2>&1 ||
	fail "downloading linux-headers-$rel612 failed, see $log"
mkdir -p "$root/var/cache/fattr-debs/6.12"
mv "$root"/var/cache/apt/archives/*.deb "$root/var/cache/fattr-debs/6.12/"
in_root apt-get clean

# Quiet, quick boots: nothing periodic, no login prompts.
for u in apt-daily.timer apt-daily-upgrade.timer man-db.timer \
	 e2scrub_all.timer fstrim.timer dpkg-db-backup.timer \
	 serial-getty@ttyS0.service getty@tty1.service; do
	ln -sf /dev/null "$root/etc/systemd/system/$u"
done

# The test runner: the second disk holds run.sh and what it needs.
cat >"$root/usr/local/sbin/fattr-test-run" <<'EOF'
#!/bin/sh
# Runs /dev/vdb's run.sh (from scripts/dkms-test.sh) and powers off.
mkdir -p /mnt/fattr-test
if mount /dev/vdb /mnt/fattr-test; then
	cd /mnt/fattr-test && sh ./run.sh
	echo "FATTR-DKMS-EXIT: $?"
else
	echo "FATTR-DKMS-EXIT: no test disk"
fi
sync
umount /mnt/fattr-test 2>/dev/null
poweroff -f
EOF
chmod 755 "$root/usr/local/sbin/fattr-test-run"
cat >"$root/etc/systemd/system/fattr-test.service" <<'EOF'
[Unit]
Description=fattr DKMS test from the second disk
ConditionPathExists=/dev/vdb
After=multi-user.target

[Service]
Type=oneshot
ExecStart=/usr/local/sbin/fattr-test-run
StandardOutput=tty
StandardError=inherit
TTYPath=/dev/ttyS0

[Install]
WantedBy=multi-user.target
EOF
ln -sf /etc/systemd/system/fattr-test.service \
	"$root/etc/systemd/system/multi-user.target.wants/fattr-test.service"
rm -f "$root/usr/sbin/policy-rc.d"

for m in dev/pts dev proc sys; do umount "$root/$m"; done

rm -rf "${out:?}/boot"
for t in 6.1 6.12; do
	if [ $t = 6.1 ]; then rel=$rel61; else rel=$rel612; fi
	mkdir -p "$out/boot/$t"
	cp "$root/boot/vmlinuz-$rel" "$out/boot/$t/vmlinuz" ||
		fail "no /boot/vmlinuz-$rel in the image"
	cp "$root/boot/initrd.img-$rel" "$out/boot/$t/initrd.img" ||
		fail "no /boot/initrd.img-$rel in the image"
	echo "$rel" >"$out/boot/$t/release"
done

# Room for the builds and the 6.12 headers inside the VM.
mb=$(du -sm "$root" | cut -f1)
mb=$((mb + 2048))
rm -f "$out/bookworm.img.tmp"
truncate -s "${mb}M" "$out/bookworm.img.tmp"
mkfs.ext4 -q -F -L fattr-root -d "$root" "$out/bookworm.img.tmp" ||
	fail "mkfs.ext4 -d failed"
mv "$out/bookworm.img.tmp" "$out/bookworm.img"
echo "$recipe" >"$out/recipe"
echo "dkms-image: $out/bookworm.img ($mb MB, kernels $rel61 $rel612)" \
     "built in $(($(date +%s) - start)) s" >&2
