#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-vm-test.sh: the DKMS and Debian package scenario, run as root
# inside the Debian 12 or 13 VM of scripts/dkms-test.sh (which puts it on
# the VM's second disk as run.sh, with params, src/ and, for Debian 12,
# the .deb built on the host).  Not for a real machine: it installs and
# removes kernel headers and packages.  The same on both releases (dkms
# 3.0 on Debian 12, 3.2 on 13; Debian 13 has merged /usr, where
# /lib/modules is /usr/lib/modules), but for the step build, on Debian 13
# only.
#
#   setup    the running kernel has its headers, the other kernel none
#   source   dkms add/build/install from the source tree, modprobe,
#            getfattr :mnt:info = /proc/self/mountinfo, modprobe -r,
#            dkms remove --all leaves nothing
#   build    (trixie only) dpkg-buildpackage -us -uc -b in a copy of src/
#            with the release's own dpkg-dev, debhelper and dh-dkms (in
#            the image: the VM has no network); the package step installs
#            that .deb
#   package  apt-get install ./fattr-dkms_*.deb builds for the running
#            kernel, nothing loads at boot, examples/mount-of.sh (dash,
#            bash, busybox sh) on ro and rw mounts, the example
#            modules-load.d file loads it, the man page renders cleanly
#   second   installing the other kernel's headers builds fattr for it
#   remove   apt-get remove fattr-dkms leaves nothing
#
# Prints "FATTR-DKMS-RESULT: PASS" or "FATTR-DKMS-RESULT: FAIL" and the
# time of each step; a failure names the step and the release.

marker=FATTR-DKMS
# shellcheck source=scripts/dkms-vm-lib.sh
. ./lib.sh

# mount-of.sh -f FIELD PATH gives WANT, under the shell SH.
check_example() { # SH PATH FIELD WANT
	got=$($1 "$examples/mount-of.sh" -f "$3" "$2" 2>&1) ||
		fail "$1 mount-of.sh -f $3 '$2' failed: $got"
	[ "$got" = "$4" ] ||
		fail "$1 mount-of.sh -f $3 '$2' = '$got', want '$4'"
}

echo "fattr DKMS test: Debian $(cat /etc/debian_version) ($release), kernel $rel (tag $tag), other kernel $other, fattr $version, $(dkms --version 2>&1)"
echo "booted in $(cut -d' ' -f1 /proc/uptime) s"
orel=$(other_release)
[ -n "$orel" ] || fail "no second kernel in /lib/modules"

begin setup "headers for $rel only"
if ! has_headers "$rel"; then
	run setup-headers.log apt-get -o DPkg::Lock::Timeout=600 install -y -q \
		/var/cache/fattr-debs/"$tag"/*.deb
fi
if has_headers "$orel"; then
	# shellcheck disable=SC2046
	run setup-remove.log apt-get -o DPkg::Lock::Timeout=600 remove -y -q $(packages_of /var/cache/fattr-debs/"$other")
fi
has_headers "$rel" || fail "no headers for $rel"
has_headers "$orel" && fail "headers for $orel still installed"
[ -z "$(fattr_files)" ] || fail "fattr.ko already installed: $(fattr_files)"
ok "kernels: $rel (headers), $orel (no headers)"
end

begin source "dkms add/build/install from the source tree"
run dkms-add.log dkms add "$here/src"
[ -f "/usr/src/fattr-$version/dkms.conf" ] || fail "dkms add did not copy the tree to /usr/src"
run dkms-build.log dkms build "fattr/$version"
run dkms-install.log dkms install "fattr/$version"
dkms status fattr | grep -q "^fattr/$version, $rel, x86_64: installed" ||
	fail "dkms status: $(dkms status fattr)"
ko=$(modinfo -n fattr 2>&1) || fail "modinfo fattr: $ko"
case $ko in
/lib/modules/"$rel"/updates/dkms/fattr.ko* | \
/usr/lib/modules/"$rel"/updates/dkms/fattr.ko*) ok "installed $ko" ;;
*) fail "modinfo -n fattr = $ko" ;;
esac
run modprobe.log modprobe fattr
grep -q '^fattr ' /proc/modules || fail "fattr not loaded"
check_mnt_info /
check_mnt_info /proc
run modprobe-r.log modprobe -r fattr
grep -q '^fattr ' /proc/modules && fail "fattr still loaded"
getfattr --only-values -n :mnt:info / >/dev/null 2>&1 &&
	fail ":mnt:info still answers after modprobe -r"
run dkms-remove.log dkms remove "fattr/$version" --all
[ -e /var/lib/dkms/fattr ] && fail "/var/lib/dkms/fattr left behind"
[ -z "$(fattr_files)" ] || fail "left behind: $(fattr_files)"
modinfo fattr >/dev/null 2>&1 && fail "modinfo still finds fattr"
ok "dkms remove --all: no /var/lib/dkms/fattr, no fattr.ko under /lib/modules"
# dkms add copied the tree to /usr/src; dkms never removes that copy.
rm -rf "/usr/src/fattr-$version"
end

build_step

begin package "apt-get install ./$(basename "$deb")"
[ -f "$deb" ] || fail "no package $deb"
run apt-install.log apt-get -o DPkg::Lock::Timeout=600 install -y -q "$deb"
sed -n '/Building for/,$p' "$logs/apt-install.log" | sed 's/^/     | /'
dkms status fattr | grep -q "^fattr/$version, $rel, x86_64: installed" ||
	fail "not installed for $rel: $(dkms status fattr)"
ls /lib/modules/"$rel"/updates/dkms/fattr.ko* >/dev/null 2>&1 ||
	fail "no fattr.ko in /lib/modules/$rel/updates/dkms"
[ -z "$(find /lib/modules/"$orel" -name 'fattr.ko*')" ] ||
	fail "built for $orel, which has no headers"
ok "dkms status: $(dkms status fattr | tr '\n' ';')"
grep -q '^fattr ' /proc/modules && fail "installing the package loaded fattr"
[ -e /etc/modules-load.d/fattr.conf ] && fail "/etc/modules-load.d/fattr.conf installed"
[ -f "$examples/fattr.conf" ] || fail "no $examples/fattr.conf"
ok "not loaded, nothing in /etc/modules-load.d"

run modprobe2.log modprobe fattr
check_mnt_info /

# The example, on the root, a read-only tmpfs (source and mount point
# with a space), and a read-only bind of a writable tmpfs.
mkdir -p "/mnt/ro dir" /mnt/rw /mnt/robind
mount -t tmpfs -o ro,size=1m "fattr src" "/mnt/ro dir" || fail "mount ro tmpfs"
mount -t tmpfs -o size=1m fattr-rw /mnt/rw || fail "mount rw tmpfs"
mount --bind /mnt/rw /mnt/robind || fail "bind mount"
mount -o remount,bind,ro /mnt/robind || fail "read-only bind mount"
# busybox sh with busybox's own awk, as in a busybox-only system.
mkdir -p /tmp/bb
for a in sh awk cat printf; do ln -sf /bin/busybox /tmp/bb/$a; done
ln -sf /usr/bin/getfattr /tmp/bb/getfattr
rootdev=$(awk '$5 == "/" { s = $(NF - 1) } END { print s }' /proc/self/mountinfo)
for sh in dash bash "env PATH=/tmp/bb sh"; do
	check_example "$sh" / mountpoint /
	check_example "$sh" /etc mountpoint /
	check_example "$sh" / fstype ext4
	check_example "$sh" / source "$rootdev"
	check_example "$sh" / readonly no
	check_example "$sh" "/mnt/ro dir" readonly yes
	check_example "$sh" "/mnt/ro dir" source "fattr src"
	check_example "$sh" "/mnt/ro dir" mountpoint "/mnt/ro dir"
	check_example "$sh" "/mnt/ro dir" fstype tmpfs
	check_example "$sh" /mnt/rw readonly no
	check_example "$sh" /mnt/robind readonly yes
	check_example "$sh" /mnt/robind options "$(awk '$5 == "/mnt/robind" { o = $6 } END { print o }' /proc/self/mountinfo)"
	check_example "$sh" /proc fstype proc
	ok "mount-of.sh under $sh"
done
sh "$examples/mount-of.sh" "/mnt/ro dir" | sed 's/^/     | /'
umount /mnt/robind /mnt/rw "/mnt/ro dir"

# Opting in to loading at boot: the example file, as systemd reads it.
run modprobe-r2.log modprobe -r fattr
cp "$examples/fattr.conf" /etc/modules-load.d/fattr.conf
run modules-load.log systemctl restart systemd-modules-load.service
grep -q '^fattr ' /proc/modules || fail "fattr.conf in /etc/modules-load.d did not load fattr"
rm /etc/modules-load.d/fattr.conf
run modprobe-r3.log modprobe -r fattr
ok "examples/fattr.conf loads fattr through systemd-modules-load"

# The man page: where man finds it, and rendered without a warning.
page=$(man -w 7 fattr 2>&1) || fail "man -w 7 fattr: $page"
[ "$page" = /usr/share/man/man7/fattr.7.gz ] || fail "man -w 7 fattr = $page"
MANWIDTH=80 man --warnings -l "$page" >"$logs/man.out" 2>"$logs/man.err" ||
	fail "man -l $page failed: $(cat "$logs/man.err")"
[ -s "$logs/man.err" ] && fail "man --warnings: $(cat "$logs/man.err")"
grep -q 'fattr' "$logs/man.out" || fail "man page has no 'fattr'"
MANWIDTH=80 man 7 fattr 2>&1 | head -n 8 | sed 's/^/     | /'
ok "man 7 fattr: $(wc -l <"$logs/man.out") lines, no warnings"
end

begin second "headers of $orel installed afterwards"
run second-headers.log apt-get -o DPkg::Lock::Timeout=600 install -y -q /var/cache/fattr-debs/"$other"/*.deb
sed -n '/dkms/,$p' "$logs/second-headers.log" | head -n 12 | sed 's/^/     | /'
dkms status fattr | grep -q "^fattr/$version, $orel, x86_64: installed" ||
	fail "not installed for $orel: $(dkms status fattr)"
f=$(find /lib/modules/"$orel"/updates/dkms -name 'fattr.ko*')
[ -n "$f" ] || fail "no fattr.ko for $orel"
v=$(modinfo -F vermagic "$f" | cut -d' ' -f1)
[ "$v" = "$orel" ] || fail "$f has vermagic $v"
ok "built for $orel: $f"
end

begin remove "apt-get remove fattr-dkms"
run apt-remove.log apt-get -o DPkg::Lock::Timeout=600 remove -y -q fattr-dkms
[ -e /var/lib/dkms/fattr ] && fail "/var/lib/dkms/fattr left behind"
[ -z "$(fattr_files)" ] || fail "left behind: $(fattr_files)"
[ -e "/usr/src/fattr-$version" ] && fail "/usr/src/fattr-$version left behind"
modinfo fattr >/dev/null 2>&1 && fail "modinfo still finds fattr"
ok "nothing left in /var/lib/dkms, /lib/modules, /usr/src"
end

check_dmesg_clean
dmesg | grep -i fattr | tail -n 5 | sed 's/^/     | /'

result PASS
