#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kernels.sh check|arch|all
#
# Prints the tags of the Debian kernels a test target runs on, one a
# line (scripts/fetch-kernel.sh says what each tag is):
#   check  `make check` (CI): Debian 12's 6.1 and backported 6.12, sid,
#          Debian 13's 6.12, the newest amd64 kernel, its rt flavor, and
#          the newest arm64 kernel;
#   all    `make check-all`: every kernel Debian ships today, with the
#          flavors: the above and Debian 11's 5.10, trixie's rt and
#          cloud, the newest cloud, trixie's arm64, and the kernels of
#          `arch`;
#   arch   `make check-arch`: Debian 13's 6.12 and the newest kernel
#          of riscv64, ppc64el (4 KiB and 64 KiB pages) and s390x.  Not
#          in `make check`: they would take it past an hour under TCG
#          (doc/testing.md).
# Not listed: bookworm-backports' cloud flavor, whose 6.12.95 image
# double-faults under QEMU's TCG without fattr (doc/testing.md).

set -eu

check="6.1 6.12 sid trixie newest newest-rt arm64-newest"
arch="riscv64-trixie riscv64-newest ppc64el-trixie ppc64el-newest
ppc64el-64k-trixie ppc64el-64k-newest s390x-trixie s390x-newest"
# shellcheck disable=SC2086
case ${1:-} in
check)	set -- $check ;;
arch)	set -- $arch ;;
all)	set -- 5.10 $check trixie-rt trixie-cloud newest-cloud arm64-trixie \
		$arch ;;
*)	echo "usage: kernels.sh check|arch|all" >&2
	exit 2 ;;
esac
printf '%s\n' "$@"
