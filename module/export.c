// SPDX-License-Identifier: GPL-2.0
/*
 * "export": every other key of a mount folder as sh assignments, from
 * one reading of the mount.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/xattr.h>

#include "tree.h"

/*
 * Whether the error of key @e ends an "export" rather than leaves the
 * key out.  Left out: no value for this mount (ENODATA), and for the
 * keys statfs(2) gives, whatever the mount's statfs(2) answered (the
 * caller may not statfs it; the file system's own errors, a FUSE
 * server's included), and "uuid" and "bdev" where the caller could not
 * open the mount's root (EACCES).  An interrupted wait (EINTR,
 * ERESTART*) ends it, to be restarted or reported as the kernel decides;
 * so does anything else (fattr's ENOMEM, a record it cannot split).
 */
static bool fattr_export_fatal(const struct fattr_entry *e,
			       const struct fattr_snap *s, int err)
{
	if (fattr_interrupted(err))
		return true;
	if (err == -ENODATA)
		return false;
	return !(e->get == fattr_get_statfs && s->queried &&
		 (err == s->query_err ||
		  (err == -EACCES && s->q.ids_err == -EACCES)));
}

/*
 * Appends "PREFIXNAME='value'\n" to @out: the name upper-cased, the value
 * in single quotes, each ' in it as '\'' (POSIX sh: nothing is special
 * between single quotes but the closing one, so every other byte,
 * newline, backslash and $ included, stands for itself).
 */
static int fattr_export_one(struct fattr_val *out, const char *prefix,
			    const char *name, const struct fattr_val *v)
{
	size_t quotes = 0, need, i;
	const char *p;
	char *o;
	int err;

	for (i = 0; i < v->len; i++)
		quotes += v->buf[i] == '\'';
	need = strlen(prefix) + strlen(name) + v->len + 3 * quotes + 4;
	/* A value's limit (quotes make it up to 4 times the record). */
	if (out->len + need > XATTR_SIZE_MAX)
		return -E2BIG;
	if (out->len + need > out->cap) {
		err = fattr_val_reserve(out, clamp_t(size_t, 2 * out->cap,
						     out->len + need,
						     XATTR_SIZE_MAX));
		if (err)
			return err;
	}
	o = out->buf + out->len;
	for (p = prefix; *p; p++)
		*o++ = toupper(*p);
	for (p = name; *p; p++)
		*o++ = toupper(*p);
	*o++ = '=';
	*o++ = '\'';
	for (i = 0; i < v->len; i++) {
		if (v->buf[i] == '\'') {
			memcpy(o, "'\\''", 4);
			o += 4;
		} else {
			*o++ = v->buf[i];
		}
	}
	*o++ = '\'';
	*o++ = '\n';
	out->len = o - out->buf;
	return 0;
}

/*
 * The keys of table @e (a sub-folder's with "STATFS_" and the like as
 * @prefix) into @out, each from @v, a scratch value.
 */
static int fattr_export_table(const struct fattr_entry *e, const char *prefix,
			      const struct fattr_req *req,
			      struct fattr_val *v, struct fattr_val *out)
{
	char sub[16];
	int err;

	for (; e->name; e++) {
		if (!fattr_served(e) || e->no_export ||
		    e->get == fattr_get_export)
			continue;
		if (e->folder) {
			/* "statfs:" -> "statfs_" */
			if (strscpy(sub, e->name, sizeof(sub)) < 0)
				return -EIO;
			sub[strlen(sub) - 1] = '_';
			err = fattr_export_table(e->folder->entries, sub, req,
						 v, out);
		} else {
			err = e->get(req, e, v);
			if (!err)
				err = fattr_export_one(out, prefix, e->name, v);
			else if (!fattr_export_fatal(e, req->snap, err))
				err = 0;	/* a key without a value here */
		}
		if (err)
			return err;
	}
	return 0;
}

/*
 * export: every other key of the mount folder as "KEY='value'" lines for
 * eval in sh, from one reading of the mount (its record once, its
 * statfs(2) once).  A mount the caller does not see has none; a key the
 * mount has no value for (ENODATA) or that the caller may not read
 * (statfs(2)'s errors) is left out.  Bigger than XATTR_SIZE_MAX: E2BIG,
 * as a record of that size.
 */
int fattr_get_export(const struct fattr_req *req, const struct fattr_entry *e,
		     struct fattr_val *val)
{
	struct fattr_req one = *req;
	struct fattr_val v = { };
	int err;

	one.snap = kzalloc(sizeof(*one.snap), GFP_KERNEL_ACCOUNT);
	if (!one.snap)
		return -ENOMEM;
	err = fattr_render(&one, &v, NULL);
	if (!err) {
		val->len = 0;
		err = fattr_export_table(req->dir->entries, "", &one, &v,
					 val);
	}
	fattr_val_free(&v);
	fattr_val_free(&one.snap->rec);
	kfree(one.snap);
	return err;
}
