#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The demo run inside the VM (make demo): getfattr answering from fattr.

show() {
	echo "\$ $*"
	"$@"
}

mkdir -p /tmp/data
mount -t tmpfs -o size=1m,mode=755 demo-source /tmp/data
show getfattr --absolute-names --only-values -n :mnt:info /proc
show getfattr --absolute-names --only-values -n :mnt:info /tmp/data
show getfattr --absolute-names -e text -n : /
show getfattr --absolute-names -e text -n :mntns: /
id=$(getfattr --absolute-names --only-values -n :mntns: / | tr '\0' '\n' | tail -n 1)
show getfattr --absolute-names --only-values -n ":mntns:${id}info" /
echo "\$ grep -F /tmp/data /proc/self/mountinfo"
grep -F /tmp/data /proc/self/mountinfo
