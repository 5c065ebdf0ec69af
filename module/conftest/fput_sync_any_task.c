// SPDX-License-Identifier: GPL-2.0
/*
 * Feature test: __fput_sync() serves any task, as close(2) uses it (6.6,
 * commit 021a160abf62 "fs: use __fput_sync in close(2)"; before, it
 * BUG()s for a task that is not a kernel thread).  That commit changed
 * no declaration, so no header tells it; its witness is the change of the
 * same release to generic_fillattr(), which takes the request mask since
 * 6.6 (0d72b92883c6).  Debian's 5.10 and 6.1 have neither (checked on
 * 5.10.262 and 6.1.192); 6.12 and 7.x have both.
 */
#include <linux/fs.h>
#include <linux/stat.h>

void fattr_conftest(struct mnt_idmap *idmap, struct inode *inode,
		    struct kstat *st);
void fattr_conftest(struct mnt_idmap *idmap, struct inode *inode,
		    struct kstat *st)
{
	generic_fillattr(idmap, STATX_BASIC_STATS, inode, st);
}
