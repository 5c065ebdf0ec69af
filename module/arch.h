/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the hooks need to know of the architecture: the names of the
 * getxattr syscall entry points, and where a syscall's arguments are in
 * the struct pt_regs those entry points take.
 *
 * Each arch-*.h defines:
 *
 * FATTR_ARCH_SYS(name) - the entry point of syscall @name (a string
 *	literal) for native callers, as a string literal.
 * FATTR_ARCH_COMPAT_SYS(name) - the same for 32-bit (compat) callers;
 *	defined only where they have entry points of their own.
 * fattr_arch_syscall_arg(regs, n, compat) - argument @n (0 to 5) of the
 *	syscall entered with the user registers @regs, through a native
 *	(@compat false) or a compat entry point.
 *
 * and, where a redirected call cannot enter a module function directly
 * (ppc64: its TOC), both of:
 *
 * FATTR_ARCH_TRAMPOLINE(entry, fn) - defines @entry, which serves as the
 *	"long fn(const struct pt_regs *)" @fn of the same file does;
 * FATTR_ARCH_ENTRY(entry, fn) - where the callback sends a call for @fn,
 *	as an address.
 */
#ifndef _FATTR_ARCH_H
#define _FATTR_ARCH_H

#if defined(CONFIG_X86_64)
#include "arch-x86.h"
#elif defined(CONFIG_ARM64)
#include "arch-arm64.h"
#elif defined(CONFIG_RISCV) && defined(CONFIG_64BIT)
#include "arch-riscv.h"
#elif defined(CONFIG_PPC64)
#include "arch-ppc64.h"
#elif defined(CONFIG_S390)
#include "arch-s390.h"
#else
#error "fattr supports x86_64, arm64, riscv64, ppc64 and s390x only"
#endif

/* Elsewhere the callback sends a call to the handler itself. */
#ifndef FATTR_ARCH_TRAMPOLINE
#define FATTR_ARCH_TRAMPOLINE(entry, fn)	static_assert(1)
#define FATTR_ARCH_ENTRY(entry, fn)	((unsigned long)(fn))
#endif

#endif /* _FATTR_ARCH_H */
