/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64: the syscall entry points __riscv_sys_* take the user
 * registers.  Debian's kernels are built without CONFIG_COMPAT (no
 * 32-bit callers): fattr hooks no compat entry points here, and
 * scripts/vm-test.sh stops if a kernel has them.
 *
 * ftrace is DYNAMIC_FTRACE_WITH_ARGS only (6.12 and 7.x): an ftrace_ops
 * asking for SAVE_REGS gets -EINVAL, so compat.h reads the argument
 * through ftrace_regs, as on arm64.
 */
#ifndef _FATTR_ARCH_RISCV_H
#define _FATTR_ARCH_RISCV_H

#include <linux/compiler.h>
#include <linux/ptrace.h>
#include <linux/syscalls.h>	/* __MAP(), <asm/syscall_wrapper.h> */
#include <linux/types.h>

#ifdef CONFIG_COMPAT
#error "fattr does not hook the riscv compat entry points (__riscv_compat_sys_*)"
#endif

#define FATTR_ARCH_SYS(name)		"__riscv_sys_" name

/*
 * The entry points read the arguments with SC_RISCV_REGS_TO_ARGS(): the
 * first from orig_a0 (a0 holds -ENOSYS by then), the others from a1 to
 * a5.  The same macro reads what they read.
 */
#ifndef SC_RISCV_REGS_TO_ARGS
#error "fattr needs SC_RISCV_REGS_TO_ARGS() of <asm/syscall_wrapper.h>"
#endif

static __always_inline unsigned long
fattr_arch_syscall_arg(const struct pt_regs *regs, int n, bool compat)
{
	const unsigned long args[] = { SC_RISCV_REGS_TO_ARGS(6) };

	return args[n];
}

#endif /* _FATTR_ARCH_RISCV_H */
