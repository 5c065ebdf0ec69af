// SPDX-License-Identifier: GPL-2.0
/*
 * columns.c: the columns ":mntns:all:KEY" held to the caller's mountinfo
 * (which mounts, in which order) and to the single keys ":mntns:ID:KEY"
 * (each value, byte for byte, or its errno), and "info"'s to the records
 * themselves.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>

#include "util.h"

/* The keys of a mount folder without a column (fattr(7)). */
static const char *const no_column[] = {
	"opt_array", "opt_sec_array", "mnt_uidmap", "mnt_gidmap",
	"uuid", "bdev", "statfs:", "export",
};

static int has_column(const char *key)
{
	size_t i;

	for (i = 0; i < sizeof(no_column) / sizeof(no_column[0]); i++)
		if (!strcmp(key, no_column[i]))
			return 0;
	return 1;
}

char *x_get_whole(const char *path, const char *name, size_t *len)
{
	for (;;) {
		ssize_t n = getxattr(path, name, NULL, 0), m;
		char *buf;

		if (n < 0)
			return NULL;
		buf = malloc(n + 1);
		ck_assert_msg(buf, "out of memory");
		m = getxattr(path, name, buf, n);
		if (m >= 0) {
			*len = m;
			return buf;
		}
		free(buf);
		/* It grew meanwhile: ask again. */
		if (errno != ERANGE && errno != E2BIG)
			return NULL;
	}
}

/* The errno a column names in a mount's place. */
static int errno_named(const char *name)
{
	if (!strcmp(name, "ENODATA"))
		return ENODATA;
	if (!strcmp(name, "E2BIG"))
		return E2BIG;
	if (!strcmp(name, "EIO"))
		return EIO;
	ck_abort_msg("a column names an unknown error \"%s\"", name);
	return 0;
}

/*
 * Column @key at @path: exactly the @n mounts @ids (procfs's, in its
 * order), each with what ":mntns:ID:KEY" gives; for "info", each value is
 * the record @mi has.
 */
static void expect_column(const char *path, const char *key,
			  const struct mountinfo *mi, const int *ids, size_t n)
{
	char *name = xasprintf(":mntns:all:%s", key);
	size_t len, i, rlen;
	char *col = x_get_whole(path, name, &len), *p, *end;

	ck_assert_msg(col, "getxattr(\"%s\", \"%s\"): %s", path, name,
		      strerror(errno));
	p = col;
	end = col + len;
	for (i = 0; i < n; i++) {
		char *v, *id_name, *what;
		const char *rec;
		struct xres r;
		size_t vlen;

		ck_assert_msg(p < end && memchr(p, '\0', end - p),
			      "%s: %zu mounts, /proc/self/mountinfo has %zu",
			      name, i, n);
		ck_assert_msg(atoi(p) == ids[i] && strspn(p, "0123456789") ==
			      strlen(p), "%s: mount %zu is \"%s\", procfs's %d",
			      name, i, esc(p, strlen(p)), ids[i]);
		v = p + strlen(p) + 1;
		ck_assert_msg(v < end && memchr(v, '\0', end - v),
			      "%s: mount %d has no value", name, ids[i]);
		vlen = strlen(v);
		id_name = xasprintf(":mntns:%d:%s", ids[i], key);
		what = xasprintf("%s, mount %d, against %s", name, ids[i],
				 id_name);
		x_get(&r, path, id_name);
		if (v[0] == '=')
			expect_value(&r, v + 1, vlen - 1, what);
		else if (v[0] == '!')
			expect_errno(&r, errno_named(v + 1), what);
		else
			ck_abort_msg("%s: \"%s\" is neither =VALUE nor !ERRNO",
				     what, esc(v, vlen));
		rec = mi_find(mi, ids[i], &rlen);
		if (!strcmp(key, "info") && v[0] == '=') {
			ck_assert_msg(rec && vlen - 1 == rlen &&
				      !memcmp(v + 1, rec, rlen),
				      "%s: \"%s\" is not procfs's record", what,
				      esc(v + 1, vlen - 1));
		}
		x_free(&r);
		free(what);
		free(id_name);
		p = v + vlen + 1;
	}
	ck_assert_msg(p == end, "%s: more than the %zu mounts of procfs",
		      name, n);
	free(col);
	free(name);
}

void expect_columns(const char *path, const struct mountinfo *mi)
{
	size_t flen, klen = 0, got_len, n, off;
	const char *folder = mount_folder(&flen);
	char *keys = malloc(flen), *got;
	int *ids;

	ck_assert_msg(keys, "out of memory");
	for (off = 0; off < flen; off += strlen(folder + off) + 1) {
		if (!has_column(folder + off))
			continue;
		strcpy(keys + klen, folder + off);
		klen += strlen(folder + off) + 1;
	}
	got = x_get_whole(path, ":mntns:all:", &got_len);
	ck_assert_msg(got, "\":mntns:all:\": %s", strerror(errno));
	ck_assert_msg(got_len == klen && !memcmp(got, keys, klen),
		      "\":mntns:all:\" is \"%s\", expected \"%s\"",
		      esc(got, got_len), esc(keys, klen));
	free(got);
	n = mi_ids(mi, &ids);
	for (off = 0; off < klen; off += strlen(keys + off) + 1)
		expect_column(path, keys + off, mi, ids, n);
	free(ids);
	free(keys);
}
