// SPDX-License-Identifier: GPL-2.0
/*
 * Mount records, rendered by the kernel's own mountinfo code.
 *
 * struct mount, namespace_sem and show_mountinfo() are private to fs/.
 * fattr reaches them without a single unexported symbol: it opens the
 * caller's mountinfo and drives that file's seq_operations
 * (fs/namespace.c: mounts_op) itself:
 *
 *   ->start()  takes namespace_sem for read (6.1 to 7.x) and returns the
 *              mount at the walk's position;
 *   ->next()   steps through the caller's namespace, in procfs's order
 *              (a list on 6.1, an rbtree by unique id since 6.8);
 *   ->show()   renders one struct mount as the caller's procfs would:
 *              root and mount point relative to the caller's root, and
 *              SEQ_SKIP for a mount the caller cannot reach;
 *   ->stop()   drops namespace_sem.  Given the next mount, it parks the
 *              walk there (6.1: procfs's cursor; 6.8+: the position is
 *              that mount's unique id), so that ->start() resumes it.
 *
 * The records are therefore byte-identical to /proc/self/mountinfo.
 *
 * ":mntns:ID:" finds the mount through a map of idmap.c when it can.
 *
 * namespace_sem stalls every mount, umount, unshare(CLONE_NEWNS) and
 * pivot_root while it is held, so fattr holds it as procfs does: for a
 * bounded number of mounts (FATTR_RENDERS_PER_HOLD rendered, or
 * FATTR_VISITS_PER_HOLD merely looked at), dropping it in between, and
 * it never allocates or takes a sleeping lock under it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/err.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/magic.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/nsproxy.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/xattr.h>
#include <uapi/linux/fattr.h>

#include "compat.h"
#include "fattr.h"

/* Records rendered, or mounts only looked at, per hold of namespace_sem. */
#define FATTR_RENDERS_PER_HOLD	32	/* procfs renders a page: ~40 */
#define FATTR_VISITS_PER_HOLD	128

static struct vfsmount *fattr_proc_mnt __ro_after_init;
/* procfs's mountinfo file_operations, to recognise the caller's own. */
static const struct file_operations *fattr_mountinfo_fops __ro_after_init;
/* Credentials the private instance is opened with (see fattr_mi_open). */
static const struct cred *fattr_kernel_cred __ro_after_init;

/* The fields of struct mount and struct mnt_namespace fattr reads. */
static void *fattr_field(const void *obj, size_t offset)
{
	return *(void * const *)((const char *)obj + offset);
}

static int fattr_mount_id(const struct mount *mnt)
{
	return *(const int *)((const char *)mnt + fattr_layout.mount_mnt_id);
}

/* struct mount from its struct vfsmount: the kernel's real_mount(). */
static struct mount *fattr_real_mount(struct vfsmount *mnt)
{
	return (struct mount *)((char *)mnt - fattr_layout.mount_mnt);
}

static struct vfsmount *fattr_vfsmount(struct mount *mnt)
{
	return (struct vfsmount *)((char *)mnt + fattr_layout.mount_mnt);
}

/**
 * fattr_mountinfo_init() - mount fattr's private procfs instance
 *
 * Return: 0, or a negative errno after logging why.
 */
int __init fattr_mountinfo_init(void)
{
	struct file_system_type *proc = get_fs_type("proc");
	struct vfsmount *mnt;
	struct file *file;
	struct cred *cred;

	if (!proc) {
		pr_err("no procfs in this kernel\n");
		return -ENOENT;
	}
	/*
	 * A kernel-internal procfs mount, in the pid namespace of insmod
	 * (which main.c requires to be the initial one, so that every task
	 * has a pid in it).  It belongs to no mount namespace and is never
	 * seen by users.
	 */
	mnt = kern_mount(proc);
	/* put_filesystem() is not exported; it is this module_put(). */
	module_put(proc->owner);
	if (IS_ERR(mnt)) {
		pr_err("cannot mount a private procfs (%ld)\n", PTR_ERR(mnt));
		return PTR_ERR(mnt);
	}
	file = fattr_file_open_root_mnt(mnt, "thread-self/mountinfo", O_RDONLY, 0);
	if (IS_ERR(file) || file->f_op->read_iter != seq_read_iter) {
		pr_err("procfs has no mountinfo fattr can read\n");
		if (!IS_ERR(file))
			fput(file);
		kern_unmount(mnt);
		return -ENOENT;
	}
	fattr_mountinfo_fops = file->f_op;
	fput(file);
	/* prepare_kernel_cred(NULL) is refused since 6.2; &init_task is not. */
	cred = prepare_kernel_cred(&init_task);
	if (!cred) {
		kern_unmount(mnt);
		return -ENOMEM;
	}
	fattr_kernel_cred = cred;
	fattr_proc_mnt = mnt;
	return 0;
}

void fattr_mountinfo_exit(void)
{
	kern_unmount(fattr_proc_mnt);
	put_cred(fattr_kernel_cred);
	fattr_maps_exit();
}

/* The caller's mountinfo, opened for fattr's use only. */
struct fattr_mi {
	struct file *file;
	struct seq_file *seq;
	loff_t pos;
};

/*
 * The caller's own /proc/self/mountinfo, opened with its credentials, so
 * that LSMs judge fattr's read as they judge the caller's own open:
 * AppArmor by that path name, Landlock by the hierarchy holding /proc.
 *
 * Return: the file, NULL if the caller's root has no procfs mountinfo at
 * /proc/self/mountinfo (a chroot without /proc), ERR_PTR(-EACCES) if
 * the caller may not open it, or another ERR_PTR.
 */
static struct file *fattr_open_own(void)
{
	struct file *file;
	struct path path;
	int err;

	err = kern_path("/proc/self/mountinfo", LOOKUP_FOLLOW, &path);
	if (err == -EACCES || err == -EPERM)
		return ERR_PTR(-EACCES);
	if (err == -ENOMEM)
		return ERR_PTR(err);
	if (err)
		return NULL;
	/* Not procfs (a file of that name in a chroot): nothing to ask. */
	if (path.dentry->d_sb->s_magic != PROC_SUPER_MAGIC ||
	    !d_is_reg(path.dentry)) {
		path_put(&path);
		return NULL;
	}
	/* Runs security_file_open(): the LSMs' verdict on the caller. */
	file = dentry_open(&path, O_RDONLY, current_cred());
	path_put(&path);
	if (IS_ERR(file)) {
		err = PTR_ERR(file);
		return ERR_PTR(err == -EPERM ? -EACCES : err);
	}
	if (file->f_op != fattr_mountinfo_fops) {
		fput(file);
		return NULL;
	}
	return file;
}

/*
 * Opens the caller's mountinfo.  A caller whose LSM policy refuses it its
 * /proc/self/mountinfo gets -EACCES.  A single-threaded caller (the thread
 * group leader) is then served from that very file; any other thread from
 * its own thread-self/mountinfo in fattr's private procfs instance, which
 * also serves a caller without /proc.  That one is opened with kernel
 * credentials: LSMs would see it as a path outside /proc (AppArmor names
 * it as disconnected), and the caller's own verdict was already taken.
 */
static int fattr_mi_open(struct fattr_mi *mi)
{
	const struct cred *old;
	struct file *file;

	file = fattr_open_own();
	if (IS_ERR(file))
		return PTR_ERR(file);
	if (file && !thread_group_leader(current)) {
		fput(file);
		file = NULL;
	}
	if (!file) {
		/*
		 * thread-self resolves to the caller in the pid namespace of
		 * the private instance; the seq_file holds the caller's mount
		 * namespace and root (fs/proc_namespace.c:
		 * mounts_open_common()).
		 */
		old = override_creds(fattr_kernel_cred);
		file = fattr_file_open_root_mnt(fattr_proc_mnt,
						"thread-self/mountinfo",
						O_RDONLY, 0);
		revert_creds(old);
		if (IS_ERR(file))
			return PTR_ERR(file);
	}
	if (file->f_op != fattr_mountinfo_fops) {
		fput(file);
		return -EIO;
	}
	mi->file = file;
	mi->seq = file->private_data;
	mi->pos = 0;
	return 0;
}

static void fattr_mi_close(struct fattr_mi *mi)
{
	/* The buffer is fattr's: seq_release() must not free it. */
	mi->seq->buf = NULL;
	mi->seq->size = 0;
	mi->seq->count = 0;
	fput(mi->file);
}

/*
 * Takes namespace_sem and returns the mount at the walk's position (the
 * first, or where fattr_mi_unlock() parked it), NULL past the last.
 * Records are rendered into @buf.
 */
static struct mount *fattr_mi_lock(struct fattr_mi *mi, struct fattr_val *buf)
{
	struct seq_file *m = mi->seq;

	m->buf = buf->buf;
	m->size = buf->cap;
	m->count = 0;
	return m->op->start(m, &mi->pos);
}

static struct mount *fattr_mi_next(struct fattr_mi *mi, struct mount *v)
{
	return mi->seq->op->next(mi->seq, v, &mi->pos);
}

/*
 * Drops namespace_sem.  @next, a mount of the caller's namespace (6.1's
 * m_stop() parks procfs's cursor there), is where fattr_mi_lock()
 * resumes; NULL ends the walk.
 */
static void fattr_mi_unlock(struct fattr_mi *mi, struct mount *next)
{
	mi->seq->op->stop(mi->seq, next);
}

/*
 * Appends the record of mount @v to the seq_file's buffer.
 *
 * Return: 0, -ENODATA if the caller cannot see @v, or -EOVERFLOW if the
 * record did not fit.
 */
static int fattr_mi_show(struct fattr_mi *mi, struct mount *v)
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

/* Whether this kernel's BTF lets fattr_visible() judge without rendering. */
static bool fattr_can_judge(void)
{
	return fattr_layout.mount_parent != FATTR_NO_OFFSET &&
	       fattr_layout.mount_mountpoint != FATTR_NO_OFFSET;
}

/*
 * Whether show_mountinfo() lists @mnt for a caller rooted at @root,
 * without rendering it.  seq_path_root() (prepend_path()) skips a mount
 * whose mount point it cannot reach from @root: going up from the mount,
 * at each mount on the way the mount point must lie beneath that mount's
 * root (else it escaped: a bind mount's subtree moved away under it), up
 * to @root's mount, where it must lie beneath @root; a way up that ends
 * at the namespace's root without meeting @root's mount is outside the
 * caller's root.
 *
 * Called with namespace_sem held, which keeps the mounts' parents as they
 * are.  @known holds two mounts found visible during this hold: a walk
 * meets a mount's siblings and children soon after it, and their way up
 * stops there.
 */
static bool fattr_visible(struct mount *mnt, const struct path *root,
			  struct mount *known[2])
{
	struct dentry *d = fattr_vfsmount(mnt)->mnt_root;
	struct mount *v = mnt, *parent;

	for (;;) {
		struct dentry *top = fattr_vfsmount(v)->mnt_root;

		if (fattr_vfsmount(v) == root->mnt) {
			if (!is_subdir(d, root->dentry))
				return false;
			break;
		}
		if (v != mnt && !is_subdir(d, top))
			return false;
		if (v != mnt && (v == known[0] || v == known[1]))
			break;
		parent = fattr_field(v, fattr_layout.mount_parent);
		if (parent == v)
			return false;
		d = fattr_field(v, fattr_layout.mount_mountpoint);
		v = parent;
	}
	/* A visible mount's parent is visible, unless it is @root's mount. */
	if (fattr_vfsmount(mnt) != root->mnt) {
		parent = fattr_field(mnt, fattr_layout.mount_parent);
		known[0] = mnt;
		known[1] = fattr_vfsmount(parent) != root->mnt ? parent : NULL;
	}
	return true;
}

/*
 * A record is rendered into a page first, then into XATTR_SIZE_MAX and
 * one byte more, since a seq_file that is full counts as overflowed.
 * A record larger than XATTR_SIZE_MAX gets E2BIG, as from the kernel.
 */
#define FATTR_RECORD_MAX	(XATTR_SIZE_MAX + 1)

/*
 * Makes @val hold at least @cap bytes, keeping its contents.
 *
 * Return: 0 or -ENOMEM.
 */
int fattr_val_reserve(struct fattr_val *val, size_t cap)
{
	char *buf;

	if (val->cap >= cap)
		return 0;
	buf = kvmalloc(cap, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (val->len)
		memcpy(buf, val->buf, val->len);
	kvfree(val->buf);
	val->buf = buf;
	val->cap = cap;
	return 0;
}

/* The record buffer of a walk after -EOVERFLOW: bigger, or -E2BIG. */
static int fattr_val_grow_record(struct fattr_val *val)
{
	if (val->cap >= FATTR_RECORD_MAX)
		return -E2BIG;
	val->len = 0;
	return fattr_val_reserve(val, FATTR_RECORD_MAX);
}

void fattr_val_free(struct fattr_val *val)
{
	kvfree(val->buf);
	val->buf = NULL;
	val->cap = 0;
	val->len = 0;
}

/*
 * Takes what @ref asks of @mnt, whose record was just rendered: called
 * with namespace_sem held, which keeps @mnt in the caller's namespace.
 * mntget() and dget() only count references.
 */
static void fattr_mi_take(struct fattr_mnt_ref *ref, struct mount *mnt)
{
	struct vfsmount *vfs = fattr_vfsmount(mnt);

	if (!ref || ref->taken)
		return;
	ref->taken = true;
	if (fattr_layout.mount_id_unique != FATTR_NO_OFFSET)
		ref->unique_id = *(const u64 *)((const char *)mnt +
						fattr_layout.mount_id_unique);
	if (ref->want_root) {
		ref->root.mnt = mntget(vfs);
		ref->root.dentry = dget(vfs->mnt_root);
	}
}

/**
 * fattr_mnt_ref_put() - drop what a walk took for a &struct fattr_mnt_ref
 * @ref: filled by fattr_render_mnt_ref() or fattr_render_id_ref()
 */
void fattr_mnt_ref_put(struct fattr_mnt_ref *ref)
{
	if (ref->root.mnt)
		path_put(&ref->root);
	ref->root.mnt = NULL;
	ref->root.dentry = NULL;
	ref->taken = false;
}

/*
 * Renders @v (NULL: a mount the caller does not see) into @val, takes
 * what @ref (or NULL) asks of it if it is the caller's, and drops
 * namespace_sem.
 *
 * Return: 0, -ENODATA, -EOVERFLOW after growing @val (render again), or
 * another negative errno.
 */
static int fattr_mi_show_unlock(struct fattr_mi *mi, struct mount *v,
				struct fattr_val *val,
				struct fattr_mnt_ref *ref)
{
	int err = v ? fattr_mi_show(mi, v) : -ENODATA;

	if (!err)
		fattr_mi_take(ref, v);
	val->len = mi->seq->count;
	fattr_mi_unlock(mi, NULL);
	if (err == -EOVERFLOW) {
		int grown = fattr_val_grow_record(val);

		if (grown)
			return grown;
	}
	return err;
}

/* The record of @target, if it is in the caller's namespace. */
static int fattr_walk_mnt(struct fattr_mi *mi, struct mount *target,
			  struct fattr_val *val, struct fattr_mnt_ref *ref)
{
	struct mnt_namespace *ns = current->nsproxy->mnt_ns;
	bool ours;
	int err;

	do {
		fattr_mi_lock(mi, val);
		/*
		 * A mount of another namespace (a root or a descriptor from
		 * there) is rendered by show_mountinfo() as readily as one of
		 * the caller's, but the caller's mountinfo does not list it.
		 * mnt_ns changes under namespace_sem only.
		 */
		ours = fattr_field(target, fattr_layout.mount_mnt_ns) == ns;
		err = fattr_mi_show_unlock(mi, ours ? target : NULL, val, ref);
	} while (err == -EOVERFLOW);
	return err;
}

/*
 * The record of mount @id: from the namespace's map if it has a current
 * one (idmap.c), else by a walk that renders the record when it meets the
 * mount and collects a new map meanwhile.
 */
static int fattr_walk_id(struct fattr_mi *mi, int id, struct fattr_val *val,
			 struct fattr_mnt_ref *ref)
{
	struct fattr_ns_state st = { }, first;
	struct fattr_id_map *map = NULL;
	struct mount *v, *found;
	unsigned int visits;
	bool stateful, good;
	int err;

again:
	v = fattr_mi_lock(mi, val);
	stateful = fattr_ns_state(&st);
	if (stateful && fattr_map_lookup(&st, id, &found)) {
		err = fattr_mi_show_unlock(mi, found, val, ref);
		if (err == -EOVERFLOW)
			goto again;
		goto out;
	}
	if (stateful && !map) {
		fattr_mi_unlock(mi, NULL);
		/* Room for the mounts there are, and some that may come. */
		map = fattr_map_alloc(st.nr + st.nr / 8 + 16);
		if (!map)
			return -ENOMEM;
		mi->pos = 0;
		goto again;
	}

	first = st;
	good = stateful;
	if (map)
		fattr_map_clear(map);
	err = -ENODATA;
	for (visits = 0; v; v = fattr_mi_next(mi, v)) {
		if (++visits > FATTR_VISITS_PER_HOLD) {
			fattr_mi_unlock(mi, v);
			cond_resched();
			v = fattr_mi_lock(mi, val);
			visits = 0;
			/* Changed meanwhile: the map would be a mix. */
			if (good && (!fattr_ns_state(&st) ||
				     !fattr_ns_state_eq(&st, &first)))
				good = false;
			if (!v)
				break;
		}
		if (!good && err != -ENODATA)
			break;	/* found, and no map to finish */
		if (good)
			good = fattr_map_add(map, fattr_mount_id(v), v);
		if (err == -ENODATA && fattr_mount_id(v) == id) {
			err = fattr_mi_show(mi, v);
			if (!err)
				fattr_mi_take(ref, v);
			val->len = mi->seq->count;
			if (err == -EOVERFLOW)
				break;	/* the walk restarts, map and all */
		}
	}
	fattr_mi_unlock(mi, NULL);
	if (good && err != -EOVERFLOW) {
		fattr_map_publish(map, &first);
		map = NULL;
	}
	if (err == -EOVERFLOW) {
		err = fattr_val_grow_record(val);
		if (!err) {
			mi->pos = 0;
			goto again;
		}
	}
out:
	fattr_map_free(map);
	return err;
}

/* Room fattr_walk_ids() keeps in its output for one entry "ID:\0". */
#define FATTR_ID_ROOM	16

/*
 * Appends "ID:\0" to @val, which has FATTR_ID_ROOM bytes left.  Mount ids
 * are positive (an IDA's, from 1).  Written by hand, not with
 * snprintf(): this runs for every mount of a listing.
 */
static void fattr_put_id(struct fattr_val *val, int id)
{
	char digits[10], *out = val->buf + val->len;
	unsigned int v = id, n = 0;

	do {
		digits[n++] = '0' + v % 10;
		v /= 10;
	} while (v);
	val->len += n + 2;
	while (n)
		*out++ = digits[--n];
	*out++ = FATTR_SEP;
	*out = '\0';
}

/* The caller's namespace's mount count, read without namespace_sem. */
static unsigned int fattr_ns_mounts_hint(void)
{
	const char *ns = (const char *)current->nsproxy->mnt_ns;

	if (fattr_layout.mntns_nr == FATTR_NO_OFFSET)
		return 0;
	return READ_ONCE(*(const unsigned int *)(ns + fattr_layout.mntns_nr));
}

/*
 * "ID:\0" for each mount the caller sees.  Where the BTF has what
 * fattr_visible() needs, the walk only looks at each mount; else it
 * renders each record into @scratch to learn whether show_mountinfo()
 * skips it.
 */
static int fattr_walk_ids(struct fattr_mi *mi, struct fattr_val *val)
{
	struct mount *v, *known[2] = { };
	struct fattr_val scratch = { };
	bool judge = fattr_can_judge();
	unsigned int work = 0;
	struct path root;
	int err = fattr_val_reserve(&scratch, PAGE_SIZE);

	/* Room for as many mounts as there are now, at 8 bytes an id. */
	if (!err)
		err = fattr_val_reserve(val, 8 * (size_t)fattr_ns_mounts_hint() +
					FATTR_ID_ROOM);
	if (err)
		return err;
	/* Also the seq_file's: both are the caller's root at open time. */
	get_fs_root(current->fs, &root);
	v = fattr_mi_lock(mi, &scratch);
	while (v) {
		if (work >= (judge ? FATTR_VISITS_PER_HOLD :
			     FATTR_RENDERS_PER_HOLD) ||
		    val->cap - val->len < FATTR_ID_ROOM || err) {
			/* Resume at @v, after growing what has to grow. */
			fattr_mi_unlock(mi, v);
			cond_resched();
			if (err == -EOVERFLOW)
				err = fattr_val_grow_record(&scratch);
			if (!err && val->cap - val->len < FATTR_ID_ROOM)
				err = fattr_val_reserve(val, 2 * val->cap);
			if (err)
				goto out;
			v = fattr_mi_lock(mi, &scratch);
			work = 0;
			known[0] = NULL;
			known[1] = NULL;
			continue;
		}
		work++;
		mi->seq->count = 0;
		if (judge)
			err = fattr_visible(v, &root, known) ? 0 : -ENODATA;
		else
			err = fattr_mi_show(mi, v);
		if (err == -EOVERFLOW)
			continue;
		if (!err)
			fattr_put_id(val, fattr_mount_id(v));
		else if (err != -ENODATA)
			break;
		err = 0;	/* or not the caller's: skipped */
		v = fattr_mi_next(mi, v);
	}
	fattr_mi_unlock(mi, NULL);
out:
	path_put(&root);
	fattr_val_free(&scratch);
	return err;
}

/* What a walk of the caller's mounts renders. */
enum fattr_walk {
	FATTR_WALK_MNT,		/* the record of one struct vfsmount */
	FATTR_WALK_ID,		/* the record of the mount with an id */
	FATTR_WALK_IDS,		/* "ID:\0" for each mount the caller sees */
};

static int fattr_walk(enum fattr_walk what, struct vfsmount *mnt, int id,
		      struct fattr_val *val, struct fattr_mnt_ref *ref)
{
	struct fattr_mi mi;
	int err;

	err = fattr_val_reserve(val, PAGE_SIZE);
	if (err)
		return err;
	err = fattr_mi_open(&mi);
	if (err)
		return err;
	switch (what) {
	case FATTR_WALK_MNT:
		err = fattr_walk_mnt(&mi, fattr_real_mount(mnt), val, ref);
		break;
	case FATTR_WALK_ID:
		err = fattr_walk_id(&mi, id, val, ref);
		break;
	case FATTR_WALK_IDS:
		err = fattr_walk_ids(&mi, val);
		break;
	}
	fattr_mi_close(&mi);
	if (!err && what != FATTR_WALK_IDS && val->len > XATTR_SIZE_MAX)
		err = -E2BIG;
	if (err && ref)
		fattr_mnt_ref_put(ref);
	return err;
}

/**
 * fattr_render_mnt() - the caller's mountinfo record of a mount
 * @mnt: the mount
 * @val: receives the record, newline included
 *
 * Return: 0, -ENODATA if the mount is outside the caller's namespace or
 * root, -EACCES if the caller may not read its own /proc/self/mountinfo,
 * or another negative errno.
 */
int fattr_render_mnt(struct vfsmount *mnt, struct fattr_val *val)
{
	return fattr_walk(FATTR_WALK_MNT, mnt, 0, val, NULL);
}

/**
 * fattr_render_id() - the caller's mountinfo record of mount @id
 * @id: the first field of the record
 * @val: receives the record, newline included
 *
 * Return: 0, -ENODATA if the caller sees no mount @id, -EACCES as for
 * fattr_render_mnt(), or another negative errno.
 */
int fattr_render_id(int id, struct fattr_val *val)
{
	return fattr_walk(FATTR_WALK_ID, NULL, id, val, NULL);
}

/**
 * fattr_render_ids() - the ids of the caller's mounts, as a folder
 * @val: receives "ID:\0" for each record of the caller's mountinfo
 *
 * Unlike a record, this folder may exceed XATTR_SIZE_MAX: at 10,000
 * mounts it takes about 70 KiB.
 *
 * Return: 0, -EACCES as for fattr_render_mnt(), or another negative
 * errno.
 */
int fattr_render_ids(struct fattr_val *val)
{
	return fattr_walk(FATTR_WALK_IDS, NULL, 0, val, NULL);
}

/**
 * fattr_render_mnt_ref() - fattr_render_mnt(), taking what @ref asks
 * @mnt: the mount
 * @val: receives the record, newline included
 * @ref: receives the mount's unique id and, if asked, its root
 *
 * Return: as fattr_render_mnt(); on error @ref holds nothing.
 */
int fattr_render_mnt_ref(struct vfsmount *mnt, struct fattr_val *val,
			 struct fattr_mnt_ref *ref)
{
	return fattr_walk(FATTR_WALK_MNT, mnt, 0, val, ref);
}

/**
 * fattr_render_id_ref() - fattr_render_id(), taking what @ref asks
 * @id: the first field of the record
 * @val: receives the record, newline included
 * @ref: receives the mount's unique id and, if asked, its root
 *
 * Return: as fattr_render_id(); on error @ref holds nothing.
 */
int fattr_render_id_ref(int id, struct fattr_val *val,
			struct fattr_mnt_ref *ref)
{
	return fattr_walk(FATTR_WALK_ID, NULL, id, val, ref);
}

/**
 * fattr_mountinfo_shortcuts() - log which optional layouts are in use
 */
void __init fattr_mountinfo_shortcuts(void)
{
	bool map = fattr_layout.mntns_id != FATTR_NO_OFFSET &&
		   fattr_layout.mntns_event != FATTR_NO_OFFSET &&
		   fattr_layout.mntns_nr != FATTR_NO_OFFSET;
	bool list = fattr_can_judge();

	pr_info("shortcuts: id map %s; listing without rendering %s\n",
		map ? "on" : "off (no namespace id, event or count in BTF)",
		list ? "on" : "off (no mnt_parent or mnt_mountpoint in BTF)");
}
