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
 * FATTR_RENDERS_PER_HOLD rendered), nothing is allocated while it is held,
 * and the output grows between holds.
 */
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mount.h>
#include <linux/nsproxy.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/xattr.h>
#include <uapi/linux/fattr.h>

#include "mnt_walk.h"

/* Room fattr_put_id() needs for one entry "ID:\0" (or "ID\0"). */
#define FATTR_ID_ROOM	16

/*
 * Appends the decimal @id and @sep to @val, which has room for them.
 * Mount ids are positive (an IDA's, from 1).  Written by hand, not with
 * snprintf(): this runs for every mount of a listing.
 */
static void fattr_put_id(struct fattr_val *val, int id, char sep)
{
	char digits[10], *out = val->buf + val->len;
	unsigned int v = id, n = 0;

	do {
		digits[n++] = '0' + v % 10;
		v /= 10;
	} while (v);
	val->len += n + 1;
	while (n)
		*out++ = digits[--n];
	*out = sep;
}

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

/* A listing's state across its holds of namespace_sem. */
struct fattr_listing {
	struct fattr_val *val;		/* the entries */
	struct fattr_val scratch;	/* records rendered */
	struct fattr_memo *memo;	/* verdicts, or NULL: render each mount */
	const struct path *root;	/* the caller's root */
	const struct fattr_make *col;	/* a column's key, or NULL */
	size_t need;			/* room the entry at hand needs */
	unsigned int work;		/* visits this hold (a render counts more) */
	bool render;			/* render the mount at hand */
};

/*
 * The output after FATTR_IDS_ROOM: room for @l->need more bytes, doubling
 * at least.  A value beyond MAX_RW_COUNT could not be read by anyone: at
 * most fs.mount-max mounts of a key of up to 64 KiB make one; E2BIG.
 */
static int fattr_ids_room(struct fattr_listing *l)
{
	struct fattr_val *val = l->val;
	size_t cap = max(2 * val->cap, val->len + l->need);

	if (val->len + l->need > MAX_RW_COUNT)
		return -E2BIG;
	return fattr_val_reserve(val, min_t(size_t, cap, MAX_RW_COUNT));
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
static int fattr_ids_pause(struct fattr_mi *mi, struct fattr_listing *l,
			   struct mount **v, int err)
{
	/* A record to render again, bigger. */
	bool again = l->render && err == -EOVERFLOW;

	/* Resume at @v, after growing what has to grow. */
	fattr_mi_unlock(mi, *v);
	cond_resched();
	if (err == FATTR_IDS_LATER)
		err = 0;	/* budget spent: judge on */
	else if (err == FATTR_IDS_ROOM)
		err = fattr_ids_room(l);
	/*
	 * Whether the caller sees a mount is learnt by rendering it where it
	 * cannot be judged: a record of any size, as procfs's read grows its
	 * buffer to render it, up to its cap.
	 */
	if (err == -EOVERFLOW)
		err = fattr_val_grow_render(&l->scratch);
	if (!err && fatal_signal_pending(current))
		err = -EINTR;
	if (err)
		return err;
	*v = fattr_mi_lock(mi, &l->scratch);
	l->render = !l->memo || fattr_memo_hold(l->memo) || again;
	l->work = 0;
	return 0;
}

/*
 * Whether the caller sees @v, met by a listing in this hold: judged
 * (visible.c), or its record rendered into the scratch buffer where the
 * judge cannot tell or the listing renders every mount.
 *
 * Return: 0 (seen), -ENODATA (not), FATTR_IDS_LATER (end the hold, judge
 * it in the next), -EOVERFLOW (render it again, bigger), or another
 * negative errno (->show()'s own, which ends the listing).
 */
static int fattr_ids_visit(struct fattr_mi *mi, struct fattr_listing *l,
			   struct mount *v)
{
	int err;

	l->work++;
	mi->seq->count = 0;
	if (!l->render) {
		int vis = fattr_memo_judge(l->memo, v, l->root);

		if (vis == FATTR_LATER)
			return FATTR_IDS_LATER;
		if (vis != FATTR_RENDER)
			return vis == FATTR_SHOWN ? 0 : -ENODATA;
		l->render = true;
	}
	err = fattr_mi_show(mi, v);
	/* A record costs what a few mounts looked at do. */
	if (l->memo) {
		l->work += FATTR_VISITS_PER_HOLD / FATTR_RENDERS_PER_HOLD - 1;
		if (!err || err == -ENODATA)
			fattr_memo_rendered(l->memo, v, l->root, !err);
	}
	return err;
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
 * A column's value of @v, which the caller sees, into @val: made from the
 * record the walk just rendered into the scratch buffer (in place there)
 * or from what fattr_mi_take() reads of @v now, into @val's own small
 * room.  As the single key gives it: E2BIG for a record over
 * XATTR_SIZE_MAX, which that key's walk refuses (mountinfo.c).
 *
 * Return: 0, or the key's errno for @v.
 */
static int fattr_col_value(struct fattr_mi *mi, const struct fattr_make *how,
			   struct mount *v, struct fattr_val *val)
{
	struct fattr_mnt_ref ref = {
		.no_record = !how->record,
		.want_master_reached = how->master_reached,
	};
	int err = fattr_mi_take(mi, &ref, v);

	if (err)
		return err;
	if (how->record) {
		*val = (struct fattr_val){ .buf = mi->seq->buf,
					   .len = mi->seq->count,
					   .cap = mi->seq->size };
		if (val->len > XATTR_SIZE_MAX)
			return -E2BIG;
	} else {
		val->buf = val->small;
		val->cap = sizeof(val->small);
		val->len = 0;
	}
	return how->make(val, &ref, how->arg);
}

/*
 * Appends the entry of @v, which the caller sees, to the output: "ID:\0"
 * for a listing; for a column "ID\0=VALUE\0", or "ID\0!ERRNO\0" with the
 * name of the key's error for @v.  Called with namespace_sem held: no
 * allocation.
 *
 * Return: 0, FATTR_IDS_ROOM (with @l->need set: grow the output, then
 * visit @v again), or a negative errno that ends the listing.
 */
static int fattr_ids_put(struct fattr_mi *mi, struct fattr_listing *l,
			 struct mount *v)
{
	struct fattr_val *out = l->val, value;
	const char *ename = NULL;
	size_t len;
	int err;

	if (!l->col) {
		if (out->cap - out->len < FATTR_ID_ROOM) {
			l->need = FATTR_ID_ROOM;
			return FATTR_IDS_ROOM;
		}
		fattr_put_id(out, fattr_mount_id(v), FATTR_SEP);
		out->buf[out->len++] = '\0';
		return 0;
	}
	err = fattr_col_value(mi, l->col, v, &value);
	if (err) {
		ename = fattr_key_errname(err);
		if (!ename)
			return err;
	}
	len = ename ? strlen(ename) : value.len;
	/* "ID\0", '=' or '!', the value, '\0'. */
	if (out->cap - out->len < FATTR_ID_ROOM + len + 2) {
		l->need = FATTR_ID_ROOM + len + 2;
		return FATTR_IDS_ROOM;
	}
	fattr_put_id(out, fattr_mount_id(v), '\0');
	out->buf[out->len++] = ename ? '!' : '=';
	memcpy(out->buf + out->len, ename ? ename : value.buf, len);
	out->len += len;
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
static int fattr_walk_ids(struct fattr_mi *mi, struct fattr_val *val,
			  const struct fattr_make *col)
{
	struct fattr_listing l = { .val = val, .col = col,
				   .root = fattr_seq_root(mi->seq) };
	/* Bytes an entry takes, usually: "ID:\0"; "ID\0=N\0"; a field. */
	size_t each = !col ? 8 : col->record ? 64 : 24;
	struct mount *v;
	int err;

	if (fattr_can_judge() && (!col || !col->record)) {
		l.memo = fattr_memo_alloc();
		if (!l.memo)
			return -ENOMEM;
	}
	err = fattr_val_reserve(&l.scratch, PAGE_SIZE);
	/* Room for as many mounts as there are now. */
	if (!err)
		err = fattr_val_reserve(val, each * fattr_ns_mounts_hint() +
					FATTR_ID_ROOM);
	if (err)
		goto free;
	v = fattr_mi_lock(mi, &l.scratch);
	l.render = !l.memo || fattr_memo_hold(l.memo);
	while (v) {
		if (l.work >= (l.memo ? FATTR_VISITS_PER_HOLD :
			       FATTR_RENDERS_PER_HOLD) || err) {
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
free:
	fattr_val_free(&l.scratch);
	fattr_memo_free(l.memo);
	return err;
}

static int fattr_walk_all(struct fattr_val *val, const struct fattr_make *col)
{
	struct fattr_mi mi;
	int err = fattr_mi_open(&mi, false);

	if (err)
		return err;
	err = fattr_walk_ids(&mi, val, col);
	fattr_mi_close(&mi);
	return err;
}

/**
 * fattr_render_ids() - the ids of the caller's mounts, as a folder
 * @val: receives "ID:\0" for each record of the caller's mountinfo
 *
 * Unlike a record, this folder may exceed XATTR_SIZE_MAX: at 10,000
 * mounts it takes about 70 KiB.
 *
 * Return: 0, -EACCES if the caller may not read its own
 * /proc/self/mountinfo, or another negative errno.
 */
int fattr_render_ids(struct fattr_val *val)
{
	return fattr_walk_all(val, NULL);
}

/**
 * fattr_render_column() - one key of every mount the caller sees
 * @how: how the key is made from one reading of a mount
 * @val: receives, for each mount ":mntns:" lists and in its order,
 *	"ID\0=VALUE\0", or "ID\0!ERRNO\0" where the key gives an error
 *	for that mount (fattr_key_errname())
 *
 * Like ":mntns:", the value may exceed XATTR_SIZE_MAX.
 *
 * Return: 0, -EACCES as for fattr_render_ids(), or another negative
 * errno.
 */
int fattr_render_column(const struct fattr_make *how, struct fattr_val *val)
{
	return fattr_walk_all(val, how);
}
