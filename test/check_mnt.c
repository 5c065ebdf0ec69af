// SPDX-License-Identifier: GPL-2.0
/*
 * check_mnt.c: ":mnt:info" and ":mntns:ID:info" records against procfs,
 * for the shapes mounts take: nested, bind, read-only, odd characters,
 * long records, overmounts, symlinks and file descriptors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

/* Assert :mntns:ID:info of @id is its procfs record; return its length. */
static size_t expect_id_record(int id)
{
	struct mountinfo mi;
	const char *line;
	struct xres r;
	size_t len;
	char *name = xasprintf(":mntns:%d:info", id);

	x_get(&r, "/", name);
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, id, &len);
	ck_assert_msg(line, "mount %d not in /proc/self/mountinfo", id);
	expect_value(&r, line, len, name);
	x_free(&r);
	mi_free(&mi);
	free(name);
	return len;
}

/* A procfs field of mount @id, malloc'd. */
static char *id_field(int id, int n)
{
	struct mountinfo mi;
	const char *line;
	size_t len;
	char *f;

	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, id, &len);
	ck_assert_msg(line, "mount %d not in /proc/self/mountinfo", id);
	f = mi_field(line, len, n);
	mi_free(&mi);
	return f;
}

/* Does procfs's record of @id contain @s? */
static int id_has(int id, const char *s)
{
	struct mountinfo mi;
	const char *line;
	size_t len;
	int r;

	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, id, &len);
	ck_assert_msg(line, "mount %d not in /proc/self/mountinfo", id);
	r = mi_has(line, len, s);
	mi_free(&mi);
	return r;
}

static void touch(const char *path)
{
	int fd = open(path, O_CREAT | O_WRONLY, 0644);

	ck_assert_msg(fd >= 0, "create %s: %s", path, strerror(errno));
	close(fd);
}

/* The mounts every system has: the root, /proc, /tmp, /dev, /sys. */
START_TEST(test_system_mounts)
{
	static const char *const paths[] = {
		"/", "/proc", "/proc/self", "/tmp", "/dev", "/sys",
	};
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(*paths); i++) {
		if (access(paths[i], F_OK))
			continue;
		expect_id_record(expect_path_record(X_GET, paths[i]));
	}
}
END_TEST

/* tmpfs in tmpfs in tmpfs: each path answers its own mount. */
START_TEST(test_nested)
{
	const char *dir = scratch();
	char *a = xasprintf("%s/a", dir), *b = xasprintf("%s/b", a);
	char *c = xasprintf("%s/c", b), *f = xasprintf("%s/file", c);
	char *d = xasprintf("%s/dir", b);
	int ids[5];

	xtmpfs("fattr-a", a);
	xtmpfs("fattr-b", b);
	xtmpfs("fattr-c", c);
	xmkdir(d);
	touch(f);
	ids[0] = expect_path_record(X_GET, dir);
	ids[1] = expect_path_record(X_GET, a);
	ids[2] = expect_path_record(X_GET, b);
	ids[3] = expect_path_record(X_GET, c);
	ids[4] = expect_path_record(X_GET, f);
	ck_assert_int_ne(ids[0], ids[1]);
	ck_assert_int_ne(ids[1], ids[2]);
	ck_assert_int_ne(ids[2], ids[3]);
	ck_assert_int_eq(ids[3], ids[4]);
	ck_assert_int_eq(expect_path_record(X_GET, d), ids[2]);
	expect_id_record(ids[3]);
}
END_TEST

/* A bind mount of a subdirectory (root field not "/") and of a file. */
START_TEST(test_bind_subdir)
{
	const char *dir = scratch();
	char *src = xasprintf("%s/src/sub", dir), *dst = xasprintf("%s/dst", dir);
	char *fsrc = xasprintf("%s/f", src), *fdst = xasprintf("%s/fb", dir);
	char *root;
	int id;

	xmkdir(xasprintf("%s/src", dir));
	xmkdir(src);
	touch(fsrc);
	touch(fdst);
	xbind(src, dst);
	xmount(fsrc, fdst, NULL, MS_BIND, NULL);
	id = expect_path_record(X_GET, dst);
	root = id_field(id, 4);
	ck_assert_str_eq(root, "/src/sub");
	expect_id_record(id);
	id = expect_path_record(X_GET, fdst);
	root = id_field(id, 4);
	ck_assert_str_eq(root, "/src/sub/f");
	expect_id_record(id);
}
END_TEST

/* A read-only bind mount: its record says "ro" where the source is rw. */
START_TEST(test_ro_bind)
{
	const char *dir = scratch();
	char *src = xasprintf("%s/src", dir), *dst = xasprintf("%s/ro", dir);
	char *opts;
	int id;

	xmkdir(src);
	xbind(src, dst);
	xmount(NULL, dst, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);
	id = expect_path_record(X_GET, dst);
	opts = id_field(id, 6);
	ck_assert_msg(!strncmp(opts, "ro", 2), "options \"%s\"", opts);
	opts = id_field(expect_path_record(X_GET, src), 6);
	ck_assert_msg(!strncmp(opts, "rw", 2), "options \"%s\"", opts);
	expect_id_record(id);
}
END_TEST

/*
 * Space, tab, newline, backslash and '#' in mount points and sources:
 * procfs escapes them in octal and the module must be byte-identical.
 */
START_TEST(test_odd_chars)
{
	static const char *const odd[] = {
		"sp ace", "ta\tb", "new\nline", "back\\slash", "ha#sh",
		"all \t\n\\# \\134", "\xc3\xa9\x01\x7f", "tail ",
	};
	const char *dir = scratch();
	size_t i;
	int id, escaped = 0;

	for (i = 0; i < sizeof(odd) / sizeof(*odd); i++) {
		char *p = xasprintf("%s/%s", dir, odd[i]);
		char *src = xasprintf("src %s", odd[i]);

		xtmpfs(src, p);
		id = expect_path_record(X_GET, p);
		expect_id_record(id);
		escaped += id_has(id, "\\040");
		/* A bind of it under another odd name: root field too. */
		xmkdir(xasprintf("%s/%s", p, odd[i]));
		xbind(xasprintf("%s/%s", p, odd[i]),
		      xasprintf("%s/b%s", dir, odd[i]));
		id = expect_path_record(X_GET, xasprintf("%s/b%s", dir,
							  odd[i]));
		expect_id_record(id);
	}
	/* Guard: procfs did escape, so the scenario is the intended one. */
	ck_assert_int_ge(escaped, 2);
}
END_TEST

/* Make nested directories under @base until the path has @len bytes. */
static char *long_dir(const char *base, size_t len, char fill)
{
	char *path = malloc(len + 256), comp[201];

	strcpy(path, base);
	memset(comp, fill, 200);
	while (strlen(path) + 1 < len) {
		size_t n = len - strlen(path) - 1;

		if (n > 200)
			n = 200;
		comp[n] = '\0';
		strcat(path, "/");
		strcat(path, comp);
		comp[n] = fill;
		xmkdir(path);
	}
	return path;
}

/* A record longer than 1 KiB: a mount point of about 1500 bytes. */
START_TEST(test_long_1k)
{
	const char *dir = scratch();
	char *p = long_dir(dir, 1500, 'd');
	size_t len;

	xtmpfs("fattr-long", p);
	len = expect_id_record(expect_path_record(X_GET, p));
	ck_assert_uint_gt(len, 1024);
}
END_TEST

/*
 * Records longer than 4 KiB and 16 KiB: a mount point near PATH_MAX and a
 * tmpfs source of 4000 bytes that procfs escapes four times over.
 */
START_TEST(test_long_4k)
{
	const char *dir = scratch();
	char *p = long_dir(dir, 4090, 'e'), *q, src[4001];
	size_t len;
	int fd;

	xtmpfs("fattr-long", p);
	len = expect_id_record(expect_path_record(X_GET, p));
	ck_assert_uint_gt(len, 4096);
	memset(src, ' ', 4000);
	memcpy(src, "src", 3);
	src[4000] = '\0';
	q = long_dir(dir, 3900, '\\');
	xtmpfs(src, q);
	len = expect_id_record(expect_path_record(X_GET, q));
	ck_assert_uint_gt(len, 16384);
	fd = open(q, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	{
		struct mountinfo mi;
		const char *line;
		struct xres r;

		x_fget(&r, fd, ":mnt:info");
		ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
		line = mi_find(&mi, fd_mnt_id(fd), &len);
		ck_assert_ptr_nonnull(line);
		expect_value(&r, line, len, "fgetxattr of a long record");
		x_free(&r);
		mi_free(&mi);
	}
	close(fd);
}
END_TEST

/*
 * Two mounts on one mount point: the path reaches the top one, an fd
 * opened before the overmount still holds the lower one.
 */
START_TEST(test_overmount)
{
	const char *dir = scratch();
	char *o = xasprintf("%s/o", dir);
	struct mountinfo mi;
	const char *line;
	struct xres r;
	int lower, upper, fd;
	size_t len;

	xtmpfs("fattr-lower", o);
	lower = expect_path_record(X_GET, o);
	fd = open(o, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	xtmpfs("fattr-upper", o);
	upper = expect_path_record(X_GET, o);
	ck_assert_int_ne(lower, upper);
	ck_assert_int_eq(fd_mnt_id(fd), lower);
	expect_id_record(lower);
	expect_id_record(upper);
	x_fget(&r, fd, ":mnt:info");
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, lower, &len);
	ck_assert_ptr_nonnull(line);
	expect_value(&r, line, len, "fgetxattr of the covered mount");
	x_free(&r);
	mi_free(&mi);
	close(fd);
}
END_TEST

/*
 * A symlink in mount A into mount B: getxattr follows it (B's record),
 * lgetxattr does not (A's record); a dangling one gives ENOENT unless
 * not followed.
 */
START_TEST(test_symlink)
{
	const char *dir = scratch();
	char *a = xasprintf("%s/a", dir), *b = xasprintf("%s/b", dir);
	char *l = xasprintf("%s/l", a), *ld = xasprintf("%s/dir", a);
	char *dang = xasprintf("%s/dangling", a);
	int ida, idb;
	struct xres r;

	xtmpfs("fattr-a", a);
	xtmpfs("fattr-b", b);
	touch(xasprintf("%s/f", b));
	ck_assert_int_eq(symlink("../b/f", l), 0);
	ck_assert_int_eq(symlink(b, ld), 0);
	ck_assert_int_eq(symlink("../b/none", dang), 0);
	idb = expect_path_record(X_GET, l);
	ida = expect_path_record(X_LGET, l);
	ck_assert_int_eq(ida, path_mnt_id(a, 0));
	ck_assert_int_eq(idb, path_mnt_id(b, 0));
	ck_assert_int_ne(ida, idb);
	ck_assert_int_eq(expect_path_record(X_GET, ld), idb);
	ck_assert_int_eq(expect_path_record(X_LGET, ld), ida);
	ck_assert_int_eq(expect_path_record(X_LGET, dang), ida);
	x_get(&r, dang, ":mnt:info");
	expect_errno(&r, ENOENT, "getxattr of a dangling symlink");
	x_free(&r);
	/* A trailing slash makes lgetxattr follow, as for any name. */
	ck_assert_int_eq(expect_path_record(X_LGET, xasprintf("%s/", ld)),
			 idb);
}
END_TEST

/* fgetxattr on @fd gives the record of the fd's mount. */
static void expect_fd_record(int fd, const char *what)
{
	struct mountinfo mi;
	const char *line;
	struct xres r;
	size_t len;
	int id = fd_mnt_id(fd);

	ck_assert_msg(id >= 0, "%s: statx: %s", what, strerror(-id));
	x_fget(&r, fd, ":mnt:info");
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, id, &len);
	ck_assert_msg(line, "%s: mount %d not listed", what, id);
	expect_value(&r, line, len, what);
	x_free(&r);
	mi_free(&mi);
}

/*
 * Descriptors: directories and files answer their mount; O_PATH fds get
 * the kernel's own answer for them; bad fds EBADF; fds of mounts that are
 * no longer in the namespace (detached, pipes) have no record.
 */
START_TEST(test_fd)
{
	const char *dir = scratch();
	char *a = xasprintf("%s/a", dir), *f = xasprintf("%s/f", a);
	char *proc_fd;
	struct xres r, k;
	int dfd, ffd, wfd, pfd, p[2];

	xtmpfs("fattr-a", a);
	touch(f);
	dfd = open(a, O_RDONLY | O_DIRECTORY);
	ffd = open(f, O_RDONLY);
	wfd = open(f, O_WRONLY);
	pfd = open(f, O_PATH);
	ck_assert(dfd >= 0 && ffd >= 0 && wfd >= 0 && pfd >= 0);
	expect_fd_record(dfd, "directory fd");
	expect_fd_record(ffd, "O_RDONLY file fd");
	expect_fd_record(wfd, "O_WRONLY file fd");
	proc_fd = xasprintf("/proc/self/fd/%d", ffd);
	ck_assert_int_eq(expect_path_record(X_GET, proc_fd),
			 path_mnt_id(a, 0));

	/* O_PATH: whatever the kernel does with an ordinary name. */
	x_fget(&k, pfd, "user.x");
	x_fget(&r, pfd, ":mnt:info");
	if (k.ret < 0 && k.err == EBADF)
		expect_errno(&r, EBADF, "fgetxattr of an O_PATH fd");
	else
		expect_fd_record(pfd, "O_PATH fd (kernel accepts it)");
	x_free(&k);
	x_free(&r);

	x_fget(&r, -1, ":mnt:info");
	expect_errno(&r, EBADF, "fd -1");
	x_free(&r);
	x_fget(&r, 1000000, ":");
	expect_errno(&r, EBADF, "fd 1000000");
	x_free(&r);

	/* A lazily unmounted mount left the namespace: no record. */
	ck_assert_int_eq(umount2(a, MNT_DETACH), 0);
	x_fget(&r, ffd, ":mnt:info");
	expect_errno(&r, ENODATA, "fgetxattr of a detached mount");
	x_free(&r);

	/* A pipe lives on an internal mount, in no namespace. */
	ck_assert_int_eq(pipe(p), 0);
	x_fget(&r, p[0], ":mnt:info");
	expect_errno(&r, ENODATA, "fgetxattr of a pipe");
	x_free(&r);
	close(dfd);
	close(ffd);
	close(wfd);
	close(pfd);
}
END_TEST

Suite *mnt_suite(void)
{
	Suite *s = suite_create("mnt");
	TCase *tc = tcase_create("mnt");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_system_mounts);
	tcase_add_test(tc, test_nested);
	tcase_add_test(tc, test_bind_subdir);
	tcase_add_test(tc, test_ro_bind);
	tcase_add_test(tc, test_odd_chars);
	tcase_add_test(tc, test_long_1k);
	tcase_add_test(tc, test_long_4k);
	tcase_add_test(tc, test_overmount);
	tcase_add_test(tc, test_symlink);
	tcase_add_test(tc, test_fd);
	suite_add_tcase(s, tc);
	return s;
}
