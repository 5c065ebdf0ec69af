// SPDX-License-Identifier: GPL-2.0
/*
 * The attribute tree: from a ':' name to its value, with the xattr
 * size rules.
 *
 *   ":"               "mnt:\0mntns:\0"
 *   ":mnt:"           "info\0"
 *   ":mnt:info"       mountinfo record of the path's mount
 *   ":mntns:"         "ID:\0" for each mount of the caller's mountinfo
 *   ":mntns:ID:"      "info\0"
 *   ":mntns:ID:info"  mountinfo record of mount ID
 *
 * Unlike the 2022 RFC, names match exactly (no prefix matches), unknown
 * names give ENODATA, and values obey getxattr(2): size 0 asks for the
 * length, a short buffer gives ERANGE.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/path.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <uapi/linux/fattr.h>

#include "fattr.h"

/* Folder values: every entry NUL-terminated (sizeof keeps the last NUL). */
static const char fattr_dir_root[] = FATTR_ENTRY_MNT "\0" FATTR_ENTRY_MNTNS;
static const char fattr_dir_mount[] = FATTR_ENTRY_INFO;

/*
 * A mount id as ":mntns:" lists it: decimal, no sign, no leading zero,
 * at most INT_MAX.  Returns the rest of @s, or NULL.
 */
static const char *fattr_parse_id(const char *s, int *id)
{
	int v = 0;

	if (*s < '1' || *s > '9')
		return NULL;
	for (; isdigit(*s); s++) {
		if (v > (INT_MAX - (*s - '0')) / 10)
			return NULL;
		v = v * 10 + (*s - '0');
	}
	*id = v;
	return s;
}

/* ":mntns:" and below; @name follows that prefix. */
static int fattr_get_mntns(const char *name, struct fattr_val *val,
			   const char **dir, size_t *dir_len)
{
	int id, err;

	if (!*name)
		return fattr_render_ids(val);

	name = fattr_parse_id(name, &id);
	if (!name || *name++ != FATTR_SEP)
		return -ENODATA;
	if (strcmp(name, "") && strcmp(name, FATTR_ENTRY_INFO))
		return -ENODATA;

	/* Rendering is the test of whether the caller sees mount @id. */
	err = fattr_render_id(id, val);
	if (!err && !*name) {
		*dir = fattr_dir_mount;
		*dir_len = sizeof(fattr_dir_mount);
	}
	return err;
}

static ssize_t fattr_copy_out(const char *data, size_t len,
			      void __user *value, size_t size)
{
	if (!size)
		return len;
	if (len > size)
		return -ERANGE;
	if (copy_to_user(value, data, len))
		return -EFAULT;
	return len;
}

/**
 * fattr_getxattr() - getxattr(2) of a ':' name
 * @path: the file named by the call; its mount is ":mnt:"'s
 * @name: the name, NUL-terminated, beginning with FATTR_SEP
 * @value: the caller's buffer
 * @size: its size; 0 asks for the value's length
 *
 * Return: the value's length, or a negative errno.
 */
ssize_t fattr_getxattr(const struct path *path, const char *name,
		       void __user *value, size_t size)
{
	struct fattr_val val = { };
	const char *dir = NULL;
	size_t dir_len = 0;
	ssize_t ret;

	name++;
	if (!strcmp(name, "")) {
		dir = fattr_dir_root;
		dir_len = sizeof(fattr_dir_root);
	} else if (!strcmp(name, FATTR_ENTRY_MNT)) {
		dir = fattr_dir_mount;
		dir_len = sizeof(fattr_dir_mount);
	} else if (!strcmp(name, FATTR_ENTRY_MNT FATTR_ENTRY_INFO)) {
		ret = fattr_render_mnt(path->mnt, &val);
		if (ret)
			goto out;
	} else if (str_has_prefix(name, FATTR_ENTRY_MNTNS)) {
		ret = fattr_get_mntns(name + strlen(FATTR_ENTRY_MNTNS), &val,
				      &dir, &dir_len);
		if (ret)
			goto out;
	} else {
		return -ENODATA;
	}

	if (dir)
		ret = fattr_copy_out(dir, dir_len, value, size);
	else
		ret = fattr_copy_out(val.buf, val.len, value, size);
out:
	fattr_val_free(&val);
	return ret;
}
