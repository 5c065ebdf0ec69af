// SPDX-License-Identifier: GPL-2.0
/*
 * Feature test: FTRACE_OPS_FL_RECURSION (5.11), a callback that guards
 * itself against recursion; before, ftrace guarded every callback not
 * flagged FTRACE_OPS_FL_RECURSION_SAFE.
 */
#include <linux/ftrace.h>

unsigned long fattr_conftest(void);
unsigned long fattr_conftest(void)
{
	return FTRACE_OPS_FL_RECURSION;
}
