// SPDX-License-Identifier: GPL-2.0
/*
 * The keys of a mount folder that one walk of the caller's mountinfo
 * gives: its record and the fields cut from it, what the walk read of the
 * mount itself (struct fattr_mnt_ref), its options as lists and its id
 * maps.  How each value is made from one reading (struct fattr_make) is
 * shared with the columns (listing.c).
 */
#include <linux/kernel.h>
#include <linux/kdev_t.h>
#include <linux/mount.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "tree.h"

static int fattr_render_now(const struct fattr_req *req,
			    struct fattr_val *val, struct fattr_mnt_ref *ref)
{
	if (req->id)
		return fattr_render_id_ref(req->id, val, ref);
	return fattr_render_mnt_ref(req->path->mnt, val, ref);
}

/**
 * fattr_render() - a mount's record and what its walk read of it
 * @req: the request: its mount, and "export"'s one reading
 * @val: receives the record (a page at least), unless @ref asks for none
 *	and the walk could tell without rendering
 * @ref: what to read of the mount (NULL: nothing)
 *
 * The caller's mountinfo decides visibility.  Under "export", the one
 * reading's copy (@val gets the capacity of a rendering, a page at least,
 * as getters expect).
 *
 * Return: 0, or the walk's negative errno.
 */
int fattr_render(const struct fattr_req *req, struct fattr_val *val,
		 struct fattr_mnt_ref *ref)
{
	struct fattr_snap *s = req->snap;
	int err;

	if (!s)
		return fattr_render_now(req, val, ref);
	if (!s->rendered) {
		s->rendered = true;
		s->ref.want_master_reached = true;
		s->render_err = fattr_render_now(req, &s->rec, &s->ref);
	}
	if (s->render_err)
		return s->render_err;
	val->len = 0;
	err = fattr_val_reserve(val, s->rec.cap);
	if (err)
		return err;
	memcpy(val->buf, s->rec.buf, s->rec.len);
	val->len = s->rec.len;
	if (ref)
		*ref = s->ref;
	return 0;
}

/* info: the record itself. */
int fattr_make_info(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		    int arg)
{
	return 0;
}

/* @arg: an enum fattr_field, cut from the record (fields.c). */
int fattr_make_field(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		     int arg)
{
	return fattr_record_field(val, arg);
}

/*
 * @arg: an enum fattr_ref_fact, read while the walk holds namespace_sem,
 * as statmount(2) reads them, once the walk knows the caller's mountinfo
 * lists the mount: judged as a listing judges it, or, where the judge
 * cannot tell, by rendering the record (of any size: these keys do not
 * give it).  A mount the caller does not see has none.  The first three
 * are the record's fields, written as show_mountinfo() writes them ("%i
 * %i %u:%u", 5.10 to 7.x; "%d" is "%i" in printing).
 */
int fattr_make_ref(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		   int arg)
{
	u64 n;

	val->len = 0;
	switch (arg) {
	case FATTR_R_ID:
		/* Mount ids are positive: "%d" is "%llu" of them. */
		n = ref->mnt_id;
		break;
	case FATTR_R_PARENT:
		n = ref->parent_id;
		break;
	case FATTR_R_DEV:
		/* "%u:%u": 21 bytes at most, in the value's own room. */
		if (WARN_ON_ONCE(fattr_val_put_u64(val, MAJOR(ref->sb_dev)) ||
				 val->len >= val->cap))
			return -EIO;
		val->buf[val->len++] = ':';
		n = MINOR(ref->sb_dev);
		break;
	case FATTR_R_UNIQUE_ID:
		n = ref->unique_id;
		break;
	case FATTR_R_PARENT_ID:
		n = ref->parent_unique_id;
		break;
	case FATTR_R_NS_ID:
		n = ref->ns_id;
		break;
	case FATTR_R_ATTR:
		n = ref->attr;
		break;
	case FATTR_R_SB_MAGIC:
		n = ref->sb_magic;
		break;
	case FATTR_R_PROPAGATION:
		n = ref->propagation;
		break;
	/* Group ids are positive: "%i" is "%llu" of them. */
	case FATTR_R_PEER_GROUP:
		n = ref->peer_group;
		break;
	case FATTR_R_MASTER:
		n = ref->master_group;
		break;
	case FATTR_R_CHANGE:
		n = ref->change;
		break;
	default:
		n = ref->sb_flags;
		break;
	}
	return WARN_ON_ONCE(fattr_val_put_u64(val, n)) ? -EIO : 0;
}

/* @arg: an enum fattr_prop, from the record's optional fields. */
static int fattr_make_prop(struct fattr_val *val,
			   const struct fattr_mnt_ref *ref, int arg)
{
	return fattr_record_propagation(val, arg);
}

/*
 * propagate_from, statmount(2)'s dominating peer group, as the kernel's
 * get_dominating_id() finds it for the record (show_mountinfo()): the
 * master's group if it has a peer at or under the caller's root in its
 * namespace (the record's master:N), else a group further up the chain
 * of masters (the record's propagate_from:N, which it writes only then),
 * else 0.  The first is decided in the hold that rendered the record.
 */
int fattr_make_propagate_from(struct fattr_val *val,
			      const struct fattr_mnt_ref *ref, int arg)
{
	return fattr_record_propagation(val, ref->master_reached ?
					FATTR_P_MASTER :
					FATTR_P_PROPAGATE_FROM);
}

/*
 * fs_subtype: the record's type field is the file system type's name,
 * then "." and the subtype where the super block has a non-empty one
 * (show_type()); the name's length, read with the record, cuts it.
 */
int fattr_make_subtype(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		       int arg)
{
	int err = fattr_record_field(val, FATTR_F_FSTYPE);

	if (err)
		return err;
	if (val->len <= ref->type_len + 1 || val->buf[ref->type_len] != '.')
		return -ENODATA;
	val->len -= ref->type_len + 1;
	memmove(val->buf, val->buf + ref->type_len + 1, val->len);
	return 0;
}

/* "parent" where BTF has no mnt_parent: the record's field. */
static const struct fattr_make fattr_parent_field = {
	.make = fattr_make_field, .arg = FATTR_F_PARENT, .record = true,
};

/*
 * mnt_propagation, mnt_peer_group and mnt_master where BTF lacks what
 * this kernel keeps them in (fattr_has_prop_fields()): the record's
 * optional fields.
 */
static const struct fattr_make fattr_prop_record[] = {
	[FATTR_R_PROPAGATION - FATTR_R_PROPAGATION] = {
		.make = fattr_make_prop, .arg = FATTR_P_TYPE, .record = true },
	[FATTR_R_PEER_GROUP - FATTR_R_PROPAGATION] = {
		.make = fattr_make_prop, .arg = FATTR_P_PEER_GROUP,
		.record = true },
	[FATTR_R_MASTER - FATTR_R_PROPAGATION] = {
		.make = fattr_make_prop, .arg = FATTR_P_MASTER, .record = true },
};

/* fattr_entry_make() indexes it by the three, which must be adjacent. */
static_assert(FATTR_R_PEER_GROUP - FATTR_R_PROPAGATION == 1 &&
	      FATTR_R_MASTER - FATTR_R_PROPAGATION == 2);

/**
 * fattr_entry_make() - how this kernel makes a key from one reading
 * @e: a row of the mount folder's table
 *
 * Return: @e's struct fattr_make, or another where this kernel's BTF
 * lacks what it reads; NULL if @e is not made from one reading.
 */
const struct fattr_make *fattr_entry_make(const struct fattr_entry *e)
{
	if (!e->make.make)
		return NULL;
	if (e->make.make != fattr_make_ref)
		return &e->make;
	if (e->make.arg == FATTR_R_PARENT &&
	    fattr_layout.mount_parent == FATTR_NO_OFFSET)
		return &fattr_parent_field;
	if (e->make.arg >= FATTR_R_PROPAGATION &&
	    e->make.arg <= FATTR_R_MASTER && !fattr_has_prop_fields())
		return &fattr_prop_record[e->make.arg - FATTR_R_PROPAGATION];
	return &e->make;
}

/**
 * fattr_get_made() - the getter of a key made from one reading
 * @req: the request
 * @e: the key's row, with a struct fattr_make
 * @val: receives the value
 *
 * Return: 0 or a negative errno.
 */
int fattr_get_made(const struct fattr_req *req, const struct fattr_entry *e,
		   struct fattr_val *val)
{
	const struct fattr_make *how = fattr_entry_make(e);
	struct fattr_mnt_ref ref = {
		.take = how->take,
		.no_record = !how->record,
		.want_master_reached = how->master_reached,
	};
	int err;

	err = fattr_render(req, val, &ref);
	if (!err && !how->record)
		err = fattr_val_reserve(val, FATTR_VAL_SMALL);
	return err ? err : how->make(val, &ref, how->arg);
}

/*
 * @arg: opt_array (0) or opt_sec_array (1), statmount(2)'s (6.13+): the
 * super block options the record ends with, the file system's or the
 * LSMs', as entries each followed by a NUL, unescaped (fields.c).  A
 * walk renders the file system's a second time to tell them apart; if
 * they changed in between (a remount, a renamed btrfs subvolume), the
 * mount is read again, and after three such readings the call gives
 * EAGAIN.  Not in "export", whose one reading has no second rendering.
 */
int fattr_get_opts(const struct fattr_req *req, const struct fattr_entry *e,
		   struct fattr_val *val)
{
	struct fattr_mnt_ref ref;
	int err, tries;

	if (WARN_ON_ONCE(req->snap))
		return -EIO;
	for (tries = 0; tries < 3; tries++) {
		ref = (struct fattr_mnt_ref){ .want_fs_opts = true };
		err = fattr_render(req, val, &ref);
		if (err)
			return err;
		if (!ref.fs_opts_match)
			continue;
		err = fattr_record_opts(val, e->arg, ref.fs_opts_len);
		if (err != -EAGAIN)
			return err;
	}
	return -EAGAIN;
}

/*
 * @arg: mnt_uidmap (0) or mnt_gidmap (1), statmount(2)'s (6.15+): the
 * map of an idmapped mount, copied in the hold that rendered its record,
 * then written as the caller's user namespace sees it (mnt_idmap.c);
 * ENODATA for a mount that is not idmapped.
 */
int fattr_get_idmap(const struct fattr_req *req, const struct fattr_entry *e,
		    struct fattr_val *val)
{
	struct fattr_idmap *map;
	struct fattr_mnt_ref ref = { .idmap_gid = e->arg };
	int err;

	if (WARN_ON_ONCE(req->snap))
		return -EIO;	/* not in "export" */
	map = kmalloc(sizeof(*map), GFP_KERNEL_ACCOUNT);
	if (!map)
		return -ENOMEM;
	ref.idmap = map;
	err = fattr_render(req, val, &ref);
	if (!err)
		err = ref.idmapped ? fattr_mnt_idmap_format(map, e->arg, val) :
		      -ENODATA;
	kfree(map);
	return err;
}
