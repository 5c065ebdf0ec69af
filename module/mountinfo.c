// SPDX-License-Identifier: GPL-2.0
/*
 * Mount records, rendered by the kernel's own mountinfo code.
 *
 * struct mount, namespace_sem and show_mountinfo() are private to fs/.
 * fattr reaches them without a single unexported symbol: it opens the
 * calling thread's mountinfo through a procfs instance of its own and
 * drives that file's seq_operations (fs/namespace.c: mounts_op) itself:
 *
 *   ->start()  takes namespace_sem for read (6.1 and 6.12 alike);
 *   ->next()   steps through the caller's namespace, in procfs's order
 *              (a list on 6.1, an rbtree by unique id since 6.8);
 *   ->show()   renders one struct mount as the caller's procfs would:
 *              root and mount point relative to the caller's root, and
 *              SEQ_SKIP for a mount the caller cannot reach;
 *   ->stop()   drops namespace_sem.
 *
 * The records are therefore byte-identical to /proc/self/mountinfo, and
 * the private procfs instance serves a caller chrooted where no /proc is.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/mutex.h>
#include <linux/nsproxy.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/xarray.h>
#include <linux/xattr.h>
#include <uapi/linux/fattr.h>

#include "fattr.h"

/*
 * ":mntns:ID:" needs the mount with an id, which only a walk of the
 * namespace finds (since 6.8 mounts sit in an rbtree keyed by another
 * id).  The last namespace walked is kept as a map from id to mount, good
 * while that namespace is unchanged: the same one (seq), no mount added
 * or moved (event), none removed (the count: an unmount may leave event
 * as it was, see __touch_mnt_namespace()).  All of it is read under
 * namespace_sem, which the walk holds, so mounts in a good map are alive.
 */
struct fattr_ns_state {
	u64 seq;
	u64 event;
	unsigned int nr;
};

static struct {
	struct mutex lock;	/* taken under namespace_sem */
	bool good;
	struct fattr_ns_state of;
	struct xarray map;
} fattr_ids = {
	.lock = __MUTEX_INITIALIZER(fattr_ids.lock),
	.map = XARRAY_INIT(fattr_ids.map, 0),
};

static void fattr_ids_exit(void)
{
	xa_destroy(&fattr_ids.map);
}

static struct vfsmount *fattr_proc_mnt;

int fattr_mountinfo_init(void)
{
	struct file_system_type *proc = get_fs_type("proc");
	struct vfsmount *mnt;

	if (!proc) {
		pr_err("no procfs in this kernel\n");
		return -ENOENT;
	}
	/*
	 * A kernel-internal procfs mount, in the pid namespace of insmod.
	 * It belongs to no mount namespace and is never seen by users.
	 */
	mnt = kern_mount(proc);
	/* put_filesystem() is not exported; it is this module_put(). */
	module_put(proc->owner);
	if (IS_ERR(mnt)) {
		pr_err("cannot mount a private procfs (%ld)\n", PTR_ERR(mnt));
		return PTR_ERR(mnt);
	}
	fattr_proc_mnt = mnt;
	return 0;
}

void fattr_mountinfo_exit(void)
{
	kern_unmount(fattr_proc_mnt);
	fattr_ids_exit();
}

/* The calling thread's mountinfo, opened for fattr's use only. */
struct fattr_mi {
	struct file *file;
	struct seq_file *seq;
	loff_t pos;
};

static int fattr_mi_open(struct fattr_mi *mi)
{
	struct file *file;

	/*
	 * thread-self resolves to the caller in the pid namespace of the
	 * private instance; the file's seq_file holds the caller's mount
	 * namespace and root (fs/proc_namespace.c: mounts_open_common()).
	 */
	file = file_open_root_mnt(fattr_proc_mnt, "thread-self/mountinfo",
				  O_RDONLY, 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	if (file->f_op->read_iter != seq_read_iter) {
		fput(file);
		return -EIO;
	}
	mi->file = file;
	mi->seq = file->private_data;
	return 0;
}

static void fattr_mi_close(struct fattr_mi *mi)
{
	fput(mi->file);
}

/*
 * Starts a walk of the caller's mounts with namespace_sem held, rendering
 * into @buf.  Returns the first mount (a struct mount *), NULL if none.
 */
static void *fattr_mi_start(struct fattr_mi *mi, struct fattr_val *buf)
{
	struct seq_file *m = mi->seq;

	m->buf = buf->buf;
	m->size = buf->cap;
	m->count = 0;
	mi->pos = 0;
	return m->op->start(m, &mi->pos);
}

static void *fattr_mi_next(struct fattr_mi *mi, void *v)
{
	return mi->seq->op->next(mi->seq, v, &mi->pos);
}

/* Ends the walk, dropping namespace_sem; @buf takes what was rendered. */
static void fattr_mi_stop(struct fattr_mi *mi, struct fattr_val *buf)
{
	struct seq_file *m = mi->seq;

	/*
	 * Always NULL: on 6.1 m_stop() parks procfs's cursor after a
	 * non-NULL mount, which must then be in the caller's namespace.
	 */
	m->op->stop(m, NULL);
	buf->len = m->count;
	/* The buffer is ours: seq_release() must not free it. */
	m->buf = NULL;
	m->size = 0;
	m->count = 0;
}

/*
 * Appends the record of mount @v to the seq_file's buffer.  Returns 0,
 * -ENODATA if the caller cannot see @v, or -EOVERFLOW if it did not fit.
 */
static int fattr_mi_show(struct fattr_mi *mi, void *v)
{
	struct seq_file *m = mi->seq;
	size_t count = m->count;
	int ret;

	ret = m->op->show(m, v);
	if (ret < 0)
		return ret;
	if (seq_has_overflowed(m))
		return -EOVERFLOW;
	if (ret == SEQ_SKIP) {
		m->count = count;
		return -ENODATA;
	}
	return 0;
}

static int fattr_mount_id(const void *mount)
{
	return *(const int *)((const char *)mount + fattr_layout.mount_mnt_id);
}

/* struct mount from its struct vfsmount: the kernel's real_mount(). */
static void *fattr_real_mount(struct vfsmount *mnt)
{
	return (char *)mnt - fattr_layout.mount_mnt;
}

/*
 * Whether the caller sees every mount of its namespace: its root is the
 * namespace's root.  Then ":mntns:" needs no rendering to tell which
 * mounts to list: all of them.  Called with namespace_sem held.
 */
static bool fattr_sees_whole_ns(void)
{
	const char *ns = (const char *)current->nsproxy->mnt_ns;
	struct path root;
	bool whole;

	if (fattr_layout.mntns_root == FATTR_NO_OFFSET)
		return false;
	get_fs_root(current->fs, &root);
	whole = root.dentry == root.mnt->mnt_root &&
		fattr_real_mount(root.mnt) ==
		*(void * const *)(ns + fattr_layout.mntns_root);
	path_put(&root);
	return whole;
}

/* The caller's namespace's state; false if this kernel's BTF lacks it. */
static bool fattr_ns_state(struct fattr_ns_state *st)
{
	const char *ns = (const char *)current->nsproxy->mnt_ns;

	if (fattr_layout.mntns_seq == FATTR_NO_OFFSET ||
	    fattr_layout.mntns_event == FATTR_NO_OFFSET ||
	    fattr_layout.mntns_nr == FATTR_NO_OFFSET)
		return false;
	st->seq = *(const u64 *)(ns + fattr_layout.mntns_seq);
	st->event = *(const u64 *)(ns + fattr_layout.mntns_event);
	st->nr = *(const unsigned int *)(ns + fattr_layout.mntns_nr);
	return true;
}

/* The mount with @id, @first being the walk's first; under namespace_sem. */
static void *fattr_find_id(struct fattr_mi *mi, void *first, int id)
{
	struct fattr_ns_state st;
	bool map, good = true;
	void *v, *found = NULL;

	map = fattr_ns_state(&st);
	if (map) {
		mutex_lock(&fattr_ids.lock);
		if (fattr_ids.good && !memcmp(&st, &fattr_ids.of, sizeof(st))) {
			found = xa_load(&fattr_ids.map, id);
			mutex_unlock(&fattr_ids.lock);
			return found;
		}
		fattr_ids.good = false;
		xa_destroy(&fattr_ids.map);
	}
	for (v = first; v; v = fattr_mi_next(mi, v)) {
		if (fattr_mount_id(v) == id)
			found = v;
		if (map && good)
			good = !xa_is_err(xa_store(&fattr_ids.map,
						   fattr_mount_id(v), v,
						   GFP_KERNEL));
	}
	if (map) {
		fattr_ids.good = good;
		fattr_ids.of = st;
		if (!good)
			xa_destroy(&fattr_ids.map);
		mutex_unlock(&fattr_ids.lock);
	}
	return found;
}

/*
 * A record is rendered into a page first, then into XATTR_SIZE_MAX and
 * one byte more, since a seq_file that is full counts as overflowed.
 * A record larger than XATTR_SIZE_MAX gets E2BIG, as from the kernel.
 */
#define FATTR_RECORD_MAX	(XATTR_SIZE_MAX + 1)

/* Makes @val hold at least @cap bytes; its contents are lost. */
static int fattr_val_reserve(struct fattr_val *val, size_t cap)
{
	if (val->cap >= cap)
		return 0;
	kvfree(val->buf);
	val->len = 0;
	val->buf = kvmalloc(cap, GFP_KERNEL);
	val->cap = val->buf ? cap : 0;
	return val->buf ? 0 : -ENOMEM;
}

void fattr_val_free(struct fattr_val *val)
{
	kvfree(val->buf);
	val->buf = NULL;
	val->cap = 0;
	val->len = 0;
}

/* What one walk of the caller's mounts renders. */
enum fattr_walk {
	FATTR_WALK_MNT,		/* the record of one struct vfsmount */
	FATTR_WALK_ID,		/* the record of the mount with an id */
	FATTR_WALK_IDS,		/* "ID:\0" for each mount the caller sees */
};

/* Appends "ID:\0" to @val, or only counts it in @need once @val is full. */
static void fattr_put_id(struct fattr_val *val, size_t *need, int id)
{
	char entry[16];
	int n = snprintf(entry, sizeof(entry), "%d%c", id, FATTR_SEP) + 1;

	if (*need + n <= val->cap)
		memcpy(val->buf + *need, entry, n);
	*need += n;
}

/*
 * One walk under namespace_sem.  Records are rendered into @val, except
 * for FATTR_WALK_IDS, where each is rendered into @scratch only to learn
 * whether the caller sees it, and the ids go to @val.  Returns 0,
 * -EOVERFLOW if a record did not fit, or -ENOSPC if the ids need @need
 * bytes of @val.
 */
static int fattr_walk_once(struct fattr_mi *mi, enum fattr_walk what,
			   void *target, int id, struct fattr_val *val,
			   struct fattr_val *scratch, size_t *need)
{
	struct fattr_val *out = what == FATTR_WALK_IDS ? scratch : val;
	void *v = fattr_mi_start(mi, out);
	bool whole;
	int err = 0;

	switch (what) {
	case FATTR_WALK_MNT:
		err = fattr_mi_show(mi, target);
		break;
	case FATTR_WALK_ID:
		v = fattr_find_id(mi, v, id);
		err = v ? fattr_mi_show(mi, v) : -ENODATA;
		break;
	case FATTR_WALK_IDS:
		*need = 0;
		whole = fattr_sees_whole_ns();
		for (; v; v = fattr_mi_next(mi, v)) {
			mi->seq->count = 0;
			err = whole ? 0 : fattr_mi_show(mi, v);
			if (err == -ENODATA) {
				err = 0;	/* not the caller's: skip it */
				continue;
			}
			if (err)
				break;
			fattr_put_id(val, need, fattr_mount_id(v));
		}
		val->len = *need;
		if (!err && *need > val->cap)
			err = -ENOSPC;
		break;
	}
	fattr_mi_stop(mi, out);
	return err;
}

static int fattr_walk(enum fattr_walk what, void *target, int id,
		      struct fattr_val *val)
{
	struct fattr_val scratch = { };
	struct fattr_val *record = what == FATTR_WALK_IDS ? &scratch : val;
	struct fattr_mi mi;
	size_t need = 0;
	int err;

	err = fattr_mi_open(&mi);
	if (err)
		return err;
	err = fattr_val_reserve(val, PAGE_SIZE);
	if (!err)
		err = fattr_val_reserve(record, PAGE_SIZE);
	while (!err) {
		err = fattr_walk_once(&mi, what, target, id, val, &scratch,
				      &need);
		if (err == -EOVERFLOW)
			err = record->cap < FATTR_RECORD_MAX ?
			      fattr_val_reserve(record, FATTR_RECORD_MAX) :
			      -E2BIG;
		else if (err == -ENOSPC)	/* mounts may come meanwhile */
			err = fattr_val_reserve(val, need + PAGE_SIZE);
		else
			break;
	}
	if (!err && what != FATTR_WALK_IDS && val->len > XATTR_SIZE_MAX)
		err = -E2BIG;
	fattr_val_free(&scratch);
	fattr_mi_close(&mi);
	return err;
}

/**
 * fattr_render_mnt() - the caller's mountinfo record of a mount
 * @mnt: the mount
 * @val: receives the record, newline included
 *
 * Returns 0, -ENODATA if the mount is outside the caller's namespace or
 * root, or another negative errno.
 */
int fattr_render_mnt(struct vfsmount *mnt, struct fattr_val *val)
{
	return fattr_walk(FATTR_WALK_MNT, fattr_real_mount(mnt), 0, val);
}

/**
 * fattr_render_id() - the caller's mountinfo record of mount @id
 * @id: the first field of the record
 * @val: receives the record, newline included
 *
 * Returns 0, -ENODATA if the caller sees no mount @id, or a negative errno.
 */
int fattr_render_id(int id, struct fattr_val *val)
{
	return fattr_walk(FATTR_WALK_ID, NULL, id, val);
}

/**
 * fattr_render_ids() - the ids of the caller's mounts, as a folder
 * @val: receives "ID:\0" for each record of the caller's mountinfo
 *
 * Unlike a record, this folder may exceed XATTR_SIZE_MAX: at 10,000
 * mounts it takes about 70 KiB.
 *
 * Returns 0 or a negative errno.
 */
int fattr_render_ids(struct fattr_val *val)
{
	return fattr_walk(FATTR_WALK_IDS, NULL, 0, val);
}
