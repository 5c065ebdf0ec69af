// SPDX-License-Identifier: GPL-2.0
/* Feature test: file_open_root_mnt() (5.12). */
#include <linux/fs.h>

struct file *fattr_conftest(struct vfsmount *mnt);
struct file *fattr_conftest(struct vfsmount *mnt)
{
	return file_open_root_mnt(mnt, "x", O_RDONLY, 0);
}
