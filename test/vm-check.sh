#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The test run inside the VM: the Check suite, then the getfattr shell
# test.  Exits non-zero if either fails.

status=0
echo "fattr-vm: Check suite"
# rmmod under load runs in the stress run (test/vm-stress.sh), where
# QEMU runs single-threaded: see scripts/vm-test.sh.
CK_EXCLUDE_TAGS=stress /test/fattr-check || status=1
echo "fattr-vm: getfattr shell test"
sh /test/getfattr-test.sh || status=1
exit $status
