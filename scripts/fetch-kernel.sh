#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fetch-kernel.sh TAG
#
# Makes Debian's kernel TAG ready for the VM tests:
#   - installs its headers at /usr/src/linux-headers-REL of the system
#     that builds for it (Debian's header packages hard-code /usr/src
#     paths, so they cannot live elsewhere): this machine for Debian 12's
#     kernels; for the others a chroot of their own Debian release
#     (scripts/debian-chroot.sh), whose compiler their headers need;
#   - unpacks its image into $FATTR_CACHE/kernels/TAG/ (the kernel only;
#     the test VMs need no modules from it).
# Writes, in $FATTR_CACHE/kernels/TAG/:
#   vmlinuz   the kernel as Debian ships it (arm64: a gzip'd Image;
#             riscv64: an Image; ppc64el: the ELF vmlinux; s390x: the
#             compressed image), which QEMU's -kernel boots;
#   release   its release, REL;
#   arch      its Debian architecture (scripts/arch.sh);
#   fallback  only if REL is not the release apt offers today: which
#             release that was, and why it was not tested (below);
#   root      the root directory of the system that builds modules for
#             it: "/" or the chroot.  vm-test.sh builds there, with
#             scripts/chroot-run.sh unless it is "/".
# Prints nothing on stdout but the kernel release; any failure names
# the kernel and the step on stderr, and exits non-zero.
#
# TAGs (scripts/kernels.sh lists them, with the make targets that run
# them):
#   5.10           Debian 11's (bullseye), built in a bullseye chroot
#   6.1            Debian 12's (bookworm), built here
#   6.12           bookworm-backports', built here
#   trixie         Debian 13's 6.12, in a trixie chroot; trixie-rt and
#                  trixie-cloud: its rt and cloud flavors
#   sid            Debian unstable's newest, in a sid chroot
#   newest         the highest kernel among sid, trixie-backports and
#                  experimental, picked now, built in the chroot of its
#                  suite (trixie for trixie-backports, else sid);
#                  newest-rt and newest-cloud: its flavors
#   arm64-trixie   Debian 13's arm64 6.12, cross-built in the trixie chroot
#   arm64-newest   the newest arm64 kernel, picked as for newest
#   ARCH-trixie, ARCH-newest   the same for ARCH riscv64, ppc64el (the
#                  powerpc64le flavor, 4 KiB pages), ppc64el-64k (its
#                  64 KiB page flavor) and s390x
#   debug          a 6.1 with KASAN, lockdep, kmemleak (debug-kernel.sh)
#   debug-6.12     the same from Debian 13's linux-source-6.12, built in
#                  the trixie chroot (debug-kernel.sh 6.12)
#   debug-newest   the same from the newest suite's linux-source (7.x),
#                  built in that suite's chroot (debug-kernel.sh newest)
# The backports suite is added to this machine's apt, for 6.12, from the
# mirror this machine already uses.

set -eu

tag=${1:?usage: fetch-kernel.sh TAG (see scripts/kernels.sh)}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
dir=$cache/kernels/$tag

fail() {
	echo "fetch-kernel: kernel $tag: $*" >&2
	exit 1
}

# Writes file $1 of $dir with the contents $2, whole or not at all.
put() {
	mkdir -p "$dir"
	printf '%s\n' "$2" >"$dir/$1.tmp" && mv "$dir/$1.tmp" "$dir/$1"
}

# The debug kernels (KASAN, lockdep, kmemleak) are built by
# debug-kernel.sh, which writes root, the system it built on (this
# machine for debug, a chroot for debug-6.12 and debug-newest); the
# build tree is linked where vm-test.sh looks for headers there.
case $tag in
debug|debug-6.12|debug-newest)
	case $tag in
	debug) v=6.1 ;;
	*) v=${tag#debug-} ;;
	esac
	rel=$("$top/scripts/debug-kernel.sh" "$v") || fail "building it failed"
	root=$(cat "$dir/root")
	ln -sfn "$(cat "$dir/kdir")" "${root%/}/usr/src/linux-headers-$rel"
	put arch amd64
	echo "$rel"
	exit 0
	;;
esac

# system: "host" or the chroot's suite; suite: where the kernel comes
# from ("pick": the newest of sid, trixie-backports, experimental);
# flavor: the linux-image-FLAVOR metapackage's.
case $tag in
5.10)		system=bullseye suite=bullseye flavor=amd64 ;;
6.1)		system=host suite=bookworm flavor=amd64 ;;
6.12)		system=host suite=bookworm-backports flavor=amd64 ;;
trixie)		system=trixie suite=trixie flavor=amd64 ;;
trixie-rt)	system=trixie suite=trixie flavor=rt-amd64 ;;
trixie-cloud)	system=trixie suite=trixie flavor=cloud-amd64 ;;
sid)		system=sid suite=sid flavor=amd64 ;;
newest)		system=pick suite=pick flavor=amd64 ;;
newest-rt)	system=pick suite=pick flavor=rt-amd64 ;;
newest-cloud)	system=pick suite=pick flavor=cloud-amd64 ;;
arm64-trixie)	system=trixie suite=trixie flavor=arm64 ;;
arm64-newest)	system=pick suite=pick flavor=arm64 ;;
riscv64-trixie)	system=trixie suite=trixie flavor=riscv64 ;;
riscv64-newest)	system=pick suite=pick flavor=riscv64 ;;
ppc64el-trixie)	system=trixie suite=trixie flavor=powerpc64le ;;
ppc64el-newest)	system=pick suite=pick flavor=powerpc64le ;;
ppc64el-64k-trixie) system=trixie suite=trixie flavor=powerpc64le-64k ;;
ppc64el-64k-newest) system=pick suite=pick flavor=powerpc64le-64k ;;
s390x-trixie)	system=trixie suite=trixie flavor=s390x ;;
s390x-newest)	system=pick suite=pick flavor=s390x ;;
*)	fail "unknown kernel (see scripts/kernels.sh)" ;;
esac
. "$top/scripts/arch.sh"
arch=$(arch_of_flavor "$flavor")
arch_set "$arch"
# The architecture qualifier of foreign packages in an amd64 system.
q=
[ "$arch" = amd64 ] || q=:$arch

if [ "$suite" = pick ]; then
	picked=$("$top/scripts/newest-kernel.sh" "$flavor") ||
		fail "cannot tell the newest $flavor kernel"
	# shellcheck disable=SC2086
	set -- $picked
	suite=$1
	system=$3
	echo "fetch-kernel: $tag is $suite's $2" >&2
fi

export DEBIAN_FRONTEND=noninteractive

if [ "$system" = host ]; then
	root=/
	# Already fetched and still installed?
	if [ -f "$dir/release" ] && [ -f "$dir/vmlinuz" ]; then
		rel=$(cat "$dir/release")
		if [ -f "/usr/src/linux-headers-$rel/Makefile" ]; then
			put root /
			put arch "$arch"
			echo "$rel"
			exit 0
		fi
	fi
	if [ "$suite" != bookworm ] &&
	   ! apt-cache policy | grep -q " $suite/main "; then
		m=$("$top/scripts/mirror.sh") ||
			fail "no mirror in apt sources to add $suite from"
		echo "deb $m $suite main" >"/etc/apt/sources.list.d/fattr-$suite.list"
		apt-get update -q >/dev/null || fail "apt-get update for $suite failed"
	fi
	sys() { "$@"; }
else
	extra=
	[ "$arch" = amd64 ] || extra=binutils-$arch_triplet
	root=$("$top/scripts/debian-chroot.sh" "$system" $extra) ||
		fail "preparing the $system chroot failed (see above)"
	sys() { "$top/scripts/chroot-run.sh" "$root" "$@"; }
fi

# apt's -t for the suite: none for the suite a system is of (bookworm's
# newest kernel may be in bookworm-security); others by name.
target=
case $suite in
bookworm|bullseye|trixie|sid) ;;
*) target="-t $suite" ;;
esac

# The packages that package $1 depends on, one a line (the first of any
# alternatives), of the version apt would install.
deps() {
	# shellcheck disable=SC2086
	v=$(sys apt-cache $target policy "$1" | awk '/Candidate:/ { print $2 }')
	case $v in ""|"(none)") fail "$1 not found in $suite" ;; esac
	sys apt-cache show "$1=$v" | sed -n 's/^Depends: //p' | head -n 1 |
		tr ',' '\n' | sed 's/^ *//; s/[ (|].*//'
}

# The release: what the headers metapackage depends on.
hdr=$(deps "linux-headers-$flavor$q" | grep -m 1 '^linux-headers-' |
	grep -v -- '-common$' || :)
rel=${hdr#linux-headers-}
case $hdr in
linux-headers-?*) ;;
*) fail "cannot tell which headers linux-headers-$flavor depends on" ;;
esac

# The mirror may lack a foreign architecture's newest build for a while
# (seen: 6.12.117 and 7.3.4 for ppc64el and s390x answered 404 while the
# package lists named them): then the newest older release of the same
# flavor in the lists whose headers can be had is tested instead, and
# $dir/fallback says so.  Tried newest first, none newer than REL; one
# already unpacked in $root counts as had.
fallback=
if [ "$arch" != amd64 ]; then
	want=$rel found=
	for c in $rel $(sys apt-cache pkgnames linux-headers- |
		grep -E "^linux-headers-[0-9][0-9a-z.~+]*(-[0-9]+)?-$flavor\$" |
		sed 's/^linux-headers-//' | grep -vFx "$rel" | sort -rV); do
		dpkg --compare-versions "${c%-"$flavor"}" le "${rel%-"$flavor"}" || continue
		# shellcheck disable=SC2016
		if [ -f "$root/usr/src/linux-headers-$c/Makefile" ] ||
		   sys sh -c 'set -e
			rm -rf /var/tmp/fattr-probe && mkdir -p /var/tmp/fattr-probe
			cd /var/tmp/fattr-probe && chown _apt .
			trap "cd / && rm -rf /var/tmp/fattr-probe" EXIT
			apt-get download -q "$1" >/dev/null 2>&1' sh "linux-headers-$c$q"; then
			rel=$c found=1
			break
		fi
		echo "fetch-kernel: $tag: linux-headers-$c$q cannot be downloaded now" >&2
	done
	[ -n "$found" ] ||
		fail "no downloadable headers for $flavor at or below $want"
	if [ "$rel" != "$want" ]; then
		fallback="$want is in the package lists but not on the mirror; tested $rel, the newest older release there"
		echo "fetch-kernel: $tag: $fallback" >&2
		hdr=linux-headers-$rel
	fi
fi

# The headers.  For amd64, apt installs them.  Foreign headers (arm64,
# riscv64, ...) depend on that architecture's gcc, which cannot be
# installed beside the amd64 one: their
# files are unpacked instead, with the amd64 linux-kbuild (Multi-Arch:
# foreign) and the cross compiler of the gcc they name, gcc-N (the
# headers' Makefile sets CROSS_COMPILE=aarch64-linux-gnu- and
# CC=aarch64-linux-gnu-gcc-N itself).
if [ "$arch" = amd64 ]; then
	# shellcheck disable=SC2086
	sys apt-get -o DPkg::Lock::Timeout=600 install -y -q $target "$hdr" >/dev/null ||
		fail "installing $hdr from $suite failed"
elif [ ! -f "$root/usr/src/$hdr/Makefile" ]; then
	hdeps=$(deps "$hdr$q")
	common=$(echo "$hdeps" | grep -m 1 '^linux-headers-.*-common$') ||
		fail "$hdr depends on no linux-headers-*-common"
	kbuild=$(echo "$hdeps" | grep -m 1 '^linux-kbuild-') ||
		fail "$hdr depends on no linux-kbuild-*"
	gcc=$(echo "$hdeps" | sed -n 's/^\(gcc-[0-9]*\).*/\1/p' | head -n 1)
	[ -n "$gcc" ] || fail "$hdr names no gcc-N"
	# shellcheck disable=SC2086
	sys apt-get -o DPkg::Lock::Timeout=600 install -y -q $target "$kbuild" "$gcc-$arch_triplet" \
		>/dev/null || fail "installing $kbuild and $gcc-$arch_triplet failed"
	# shellcheck disable=SC2016,SC2086
	sys sh -c 'set -e
		rm -rf /var/tmp/fattr-hdr && mkdir -p /var/tmp/fattr-hdr
		cd /var/tmp/fattr-hdr && chown _apt .
		apt-get download -q $1 "$2$3" "$4" >/dev/null
		# Not dpkg-deb -x: it would replace the /lib symlink of a
		# merged-/usr system with a directory.
		for d in *.deb; do
			dpkg-deb --fsys-tarfile "$d" |
				tar -x -C / --keep-directory-symlink
		done
		cd / && rm -rf /var/tmp/fattr-hdr' sh "$target" "$hdr" "$q" "$common" ||
		fail "unpacking $hdr and $common failed"
fi
[ -f "$root/usr/src/$hdr/Makefile" ] || fail "$hdr is not installed in $root"

# Downloads package $1 and writes its kernel (the older /boot/vmlinuz-REL,
# or the newer /usr/lib/modules/REL/vmlinuz) to $dir/vmlinuz; 0 if it
# had one.
vmlinuz_from() {
	# shellcheck disable=SC2016
	sys sh -c 'set -e
		rm -rf /var/tmp/fattr-image && mkdir -p /var/tmp/fattr-image
		cd /var/tmp/fattr-image && chown _apt .
		apt-get download -q "$1" >/dev/null 2>&1
		m=$(dpkg-deb -c "${1%:*}"_*.deb | awk "{ print \$6 }" |
			grep -m 1 -Fx -e "./boot/vmlinuz-$2" \
				-e "./boot/vmlinux-$2" \
				-e "./usr/lib/modules/$2/vmlinuz" \
				-e "./usr/lib/modules/$2/vmlinux") || exit 1
		dpkg-deb --fsys-tarfile "${1%:*}"_*.deb | tar -xOf - "$m" >vmlinuz' \
		sh "$1" "$rel" 2>/dev/null &&
	[ -s "$root/var/tmp/fattr-image/vmlinuz" ] &&
	mv "$root/var/tmp/fattr-image/vmlinuz" "$dir/vmlinuz.tmp"
}

# The kernel itself: in the image package the metapackage depends on
# (linux-image-REL), or, in newer packaging, in the linux-binary-REL that
# one depends on.  In sid linux-image-FLAVOR (from linux-signed-*) may
# lag the headers (from linux) for a while; then REL's unsigned image,
# from the same build as the headers, does as well.
if [ ! -f "$dir/vmlinuz" ] || [ "$(cat "$dir/release" 2>/dev/null)" != "$rel" ]; then
	mkdir -p "$dir"
	img=$(deps "linux-image-$flavor$q" | grep -m 1 '^linux-image-' || :)
	[ -z "$fallback" ] || img=linux-image-$rel
	if [ "$img" = "linux-image-$rel" ]; then
		cands="$img$q $(deps "$img$q" | grep '^linux-binary-' | sed "s/\$/$q/" || :)"
	else
		echo "fetch-kernel: linux-image-$flavor wants '$img', the headers $rel; using $rel's unsigned image" >&2
		cands="linux-binary-unsigned-$rel$q linux-image-$rel-unsigned$q"
	fi
	found=
	for p in $cands; do
		if vmlinuz_from "$p"; then
			found=$p
			break
		fi
	done
	rm -rf "$root/var/tmp/fattr-image"
	[ -n "$found" ] || fail "no vmlinuz-$rel in any of: $cands"
	mv "$dir/vmlinuz.tmp" "$dir/vmlinuz"
fi
put release "$rel"
put arch "$arch"
put root "$root"
if [ -n "$fallback" ]; then
	put fallback "$fallback"
else
	rm -f "$dir/fallback"
fi
echo "$rel"
