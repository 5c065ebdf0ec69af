/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The caller's mountinfo, walked: what the walks (mountinfo.c, listing.c)
 * and what they call (verdict.c, visible.c, mnt_facts.c) share.  struct
 * mount is private to fs/: fattr reaches its members at offsets read from
 * the running kernel's BTF (btf.c).
 */
#ifndef _FATTR_MNT_WALK_H
#define _FATTR_MNT_WALK_H

#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/path.h>
#include <linux/seq_file.h>
#include <linux/xattr.h>

#include "fattr.h"

/*
 * A record is rendered into a page first, then into XATTR_SIZE_MAX and
 * one byte more, since a seq_file that is full counts as overflowed.
 * A record larger than XATTR_SIZE_MAX gets E2BIG, as from the kernel.
 */
#define FATTR_RECORD_MAX	(XATTR_SIZE_MAX + 1)

/* Records rendered, or mounts only looked at, per hold of namespace_sem. */
#define FATTR_RENDERS_PER_HOLD	32	/* procfs renders a page: ~40 */
#define FATTR_VISITS_PER_HOLD	128

/* The fields of struct mount and struct mnt_namespace fattr reads. */
static inline void *fattr_field(const void *obj, size_t offset)
{
	return *(void * const *)((const char *)obj + offset);
}

static inline int fattr_mount_id(const struct mount *mnt)
{
	return *(const int *)((const char *)mnt + fattr_layout.mount_mnt_id);
}

/* struct mount from its struct vfsmount: the kernel's real_mount(). */
static inline struct mount *fattr_real_mount(struct vfsmount *mnt)
{
	return (struct mount *)((char *)mnt - fattr_layout.mount_mnt);
}

static inline struct vfsmount *fattr_vfsmount(struct mount *mnt)
{
	return (struct vfsmount *)((char *)mnt + fattr_layout.mount_mnt);
}

/* The caller's mountinfo, opened for fattr's use only. */
struct fattr_mi {
	struct file *file;
	struct seq_file *seq;
	loff_t pos;
};

/* The namespace a mountinfo seq_file walks: its struct proc_mounts's. */
static inline struct mnt_namespace *fattr_seq_ns(const struct seq_file *m)
{
	return fattr_field(m->private, fattr_layout.proc_mounts_ns);
}

/*
 * The root show_mountinfo() renders against: its struct proc_mounts's,
 * the caller's at open time (a thread sharing its fs_struct may chroot
 * since).  The file holds a reference to it.
 */
static inline const struct path *fattr_seq_root(const struct seq_file *m)
{
	return (const struct path *)((const char *)m->private +
				     fattr_layout.proc_mounts_root);
}

/* The mount after @v in the caller's mountinfo (a listing's every step). */
static inline struct mount *fattr_mi_next(struct fattr_mi *mi,
					  struct mount *v)
{
	return mi->seq->op->next(mi->seq, v, &mi->pos);
}

/* mountinfo.c: the walk's steps, through the file's seq_operations. */
struct mount *fattr_mi_lock(struct fattr_mi *mi, struct fattr_val *buf);
void fattr_mi_unlock(struct fattr_mi *mi, struct mount *next);
int fattr_mi_show(struct fattr_mi *mi, struct mount *v);
int fattr_val_grow_record(struct fattr_val *val, bool record);

/* verdict.c: the caller's own open, its LSM verdict, the file walked. */
int fattr_mi_open(struct fattr_mi *mi, bool verdict);
void fattr_mi_close(struct fattr_mi *mi);

/* visible.c: whether show_mountinfo() lists a mount, without rendering. */
enum {
	FATTR_HIDDEN,		/* show_mountinfo() skips the mount */
	FATTR_SHOWN,		/* it renders it */
	FATTR_LATER = -1,	/* this hold's budget is spent: judge on */
	FATTR_RENDER = -2,	/* render the mount to know */
};

struct fattr_memo;

bool fattr_can_judge(void);
int fattr_judge_one(struct mount *mnt, const struct path *root);
struct fattr_memo *fattr_memo_alloc(void);
void fattr_memo_free(struct fattr_memo *memo);
bool fattr_memo_hold(struct fattr_memo *memo);
int fattr_memo_judge(struct fattr_memo *memo, struct mount *mnt,
		     const struct path *root);
void fattr_memo_rendered(struct fattr_memo *memo, struct mount *mnt,
			 const struct path *root, bool visible);

/* mnt_facts.c: what a walk reads of a mount in the hold that renders it. */
int fattr_mi_take(const struct fattr_mi *mi, struct fattr_mnt_ref *ref,
		  struct mount *mnt);

#endif /* _FATTR_MNT_WALK_H */
