// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_columns.c: the fuzzer's oracle of the columns, fattr(7)'s
 * ":mntns:all:KEY": "A column: key KEY of every mount :mntns: lists for
 * the caller, in the same order [...]. For each mount, two NUL-terminated
 * strings: its mount id ID, then =VALUE with the bytes :mntns:ID:KEY
 * gives [...], or !ERRNO with the name of the error that name gives for
 * that mount: ENODATA [...], E2BIG [...], or EIO".  "The keys with a
 * column are those :mntns:all: lists (a folder: each NUL-terminated):
 * every key of a mount folder but opt_array and opt_sec_array [...],
 * mnt_uidmap and mnt_gidmap [...], uuid, bdev, statfs: and its keys
 * [...], and export.  Those give ENODATA in a column".
 *
 * Nothing here asks the module: fuzz.c gives the mount folder (":mnt:",
 * whose entries it checks against the kernel's features) and, for each
 * key, what each mount's own key gives (from procfs and statmount(2)
 * where the fuzzer knows the key, else the single names read in a quiet
 * moment).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_columns.h"

const char *const fcol_without[] = {
	"opt_array", "opt_sec_array", "mnt_uidmap", "mnt_gidmap", "uuid",
	"bdev", "statfs:", "export",
};
const size_t fcol_nwithout = sizeof(fcol_without) / sizeof(*fcol_without);

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		perror("fuzz: columns");
		exit(2);
	}
	return p;
}

int fcol_has_column(const char *key)
{
	size_t i;

	for (i = 0; i < fcol_nwithout; i++)
		if (!strcmp(key, fcol_without[i]))
			return 0;
	return 1;
}

char *fcol_folder(const char *mnt, size_t len, size_t *out_len)
{
	char *out = xrealloc(NULL, len);
	size_t off, n, o = 0;

	for (off = 0; off < len; off += n) {
		const char *end = memchr(mnt + off, '\0', len - off);

		n = (end ? (size_t)(end - mnt - off) : len - off) + 1;
		if (!end || !fcol_has_column(mnt + off))
			continue;
		memcpy(out + o, mnt + off, n);
		o += n;
	}
	*out_len = o;
	return out;
}

const char *fcol_errname(int e)
{
	const char *s = strerrorname_np(e);

	return s ? s : "E?";
}

/* A growing buffer. */
struct grow {
	char *p;
	size_t len, cap;
};

static void put(struct grow *g, const void *s, size_t n)
{
	if (g->cap - g->len < n) {
		g->cap = 2 * (g->len + n);
		g->p = xrealloc(g->p, g->cap);
	}
	memcpy(g->p + g->len, s, n);
	g->len += n;
}

char *fcol_compose(const char *key, const int *ids, size_t n,
		   fcol_key_fn *get, size_t *len, int *odd)
{
	struct grow g = { 0 };
	char num[16];
	size_t i, vlen;
	const char *v;
	int e;

	*odd = 0;
	for (i = 0; i < n; i++) {
		put(&g, num, snprintf(num, sizeof(num), "%d", ids[i]) + 1);
		e = get(key, ids[i], &v, &vlen);
		if (!e) {
			put(&g, "=", 1);
			put(&g, v, vlen);
		} else {
			if (e != ENODATA && e != E2BIG && e != EIO && !*odd)
				*odd = e;
			put(&g, "!", 1);
			put(&g, fcol_errname(e), strlen(fcol_errname(e)));
		}
		put(&g, "", 1);
	}
	*len = g.len;
	return g.p ? g.p : xrealloc(NULL, 1);
}

int fcol_build(struct fcol_set *s, const char *mnt, size_t mnt_len,
	       const int *ids, size_t n, int (*own)(const char *key),
	       fcol_key_fn *own_get, fcol_key_fn *other_get,
	       const char **odd_key)
{
	size_t off, k = 0;
	int odd, first = 0;

	fcol_free(s);
	s->folder = fcol_folder(mnt, mnt_len, &s->folder_len);
	for (off = 0; off < s->folder_len; off += strlen(s->folder + off) + 1)
		s->n++;
	s->key = xrealloc(NULL, s->n * sizeof(*s->key));
	s->val = xrealloc(NULL, s->n * sizeof(*s->val));
	s->len = xrealloc(NULL, s->n * sizeof(*s->len));
	*odd_key = NULL;
	for (off = 0; off < s->folder_len; off += strlen(s->folder + off) + 1) {
		const char *key = s->folder + off;

		s->key[k] = strdup(key);
		s->val[k] = fcol_compose(key, ids, n, own(key) ? own_get :
					 other_get, &s->len[k], &odd);
		if (odd && !first) {
			first = odd;
			*odd_key = s->key[k];
		}
		k++;
	}
	return first;
}

void fcol_free(struct fcol_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->key[i]);
		free(s->val[i]);
	}
	free(s->key);
	free(s->val);
	free(s->len);
	free(s->folder);
	memset(s, 0, sizeof(*s));
}

int fcol_lookup(const struct fcol_set *s, const char *rest,
		const char **val, size_t *len)
{
	size_t i;

	if (!*rest) {
		*val = s->folder;
		*len = s->folder_len;
		return 1;
	}
	/* Names match exactly: "KEY:", "statfs:type" or "ALL" are none. */
	for (i = 0; i < s->n; i++) {
		if (!strcmp(rest, s->key[i])) {
			*val = s->val[i];
			*len = s->len[i];
			return 1;
		}
	}
	return 0;
}
