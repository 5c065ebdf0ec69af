/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel API differences, settled by the build's feature tests
 * (scripts/conftest.sh compiles each test in module/conftest/ and
 * writes conftest.h),
 * never by version numbers.
 */
#ifndef _FATTR_COMPAT_H
#define _FATTR_COMPAT_H

#include <linux/ftrace.h>

#include "conftest.h"

#if !IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS)
#error "fattr needs CONFIG_DYNAMIC_FTRACE_WITH_REGS (ftrace IPMODIFY)"
#endif

/*
 * Moving a traced function's instruction pointer: livepatch's helper was
 * ftrace_instruction_pointer_set() until struct ftrace_regs became opaque
 * (6.12, and 6.6 stable), then ftrace_regs_set_instruction_pointer().
 */
#if defined(FATTR_HAVE_FTRACE_REGS_SET_INSTRUCTION_POINTER)
#define fattr_set_instruction_pointer(fregs, ip) \
	ftrace_regs_set_instruction_pointer(fregs, ip)
#elif defined(FATTR_HAVE_FTRACE_INSTRUCTION_POINTER_SET)
#define fattr_set_instruction_pointer(fregs, ip) \
	ftrace_instruction_pointer_set(fregs, ip)
#else
#error "no way to set the instruction pointer of a traced function"
#endif

#endif /* _FATTR_COMPAT_H */
