// SPDX-License-Identifier: GPL-2.0
/*
 * Feature test: ftrace callbacks take a struct ftrace_regs (5.11), not
 * the struct pt_regs of the traced function.
 */
#include <linux/ftrace.h>

static void fattr_conftest_cb(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *ops,
			      struct ftrace_regs *fregs)
{
}

ftrace_func_t fattr_conftest(void);
ftrace_func_t fattr_conftest(void)
{
	return fattr_conftest_cb;
}
