// SPDX-License-Identifier: GPL-2.0
/*
 * One walk over every mount of the caller's mountinfo, with one verdict
 * (the caller's own open of it, verdict.c): the listing ":mntns:" ("ID:\0"
 * for each mount the caller sees) and the columns ":mntns:all:KEY" (KEY
 * of each of those mounts).
 *
 * A listing judges whether the caller sees a mount without rendering it
 * where it can (visible.c), and renders its record into a scratch buffer
 * where it cannot; a column of a key made from the record renders every
 * mount, as a read of mountinfo does.  Holds of namespace_sem are bounded
 * as mountinfo.c's are (FATTR_VISITS_PER_HOLD mounts judged, or
 * FATTR_RENDERS_PER_HOLD rendered, FATTR_RENDERED_PER_HOLD bytes of
 * records), nothing is allocated while it is held, and the entries are
 * written to the caller's buffer between holds: the kernel keeps a hold's
 * worth of them, whatever the value's size.
 */
#include <linux/fs.h>
#include <linux/indirect_call_wrapper.h>
#include <linux/mm.h>
#include <linux/mount.h>
#include <linux/nsproxy.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/xattr.h>
#include <uapi/linux/fattr.h>

#include "mnt_walk.h"

/* Room for one entry "ID:\0" (or "ID\0"): ten digits and two bytes. */
#define FATTR_ID_ROOM	16

/* The caller's namespace's mount count, read without namespace_sem. */
static unsigned int fattr_ns_mounts_hint(void)
{
	const char *ns = (const char *)current->nsproxy->mnt_ns;

	if (fattr_layout.mntns_nr == FATTR_NO_OFFSET)
		return 0;
	return READ_ONCE(*(const unsigned int *)(ns + fattr_layout.mntns_nr));
}

/* fattr_ids_visit(): judge it in the next hold (not an errno). */
#define FATTR_IDS_LATER	1
/* fattr_ids_put(): the output needs room for the entry (not an errno). */
#define FATTR_IDS_ROOM	2

/*
 * Bytes of records a hold renders at most (or one record, if longer), as
 * a read of procfs renders a buffer's worth, a page, per hold: a column
 * of records as long as a path can be holds namespace_sem no longer than
 * that read.
 */
#define FATTR_RENDERED_PER_HOLD	PAGE_SIZE

/* The output kept between holds (or one entry, if longer). */
#define FATTR_OUT_ROOM		(64 * 1024)

/* A listing's state across its holds of namespace_sem. */
struct fattr_listing {
	struct fattr_sink *sink;	/* where the entries go */
	struct fattr_val out;		/* entries since the last hold */
	struct fattr_val scratch;	/* records rendered */
	struct fattr_memo *memo;	/* verdicts, or NULL: render each mount */
	const struct path *root;	/* the caller's root */
	const struct fattr_make *col;	/* a column's key, or NULL */
	size_t need;			/* room the entry at hand needs */
	size_t rendered;		/* bytes of records rendered this hold */
	unsigned int work;		/* visits this hold (a render counts more) */
	bool render;			/* render the mount at hand */
	bool show_failed;		/* its renderer failed (-EIO) */
	/*
	 * A column's reading of the mount at hand and its value, made anew
	 * for each mount in the same frame (fattr_col_value()): on the
	 * stack, CONFIG_INIT_STACK_ALL_ZERO would clear them per mount.
	 */
	struct fattr_mnt_ref ref;
	struct fattr_val value;
};

/*
 * Writes the entries made since the last hold to the caller's buffer,
 * namespace_sem dropped (a fault may sleep), with getxattr(2)'s size
 * rules (fs/xattr.c: do_getxattr(), and tree.c's fattr_copy_out()):
 * size 0 counts, a buffer too small gives ERANGE, or E2BIG if it has
 * XATTR_SIZE_MAX bytes or more.  A value past MAX_RW_COUNT, which no
 * read could return, gives E2BIG.  @last: the walk's end.
 *
 * Return: 0 or a negative errno.
 */
static int fattr_ids_flush(struct fattr_listing *l, bool last)
{
	struct fattr_sink *s = l->sink;
	size_t len = l->out.len;

	if (len > MAX_RW_COUNT - s->done)
		return -E2BIG;
	if (s->size && len > s->size - s->done) {
		s->too_small = true;
		return s->size >= XATTR_SIZE_MAX ? -E2BIG : -ERANGE;
	}
	/*
	 * A buffer smaller than XATTR_SIZE_MAX gets the value whole at the
	 * end, as getxattr(2) copies it: untouched after ERANGE, and EFAULT
	 * only for a value that fits.  The output holds it meanwhile.
	 */
	if (s->size && s->size < XATTR_SIZE_MAX && !last)
		return 0;
	if (s->size && copy_to_user(s->buf + s->done, l->out.buf, len))
		return -EFAULT;
	s->done += len;
	l->out.len = 0;
	return 0;
}

/*
 * Ends a hold of a listing at @v after @err (0; FATTR_IDS_LATER:
 * judging's budget spent; FATTR_IDS_ROOM: the output needs room for the
 * entry of @v; -EOVERFLOW: the record at @v needs a bigger buffer), grows
 * what has to grow, and begins the next hold at @v (*@v: where it
 * resumes).
 *
 * Return: 0, or a negative errno with namespace_sem dropped.
 */
static noinline int fattr_ids_pause(struct fattr_mi *mi,
				    struct fattr_listing *l,
				    struct mount **v, int err)
{
	/* A record to render again, bigger. */
	bool again = l->render && err == -EOVERFLOW;
	/*
	 * The output, which goes out after each hold, filled up before the
	 * hold's budget was spent.
	 */
	bool full = err == FATTR_IDS_ROOM &&
		    (!l->sink->size || l->sink->size >= XATTR_SIZE_MAX);

	/* Resume at @v, after growing what has to grow. */
	fattr_mi_unlock(mi, *v);
	cond_resched();
	if (err == FATTR_IDS_LATER)
		err = 0;	/* budget spent: judge on */
	else if (err == FATTR_IDS_ROOM)
		err = 0;	/* the output has room once written out */
	if (!err)
		err = fattr_ids_flush(l, false);
	/*
	 * Room for the entry at hand, and doubling up to FATTR_OUT_ROOM;
	 * doubling too where the output, written out, filled up within a
	 * hold (entries longer than the sizing's guess): the next holds
	 * then end on their budget, not on room.
	 */
	if (!err && (full || l->need > l->out.cap - l->out.len))
		err = fattr_val_reserve(&l->out,
					max(l->out.len + l->need,
					    min_t(size_t, FATTR_OUT_ROOM,
						  2 * l->out.cap)));
	l->need = 0;
	/*
	 * Whether the caller sees a mount is learnt by rendering it where it
	 * cannot be judged: a record of any size, as procfs's read grows its
	 * buffer to render it, up to its cap.  A record column grows it as
	 * its single key does: to FATTR_RECORD_MAX whatever the cap.
	 */
	if (err == -EOVERFLOW)
		err = fattr_val_grow_record(&l->scratch,
					    l->col && l->col->record);
	if (!err && fatal_signal_pending(current))
		err = -EINTR;
	if (err)
		return err;
	*v = fattr_mi_lock(mi, &l->scratch);
	l->render = !l->memo || fattr_memo_hold(l->memo) || again;
	l->work = 0;
	l->rendered = 0;
	return 0;
}

/*
 * Whether the caller sees @v, which the judge could not tell (@judged)
 * or the listing renders: its record rendered into the scratch buffer.
 * Out of fattr_ids_visit(), whose every call judges: the loop that
 * judges stays small.
 *
 * Return: as fattr_ids_visit().
 */
static noinline int fattr_ids_render(struct fattr_mi *mi,
				     struct fattr_listing *l,
				     struct mount *v, bool judged)
{
	int err;

	mi->seq->count = 0;
	/*
	 * A page first.  A mount the judge could not tell about is judged
	 * again in the next hold, and rendered in the hold that judged it:
	 * its verdict does not outlive the hold (fattr_ids_pause()).
	 */
	if (!mi->seq->size) {
		if (judged)
			l->render = false;
		return -EOVERFLOW;
	}
	err = fattr_mi_show(mi, v);
	l->rendered += mi->seq->count;
	/*
	 * A record column's record past XATTR_SIZE_MAX: the judge tells
	 * whether the caller sees the mount, as a single key's walk asks it
	 * (mountinfo.c), rather than a buffer as big as the record.  Seen,
	 * the overflowed record (count == size, over XATTR_SIZE_MAX) makes
	 * the key's value E2BIG (fattr_col_value()).
	 */
	if (err == -EOVERFLOW && !l->memo && l->col && l->col->record &&
	    mi->seq->size >= FATTR_RECORD_MAX && fattr_can_judge()) {
		int vis = fattr_judge_one(v, l->root);

		if (vis == FATTR_SHOWN)
			err = 0;
		else if (vis == FATTR_HIDDEN)
			err = -ENODATA;
	}
	/*
	 * The renderer failed before it knew whether the caller sees @v (a
	 * cgroup path past PATH_MAX): the judge tells, where it can, and a
	 * mount it sees is listed, its number read, and a record column
	 * says EIO for it (fattr_col_value()), as its single key does.
	 * Judging costs up to a hold's budget of hops and steps up the tree
	 * (visible.c), so it is the hold's only one: first in a hold of its
	 * own, which ends after it, and not after the memo's judge could
	 * not tell (EIO then, as for a single key).
	 */
	if (err == -EIO && !judged && fattr_can_judge()) {
		int vis;

		if (l->work > 1)
			return FATTR_IDS_LATER;
		vis = fattr_judge_one(v, l->root);
		l->rendered = FATTR_RENDERED_PER_HOLD;
		if (vis == FATTR_SHOWN) {
			err = 0;
			l->show_failed = true;
		} else if (vis == FATTR_HIDDEN) {
			err = -ENODATA;
		}
	}
	/* A record costs what a few mounts looked at do. */
	if (l->memo) {
		l->work += FATTR_VISITS_PER_HOLD / FATTR_RENDERS_PER_HOLD - 1;
		if (!err || err == -ENODATA)
			fattr_memo_rendered(l->memo, v, l->root, !err);
	}
	return err;
}

/*
 * Whether the caller sees @v, met by a listing in this hold: judged
 * (visible.c), or its record rendered into the scratch buffer where the
 * judge cannot tell or the listing renders every mount.
 *
 * Return: 0 (seen), -ENODATA (not), FATTR_IDS_LATER (end the hold, judge
 * it in the next), -EOVERFLOW (render it again, bigger), or another
 * negative errno (-EIO from a renderer, fattr_mi_show(), where the judge
 * cannot tell whether the caller sees @v; fattr_ends_call()'s), which
 * ends the listing.
 */
static int fattr_ids_visit(struct fattr_mi *mi, struct fattr_listing *l,
			   struct mount *v)
{
	bool judged = false;

	l->work++;
	l->show_failed = false;
	if (!l->render) {
		int vis = fattr_memo_judge(l->memo, v, l->root);

		if (vis == FATTR_LATER)
			return FATTR_IDS_LATER;
		if (vis != FATTR_RENDER)
			return vis == FATTR_SHOWN ? 0 : -ENODATA;
		l->render = true;
		judged = true;
	}
	return fattr_ids_render(mi, l, v, judged);
}

/*
 * The name of an error a key gives for one mount, written into a column
 * in its place: those of struct fattr_make's functions and of a record
 * over XATTR_SIZE_MAX.  NULL for any other, which ends the column.
 */
static const char *fattr_key_errname(int err)
{
	switch (err) {
	case -ENODATA:
		return "ENODATA";
	case -E2BIG:
		return "E2BIG";
	case -EIO:
		return "EIO";
	}
	return NULL;
}

/*
 * A column's value of @v, which the caller sees, into @l->value: made
 * from the record the walk just rendered into the scratch buffer (in
 * place there) or from what fattr_mi_take() reads of @v now into @l->ref
 * (which writes every field the key takes, whatever the mount: those of
 * the last mount do not outlive it), into the value's own small room.
 * As the single key gives it: E2BIG for a record over XATTR_SIZE_MAX,
 * which that key's walk refuses, and EIO for a record the renderer
 * failed to make (mountinfo.c).
 *
 * Return: 0, or the key's errno for @v.
 */
static int fattr_col_value(struct fattr_mi *mi, struct fattr_listing *l,
			   struct mount *v)
{
	const struct fattr_make *how = l->col;
	struct fattr_val *val = &l->value;
	int err;

	if (how->record && l->show_failed)
		return -EIO;	/* no record to make the value from */
	l->ref.taken = false;
	err = fattr_mi_take(mi, &l->ref, v);
	if (err)
		return err;
	if (how->record) {
		val->buf = mi->seq->buf;
		val->len = mi->seq->count;
		val->cap = mi->seq->size;
		/* Or overflowed past it (fattr_ids_visit()). */
		if (val->len > XATTR_SIZE_MAX)
			return -E2BIG;
	} else {
		val->buf = val->small;
		val->cap = sizeof(val->small);
		val->len = 0;
	}
	/* Called per mount: directly, not through a retpoline, if it can. */
	return INDIRECT_CALL_1(how->make, fattr_make_ref, val, &l->ref,
			       how->arg);
}

/*
 * Appends the column's entry of @v, which the caller sees, to the output:
 * "ID\0=VALUE\0", or "ID\0!ERRNO\0" with the name of the key's error for
 * @v.  Called with namespace_sem held: no allocation.
 *
 * Return: 0, FATTR_IDS_ROOM (with @l->need set: grow the output, then
 * visit @v again), or a negative errno that ends the listing.
 */
static noinline int fattr_col_put(struct fattr_mi *mi,
				  struct fattr_listing *l, struct mount *v)
{
	struct fattr_val *out = &l->out, *value = &l->value;
	const char *ename = NULL;
	size_t len;
	int err;

	err = fattr_col_value(mi, l, v);
	if (err) {
		ename = fattr_key_errname(err);
		if (!ename)
			return err;
	}
	len = ename ? strlen(ename) : value->len;
	/* "ID\0", '=' or '!', the value, '\0'. */
	if (out->cap - out->len < FATTR_ID_ROOM + len + 2) {
		l->need = FATTR_ID_ROOM + len + 2;
		return FATTR_IDS_ROOM;
	}
	if (WARN_ON_ONCE(fattr_val_put_u64(out, fattr_mount_id(v))))
		return -EIO;
	out->buf[out->len++] = '\0';
	out->buf[out->len++] = ename ? '!' : '=';
	memcpy(out->buf + out->len, ename ? ename : value->buf, len);
	out->len += len;
	out->buf[out->len++] = '\0';
	return 0;
}

/*
 * Appends the entry of @v, which the caller sees, to the output: "ID:\0"
 * for a listing; a column's is fattr_col_put()'s, out of line, so that
 * the listing's loop stays small.  Called with namespace_sem held: no
 * allocation.
 *
 * Return: as fattr_col_put().
 */
static int fattr_ids_put(struct fattr_mi *mi, struct fattr_listing *l,
			 struct mount *v)
{
	struct fattr_val *out = &l->out;

	if (l->col)
		return fattr_col_put(mi, l, v);
	if (out->cap - out->len < FATTR_ID_ROOM) {
		l->need = FATTR_ID_ROOM;
		return FATTR_IDS_ROOM;
	}
	/* Mount ids are positive (an IDA's, from 1). */
	if (WARN_ON_ONCE(fattr_val_put_u64(out, fattr_mount_id(v))))
		return -EIO;
	out->buf[out->len++] = FATTR_SEP;
	out->buf[out->len++] = '\0';
	return 0;
}

/*
 * The entries of every mount the caller sees (fattr_ids_put()).  Where
 * the BTF has what the judge needs (fattr_can_judge()), and the column
 * (if any) is of a key read from the mount itself, the walk judges each
 * mount; else (and for a mount whose way up could not be judged within a
 * hold) it renders its record to learn whether show_mountinfo() skips it.
 */
static int fattr_walk_ids(struct fattr_mi *mi, struct fattr_sink *sink,
			  const struct fattr_make *col)
{
	struct fattr_listing l = {
		.sink = sink, .col = col, .root = fattr_seq_root(mi->seq),
		.ref = {
			.take = col ? col->take : 0,
			.no_record = col && !col->record,
			.want_master_reached = col && col->master_reached,
		},
	};
	/* Bytes an entry takes, usually: "ID:\0"; "ID\0=N\0"; a field. */
	size_t each = !col ? 8 : col->record ? 64 : 24;
	size_t room = each * fattr_ns_mounts_hint();
	struct mount *v;
	int err = 0;

	/*
	 * A listing that judges renders only the odd mount: its scratch
	 * buffer comes with the first (fattr_ids_render(), then the pause
	 * grows it), else a page now.
	 */
	if (fattr_can_judge() && (!col || !col->record)) {
		l.memo = fattr_memo_alloc();
		if (!l.memo)
			return -ENOMEM;
	} else {
		err = fattr_val_reserve(&l.scratch, PAGE_SIZE);
	}
	/*
	 * Room for as many mounts as there are now; where the value goes
	 * out after each hold (fattr_ids_flush()), for a hold's worth.
	 */
	if (!sink->size || sink->size >= XATTR_SIZE_MAX)
		room = min_t(size_t, room, each * FATTR_VISITS_PER_HOLD);
	if (!err)
		err = fattr_val_reserve(&l.out,
					min_t(size_t, FATTR_OUT_ROOM,
					      room + FATTR_ID_ROOM));
	if (err)
		goto free;
	v = fattr_mi_lock(mi, &l.scratch);
	l.render = !l.memo || fattr_memo_hold(l.memo);
	while (v) {
		if (l.work >= (l.memo ? FATTR_VISITS_PER_HOLD :
			       FATTR_RENDERS_PER_HOLD) ||
		    l.rendered >= FATTR_RENDERED_PER_HOLD || err) {
			err = fattr_ids_pause(mi, &l, &v, err);
			if (err)
				goto free;
			continue;
		}
		err = fattr_ids_visit(mi, &l, v);
		if (!err)
			err = fattr_ids_put(mi, &l, v);
		if (err == FATTR_IDS_LATER || err == FATTR_IDS_ROOM ||
		    err == -EOVERFLOW)
			continue;	/* pause, then @v again */
		if (err && err != -ENODATA)
			break;
		err = 0;	/* or not the caller's: skipped */
		l.render = !l.memo;
		v = fattr_mi_next(mi, v);
	}
	fattr_mi_unlock(mi, NULL);
	if (!err)
		err = fattr_ids_flush(&l, true);
free:
	fattr_val_free(&l.out);
	fattr_val_free(&l.scratch);
	fattr_memo_free(l.memo);
	return err;
}

static int fattr_walk_all(struct fattr_sink *sink,
			  const struct fattr_make *col)
{
	struct fattr_mi mi;
	int err = fattr_mi_open(&mi, false);

	if (err)
		return err;
	err = fattr_walk_ids(&mi, sink, col);
	fattr_mi_close(&mi);
	return err;
}

/**
 * fattr_render_ids() - the ids of the caller's mounts, as a folder
 * @sink: the caller's buffer; receives "ID:\0" for each record of the
 *	caller's mountinfo, and its length in @sink->done
 *
 * Unlike a record, this folder may exceed XATTR_SIZE_MAX: at 10,000
 * mounts it takes about 70 KiB.
 *
 * Return: 0, -EACCES if the caller may not read its own
 * /proc/self/mountinfo, -ERANGE or -E2BIG if the buffer is too small, or
 * another negative errno.
 */
int fattr_render_ids(struct fattr_sink *sink)
{
	return fattr_walk_all(sink, NULL);
}

/**
 * fattr_render_column() - one key of every mount the caller sees
 * @how: how the key is made from one reading of a mount
 * @sink: the caller's buffer; receives, for each mount ":mntns:" lists
 *	and in its order, "ID\0=VALUE\0", or "ID\0!ERRNO\0" where the
 *	key gives an error for that mount (fattr_key_errname()), and the
 *	length in @sink->done
 *
 * Like ":mntns:", the value may exceed XATTR_SIZE_MAX.
 *
 * Return: as fattr_render_ids().
 */
int fattr_render_column(const struct fattr_make *how, struct fattr_sink *sink)
{
	return fattr_walk_all(sink, how);
}
