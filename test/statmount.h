/* SPDX-License-Identifier: GPL-2.0 */
/*
 * statmount(2) for the tests: the kernel's own answer for a mount (6.8+),
 * which the tests compare fattr's keys with.  libc has no wrapper.
 */
#ifndef FATTR_TEST_STATMOUNT_H
#define FATTR_TEST_STATMOUNT_H

#include <stddef.h>
#include <stdint.h>

/* statmount(2) and its structure, as Linux 7.2 has them. */
#define NR_STATMOUNT		457
#define SM_SB_BASIC		0x1
#define SM_MNT_BASIC		0x2
#define SM_PROPAGATE_FROM	0x4
#define SM_MNT_ROOT		0x8
#define SM_MNT_POINT		0x10
#define SM_FS_TYPE		0x20
#define SM_FS_SUBTYPE		0x100
#define SM_SB_SOURCE		0x200
#define SM_MNT_NS_ID		0x40	/* 6.11 */
#define SM_MNT_OPTS		0x80	/* 6.10 */
#define SM_OPT_ARRAY		0x400	/* 6.13 */
#define SM_OPT_SEC_ARRAY	0x800	/* 6.13 */
#define SM_SUPPORTED_MASK	0x1000	/* 6.15: what the kernel can give */
#define SM_MNT_UIDMAP		0x2000	/* 6.15 */
#define SM_MNT_GIDMAP		0x4000	/* 6.15 */
#define SM_MS_UNBINDABLE	(1 << 17)
#define SM_MS_SLAVE		(1 << 19)
#define SM_MS_SHARED		(1 << 20)

struct sm_req {
	uint32_t size, spare;
	uint64_t mnt_id, param;
};

struct sm {
	uint32_t size, mnt_opts;
	uint64_t mask;
	uint32_t sb_dev_major, sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags, fs_type;
	uint64_t mnt_id, mnt_parent_id;
	uint32_t mnt_id_old, mnt_parent_id_old;
	uint64_t mnt_attr, mnt_propagation, mnt_peer_group, mnt_master;
	uint64_t propagate_from;
	uint32_t mnt_root, mnt_point;
	uint64_t mnt_ns_id;
	uint32_t fs_subtype, sb_source, opt_num, opt_array, opt_sec_num;
	uint32_t opt_sec_array;
	uint64_t supported_mask;
	uint32_t uidmap_num, uidmap, gidmap_num, gidmap;
	uint64_t spare2[43];
	char str[];
};

/*
 * statmount(2) of unique id @u with @mask, malloc'd (free() it); NULL on
 * failure, errno set.  Which fields it filled: ->mask.
 */
struct sm *do_statmount(uint64_t u, uint64_t mask);

/*
 * Whether @sm's kernel has field @flag (its supported mask says so,
 * 6.15+; before, the test cannot tell an empty field from none).
 */
int sm_supports(const struct sm *sm, uint64_t flag);
/*
 * @sm's list field @flag (SM_OPT_ARRAY, SM_OPT_SEC_ARRAY, SM_MNT_UIDMAP
 * or SM_MNT_GIDMAP): its entries, each NUL-terminated, and their length
 * in *@len; "" and 0 where @sm's mask lacks @flag.
 */
const char *sm_list(const struct sm *sm, uint64_t flag, size_t *len);

#endif /* FATTR_TEST_STATMOUNT_H */
