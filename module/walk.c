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

#include <linux/cred.h>
#include <linux/ctype.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/path.h>
#include <linux/random.h>
#include <linux/siphash.h>
#include <linux/slab.h>
#include <linux/statfs.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <uapi/linux/fattr.h>

#include "compat.h"
#include "fattr.h"

/* What one statfs(2) of a path tells, and its super block's ids. */
struct fattr_sb_query {
	struct kstatfs st;
	int ids_err;		/* whether "uuid" and "bdev" may be read */
	u8 uuid[16];
	unsigned int uuid_len;
	char bdev[64];		/* a disk name (32) and a partition */
};

/*
 * One reading of a mount for all the keys of "export": its record and
 * what the walk read with it, and its statfs(2), each made once.
 */
struct fattr_snap {
	bool rendered, queried;
	int render_err, query_err;
	struct fattr_val rec;
	struct fattr_mnt_ref ref;
	struct fattr_sb_query q;
};

/* The mount a name is about: the call's file, or ":mntns:ID:". */
struct fattr_req {
	const struct path *path;	/* the file named by the call */
	int id;				/* mount ID of ":mntns:ID:", or 0 */
	struct fattr_snap *snap;	/* "export"'s reading, or NULL */
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
	bool no_export;		/* not in "export" */
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

static int fattr_render_now(const struct fattr_req *req,
			    struct fattr_val *val, struct fattr_mnt_ref *ref)
{
	if (req->id)
		return fattr_render_id_ref(req->id, val, ref);
	return fattr_render_mnt_ref(req->path->mnt, val, ref);
}

/*
 * A mount's record: the caller's mountinfo decides visibility.  Under
 * "export", the one reading's copy (@val gets the capacity of a
 * rendering, a page at least, as getters expect).
 */
static int fattr_render(const struct fattr_req *req, struct fattr_val *val,
			struct fattr_mnt_ref *ref)
{
	struct fattr_snap *s = req->snap;
	int err;

	if (!s)
		return fattr_render_now(req, val, ref);
	if (!s->rendered) {
		s->rendered = true;
		s->ref.want_master_reached = true;
		s->render_err = fattr_render_now(req, &s->rec, &s->ref);
	}
	if (s->render_err)
		return s->render_err;
	val->len = 0;
	err = fattr_val_reserve(val, s->rec.cap);
	if (err)
		return err;
	memcpy(val->buf, s->rec.buf, s->rec.len);
	val->len = s->rec.len;
	if (ref)
		*ref = s->ref;
	return 0;
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

/* What a walk reads of the mount itself (struct fattr_mnt_ref). */
enum fattr_ref_fact {
	FATTR_R_ID,		/* mnt_id: the record's "id" */
	FATTR_R_PARENT,		/* the parent's mnt_id: its "parent" */
	FATTR_R_DEV,		/* s_dev: its "dev" */
	FATTR_R_UNIQUE_ID,	/* mnt_id_unique */
	FATTR_R_PARENT_ID,	/* the parent's mnt_id_unique */
	FATTR_R_NS_ID,		/* the namespace's unique id */
	FATTR_R_ATTR,		/* MOUNT_ATTR_* */
	FATTR_R_SB_MAGIC,	/* s_magic */
	FATTR_R_SB_FLAGS,	/* s_flags & (SB_RDONLY | ...) */
};

/*
 * @arg: an enum fattr_ref_fact.  Read while the walk holds namespace_sem,
 * as statmount(2) reads them, once the walk knows the caller's mountinfo
 * lists the mount: judged as a listing judges it, or, where the judge
 * cannot tell, by rendering the record.  A mount the caller does not see
 * has none.  The first three are the record's fields, written as
 * show_mountinfo() writes them ("%i %i %u:%u", 5.10 to 7.x; "%d" is
 * "%i" in printing).
 */
static int fattr_get_ref(const struct fattr_req *req, int arg,
			 struct fattr_val *val)
{
	struct fattr_mnt_ref ref = { .no_record = true };
	int err;
	u64 n;

	/* No mnt_parent in BTF: the record's field. */
	if (arg == FATTR_R_PARENT &&
	    fattr_layout.mount_parent == FATTR_NO_OFFSET)
		return fattr_get_field(req, FATTR_F_PARENT, val);
	err = fattr_render(req, val, &ref);
	if (!err)
		err = fattr_val_reserve(val, FATTR_VAL_SMALL);
	if (err)
		return err;
	switch (arg) {
	case FATTR_R_ID:
		val->len = scnprintf(val->buf, val->cap, "%d", ref.mnt_id);
		return 0;
	case FATTR_R_PARENT:
		val->len = scnprintf(val->buf, val->cap, "%d", ref.parent_id);
		return 0;
	case FATTR_R_DEV:
		val->len = scnprintf(val->buf, val->cap, "%u:%u",
				     MAJOR(ref.sb_dev), MINOR(ref.sb_dev));
		return 0;
	case FATTR_R_UNIQUE_ID:
		n = ref.unique_id;
		break;
	case FATTR_R_PARENT_ID:
		n = ref.parent_unique_id;
		break;
	case FATTR_R_NS_ID:
		n = ref.ns_id;
		break;
	case FATTR_R_ATTR:
		n = ref.attr;
		break;
	case FATTR_R_SB_MAGIC:
		n = ref.sb_magic;
		break;
	default:
		n = ref.sb_flags;
		break;
	}
	val->len = scnprintf(val->buf, val->cap, "%llu", n);
	return 0;
}

/* @arg: an enum fattr_prop, from the record's optional fields. */
static int fattr_get_prop(const struct fattr_req *req, int arg,
			  struct fattr_val *val)
{
	int err = fattr_render(req, val, NULL);

	return err ? err : fattr_record_propagation(val, arg);
}

/*
 * propagate_from, statmount(2)'s dominating peer group, as the kernel's
 * get_dominating_id() finds it for the record (show_mountinfo()): the
 * master's group if it has a peer at or under the caller's root in its
 * namespace (the record's master:N), else a group further up the chain
 * of masters (the record's propagate_from:N, which it writes only then),
 * else 0.  The first is decided in the hold that rendered the record.
 */
static int fattr_get_propagate_from(const struct fattr_req *req, int arg,
				    struct fattr_val *val)
{
	struct fattr_mnt_ref ref = { .want_master_reached = true };
	int err = fattr_render(req, val, &ref);

	if (err)
		return err;
	return fattr_record_propagation(val, ref.master_reached ?
					FATTR_P_MASTER :
					FATTR_P_PROPAGATE_FROM);
}

/*
 * @arg: opt_array (0) or opt_sec_array (1), statmount(2)'s (6.13+): the
 * super block options the record ends with, the file system's or the
 * LSMs', as entries each followed by a NUL, unescaped (fields.c).  A
 * walk renders the file system's a second time to tell them apart; if
 * they changed in between (a remount, a renamed btrfs subvolume), the
 * mount is read again, and after three such readings the call gives
 * EAGAIN.  Not in "export", whose one reading has no second rendering.
 */
static int fattr_get_opts(const struct fattr_req *req, int arg,
			  struct fattr_val *val)
{
	struct fattr_mnt_ref ref;
	int err, tries;

	if (WARN_ON_ONCE(req->snap))
		return -EIO;
	for (tries = 0; tries < 3; tries++) {
		ref = (struct fattr_mnt_ref){ .want_fs_opts = true };
		err = fattr_render(req, val, &ref);
		if (err)
			return err;
		if (!ref.fs_opts_match)
			continue;
		err = fattr_record_opts(val, arg, ref.fs_opts_len);
		if (err != -EAGAIN)
			return err;
	}
	return -EAGAIN;
}

/*
 * @arg: mnt_uidmap (0) or mnt_gidmap (1), statmount(2)'s (6.15+): the
 * map of an idmapped mount, copied in the hold that rendered its record,
 * then written as the caller's user namespace sees it (mnt_idmap.c);
 * ENODATA for a mount that is not idmapped.
 */
static int fattr_get_idmap(const struct fattr_req *req, int arg,
			   struct fattr_val *val)
{
	struct fattr_idmap *map;
	struct fattr_mnt_ref ref = { .idmap_gid = arg };
	int err;

	if (WARN_ON_ONCE(req->snap))
		return -EIO;	/* not in "export" */
	map = kmalloc(sizeof(*map), GFP_KERNEL_ACCOUNT);
	if (!map)
		return -ENOMEM;
	ref.idmap = map;
	err = fattr_render(req, val, &ref);
	if (!err)
		err = ref.idmapped ? fattr_mnt_idmap_format(map, arg, val) :
		      -ENODATA;
	kfree(map);
	return err;
}

/*
 * fs_subtype: the record's type field is the file system type's name,
 * then "." and the subtype where the super block has a non-empty one
 * (show_type()); the name's length, read with the record, cuts it.
 */
static int fattr_get_subtype(const struct fattr_req *req, int arg,
			     struct fattr_val *val)
{
	struct fattr_mnt_ref ref = { };
	int err = fattr_render(req, val, &ref);

	if (!err)
		err = fattr_record_field(val, FATTR_F_FSTYPE);
	if (err)
		return err;
	if (val->len <= ref.type_len + 1 || val->buf[ref.type_len] != '.')
		return -ENODATA;
	val->len -= ref.type_len + 1;
	memmove(val->buf, val->buf + ref.type_len + 1, val->len);
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
	/* Not statfs(2)'s; statfs(2)'s terms and fattr_may_open_root()'s: */
	FATTR_SF_UUID,		/* s_uuid */
	FATTR_SF_BDEV,		/* s_bdev's kernel name */
};

/*
 * Whether the caller could open the root of @mnt, as the file system's
 * own UUID ioctls need an open file of it (FS_IOC_GETFSUUID, 6.9+;
 * ext4's and XFS's): open(2)'s permission check of the root directory
 * (fs/namei.c: may_open(): mode, ACLs, idmapping, the LSMs' inode
 * hooks), then an open of it with the caller's credentials, which runs
 * the LSMs' file_open hooks (AppArmor's and Landlock's path rules).  A
 * root that is not a directory (a file, device or FIFO bound on a file)
 * is refused: its open would act (break a lease, start a device, block
 * on a FIFO), and may_open()'s other checks (nodev, symlinks) would be
 * fattr's to copy.  The open pins the mount until the call returns (the
 * fput() of a task is deferred to its return to user space; see
 * doc/design.md on __fput_sync()).  It is seen as an open of
 * that directory: fanotify's FAN_OPEN_PERM (security_file_open()), the
 * close event of inotify and fanotify, and a network or FUSE file
 * system's OPENDIR and RELEASEDIR.
 *
 * Invariant (doc/design.md "Security model"): a super block's UUID and
 * device go to those who could open the mount's root directory given a
 * path to it (the open itself is checked, not search permission on a
 * way there: that open's FS_IOC_GETFSUUID gives the UUID anyway), not to
 * every caller that may statfs(2) its mount point (a 0700 home's owner
 * only).
 *
 * Return: 0; -EACCES if the caller could not (whatever the open's own
 * error: a FUSE server's, fscrypt's or ESTALE, which tell nothing more);
 * or what ends the call (fattr_ends_call()).
 */
static int fattr_may_open_root(struct vfsmount *mnt)
{
	struct path root = { .mnt = mnt, .dentry = mnt->mnt_root };
	struct file *file;
	int err;

	if (!d_is_dir(root.dentry))
		return -EACCES;
	err = fattr_path_permission(&root, MAY_OPEN | MAY_READ);
	if (!err) {
		file = dentry_open(&root, O_RDONLY | O_DIRECTORY,
				   current_cred());
		if (IS_ERR(file))
			err = PTR_ERR(file);
		else
			fput(file);
	}
	if (!err || fattr_ends_call(err))
		return err;
	return -EACCES;
}

/*
 * statfs(2) of @path, and, with @ids, its super block's UUID and block
 * device, read while @path holds the super block, if the caller could
 * open the mount's root (@q->ids_err says why not).  The figures are
 * given to exactly those who may statfs(2) the path (vfs_statfs() runs
 * security_sb_statfs()).
 */
static int fattr_sb_query(const struct path *path, bool ids,
			  struct fattr_sb_query *q)
{
	const struct super_block *sb = path->mnt->mnt_sb;
	int err = vfs_statfs(path, &q->st);

	if (err)
		return err;
	q->ids_err = ids ? fattr_may_open_root(path->mnt) : -EACCES;
	if (q->ids_err)
		return 0;
	q->uuid_len = fattr_sb_uuid_len(sb);
	memcpy(q->uuid, &sb->s_uuid, q->uuid_len);
	q->bdev[0] = '\0';
	/* s_bdev lives as long as the super block (5.10 to 7.x). */
	if (sb->s_bdev)
		scnprintf(q->bdev, sizeof(q->bdev), "%pg", sb->s_bdev);
	return 0;
}

/*
 * statfs(2) of the mount point of ":mntns:ID:", as the caller's own
 * statfs(2) of that path would do it (fs/statfs.c: user_statfs()): looked
 * up from its root, with its credentials (search permission on every
 * directory on the way, LSM hooks), LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT, and
 * the whole once more with LOOKUP_REVAL if vfs_statfs() says ESTALE.  The
 * path must lead to the mount the walk saw (@ref), not to one mounted
 * over it, nor to another that took its id since.
 *
 * Invariant (doc/design.md "Security model"): statfs figures are the
 * caller's statfs(2)'s, path permission included; nothing pins the mount
 * but this lookup, for as long as vfs_statfs() takes, as statfs(2) pins
 * it, and, for "uuid", "bdev" and "export", the open of its root
 * (fattr_may_open_root()) until the call returns.
 *
 * Return: 0, -EACCES if the caller cannot reach that mount by its mount
 * point, or vfs_statfs()'s error.
 */
static int fattr_statfs_id(const char *mountpoint, int id,
			   const struct fattr_mnt_ref *ref, bool ids,
			   struct fattr_sb_query *q)
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
	err = fattr_mount_is(path.mnt, id, ref) ?
	      fattr_sb_query(&path, ids, q) : -EACCES;
	path_put(&path);
	if (retry_estale(err, flags)) {
		flags |= LOOKUP_REVAL;
		goto retry;
	}
	return err;
}

/*
 * A super block's UUID: the usual 36 characters for 16 bytes, two hex
 * digits a byte for a shorter one (vfat's 4-byte volume id, 7.x); none
 * if it is all zeros.  @val holds a record: a page at least.
 */
static int fattr_put_uuid(struct fattr_val *val, const u8 *uuid,
			  unsigned int len)
{
	if (!memchr_inv(uuid, 0, len))
		return -ENODATA;
	if (len == 16)
		val->len = scnprintf(val->buf, val->cap, "%pUb", uuid);
	else
		val->len = scnprintf(val->buf, val->cap, "%*phN", len, uuid);
	return 0;
}

/*
 * statfs(2) of the mount @req names (and its ids, with @ids) into @q,
 * made once per request: "export"'s reading keeps the first outcome.
 * @val is scratch room (the record is rendered there first).
 */
static int fattr_query(const struct fattr_req *req, bool ids,
		       struct fattr_val *val, struct fattr_sb_query *q)
{
	struct fattr_mnt_ref ref = { };
	int err;

	/* The record first: a mount the caller does not see has no keys. */
	err = fattr_render(req, val, &ref);
	if (err)
		return err;
	if (req->snap && req->snap->queried) {
		*q = req->snap->q;
		return req->snap->query_err;
	}
	if (req->id) {
		/* Its mount point, relative to the caller's root. */
		err = fattr_record_field(val, FATTR_F_MOUNTPOINT);
		if (err)
			return err;
		/* The unescaped field is shorter than the record. */
		val->buf[val->len] = '\0';
		if (strlen(val->buf) != val->len)
			err = -EACCES;	/* a NUL in it: no path leads there */
		else
			err = fattr_statfs_id(val->buf, req->id, &ref, ids, q);
	} else {
		err = fattr_sb_query(req->path, ids, q);
	}
	if (req->snap) {
		req->snap->queried = true;
		req->snap->query_err = err;
		req->snap->q = *q;
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
	struct fattr_sb_query q = { };
	struct kstatfs *st = &q.st;
	/* "export" holds them all: its one query reads the ids too. */
	bool ids = arg == FATTR_SF_UUID || arg == FATTR_SF_BDEV || req->snap;
	u64 n;
	int err;

	err = fattr_query(req, ids, val, &q);
	if (err)
		return err;
	switch (arg) {
	case FATTR_SF_TYPE:
		n = (unsigned long)st->f_type;
		break;
	case FATTR_SF_BSIZE:
		n = (unsigned long)st->f_bsize;
		break;
	case FATTR_SF_FRSIZE:
		n = (unsigned long)st->f_frsize;
		break;
	case FATTR_SF_BLOCKS:
		n = st->f_blocks;
		break;
	case FATTR_SF_BFREE:
		n = st->f_bfree;
		break;
	case FATTR_SF_BAVAIL:
		n = st->f_bavail;
		break;
	case FATTR_SF_FILES:
		n = st->f_files;
		break;
	case FATTR_SF_FFREE:
		n = st->f_ffree;
		break;
	case FATTR_SF_NAMELEN:
		n = (unsigned long)st->f_namelen;
		break;
	case FATTR_SF_FLAGS:
		n = (unsigned long)st->f_flags;
		break;
	case FATTR_SF_UUID:
		if (q.ids_err)
			return q.ids_err;
		return fattr_put_uuid(val, q.uuid, q.uuid_len);
	case FATTR_SF_BDEV:
		if (q.ids_err)
			return q.ids_err;
		if (!q.bdev[0])
			return -ENODATA;
		val->len = strscpy(val->buf, q.bdev, val->cap);
		return 0;
	default:
		val->len = scnprintf(val->buf, val->cap, "%u:%u",
				     (u32)st->f_fsid.val[0],
				     (u32)st->f_fsid.val[1]);
		return 0;
	}
	val->len = scnprintf(val->buf, val->cap, "%llu", n);
	return 0;
}

#define FATTR_FIELD(n, f)	{ .name = n, .get = fattr_get_field, .arg = f }
#define FATTR_STATFS(n, f)	{ .name = n, .get = fattr_get_statfs, .arg = f }
#define FATTR_REF(n, f, s)	{ .name = n, .get = fattr_get_ref, .arg = f, \
				  .served = s }
#define FATTR_PROP(n, f)	{ .name = n, .get = fattr_get_prop, .arg = f }

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

static int fattr_get_export(const struct fattr_req *req, int arg,
			    struct fattr_val *val);

/* ":mnt:" and ":mntns:ID:", in the order they are listed. */
static const struct fattr_entry fattr_mount_entries[] = {
	{ .name = FATTR_ENTRY_INFO, .get = fattr_get_info },
	FATTR_REF(FATTR_ENTRY_ID, FATTR_R_ID, NULL),
	FATTR_REF(FATTR_ENTRY_PARENT, FATTR_R_PARENT, NULL),
	FATTR_REF(FATTR_ENTRY_DEV, FATTR_R_DEV, NULL),
	FATTR_FIELD(FATTR_ENTRY_ROOT, FATTR_F_ROOT),
	FATTR_FIELD(FATTR_ENTRY_MOUNTPOINT, FATTR_F_MOUNTPOINT),
	FATTR_FIELD(FATTR_ENTRY_OPTIONS, FATTR_F_OPTIONS),
	FATTR_FIELD(FATTR_ENTRY_PROPAGATION, FATTR_F_PROPAGATION),
	FATTR_FIELD(FATTR_ENTRY_FSTYPE, FATTR_F_FSTYPE),
	FATTR_FIELD(FATTR_ENTRY_SOURCE, FATTR_F_SOURCE),
	FATTR_FIELD(FATTR_ENTRY_SUPEROPTIONS, FATTR_F_SUPEROPTIONS),
	FATTR_REF(FATTR_ENTRY_UNIQUE_ID, FATTR_R_UNIQUE_ID, fattr_has_unique_id),
	FATTR_REF(FATTR_ENTRY_MNT_PARENT_ID, FATTR_R_PARENT_ID,
		  fattr_has_parent_unique_id),
	FATTR_REF(FATTR_ENTRY_MNT_NS_ID, FATTR_R_NS_ID, fattr_has_ns_id),
	FATTR_REF(FATTR_ENTRY_MNT_ATTR, FATTR_R_ATTR, NULL),
	FATTR_PROP(FATTR_ENTRY_MNT_PROPAGATION, FATTR_P_TYPE),
	FATTR_PROP(FATTR_ENTRY_MNT_PEER_GROUP, FATTR_P_PEER_GROUP),
	FATTR_PROP(FATTR_ENTRY_MNT_MASTER, FATTR_P_MASTER),
	{ .name = FATTR_ENTRY_PROPAGATE_FROM, .get = fattr_get_propagate_from,
	  .served = fattr_has_propagate_from },
	FATTR_REF(FATTR_ENTRY_SB_MAGIC, FATTR_R_SB_MAGIC, NULL),
	FATTR_REF(FATTR_ENTRY_SB_FLAGS, FATTR_R_SB_FLAGS, NULL),
	{ .name = FATTR_ENTRY_FS_SUBTYPE, .get = fattr_get_subtype },
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

static bool fattr_served(const struct fattr_entry *e)
{
	return !e->served || e->served();
}

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
			err = e->get(req, e->arg, v);
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
static int fattr_get_export(const struct fattr_req *req, int arg,
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
		err = fattr_export_table(fattr_mount_entries, "", &one, &v,
					 val);
	}
	fattr_val_free(&v);
	fattr_val_free(&one.snap->rec);
	kfree(one.snap);
	return err;
}

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
static int fattr_get_mntns_event(const struct fattr_req *req, int arg,
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
 * serves it whole into a buffer big enough (fattr(7) ERRORS).
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
 * fattr_walk_init() - draw the key of mntns_event's hash
 */
void __init fattr_walk_init(void)
{
	get_random_bytes(&fattr_event_key, sizeof(fattr_event_key));
}

/**
 * fattr_walk_features() - log which optional keys this kernel serves
 */
void __init fattr_walk_features(void)
{
	pr_info("features: unique_id %s; mnt_parent_id %s; mnt_ns_id %s; mntns_event %s; propagate_from %s; mnt_uidmap and mnt_gidmap %s\n",
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
		"off (no idmapped mounts, or no mnt_idmap maps of the expected type in BTF)");
}
