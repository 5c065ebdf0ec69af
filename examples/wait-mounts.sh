#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# wait-mounts.sh [SECONDS] [-- COMMAND...]: waits until this process's
# mount namespace changes (a mount, an unmount, a move, a remount, a
# change of flags or propagation), checking :mntns_event every SECONDS
# (default 1), then runs COMMAND if given.  A script that would re-read
# the whole mount table on a timer reads one number instead.  POSIX sh
# and getfattr; modprobe fattr.
#
#   $ wait-mounts.sh 0.5 -- findmnt --real   # prints the table after a change
event() {
	getfattr --absolute-names --only-values -n :mntns_event /
}
every=1
if [ $# -gt 0 ] && [ "$1" != -- ]; then
	every=$1
	shift
fi
[ "${1:-}" = -- ] && shift
last=$(event) || exit 1
while now=$(event) && [ "$now" = "$last" ]; do
	sleep "$every"
done
[ -n "$now" ] || exit 1
[ $# -eq 0 ] || exec "$@"
