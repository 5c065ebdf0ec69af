// SPDX-License-Identifier: GPL-2.0
/*
 * Whether show_mountinfo() lists a mount for the caller, judged without
 * rendering its record: the judge of a listing (":mntns:") and of a key
 * read from the mount itself (":mnt:mnt_attr"), which agrees with
 * prepend_path(), and a listing's memo of verdicts across the holds of
 * namespace_sem that it takes.
 *
 * Everything here but fattr_memo_alloc() and fattr_memo_free() runs with
 * namespace_sem held for read (mountinfo.c takes it): no allocation, no
 * sleeping lock, and bounded work per hold (FATTR_HOPS_PER_HOLD,
 * FATTR_STEPS_PER_HOLD).  rename_lock's seqcount is only read.
 */
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/hash.h>
#include <linux/jiffies.h>
#include <linux/mm.h>
#include <linux/mount.h>
#include <linux/rcupdate.h>
#include <linux/seqlock.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "mnt_walk.h"

/**
 * fattr_can_judge() - whether a listing can judge without rendering
 *
 * Return: true if this kernel's BTF has what fattr_visible() reads.
 */
bool fattr_can_judge(void)
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

/* Work of one judging: hops up the mount tree, steps up directories. */
struct fattr_budget {
	unsigned int hops;
	unsigned int steps;
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
	struct fattr_budget spent;	/* during this hold */
	unsigned int npending;
	/* To judge first, last first: where ways up stopped. */
	struct mount *pending[FATTR_PENDING_MAX];
	struct mount **chain;	/* FATTR_HOPS_PER_HOLD + 1: one way up */
	/*
	 * The slots, direct-mapped by address: a mount, and its verdict's
	 * generation and verdict (gen << 1 | visible), valid if that
	 * generation is memo->gen.  As two arrays, with the chain apart,
	 * the memo (6,360 bytes on 64-bit) comes from kmalloc-8k, not the
	 * page allocator, whose clearing of pages (init_on_alloc, on in
	 * Debian) took a tenth of a listing of 1,000 mounts under QEMU TCG,
	 * which emulates clear_page_erms's "rep stosb" a byte at a time.
	 */
	struct mount *slot_mnt[1 << FATTR_MEMO_BITS];
	u32 slot_tag[1 << FATTR_MEMO_BITS];
};

/* The last generation a slot's tag holds (31 bits). */
#define FATTR_MEMO_GEN_MAX	(U32_MAX >> 1)

static int fattr_memo_get(const struct fattr_memo *memo, struct mount *mnt)
{
	unsigned int i = hash_ptr(mnt, FATTR_MEMO_BITS);
	u32 tag = memo->slot_tag[i];

	return memo->slot_mnt[i] == mnt && tag >> 1 == memo->gen ?
	       tag & 1 : -1;
}

static void fattr_memo_put(struct fattr_memo *memo, struct mount *mnt,
			   bool visible)
{
	unsigned int i = hash_ptr(mnt, FATTR_MEMO_BITS);

	memo->slot_mnt[i] = mnt;
	memo->slot_tag[i] = memo->gen << 1 | visible;
}

/*
 * Forgets the verdicts (not where ways up stopped: those are mounts, not
 * verdicts) and starts a new rename-free interval.  A new generation
 * forgets them without touching the slots (one memset in 2^31).
 */
static void fattr_memo_forget(struct fattr_memo *memo)
{
	if (++memo->gen > FATTR_MEMO_GEN_MAX) {
		memset(memo->slot_tag, 0, sizeof(memo->slot_tag));
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

/**
 * fattr_memo_hold() - begin a hold of namespace_sem for a listing
 * @memo: the listing's memo
 *
 * At the start of a hold of namespace_sem: keeps the verdicts if the
 * namespace is unchanged since the last hold and nothing was renamed,
 * forgets the verdicts after a rename or once they are a second old, and
 * everything if the namespace changed.
 *
 * Return: true if a way up was cut short in the last hold and cannot be
 * resumed (its verdicts are gone): the caller then renders the next
 * mount instead of judging it, which costs one record, as procfs.
 */
bool fattr_memo_hold(struct fattr_memo *memo)
{
	struct fattr_ns_state st = { };
	bool stateful = fattr_ns_state(&st);
	bool cut = memo->cut;

	memo->spent.hops = 0;
	memo->spent.steps = 0;
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
 * but with the steps charged to @spent.  is_subdir() walks the whole depth
 * of a directory tree, under rename_lock's seqcount (exported), and
 * retries, or from 6.x takes it exclusively, if a rename races with it.
 * Here a race, or a test that alone needs more than FATTR_STEPS_PER_TEST
 * steps, has the mount rendered instead (prepend_path() copes with both,
 * as for any reader of mountinfo); a hold's spent budget ends the hold.
 */
static int fattr_beneath(struct dentry *d, struct dentry *top,
			 struct dentry *stop, struct fattr_budget *spent)
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
	    spent->steps < FATTR_STEPS_PER_HOLD) {
		spent->steps++;
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
		if (spent->steps + n > FATTR_STEPS_PER_HOLD) {
			ret = FATTR_LATER;
			break;
		}
		d = READ_ONCE(d->d_parent);
	}
	rcu_read_unlock();
	spent->steps += n;
	if (read_seqretry(&rename_lock, seq))
		return FATTR_RENDER;
	return ret;
}

/*
 * The way up from @mnt to @root's mount, each link as prepend_path()
 * takes it (fattr_visible() says what that decides).  With @memo (a
 * listing's), a mount judged before ends the way, and the mounts passed
 * are pushed on @memo->chain (*@n of them) to be given the verdict.
 * Without (fattr_judge_one()), the way stops at the first rename seen
 * since @seq.  Work is charged to @spent; where the hold's budget ends
 * the way, FATTR_LATER, with *@stop the mount it ended at.  Called with
 * namespace_sem held.
 *
 * Return: FATTR_SHOWN, FATTR_HIDDEN, FATTR_RENDER or FATTR_LATER.
 */
static int fattr_way_up(struct mount *mnt, const struct path *root,
			struct fattr_memo *memo, unsigned int *n,
			struct fattr_budget *spent, unsigned int seq,
			struct mount **stop)
{
	struct dentry *d = fattr_vfsmount(mnt)->mnt_root;
	struct mount *v = mnt, *parent;
	int vis;

	for (;;) {
		struct dentry *top = fattr_vfsmount(v)->mnt_root;

		if (fattr_vfsmount(v) == root->mnt) {
			vis = fattr_beneath(d, root->dentry, top, spent);
			break;
		}
		if (v != mnt) {
			vis = fattr_beneath(d, top, NULL, spent);
			if (vis != FATTR_SHOWN)
				break;
			if (!memo) {
				if (read_seqretry(&rename_lock, seq)) {
					vis = FATTR_RENDER;
					break;
				}
			} else {
				vis = fattr_memo_get(memo, v);
				if (vis >= 0)
					break;
			}
		}
		parent = fattr_field(v, fattr_layout.mount_parent);
		if (parent == v) {
			/* The namespace's root, and not @root's mount. */
			if (memo)
				memo->chain[(*n)++] = v;
			vis = FATTR_HIDDEN;
			break;
		}
		if (spent->hops >= FATTR_HOPS_PER_HOLD) {
			vis = FATTR_LATER;
			break;
		}
		spent->hops++;
		if (memo)
			memo->chain[(*n)++] = v;
		d = fattr_field(v, fattr_layout.mount_mountpoint);
		v = parent;
	}
	*stop = v;
	return vis;
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
	struct mount *v;
	unsigned int n = 0;
	int vis;

	/* Only a rename during this walk then fails its verdict. */
	if (fattr_memo_stale(memo))
		fattr_memo_forget(memo);
	vis = fattr_way_up(mnt, root, memo, &n, &memo->spent, 0, &v);
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
 * fattr_visible() of @mnt in the usual case, without its loop: nothing
 * pending, neither @mnt nor its parent @root's mount (which the memo
 * never holds: checked anyway), its mount point the parent's root or
 * right below it (one link, read once), and the parent judged since the
 * last rename.  A listing meets a parent before its children (creation
 * order), so the parent is usually judged; most mount points of a
 * container's tree lie right below their parent's root.  Charged as
 * fattr_visible() charges it: one hop, and one step unless the mount
 * point is the parent's root.
 *
 * Return: true and *@vis FATTR_SHOWN or FATTR_HIDDEN; or false: judge it
 * the long way.
 */
static bool fattr_memo_quick(struct fattr_memo *memo, struct mount *mnt,
			     const struct path *root, int *vis)
{
	struct mount *parent = fattr_field(mnt, fattr_layout.mount_parent);
	struct dentry *top, *d;
	int got;

	if (memo->npending || parent == mnt ||
	    fattr_vfsmount(mnt) == root->mnt ||
	    fattr_vfsmount(parent) == root->mnt ||
	    memo->spent.hops >= FATTR_HOPS_PER_HOLD)
		return false;
	got = fattr_memo_get(memo, parent);
	if (got < 0)
		return false;
	top = fattr_vfsmount(parent)->mnt_root;
	d = fattr_field(mnt, fattr_layout.mount_mountpoint);
	if (d != top && (READ_ONCE(d->d_parent) != top ||
			 memo->spent.steps >= FATTR_STEPS_PER_HOLD))
		return false;
	/* The link and the parent's verdict held together: no rename. */
	if (fattr_memo_stale(memo))
		return false;
	if (d != top)
		memo->spent.steps++;
	memo->spent.hops++;
	fattr_memo_put(memo, mnt, got);
	*vis = got;
	return true;
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

/**
 * fattr_judge_one() - whether show_mountinfo() lists one mount
 * @mnt: a mount of the caller's namespace
 * @root: the caller's root, which its record would be rendered against
 *
 * fattr_visible() for a single mount, without a memo: the way up to
 * @root's mount, each link as fattr_visible() checks it, within one
 * hold's budget.  Its links held at one instant if no rename came
 * between the first and the last (rename_lock's sequence, as
 * prepend_path() reads it, within a second, as fattr_memo_stale() has
 * it); else, or past the budget, the mount is rendered instead, and the
 * way up stops as soon as a rename is seen.  Called with namespace_sem
 * held, which keeps the mounts' parents as they are.
 *
 * Return: FATTR_SHOWN, FATTR_HIDDEN, or FATTR_RENDER (render @mnt to know).
 */
int fattr_judge_one(struct mount *mnt, const struct path *root)
{
	struct fattr_budget spent = { };
	unsigned long since = jiffies;
	struct mount *stop;
	unsigned int seq;
	int vis;

	/* Waits out a rename in progress, as prepend_path() does. */
	seq = read_seqbegin(&rename_lock);
	vis = fattr_way_up(mnt, root, NULL, NULL, &spent, seq, &stop);
	if (vis == FATTR_LATER || read_seqretry(&rename_lock, seq) ||
	    time_after(jiffies, since + HZ))
		return FATTR_RENDER;
	return vis;
}

/**
 * fattr_memo_alloc() - a listing's memo of verdicts
 *
 * Return: the memo, zeroed, or NULL without memory.
 */
struct fattr_memo *fattr_memo_alloc(void)
{
	struct fattr_memo *memo;

	/* Sized by fattr, used by the caller: charged to its memory cgroup. */
	memo = kvzalloc(sizeof(*memo), GFP_KERNEL_ACCOUNT);
	if (!memo)
		return NULL;
	memo->chain = kmalloc_array(FATTR_HOPS_PER_HOLD + 1,
				    sizeof(*memo->chain), GFP_KERNEL_ACCOUNT);
	if (!memo->chain) {
		kvfree(memo);
		return NULL;
	}
	return memo;
}

/**
 * fattr_memo_free() - free what fattr_memo_alloc() gave
 * @memo: the memo, or NULL
 */
void fattr_memo_free(struct fattr_memo *memo)
{
	if (memo)
		kfree(memo->chain);
	kvfree(memo);
}

/**
 * fattr_memo_judge() - a listing's verdict on a mount
 * @memo: the listing's memo, whose fattr_memo_hold() began this hold
 * @mnt: a mount of the caller's namespace, met by the walk in this hold
 * @root: the caller's root, which the walk's records are rendered against
 *
 * Called with namespace_sem held.
 *
 * Return: FATTR_SHOWN, FATTR_HIDDEN, FATTR_RENDER (render @mnt to know),
 * or FATTR_LATER: end this hold and judge @mnt again in the next.
 */
int fattr_memo_judge(struct fattr_memo *memo, struct mount *mnt,
		     const struct path *root)
{
	int vis;

	if (fattr_memo_quick(memo, mnt, root, &vis))
		return vis;
	vis = fattr_judge(mnt, root, memo);
	if (vis != FATTR_LATER)
		return vis;
	/*
	 * Progress: a mount whose judging ends holds FATTR_STUCK_HOLDS
	 * times in a row (lost verdicts, ways up longer than a hold's
	 * budget) is rendered.
	 */
	if (fattr_memo_stuck(memo, mnt) < FATTR_STUCK_HOLDS) {
		memo->cut = true;
		return FATTR_LATER;
	}
	/*
	 * A stuck mount rendered after verdicts were forgotten (renames):
	 * what it waited on goes too, or the stack may never drain.
	 */
	if (memo->pending_gen != memo->gen)
		memo->npending = 0;
	return FATTR_RENDER;
}

/**
 * fattr_memo_rendered() - remember what rendering a mount told
 * @memo: the listing's memo
 * @mnt: the mount just rendered (or skipped) in this hold
 * @root: the caller's root
 * @visible: whether show_mountinfo() rendered it
 *
 * Its verdict then serves the mounts below it.  @root's mount is never
 * remembered: it may be hidden (@root below its root) while its children
 * are not.  Called with namespace_sem held.
 */
void fattr_memo_rendered(struct fattr_memo *memo, struct mount *mnt,
			 const struct path *root, bool visible)
{
	if (fattr_vfsmount(mnt) != root->mnt)
		fattr_memo_put(memo, mnt, visible);
}
