// SPDX-License-Identifier: GPL-2.0
/* Feature test: ftrace_regs_set_instruction_pointer() (6.12, 6.6 stable). */
#include <linux/ftrace.h>

void fattr_conftest(struct ftrace_regs *fregs);
void fattr_conftest(struct ftrace_regs *fregs)
{
	ftrace_regs_set_instruction_pointer(fregs, 0);
}
