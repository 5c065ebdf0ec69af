// SPDX-License-Identifier: GPL-2.0
/*
 * The keys served on statfs(2)'s terms: "statfs:" (vfs_statfs() of the
 * call's path, or of ":mntns:ID:"'s mount point looked up as the caller
 * would), and the super block's "uuid" and "bdev", given only to a caller
 * that could open the mount's root directory.
 */
#include <linux/cred.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/path.h>
#include <linux/statfs.h>
#include <linux/string.h>

#include "compat.h"
#include "tree.h"

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

	/*
	 * A file system's own ->statfs() error (a FUSE server may give any):
	 * ERANGE and E2BIG would tell a getxattr(2) caller to grow its
	 * buffer, and one that does would ask forever.
	 */
	if (err == -ERANGE || err == -E2BIG)
		return -EIO;
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
 * point, -EIO for a lookup's or vfs_statfs()'s ERANGE or E2BIG, or
 * another error of theirs.
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
		/* A FUSE server's or automounter's: as fattr_sb_query(). */
		else if (err == -ERANGE || err == -E2BIG)
			err = -EIO;
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
int fattr_get_statfs(const struct fattr_req *req, const struct fattr_entry *e,
		     struct fattr_val *val)
{
	int arg = e->arg;
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
