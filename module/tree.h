/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The attribute tree's parts: a request, a folder's table and its rows,
 * shared by the tree (tree.c) and the keys' getters (keys_mount.c,
 * keys_statfs.c, export.c).
 */
#ifndef _FATTR_TREE_H
#define _FATTR_TREE_H

#include <linux/statfs.h>

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

struct fattr_folder;

/* The mount a name is about: the call's file, or ":mntns:ID:". */
struct fattr_req {
	const struct path *path;	/* the file named by the call */
	int id;				/* mount ID of ":mntns:ID:", or 0 */
	bool column;			/* ":mntns:all:": every mount's */
	struct fattr_snap *snap;	/* "export"'s reading, or NULL */
	const struct fattr_folder *dir;	/* the folder of the key */
	struct fattr_sink *sink;	/* the caller's buffer, for a listing */
};

/* A getter's return: the value went to @req->sink, whose done is its length. */
#define FATTR_STREAMED	1

/* A row of a folder's table; a table ends with a row without a name. */
struct fattr_entry {
	const char *name;	/* a folder's name ends in FATTR_SEP */
	/* An attribute: its getter, given its row. */
	int (*get)(const struct fattr_req *req, const struct fattr_entry *e,
		   struct fattr_val *val);
	int arg;
	/* A key made from one reading of a mount: also a column. */
	struct fattr_make make;
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

static inline bool fattr_served(const struct fattr_entry *e)
{
	return !e->served || e->served();
}

/* keys_mount.c: the keys a walk of the caller's mountinfo reads. */

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
	FATTR_R_PROPAGATION,	/* MS_SHARED | MS_SLAVE | ... (mnt_propagation) */
	FATTR_R_PEER_GROUP,	/* mnt_group_id if shared, or 0 */
	FATTR_R_MASTER,		/* the master's mnt_group_id, or 0 */
	FATTR_R_CHANGE,		/* mnt_change: a keyed hash of the rest */
};

int fattr_render(const struct fattr_req *req, struct fattr_val *val,
		 struct fattr_mnt_ref *ref);
const struct fattr_make *fattr_entry_make(const struct fattr_entry *e);
int fattr_get_made(const struct fattr_req *req, const struct fattr_entry *e,
		   struct fattr_val *val);
int fattr_get_opts(const struct fattr_req *req, const struct fattr_entry *e,
		   struct fattr_val *val);
int fattr_get_idmap(const struct fattr_req *req, const struct fattr_entry *e,
		    struct fattr_val *val);
int fattr_make_info(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		    int arg);
int fattr_make_field(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		     int arg);
int fattr_make_propagate_from(struct fattr_val *val,
			      const struct fattr_mnt_ref *ref, int arg);
int fattr_make_subtype(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		       int arg);

/* keys_statfs.c: the figures of statfs(2), in the order of its struct. */
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

int fattr_get_statfs(const struct fattr_req *req, const struct fattr_entry *e,
		     struct fattr_val *val);

/* export.c: every key of a mount folder as sh assignments. */
int fattr_get_export(const struct fattr_req *req, const struct fattr_entry *e,
		     struct fattr_val *val);

#endif /* _FATTR_TREE_H */
