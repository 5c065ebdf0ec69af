# SPDX-License-Identifier: GPL-2.0
#
# make                  build fattr.ko for the running kernel
# make KDIR=/usr/src/linux-headers-X   build it for kernel X
# make check            build and test it on every supported kernel, in QEMU
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

demo:
	scripts/demo.sh

bench:
	scripts/bench.sh

clean:
	rm -f conftest.h
	$(MAKE) -C test clean
	$(MAKE) -C bench clean
	@if [ -d $(KDIR) ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi

.PHONY: all check demo bench clean FORCE
