// SPDX-License-Identifier: GPL-2.0
/* Feature test: path_permission() (5.12, with idmapped mounts). */
#include <linux/fs.h>
#include <linux/path.h>

int fattr_conftest(const struct path *path);
int fattr_conftest(const struct path *path)
{
	return path_permission(path, MAY_OPEN | MAY_READ);
}
