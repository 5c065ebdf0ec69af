// SPDX-License-Identifier: GPL-2.0
/*
 * Feature test: struct xattr_args, which came with getxattrat(2) (6.13),
 * when getxattr(2) began reading the name before the path.
 */
#include <linux/xattr.h>

int fattr_conftest(void);
int fattr_conftest(void)
{
	struct xattr_args args = { .flags = 0 };

	return sizeof(args) + XATTR_ARGS_SIZE_VER0;
}
