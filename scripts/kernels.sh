#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kernels.sh check|all
#
# Prints the tags of the Debian kernels a test target runs on, one a
# line (scripts/fetch-kernel.sh says what each tag is):
#   check  `make check` (CI): Debian 12's 6.1 and backported 6.12, sid,
#          Debian 13's 6.12, the newest amd64 kernel, its rt flavor, and
#          the newest arm64 kernel;
#   all    `make check-all`: every kernel Debian ships today, with the
#          flavors: the above and Debian 11's 5.10, trixie's rt and
#          cloud, the newest cloud, and trixie's arm64.
# Not listed: bookworm-backports' cloud flavor, whose 6.12.95 image
# double-faults under QEMU's TCG without fattr (doc/testing.md).

set -eu

check="6.1 6.12 sid trixie newest newest-rt arm64-newest"
# shellcheck disable=SC2086
case ${1:-} in
check)	set -- $check ;;
all)	set -- 5.10 $check trixie-rt trixie-cloud newest-cloud arm64-trixie ;;
*)	echo "usage: kernels.sh check|all" >&2
	exit 2 ;;
esac
printf '%s\n' "$@"
