// SPDX-License-Identifier: GPL-2.0
/* Feature test: mnt_idmap() (6.3): an idmapped mount's struct mnt_idmap. */
#include <linux/mount.h>

struct mnt_idmap *fattr_conftest(const struct vfsmount *mnt);
struct mnt_idmap *fattr_conftest(const struct vfsmount *mnt)
{
	return mnt_idmap(mnt);
}
