// SPDX-License-Identifier: GPL-2.0
/* Feature test: ftrace_instruction_pointer_set() (5.14 to 6.11). */
#include <linux/ftrace.h>

void fattr_conftest(struct ftrace_regs *fregs);
void fattr_conftest(struct ftrace_regs *fregs)
{
	ftrace_instruction_pointer_set(fregs, 0);
}
