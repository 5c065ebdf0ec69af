// SPDX-License-Identifier: GPL-2.0
/*
 * util.c: xattr calls, comparisons with procfs, namespace setup.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

static void x_done(struct xres *r, ssize_t ret)
{
	r->ret = ret;
	r->err = ret < 0 ? errno : 0;
}

static void x_prep(struct xres *r)
{
	r->val = calloc(1, VALUE_MAX + 1);
	ck_assert_msg(r->val, "out of memory");
}

void x_get(struct xres *r, const char *path, const char *name)
{
	x_prep(r);
	x_done(r, getxattr(path, name, r->val, VALUE_MAX));
}

void x_lget(struct xres *r, const char *path, const char *name)
{
	x_prep(r);
	x_done(r, lgetxattr(path, name, r->val, VALUE_MAX));
}

void x_call(struct xres *r, enum xcall c, const char *path, const char *name)
{
	if (c == X_LGET)
		x_lget(r, path, name);
	else
		x_get(r, path, name);
}

void x_fget(struct xres *r, int fd, const char *name)
{
	x_prep(r);
	x_done(r, fgetxattr(fd, name, r->val, VALUE_MAX));
}

long sys_getxattrat(int dfd, const char *path, unsigned int at_flags,
		    const char *name, void *uargs, size_t usize)
{
	return syscall(NR_GETXATTRAT, dfd, path, at_flags, name, uargs, usize);
}

void x_at(struct xres *r, int dfd, const char *path, unsigned int at_flags,
	  const char *name)
{
	struct at_args args;

	x_prep(r);
	args = (struct at_args) {
		.value = (unsigned long)r->val,
		.size = VALUE_MAX,
	};
	x_done(r, sys_getxattrat(dfd, path, at_flags, name, &args,
				 sizeof(args)));
}

int have_getxattrat(const char *test)
{
	struct xres k, r;
	int have;

	x_at(&k, AT_FDCWD, "/", 0, "user.fattr_absent");
	have = !(k.ret < 0 && k.err == ENOSYS);
	if (!have) {
		x_at(&r, AT_FDCWD, "/", 0, ":mnt:info");
		expect_errno(&r, ENOSYS, "getxattrat(\":mnt:info\") where "
			     "the kernel has no getxattrat");
		x_free(&r);
		printf("%s: skipped: no getxattrat(2) in this kernel "
		       "(ENOSYS; it came in 6.13)\n", test);
		fflush(stdout);
	}
	x_free(&k);
	return have;
}

void x_free(struct xres *r)
{
	free(r->val);
	r->val = NULL;
}

char *esc(const char *s, size_t n)
{
	char *out = malloc(4 * 300 + 8), *o = out;
	size_t i;

	for (i = 0; i < n && i < 300; i++) {
		unsigned char c = s[i];

		if (c == '\n')
			o += sprintf(o, "\\n");
		else if (c == '\\')
			o += sprintf(o, "\\\\");
		else if (c < 32 || c > 126)
			o += sprintf(o, "\\%03o", c);
		else
			*o++ = c;
	}
	if (i < n)
		o += sprintf(o, "...");
	*o = '\0';
	return out;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&s, fmt, ap);
	va_end(ap);
	ck_assert_msg(r >= 0, "out of memory");
	return s;
}

void expect_value(const struct xres *r, const char *exp, size_t len,
		  const char *what)
{
	ck_assert_msg(r->ret >= 0, "%.200s: failed with %s, expected \"%s\"",
		      what, strerror(r->err), esc(exp, len));
	ck_assert_msg((size_t)r->ret == len && !memcmp(r->val, exp, len),
		      "%.200s: got %zd bytes \"%s\", expected %zu bytes \"%s\"",
		      what, r->ret, esc(r->val, r->ret), len, esc(exp, len));
}

void expect_errno(const struct xres *r, int err, const char *what)
{
	ck_assert_msg(r->ret < 0,
		      "%.200s: returned %zd bytes \"%s\", expected error %s",
		      what, r->ret, esc(r->val, r->ret), strerror(err));
	ck_assert_msg(r->err == err, "%.200s: error %s, expected %s",
		      what, strerror(r->err), strerror(err));
}

int expect_path_record(enum xcall c, const char *path)
{
	struct mountinfo mi;
	struct xres r;
	const char *line;
	size_t len;
	char *what;
	int id;

	id = path_mnt_id(path, c == X_LGET ? AT_SYMLINK_NOFOLLOW : 0);
	ck_assert_msg(id >= 0, "statx %.200s: %s", path, strerror(-id));
	x_call(&r, c, path, ":mnt:info");
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, id, &len);
	ck_assert_msg(line, "%.200s: mount %d not in /proc/self/mountinfo",
		      path, id);
	what = xasprintf("%sgetxattr(\"%s\", \":mnt:info\")",
			 c == X_LGET ? "l" : "", path);
	expect_value(&r, line, len, what);
	free(what);
	x_free(&r);
	mi_free(&mi);
	return id;
}

/*
 * Every mount id up to a few past the largest @mi lists: ":mntns:ID:id"
 * is ID for a listed mount, and ENODATA for any other (of another
 * namespace, or one the caller's root hides).  fattr answers that key
 * without rendering the record where it can judge visibility: this holds
 * its judge of one mount to procfs's.  Where it cannot judge (a way up
 * past its budget) it renders the record to know, of any size: the key
 * answers even where the record is longer than VALUE_MAX (it gave E2BIG
 * there before 2026-12-07, unlike a column's "id").
 */
static void expect_ids_judged(const struct mountinfo *mi)
{
	struct xres r;
	int *ids, max = 0, id;
	size_t n = mi_ids(mi, &ids), i, len;
	char exp[16];

	for (i = 0; i < n; i++)
		if (ids[i] > max)
			max = ids[i];
	free(ids);
	for (id = 1; id <= max + 16; id++) {
		char *name = xasprintf(":mntns:%d:id", id);

		x_get(&r, "/", name);
		if (mi_find(mi, id, &len)) {
			snprintf(exp, sizeof(exp), "%d", id);
			expect_value(&r, exp, strlen(exp), name);
		} else {
			expect_errno(&r, ENODATA, name);
		}
		x_free(&r);
		free(name);
	}
}

void expect_listing(const char *path)
{
	struct mountinfo mi;
	struct xres r;
	size_t len;
	char *exp, *what;

	x_get(&r, path, ":mntns:");
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	exp = ids_listing(&mi, &len);
	ck_assert_msg(len > 0, "no mounts in /proc/self/mountinfo");
	what = xasprintf("getxattr(\"%s\", \":mntns:\")", path);
	expect_value(&r, exp, len, what);
	free(what);
	free(exp);
	x_free(&r);
	expect_ids_judged(&mi);
	expect_columns(path, &mi);
	mi_free(&mi);
}

void expect_all_ids(void)
{
	struct mountinfo mi;
	struct xres r;
	int *ids;
	size_t n, i, len;

	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	n = mi_ids(&mi, &ids);
	ck_assert_msg(n > 0, "no mounts in /proc/self/mountinfo");
	for (i = 0; i < n; i++) {
		const char *line = mi_find(&mi, ids[i], &len);
		char *name = xasprintf(":mntns:%d:info", ids[i]);

		x_get(&r, "/", name);
		expect_value(&r, line, len, name);
		x_free(&r);
		free(name);
		name = xasprintf(":mntns:%d:", ids[i]);
		x_get(&r, "/", name);
		expect_value(&r, INFO_VALUE, INFO_LEN, name);
		x_free(&r);
		free(name);
	}
	free(ids);
	mi_free(&mi);
}

void private_ns(void)
{
	ck_assert_msg(!unshare(CLONE_NEWNS), "unshare(CLONE_NEWNS): %s",
		      strerror(errno));
	ck_assert_msg(!mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL),
		      "make / rprivate: %s", strerror(errno));
}

const char *scratch(void)
{
	static char dir[] = "/tmp/fattr.XXXXXX";

	private_ns();
	ck_assert_msg(mkdtemp(dir), "mkdtemp: %s", strerror(errno));
	/*
	 * Without an inode limit: tmpfs's default is half the RAM's pages,
	 * 8,192 with 1 GiB in 64 KiB pages (ppc64el-64k), fewer than the
	 * mount points test_listing_e2big makes.
	 */
	xmount("fattr-scratch", dir, "tmpfs", 0, "nr_inodes=0");
	return dir;
}

void xmkdir(const char *path)
{
	ck_assert_msg(!mkdir(path, 0755) || errno == EEXIST,
		      "mkdir %.200s: %s", path, strerror(errno));
}

void xmount(const char *src, const char *target, const char *type,
	    unsigned long flags, const char *data)
{
	ck_assert_msg(!mount(src, target, type, flags, data),
		      "mount %.200s on %.200s (flags %#lx): %s", src ? src : "-",
		      target, flags, strerror(errno));
}

void xtmpfs(const char *src, const char *target)
{
	xmkdir(target);
	xmount(src, target, "tmpfs", 0, NULL);
}

void xbind(const char *src, const char *target)
{
	xmkdir(target);
	xmount(src, target, NULL, MS_BIND, NULL);
}

const char *const statfs_keys[STATFS_NKEYS] = {
	"type", "bsize", "frsize", "blocks", "bfree", "bavail", "files",
	"ffree", "namelen", "flags", "fsid",
};

void statfs_values(const struct statfs *st, char v[STATFS_NKEYS][64])
{
	snprintf(v[0], 64, "%lu", (unsigned long)st->f_type);
	snprintf(v[1], 64, "%lu", (unsigned long)st->f_bsize);
	snprintf(v[2], 64, "%lu", (unsigned long)st->f_frsize);
	snprintf(v[3], 64, "%" PRIu64, (uint64_t)st->f_blocks);
	snprintf(v[4], 64, "%" PRIu64, (uint64_t)st->f_bfree);
	snprintf(v[5], 64, "%" PRIu64, (uint64_t)st->f_bavail);
	snprintf(v[6], 64, "%" PRIu64, (uint64_t)st->f_files);
	snprintf(v[7], 64, "%" PRIu64, (uint64_t)st->f_ffree);
	snprintf(v[8], 64, "%lu", (unsigned long)st->f_namelen);
	snprintf(v[9], 64, "%lu", (unsigned long)st->f_flags);
	snprintf(v[10], 64, "%u:%u", (unsigned int)st->f_fsid.__val[0],
		 (unsigned int)st->f_fsid.__val[1]);
}

int fattr_loaded(void)
{
	return !access("/sys/module/fattr", F_OK);
}


/* FS_IOC_GETFSUUID (6.9): struct fsuuid2 { __u8 len; __u8 uuid[16]; }. */
struct fsuuid2 {
	uint8_t len;
	uint8_t uuid[16];
};
#define FS_IOC_GETFSUUID _IOR(0x15, 0, struct fsuuid2)

int fs_uuid_text(int fd, char out[FS_UUID_TEXT])
{
	struct fsuuid2 u = { .len = 16 };
	char *o = out;
	int i, zero = 1;

	if (ioctl(fd, FS_IOC_GETFSUUID, &u) || u.len > 16)
		return -1;
	for (i = 0; i < u.len; i++)
		zero &= !u.uuid[i];
	*out = '\0';
	if (zero || !u.len)
		return 0;
	for (i = 0; i < u.len; i++) {
		if (u.len == 16 && (i == 4 || i == 6 || i == 8 || i == 10))
			*o++ = '-';
		o += sprintf(o, "%02x", u.uuid[i]);
	}
	return 1;
}

const char *const tracefs_dirs[TRACEFS_NDIRS] = {
	"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
};

const char *tracefs_with(const char *file, int mode)
{
	size_t i;

	for (i = 0; i < TRACEFS_NDIRS; i++) {
		char *p = xasprintf("%s/%s", tracefs_dirs[i], file);
		int ok = !access(p, mode);

		free(p);
		if (ok)
			return tracefs_dirs[i];
	}
	return NULL;
}

int deep_dir(const char *top, const char *name, int levels)
{
	int fd = open(top, O_RDONLY | O_DIRECTORY), next, i;

	ck_assert_msg(fd >= 0, "open %s: %s", top, strerror(errno));
	for (i = 0; i < levels; i++) {
		ck_assert_msg(!mkdirat(fd, name, 0755) || errno == EEXIST,
			      "mkdir level %d below %s: %s", i, top,
			      strerror(errno));
		next = openat(fd, name, O_RDONLY | O_DIRECTORY);
		ck_assert_msg(next >= 0, "open level %d below %s: %s", i, top,
			      strerror(errno));
		close(fd);
		fd = next;
	}
	return fd;
}

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

double test_budget(void)
{
	const char *s = getenv("CK_TIMEOUT_MULTIPLIER");
	double m = s ? strtod(s, NULL) : 1;

	return TEST_TIMEOUT * (m >= 1 ? m : 1) / 3;
}
