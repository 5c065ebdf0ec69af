// SPDX-License-Identifier: GPL-2.0
/*
 * Feature test: NS_GET_MNTNS_ID (6.11), the kernel giving user space a
 * mount namespace's 64-bit id (statmount(2)'s mnt_ns_id too).
 */
#include <uapi/linux/nsfs.h>

unsigned int fattr_conftest(void);
unsigned int fattr_conftest(void)
{
	return NS_GET_MNTNS_ID;
}
