#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh
#
# Installs the Debian 12 packages that building and testing fattr in
# QEMU needs, if any is missing (as root, with apt-get).  Kernel headers
# and images are fetched per kernel by fetch-kernel.sh.

set -eu

pkgs="make gcc gcc-multilib libc6-dev pkg-config check libsubunit-dev
qemu-system-x86 busybox-static attr cpio gzip kmod dwarves xz-utils
ca-certificates apparmor"

missing=
for p in $pkgs; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done
[ -n "$missing" ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing packages:$missing (run as root to install)" >&2
	exit 1
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null
