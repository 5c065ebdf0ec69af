#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mirror.sh
#
# Prints the Debian mirror this machine's apt uses for bookworm/main, read
# from apt (`apt-cache policy`): no mirror's name is written in the repo,
# and every script that fetches from Debian takes it from here.  Exits 1,
# saying why, if apt knows none.

set -eu

m=$(apt-cache policy | awk '$3 == "bookworm/main" { print $2; exit }')
if [ -z "$m" ]; then
	echo "mirror: no bookworm mirror in this machine's apt sources" >&2
	exit 1
fi
echo "$m"
