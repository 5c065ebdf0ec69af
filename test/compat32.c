// SPDX-License-Identifier: GPL-2.0
/*
 * compat32.c: fattr for 32-bit callers.  Built as a static 32-bit
 * binary, fattr-compat32 (the VM has no 32-bit libc, and Check has no
 * 32-bit static library here): with gcc -m32 on x86_64 (i386 callers),
 * with the armhf cross compiler on arm64 (AArch32 callers).  It makes
 * getxattr, lgetxattr, fgetxattr and getxattrat (syscall 464 on every
 * architecture, where it exists) through the kernel's 32-bit entry
 * points, and compares every answer with what the kernel itself says at
 * the same moment: /proc/self/mountinfo and statx for records, the same
 * call with an ordinary name for errors.
 *
 * Prints one line per failure and, last, "compat32: N passed, M failed";
 * exits non-zero if any check failed.  Runs as root (it mounts a tmpfs in
 * a private mount namespace and sets trusted.* attributes).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "procfs.h"

#define VALUE_MAX 65536
#define NR_GETXATTRAT 464	/* the same on every architecture */
#define WHERE "trusted.fattr_where"

struct at_args {
	unsigned long long value;
	unsigned int size;
	unsigned int flags;
};

static int passed, failed;

static void check(int ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("compat32: FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static void die(const char *what)
{
	printf("compat32: FAIL: %s: %s\n", what, strerror(errno));
	printf("compat32: %d passed, %d failed\n", passed, failed + 1);
	exit(1);
}

/* One answer: ret, errno, and the value in a buffer of VALUE_MAX. */
struct res {
	ssize_t ret;
	int err;
	char val[VALUE_MAX + 1];
};

static void done(struct res *r, ssize_t ret)
{
	r->ret = ret;
	r->err = ret < 0 ? errno : 0;
}

enum way { W_GET, W_LGET, W_FGET, W_AT, W_AT_NOFOLLOW, W_AT_EMPTY, WAYS };

static const char *const ways[] = {
	"getxattr", "lgetxattr", "fgetxattr", "getxattrat",
	"getxattrat NOFOLLOW", "getxattrat(fd, \"\", AT_EMPTY_PATH)",
};

static long at_call(int dfd, const char *path, unsigned int flags,
		    const char *name, void *uargs, size_t usize)
{
	return syscall(NR_GETXATTRAT, dfd, path, flags, name, uargs, usize);
}

static void ask(struct res *r, enum way w, const char *path, int fd,
		const char *name)
{
	struct at_args args = {
		.value = (uintptr_t)r->val, .size = VALUE_MAX,
	};

	memset(r->val, 0, sizeof(r->val));
	switch (w) {
	case W_GET:
		done(r, getxattr(path, name, r->val, VALUE_MAX));
		break;
	case W_LGET:
		done(r, lgetxattr(path, name, r->val, VALUE_MAX));
		break;
	case W_FGET:
		done(r, fgetxattr(fd, name, r->val, VALUE_MAX));
		break;
	case W_AT:
		done(r, at_call(AT_FDCWD, path, 0, name, &args, sizeof(args)));
		break;
	case W_AT_NOFOLLOW:
		done(r, at_call(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, name,
				&args, sizeof(args)));
		break;
	default:
		done(r, at_call(fd, "", AT_EMPTY_PATH, name, &args,
				sizeof(args)));
		break;
	}
}

static int have_at;

static int way_exists(enum way w)
{
	return w < W_AT || have_at;
}

static int nofollow(enum way w)
{
	return w == W_LGET || w == W_AT_NOFOLLOW;
}

/* Is @r exactly the @len bytes at @exp? */
static void expect_value(const struct res *r, const char *exp, size_t len,
			 const char *what)
{
	if (r->ret < 0) {
		check(0, "%s: %s, expected %zu bytes", what,
		      strerror(r->err), len);
		return;
	}
	check((size_t)r->ret == len && !memcmp(r->val, exp, len),
	      "%s: %zd bytes \"%.*s\", expected %zu bytes \"%.*s\"", what,
	      r->ret, (int)(r->ret > 200 ? 200 : r->ret), r->val, len,
	      (int)(len > 200 ? 200 : len), exp);
}

static void expect_errno(const struct res *r, int err, const char *what)
{
	check(r->ret < 0 && r->err == err, "%s: got %zd (%s), expected %s",
	      what, r->ret, r->ret < 0 ? strerror(r->err) : "a value",
	      strerror(err));
}

/* The same answer as @k (the kernel's, for an ordinary name). */
static void expect_same(const struct res *r, const struct res *k,
			const char *what)
{
	if (k->ret >= 0)
		expect_value(r, k->val, k->ret, what);
	else
		expect_errno(r, k->err, what);
}

static struct res r, k;	/* big: not on the stack */
static char dir[] = "/tmp/fattr-compat32.XXXXXX";
static char a[64], f[64], l[64], af[64];

static void mark(const char *path, int nofollow_)
{
	int id = path_mnt_id(path, nofollow_ ? AT_SYMLINK_NOFOLLOW : 0);
	char v[32];
	int len = snprintf(v, sizeof(v), "%d", id);

	if ((nofollow_ ? lsetxattr : setxattr)(path, WHERE, v, len, 0))
		die("setxattr " WHERE);
}

/* A private namespace: tmpfs S on dir, tmpfs A on S/a, S/l -> a/f. */
static void setup(void)
{
	int fd;

	if (unshare(CLONE_NEWNS))
		die("unshare");
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		die("make / rprivate");
	if (!mkdtemp(dir))
		die("mkdtemp");
	if (mount("fattr-compat32", dir, "tmpfs", 0, NULL))
		die("mount S");
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(f, sizeof(f), "%s/f", dir);
	snprintf(l, sizeof(l), "%s/l", dir);
	snprintf(af, sizeof(af), "%s/a/f", dir);
	if (mkdir(a, 0755) || mount("fattr-compat32-a", a, "tmpfs", 0, NULL))
		die("mount A");
	fd = open(f, O_CREAT | O_WRONLY, 0644);
	if (fd < 0)
		die("create S/f");
	close(fd);
	fd = open(af, O_CREAT | O_WRONLY, 0644);
	if (fd < 0)
		die("create A/f");
	close(fd);
	if (symlink("a/f", l))
		die("symlink");
	mark(dir, 0);
	mark(a, 0);
	mark(f, 0);
	mark(af, 0);
	mark(l, 1);
}

/* :mnt:info of each path, each way: the record of the mount statx says. */
static void test_records(void)
{
	const char *paths[] = { "/", "/proc", "/tmp", "/dev", "/sys", dir,
				a, f, af, l };
	struct mountinfo mi;
	size_t i, len;
	int w;

	for (w = 0; w < WAYS; w++) {
		if (!way_exists(w))
			continue;
		for (i = 0; i < sizeof(paths) / sizeof(*paths); i++) {
			int fd = open(paths[i], O_RDONLY | O_CLOEXEC);
			int id = w == W_FGET || w == W_AT_EMPTY ?
				 fd_mnt_id(fd) :
				 path_mnt_id(paths[i], nofollow(w) ?
					     AT_SYMLINK_NOFOLLOW : 0);
			const char *line;
			char what[160];

			snprintf(what, sizeof(what), "%s(\"%s\", \":mnt:info\")",
				 ways[w], paths[i]);
			if (fd < 0 || id < 0)
				die(paths[i]);
			ask(&r, w, paths[i], fd, ":mnt:info");
			if (mi_read(&mi, "/proc/self/mountinfo"))
				die("mountinfo");
			line = mi_find(&mi, id, &len);
			check(line != NULL, "%s: mount %d not in mountinfo",
			      what, id);
			if (line)
				expect_value(&r, line, len, what);
			mi_free(&mi);
			close(fd);
		}
	}
}

/* The folders, the listing and every mount by id. */
/*
 * The column ":mntns:all:mountpoint" the @n records @ids of @mi make:
 * "ID\0=MOUNTPOINT\0" each, the mount point unescaped; malloc'd.
 */
static char *column_of_mountpoints(const struct mountinfo *mi,
				   const int *ids, size_t n, size_t *len)
{
	char *out = malloc(mi->len + 32 * n + 1), *o = out;
	size_t i, rlen;

	if (!out)
		die("malloc");
	for (i = 0; i < n; i++) {
		const char *line = mi_find(mi, ids[i], &rlen);
		struct mi_keys k;

		if (!line || mi_keys(line, rlen, &k))
			die("a mountinfo record fattr-compat32 cannot split");
		o += sprintf(o, "%d", ids[i]) + 1;
		*o++ = '=';
		memcpy(o, k.v[MI_MOUNTPOINT], k.len[MI_MOUNTPOINT]);
		o += k.len[MI_MOUNTPOINT];
		*o++ = '\0';
		mi_keys_free(&k);
	}
	*len = o - out;
	return out;
}

static void test_tree(void)
{
	struct mountinfo mi;
	size_t n, i, len;
	char name[64], *exp;
	int *ids, w;

	for (w = 0; w < WAYS; w++) {
		int fd = open("/", O_RDONLY | O_CLOEXEC);

		if (!way_exists(w))
			continue;
		ask(&r, w, "/", fd, ":");
		expect_value(&r, ROOT_VALUE, ROOT_LEN, ways[w]);
		ask(&r, w, "/", fd, ":mnt:");
		exp = mount_folder(&len);
		expect_value(&r, exp, len, ways[w]);
		ask(&r, w, "/", fd, ":mntns:");
		if (mi_read(&mi, "/proc/self/mountinfo"))
			die("mountinfo");
		exp = ids_listing(&mi, &len);
		expect_value(&r, exp, len, ":mntns:");
		free(exp);
		n = mi_ids(&mi, &ids);
		check(n > 0, "no mounts");
		for (i = 0; i < n; i++) {
			const char *line = mi_find(&mi, ids[i], &len);

			snprintf(name, sizeof(name), ":mntns:%d:info", ids[i]);
			ask(&r, w, "/", fd, name);
			expect_value(&r, line, len, name);
			snprintf(name, sizeof(name), ":mntns:%d:", ids[i]);
			ask(&r, w, "/", fd, name);
			exp = mount_folder(&len);
			expect_value(&r, exp, len, name);
		}
		/* A column through this entry: procfs's mount points. */
		exp = column_of_mountpoints(&mi, ids, n, &len);
		ask(&r, w, "/", fd, ":mntns:all:mountpoint");
		expect_value(&r, exp, len, ":mntns:all:mountpoint");
		free(exp);
		free(ids);
		mi_free(&mi);
		close(fd);
	}
}

/* statx's STATX_MNT_ID_UNIQUE (6.8) of @path, or 0. */
static unsigned long long unique_of(const char *path)
{
	struct statx stx;

	if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, 0x4000U, &stx) ||
	    !(stx.stx_mask & 0x4000U))
		return 0;
	return stx.stx_mnt_id;
}

/*
 * One value per key: every key of every mount by id, and of the scratch
 * mounts by path each way, against the record's own fields; unique_id
 * against statx; statfs: of /proc and the scratch tmpfs against
 * statfs64(2), all through the 32-bit entries.
 */
static void test_values(void)
{
	static const char *const sf[] = {
		"type", "bsize", "frsize", "blocks", "bfree", "bavail",
		"files", "ffree", "namelen", "flags", "fsid",
	};
	const char *paths[] = { "/proc", dir, a };
	char name[96], exp[11][64];
	struct statfs64 st;
	struct mountinfo mi;
	struct mi_keys k;
	const char *line;
	size_t n, i, j, len;
	int *ids, w, id;

	if (mi_read(&mi, "/proc/self/mountinfo"))
		die("mountinfo");
	n = mi_ids(&mi, &ids);
	for (i = 0; i < n; i++) {
		line = mi_find(&mi, ids[i], &len);
		if (mi_keys(line, len, &k))
			die("mountinfo record");
		for (j = 0; j < MI_NKEYS; j++) {
			snprintf(name, sizeof(name), ":mntns:%d:%s", ids[i],
				 mi_key_names[j]);
			ask(&r, W_LGET, "/", -1, name);
			expect_value(&r, k.v[j], k.len[j], name);
		}
		mi_keys_free(&k);
	}
	free(ids);
	for (w = 0; w < WAYS; w++) {
		if (!way_exists(w))
			continue;
		for (i = 0; i < sizeof(paths) / sizeof(*paths); i++) {
			int fd = open(paths[i], O_RDONLY | O_CLOEXEC);

			id = path_mnt_id(paths[i], 0);
			line = mi_find(&mi, id, &len);
			if (fd < 0 || !line || mi_keys(line, len, &k))
				die("a scratch mount");
			for (j = 0; j < MI_NKEYS; j++) {
				snprintf(name, sizeof(name), "%s %s :mnt:%s",
					 ways[w], paths[i], mi_key_names[j]);
				ask(&r, w, paths[i], fd, name + strlen(ways[w]) +
				    strlen(paths[i]) + 2);
				expect_value(&r, k.v[j], k.len[j], name);
			}
			mi_keys_free(&k);
			ask(&r, w, paths[i], fd, ":mnt:unique_id");
			if (have_statmount()) {
				snprintf(exp[0], 64, "%llu", unique_of(paths[i]));
				expect_value(&r, exp[0], strlen(exp[0]),
					     ":mnt:unique_id");
			} else {
				expect_errno(&r, ENODATA, ":mnt:unique_id");
			}
			if (statfs64(paths[i], &st))
				die("statfs64");
			snprintf(exp[0], 64, "%llu", (unsigned long long)(unsigned int)st.f_type);
			snprintf(exp[1], 64, "%llu", (unsigned long long)st.f_bsize);
			snprintf(exp[2], 64, "%llu", (unsigned long long)st.f_frsize);
			snprintf(exp[3], 64, "%llu", (unsigned long long)st.f_blocks);
			snprintf(exp[4], 64, "%llu", (unsigned long long)st.f_bfree);
			snprintf(exp[5], 64, "%llu", (unsigned long long)st.f_bavail);
			snprintf(exp[6], 64, "%llu", (unsigned long long)st.f_files);
			snprintf(exp[7], 64, "%llu", (unsigned long long)st.f_ffree);
			snprintf(exp[8], 64, "%llu", (unsigned long long)st.f_namelen);
			snprintf(exp[9], 64, "%llu", (unsigned long long)st.f_flags);
			snprintf(exp[10], 64, "%u:%u", (unsigned int)st.f_fsid.__val[0],
				 (unsigned int)st.f_fsid.__val[1]);
			for (j = 0; j < 11; j++) {
				snprintf(name, sizeof(name), ":mnt:statfs:%s", sf[j]);
				ask(&r, w, paths[i], fd, name);
				expect_value(&r, exp[j], strlen(exp[j]), name);
			}
			close(fd);
		}
	}
	mi_free(&mi);
}

/* Two pages, the second PROT_NONE; returns the first. */
static char *guarded(long *psz)
{
	char *p;

	*psz = sysconf(_SC_PAGESIZE);
	p = mmap(NULL, 2 * *psz, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mprotect(p + *psz, *psz, PROT_NONE))
		die("mmap");
	return p;
}

/* Sizes the kernel caps at XATTR_SIZE_MAX (hidden from the compiler). */
static volatile size_t huge[] = { (size_t)-1, 0x80000000u };

/* Size 0, short, exact and huge sizes; bad value and name pointers. */
static void test_sizes(void)
{
	static char buf[VALUE_MAX + 1], ref[VALUE_MAX + 1];
	struct mountinfo mi;
	const char *line;
	size_t len;
	ssize_t ret, kret;
	long psz;
	char *pg = guarded(&psz);
	int id = path_mnt_id(af, 0), fd = open(af, O_RDONLY);

	if (mi_read(&mi, "/proc/self/mountinfo") || fd < 0)
		die("mountinfo");
	line = mi_find(&mi, id, &len);
	if (!line)
		die("record of A");
	ret = getxattr(af, ":mnt:info", NULL, 0);
	check(ret == (ssize_t)len, "size 0: %zd, expected %zu", ret, len);
	ret = lgetxattr(af, ":mnt:info", (void *)8, 0);
	check(ret == (ssize_t)len, "l, size 0: %zd, expected %zu", ret, len);
	ret = fgetxattr(fd, ":mnt:info", NULL, 0);
	check(ret == (ssize_t)len, "f, size 0: %zd, expected %zu", ret, len);
	memset(ref, 0xa5, sizeof(ref));
	memset(buf, 0xa5, sizeof(buf));
	ret = getxattr(af, ":mnt:info", buf, len - 1);
	check(ret == -1 && errno == ERANGE, "size len - 1: %zd (%s)", ret,
	      strerror(errno));
	ret = fgetxattr(fd, ":mntns:", buf, 1);
	check(ret == -1 && errno == ERANGE, "f, :mntns:, size 1: %zd (%s)",
	      ret, strerror(errno));
	check(!memcmp(buf, ref, sizeof(buf)), "ERANGE, but buffer written");
	ret = getxattr(af, ":mnt:info", buf, len);
	check(ret == (ssize_t)len && !memcmp(buf, line, len) &&
	      (unsigned char)buf[len] == 0xa5, "exact size: %zd", ret);
	/* Sizes beyond 32 bits' sign: as the kernel does for user names. */
	kret = getxattr(af, WHERE, buf, huge[0]);
	ret = getxattr(af, ":mnt:info", buf, huge[0]);
	check(kret > 0 && ret == (ssize_t)len && !memcmp(buf, line, len),
	      "size 0xffffffff: %zd (%s), kernel %zd", ret, strerror(errno),
	      kret);
	kret = getxattr(af, WHERE, buf, huge[1]);
	ret = getxattr(af, ":mnt:info", buf, huge[1]);
	check(kret > 0 && ret == (ssize_t)len, "size 0x80000000: %zd (%s)",
	      ret, strerror(errno));
	/* EFAULT: NULL, PROT_NONE, straddling values; bad names. */
	ret = getxattr(af, ":mnt:info", NULL, len);
	check(ret == -1 && errno == EFAULT, "NULL value: %zd", ret);
	ret = fgetxattr(fd, ":mnt:info", pg + psz, len);
	check(ret == -1 && errno == EFAULT, "PROT_NONE value: %zd", ret);
	ret = lgetxattr(af, ":mnt:info", pg + psz - len / 2, len);
	check(ret == -1 && errno == EFAULT, "straddling value: %zd", ret);
	ret = getxattr(af, ":mnt:info", pg + psz - len, len + psz);
	check(ret == (ssize_t)len && !memcmp(pg + psz - len, line, len),
	      "value flush with a guard page: %zd (%s)", ret,
	      strerror(errno));
	ret = getxattr(af, NULL, buf, len);
	check(ret == -1 && errno == EFAULT, "NULL name: %zd", ret);
	pg[psz - 1] = ':';
	ret = getxattr(af, pg + psz - 1, buf, len);
	check(ret == -1 && errno == EFAULT, "':' then PROT_NONE: %zd", ret);
	memcpy(pg + psz - 10, ":mnt:info", 10);
	ret = getxattr(af, pg + psz - 10, buf, len);
	check(ret == (ssize_t)len, "name flush with a guard page: %zd", ret);
	close(fd);
	mi_free(&mi);
}

/* Bad paths and descriptors: the kernel's error for an ordinary name. */
static void test_errors(void)
{
	const char *paths[] = { "/nonexistent", "", "/proc/self/mountinfo/x" };
	const char *names[] = { ":mnt:info", ":", ":mntns:", ":zzz" };
	int fds[] = { -1, 9999, 0x7fffffff };
	char what[160];
	size_t i, j;
	int w;

	for (w = 0; w < WAYS; w++) {
		if (!way_exists(w))
			continue;
		for (i = 0; i < 3; i++) {
			ask(&k, w, paths[i], fds[i], WHERE);
			if (!(k.ret < 0))
				check(0, "%s, %s: the kernel answered",
				      ways[w], paths[i]);
			for (j = 0; j < 4; j++) {
				snprintf(what, sizeof(what), "%s, \"%s\", %s",
					 ways[w], paths[i], names[j]);
				ask(&r, w, paths[i], fds[i], names[j]);
				expect_same(&r, &k, what);
			}
		}
	}
}

/* getxattrat: dirfd, AT_EMPTY_PATH with NULL, bad args as the kernel's. */
static void test_at(void)
{
	static char trail[8192];
	struct at_args *args = (struct at_args *)trail;
	struct mountinfo mi;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY), afd = open(af, O_RDONLY);
	const char *line;
	char what[160];
	size_t len, i;

	/* AT_FDCWD with an empty path names the cwd: a marked one. */
	if (dfd < 0 || afd < 0 || chdir(a))
		die("open");
	{
		struct { int dfd; const char *path; unsigned int fl; } c[] = {
			{ dfd, "a/f", 0 }, { dfd, "l", 0 },
			{ dfd, "l", AT_SYMLINK_NOFOLLOW }, { dfd, "f", 0 },
			{ afd, NULL, AT_EMPTY_PATH }, { afd, "", AT_EMPTY_PATH },
			{ dfd, "", AT_EMPTY_PATH }, { 9999, NULL, AT_EMPTY_PATH },
			{ dfd, "nonexistent", 0 }, { afd, "x", 0 },
			{ AT_FDCWD, NULL, AT_EMPTY_PATH },
			{ AT_FDCWD, "", AT_EMPTY_PATH },
			{ -5, NULL, AT_EMPTY_PATH }, { -5, "", AT_EMPTY_PATH },
		};

		for (i = 0; i < sizeof(c) / sizeof(*c); i++) {
			int id;

			memset(trail, 0, sizeof(trail));
			*args = (struct at_args) {
				.value = (uintptr_t)k.val, .size = VALUE_MAX,
			};
			done(&k, at_call(c[i].dfd, c[i].path, c[i].fl, WHERE,
					 args, sizeof(*args)));
			args->value = (uintptr_t)r.val;
			done(&r, at_call(c[i].dfd, c[i].path, c[i].fl,
					 ":mnt:info", args, sizeof(*args)));
			snprintf(what, sizeof(what), "getxattrat(%d, \"%s\", "
				 "%#x)", c[i].dfd,
				 c[i].path ? c[i].path : "(null)", c[i].fl);
			if (k.ret < 0) {
				expect_errno(&r, k.err, what);
				continue;
			}
			k.val[k.ret] = '\0';
			id = atoi(k.val);
			if (mi_read(&mi, "/proc/self/mountinfo"))
				die("mountinfo");
			line = mi_find(&mi, id, &len);
			check(line != NULL, "%s: no mount %d", what, id);
			if (line)
				expect_value(&r, line, len, what);
			mi_free(&mi);
		}
	}
	{
		struct { size_t usize; unsigned int flags, atf; int tail;
			 unsigned long long hi; void *p; } b[] = {
			{ 8, 0, 0, 0, 0, args }, { 15, 0, 0, 0, 0, args },
			{ 24, 0, 0, 0, 0, args }, { 24, 0, 0, 1, 0, args },
			{ 4096, 0, 0, 0, 0, args }, { 4097, 0, 0, 0, 0, args },
			{ (size_t)-1, 0, 0, 0, 0, args },
			{ 16, 1, 0, 0, 0, args }, { 16, 0, 0x10000, 0, 0, args },
			{ 16, 0, AT_SYMLINK_FOLLOW, 0, 0, args },
			{ 16, 0, 0, 0, 0, NULL }, { 16, 0, 0, 0, 0, (void *)8 },
			{ 16, 0, 0, 0, 1ULL << 32, args },
		};

		for (i = 0; i < sizeof(b) / sizeof(*b); i++) {
			memset(trail, 0, sizeof(trail));
			if (b[i].tail)
				trail[sizeof(*args)] = 1;
			*args = (struct at_args) {
				.value = (uintptr_t)k.val | b[i].hi,
				.size = VALUE_MAX, .flags = b[i].flags,
			};
			done(&k, at_call(AT_FDCWD, af, b[i].atf, WHERE, b[i].p,
					 b[i].usize));
			args->value = (uintptr_t)r.val | b[i].hi;
			done(&r, at_call(AT_FDCWD, af, b[i].atf, ":mnt:info",
					 b[i].p, b[i].usize));
			snprintf(what, sizeof(what), "getxattrat usize %zu, "
				 "flags %#x, at_flags %#x, tail %d, value "
				 "high %#llx, uargs %p", b[i].usize,
				 b[i].flags, b[i].atf, b[i].tail, b[i].hi,
				 b[i].p);
			if (k.ret < 0) {
				expect_errno(&r, k.err, what);
			} else {
				int id = path_mnt_id(af, 0);

				if (mi_read(&mi, "/proc/self/mountinfo"))
					die("mountinfo");
				line = mi_find(&mi, id, &len);
				if (line)
					expect_value(&r, line, len, what);
				else
					check(0, "%s: no mount %d", what, id);
				mi_free(&mi);
			}
		}
	}
	close(dfd);
	close(afd);
	if (chdir("/"))
		die("chdir /");
}

/* A name in a page not in the page tables yet (module/hook.c restarts). */
static const char *cold_name(const char *name)
{
	long psz = sysconf(_SC_PAGESIZE);
	int fd = memfd_create("fattr-compat32-name", MFD_CLOEXEC);
	char *p;

	if (fd < 0 || write(fd, name, strlen(name) + 1) < 0 ||
	    ftruncate(fd, psz))
		die("memfd");
	p = mmap(NULL, psz, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		die("mmap memfd");
	close(fd);
	return p;
}

static void test_cold(void)
{
	const char *names[] = { WHERE, "trusted.fattr_absent", ":mnt:info",
				":mntns:" };
	long psz = sysconf(_SC_PAGESIZE);
	int fd = open(af, O_RDONLY), w;
	char what[160];
	size_t i;

	for (w = 0; w < WAYS; w++) {
		const char *path = nofollow(w) ? l : af;

		if (!way_exists(w))
			continue;
		for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
			const char *cold = cold_name(names[i]);

			ask(&k, w, path, fd, names[i]);
			ask(&r, w, path, fd, cold);
			snprintf(what, sizeof(what), "%s, \"%s\" in a cold "
				 "page", ways[w], names[i]);
			/* ':' names: getxattr with a warm name is fattr's. */
			expect_same(&r, &k, what);
			munmap((void *)cold, psz);
		}
	}
	close(fd);
}

int main(void)
{
	static struct res probe;
	struct at_args args = { .value = (uintptr_t)probe.val,
				.size = VALUE_MAX };

	if (sizeof(void *) != 4) {
		printf("compat32: FAIL: not a 32-bit build\n");
		return 1;
	}
	done(&probe, at_call(AT_FDCWD, "/", 0, "user.fattr_absent", &args,
			     sizeof(args)));
	have_at = !(probe.ret < 0 && probe.err == ENOSYS);
	if (!have_at) {
		done(&probe, at_call(AT_FDCWD, "/", 0, ":mnt:info", &args,
				     sizeof(args)));
		expect_errno(&probe, ENOSYS, "getxattrat without the syscall");
		printf("compat32: getxattrat skipped: not in this kernel (ENOSYS; "
		       "it came in 6.13)\n");
	}
	setup();
	test_records();
	test_tree();
	test_values();
	test_sizes();
	test_errors();
	if (have_at)
		test_at();
	test_cold();
	printf("compat32: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
