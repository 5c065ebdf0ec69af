// SPDX-License-Identifier: GPL-2.0
/*
 * check_tree.c: the folders of the tree, exact name matching, and names
 * that do not begin with ':' (ordinary xattrs, listxattr).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

/* ":" lists "mnt:" and "mntns:" on any path, through every call. */
START_TEST(test_root_folder)
{
	static const char *const paths[] = { "/", "/proc", "/tmp", "/dev" };
	const char *dir = scratch();
	char *link = xasprintf("%s/link", dir);
	struct xres r;
	size_t i;
	int fd;

	for (i = 0; i < sizeof(paths) / sizeof(*paths); i++) {
		x_get(&r, paths[i], ":");
		expect_value(&r, ROOT_VALUE, ROOT_LEN, paths[i]);
		x_free(&r);
	}
	ck_assert_int_eq(symlink("/nonexistent", link), 0);
	x_lget(&r, link, ":");
	expect_value(&r, ROOT_VALUE, ROOT_LEN, "lgetxattr of a symlink");
	x_free(&r);
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	x_fget(&r, fd, ":");
	expect_value(&r, ROOT_VALUE, ROOT_LEN, "fgetxattr of a directory");
	x_free(&r);
	close(fd);
}
END_TEST

/* ":mnt:" lists the mount folder's keys (mount_folder()). */
START_TEST(test_mnt_folder)
{
	struct xres r;

	x_get(&r, "/", ":mnt:");
	expect_value(&r, INFO_VALUE, INFO_LEN, ":mnt: of /");
	x_free(&r);
	x_get(&r, "/proc/self", ":mnt:");
	expect_value(&r, INFO_VALUE, INFO_LEN, ":mnt: of /proc/self");
	x_free(&r);
}
END_TEST

/* ":mntns:" is the id column of /proc/self/mountinfo, in order. */
START_TEST(test_listing)
{
	const char *dir = scratch();
	char *sub = xasprintf("%s/a", dir);

	xtmpfs("fattr-a", sub);
	expect_listing("/");
	expect_listing(sub);
	expect_listing("/proc");
}
END_TEST

/* Every listed id: ":mntns:ID:" is the mount folder, ":mntns:ID:info" its record. */
START_TEST(test_every_id)
{
	const char *dir = scratch();
	char *sub = xasprintf("%s/a", dir);

	xtmpfs("fattr-a", sub);
	expect_all_ids();
}
END_TEST

/* Names are matched exactly: near misses of real names give ENODATA. */
START_TEST(test_exact_names)
{
	static const char *const fixed[] = {
		":mnt:infoX", ":mnt:info:", ":mnt", "::", ":mnt::", ":MNT:info",
		":mnt:INFO", ":mntns", ":mntns::", ":mntns::info", ":zzz",
		": ", ":mnt:inf", ":mnt:info ", ":mnt:info\n", ":mntns:info",
		":mntns:99999999999:info", ":mntns:99999999999:",
		":mntns:-1:info", ":mntns:0:info", ":mnt:mnt:", ":mntns:mnt:",
	};
	static const char *const with_id[] = {
		":mntns:0%d:info", ":mntns:00%d:", ":mntns:+%d:info",
		":mntns:+%d:", ":mntns:-%d:info", ":mntns: %d:info",
		":mntns:%d :info", ":mntns:%d:info:", ":mntns:%d:infoX",
		":mntns:%d:inf", ":mntns:%d", ":mntns:%d::", ":mntns:%d:info ",
		":mntns:%d:INFO", ":mntns:%d:mnt:", ":mntns:%d:info:info",
		":mntns:%dx:info", ":mnt:%d:info", ":mntns:%d:%d:info",
	};
	struct mountinfo mi;
	struct xres r;
	int *ids, max = 0, id;
	size_t n, i, j;
	char *name;

	private_ns();
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	n = mi_ids(&mi, &ids);
	ck_assert_uint_gt(n, 0);
	for (i = 0; i < n; i++)
		if (ids[i] > max)
			max = ids[i];
	for (i = 0; i < sizeof(fixed) / sizeof(*fixed); i++) {
		x_get(&r, "/", fixed[i]);
		expect_errno(&r, ENODATA, esc(fixed[i], strlen(fixed[i])));
		x_free(&r);
	}
	for (j = 0; j < 2; j++) {
		id = j ? ids[n - 1] : ids[0];
		for (i = 0; i < sizeof(with_id) / sizeof(*with_id); i++) {
			name = xasprintf(with_id[i], id, id);
			x_get(&r, "/", name);
			expect_errno(&r, ENODATA, name);
			x_free(&r);
			free(name);
		}
		/* The id plus 2^32: no truncation to 32 bits. */
		name = xasprintf(":mntns:%lld:info", id + (1LL << 32));
		x_get(&r, "/", name);
		expect_errno(&r, ENODATA, name);
		x_free(&r);
		free(name);
	}
	/* An id that is not listed: both its folder and its record. */
	name = xasprintf(":mntns:%d:", max + 1);
	x_get(&r, "/", name);
	expect_errno(&r, ENODATA, name);
	x_free(&r);
	name = xasprintf(":mntns:%d:info", max + 1);
	x_get(&r, "/", name);
	expect_errno(&r, ENODATA, name);
	x_free(&r);
	mi_free(&mi);
	free(ids);
}
END_TEST

/*
 * Names without a leading ':' are the kernel's: one that merely contains
 * a tree name is answered like a similar one that does not.
 */
START_TEST(test_other_names)
{
	static const char *const pairs[][2] = {
		{ "mnt:info", "xyz:info" },
		{ " :mnt:info", " :xyz:info" },
		{ "user.:mnt:info", "user.:xyz:info" },
		{ "trusted.:mntns:", "trusted.:xyzzy:" },
		{ "mntns:", "xyzzy:" },
	};
	const char *dir = scratch();
	char *file = xasprintf("%s/f", dir);
	struct xres a, b;
	size_t i;
	int fd;

	fd = open(file, O_CREAT | O_WRONLY, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
	for (i = 0; i < sizeof(pairs) / sizeof(*pairs); i++) {
		x_get(&a, file, pairs[i][0]);
		x_get(&b, file, pairs[i][1]);
		ck_assert_msg(b.ret < 0, "%s: kernel answered", pairs[i][1]);
		expect_errno(&a, b.err, pairs[i][0]);
		x_free(&a);
		x_free(&b);
	}
}
END_TEST

/* The namespace of ordinary xattrs on tmpfs: user.*, else trusted.*. */
static const char *xattr_prefix(const char *file)
{
	if (!setxattr(file, "user.x", "1", 1, 0))
		return "user.";
	ck_assert_msg(errno == EOPNOTSUPP, "setxattr user.x: %s",
		      strerror(errno));
	ck_assert_msg(!setxattr(file, "trusted.x", "1", 1, 0),
		      "setxattr trusted.x: %s", strerror(errno));
	return "trusted.";
}

/* Ordinary xattrs still work: set, read back, absent, size 0. */
START_TEST(test_ordinary_xattrs)
{
	static const char value[] = "fattr\0:mnt:info\n";
	const char *dir = scratch();
	char *file = xasprintf("%s/f", dir), *x, *y, *absent;
	const char *pfx;
	struct xres r;
	int fd;

	fd = open(file, O_CREAT | O_WRONLY, 0644);
	ck_assert_int_ge(fd, 0);
	pfx = xattr_prefix(file);
	x = xasprintf("%sx", pfx);
	y = xasprintf("%sy", pfx);
	absent = xasprintf("%sabsent", pfx);
	ck_assert_int_eq(setxattr(file, y, value, sizeof(value), 0), 0);
	x_get(&r, file, x);
	expect_value(&r, "1", 1, x);
	x_free(&r);
	x_get(&r, file, y);
	expect_value(&r, value, sizeof(value), y);
	x_free(&r);
	x_fget(&r, fd, y);
	expect_value(&r, value, sizeof(value), "fgetxattr");
	x_free(&r);
	ck_assert_int_eq(getxattr(file, y, NULL, 0), sizeof(value));
	x_get(&r, file, absent);
	expect_errno(&r, ENODATA, absent);
	x_free(&r);
	close(fd);
}
END_TEST

/* Assert that the list of @len bytes has no ':' name; count @want. */
static int list_check(const char *list, ssize_t len, const char *want,
		      const char *what)
{
	const char *p;
	int found = 0;

	ck_assert_msg(len >= 0, "%s: %s", what, strerror(errno));
	for (p = list; p < list + len; p += strlen(p) + 1) {
		ck_assert_msg(p[0] != ':', "%s lists \"%s\"", what, p);
		if (want && !strcmp(p, want))
			found++;
	}
	return found;
}

/* listxattr, llistxattr and flistxattr never show ':' names. */
START_TEST(test_listxattr)
{
	static const char *const paths[] = { "/", "/proc", "/tmp", "/dev" };
	const char *dir = scratch();
	char *file = xasprintf("%s/f", dir), *link = xasprintf("%s/l", dir);
	char *x, list[VALUE_MAX];
	size_t i;
	int fd;

	fd = open(file, O_CREAT | O_WRONLY, 0644);
	ck_assert_int_ge(fd, 0);
	x = xasprintf("%sx", xattr_prefix(file));
	ck_assert_int_eq(symlink("f", link), 0);
	ck_assert_int_eq(list_check(list, listxattr(file, list, sizeof(list)),
				    x, "listxattr"), 1);
	ck_assert_int_eq(list_check(list, flistxattr(fd, list, sizeof(list)),
				    x, "flistxattr"), 1);
	ck_assert_int_eq(list_check(list, llistxattr(link, list,
						     sizeof(list)),
				    x, "llistxattr"), 0);
	for (i = 0; i < sizeof(paths) / sizeof(*paths); i++)
		list_check(list, listxattr(paths[i], list, sizeof(list)),
			   NULL, paths[i]);
	close(fd);
}
END_TEST

Suite *tree_suite(void)
{
	Suite *s = suite_create("tree");
	TCase *tc = tcase_create("tree");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_root_folder);
	tcase_add_test(tc, test_mnt_folder);
	tcase_add_test(tc, test_listing);
	tcase_add_test(tc, test_every_id);
	tcase_add_test(tc, test_exact_names);
	tcase_add_test(tc, test_other_names);
	tcase_add_test(tc, test_ordinary_xattrs);
	tcase_add_test(tc, test_listxattr);
	suite_add_tcase(s, tc);
	return s;
}
