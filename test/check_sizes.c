// SPDX-License-Identifier: GPL-2.0
/*
 * check_sizes.c: the size and errno rules of getxattr(2) for ':' names:
 * size 0, short and exact buffers, bad pointers, name lengths, bad paths,
 * and values at and over XATTR_SIZE_MAX.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

/* One ':' name on a path, with the value procfs says it must have. */
struct sized {
	const char *name;
	char *exp;
	size_t len;
};

/* The four kinds of values of @path (mounted in a private ns). */
static int values_of(const char *path, struct sized *v, struct mountinfo *mi)
{
	const char *line;
	int id = path_mnt_id(path, 0);

	ck_assert_int_ge(id, 0);
	ck_assert_int_eq(mi_read(mi, "/proc/self/mountinfo"), 0);
	line = mi_find(mi, id, &v[0].len);
	ck_assert_ptr_nonnull(line);
	v[0].name = ":mnt:info";
	v[0].exp = (char *)line;
	v[1].name = xasprintf(":mntns:%d:info", id);
	v[1].exp = (char *)line;
	v[1].len = v[0].len;
	v[2].name = ":mntns:";
	v[2].exp = ids_listing(mi, &v[2].len);
	v[3].name = ":";
	v[3].exp = ROOT_VALUE;
	v[3].len = ROOT_LEN;
	v[4].name = ":mnt:";
	v[4].exp = INFO_VALUE;
	v[4].len = INFO_LEN;
	return 5;
}

static const char *setup_mount(void)
{
	const char *dir = scratch();
	char *a = xasprintf("%s/a", dir);

	xtmpfs("fattr-sizes", a);
	return a;
}

/* size 0 returns the exact length, and never touches the value pointer. */
START_TEST(test_size_zero)
{
	const char *a = setup_mount();
	struct sized v[5];
	struct mountinfo mi;
	int i, n = values_of(a, v, &mi), fd = open(a, O_RDONLY);

	ck_assert_int_ge(fd, 0);
	for (i = 0; i < n; i++) {
		ck_assert_msg(getxattr(a, v[i].name, NULL, 0) ==
			      (ssize_t)v[i].len, "%s: size 0 gave %zd (%s), "
			      "expected %zu", v[i].name,
			      getxattr(a, v[i].name, NULL, 0),
			      strerror(errno), v[i].len);
		ck_assert_int_eq(lgetxattr(a, v[i].name, NULL, 0), v[i].len);
		ck_assert_int_eq(fgetxattr(fd, v[i].name, NULL, 0), v[i].len);
		ck_assert_int_eq(getxattr(a, v[i].name, (void *)8, 0),
				 v[i].len);
	}
	close(fd);
	mi_free(&mi);
}
END_TEST

/* A buffer one byte short gives ERANGE and stays untouched. */
START_TEST(test_short_buffer)
{
	const char *a = setup_mount();
	struct sized v[5];
	struct mountinfo mi;
	int i, n = values_of(a, v, &mi);
	char *buf = malloc(VALUE_MAX), *ref = malloc(VALUE_MAX);
	size_t sizes[3];
	int j;

	memset(ref, 0xa5, VALUE_MAX);
	for (i = 0; i < n; i++) {
		sizes[0] = v[i].len - 1;
		sizes[1] = 1;
		sizes[2] = v[i].len / 2;
		for (j = 0; j < 3; j++) {
			ssize_t r;

			memset(buf, 0xa5, VALUE_MAX);
			r = getxattr(a, v[i].name, buf, sizes[j]);
			ck_assert_msg(r == -1 && errno == ERANGE,
				      "%s, size %zu of %zu: got %zd (%s)",
				      v[i].name, sizes[j], v[i].len, r,
				      strerror(errno));
			ck_assert_msg(!memcmp(buf, ref, VALUE_MAX),
				      "%s: ERANGE but buffer written",
				      v[i].name);
		}
	}
	mi_free(&mi);
}
END_TEST

/* Exact and larger buffers: the value, and not a byte more written. */
START_TEST(test_exact_buffer)
{
	const char *a = setup_mount();
	struct sized v[5];
	struct mountinfo mi;
	int i, n = values_of(a, v, &mi);
	char *buf = malloc(VALUE_MAX + 1);
	ssize_t r;

	for (i = 0; i < n; i++) {
		memset(buf, 0xa5, VALUE_MAX + 1);
		r = getxattr(a, v[i].name, buf, v[i].len);
		ck_assert_msg(r == (ssize_t)v[i].len,
			      "%s: size %zu gave %zd (%s)", v[i].name,
			      v[i].len, r, strerror(errno));
		ck_assert(!memcmp(buf, v[i].exp, v[i].len));
		ck_assert_msg((unsigned char)buf[v[i].len] == 0xa5,
			      "%s: wrote past the value", v[i].name);
		r = getxattr(a, v[i].name, buf, v[i].len + 100);
		ck_assert_int_eq(r, v[i].len);
		ck_assert(!memcmp(buf, v[i].exp, v[i].len));
		ck_assert_msg((unsigned char)buf[v[i].len] == 0xa5,
			      "%s: wrote past the value", v[i].name);
	}
	mi_free(&mi);
}
END_TEST

/* Two pages, the second PROT_NONE; returns the first. */
static char *guarded_page(long *pg)
{
	char *p;

	*pg = sysconf(_SC_PAGESIZE);
	p = mmap(NULL, 2 * *pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(p != MAP_FAILED);
	ck_assert_int_eq(mprotect(p + *pg, *pg, PROT_NONE), 0);
	return p;
}

/*
 * Bad value pointers: NULL, unmapped, read-only, and a buffer that runs
 * into an unmapped page give EFAULT; an unmapped part beyond the value's
 * length is never touched.
 */
START_TEST(test_efault_value)
{
	const char *a = setup_mount();
	struct sized v[5];
	struct mountinfo mi;
	int i, n = values_of(a, v, &mi);
	char *pg, *ro;
	long psz;
	ssize_t r;

	pg = guarded_page(&psz);
	ro = mmap(NULL, psz, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(ro != MAP_FAILED);
	for (i = 0; i < n; i++) {
		struct { void *p; size_t size; const char *what; } bad[] = {
			{ NULL, v[i].len, "NULL" },
			{ pg + psz, v[i].len, "PROT_NONE" },
			{ ro, v[i].len, "read-only" },
			{ pg + psz - v[i].len / 2, v[i].len, "straddling" },
			{ (void *)-4096L, v[i].len, "kernel address" },
		};
		size_t j;

		for (j = 0; j < sizeof(bad) / sizeof(*bad); j++) {
			r = getxattr(a, v[i].name, bad[j].p, bad[j].size);
			ck_assert_msg(r == -1 && errno == EFAULT,
				      "%s, %s value: got %zd (%s)", v[i].name,
				      bad[j].what, r, strerror(errno));
		}
		/* Ends exactly at the guard page, with room to spare. */
		r = getxattr(a, v[i].name, pg + psz - v[i].len,
			     v[i].len + psz);
		ck_assert_msg(r == (ssize_t)v[i].len,
			      "%s, value flush with a guard page: %zd (%s)",
			      v[i].name, r, strerror(errno));
		ck_assert(!memcmp(pg + psz - v[i].len, v[i].exp, v[i].len));
	}
	mi_free(&mi);
}
END_TEST

/*
 * Bad name pointers give EFAULT, including a ':' name cut by an unmapped
 * page; a whole name ending just before it works.
 */
START_TEST(test_efault_name)
{
	const char *a = setup_mount();
	struct sized v[5];
	struct mountinfo mi;
	int n = values_of(a, v, &mi), i;
	char *pg, *name;
	long psz;
	struct xres r;

	(void)n;
	pg = guarded_page(&psz);
	x_get(&r, a, NULL);
	expect_errno(&r, EFAULT, "NULL name");
	x_free(&r);
	x_get(&r, a, pg + psz);
	expect_errno(&r, EFAULT, "unmapped name");
	x_free(&r);
	pg[psz - 1] = ':';
	x_get(&r, a, pg + psz - 1);
	expect_errno(&r, EFAULT, "\":\" then an unmapped page");
	x_free(&r);
	memcpy(pg + psz - 9, ":mnt:inf", 8);
	pg[psz - 1] = 'o';
	x_get(&r, a, pg + psz - 9);
	expect_errno(&r, EFAULT, "\":mnt:info\" then an unmapped page");
	x_free(&r);
	for (i = 0; i < 5; i++) {
		size_t l = strlen(v[i].name) + 1;

		name = pg + psz - l;
		memcpy(name, v[i].name, l);
		x_get(&r, a, name);
		expect_value(&r, v[i].exp, v[i].len, "name flush with a guard");
		x_free(&r);
	}
	mi_free(&mi);
}
END_TEST

/*
 * Name lengths follow the xattr rule: 255 bytes is a name (unknown here:
 * ENODATA), 256 is too long (ERANGE), "" is invalid (ERANGE), whether or
 * not the name begins with ':'.
 */
START_TEST(test_name_length)
{
	char name[300], other[300];
	struct xres r, k;

	memset(name, 'a', sizeof(name));
	name[0] = ':';
	memset(other, 'a', sizeof(other));
	memcpy(other, "user.", 5);
	name[255] = '\0';
	x_get(&r, "/", name);
	expect_errno(&r, ENODATA, "255-byte ':' name");
	x_free(&r);
	name[255] = 'a';
	name[256] = '\0';
	other[256] = '\0';
	x_get(&k, "/tmp", other);
	x_get(&r, "/tmp", name);
	expect_errno(&k, ERANGE, "256-byte user. name");
	expect_errno(&r, ERANGE, "256-byte ':' name");
	x_free(&r);
	x_free(&k);
	/* ":mntns:" followed by digits up to 255 bytes: still a name. */
	memset(name, '9', sizeof(name));
	memcpy(name, ":mntns:", 7);
	memcpy(name + 250, ":info", 6);
	x_get(&r, "/", name);
	expect_errno(&r, ENODATA, "255-byte :mntns:ID:info");
	x_free(&r);
	x_get(&r, "/", "");
	expect_errno(&r, ERANGE, "empty name");
	x_free(&r);
}
END_TEST

/* Path errors come first, and are the kernel's: same as user.x's. */
START_TEST(test_bad_paths)
{
	static const char *const paths[] = {
		"/nonexistent", "/nonexistent/x", "", "/proc/self/mountinfo/x",
	};
	static const char *const names[] = {
		":mnt:info", ":", ":mntns:", ":mnt:", ":zzz",
	};
	struct xres r, k;
	size_t i, j;

	for (i = 0; i < sizeof(paths) / sizeof(*paths); i++) {
		x_get(&k, paths[i], "user.x");
		ck_assert_msg(k.ret < 0 && k.err != ENODATA &&
			      k.err != EOPNOTSUPP,
			      "%s: user.x: kernel gave %s", paths[i],
			      strerror(k.err));
		for (j = 0; j < sizeof(names) / sizeof(*names); j++) {
			char *what = xasprintf("\"%s\" of \"%s\"", names[j],
					       paths[i]);

			x_get(&r, paths[i], names[j]);
			expect_errno(&r, k.err, what);
			x_free(&r);
			x_lget(&r, paths[i], names[j]);
			expect_errno(&r, k.err, what);
			x_free(&r);
		}
		x_free(&k);
	}
	x_get(&r, "/nonexistent", ":mnt:info");
	expect_errno(&r, ENOENT, "/nonexistent");
	x_free(&r);
}
END_TEST

/*
 * Build, under the cwd, a directory whose bind mount on @target has a
 * record of exactly @want bytes (the root field grows, escaped four times
 * over by backslashes).  Leaves it mounted; returns its mount id.
 */
static int record_of_length(const char *target, size_t want)
{
	char comp[256];
	size_t len = 0;
	int id = -1, tries;

	for (tries = 0; tries < 200; tries++) {
		struct mountinfo mi;
		size_t need;

		xmount(".", target, NULL, MS_BIND, NULL);
		id = path_mnt_id(target, 0);
		ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
		ck_assert_ptr_nonnull(mi_find(&mi, id, &len));
		mi_free(&mi);
		if (len == want)
			return id;
		ck_assert_int_eq(umount(target), 0);
		if (len > want) {
			/* The last step overshot (ids grew): redo it. */
			ck_assert_int_eq(chdir(".."), 0);
			need = len - want;
			continue;
		}
		need = want - len;
		if (need > 1021 + 256) {
			memset(comp, '\\', 255);
			comp[255] = '\0';
		} else if (need > 256) {
			memset(comp, 'x', 200);
			comp[200] = '\0';
		} else {
			memset(comp, 'y', need - 1);
			comp[need - 1] = '\0';
		}
		ck_assert_msg(!mkdir(comp, 0755) || errno == EEXIST,
			      "mkdir: %s", strerror(errno));
		ck_assert_int_eq(chdir(comp), 0);
	}
	ck_abort_msg("could not build a record of %zu bytes (at %zu)", want,
		     len);
	return -1;
}

/*
 * XATTR_SIZE_MAX: a record of exactly 64 KiB is served whole, one of
 * 64 KiB + 1 gives E2BIG for any buffer of 64 KiB or more.
 */
START_TEST(test_size_max)
{
	const char *dir = scratch();
	char *m1 = xasprintf("%s/m1", dir), *m2 = xasprintf("%s/m2", dir);
	char *t1 = xasprintf("%s/t1", dir), *t2 = xasprintf("%s/t2", dir);
	char *big = malloc(1 << 20), *name;
	struct mountinfo mi;
	const char *line;
	size_t len;
	ssize_t r;
	int id;

	xmkdir(m1);
	xmkdir(m2);
	xmkdir(t1);
	xmkdir(t2);
	ck_assert_int_eq(chdir(t1), 0);
	id = record_of_length(m1, VALUE_MAX);
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, id, &len);
	ck_assert_uint_eq(len, VALUE_MAX);
	name = xasprintf(":mntns:%d:info", id);
	r = getxattr(m1, ":mnt:info", NULL, 0);
	ck_assert_msg(r == VALUE_MAX, "64 KiB record, size 0: %zd (%s)", r,
		      strerror(errno));
	r = getxattr(m1, ":mnt:info", big, VALUE_MAX);
	ck_assert_msg(r == VALUE_MAX, "64 KiB record: %zd (%s)", r,
		      strerror(errno));
	ck_assert(!memcmp(big, line, len));
	r = getxattr("/", name, big, 1 << 20);
	ck_assert_msg(r == VALUE_MAX, "64 KiB %s: %zd (%s)", name, r,
		      strerror(errno));
	ck_assert(!memcmp(big, line, len));
	r = getxattr(m1, ":mnt:info", big, VALUE_MAX - 1);
	ck_assert_msg(r == -1 && errno == ERANGE, "64 KiB - 1: %zd (%s)", r,
		      strerror(errno));
	/*
	 * Its export holds it and more: over 64 KiB, so E2BIG, its length
	 * (size 0) included, as a record of that size.
	 */
	r = getxattr(m1, ":mnt:export", NULL, 0);
	ck_assert_msg(r == -1 && errno == E2BIG, "export of a 64 KiB record, "
		      "size 0: %zd (%s)", r, strerror(errno));
	r = getxattr(m1, ":mnt:export", big, 1 << 20);
	ck_assert_msg(r == -1 && errno == E2BIG, "export of a 64 KiB record: "
		      "%zd (%s)", r, strerror(errno));
	mi_free(&mi);

	ck_assert_int_eq(chdir(t2), 0);
	id = record_of_length(m2, VALUE_MAX + 1);
	name = xasprintf(":mntns:%d:info", id);
	r = getxattr(m2, ":mnt:info", big, VALUE_MAX);
	ck_assert_msg(r == -1 && errno == E2BIG, "64 KiB + 1: %zd (%s)", r,
		      strerror(errno));
	r = getxattr(m2, ":mnt:info", big, 1 << 20);
	ck_assert_msg(r == -1 && errno == E2BIG, "64 KiB + 1, 1 MiB buffer: "
		      "%zd (%s)", r, strerror(errno));
	r = getxattr("/", name, big, 1 << 20);
	ck_assert_msg(r == -1 && errno == E2BIG, "64 KiB + 1 by id: %zd (%s)",
		      r, strerror(errno));
	/* size 0: the length (as the kernel does for any xattr) or E2BIG. */
	r = getxattr(m2, ":mnt:info", NULL, 0);
	ck_assert_msg(r == VALUE_MAX + 1 || (r == -1 && errno == E2BIG),
		      "64 KiB + 1, size 0: %zd (%s)", r, strerror(errno));
	ck_assert_int_eq(chdir("/"), 0);
}
END_TEST

Suite *sizes_suite(void)
{
	Suite *s = suite_create("sizes");
	TCase *tc = tcase_create("sizes");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_size_zero);
	tcase_add_test(tc, test_short_buffer);
	tcase_add_test(tc, test_exact_buffer);
	tcase_add_test(tc, test_efault_value);
	tcase_add_test(tc, test_efault_name);
	tcase_add_test(tc, test_name_length);
	tcase_add_test(tc, test_bad_paths);
	tcase_add_test(tc, test_size_max);
	suite_add_tcase(s, tc);
	return s;
}
