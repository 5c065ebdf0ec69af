// SPDX-License-Identifier: GPL-2.0
/*
 * fattr_claim: test only.  Takes a getxattr entry point (func=) with an
 * ftrace_ops that may modify the instruction pointer (IPMODIFY), as
 * livepatch does, and does nothing else.  While it is loaded, fattr must
 * refuse to load; see test/vm-refuse.sh.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/string.h>

/*
 * fattr's kernel API differences (the callback's register type, the
 * flags IPMODIFY needs, freeing the filter), with the feature tests of
 * the build of fattr.ko beside this one.
 */
#include "module/compat.h"

static char *func;
module_param(func, charp, 0444);
MODULE_PARM_DESC(func, "The function to claim");

static void notrace fattr_claim_cb(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *ops,
				   struct fattr_ftrace_regs *fregs)
{
}

static struct ftrace_ops fattr_claim_ops = {
	.func = fattr_claim_cb,
	.flags = FATTR_FTRACE_OPS_FL_REGS | FTRACE_OPS_FL_IPMODIFY,
};

static int __init fattr_claim_init(void)
{
	int err;

	if (!func)
		return -EINVAL;
	err = ftrace_set_filter(&fattr_claim_ops, (unsigned char *)func,
				strlen(func), 0);
	if (err) {
		pr_err("cannot trace %s (%d)\n", func, err);
		return err;
	}
	err = register_ftrace_function(&fattr_claim_ops);
	if (err) {
		pr_err("cannot claim %s (%d)\n", func, err);
		fattr_ftrace_free_filter(&fattr_claim_ops);
		return err;
	}
	pr_info("claimed %s\n", func);
	return 0;
}

static void __exit fattr_claim_exit(void)
{
	unregister_ftrace_function(&fattr_claim_ops);
	fattr_ftrace_free_filter(&fattr_claim_ops);
	pr_info("released %s\n", func);
}

module_init(fattr_claim_init);
module_exit(fattr_claim_exit);

MODULE_DESCRIPTION("Test only: claims a getxattr entry point with an IPMODIFY ftrace_ops");
MODULE_AUTHOR("The fattr developers");
MODULE_LICENSE("GPL");
