/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s390x: the syscall entry points take the user registers; 64-bit
 * callers come through __s390x_sys_*, and, where the kernel has
 * CONFIG_COMPAT (Debian's 6.12; gone from 7.0), 31-bit callers through
 * __s390_sys_*, the same system call with each argument cast by
 * __SC_COMPAT_CAST(): ints and longs to 32 bits, pointers to 31 bits.
 * ftrace is DYNAMIC_FTRACE_WITH_REGS (and WITH_ARGS).
 */
#ifndef _FATTR_ARCH_S390_H
#define _FATTR_ARCH_S390_H

#include <linux/compiler.h>
#include <linux/ptrace.h>
#include <linux/syscalls.h>	/* __MAP(), <asm/syscall_wrapper.h> */
#include <linux/types.h>

#define FATTR_ARCH_SYS(name)		"__s390x_sys_" name
#ifdef CONFIG_COMPAT
#define FATTR_ARCH_COMPAT_SYS(name)	"__s390_sys_" name
#endif

/*
 * The entry points read the arguments with SC_S390_REGS_TO_ARGS(): the
 * first from orig_gpr2 (gpr 2 is the return value's), the others from
 * gprs 3 to 7.  A compat caller's are cut to 32 bits here; its pointers
 * to 31 bits by compat_ptr(), as __SC_COMPAT_CAST() cuts them (hook.c's
 * fattr_arg_ptr()).
 */
#ifndef SC_S390_REGS_TO_ARGS
#error "fattr needs SC_S390_REGS_TO_ARGS() of <asm/syscall_wrapper.h>"
#endif

static __always_inline unsigned long
fattr_arch_syscall_arg(const struct pt_regs *regs, int n, bool compat)
{
	const unsigned long args[] = { SC_S390_REGS_TO_ARGS(6) };

	return compat ? (u32)args[n] : args[n];
}

#endif /* _FATTR_ARCH_S390_H */
