// SPDX-License-Identifier: GPL-2.0
/*
 * Feature test: MNT_SHARED and MNT_UNBINDABLE are bits of vfsmount's
 * mnt_flags (<linux/mount.h>: macros to 6.15, enumerators in 6.15.3+ and
 * 6.16); 6.17 moved them to struct mount's mnt_t_flags as T_SHARED and
 * T_UNBINDABLE (fs/mount.h), which only BTF tells.
 */
#include <linux/mount.h>

int fattr_conftest(const struct vfsmount *mnt);
int fattr_conftest(const struct vfsmount *mnt)
{
	return mnt->mnt_flags & (MNT_SHARED | MNT_UNBINDABLE);
}
