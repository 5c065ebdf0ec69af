// SPDX-License-Identifier: GPL-2.0
/*
 * The attribute tree: from a ':' name to its value, with the xattr
 * size rules.
 *
 *   ":"                 "mnt:\0mntns:\0"
 *   ":mnt:"             the mount folder of the path's mount:
 *   ":mnt:info"           its mountinfo record
 *   ":mnt:id" ...         one field of that record, or unique_id
 *   ":mnt:statfs:"        "type\0bsize\0..."
 *   ":mnt:statfs:type"    statfs(2) figures, by vfs_statfs()
 *   ":mntns:"           "ID:\0" for each mount of the caller's mountinfo
 *   ":mntns:ID:"        the mount folder of mount ID, as ":mnt:"
 *
 * The tree is data, as the 2022 RFC's fs/values.c has it: a table per
 * folder (struct fattr_entry rows: a name, and a getter or a sub-folder),
 * one lookup routine that walks a name through the tables, and folder
 * listings made from the same tables.  Adding a key is a row and, unless
 * an existing getter serves it, its getter.
 *
 * Unlike the RFC, names match exactly (no prefix matches), unknown names
 * give ENODATA, and values obey getxattr(2): size 0 asks for the length,
 * a short buffer gives ERANGE.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/path.h>
#include <linux/statfs.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <uapi/linux/fattr.h>

#include "fattr.h"

/* The mount a name is about: the call's file, or ":mntns:ID:". */
struct fattr_req {
	const struct path *path;	/* the file named by the call */
	int id;				/* mount ID of ":mntns:ID:", or 0 */
};

/* A row of a folder's table; a table ends with a row without a name. */
struct fattr_entry {
	const char *name;	/* a folder's name ends in FATTR_SEP */
	/* An attribute: its getter, given @arg. */
	int (*get)(const struct fattr_req *req, int arg,
		   struct fattr_val *val);
	int arg;
	const struct fattr_folder *folder;	/* a folder */
	bool (*served)(void);	/* NULL: every kernel serves it */
};

/*
 * A folder: named entries from a table, or (":mntns:") one sub-folder per
 * mount, named by the caller, with its own listing.
 */
struct fattr_folder {
	const struct fattr_entry *entries;
	/* A folder of numbered folders: */
	int (*list)(const struct fattr_req *req, struct fattr_val *val);
	const char *(*enter)(struct fattr_req *req, const char *name);
	const struct fattr_folder *each;
};

/* A mount's record: the caller's mountinfo decides visibility. */
static int fattr_render(const struct fattr_req *req, struct fattr_val *val,
			struct fattr_mnt_ref *ref)
{
	if (req->id)
		return fattr_render_id_ref(req->id, val, ref);
	return fattr_render_mnt_ref(req->path->mnt, val, ref);
}

static int fattr_get_info(const struct fattr_req *req, int arg,
			  struct fattr_val *val)
{
	return fattr_render(req, val, NULL);
}

/* @arg: an enum fattr_field. */
static int fattr_get_field(const struct fattr_req *req, int arg,
			   struct fattr_val *val)
{
	int err = fattr_render(req, val, NULL);

	return err ? err : fattr_record_field(val, arg);
}

static bool fattr_has_unique_id(void)
{
	return fattr_layout.mount_id_unique != FATTR_NO_OFFSET;
}

static int fattr_get_unique_id(const struct fattr_req *req, int arg,
			       struct fattr_val *val)
{
	struct fattr_mnt_ref ref = { };
	int err = fattr_render(req, val, &ref);

	if (err)
		return err;
	/* The record leaves a page at least. */
	val->len = scnprintf(val->buf, val->cap, "%llu", ref.unique_id);
	return 0;
}

/* The figures of statfs(2), in the order of its struct statfs. */
enum fattr_statfs {
	FATTR_SF_TYPE,
	FATTR_SF_BSIZE,
	FATTR_SF_FRSIZE,
	FATTR_SF_BLOCKS,
	FATTR_SF_BFREE,
	FATTR_SF_BAVAIL,
	FATTR_SF_FILES,
	FATTR_SF_FFREE,
	FATTR_SF_NAMELEN,
	FATTR_SF_FLAGS,
	FATTR_SF_FSID,
};

/*
 * statfs(2) of the mount point of ":mntns:ID:", as the caller's own
 * statfs(2) of that path would do it (fs/statfs.c: user_statfs()): looked
 * up from its root, with its credentials (search permission on every
 * directory on the way, LSM hooks), LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT, and
 * the whole once more with LOOKUP_REVAL if vfs_statfs() says ESTALE.  The
 * path must lead to the mount the walk saw (@ref), not to one mounted
 * over it, nor to another that took its id since.
 *
 * Invariant (README "Security model"): statfs figures are the caller's
 * statfs(2)'s, path permission included; nothing pins the mount but this
 * lookup, for as long as vfs_statfs() takes, as statfs(2) pins it.
 *
 * Return: 0, -EACCES if the caller cannot reach that mount by its mount
 * point, or vfs_statfs()'s error.
 */
static int fattr_statfs_id(const char *mountpoint, int id,
			   const struct fattr_mnt_ref *ref, struct kstatfs *st)
{
	unsigned int flags = LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT;
	struct path path;
	int err;

retry:
	err = kern_path(mountpoint, flags, &path);
	if (err) {
		/* A path that does not lead there (gone, or unreachable). */
		if (err == -ENOENT || err == -ENOTDIR || err == -ELOOP ||
		    err == -ENAMETOOLONG || err == -EPERM)
			err = -EACCES;
		return err;
	}
	err = fattr_mount_is(path.mnt, id, ref) ? vfs_statfs(&path, st) :
	      -EACCES;
	path_put(&path);
	if (retry_estale(err, flags)) {
		flags |= LOOKUP_REVAL;
		goto retry;
	}
	return err;
}

/*
 * @arg: an enum fattr_statfs.  vfs_statfs() is statfs(2)'s own: the LSM
 * check security_sb_statfs(), ENOSYS for a file system without statfs,
 * f_frsize defaulting to f_bsize, and f_flags from the mount and super
 * block flags with ST_VALID.  Numbers are decimal; fsid is the two words
 * of statfs(2)'s f_fsid.val[], each as an unsigned 32-bit number, joined
 * by ':'.  ":mnt:statfs:" is statfs(2) of the call's own file (hook.c
 * looks its path up with LOOKUP_AUTOMOUNT for these names, as statfs(2)
 * does); ":mntns:ID:statfs:" is fattr_statfs_id()'s.
 */
static int fattr_get_statfs(const struct fattr_req *req, int arg,
			    struct fattr_val *val)
{
	struct fattr_mnt_ref ref = { };
	struct kstatfs st;
	u64 n;
	int err;

	/* The record first: a mount the caller does not see has no keys. */
	err = fattr_render(req, val, &ref);
	if (err)
		return err;
	if (req->id) {
		/* Its mount point, relative to the caller's root. */
		err = fattr_record_field(val, FATTR_F_MOUNTPOINT);
		if (err)
			return err;
		/* The unescaped field is shorter than the record. */
		val->buf[val->len] = '\0';
		if (strlen(val->buf) != val->len)
			return -EACCES;
		err = fattr_statfs_id(val->buf, req->id, &ref, &st);
	} else {
		err = vfs_statfs(req->path, &st);
	}
	if (err)
		return err;
	switch (arg) {
	case FATTR_SF_TYPE:
		n = (unsigned long)st.f_type;
		break;
	case FATTR_SF_BSIZE:
		n = (unsigned long)st.f_bsize;
		break;
	case FATTR_SF_FRSIZE:
		n = (unsigned long)st.f_frsize;
		break;
	case FATTR_SF_BLOCKS:
		n = st.f_blocks;
		break;
	case FATTR_SF_BFREE:
		n = st.f_bfree;
		break;
	case FATTR_SF_BAVAIL:
		n = st.f_bavail;
		break;
	case FATTR_SF_FILES:
		n = st.f_files;
		break;
	case FATTR_SF_FFREE:
		n = st.f_ffree;
		break;
	case FATTR_SF_NAMELEN:
		n = (unsigned long)st.f_namelen;
		break;
	case FATTR_SF_FLAGS:
		n = (unsigned long)st.f_flags;
		break;
	default:
		val->len = scnprintf(val->buf, val->cap, "%u:%u",
				     (u32)st.f_fsid.val[0],
				     (u32)st.f_fsid.val[1]);
		return 0;
	}
	val->len = scnprintf(val->buf, val->cap, "%llu", n);
	return 0;
}

#define FATTR_FIELD(n, f)	{ .name = n, .get = fattr_get_field, .arg = f }
#define FATTR_STATFS(n, f)	{ .name = n, .get = fattr_get_statfs, .arg = f }

static const struct fattr_entry fattr_statfs_entries[] = {
	FATTR_STATFS(FATTR_ENTRY_TYPE, FATTR_SF_TYPE),
	FATTR_STATFS(FATTR_ENTRY_BSIZE, FATTR_SF_BSIZE),
	FATTR_STATFS(FATTR_ENTRY_FRSIZE, FATTR_SF_FRSIZE),
	FATTR_STATFS(FATTR_ENTRY_BLOCKS, FATTR_SF_BLOCKS),
	FATTR_STATFS(FATTR_ENTRY_BFREE, FATTR_SF_BFREE),
	FATTR_STATFS(FATTR_ENTRY_BAVAIL, FATTR_SF_BAVAIL),
	FATTR_STATFS(FATTR_ENTRY_FILES, FATTR_SF_FILES),
	FATTR_STATFS(FATTR_ENTRY_FFREE, FATTR_SF_FFREE),
	FATTR_STATFS(FATTR_ENTRY_NAMELEN, FATTR_SF_NAMELEN),
	FATTR_STATFS(FATTR_ENTRY_FLAGS, FATTR_SF_FLAGS),
	FATTR_STATFS(FATTR_ENTRY_FSID, FATTR_SF_FSID),
	{ }
};

static const struct fattr_folder fattr_statfs_folder = {
	.entries = fattr_statfs_entries,
};

/* ":mnt:" and ":mntns:ID:", in the order they are listed. */
static const struct fattr_entry fattr_mount_entries[] = {
	{ .name = FATTR_ENTRY_INFO, .get = fattr_get_info },
	FATTR_FIELD(FATTR_ENTRY_ID, FATTR_F_ID),
	FATTR_FIELD(FATTR_ENTRY_PARENT, FATTR_F_PARENT),
	FATTR_FIELD(FATTR_ENTRY_DEV, FATTR_F_DEV),
	FATTR_FIELD(FATTR_ENTRY_ROOT, FATTR_F_ROOT),
	FATTR_FIELD(FATTR_ENTRY_MOUNTPOINT, FATTR_F_MOUNTPOINT),
	FATTR_FIELD(FATTR_ENTRY_OPTIONS, FATTR_F_OPTIONS),
	FATTR_FIELD(FATTR_ENTRY_PROPAGATION, FATTR_F_PROPAGATION),
	FATTR_FIELD(FATTR_ENTRY_FSTYPE, FATTR_F_FSTYPE),
	FATTR_FIELD(FATTR_ENTRY_SOURCE, FATTR_F_SOURCE),
	FATTR_FIELD(FATTR_ENTRY_SUPEROPTIONS, FATTR_F_SUPEROPTIONS),
	{ .name = FATTR_ENTRY_UNIQUE_ID, .get = fattr_get_unique_id,
	  .served = fattr_has_unique_id },
	{ .name = FATTR_ENTRY_STATFS, .folder = &fattr_statfs_folder },
	{ }
};

static const struct fattr_folder fattr_mount_folder = {
	.entries = fattr_mount_entries,
};

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

/* "ID:" of ":mntns:ID:...": the rest of @name, or NULL. */
static const char *fattr_enter_id(struct fattr_req *req, const char *name)
{
	name = fattr_parse_id(name, &req->id);
	if (!name || *name != FATTR_SEP)
		return NULL;
	return name + 1;
}

static int fattr_list_ids(const struct fattr_req *req, struct fattr_val *val)
{
	return fattr_render_ids(val);
}

static const struct fattr_folder fattr_mntns_folder = {
	.list = fattr_list_ids,
	.enter = fattr_enter_id,
	.each = &fattr_mount_folder,
};

static const struct fattr_entry fattr_root_entries[] = {
	{ .name = FATTR_ENTRY_MNT, .folder = &fattr_mount_folder },
	{ .name = FATTR_ENTRY_MNTNS, .folder = &fattr_mntns_folder },
	{ }
};

static const struct fattr_folder fattr_root_folder = {
	.entries = fattr_root_entries,
};

static bool fattr_served(const struct fattr_entry *e)
{
	return !e->served || e->served();
}

/*
 * A folder's value: its entries, each NUL-terminated.  Below ":mntns:ID:"
 * a folder exists only if the caller sees mount ID, which rendering the
 * record tells.
 */
static int fattr_list(const struct fattr_folder *dir,
		      const struct fattr_req *req, struct fattr_val *val)
{
	const struct fattr_entry *e;
	size_t len = 0, n;
	int err;

	if (dir->list)
		return dir->list(req, val);
	if (req->id) {
		err = fattr_render_id(req->id, val);
		if (err)
			return err;
	}
	for (e = dir->entries; e->name; e++)
		if (fattr_served(e))
			len += strlen(e->name) + 1;
	err = fattr_val_reserve(val, len);
	if (err)
		return err;
	val->len = 0;
	for (e = dir->entries; e->name; e++) {
		if (!fattr_served(e))
			continue;
		n = strlen(e->name) + 1;
		memcpy(val->buf + val->len, e->name, n);
		val->len += n;
	}
	return 0;
}

/*
 * Walks @name (after the leading FATTR_SEP) through the tables from @dir
 * and puts the value it names in @val.
 *
 * Return: 0, -ENODATA for a name the tree does not have, or the getter's
 * error.
 */
static int fattr_lookup(const struct fattr_folder *dir, const char *name,
			struct fattr_req *req, struct fattr_val *val)
{
	const struct fattr_entry *e;
	size_t len = 0;

	for (;;) {
		if (!*name)
			return fattr_list(dir, req, val);
		if (dir->enter) {
			name = dir->enter(req, name);
			if (!name)
				return -ENODATA;
			dir = dir->each;
			continue;
		}
		for (e = dir->entries; e->name; e++) {
			if (!fattr_served(e))
				continue;
			len = strlen(e->name);
			if (e->folder ? !strncmp(name, e->name, len) :
			    !strcmp(name, e->name))
				break;
		}
		if (!e->name)
			return -ENODATA;
		if (!e->folder)
			return e->get(req, e->arg, val);
		name += len;
		dir = e->folder;
	}
}

/*
 * The value, with getxattr(2)'s size rules (fs/xattr.c: do_getxattr()):
 * the kernel caps @size at XATTR_SIZE_MAX and turns the ERANGE of a value
 * too big for that into E2BIG.  Only ":mntns:" can exceed it; fattr
 * serves it whole into a buffer big enough (README "Errors and sizes").
 */
static ssize_t fattr_copy_out(const char *data, size_t len,
			      void __user *value, size_t size)
{
	if (!size)
		return len;
	if (len > size)
		return size >= XATTR_SIZE_MAX ? -E2BIG : -ERANGE;
	if (copy_to_user(value, data, len))
		return -EFAULT;
	return len;
}

/**
 * fattr_name_automounts() - whether a name's value is statfs(2)'s
 * @name: a ':' name
 *
 * statfs(2) looks its path up with LOOKUP_AUTOMOUNT; so do these names.
 *
 * Return: true for ":mnt:statfs:" and the names below it.
 */
bool fattr_name_automounts(const char *name)
{
	static const char prefix[] = FATTR_SEP_STR FATTR_ENTRY_MNT FATTR_ENTRY_STATFS;

	return !strncmp(name, prefix, sizeof(prefix) - 1);
}

/**
 * fattr_getxattr() - getxattr(2) of a ':' name
 * @path: the file named by the call; its mount is ":mnt:"'s
 * @name: the name, NUL-terminated; hook.c checked from this very copy
 *	that it begins with FATTR_SEP
 * @value: the caller's buffer
 * @size: its size; 0 asks for the value's length
 *
 * Return: the value's length, or a negative errno.
 */
ssize_t fattr_getxattr(const struct path *path, const char *name,
		       void __user *value, size_t size)
{
	struct fattr_req req = { .path = path };
	struct fattr_val val = { };
	ssize_t ret;

	ret = fattr_lookup(&fattr_root_folder, name + 1, &req, &val);
	if (!ret)
		ret = fattr_copy_out(val.buf, val.len, value, size);
	fattr_val_free(&val);
	return ret;
}

/**
 * fattr_walk_features() - log which optional keys this kernel serves
 */
void __init fattr_walk_features(void)
{
	pr_info("features: unique_id %s\n", fattr_has_unique_id() ? "on" :
		"off (no mnt_id_unique in BTF)");
}
