// SPDX-License-Identifier: GPL-2.0
/* Feature test: super_block s_uuid_len (6.8): UUIDs shorter than 16. */
#include <linux/fs.h>

u8 fattr_conftest(const struct super_block *sb);
u8 fattr_conftest(const struct super_block *sb)
{
	return sb->s_uuid_len;
}
