#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The run inside the VM for make bench (see test/vm-init).

/test/fattr-bench "$FATTR_KO"
