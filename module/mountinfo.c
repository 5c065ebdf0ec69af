// SPDX-License-Identifier: GPL-2.0
/*
 * Mount records, rendered by the kernel's own mountinfo code.
 *
 * struct mount, namespace_sem and show_mountinfo() are private to fs/.
 * fattr reaches them without a single unexported symbol: it opens the
 * caller's mountinfo and drives that file's seq_operations
 * (fs/namespace.c: mounts_op) itself:
 *
 *   ->start()  takes namespace_sem for read (5.10 to 7.x) and returns the
 *              mount at the walk's position;
 *   ->next()   steps through the caller's namespace, in procfs's order
 *              (a list on 5.10 and 6.1, an rbtree by unique id since 6.8);
 *   ->show()   renders one struct mount as the caller's procfs would:
 *              root and mount point relative to the caller's root, and
 *              SEQ_SKIP for a mount the caller cannot reach;
 *   ->stop()   drops namespace_sem.  Given the next mount, it parks the
 *              walk there (5.10, 6.1: procfs's cursor; 6.8+: the position is
 *              that mount's unique id), so that ->start() resumes it.
 *
 * The records are therefore byte-identical to /proc/self/mountinfo.
 *
 * This file holds the walk's steps and the walks to one mount: by mount
 * (":mnt:") and by id (":mntns:ID:", through a map of idmap.c when it
 * can); the walk over all mounts (":mntns:" and the columns) is
 * listing.c's.  The file they drive is opened, and the LSMs' verdict
 * taken, by verdict.c; visibility is judged without rendering in
 * visible.c; what a walk reads of a mount in its hold is mnt_facts.c's.
 *
 * namespace_sem stalls every mount, umount, unshare(CLONE_NEWNS) and
 * pivot_root while it is held, so fattr holds it as procfs does: for a
 * bounded number of mounts (FATTR_RENDERS_PER_HOLD rendered, or
 * FATTR_VISITS_PER_HOLD merely looked at, with FATTR_HOPS_PER_HOLD hops
 * up the mount tree and FATTR_STEPS_PER_HOLD up directories at most for
 * the mounts looked at; a rendered record costs what procfs's rendering
 * of it does), dropping it in between, and it never allocates or takes a
 * sleeping lock under it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mount.h>
#include <linux/nsproxy.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/xattr.h>
#include <uapi/linux/fattr.h>

#include "mnt_walk.h"

/*
 * Takes namespace_sem and returns the mount at the walk's position (the
 * first, or where fattr_mi_unlock() parked it), NULL past the last.
 * Records are rendered into @buf.
 */
struct mount *fattr_mi_lock(struct fattr_mi *mi, struct fattr_val *buf)
{
	struct seq_file *m = mi->seq;

	m->buf = buf->buf;
	m->size = buf->cap;
	m->count = 0;
	return m->op->start(m, &mi->pos);
}

/*
 * Drops namespace_sem.  @next, a mount of the caller's namespace (6.1's
 * m_stop() parks procfs's cursor there), is where fattr_mi_lock()
 * resumes; NULL ends the walk.
 */
void fattr_mi_unlock(struct fattr_mi *mi, struct mount *next)
{
	mi->seq->op->stop(mi->seq, next);
}

/*
 * Appends the record of mount @v to the seq_file's buffer.
 *
 * show_mountinfo() (5.10 to 7.x) fails with what a file system's
 * ->show_path() returns, before seq_path_root() tells whether the caller
 * sees the mount, and with what ->show_devname(), the LSMs' and the file
 * system's options give, after.  cgroup's ->show_path() gives -ERANGE
 * once its run of "/.." from the caller's cgroup namespace root reaches
 * PATH_MAX (cgroup_show_path(): a namespace rooted 1,366 or more cgroups
 * below the mount's root).  A read of mountinfo fails with it when it
 * reaches that record; to a getxattr(2) caller ERANGE (or E2BIG) means
 * "a bigger buffer", and one that grows it would ask forever, so such an
 * error is -EIO here, but for those that end a call (fattr_ends_call():
 * -ENOMEM, a signal), which mean what they say.
 *
 * Return: 0, -ENODATA if the caller cannot see @v, -EOVERFLOW if the
 * record did not fit, -EIO (or fattr_ends_call()'s) if the renderer
 * failed.
 */
int fattr_mi_show(struct fattr_mi *mi, struct mount *v)
{
	struct seq_file *m = mi->seq;
	size_t count = m->count;
	int ret;

	ret = m->op->show(m, v);
	if (ret < 0) {
		m->count = count;
		return fattr_ends_call(ret) ? ret : -EIO;
	}
	if (seq_has_overflowed(m))
		return -EOVERFLOW;
	if (ret == SEQ_SKIP) {
		m->count = count;
		return -ENODATA;
	}
	return 0;
}

/*
 * fattr_mi_show() of @v, or where @ref asks for no record and the judge
 * can tell (visible.c), whether the caller's mountinfo lists @v; then,
 * if it does, what @ref asks of it.  A mount the judge finds listed is
 * one seq_path_root() would not skip: where the judge can tell, an error
 * of the record's rendering itself (a ->show_path() of a cgroup path
 * past PATH_MAX) fails the caller's read of mountinfo but not these
 * keys, as statmount(2) gives them too; where it cannot (a rename, a
 * long way up), the rendering's error, -EIO, is the answer.
 *
 * Return: as fattr_mi_show() (-EOVERFLOW, without rendering, where the
 * walk has no buffer yet), or fattr_mi_take()'s -EOVERFLOW.
 */
static int fattr_mi_visit(struct fattr_mi *mi, struct mount *v,
			  struct fattr_mnt_ref *ref)
{
	int vis = FATTR_RENDER, err;
	bool judged = false;

	/* fattr_mi_take() reads the rendered record for the options. */
	if (ref && ref->no_record && !WARN_ON_ONCE(ref->want_fs_opts) &&
	    fattr_can_judge()) {
		vis = fattr_judge_one(v, fattr_seq_root(mi->seq));
		judged = true;
	}
	if (vis == FATTR_RENDER && !mi->seq->size)
		return -EOVERFLOW;	/* a page first, then render */
	if (vis == FATTR_SHOWN) {
		err = 0;
	} else if (vis == FATTR_HIDDEN) {
		err = -ENODATA;
	} else {
		err = fattr_mi_show(mi, v);
		/*
		 * A record past XATTR_SIZE_MAX: E2BIG if the caller sees the
		 * mount, ENODATA if it does not, as the judge tells without
		 * a bigger buffer; where it cannot, the walk renders it
		 * bigger to know (fattr_val_grow_record()), as a listing.
		 */
		if (err == -EOVERFLOW && mi->seq->size >= FATTR_RECORD_MAX &&
		    (!ref || !ref->no_record) && fattr_can_judge()) {
			vis = fattr_judge_one(v, fattr_seq_root(mi->seq));
			if (vis == FATTR_SHOWN)
				err = -E2BIG;
			else if (vis == FATTR_HIDDEN)
				err = -ENODATA;
		}
		/*
		 * The renderer failed, perhaps before it knew
		 * (fattr_mi_show()): a mount the caller does not see is
		 * ENODATA, as a listing skips it; one it sees gives EIO for
		 * a record key, and so does one the judge cannot tell about.
		 * A key read from the mount was judged already, and its
		 * judge could not tell: one judging a visit, as a listing's.
		 */
		if (err == -EIO && !judged && fattr_can_judge() &&
		    fattr_judge_one(v, fattr_seq_root(mi->seq)) == FATTR_HIDDEN)
			err = -ENODATA;
	}
	if (!err)
		err = fattr_mi_take(mi, ref, v);
	return err;
}

/**
 * fattr_val_grow_record() - the record buffer of a walk after -EOVERFLOW
 * @val: the buffer, whose contents are dropped
 * @record: whether the walk gives the record (a record key or column)
 *
 * A page first (a walk that wanted no record has none yet), then, for a
 * record, FATTR_RECORD_MAX, whatever the render cap (val.c); past that,
 * and from the first page for a walk that gives no record, it grows as a
 * listing's does, to procfs's cap, only to learn whether the caller sees
 * the mount (fattr_mi_visit() and fattr_ids_visit() ask the judge
 * first).  fattr_walk() refuses a record larger than XATTR_SIZE_MAX that
 * the caller sees; a walk that gives no record gives what it reads of the
 * mount whatever the record's size.  A walk that wants the file system's
 * options renders them a second time after the record: no longer than
 * its super block options.
 *
 * Return: 0, or -ENOMEM.
 */
int fattr_val_grow_record(struct fattr_val *val, bool record)
{
	if (val->cap >= FATTR_RECORD_MAX || !record)
		return fattr_val_grow_render(val);
	val->len = 0;
	return fattr_val_reserve(val, val->cap < PAGE_SIZE ? PAGE_SIZE :
				 FATTR_RECORD_MAX);
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
	int err = v ? fattr_mi_visit(mi, v, ref) : -ENODATA;

	val->len = mi->seq->count;
	fattr_mi_unlock(mi, NULL);
	if (err == -EOVERFLOW) {
		bool record = !ref || !ref->no_record;
		int grown = fattr_val_grow_record(val, record);

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
	struct mnt_namespace *ns = current->nsproxy->mnt_ns;
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
	/*
	 * A walk to find the mount, with a map to fill, and a page, so that
	 * a mount the judge cannot tell about is rendered where it is met,
	 * not after a restart.
	 */
	if ((stateful && !map) || val->cap < PAGE_SIZE) {
		fattr_mi_unlock(mi, NULL);
		/* Room for the mounts there are, and some that may come. */
		if (stateful && !map) {
			map = fattr_map_alloc(st.nr + st.nr / 8 + 16);
			if (!map)
				return -ENOMEM;
		}
		err = fattr_val_reserve(val, PAGE_SIZE);
		if (err)
			goto out;
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
		/*
		 * Invariant: a map holds mounts of the namespace it is
		 * published for (@first: current's) only.  fattr_mi_open()
		 * checked the walk is current's; this checks each mount.
		 */
		if (good)
			good = fattr_field(v, fattr_layout.mount_mnt_ns) == ns &&
			       fattr_map_add(map, fattr_mount_id(v), v);
		if (err == -ENODATA && fattr_mount_id(v) == id) {
			err = fattr_mi_visit(mi, v, ref);
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
		err = fattr_val_grow_record(val, !ref || !ref->no_record);
		if (!err) {
			mi->pos = 0;
			goto again;
		}
	}
out:
	fattr_map_free(map);
	return err;
}

/* What a walk of the caller's mounts renders. */
enum fattr_walk {
	FATTR_WALK_MNT,		/* the record of one struct vfsmount */
	FATTR_WALK_ID,		/* the record of the mount with an id */
};

static int fattr_walk(enum fattr_walk what, struct vfsmount *mnt, int id,
		      struct fattr_val *val, struct fattr_mnt_ref *ref)
{
	struct fattr_mi mi;
	int err;

	/* A page for the record, unless the walk may need none. */
	if (!ref || !ref->no_record || !fattr_can_judge()) {
		err = fattr_val_reserve(val, PAGE_SIZE);
		if (err)
			return err;
	}
	err = fattr_mi_open(&mi, false);
	if (err)
		return err;
	switch (what) {
	case FATTR_WALK_MNT:
		err = fattr_walk_mnt(&mi, fattr_real_mount(mnt), val, ref);
		break;
	case FATTR_WALK_ID:
		err = fattr_walk_id(&mi, id, val, ref);
		break;
	}
	fattr_mi_close(&mi);
	if (!err && (!ref || !ref->no_record) && val->len > XATTR_SIZE_MAX)
		err = -E2BIG;
	return err;
}

/**
 * fattr_render_mnt_ref() - the caller's mountinfo record of a mount
 * @mnt: the mount
 * @val: receives the record, newline included (a page at least), unless
 *	@ref asks for none and the walk could tell without rendering
 * @ref: what to read of the mount (struct fattr_mnt_ref), or NULL
 *
 * Return: 0, -ENODATA if the mount is outside the caller's namespace or
 * root, -EACCES if the caller may not read its own /proc/self/mountinfo,
 * -E2BIG for a record over XATTR_SIZE_MAX (unless @ref's no_record), or
 * another negative errno.
 */
int fattr_render_mnt_ref(struct vfsmount *mnt, struct fattr_val *val,
			 struct fattr_mnt_ref *ref)
{
	return fattr_walk(FATTR_WALK_MNT, mnt, 0, val, ref);
}

/**
 * fattr_render_id_ref() - the caller's mountinfo record of mount @id
 * @id: the first field of the record
 * @val: as for fattr_render_mnt_ref()
 * @ref: as for fattr_render_mnt_ref()
 *
 * Return: as fattr_render_mnt_ref(); -ENODATA if the caller sees no
 * mount @id.
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

	pr_info("shortcuts: id map %s; listing and keys without rendering %s\n",
		map ? "on" : "off (no namespace id, event or count in BTF)",
		list ? "on" : "off (no mnt_parent or mnt_mountpoint in BTF)");
}
