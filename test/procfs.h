/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel itself says about mounts: mountinfo files of procfs and
 * mount ids from statx(2).  Every expected value of the suite comes from
 * here, read at the moment of the comparison.
 */
#ifndef FATTR_TEST_PROCFS_H
#define FATTR_TEST_PROCFS_H

#include <stddef.h>
#include <sys/types.h>

/* A whole mountinfo file, NUL-terminated. */
struct mountinfo {
	char *buf;
	size_t len;
};

/* Read a file (e.g. "/proc/self/mountinfo"); -errno on failure. */
int mi_read(struct mountinfo *mi, const char *file);
/* Read /proc/PID/mountinfo. */
int mi_read_pid(struct mountinfo *mi, pid_t pid);
void mi_free(struct mountinfo *mi);

/* The record (newline included) whose first field is @id, or NULL. */
const char *mi_find(const struct mountinfo *mi, int id, size_t *len);
/* The ids of all records, in order; returns their number. */
size_t mi_ids(const struct mountinfo *mi, int **ids);
/*
 * The :mntns: listing these records make: each id as "ID:" and a NUL,
 * in order; malloc'd, its length in *@len.
 */
char *ids_listing(const struct mountinfo *mi, size_t *len);
/* The last record whose mount point (field 5) is @mnt_point, or NULL. */
const char *mi_find_point(const struct mountinfo *mi, const char *mnt_point,
			  size_t *len);
/* Field @n (1-based, space separated) of a record, malloc'd. */
char *mi_field(const char *line, size_t len, int n);
/* Does the record contain the text @s? */
int mi_has(const char *line, size_t len, const char *s);

/* Mount id of a path (statx STATX_MNT_ID), or -errno. */
int path_mnt_id(const char *path, int at_flags);
/* Mount id of an open file, or -errno. */
int fd_mnt_id(int fd);

/* Read all of @fd into a malloc'd NUL-terminated buffer. */
char *read_all(int fd, size_t *len);

#endif /* FATTR_TEST_PROCFS_H */
