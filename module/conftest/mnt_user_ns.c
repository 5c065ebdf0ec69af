// SPDX-License-Identifier: GPL-2.0
/* Feature test: mnt_user_ns() (5.12 to 6.2): a mount's user namespace. */
#include <linux/mount.h>

struct user_namespace *fattr_conftest(const struct vfsmount *mnt);
struct user_namespace *fattr_conftest(const struct vfsmount *mnt)
{
	return mnt_user_ns(mnt);
}
