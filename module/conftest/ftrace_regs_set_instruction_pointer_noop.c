// SPDX-License-Identifier: GPL-2.0
/*
 * Feature test: ftrace_regs_set_instruction_pointer() is the generic no-op of
 * <linux/ftrace.h> (no CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS, arm64 6.1
 * for one), a macro that drops its arguments: an undeclared one then
 * compiles.  A real setter uses them, and this test fails.
 */
#include <linux/ftrace.h>

void fattr_conftest(void);
void fattr_conftest(void)
{
	ftrace_regs_set_instruction_pointer(fattr_no_such_fregs, 0);
}
