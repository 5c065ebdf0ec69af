#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-image.sh RELEASE
#
# Builds the Debian RELEASE system (bookworm: Debian 12, trixie: Debian
# 13) that scripts/dkms-test.sh and scripts/sb-test.sh boot, unless it is
# already in the cache ($FATTR_CACHE/dkms, FATTR_CACHE defaulting to
# /var/cache/fattr), which holds one image per release:
#
#   RELEASE.img          a GPT disk as Debian's installer makes it for
#                        UEFI: partition 1 the EFI system partition
#                        (FAT, label FATTR-ESP, mounted on /boot/efi),
#                        partition 2 the ext4 root (label fattr-root),
#                        made with debootstrap, mkfs.ext4 -d and mtools
#                        (no loop device); the tests boot it with
#                        snapshot=on or through a qcow2 overlay, so it
#                        never changes
#   RELEASE.recipe       the recipe it was built with (see below)
#   boot/TAG/vmlinuz     the image's own /boot/vmlinuz-REL and
#   boot/TAG/initrd.img  /boot/initrd.img-REL (initramfs-tools) for each
#   boot/TAG/release     kernel TAG of the image, and its release
#
# The image is what a Debian user has who uses DKMS: the stock kernel
# with its headers (and their metapackage, linux-headers-amd64), dkms, build-essential (the release's own gcc: 12 on
# bookworm, 14 on trixie), attr (getfattr), man-db, busybox (to run
# the examples under busybox sh too), openssl (dkms makes its signing key
# with it; a user gets it as dkms's recommendation), and the Secure Boot
# chain as the installer sets it up: shim-signed, grub-efi-amd64-signed,
# grub-efi-amd64 (update-grub) and mokutil.  The ESP holds, as
# `grub-install --uefi-secure-boot --removable` lays it out, the signed
# shim as EFI/BOOT/BOOTX64.EFI, the signed GRUB and MokManager beside it,
# and a grub.cfg that finds the root by UUID; /boot/grub/grub.cfg boots
# the first kernel (update-grub inside the VM rewrites it).  The trixie image has the build
# dependencies of debian/control as well (dpkg-dev, debhelper, dh-dkms):
# the fattr-dkms package is built inside its VM, which has no network.
# Both have autopkgtest, autodep8 and what the package's tests depend
# on (dctrl-tools, linux-doc), for scripts/autopkgtest-test.sh.
# A second kernel is installed as well, without headers.  The kernels, by tag:
#
#   bookworm  6.1    linux-image-amd64 (bookworm, with security updates)
#             6.12   linux-image-amd64 of bookworm-backports (second)
#   trixie    trixie linux-image-amd64 (trixie, with security updates)
#             trixie-cloud  linux-image-cloud-amd64 of trixie (second:
#                    the same 6.12, another release string; fattr does
#                    not support trixie-backports' newer kernel yet)
#
# The .debs of both kernels' headers wait in /var/cache/fattr-debs/TAG,
# to be installed inside the VM, which has no network.  A systemd unit
# runs the test that scripts/dkms-test.sh passes on a second disk (see
# dkms-test.sh); without that disk it does nothing.
#
# Run as root on Debian 12; installs debootstrap and e2fsprogs if needed.
# The mirror is the one this machine's apt uses for bookworm/main (it
# serves trixie too; debootstrap checks trixie's signature with the
# host's debian-archive-keyring).  Takes about 10 minutes and 3 GB of
# disk per release.

set -eu

release=${1:?usage: dkms-image.sh bookworm|trixie}
# Per release: Debian's version, the tags of the two kernels (the first
# has its headers installed), and the recipe: bump it when the image's
# recipe changes, and a cached image of another recipe is rebuilt.
case $release in
bookworm) debian=12 tag1=6.1 tag2=6.12 recipe=5 ;;
trixie)	debian=13 tag1=trixie tag2=trixie-cloud recipe=4 ;;
*)	echo "dkms-image: unknown release $release (known: bookworm, trixie)" >&2
	exit 2 ;;
esac

cache=${FATTR_CACHE:-/var/cache/fattr}
out=$cache/dkms
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

fail() {
	echo "dkms-image $release (Debian $debian): $*" >&2
	exit 1
}

if [ -f "$out/$release.img" ] &&
   [ "$(cat "$out/$release.recipe" 2>/dev/null)" = "$recipe" ] &&
   [ -f "$out/boot/$tag1/release" ] && [ -f "$out/boot/$tag2/release" ]; then
	exit 0
fi

[ "$(id -u)" = 0 ] || fail "must run as root (debootstrap, chroot)"

export DEBIAN_FRONTEND=noninteractive
need=
command -v debootstrap >/dev/null || need="$need debootstrap"
command -v mkfs.ext4 >/dev/null || need="$need e2fsprogs"
command -v sfdisk >/dev/null || need="$need fdisk"
command -v mkfs.vfat >/dev/null || need="$need dosfstools"
command -v mcopy >/dev/null || need="$need mtools"
if [ -n "$need" ]; then
	# shellcheck disable=SC2086
	"$(dirname "$0")/apt-get.sh" install -y -q --no-install-recommends $need >/dev/null ||
		fail "apt-get install$need failed"
fi

# The mirrors this machine uses, read from apt: never written in the repo.
mirror=$("$(dirname "$0")/mirror.sh") || fail "apt knows no mirror for bookworm/main"
security=$(apt-cache policy |
	awk '$3 == "bookworm-security/main" { print $2; exit }')

[ -f "$keyring" ] || fail "no $keyring (apt-get install debian-archive-keyring)"

mkdir -p "$out"
root=$out/$release.root.tmp
cleanup() {
	for m in dev/pts dev proc sys; do
		if mountpoint -q "$root/$m" 2>/dev/null; then
			umount "$root/$m" || umount -l "$root/$m"
		fi
	done
	# Never remove a tree that still has the host's /dev in it.
	if grep -q " $root/" /proc/mounts; then
		echo "dkms-image $release: $root still has mounts, not removed" >&2
	else
		rm -rf "$root"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
cleanup

start=$(date +%s)
echo "dkms-image: debootstrap $release from $mirror" >&2
debootstrap --variant=minbase --include=ca-certificates --keyring="$keyring" \
	"$release" "$root" "$mirror" >"$out/$release.debootstrap.log" 2>&1 ||
	fail "debootstrap failed, see $out/$release.debootstrap.log"

# The security archive serves every release (its URL read from apt for
# bookworm-security).
{
	echo "deb $mirror $release main"
	echo "deb $mirror $release-updates main"
	[ -z "$security" ] || echo "deb $security $release-security main"
	[ "$release" != bookworm ] || echo "deb $mirror bookworm-backports main"
} >"$root/etc/apt/sources.list"
echo "fattr-dkms-vm" >"$root/etc/hostname"
# The root file system's UUID, fixed now: GRUB's configuration names it.
uuid=$(cat /proc/sys/kernel/random/uuid)
{
	echo "UUID=$uuid / ext4 rw,errors=remount-ro 0 1"
	echo "LABEL=FATTR-ESP /boot/efi vfat umask=0077 0 1"
} >"$root/etc/fstab"
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

log=$out/$release.image.log
: >"$log"
in_root apt-get update -q >>"$log" 2>&1 || fail "apt-get update failed, see $log"

# The versioned package behind a metapackage in a suite.
meta_dep() { # SUITE PACKAGE (SUITE "": apt's default candidate)
	v=$(in_root apt-cache ${1:+-t "$1"} policy "$2" | awk '/Candidate:/ { print $2 }')
	in_root apt-cache show "$2=$v" |
		sed -n 's/^Depends: \([^ ,]*\).*/\1/p' | head -n 1
}
# The release's kernel as a user with security updates has it: the
# default candidate, not the release's own (-t bookworm would prefer an
# older one).  The second kernel: bookworm-backports' on bookworm (a
# newer series), the cloud flavor of the same kernel on trixie.
case $release in
bookworm)
	img1=$(meta_dep "" linux-image-amd64)
	suite2=bookworm-backports img2=$(meta_dep bookworm-backports linux-image-amd64)
	want1='6.1.*' want2='6.12.*' ;;
trixie)
	img1=$(meta_dep "" linux-image-amd64)
	suite2='' img2=$(meta_dep "" linux-image-cloud-amd64)
	want1='6.12.*-amd64' want2='6.12.*-cloud-amd64' ;;
esac
rel1=${img1#linux-image-}
rel2=${img2#linux-image-}
# shellcheck disable=SC2254
case $rel1 in $want1) ;; *) fail "the kernel of tag $tag1 is '$rel1', not $want1" ;; esac
# shellcheck disable=SC2254
case $rel2 in $want2) ;; *) fail "the kernel of tag $tag2 is '$rel2', not $want2" ;; esac
[ "$rel1" != "$rel2" ] || fail "both kernels are $rel1"

echo "dkms-image: installing $img1, its headers, dkms, build tools" >&2
in_root apt-get install -y -q --no-install-recommends \
	systemd-sysv udev kmod procps initramfs-tools \
	"$img1" "linux-headers-$rel1" linux-headers-amd64 \
	dkms build-essential dwarves attr man-db busybox openssl \
	>>"$log" 2>&1 || fail "installing the base packages failed, see $log"

# The Secure Boot chain.  grub-efi-amd64's postinst runs grub-install
# only if /boot/efi/EFI/debian exists, and update-grub only if
# /boot/grub/grub.cfg does: neither exists yet, so nothing probes the
# host's disks from the chroot.
echo "dkms-image: installing shim-signed, grub-efi-amd64-signed, mokutil" >&2
in_root apt-get install -y -q --no-install-recommends \
	shim-signed grub-efi-amd64-signed grub-efi-amd64 mokutil \
	>>"$log" 2>&1 || fail "installing the Secure Boot chain failed, see $log"

# autopkgtest and autodep8 run the package's tests inside the VM
# (scripts/autopkgtest-test.sh), which has no network: the tests'
# dependencies must be installed already.  The generated
# autopkgtest-pkg-dkms test depends on dkms, openssl, dctrl-tools and
# linux-doc; debian/tests/control's own on linux-headers-amd64 (the
# metapackage, installed above with the first kernel's headers) and attr.
echo "dkms-image: installing autopkgtest, autodep8 and the tests' dependencies" >&2
in_root apt-get install -y -q --no-install-recommends \
	autopkgtest autodep8 dctrl-tools linux-doc >>"$log" 2>&1 ||
	fail "installing autopkgtest autodep8 dctrl-tools linux-doc failed, see $log"

# On trixie the package is built inside the VM, which has no network:
# the Build-Depends of debian/control (debhelper-compat 13,
# dh-sequence-dkms) with dpkg-dev.
if [ "$release" = trixie ]; then
	echo "dkms-image: installing the build dependencies of fattr-dkms" >&2
	in_root apt-get install -y -q --no-install-recommends \
		dpkg-dev debhelper dh-dkms >>"$log" 2>&1 ||
		fail "installing dpkg-dev debhelper dh-dkms failed, see $log"
fi

# -t bookworm-backports makes backports' versions the candidates of
# everything: the metapackages of the first kernel stay as they are.
echo "dkms-image: installing $img2${suite2:+ from $suite2}" >&2
in_root apt-mark hold linux-headers-amd64 linux-doc >>"$log" 2>&1 ||
	fail "apt-mark hold failed, see $log"
in_root apt-get install -y -q --no-install-recommends ${suite2:+-t "$suite2"} \
	"$img2" >>"$log" 2>&1 || fail "installing $img2 failed, see $log"
in_root apt-mark unhold linux-headers-amd64 linux-doc >>"$log" 2>&1 ||
	fail "apt-mark unhold failed, see $log"

# The .debs of the first kernel's headers, just installed, kept for the
# test of the second (which removes them, then installs them as its
# second kernel).
mkdir -p "$root/var/cache/fattr-debs/$tag1"
for d in "$root"/var/cache/apt/archives/linux-headers-*.deb \
	 "$root"/var/cache/apt/archives/linux-kbuild-*.deb; do
	cp "$d" "$root/var/cache/fattr-debs/$tag1/" ||
		fail "no $tag1 header .debs in apt's cache"
done

# The headers of the second kernel, with whatever they need that is not
# installed, downloaded for an offline `apt install ./*.deb` in the VM.
in_root apt-get clean
in_root apt-get install -y -q --no-install-recommends --download-only \
	${suite2:+-t "$suite2"} "linux-headers-$rel2" >>"$log" 2>&1 ||
	fail "downloading linux-headers-$rel2 failed, see $log"
mkdir -p "$root/var/cache/fattr-debs/$tag2"
mv "$root"/var/cache/apt/archives/*.deb "$root/var/cache/fattr-debs/$tag2/" ||
	fail "no $tag2 header .debs downloaded"
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
# Runs /dev/vdb's run.sh (from scripts/dkms-test.sh or sb-test.sh), then
# powers off, or reboots if run.sh left a file named reboot there.
mkdir -p /mnt/fattr-test
next=poweroff
if mount /dev/vdb /mnt/fattr-test; then
	cd /mnt/fattr-test && sh ./run.sh
	echo "FATTR-DKMS-EXIT: $?"
	cd /
	if [ -e /mnt/fattr-test/reboot ]; then
		rm -f /mnt/fattr-test/reboot
		next=reboot
	fi
else
	echo "FATTR-DKMS-EXIT: no test disk"
fi
sync
umount /mnt/fattr-test 2>/dev/null
if [ $next = reboot ]; then
	systemctl --no-block reboot
else
	poweroff -f
fi
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
mkdir -p "$root/etc/systemd/system/multi-user.target.wants"
ln -sf /etc/systemd/system/fattr-test.service \
	"$root/etc/systemd/system/multi-user.target.wants/fattr-test.service"
rm -f "$root/usr/sbin/policy-rc.d"

for m in dev/pts dev proc sys; do umount "$root/$m"; done

for t in $tag1 $tag2; do
	if [ "$t" = "$tag1" ]; then rel=$rel1; else rel=$rel2; fi
	rm -rf "${out:?}/boot/$t"
	mkdir -p "$out/boot/$t"
	cp "$root/boot/vmlinuz-$rel" "$out/boot/$t/vmlinuz" ||
		fail "no /boot/vmlinuz-$rel in the image"
	cp "$root/boot/initrd.img-$rel" "$out/boot/$t/initrd.img" ||
		fail "no /boot/initrd.img-$rel in the image"
	echo "$rel" >"$out/boot/$t/release"
done

# GRUB: a short menu; the kernel's console on the serial port.
# update-grub (in the VM) reads this; the grub.cfg written here boots
# the first kernel until it runs.
sed -i -e 's/^GRUB_TIMEOUT=.*/GRUB_TIMEOUT=1/' \
	-e 's/^GRUB_CMDLINE_LINUX_DEFAULT=.*/GRUB_CMDLINE_LINUX_DEFAULT=""/' \
	-e 's/^GRUB_CMDLINE_LINUX=.*/GRUB_CMDLINE_LINUX="console=ttyS0 systemd.show_status=error"/' \
	"$root/etc/default/grub" || fail "no /etc/default/grub in the image"
grep -q '^GRUB_CMDLINE_LINUX="console=ttyS0' "$root/etc/default/grub" ||
	fail "/etc/default/grub has no GRUB_CMDLINE_LINUX line"
mkdir -p "$root/boot/grub"
cat >"$root/boot/grub/grub.cfg" <<EOF
# Written by scripts/dkms-image.sh; update-grub replaces it.
set timeout=1
search --no-floppy --fs-uuid --set=root $uuid
menuentry 'Debian GNU/Linux, with Linux $rel1' {
	linux /boot/vmlinuz-$rel1 root=UUID=$uuid ro console=ttyS0 systemd.show_status=error
	initrd /boot/initrd.img-$rel1
}
EOF

# The ESP, as grub-install --uefi-secure-boot --removable lays it out:
# the firmware starts EFI/BOOT/BOOTX64.EFI (shim, signed by Microsoft's
# UEFI CA), shim starts grubx64.efi (signed by Debian) from its own
# directory, or mmx64.efi (MokManager) when a MOK request is pending.
# No fbx64.efi: shim would run the fallback, which makes boot entries.
# Signed GRUB reads grub.cfg from EFI/debian (its prefix) or its own
# directory.
esp=$out/$release.esp.tmp
esp_mb=64
rm -f "$esp"
mkfs.vfat -C -n FATTR-ESP "$esp" $((esp_mb * 1024)) >/dev/null ||
	fail "mkfs.vfat of the ESP failed"
stub=$out/$release.stub.cfg
# shellcheck disable=SC2016
printf 'search --no-floppy --fs-uuid --set=root %s\nset prefix=($root)/boot/grub\nconfigfile $prefix/grub.cfg\n' \
	"$uuid" >"$stub"
mmd -i "$esp" ::/EFI ::/EFI/BOOT ::/EFI/debian &&
mcopy -i "$esp" "$root/usr/lib/shim/shimx64.efi.signed" ::/EFI/BOOT/BOOTX64.EFI &&
mcopy -i "$esp" "$root/usr/lib/shim/mmx64.efi.signed" ::/EFI/BOOT/mmx64.efi &&
mcopy -i "$esp" "$root/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed" ::/EFI/BOOT/grubx64.efi &&
mcopy -i "$esp" "$stub" ::/EFI/BOOT/grub.cfg &&
mcopy -i "$esp" "$stub" ::/EFI/debian/grub.cfg ||
	fail "copying shim and GRUB to the ESP failed"
rm -f "$stub"
mkdir -p "$root/boot/efi"

# Room for the builds and the second kernel's headers inside the VM.
mb=$(du -sm "$root" | cut -f1)
mb=$((mb + 2048))
img=$out/$release.img
fs=$out/$release.root.tmp.img
rm -f "$img.tmp" "$fs"
truncate -s "${mb}M" "$fs"
mkfs.ext4 -q -F -L fattr-root -U "$uuid" -d "$root" "$fs" ||
	fail "mkfs.ext4 -d failed"
# The disk: 1 MiB for the GPT, the ESP, the root, 1 MiB for the backup
# GPT; sfdisk writes the table into the file, dd the file systems.
truncate -s $((1 + esp_mb + mb + 1))M "$img.tmp"
printf 'label: gpt\nstart=1MiB, size=%sMiB, type=U, name=ESP\nsize=%sMiB, type=L, name=root\n' \
	"$esp_mb" "$mb" | sfdisk -q "$img.tmp" >>"$log" 2>&1 ||
	fail "sfdisk failed, see $log"
dd if="$esp" of="$img.tmp" bs=1M seek=1 conv=notrunc,sparse status=none &&
dd if="$fs" of="$img.tmp" bs=1M seek=$((1 + esp_mb)) conv=notrunc,sparse status=none ||
	fail "writing the partitions failed"
rm -f "$esp" "$fs"
mv "$img.tmp" "$img"
echo "$recipe" >"$out/$release.recipe"
echo "dkms-image: $img ($mb MB, kernels $rel1 $rel2)" \
     "built in $(($(date +%s) - start)) s" >&2
