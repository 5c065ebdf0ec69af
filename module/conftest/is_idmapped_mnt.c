// SPDX-License-Identifier: GPL-2.0
/* Feature test: is_idmapped_mnt() (5.15; idmapped mounts are 5.12+). */
#include <linux/fs.h>
#include <linux/mount.h>

bool fattr_conftest(const struct vfsmount *mnt);
bool fattr_conftest(const struct vfsmount *mnt)
{
	return is_idmapped_mnt(mnt);
}
