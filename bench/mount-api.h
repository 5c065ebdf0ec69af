/* SPDX-License-Identifier: GPL-2.0 */
/*
 * statmount(2) and listmount(2) (Linux 6.8: include/uapi/linux/mount.h),
 * for the benchmarks built where the C library's headers lack them:
 * fattr-bench.c, ab.c's anchor, changes-bench.c.
 */
#ifndef FATTR_BENCH_MOUNT_API_H
#define FATTR_BENCH_MOUNT_API_H

#include <stdint.h>

#define NR_statmount		457
#define NR_listmount		458
#define SM_SB_BASIC		0x001U
#define SM_MNT_BASIC		0x002U
#define SM_PROPAGATE_FROM	0x004U
#define SM_MNT_ROOT		0x008U
#define SM_MNT_POINT		0x010U
#define SM_FS_TYPE		0x020U
#define SM_MNT_OPTS		0x080U	/* Linux 6.10 */
#define SM_FS_SUBTYPE		0x100U	/* Linux 6.15 */
#define SM_SB_SOURCE		0x200U	/* Linux 6.14 */
#define LSMT_ROOT_		0xffffffffffffffffULL
#define STATX_MNT_ID_UNIQUE_	0x4000U	/* statx(2), Linux 6.8 */

struct mnt_id_req_ {
	uint32_t size;
	uint32_t spare;
	uint64_t mnt_id;
	uint64_t param;
};

#endif
