/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64: the syscall entry points take the user registers; 64-bit
 * callers come through __x64_sys_*, with the arguments in di, si, dx,
 * r10, r8, r9, and 32-bit callers (CONFIG_IA32_EMULATION) through
 * __ia32_sys_*, with the arguments in bx, cx, dx, si, di, bp.
 */
#ifndef _FATTR_ARCH_X86_H
#define _FATTR_ARCH_X86_H

#include <linux/compiler.h>
#include <linux/ptrace.h>
#include <linux/types.h>

#define FATTR_ARCH_SYS(name)		"__x64_sys_" name
#define FATTR_ARCH_COMPAT_SYS(name)	"__ia32_sys_" name

static __always_inline unsigned long
fattr_arch_syscall_arg(const struct pt_regs *regs, int n, bool compat)
{
	if (compat) {
		const unsigned long args[] = {
			regs->bx, regs->cx, regs->dx, regs->si, regs->di,
			regs->bp
		};

		return (u32)args[n];	/* compat pointers and sizes */
	}
	{
		const unsigned long args[] = {
			regs->di, regs->si, regs->dx, regs->r10, regs->r8,
			regs->r9
		};

		return args[n];
	}
}

#endif /* _FATTR_ARCH_X86_H */
