# SPDX-License-Identifier: GPL-2.0
#
# make                  build fattr.ko for the running kernel
# make KDIR=/usr/src/linux-headers-X   build it for kernel X
# make check            build and test it on the CI set of kernels, in QEMU
# make check-all        the same on every kernel Debian ships (scripts/kernels.sh)
# make check-arch       the same on riscv64, ppc64el and s390x kernels only
# make debug-check      check, stress and fault runs on the KASAN/lockdep kernels
# make demo             boot a VM and show getfattr answering from fattr
# make bench            fattr against procfs and statmount, per kernel
# make bench AB=COMMIT  COMMIT's module against this tree's, A/B in one boot per kernel
# make dkms-check       the fattr-dkms package in Debian 12 and 13 VMs
# make sb-check         the same booted through UEFI Secure Boot
# make autopkgtest      the package's autopkgtests, by autopkgtest, in Debian 12 and 13 VMs
# make lintian          lintian --pedantic of Debian 12, 13 and unstable on the packages
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

check-arch:
	scripts/check.sh $$(scripts/kernels.sh arch)

demo:
	scripts/demo.sh

# AB=COMMIT: the A/B run of scripts/bench.sh (FATTR_AB).  Either way it
# runs only on an idle machine (scripts/bench-load.sh), unless
# FATTR_BENCH_LOADED_OK=1, which marks its tables as a loaded run's.
bench:
	$(if $(AB),FATTR_AB='$(AB)' )scripts/bench.sh

# Full-size abuse tests (1,000,000 fuzz calls, 60 s churn, 100 rmmod cycles).
stress-full:
	for k in $$(scripts/kernels.sh check); do FATTR_STRESS=full scripts/vm-test.sh $$k stress || exit 1; done

# DKMS and the fattr-dkms package in a Debian 12 VM (about 20 min a kernel),
# and in a Debian 13 VM on its stock kernel (tag trixie, 6.12).
dkms-check:
	scripts/dkms-test.sh 6.1 && scripts/dkms-test.sh 6.12 && scripts/dkms-test.sh trixie

# Secure Boot: Debian's signed shim, GRUB and kernel under OVMF with
# Microsoft's keys, dkms's key enrolled, lockdown on; Debian 12 and 13.
sb-check:
	scripts/sb-test.sh bookworm && scripts/sb-test.sh trixie

deb:
	scripts/dkms-deb.sh .

# autopkgtest runs the tests of debian/tests/control (fattr-load) and the
# generated autopkgtest-pkg-dkms one (dkms-autopkgtest) as Debian's CI
# would, with its null runner inside a Debian 12 VM (6.1), a Debian 13 VM
# (its 6.12), and a Debian 12 VM whose kernel enforces module signatures
# (fattr-load must SKIP there, not FAIL); about 20 minutes a run.  One:
# scripts/autopkgtest-test.sh TAG [sig_enforce].
AUTOPKGTEST_RUNS = 6.1 trixie 6.1:sig_enforce

autopkgtest:
	for r in $(AUTOPKGTEST_RUNS); do \
		p=; case $$r in *:*) p=$${r#*:} ;; esac; \
		scripts/autopkgtest-test.sh $${r%%:*} $$p || exit 1; \
	done

# The source and binary packages checked by the lintian of Debian 12
# (scripts/dkms-deb.sh), then of Debian 13 and unstable in their chroots.
lintian:
	scripts/lintian.sh

# The check, stress and (where test/vm-faults.sh exists) fault injection
# runs on the debug kernels, KASAN, lockdep, kmemleak and fault injection
# built in (scripts/debug-kernel.sh builds each once): debug, Debian 12's
# 6.1, debug-6.12, Debian 13's 6.12, and debug-newest, the newest Debian
# kernel (7.x).  One of them:
# make debug-check DEBUG_KERNELS=debug-newest.  FATTR_STRESS=full: the
# stress runs at full size.
DEBUG_KERNELS = debug debug-6.12 debug-newest
DEBUG_RUNS = check stress $(if $(wildcard test/vm-faults.sh),faults)

debug-check:
	scripts/deps.sh
	for k in $(DEBUG_KERNELS); do \
		case $$k in \
		debug) v=6.1 ;; \
		debug-6.12) v=6.12 ;; \
		debug-newest) v=newest ;; \
		*) echo "debug-check: no debug kernel $$k" >&2; exit 1 ;; \
		esac; \
		scripts/debug-kernel.sh $$v >/dev/null || exit 1; \
		for r in $(DEBUG_RUNS); do \
			scripts/vm-test.sh $$k $$r || exit 1; \
		done; \
	done

clean:
	rm -f conftest.h
	$(MAKE) -C test clean
	$(MAKE) -C bench clean
	@if [ -d $(KDIR) ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi

.PHONY: all check check-all check-arch demo bench stress-full dkms-check sb-check deb autopkgtest lintian debug-check clean FORCE
