/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the test files: calling the getxattr family, comparing
 * its answers with procfs, and setting up a private mount namespace with a
 * scratch tmpfs.  Helpers that assert name the case in their message.
 */
#ifndef FATTR_TEST_UTIL_H
#define FATTR_TEST_UTIL_H

#include <check.h>
#include <stddef.h>
#include <sys/types.h>

#include "procfs.h"

/* XATTR_SIZE_MAX: the largest value the module serves. */
#define VALUE_MAX 65536

/* The fixed folder values: the spec, hence literals. */
/*
 * A mount folder (":mnt:", ":mntns:ID:") on this kernel: "info\0id\0...",
 * with "unique_id" where the kernel has statmount(2) (6.8+).
 */
#define INFO_VALUE mount_folder(NULL)
#define INFO_LEN mount_folder_len()
/* A "statfs:" folder. */
#define STATFS_VALUE "type\0bsize\0frsize\0blocks\0bfree\0bavail\0files\0" \
	"ffree\0namelen\0flags\0fsid"
#define STATFS_LEN sizeof(STATFS_VALUE)
/* Its keys, in that order, and statfs(2)'s figures as they write them. */
#define STATFS_NKEYS 11
extern const char *const statfs_keys[STATFS_NKEYS];
struct statfs;
void statfs_values(const struct statfs *st, char v[STATFS_NKEYS][64]);

/* The answer of one call made with a buffer of VALUE_MAX bytes. */
struct xres {
	ssize_t ret;
	int err;	/* errno if ret < 0 */
	char *val;	/* ret bytes if ret >= 0 */
};

enum xcall { X_GET, X_LGET };

void x_get(struct xres *r, const char *path, const char *name);
void x_lget(struct xres *r, const char *path, const char *name);
void x_call(struct xres *r, enum xcall c, const char *path, const char *name);
void x_fget(struct xres *r, int fd, const char *name);
void x_free(struct xres *r);

/* Printable, C-escaped copy of @n bytes (cut after 300), malloc'd. */
char *esc(const char *s, size_t n);
char *xasprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Assert that @r is exactly the @len bytes at @exp. */
void expect_value(const struct xres *r, const char *exp, size_t len,
		  const char *what);
/* Assert that @r failed with @err. */
void expect_errno(const struct xres *r, int err, const char *what);

/*
 * Assert that :mnt:info of @path (through @c) is the record procfs gives
 * now for the mount statx reports, and return that mount's id.  The record
 * must exist.
 */
int expect_path_record(enum xcall c, const char *path);
/* The same for :mntns:ID:info and :mntns:ID: of every listed mount. */
void expect_all_ids(void);
/*
 * Assert that :mntns: lists exactly the ids of /proc/self/mountinfo, and
 * that ":mntns:ID:id" answers exactly for those (ENODATA for the others).
 */
void expect_listing(const char *path);
/*
 * Assert that ":mntns:all:" lists the keys of a mount folder that have a
 * column, and that each column ":mntns:all:KEY" gives exactly the mounts
 * of @mi in its order, each with ":mntns:ID:KEY"'s value or errno
 * (columns.c; expect_listing() calls it).
 */
void expect_columns(const char *path, const struct mountinfo *mi);
/* The whole value of @name, however long; NULL (errno) on failure. */
char *x_get_whole(const char *path, const char *name, size_t *len);

/*
 * Enter a private mount namespace (everything MS_PRIVATE) and mount a
 * scratch tmpfs on a fresh directory under /tmp; returns its path.
 */
const char *scratch(void);

/* Room for fs_uuid_text()'s text: 36 characters and a NUL. */
#define FS_UUID_TEXT 40
/*
 * The UUID of the file system of open file @fd, from its own
 * FS_IOC_GETFSUUID (6.9+), as fattr writes it: 36 characters for 16
 * bytes, else two hex digits a byte.  Returns 1 with the text in @out,
 * 0 if the file system's UUID is empty or all zeros, -1 if the ioctl
 * fails (ENOTTY: none, or a kernel without it).
 */
int fs_uuid_text(int fd, char out[FS_UUID_TEXT]);
void private_ns(void);
/*
 * A directory @levels deep below @top, each level named @name, made with
 * descriptors (no path of it is ever looked up whole); returns the
 * deepest, open.
 */
int deep_dir(const char *top, const char *name, int levels);
/* Seconds on the monotonic clock. */
double now(void);
/*
 * A third of this test's timeout (TEST_TIMEOUT times Check's
 * CK_TIMEOUT_MULTIPLIER: test/vm-check.sh raises it on slow kernels), for
 * a test that repeats its work to bound it by time as well.
 */
double test_budget(void);

void xmkdir(const char *path);
void xmount(const char *src, const char *target, const char *type,
	    unsigned long flags, const char *data);
void xtmpfs(const char *src, const char *target);
void xbind(const char *src, const char *target);

/*
 * getxattrat(2) (6.13): its number (the same on x86_64 and i386) and its
 * argument structure, for headers that lack them.
 */
#define NR_GETXATTRAT 464
struct at_args {
	unsigned long long value;
	unsigned int size;
	unsigned int flags;
};
#define AT_ARGS_SIZE_VER0 16

long sys_getxattrat(int dfd, const char *path, unsigned int at_flags,
		    const char *name, void *uargs, size_t usize);
/* getxattrat with { r->val, VALUE_MAX, 0 } and usize 16. */
void x_at(struct xres *r, int dfd, const char *path, unsigned int at_flags,
	  const char *name);
/*
 * Does this kernel have getxattrat(2)?  If not (ENOSYS), asserts that a
 * ':' name gets ENOSYS too and prints why @test is skipped.
 */
int have_getxattrat(const char *test);

/* Is the module loaded (/sys/module/fattr present)? */
int fattr_loaded(void);

/*
 * Where tracefs may be: its own mount point (4.1+), then its copy under
 * debugfs.  tracefs_with() gives the first where @file (relative to it)
 * passes access(2) with @mode, or NULL.
 */
#define TRACEFS_NDIRS 2
extern const char *const tracefs_dirs[TRACEFS_NDIRS];
const char *tracefs_with(const char *file, int mode);

#endif /* FATTR_TEST_UTIL_H */
