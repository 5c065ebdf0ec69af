// SPDX-License-Identifier: GPL-2.0
/*
 * fattr: kernel attributes through getxattr(2), for kernels that never
 * merged Miklos Szeredi's 2022 RFC "getting misc stats/attributes via
 * xattr API".  See fattr(7).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/pid_namespace.h>
#include <linux/security.h>

#include "fattr.h"

/*
 * For the test of refusing to load without BTF; no user needs it.  Unset,
 * fattr reads the kernel's own BTF (btf.c).  Setting it taints the kernel
 * (module_param_unsafe: fattr trusts the file's offsets), even when
 * lockdown then refuses it: parameters are parsed before fattr_init().
 */
static char *btf_path;
module_param_unsafe(btf_path, charp, 0444);
MODULE_PARM_DESC(btf_path, "Test only: a BTF file to read instead of the kernel's; taints, refused under lockdown");

/*
 * For the test of the cap on a buffer fattr renders a record into only to
 * learn whether the caller sees a mount (val.c: fattr_render_max); no
 * user needs it.  0, the default, and anything above MAX_RW_COUNT leave
 * procfs's cap, MAX_RW_COUNT.  Setting it taints the kernel, as btf_path
 * does: a test-only knob.
 */
static unsigned long render_max;
module_param_unsafe(render_max, ulong, 0444);
MODULE_PARM_DESC(render_max, "Test only: the largest buffer (bytes) a record is rendered into to learn whether the caller sees its mount; taints");

static int __init fattr_init(void)
{
	int err;

	if (render_max && render_max < fattr_render_max)
		fattr_render_max = render_max;

	/*
	 * The private procfs instance (verdict.c) takes the pid namespace
	 * of insmod; from any other than the initial one, thread-self would
	 * resolve for that namespace's tasks only.
	 */
	if (task_active_pid_ns(current) != &init_pid_ns) {
		pr_err("must be loaded from the initial pid namespace\n");
		return -EINVAL;
	}
	/*
	 * The BTF gives the offsets fattr reads kernel structures at: a file
	 * of root's choosing would make fattr read (and hand to callers)
	 * kernel memory root chooses, which lockdown (integrity and
	 * confidentiality alike; on Debian, on whenever Secure Boot is)
	 * denies root.  The lockdown LSM may log a line of its own too
	 * (rate-limited).
	 */
	if (btf_path) {
		err = security_locked_down(LOCKDOWN_MODULE_PARAMETERS);
		if (err) {
			pr_err("btf_path is refused by lockdown (%d)\n", err);
			return err;
		}
	}
	err = fattr_btf_init(btf_path);
	if (err)
		return err;
	err = fattr_mountinfo_init();
	if (err)
		return err;
	/* Before the hooks: a call may come as soon as they are in. */
	fattr_walk_init();
	err = fattr_hooks_init();
	if (err) {
		fattr_mountinfo_exit();
		return err;
	}
	fattr_mountinfo_shortcuts();
	fattr_walk_features();
	return 0;
}

static void __exit fattr_exit(void)
{
	fattr_hooks_exit();
	fattr_mountinfo_exit();
}

module_init(fattr_init);
module_exit(fattr_exit);

MODULE_DESCRIPTION("Kernel attributes through getxattr(2): mount records by ':' names");
MODULE_AUTHOR("The fattr developers");
MODULE_LICENSE("GPL");
