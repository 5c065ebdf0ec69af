# SPDX-License-Identifier: GPL-2.0
#
# make                  build fattr.ko for the running kernel
# make KDIR=/usr/src/linux-headers-X   build it for kernel X
# make check            build and test it on the CI set of kernels, in QEMU
# make check-all        the same on every kernel Debian ships (scripts/kernels.sh)
# make demo             boot a VM and show getfattr answering from fattr
# make bench            fattr against procfs and statmount, per kernel
# make clean

KDIR ?= /lib/modules/$(shell uname -r)/build

all: fattr.ko

# The feature tests run on every build: KDIR may differ from the last one.
fattr.ko: FORCE
	scripts/conftest.sh $(KDIR) $(CURDIR)/conftest.h
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

check:
	scripts/check.sh

check-all:
	scripts/check.sh $$(scripts/kernels.sh all)

demo:
	scripts/demo.sh

bench:
	scripts/bench.sh

# Full-size abuse tests (1,000,000 fuzz calls, 60 s churn, 100 rmmod cycles).
stress-full:
	for k in $$(scripts/kernels.sh check); do FATTR_STRESS=full scripts/vm-test.sh $$k stress || exit 1; done

# DKMS and the fattr-dkms package in a Debian 12 VM (about 20 min a kernel),
# and in a Debian 13 VM on its stock kernel (tag trixie, 6.12).
dkms-check:
	scripts/dkms-test.sh 6.1 && scripts/dkms-test.sh 6.12 && scripts/dkms-test.sh trixie

deb:
	scripts/dkms-deb.sh .

# The check, stress and fault injection runs on a 6.1 kernel with KASAN,
# lockdep, kmemleak and fault injection (builds it once).
# FATTR_STRESS=full: the stress run at full size.
debug-check:
	scripts/debug-kernel.sh >/dev/null && scripts/vm-test.sh debug check && scripts/vm-test.sh debug stress && scripts/vm-test.sh debug faults

clean:
	rm -f conftest.h
	$(MAKE) -C test clean
	$(MAKE) -C bench clean
	@if [ -d $(KDIR) ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi

.PHONY: all check check-all demo bench stress-full dkms-check deb debug-check clean FORCE
