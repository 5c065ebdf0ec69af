/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What fattr-bench.c shares with its A/B mode (ab.c): the timer, the
 * namespace of N mounts and the operations both time.
 */
#ifndef FATTR_BENCH_H
#define FATTR_BENCH_H

#include <stdint.h>

#define BATCHES		11
#define BATCH_NS	20000000LL	/* 20 ms */
/* A column of 100,000 mount points is about 3 MB. */
#define VALUE_MAX	(16 << 20)

/* The state every operation works on. */
struct target {
	const char *path;	/* a file inside the last mount */
	int fd;			/* that file, open */
	int id;			/* mountinfo id of the last mount */
	uint64_t unique;	/* its statmount id */
	char name_id[64];	/* ":mntns:ID:info" */
	uint32_t sm_mask;	/* statmount fields this kernel has */
};

extern char *value;		/* VALUE_MAX bytes for every answer */

void die(const char *what);
double bench(int (*op)(struct target *), struct target *t);
void make_mounts(int n, struct target *t);
void probe_statmount(struct target *t);

int op_fattr_path(struct target *t);
int op_fattr_id(struct target *t);
int op_fattr_list(struct target *t);
int op_col_attr(struct target *t);
int op_col_point(struct target *t);
int op_scan_ids(struct target *t);
int op_statmount(struct target *t);

/* ab.c: fattr-bench --ab OLD.ko NEW.ko [ROUNDS] */
int bench_ab(int argc, char **argv);

#endif
