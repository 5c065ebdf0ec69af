/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fattr internals: what each file of module/ offers the others.
 */
#ifndef _FATTR_H
#define _FATTR_H

#include <linux/errno.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/path.h>
#include <linux/types.h>
#include <linux/user_namespace.h>

struct vfsmount;
struct mount;		/* fs/mount.h: reached through fattr_layout only */

/* btf.c: offsets inside the kernel's private structures. */
struct fattr_layout {
	size_t mount_mnt;	/* struct mount: struct vfsmount mnt */
	size_t mount_mnt_id;	/* struct mount: int mnt_id */
	size_t mount_mnt_ns;	/* struct mount: struct mnt_namespace *mnt_ns */
	size_t proc_mounts_ns;	/* struct proc_mounts: struct mnt_namespace *ns */
	size_t proc_mounts_root;	/* struct proc_mounts: struct path root */
	/* optional: */
	size_t mount_parent;	/* struct mount: struct mount *mnt_parent */
	size_t mount_mountpoint;	/* struct dentry *mnt_mountpoint */
	size_t mount_id_unique;	/* u64 mnt_id_unique (6.8+) */
	size_t mount_master;	/* struct mount *mnt_master */
	size_t mount_share;	/* struct list_head mnt_share: the peer ring */
	size_t mount_group_id;	/* int mnt_group_id: its peer group */
	size_t mount_t_flags;	/* int mnt_t_flags (6.17+): T_SHARED, ... */
	size_t mount_devname;	/* const char *mnt_devname: its source */
	u32 t_shared;		/* the values of T_SHARED and T_UNBINDABLE */
	u32 t_unbindable;	/* (6.17+, an enum of fs/mount.h), or 0 */
	/* struct mnt_namespace; optional: */
	size_t mntns_id;	/* u64 seq (ns.ns_id in 7.x): its unique id */
	size_t mntns_event;	/* u64 event: bumped by mounts and moves */
	size_t mntns_nr;	/* unsigned int mounts (nr_mounts since 6.8) */
	/* struct mnt_idmap (6.3+); optional: */
	size_t idmap_uid_map;	/* struct uid_gid_map uid_map */
	size_t idmap_gid_map;	/* struct uid_gid_map gid_map */
};

#define FATTR_NO_OFFSET		((size_t)-1)	/* an optional member absent */

extern struct fattr_layout fattr_layout;

int __init fattr_btf_init(const char *btf_path);

/*
 * Whether @err is an interrupted wait: the syscall is then restarted or
 * fails, as the kernel decides.
 */
static inline bool fattr_interrupted(int err)
{
	return err == -EINTR || err == -ERESTARTSYS ||
	       err == -ERESTARTNOINTR || err == -ERESTARTNOHAND ||
	       err == -ERESTART_RESTARTBLOCK;
}

/* Whether @err ends the call rather than answers it. */
static inline bool fattr_ends_call(int err)
{
	return err == -ENOMEM || err == -ENFILE || fattr_interrupted(err);
}

/*
 * val.c: the buffer a value is built in.  A value of up to
 * FATTR_VAL_SMALL bytes (a number) is built in the struct itself, without
 * an allocation; struct fattr_val is never copied.
 */
#define FATTR_VAL_SMALL		32

struct fattr_val {
	char *buf;
	size_t len;
	size_t cap;
	char small[FATTR_VAL_SMALL];
};

void fattr_val_free(struct fattr_val *val);
int fattr_val_reserve(struct fattr_val *val, size_t cap);
extern size_t fattr_render_max;
int fattr_val_grow_render(struct fattr_val *val);

/**
 * fattr_val_put_u64() - append a number in decimal
 * @val: the buffer, with room for the digits (20 at most; 10 for an int)
 * @n: the number
 *
 * "%llu" without vsnprintf()'s parsing, written in place: a listing and a
 * column pay it per mount, inline, and with no array on the stack (which
 * CONFIG_INIT_STACK_ALL_ZERO would clear at each call).
 *
 * Return: 0, or -ENOSPC, with nothing written, if @val has no room for
 * the digits (its callers make room first: a bug of theirs).
 */
static inline int fattr_val_put_u64(struct fattr_val *val, u64 n)
{
	unsigned int len = 1, low;
	u64 ten = 10;
	char *p;

	/* 10^19 is the last power of ten a u64 holds: then 20 digits. */
	while (n >= ten) {
		len++;
		if (len == 20)
			break;
		ten *= 10;
	}
	if (val->len > val->cap || val->cap - val->len < len)
		return -ENOSPC;
	val->len += len;
	p = val->buf + val->len;
	/* Past 32 bits (unique ids, sizes): do_div() on 32-bit machines. */
	while (n > U32_MAX)
		*--p = '0' + do_div(n, 10);
	/* Two digits a step (divisions by constants: multiplications). */
	for (low = n; low >= 100; low /= 100) {
		*--p = '0' + low % 10;
		*--p = '0' + low / 10 % 10;
	}
	if (low >= 10)
		*--p = '0' + low % 10;
	*--p = '0' + (low >= 10 ? low / 10 : low);
	return 0;
}

/* verdict.c: the private procfs instance; the caller's LSM verdict. */
int __init fattr_mountinfo_init(void);
void fattr_mountinfo_exit(void);
int fattr_mountinfo_verdict(void);

/*
 * mountinfo.c: records rendered by the kernel's own mountinfo code, by
 * a walk of the caller's mounts (and mnt_facts.c: what it reads of them).
 */
void __init fattr_mountinfo_shortcuts(void);

/*
 * What a walk reads of the mount whose record it renders (or, with
 * no_record, that it judges the caller's mountinfo lists), while
 * namespace_sem keeps that mount in the caller's namespace.  Nothing is
 * pinned: no reference to the mount outlives the walk's hold.
 */
/* struct fattr_mnt_ref's take: what to read of the mount (0: all). */
enum {
	FATTR_TAKE_IDS = 1,	/* mnt_id, parent_id, unique_id, ... */
	FATTR_TAKE_NS = 2,	/* ns_id */
	FATTR_TAKE_ATTR = 4,	/* attr */
	FATTR_TAKE_SB = 8,	/* sb_addr, sb_dev, sb_magic, sb_flags */
	FATTR_TAKE_TYPE = 16,	/* type_len */
	FATTR_TAKE_PROP = 32,	/* propagation, peer_group, master_group */
	FATTR_TAKE_CHANGE = 64,	/* change */
};

struct fattr_mnt_ref {
	/*
	 * in: FATTR_TAKE_* of the fields below to read, or 0: every one.
	 * A column of one number reads that alone of each mount.
	 */
	unsigned int take;
	bool want_master_reached;	/* in: set master_reached */
	bool want_fs_opts;	/* in: set fs_opts_len and fs_opts_match */
	/*
	 * in: no record is needed, only the fields below: whether the
	 * caller sees the mount is judged (visible.c) where it can be, and
	 * the record rendered only where it cannot.  Not with want_fs_opts,
	 * which reads the record.
	 */
	bool no_record;
	bool taken;		/* out: the fields below are set */
	int mnt_id;		/* mnt_id: the record's first field */
	int parent_id;		/* its parent's: the second (if BTF has it) */
	u64 unique_id;		/* mnt_id_unique, 0 if BTF has none */
	u64 parent_unique_id;	/* its parent's mnt_id_unique, or 0 */
	u64 ns_id;		/* its namespace's unique id, or 0 */
	u64 attr;		/* MOUNT_ATTR_* of its mnt_flags */
	const void *mnt_addr;	/* the struct mount, compared, never followed */
	const void *sb_addr;	/* its super block, likewise */
	dev_t sb_dev;		/* super_block s_dev */
	unsigned long sb_magic;	/* super_block s_magic */
	unsigned long sb_flags;	/* s_flags: SB_RDONLY, _SYNCHRONOUS, ... */
	size_t type_len;	/* strlen() of its file system type's name */
	/* MS_SHARED | MS_SLAVE | MS_UNBINDABLE, or MS_PRIVATE (if prop) */
	u64 propagation;
	int peer_group;		/* mnt_group_id if shared, else 0 */
	int master_group;	/* the master's mnt_group_id if a slave, or 0 */
	u64 change;		/* mnt_change (fattr_has_mnt_change()) */
	/* a slave whose master's group has a peer at or under the root */
	bool master_reached;
	/*
	 * The file system's own options (->show_options()) are the last
	 * fs_opts_len bytes of the record's super block options, if
	 * fs_opts_match: a second rendering of them was the record's end.
	 */
	size_t fs_opts_len;
	bool fs_opts_match;
	/* in: where to copy its uid (or, with idmap_gid, gid) map, or NULL */
	struct fattr_idmap *idmap;
	bool idmap_gid;
	bool idmapped;		/* out: it is idmapped, *idmap is set */
};

int fattr_render_mnt_ref(struct vfsmount *mnt, struct fattr_val *val,
			 struct fattr_mnt_ref *ref);

/*
 * How a key's value is made from one reading of a mount, with no
 * allocation and no sleep (a column makes it under namespace_sem): from
 * the record a walk rendered, in place in @val, or from what it read of
 * the mount (@ref) into @val's FATTR_VAL_SMALL bytes.  A single key
 * (keys_mount.c) and a column (listing.c) call the same function, so a
 * column's value of a mount is that mount's key, byte for byte.
 *
 * Return: 0, or the key's errno for this mount (ENODATA: none; EIO: a
 * record fattr cannot split).
 */
struct fattr_make {
	int (*make)(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		    int arg);
	int arg;
	unsigned int take;	/* the FATTR_TAKE_* it reads, or 0: all */
	bool record;		/* made from the record: render the mount */
	bool master_reached;	/* reads ref->master_reached */
};

/* keys_mount.c: the numbers read from the mount (most columns' make). */
int fattr_make_ref(struct fattr_val *val, const struct fattr_mnt_ref *ref,
		   int arg);

/*
 * listing.c: one walk over all the caller's mounts, its entries written
 * to the caller's buffer between holds of namespace_sem, with
 * getxattr(2)'s size rules: never more than a hold's worth in the
 * kernel, whatever the value's size.
 */
struct fattr_sink {
	void __user *buf;	/* the caller's buffer */
	size_t size;		/* its size; 0: the value's length only */
	size_t done;		/* bytes of the value so far */
	bool too_small;		/* the buffer cannot hold the value */
};

int fattr_render_ids(struct fattr_sink *sink);
int fattr_render_column(const struct fattr_make *how, struct fattr_sink *sink);
int fattr_render_id_ref(int id, struct fattr_val *val,
			struct fattr_mnt_ref *ref);
bool fattr_mount_is(const struct vfsmount *mnt, int id,
		    const struct fattr_mnt_ref *ref);
bool fattr_has_parent_unique_id(void);
bool fattr_has_ns_id(void);
bool fattr_has_propagate_from(void);
bool fattr_has_prop_fields(void);
bool fattr_has_mnt_change(void);
void __init fattr_facts_init(void);

/* fields.c: the fields of a mountinfo record. */
enum fattr_field {
	FATTR_F_ID,		/* 1: mount id */
	FATTR_F_PARENT,		/* 2: parent's mount id */
	FATTR_F_DEV,		/* 3: MAJOR:MINOR */
	FATTR_F_ROOT,		/* 4: root within the file system */
	FATTR_F_MOUNTPOINT,	/* 5: mount point */
	FATTR_F_OPTIONS,	/* 6: per-mount options */
	FATTR_F_PROPAGATION,	/* the optional fields, up to "-" */
	FATTR_F_FSTYPE,		/* type[.subtype] */
	FATTR_F_SOURCE,		/* mount source */
	FATTR_F_SUPEROPTIONS,	/* super block options: the rest */
	FATTR_F_NR
};

int fattr_record_field(struct fattr_val *val, enum fattr_field field);

/* What the record's optional fields say, as statmount(2) gives it. */
enum fattr_prop {
	FATTR_P_TYPE,		/* MS_SHARED | MS_SLAVE | ... (mnt_propagation) */
	FATTR_P_PEER_GROUP,	/* shared:N, or 0 (mnt_peer_group) */
	FATTR_P_MASTER,		/* master:N, or 0 (mnt_master) */
	FATTR_P_PROPAGATE_FROM,	/* propagate_from:N, or 0 */
};

int fattr_record_propagation(struct fattr_val *val, enum fattr_prop what);
int fattr_record_opts(struct fattr_val *val, bool lsm, size_t fs_len);

/* idmap.c: maps from mount id to struct mount, per namespace. */
struct fattr_ns_state {
	u64 id;			/* the namespace's unique id */
	u64 event;		/* its event counter */
	unsigned int nr;	/* its mount count */
};

struct fattr_id_map;

bool fattr_ns_state(struct fattr_ns_state *st);
bool fattr_has_ns_state(void);
bool fattr_ns_state_eq(const struct fattr_ns_state *a,
		       const struct fattr_ns_state *b);
bool fattr_map_lookup(const struct fattr_ns_state *st, int id,
		      struct mount **found);
struct fattr_id_map *fattr_map_alloc(unsigned int cap);
void fattr_map_clear(struct fattr_id_map *map);
bool fattr_map_add(struct fattr_id_map *map, int id, struct mount *mnt);
void fattr_map_publish(struct fattr_id_map *map,
		       const struct fattr_ns_state *of);
void fattr_map_free(struct fattr_id_map *map);
void fattr_maps_exit(void);

/* mnt_idmap.c: an idmapped mount's uid or gid map, copied. */
struct fattr_idmap {
	u32 nr;
	struct uid_gid_extent ext[UID_GID_MAP_MAX_EXTENTS];
};

bool fattr_has_mnt_idmap(void);
bool fattr_mnt_idmap_copy(const struct vfsmount *mnt, bool gid,
			  struct fattr_idmap *dst);
int fattr_mnt_idmap_format(const struct fattr_idmap *map, bool gid,
			   struct fattr_val *val);

/* tree.c: the attribute tree. */
void __init fattr_walk_init(void);
void __init fattr_walk_features(void);
ssize_t fattr_getxattr(const struct path *path, const char *name,
		       void __user *value, size_t size);
bool fattr_name_automounts(const char *name);

/* hook.c: the syscall entry hooks. */
int __init fattr_hooks_init(void);
void fattr_hooks_exit(void);

#endif /* _FATTR_H */
