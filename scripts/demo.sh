#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# demo.sh [TAG]
#
# Boots Debian's kernel TAG (default 6.1, Debian 12's own) in a VM with
# fattr loaded and shows getfattr answering, next to procfs.

set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
exec "$top/scripts/vm-test.sh" "${1:-6.1}" demo
