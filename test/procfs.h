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
/* Whether the listing @v of @n bytes (":mntns:"'s) has the entry "@id:". */
int listing_has(const char *v, size_t n, int id);
/* The last record whose mount point (field 5) is @mnt_point, or NULL. */
const char *mi_find_point(const struct mountinfo *mi, const char *mnt_point,
			  size_t *len);
/* Field @n (1-based, space separated) of a record, malloc'd. */
char *mi_field(const char *line, size_t len, int n);
/* Does the record contain the text @s? */
int mi_has(const char *line, size_t len, const char *s);

/*
 * The values of a mount folder's per-field keys, cut from a record as
 * mountinfo(5) describes it: fields 1 to 6, the optional fields up to
 * "-", then type, source and super options; type, source, root and
 * mount point unescaped (\ooo), super options as the record has them.
 * MI_KEYS names them in the folder's order.
 */
enum { MI_ID, MI_PARENT, MI_DEV, MI_ROOT, MI_MOUNTPOINT, MI_OPTIONS,
       MI_PROPAGATION, MI_FSTYPE, MI_SOURCE, MI_SUPEROPTIONS, MI_NKEYS };
extern const char *const mi_key_names[MI_NKEYS];
struct mi_keys {
	char *v[MI_NKEYS];	/* malloc'd, NUL-terminated for printing */
	size_t len[MI_NKEYS];
};
/* Split a record; returns 0, or -1 if it is not a mountinfo record. */
int mi_keys(const char *line, size_t len, struct mi_keys *k);
void mi_keys_free(struct mi_keys *k);

/*
 * Super options @super (a record's, "ro" or "rw" first) after that and
 * the flag words show_sb_opts() writes (sync, dirsync, mand, lazytime):
 * the LSMs' and the file system's options, "" or ",...".
 */
const char *super_after_flags(const char *super);
/*
 * @n bytes of options @o, each after a ',', as statmount(2)'s opt_array
 * lists them into @dst (room for @n + 1 bytes): each followed by a NUL,
 * \ooo escapes undone.  Returns the length.
 */
size_t opts_list(char *dst, const char *o, size_t n);

/* The root folder ":", with its final NUL. */
#define ROOT_VALUE "mnt:\0mntns:\0mntns_event"
#define ROOT_LEN sizeof(ROOT_VALUE)

/*
 * A mount folder (":mnt:", ":mntns:ID:") on this kernel: "info\0id\0...",
 * with "unique_id" and "mnt_parent_id" where the kernel has statmount(2)
 * (6.8+), "mnt_ns_id" where it gives a namespace's id (6.11+),
 * "mnt_uidmap" and "mnt_gidmap" where it has idmapped mounts (5.12+);
 * static.
 */
char *mount_folder(size_t *len);
size_t mount_folder_len(void);
/* Does the kernel have statmount(2) (ENOSYS or not)? */
int have_statmount(void);
/* Does it give a mount namespace's id (ioctl NS_GET_MNTNS_ID, 6.11+)? */
int have_mntns_id(void);
/* Does it have idmapped mounts (mount_setattr(2), 5.12+)? */
int have_mount_setattr(void);

/*
 * The 64-bit id of mount @id (statmount's mnt_id for its mnt_id_old),
 * by listmount(2) and statmount(2); 0 if none (or before 6.8).
 */
unsigned long long mnt_unique_of(int id);

/* Mount id of a path (statx STATX_MNT_ID), or -errno. */
int path_mnt_id(const char *path, int at_flags);
/* Mount id of an open file, or -errno. */
int fd_mnt_id(int fd);

/* Read all of @fd into a malloc'd NUL-terminated buffer. */
char *read_all(int fd, size_t *len);

#endif /* FATTR_TEST_PROCFS_H */
