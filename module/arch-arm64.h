/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64: the syscall entry points __arm64_sys_* take the user registers,
 * and serve AArch32 (compat) callers too: the compat syscall table has
 * no getxattr, lgetxattr, fgetxattr or getxattrat of its own, but the
 * native entry points, so there are no compat entry points to hook.
 */
#ifndef _FATTR_ARCH_ARM64_H
#define _FATTR_ARCH_ARM64_H

#include <linux/compiler.h>
#include <linux/ptrace.h>
#include <linux/syscalls.h>	/* __MAP(), <asm/syscall_wrapper.h> */
#include <linux/types.h>

#define FATTR_ARCH_SYS(name)		"__arm64_sys_" name

/*
 * The entry points read the arguments with SC_ARM64_REGS_TO_ARGS(), from
 * regs[0] to regs[5] at first and, on newer kernels, the first one from
 * orig_x0 instead (regs[0] may hold the return value by then).  Reading
 * them with the same macro of the kernel built against reads what its
 * entry points read, on either.
 */
#ifndef SC_ARM64_REGS_TO_ARGS
#error "fattr needs SC_ARM64_REGS_TO_ARGS() of <asm/syscall_wrapper.h>"
#endif

/*
 * An AArch32 caller's pointers and sizes are 32-bit values in 64-bit
 * registers.  They are not truncated here: the kernel hands them to the
 * same native code (no compat wrapper, no __SC_DELOUSE) as they are, and
 * fattr must see the very values the kernel would, so @compat is unused.
 */
static __always_inline unsigned long
fattr_arch_syscall_arg(const struct pt_regs *regs, int n, bool compat)
{
	const unsigned long args[] = { SC_ARM64_REGS_TO_ARGS(6) };

	return args[n];
}

#endif /* _FATTR_ARCH_ARM64_H */
