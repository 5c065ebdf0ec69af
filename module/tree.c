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
 *   ":mntns:all:KEY"    a column: KEY of every mount ":mntns:" lists
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
#include <linux/kernel.h>
#include <linux/random.h>
#include <linux/siphash.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/xattr.h>
#include <uapi/linux/fattr.h>

#include "tree.h"

/* Rows of keys made from one reading of a mount (struct fattr_make). */
#define FATTR_MADE(n, m, a, t, rec, s)	{ .name = n, .get = fattr_get_made, \
					  .make = { .make = m, .arg = a, \
						    .take = t, .record = rec }, \
					  .served = s }
#define FATTR_FIELD(n, f)	FATTR_MADE(n, fattr_make_field, f, 0, true, NULL)
/* A number read from the mount: that alone is read (FATTR_TAKE_*). */
#define FATTR_REF(n, f, t, s)	FATTR_MADE(n, fattr_make_ref, f, t, false, s)
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

static bool fattr_has_unique_id(void)
{
	return fattr_layout.mount_id_unique != FATTR_NO_OFFSET;
}

/*
 * ":mnt:" and ":mntns:ID:", in the order they are listed.  The keys with
 * a struct fattr_make are made from one reading of the mount, and are
 * the keys a column (":mntns:all:KEY") serves.
 */
static const struct fattr_entry fattr_mount_entries[] = {
	FATTR_MADE(FATTR_ENTRY_INFO, fattr_make_info, 0, 0, true, NULL),
	FATTR_REF(FATTR_ENTRY_ID, FATTR_R_ID, FATTR_TAKE_IDS, NULL),
	FATTR_REF(FATTR_ENTRY_PARENT, FATTR_R_PARENT, FATTR_TAKE_IDS, NULL),
	FATTR_REF(FATTR_ENTRY_DEV, FATTR_R_DEV, FATTR_TAKE_SB, NULL),
	FATTR_FIELD(FATTR_ENTRY_ROOT, FATTR_F_ROOT),
	FATTR_FIELD(FATTR_ENTRY_MOUNTPOINT, FATTR_F_MOUNTPOINT),
	FATTR_FIELD(FATTR_ENTRY_OPTIONS, FATTR_F_OPTIONS),
	FATTR_FIELD(FATTR_ENTRY_PROPAGATION, FATTR_F_PROPAGATION),
	FATTR_FIELD(FATTR_ENTRY_FSTYPE, FATTR_F_FSTYPE),
	FATTR_FIELD(FATTR_ENTRY_SOURCE, FATTR_F_SOURCE),
	FATTR_FIELD(FATTR_ENTRY_SUPEROPTIONS, FATTR_F_SUPEROPTIONS),
	FATTR_REF(FATTR_ENTRY_UNIQUE_ID, FATTR_R_UNIQUE_ID, FATTR_TAKE_IDS,
		  fattr_has_unique_id),
	FATTR_REF(FATTR_ENTRY_MNT_PARENT_ID, FATTR_R_PARENT_ID, FATTR_TAKE_IDS,
		  fattr_has_parent_unique_id),
	FATTR_REF(FATTR_ENTRY_MNT_NS_ID, FATTR_R_NS_ID, FATTR_TAKE_NS,
		  fattr_has_ns_id),
	FATTR_REF(FATTR_ENTRY_MNT_ATTR, FATTR_R_ATTR, FATTR_TAKE_ATTR, NULL),
	/* Read from the mount; where BTF cannot, cut from the record. */
	FATTR_REF(FATTR_ENTRY_MNT_PROPAGATION, FATTR_R_PROPAGATION,
		  FATTR_TAKE_PROP, NULL),
	FATTR_REF(FATTR_ENTRY_MNT_PEER_GROUP, FATTR_R_PEER_GROUP,
		  FATTR_TAKE_PROP, NULL),
	FATTR_REF(FATTR_ENTRY_MNT_MASTER, FATTR_R_MASTER, FATTR_TAKE_PROP,
		  NULL),
	{ .name = FATTR_ENTRY_PROPAGATE_FROM, .get = fattr_get_made,
	  .make = { .make = fattr_make_propagate_from, .record = true,
		    .master_reached = true },
	  .served = fattr_has_propagate_from },
	FATTR_REF(FATTR_ENTRY_SB_MAGIC, FATTR_R_SB_MAGIC, FATTR_TAKE_SB, NULL),
	FATTR_REF(FATTR_ENTRY_SB_FLAGS, FATTR_R_SB_FLAGS, FATTR_TAKE_SB, NULL),
	FATTR_MADE(FATTR_ENTRY_FS_SUBTYPE, fattr_make_subtype, 0, FATTR_TAKE_TYPE,
		   true, NULL),
	/*
	 * Not in "export": its one reading renders the record first, and
	 * a value newer than the record it is kept with could hide a change.
	 */
	{ .name = FATTR_ENTRY_MNT_CHANGE, .get = fattr_get_made,
	  .make = { .make = fattr_make_ref, .arg = FATTR_R_CHANGE,
		    .take = FATTR_TAKE_CHANGE },
	  .served = fattr_has_mnt_change, .no_export = true },
	/* Lists: a NUL after each entry, which sh cannot hold: no export. */
	{ .name = FATTR_ENTRY_OPT_ARRAY, .get = fattr_get_opts, .arg = 0,
	  .no_export = true },
	{ .name = FATTR_ENTRY_OPT_SEC_ARRAY, .get = fattr_get_opts, .arg = 1,
	  .no_export = true },
	{ .name = FATTR_ENTRY_MNT_UIDMAP, .get = fattr_get_idmap, .arg = 0,
	  .served = fattr_has_mnt_idmap, .no_export = true },
	{ .name = FATTR_ENTRY_MNT_GIDMAP, .get = fattr_get_idmap, .arg = 1,
	  .served = fattr_has_mnt_idmap, .no_export = true },
	FATTR_STATFS(FATTR_ENTRY_UUID, FATTR_SF_UUID),
	FATTR_STATFS(FATTR_ENTRY_BDEV, FATTR_SF_BDEV),
	{ .name = FATTR_ENTRY_STATFS, .folder = &fattr_statfs_folder },
	{ .name = FATTR_ENTRY_EXPORT, .get = fattr_get_export },
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

/*
 * "ID:" of ":mntns:ID:...", or "all:" of ":mntns:all:KEY" (a column; ids
 * are numbers): the rest of @name, or NULL.
 */
static const char *fattr_enter_id(struct fattr_req *req, const char *name)
{
	static const char all[] = FATTR_ENTRY_ALL;

	if (!strncmp(name, all, sizeof(all) - 1)) {
		req->column = true;
		return name + sizeof(all) - 1;
	}
	name = fattr_parse_id(name, &req->id);
	if (!name || *name != FATTR_SEP)
		return NULL;
	return name + 1;
}

static int fattr_list_ids(const struct fattr_req *req, struct fattr_val *val)
{
	int err = fattr_render_ids(req->sink);

	return err ? err : FATTR_STREAMED;
}

static const struct fattr_folder fattr_mntns_folder = {
	.list = fattr_list_ids,
	.enter = fattr_enter_id,
	.each = &fattr_mount_folder,
};

/* Keys the value of mntns_event is made from, and nothing else. */
static siphash_key_t fattr_event_key __ro_after_init;

/*
 * mntns_event: a value that changes whenever the caller's mount
 * namespace does, for a poll-free "has it changed?".  The kernel bumps
 * the namespace's event when a mount is added, moved, or changes flags or
 * (mount_setattr(2); mount(2) too in 7.x, not 6.1) propagation, and a
 * removal changes the count of mounts.  event is drawn from one counter
 * of the whole system, which would tell how busy other namespaces are:
 * the value is a keyed hash of (namespace id, event, count), equal for
 * equal states and otherwise unrelated to them.  Read without
 * namespace_sem: each word is read once, and a state seen while it
 * changes is one no later read shows.
 */
static int fattr_get_mntns_event(const struct fattr_req *req,
				 const struct fattr_entry *e,
				 struct fattr_val *val)
{
	struct fattr_ns_state st;
	int err;

	/* The caller's verdict on its mountinfo, as for any record. */
	err = fattr_mountinfo_verdict();
	if (err)
		return err;
	if (!fattr_ns_state(&st))
		return -ENODATA;
	err = fattr_val_reserve(val, 24);
	if (err)
		return err;
	val->len = scnprintf(val->buf, val->cap, "%llu",
			     siphash_3u64(st.id, st.event, st.nr,
					  &fattr_event_key));
	return 0;
}

static const struct fattr_entry fattr_root_entries[] = {
	{ .name = FATTR_ENTRY_MNT, .folder = &fattr_mount_folder },
	{ .name = FATTR_ENTRY_MNTNS, .folder = &fattr_mntns_folder },
	{ .name = FATTR_ENTRY_MNTNS_EVENT, .get = fattr_get_mntns_event,
	  .served = fattr_has_ns_state },
	{ }
};

static const struct fattr_folder fattr_root_folder = {
	.entries = fattr_root_entries,
};

/*
 * A folder's value: its entries, each NUL-terminated.  Below ":mntns:ID:"
 * a folder exists only if the caller sees mount ID, which rendering the
 * record tells.
 */
/* Whether @e is listed: served here, and with @columns, has a column. */
static bool fattr_listed(const struct fattr_entry *e, bool columns)
{
	return fattr_served(e) && (!columns || fattr_entry_make(e));
}

/*
 * A folder's value: its entries, each NUL-terminated; of ":mntns:all:",
 * the keys that have a column.  Below ":mntns:ID:" a folder exists only
 * if the caller sees mount ID, which the walk judges.
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
		struct fattr_mnt_ref ref = { .no_record = true };

		err = fattr_render_id_ref(req->id, val, &ref);
		if (err)
			return err;
	}
	for (e = dir->entries; e->name; e++)
		if (fattr_listed(e, req->column))
			len += strlen(e->name) + 1;
	err = fattr_val_reserve(val, len);
	if (err)
		return err;
	val->len = 0;
	for (e = dir->entries; e->name; e++) {
		if (!fattr_listed(e, req->column))
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
		/* A column: keys made from one reading of each mount. */
		if (req->column) {
			int err = fattr_entry_make(e) ?
				  fattr_render_column(fattr_entry_make(e),
						      req->sink) : -ENODATA;

			return err ? err : FATTR_STREAMED;
		}
		if (!e->folder) {
			req->dir = dir;
			return e->get(req, e, val);
		}
		name += len;
		dir = e->folder;
	}
}

/*
 * The value, with getxattr(2)'s size rules (fs/xattr.c: do_getxattr()):
 * the kernel caps @size at XATTR_SIZE_MAX and turns the ERANGE of a value
 * too big for that into E2BIG.  (":mntns:" and the columns, which can
 * exceed it, are written by listing.c under the same rules.)
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
 * Return: true for ":mnt:statfs:" and the names below it, ":mnt:uuid"
 * and ":mnt:bdev" (served on statfs(2)'s terms), and ":mnt:export" (whose
 * keys must agree with those).
 */
bool fattr_name_automounts(const char *name)
{
	static const char prefix[] = FATTR_SEP_STR FATTR_ENTRY_MNT FATTR_ENTRY_STATFS;
	static const char *const names[] = {
		FATTR_SEP_STR FATTR_ENTRY_MNT FATTR_ENTRY_UUID,
		FATTR_SEP_STR FATTR_ENTRY_MNT FATTR_ENTRY_BDEV,
		FATTR_SEP_STR FATTR_ENTRY_MNT FATTR_ENTRY_EXPORT,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
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
	struct fattr_sink sink = { .buf = value, .size = size };
	struct fattr_req req = { .path = path, .sink = &sink };
	struct fattr_val val = { };
	ssize_t ret;

	ret = fattr_lookup(&fattr_root_folder, name + 1, &req, &val);
	/*
	 * ERANGE says the buffer is too small, and nothing else: one from
	 * a file system (a FUSE server's or an automounter's, through a
	 * lookup) would have the caller grow its buffer and ask forever.
	 * A listing's buffer is refused in fattr_ids_flush(), a value's in
	 * fattr_copy_out(), below.
	 */
	if (ret == -ERANGE && !sink.too_small)
		ret = -EIO;
	if (ret == FATTR_STREAMED)
		ret = sink.done;	/* a listing, written there already */
	else if (!ret)
		ret = fattr_copy_out(val.buf, val.len, value, size);
	fattr_val_free(&val);
	return ret;
}

/**
 * fattr_walk_init() - draw the keys of mntns_event's and mnt_change's hashes
 */
void __init fattr_walk_init(void)
{
	get_random_bytes(&fattr_event_key, sizeof(fattr_event_key));
	fattr_facts_init();
}

/**
 * fattr_walk_features() - log which optional keys this kernel serves
 */
void __init fattr_walk_features(void)
{
	pr_info("features: unique_id %s; mnt_parent_id %s; mnt_ns_id %s; mntns_event %s; propagate_from %s; mnt_uidmap and mnt_gidmap %s; mnt_propagation, mnt_peer_group and mnt_master %s; mnt_change %s\n",
		fattr_has_unique_id() ? "on" : "off (no mnt_id_unique in BTF)",
		fattr_has_parent_unique_id() ? "on" :
		"off (no mnt_id_unique or mnt_parent in BTF)",
		fattr_has_ns_id() ? "on" :
		"off (no NS_GET_MNTNS_ID, or no namespace id in BTF)",
		fattr_has_ns_state() ? "on" :
		"off (no namespace id, event or count in BTF)",
		fattr_has_propagate_from() ? "on" :
		"off (no mnt_master, mnt_share, mnt_parent or mnt_mountpoint of the expected type in BTF)",
		fattr_has_mnt_idmap() ? "on" :
		"off (no idmapped mounts, or no mnt_idmap maps of the expected type in BTF)",
		fattr_has_prop_fields() ? "read from the mount" :
		"cut from the record (no mnt_group_id, mnt_master, or mnt_t_flags and its T_SHARED and T_UNBINDABLE as this kernel's headers expect in BTF)",
		fattr_has_mnt_change() ? "on" :
		"off (propagation not read from the mount, or no mnt_parent, mnt_mountpoint, or mnt_id_unique or mnt_devname in BTF)");
}
