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
 * FATTR_VISITS_PER_HOLD merely looked at, with FATTR_HOPS_PER_HOLD hops
 * up the mount tree and FATTR_STEPS_PER_HOLD up directories at most for
 * the mounts looked at; a rendered record costs what procfs's rendering
 * of it does), dropping it in between, and it never allocates or takes a
 * sleeping lock under it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/err.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/hash.h>
#include <linux/jiffies.h>
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
/*
 * Credentials the private instance is opened with (see fattr_mi_open).
 * Not __ro_after_init: from 6.4 kmemleak does not scan a module's
 * ro_after_init memory, and would report the cred it alone points to.
 */
static const struct cred *fattr_kernel_cred;

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

/* The namespace a mountinfo seq_file walks: its struct proc_mounts's. */
static struct mnt_namespace *fattr_seq_ns(const struct seq_file *m)
{
	return fattr_field(m->private, fattr_layout.proc_mounts_ns);
}

/*
 * The root show_mountinfo() renders against: its struct proc_mounts's,
 * the caller's at open time (a thread sharing its fs_struct may chroot
 * since).  The file holds a reference to it.
 */
static const struct path *fattr_seq_root(const struct seq_file *m)
{
	return (const struct path *)((const char *)m->private +
				     fattr_layout.proc_mounts_root);
}

/*
 * The caller's own open of the procfs mountinfo at @name, resolved from
 * its root with its credentials: dentry_open() runs security_file_open()
 * as the caller's open(2) would (AppArmor judges the path name, Landlock
 * the hierarchy holding it), so the outcome is the LSMs' verdict on the
 * caller reading its mountinfo.  The caller chose what @name leads to (it
 * may have bound or linked anything over /proc in a namespace of its
 * own): fattr_mi_open() reads the file only after fattr_same_walk().
 *
 * Return: the file, ERR_PTR(-EACCES) if an LSM (or the file's mode)
 * refuses it, ERR_PTR(-ENOMEM), or another error if there is no procfs
 * mountinfo at @name.
 */
static struct file *fattr_own_open(const char *name)
{
	struct file *file;
	struct path path;
	int err;

	err = kern_path(name, LOOKUP_FOLLOW, &path);
	if (err)
		return ERR_PTR(err == -EPERM ? -EACCES : err);
	/*
	 * Not a procfs mountinfo (a file of that name in a chroot, or any
	 * procfs file linked there): no verdict, and no ->open() of it.
	 * procfs gives a pid's entries the file_operations of its table.
	 */
	if (path.dentry->d_sb->s_magic != PROC_SUPER_MAGIC ||
	    !d_is_reg(path.dentry) ||
	    d_inode(path.dentry)->i_fop != fattr_mountinfo_fops) {
		path_put(&path);
		return ERR_PTR(-ENOENT);
	}
	file = dentry_open(&path, O_RDONLY, current_cred());
	path_put(&path);
	if (IS_ERR(file))
		return PTR_ERR(file) == -EPERM ? ERR_PTR(-EACCES) : file;
	if (file->f_op != fattr_mountinfo_fops) {
		fput(file);
		return ERR_PTR(-ENOENT);
	}
	return file;
}

/* Whether @err is the caller's verdict rather than a missing file. */
static bool fattr_is_verdict(int err)
{
	return !err || err == -EACCES || err == -ENOMEM || err == -EINTR;
}

/*
 * Whether the mountinfo seq_file @m walks current's mount namespace from
 * current's root: then its walk is the one fattr's private instance
 * would make.  Both were taken from the file's task at open time
 * (fs/proc_namespace.c: mounts_open_common(), 5.10 to 7.x), and the file
 * holds references to them; no other task can change current->nsproxy.
 */
static bool fattr_same_walk(const struct seq_file *m)
{
	struct path root;
	bool same;

	if (fattr_seq_ns(m) != current->nsproxy->mnt_ns)
		return false;
	get_fs_root(current->fs, &root);
	same = path_equal(fattr_seq_root(m), &root);
	path_put(&root);
	return same;
}

/*
 * Opens the caller's mountinfo for fattr's walk.
 *
 * Which LSM verdict admits the read, and which file is walked:
 *   - the caller's own /proc/self/mountinfo, opened as above, if it has
 *     one; if its thread group leader has exited (its nsproxy is gone:
 *     EINVAL), its /proc/thread-self/mountinfo.  That file is walked if
 *     it walks the caller's namespace from the caller's root (the
 *     common case: one open per call, rendered with the caller's
 *     credentials as its own read is); else (another task's, or a
 *     thread whose root differs from its leader's) it gives the verdict
 *     only;
 *   - else (no procfs mountinfo there: a chroot without /proc, or a
 *     file bound over it) none: -EACCES, for every caller.  The caller
 *     can read no mountinfo of its own there, and an open on fattr's
 *     private instance is no LSM's verdict (see below).
 * Where the caller's own file is not walked, fattr's private procfs
 * instance is, which no caller can reach or redirect: thread-self
 * resolves to the calling thread in the initial pid namespace.  Only
 * once the caller's own open admitted it, it is opened with kernel
 * credentials, which every LSM admits.
 *
 * Invariants (doc/design.md "Security model"): fattr walks only files it
 * opened itself (no position or state of a caller's file), and the walk's
 * mounts are the caller's, checked here, not assumed: the seq_file's
 * namespace must be current's.
 *
 * With @verdict, only the verdict is wanted: nothing is opened once it is
 * known, and @mi is left unset.
 *
 * Return: 0, -EACCES, or another negative errno.
 */
static int fattr_mi_open(struct fattr_mi *mi, bool verdict)
{
	const struct cred *old;
	struct file *file;
	int err;

	file = fattr_own_open("/proc/self/mountinfo");
	if (IS_ERR(file) && !fattr_is_verdict(PTR_ERR(file)) &&
	    !thread_group_leader(current))
		file = fattr_own_open("/proc/thread-self/mountinfo");
	if (IS_ERR(file)) {
		err = PTR_ERR(file);
		/*
		 * No procfs mountinfo under the caller's root (a chroot
		 * without /proc): no open the caller's policy names, so no
		 * verdict.  An open of the private instance is none: LSMs
		 * judge a kern_mount's paths by rules written for others
		 * (AppArmor's attach_disconnected names it
		 * "/<tgid>/task/<tid>/mountinfo") or by none.  Fail closed.
		 */
		return fattr_is_verdict(err) ? err : -EACCES;
	}
	if (!verdict && fattr_same_walk(file->private_data))
		goto walk;
	fput(file);
	if (verdict)
		return 0;
	/* Admitted; the walk is the private instance's. */
	old = override_creds(fattr_kernel_cred);
	file = fattr_file_open_root_mnt(fattr_proc_mnt, "thread-self/mountinfo",
					O_RDONLY, 0);
	revert_creds(old);
	if (IS_ERR(file))
		return PTR_ERR(file);
	if (file->f_op != fattr_mountinfo_fops) {
		fput(file);
		return -EIO;
	}
	if (fattr_seq_ns(file->private_data) != current->nsproxy->mnt_ns) {
		pr_warn_once("a mountinfo file of another mount namespace\n");
		fput(file);
		return -EIO;
	}
walk:
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
 * Verdicts of fattr_visible() during one listing, good as long as the
 * namespace is as it was (fattr_ns_state(): no mount added, moved or
 * removed, so no mount freed and none reparented) and no rename happened
 * anywhere (rename_lock's sequence, read when they were made); else
 * forgotten.  A verdict combines the verdicts of the mounts above it, each
 * of one link up, made at different times: only with no rename between
 * the first and the last is it one that held at one instant, as each
 * record of a procfs read is (prepend_path() walks under rename_lock).
 */
#define FATTR_MEMO_BITS		9
#define FATTR_HOPS_PER_HOLD	512	/* hops up the mount tree per hold */
#define FATTR_STEPS_PER_HOLD	8192	/* steps up directories per hold */
#define FATTR_STEPS_PER_TEST	1024	/* more for one test: render it */
#define FATTR_PENDING_MAX	16
#define FATTR_STUCK_HOLDS	4	/* then the mount is rendered */

/* What fattr_visible() and fattr_beneath() say. */
enum {
	FATTR_HIDDEN,		/* show_mountinfo() skips the mount */
	FATTR_SHOWN,		/* it renders it */
	FATTR_LATER = -1,	/* this hold's budget is spent: judge on */
	FATTR_RENDER = -2,	/* render the mount to know */
};

struct fattr_memo {
	struct fattr_ns_state st;	/* the state the verdicts hold for */
	bool stateful;			/* st was read */
	unsigned int renames;		/* rename_lock's sequence for them */
	unsigned long since;		/* jiffies when it was read */
	unsigned int gen;		/* the slots' generation now */
	unsigned int pending_gen;	/* gen when pending was begun */
	bool cut;			/* the last hold ended in a way up */
	struct mount *stuck;		/* the mount it ended at, */
	unsigned int stuck_holds;	/* in so many holds in a row */
	unsigned int hops;		/* hops up during this hold */
	unsigned int steps;		/* directory steps during this hold */
	unsigned int npending;
	/* To judge first, last first: where ways up stopped. */
	struct mount *pending[FATTR_PENDING_MAX];
	struct mount *chain[FATTR_HOPS_PER_HOLD + 1];	/* one way up */
	struct {
		struct mount *mnt;
		unsigned int gen;	/* valid if equal to memo->gen */
		bool visible;
	} slot[1 << FATTR_MEMO_BITS];	/* direct-mapped by address */
};

static int fattr_memo_get(const struct fattr_memo *memo, struct mount *mnt)
{
	unsigned int i = hash_ptr(mnt, FATTR_MEMO_BITS);

	return memo->slot[i].mnt == mnt && memo->slot[i].gen == memo->gen ?
	       memo->slot[i].visible : -1;
}

static void fattr_memo_put(struct fattr_memo *memo, struct mount *mnt,
			   bool visible)
{
	unsigned int i = hash_ptr(mnt, FATTR_MEMO_BITS);

	memo->slot[i].mnt = mnt;
	memo->slot[i].gen = memo->gen;
	memo->slot[i].visible = visible;
}

/*
 * Forgets the verdicts (not where ways up stopped: those are mounts, not
 * verdicts) and starts a new rename-free interval.  A new generation
 * forgets them without touching the slots (one memset in 2^32).
 */
static void fattr_memo_forget(struct fattr_memo *memo)
{
	if (!++memo->gen) {
		memset(memo->slot, 0, sizeof(memo->slot));
		memo->gen = 1;
	}
	/* Waits out a rename in progress, as prepend_path() does. */
	memo->renames = read_seqbegin(&rename_lock);
	memo->since = jiffies;
}

/*
 * Whether a rename may have happened since fattr_memo_forget(): the
 * sequence moved, or it is old enough (a second) that the 32-bit
 * sequence could have come round to the same value meanwhile.
 */
static bool fattr_memo_stale(const struct fattr_memo *memo)
{
	return read_seqretry(&rename_lock, memo->renames) ||
	       time_after(jiffies, memo->since + HZ);
}

/*
 * At the start of a hold of namespace_sem: keeps the verdicts if the
 * namespace is unchanged since the last hold and nothing was renamed,
 * forgets the verdicts after a rename or once they are a second old, and
 * everything if the namespace changed.
 *
 * Return: true if a way up was cut short in the last hold and cannot be
 * resumed (its verdicts are gone): the caller then renders the next
 * mount instead of judging it, which costs one record, as procfs.
 */
static bool fattr_memo_hold(struct fattr_memo *memo)
{
	struct fattr_ns_state st = { };
	bool stateful = fattr_ns_state(&st);
	bool cut = memo->cut;

	memo->hops = 0;
	memo->steps = 0;
	memo->cut = false;
	if (stateful && memo->stateful && fattr_ns_state_eq(&st, &memo->st)) {
		/* The mounts where ways up stopped stay: judged anew. */
		if (fattr_memo_stale(memo))
			fattr_memo_forget(memo);
		return false;
	}
	fattr_memo_forget(memo);
	memo->npending = 0;
	memo->stuck = NULL;
	memo->stateful = stateful;
	memo->st = st;
	return cut;
}

/*
 * Whether a rename happened since the remembered verdicts were made; if
 * so they are forgotten, and the verdict at hand is not given: the mount
 * is rendered.  A verdict that passes this check combines links that all
 * held since the last fattr_memo_forget(), with the mounts' tree fixed
 * by namespace_sem: a state that held at one instant.
 */
static bool fattr_memo_renamed(struct fattr_memo *memo)
{
	if (!fattr_memo_stale(memo))
		return false;
	fattr_memo_forget(memo);
	return true;
}

/*
 * Counts the holds in a row whose judging ended at @mnt.
 *
 * Return: their number, this one included.
 */
static unsigned int fattr_memo_stuck(struct fattr_memo *memo,
				     struct mount *mnt)
{
	if (memo->stuck != mnt) {
		memo->stuck = mnt;
		memo->stuck_holds = 0;
	}
	return ++memo->stuck_holds;
}

/*
 * Whether the way up the directories from @d meets @top (or @d is it)
 * before @stop (NULL: none) and before a root: is_subdir() with a stop,
 * but with the steps charged to @memo.  is_subdir() walks the whole depth
 * of a directory tree, under rename_lock's seqcount (exported), and
 * retries, or from 6.x takes it exclusively, if a rename races with it.
 * Here a race, or a test that alone needs more than FATTR_STEPS_PER_TEST
 * steps, has the mount rendered instead (prepend_path() copes with both,
 * as for any reader of mountinfo); a hold's spent budget ends the hold.
 */
static int fattr_beneath(struct dentry *d, struct dentry *top,
			 struct dentry *stop, struct fattr_memo *memo)
{
	struct dentry *parent;
	unsigned int seq, n = 0;
	int ret;

	/*
	 * The usual case first, without rename_lock or RCU: @d is a mount
	 * point or a mount's root, pinned by its mount (namespace_sem keeps
	 * the mount), and its parent is only compared.  One load is a link
	 * that held; fattr_visible() checks that no rename came between the
	 * links a verdict combines.
	 */
	if (d == top)
		return FATTR_SHOWN;
	parent = READ_ONCE(d->d_parent);
	if (parent == top && d != stop &&
	    memo->steps < FATTR_STEPS_PER_HOLD) {
		memo->steps++;
		return FATTR_SHOWN;
	}
	seq = read_seqbegin(&rename_lock);
	rcu_read_lock();
	for (;;) {
		if (d == top) {
			ret = FATTR_SHOWN;
			break;
		}
		if (d == stop || IS_ROOT(d)) {
			ret = FATTR_HIDDEN;
			break;
		}
		if (++n > FATTR_STEPS_PER_TEST) {
			ret = FATTR_RENDER;
			break;
		}
		if (memo->steps + n > FATTR_STEPS_PER_HOLD) {
			ret = FATTR_LATER;
			break;
		}
		d = READ_ONCE(d->d_parent);
	}
	rcu_read_unlock();
	memo->steps += n;
	if (read_seqretry(&rename_lock, seq))
		return FATTR_RENDER;
	return ret;
}

/*
 * Whether show_mountinfo() lists @mnt for a caller rooted at @root,
 * without rendering it.  seq_path_root() (prepend_path()) skips a mount
 * whose mount point it cannot reach from @root: going up from the mount,
 * at each mount on the way the mount point must lie beneath that mount's
 * root (else it escaped: a bind mount's subtree moved away under it), up
 * to @root's mount, where the way up from it must meet @root before that
 * mount's root (renames can put @root above it: the way then leaves the
 * mount); a way up that ends at the namespace's root without meeting
 * @root's mount is outside the caller's root.
 *
 * Every mount passed on the way up gets the same verdict, remembered in
 * @memo: a visible mount's ancestors below @root's mount are visible, and
 * a failed condition fails every mount below it.  So a way up stops at
 * the first mount judged before, usually the parent: the walk meets
 * mounts in creation order.  @root's mount is never remembered: it may
 * be hidden (@root below its root) while its children are not.
 *
 * Invariant (doc/design.md "Security model"): at most
 * FATTR_HOPS_PER_HOLD hops up the mount tree and FATTR_STEPS_PER_HOLD up
 * directories per hold of namespace_sem, whatever the depth of either.
 * Called with namespace_sem held, which keeps the mounts' parents as they
 * are.
 *
 * Return: FATTR_SHOWN, FATTR_HIDDEN, FATTR_RENDER, or FATTR_LATER if this
 * hold's budget is spent; where the way up stopped is then pushed on
 * @memo->pending, to be judged first in the next hold, so that every hold
 * leaves some verdicts behind.  (A full stack loses its top, which costs
 * hops, not correctness.)
 */
static int fattr_visible(struct mount *mnt, const struct path *root,
			 struct fattr_memo *memo)
{
	struct dentry *d = fattr_vfsmount(mnt)->mnt_root;
	struct mount *v = mnt, *parent;
	unsigned int n = 0;
	int vis;

	/* Only a rename during this walk then fails its verdict. */
	if (fattr_memo_stale(memo))
		fattr_memo_forget(memo);
	for (;;) {
		struct dentry *top = fattr_vfsmount(v)->mnt_root;

		if (fattr_vfsmount(v) == root->mnt) {
			vis = fattr_beneath(d, root->dentry, top, memo);
			break;
		}
		if (v != mnt) {
			vis = fattr_beneath(d, top, NULL, memo);
			if (vis != FATTR_SHOWN)
				break;
			vis = fattr_memo_get(memo, v);
			if (vis >= 0)
				break;
		}
		parent = fattr_field(v, fattr_layout.mount_parent);
		if (parent == v) {
			/* The namespace's root, and not @root's mount. */
			memo->chain[n++] = v;
			vis = FATTR_HIDDEN;
			break;
		}
		if (memo->hops >= FATTR_HOPS_PER_HOLD) {
			vis = FATTR_LATER;
			break;
		}
		memo->hops++;
		memo->chain[n++] = v;
		d = fattr_field(v, fattr_layout.mount_mountpoint);
		v = parent;
	}
	if (vis == FATTR_LATER) {
		if (!memo->npending)
			memo->pending_gen = memo->gen;
		if (memo->npending == FATTR_PENDING_MAX)
			memo->npending--;
		memo->pending[memo->npending++] = v;
		return vis;
	}
	if (vis == FATTR_RENDER || fattr_memo_renamed(memo))
		return FATTR_RENDER;
	while (n)
		fattr_memo_put(memo, memo->chain[--n], vis);
	return vis;
}

/*
 * fattr_visible() of @mnt, after any way up an earlier hold cut short.
 * A pending mount that needs rendering is left to the way up of @mnt,
 * which then meets it unjudged and needs rendering too, or not.
 */
static int fattr_judge(struct mount *mnt, const struct path *root,
		       struct fattr_memo *memo)
{
	int vis;

	while (memo->npending) {
		vis = fattr_visible(memo->pending[memo->npending - 1], root,
				    memo);
		if (vis == FATTR_LATER)
			return vis;
		memo->npending--;
	}
	return fattr_visible(mnt, root, memo);
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
	/* Sized by the caller's mount tree: charged to its memory cgroup. */
	buf = kvmalloc(cap, GFP_KERNEL_ACCOUNT);
	if (!buf)
		return -ENOMEM;
	if (val->len)
		memcpy(buf, val->buf, val->len);
	kvfree(val->buf);
	val->buf = buf;
	val->cap = cap;
	return 0;
}

/*
 * The record buffer of a walk after -EOVERFLOW: bigger, or -E2BIG.  A walk
 * that wants the file system's options (@ref) renders them a second time
 * after the record: no longer than its super block options.  Where it
 * grows past FATTR_RECORD_MAX, fattr_walk() still refuses a record larger
 * than XATTR_SIZE_MAX.
 */
static int fattr_val_grow_record(struct fattr_val *val,
				 const struct fattr_mnt_ref *ref)
{
	size_t max = FATTR_RECORD_MAX;

	if (ref && ref->want_fs_opts)
		max *= 2;
	if (val->cap >= max)
		return -E2BIG;
	val->len = 0;
	return fattr_val_reserve(val, val->cap < FATTR_RECORD_MAX ?
				 FATTR_RECORD_MAX : max);
}

void fattr_val_free(struct fattr_val *val)
{
	kvfree(val->buf);
	val->buf = NULL;
	val->cap = 0;
	val->len = 0;
}

/* mnt_id_unique of @mnt (6.8+), or 0. */
static u64 fattr_unique_id(const struct mount *mnt)
{
	if (fattr_layout.mount_id_unique == FATTR_NO_OFFSET)
		return 0;
	return *(const u64 *)((const char *)mnt + fattr_layout.mount_id_unique);
}

/* The MOUNT_ATTR_* mask of @mnt, as statmount(2): mnt_to_attr_flags(). */
static u64 fattr_attr_flags(const struct vfsmount *mnt)
{
	unsigned int f = READ_ONCE(mnt->mnt_flags);
	u64 attr = 0;

	if (f & MNT_READONLY)
		attr |= MOUNT_ATTR_RDONLY;
	if (f & MNT_NOSUID)
		attr |= MOUNT_ATTR_NOSUID;
	if (f & MNT_NODEV)
		attr |= MOUNT_ATTR_NODEV;
	if (f & MNT_NOEXEC)
		attr |= MOUNT_ATTR_NOEXEC;
	if (f & MNT_NODIRATIME)
		attr |= MOUNT_ATTR_NODIRATIME;
	if (f & MNT_NOSYMFOLLOW)
		attr |= MOUNT_ATTR_NOSYMFOLLOW;
	if (f & MNT_NOATIME)
		attr |= MOUNT_ATTR_NOATIME;
	else if (f & MNT_RELATIME)
		attr |= MOUNT_ATTR_RELATIME;
	else
		attr |= MOUNT_ATTR_STRICTATIME;
	if (fattr_is_idmapped_mnt(mnt))
		attr |= MOUNT_ATTR_IDMAP;
	return attr;
}

/* propagate_from: the propagation links fattr reads are in BTF. */
bool fattr_has_propagate_from(void)
{
	return fattr_layout.mount_master != FATTR_NO_OFFSET &&
	       fattr_layout.mount_share != FATTR_NO_OFFSET &&
	       fattr_layout.mount_parent != FATTR_NO_OFFSET &&
	       fattr_layout.mount_mountpoint != FATTR_NO_OFFSET;
}

/*
 * The kernel's is_path_reachable() (fs/namespace.c, 5.10 to 7.x; not
 * exported): whether @dentry of @mnt is at or under @root, climbing
 * mount points.  @mnt is of the caller's namespace, so namespace_sem
 * keeps the mounts it climbs.
 */
static bool fattr_reachable(struct mount *mnt, struct dentry *dentry,
			    const struct path *root)
{
	struct mount *parent;

	while (fattr_vfsmount(mnt) != root->mnt) {
		parent = fattr_field(mnt, fattr_layout.mount_parent);
		if (parent == mnt)
			break;
		dentry = fattr_field(mnt, fattr_layout.mount_mountpoint);
		mnt = parent;
	}
	return fattr_vfsmount(mnt) == root->mnt &&
	       is_subdir(dentry, root->dentry);
}

/* next_peer() (fs/pnode.c): the mount after @m in its ring of peers. */
static struct mount *fattr_next_peer(struct mount *m)
{
	char *next = fattr_field(m, fattr_layout.mount_share);

	return (struct mount *)(next - fattr_layout.mount_share);
}

/*
 * For propagate_from: whether @mnt is a slave whose master's peer group
 * has a peer in @mnt's namespace at or under @root.  This is the first
 * step of the kernel's get_dominating_id() (fs/pnode.c, 5.10 to 7.x; not
 * exported), get_peer_under_root() on the first master, which
 * show_mountinfo() has just taken for the same record under the same
 * hold: if it finds a peer, the dominating group is the master's, else
 * the record's "propagate_from:N" (a group further up) or none.  Only
 * this first ring is walked, never the whole chain: a read costs at most
 * the part of the record's own walk that came first.
 *
 * The master and its ring may be of other namespaces: of those only
 * mnt_ns (compared, never followed), mnt_share.next and the struct mount
 * they lead to are read.  A mount joins or leaves a ring, and changes
 * master, only under namespace_sem held for write (clone_mnt(),
 * change_mnt_propagation(), do_set_group(), umount_tree()), and is freed
 * only after that hold ends (namespace_unlock()): held for read, it keeps
 * them all.
 */
static bool fattr_master_reached(struct mount *mnt, const struct path *root)
{
	const void *ns = fattr_field(mnt, fattr_layout.mount_mnt_ns);
	struct mount *master = fattr_field(mnt, fattr_layout.mount_master);
	struct mount *peer = master;

	if (!master)
		return false;
	do {
		if (fattr_field(peer, fattr_layout.mount_mnt_ns) == ns &&
		    fattr_reachable(peer, fattr_vfsmount(peer)->mnt_root, root))
			return true;
		peer = fattr_next_peer(peer);
	} while (peer != master);
	return false;
}

/*
 * For opt_array and opt_sec_array: how many bytes at the end of the
 * record of @vfs just rendered into @m the file system's ->show_options()
 * wrote.  show_mountinfo() (5.10 to 7.x) ends a record with the super
 * block flag words and the LSMs' options, then ->show_options(), then a
 * newline, so only the length of the last tells them apart.  It is called
 * once more as show_mountinfo() calls it, on the same seq_file (ntfs3's
 * reads its file's seq_user_ns(); statmount(2)'s seq_file has no file),
 * into the room after the record, which is left as it was.  Options
 * changed in between (reconfiguration takes s_umount, not namespace_sem)
 * leave fs_opts_match false, unless the new text is still the end of the
 * record: fattr_record_opts() sees to that case.
 *
 * Return: 0, or -EOVERFLOW if the text did not fit after the record.
 */
static int fattr_fs_opts(struct seq_file *m, struct vfsmount *vfs,
			 struct fattr_mnt_ref *ref)
{
	const struct super_operations *op = vfs->mnt_sb->s_op;
	size_t rec = m->count, len;
	int err = 0;

	if (op->show_options)
		err = op->show_options(m, vfs->mnt_root);
	len = m->count - rec;
	m->count = rec;
	if (len >= m->size - rec)
		return -EOVERFLOW;
	ref->fs_opts_len = len;
	ref->fs_opts_match = !err && len < rec && m->buf[rec - 1] == '\n' &&
			     !memcmp(m->buf + rec - 1 - len, m->buf + rec, len);
	return 0;
}

/*
 * Reads what @ref asks of @mnt, whose record @mi just rendered: called
 * with namespace_sem held, which keeps @mnt in the caller's namespace,
 * its parent, and its super block.  The flags are read as statmount(2)
 * reads them under namespace_sem alone (mount_lock guards their writers).
 *
 * Return: 0, or -EOVERFLOW if the record's buffer is too small for it
 * (render again).
 */
static int fattr_mi_take(const struct fattr_mi *mi,
			 struct fattr_mnt_ref *ref, struct mount *mnt)
{
	const struct super_block *sb;
	const struct mount *parent;
	struct vfsmount *vfs;
	const char *ns;

	if (!ref || ref->taken)
		return 0;
	vfs = fattr_vfsmount(mnt);
	if (ref->want_fs_opts && fattr_fs_opts(mi->seq, vfs, ref))
		return -EOVERFLOW;
	ref->taken = true;
	if (ref->want_master_reached && fattr_has_propagate_from())
		ref->master_reached = fattr_master_reached(mnt,
							   fattr_seq_root(mi->seq));
	sb = vfs->mnt_sb;
	ref->unique_id = fattr_unique_id(mnt);
	if (fattr_has_parent_unique_id()) {
		parent = fattr_field(mnt, fattr_layout.mount_parent);
		ref->parent_unique_id = fattr_unique_id(parent);
	}
	ns = fattr_field(mnt, fattr_layout.mount_mnt_ns);
	if (fattr_has_ns_id())
		ref->ns_id = *(const u64 *)(ns + fattr_layout.mntns_id);
	ref->attr = fattr_attr_flags(vfs);
	ref->mnt_addr = mnt;
	ref->sb_addr = sb;
	ref->sb_dev = sb->s_dev;
	ref->sb_magic = sb->s_magic;
	ref->sb_flags = READ_ONCE(sb->s_flags) &
			(SB_RDONLY | SB_SYNCHRONOUS | SB_DIRSYNC | SB_LAZYTIME);
	ref->type_len = strlen(sb->s_type->name);
	if (ref->idmap)
		ref->idmapped = fattr_mnt_idmap_copy(vfs, ref->idmap_gid,
						     ref->idmap);
	return 0;
}

/* mnt_parent_id: the parent's 64-bit id (statmount(2), 6.8+). */
bool fattr_has_parent_unique_id(void)
{
	return fattr_layout.mount_id_unique != FATTR_NO_OFFSET &&
	       fattr_layout.mount_parent != FATTR_NO_OFFSET;
}

/*
 * mnt_ns_id: the namespace's unique id, where the kernel gives it to
 * user space itself (NS_GET_MNTNS_ID and statmount(2), 6.11+).  Before,
 * the id (mnt_namespace.seq) is drawn from a counter of the whole system
 * that no interface shows: it would tell how many namespaces others made.
 */
bool fattr_has_ns_id(void)
{
#ifdef FATTR_HAVE_NS_GET_MNTNS_ID
	return fattr_layout.mntns_id != FATTR_NO_OFFSET;
#else
	return false;
#endif
}

/**
 * fattr_mount_is() - whether a mount the caller holds is the one it saw
 * @mnt: a mount the caller holds a reference to
 * @id: the mount id it saw
 * @ref: what a walk read of that mount
 *
 * Mount ids are reused as soon as they are free; the unique id (6.8+) is
 * never reused.  mnt_ns is only compared, not followed: without
 * namespace_sem it may change under us, but a mount in the caller's
 * namespace at this moment is one the caller may look at.
 *
 * Return: true if @mnt has @id, @ref's unique id where the kernel has
 * one, and is in the caller's namespace.
 */
bool fattr_mount_is(const struct vfsmount *mnt, int id,
		    const struct fattr_mnt_ref *ref)
{
	const char *m = (const char *)fattr_real_mount((struct vfsmount *)mnt);

	if (fattr_mount_id((const struct mount *)m) != id ||
	    READ_ONCE(*(void * const *)(m + fattr_layout.mount_mnt_ns)) !=
	    current->nsproxy->mnt_ns)
		return false;
	/*
	 * Before 6.8 (no unique id), a reused id is told by the addresses
	 * of the mount and its super block (compared, never followed) and
	 * the super block's device: a mount made anew in its place would
	 * have to match all three.
	 */
	return fattr_unique_id((const struct mount *)m) == ref->unique_id &&
	       (const void *)m == ref->mnt_addr &&
	       mnt->mnt_sb == ref->sb_addr && mnt->mnt_sb->s_dev == ref->sb_dev;
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
		err = fattr_mi_take(mi, ref, v);
	val->len = mi->seq->count;
	fattr_mi_unlock(mi, NULL);
	if (err == -EOVERFLOW) {
		int grown = fattr_val_grow_record(val, ref);

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
		/*
		 * Invariant: a map holds mounts of the namespace it is
		 * published for (@first: current's) only.  fattr_mi_open()
		 * checked the walk is current's; this checks each mount.
		 */
		if (good)
			good = fattr_field(v, fattr_layout.mount_mnt_ns) == ns &&
			       fattr_map_add(map, fattr_mount_id(v), v);
		if (err == -ENODATA && fattr_mount_id(v) == id) {
			err = fattr_mi_show(mi, v);
			if (!err)
				err = fattr_mi_take(mi, ref, v);
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
		err = fattr_val_grow_record(val, ref);
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
 * fattr_visible() needs, the walk judges each mount; else (and for a
 * mount whose way up could not be judged within a hold) it renders its
 * record into @scratch to learn whether show_mountinfo() skips it.
 */
static int fattr_walk_ids(struct fattr_mi *mi, struct fattr_val *val)
{
	struct fattr_val scratch = { };
	struct fattr_memo *memo = NULL;
	unsigned int work = 0;
	bool render = false;
	const struct path *root = fattr_seq_root(mi->seq);
	struct mount *v;
	int err;

	if (fattr_can_judge()) {
		memo = kvzalloc(sizeof(*memo), GFP_KERNEL_ACCOUNT);
		if (!memo)
			return -ENOMEM;
	}
	err = fattr_val_reserve(&scratch, PAGE_SIZE);
	/* Room for as many mounts as there are now, at 8 bytes an id. */
	if (!err)
		err = fattr_val_reserve(val, 8 * (size_t)fattr_ns_mounts_hint() +
					FATTR_ID_ROOM);
	if (err)
		goto free;
	v = fattr_mi_lock(mi, &scratch);
	render = !memo || fattr_memo_hold(memo);
	while (v) {
		if (work >= (memo ? FATTR_VISITS_PER_HOLD :
			     FATTR_RENDERS_PER_HOLD) ||
		    val->cap - val->len < FATTR_ID_ROOM || err) {
			/* A record to render again, bigger. */
			bool again = render && err == -EOVERFLOW;

			/* Resume at @v, after growing what has to grow. */
			fattr_mi_unlock(mi, v);
			cond_resched();
			if (err == -EAGAIN)
				err = 0;	/* budget spent: judge on */
			/*
			 * A listing needs no record, only whether it is
			 * shown: a record of any size is rendered to know,
			 * as procfs's read grows its buffer to render it.
			 */
			if (err == -EOVERFLOW)
				err = fattr_val_reserve(&scratch,
							2 * scratch.cap);
			if (!err && fatal_signal_pending(current))
				err = -EINTR;
			if (!err && val->cap - val->len < FATTR_ID_ROOM)
				err = fattr_val_reserve(val, 2 * val->cap);
			if (err)
				goto free;
			v = fattr_mi_lock(mi, &scratch);
			render = !memo || fattr_memo_hold(memo) || again;
			work = 0;
			continue;
		}
		work++;
		mi->seq->count = 0;
		if (!render) {
			err = fattr_judge(v, root, memo);
			/*
			 * Progress: a mount whose judging ends holds
			 * FATTR_STUCK_HOLDS times in a row (lost verdicts,
			 * ways up longer than a hold's budget) is rendered.
			 */
			if (err == FATTR_LATER && fattr_memo_stuck(memo, v) <
			    FATTR_STUCK_HOLDS) {
				memo->cut = true;
				err = -EAGAIN;
				continue;
			}
			render = err == FATTR_RENDER || err == FATTR_LATER;
			/*
			 * A stuck mount rendered after verdicts were
			 * forgotten (renames): what it waited on goes too,
			 * or the stack may never drain.
			 */
			if (err == FATTR_LATER &&
			    memo->pending_gen != memo->gen)
				memo->npending = 0;
			err = err == FATTR_SHOWN ? 0 : -ENODATA;
		}
		if (render) {
			err = fattr_mi_show(mi, v);
			/*
			 * A record costs what a few mounts looked at do;
			 * its verdict serves the mounts below it.
			 */
			if (memo) {
				work += FATTR_VISITS_PER_HOLD /
					FATTR_RENDERS_PER_HOLD - 1;
				if ((!err || err == -ENODATA) &&
				    fattr_vfsmount(v) != root->mnt)
					fattr_memo_put(memo, v, !err);
			}
		}
		if (err == -EOVERFLOW)
			continue;
		if (!err)
			fattr_put_id(val, fattr_mount_id(v));
		else if (err != -ENODATA)
			break;
		err = 0;	/* or not the caller's: skipped */
		render = !memo;
		v = fattr_mi_next(mi, v);
	}
	fattr_mi_unlock(mi, NULL);
free:
	fattr_val_free(&scratch);
	kvfree(memo);
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
	case FATTR_WALK_IDS:
		err = fattr_walk_ids(&mi, val);
		break;
	}
	fattr_mi_close(&mi);
	if (!err && what != FATTR_WALK_IDS && val->len > XATTR_SIZE_MAX)
		err = -E2BIG;
	return err;
}

/**
 * fattr_mountinfo_verdict() - whether the caller may read its mountinfo
 *
 * Return: 0, -EACCES if the caller may not read it, or another errno.
 */
int fattr_mountinfo_verdict(void)
{
	/*
	 * The open every call makes, judged by the LSMs as the caller's own
	 * open of /proc/self/mountinfo (doc/design.md "Confined callers"),
	 * for names that read no record but tell of the caller's mounts, as
	 * mntns_event does.
	 */
	return fattr_mi_open(NULL, true);
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
 * @ref: receives what the walk reads of the mount (struct fattr_mnt_ref)
 *
 * Return: as fattr_render_mnt().
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
 * @ref: receives what the walk reads of the mount (struct fattr_mnt_ref)
 *
 * Return: as fattr_render_id().
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
