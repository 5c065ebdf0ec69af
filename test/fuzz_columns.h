/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fuzzer's oracle of the columns ":mntns:all:KEY" (fuzz_columns.c):
 * which keys have one, and the bytes each column must hold, made from
 * what each mount's own key gives.
 */
#ifndef FATTR_TEST_FUZZ_COLUMNS_H
#define FATTR_TEST_FUZZ_COLUMNS_H

#include <stddef.h>

/* The keys of a mount folder that fattr(7) says have no column. */
extern const char *const fcol_without[];
extern const size_t fcol_nwithout;

/*
 * What key @key gives for mount @id: 0 with *@val and *@len set, or the
 * errno of its single name ":mntns:ID:KEY".
 */
typedef int fcol_key_fn(const char *key, int id, const char **val,
			size_t *len);

/* Every expected column, and ":mntns:all:"'s value. */
struct fcol_set {
	char *folder;		/* ":mntns:all:": each key, NUL-terminated */
	size_t folder_len;
	size_t n;		/* columns: the folder's keys */
	char **key;
	char **val;		/* "ID\0=VALUE\0" or "ID\0!ERRNO\0" each */
	size_t *len;
};

/* Does fattr(7) give key @key (a mount folder's entry) a column? */
int fcol_has_column(const char *key);

/*
 * ":mntns:all:"'s value from a mount folder's value @mnt of @len bytes
 * (":mnt:"'s): its entries in its order, but those without a column;
 * malloc'd, its length in *@out_len.
 */
char *fcol_folder(const char *mnt, size_t len, size_t *out_len);

/*
 * Column @key of the @n mounts @ids (":mntns:"'s, in its order), each
 * from @get: "ID\0=VALUE\0", or "ID\0!ERRNO\0" with the errno's name;
 * malloc'd, its length in *@len.  *@odd: the first errno a mount gave
 * that fattr(7) does not name for a column (ENODATA, E2BIG, EIO), or 0.
 */
char *fcol_compose(const char *key, const int *ids, size_t n,
		   fcol_key_fn *get, size_t *len, int *odd);

/*
 * Fills @s for mount folder @mnt (@mnt_len bytes) and the mounts @ids:
 * the columns of keys @own(KEY) accepts from @own_get, the others from
 * @other_get.  Returns the first odd errno (fcol_compose()), or 0;
 * *@odd_key then names the key.
 */
int fcol_build(struct fcol_set *s, const char *mnt, size_t mnt_len,
	       const int *ids, size_t n, int (*own)(const char *key),
	       fcol_key_fn *own_get, fcol_key_fn *other_get,
	       const char **odd_key);
void fcol_free(struct fcol_set *s);

/*
 * What ":mntns:all:" @rest names: 1 with *@val and *@len set (the
 * folder, for "", or a column), or 0 for ENODATA.
 */
int fcol_lookup(const struct fcol_set *s, const char *rest,
		const char **val, size_t *len);

/* The name of a column's errno ("ENODATA", ...), any errno's. */
const char *fcol_errname(int e);

#endif /* FATTR_TEST_FUZZ_COLUMNS_H */
