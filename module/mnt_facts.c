// SPDX-License-Identifier: GPL-2.0
/*
 * Facts of a mount read in the hold of namespace_sem that renders its
 * record, or judges that the caller's mountinfo lists it (struct
 * fattr_mnt_ref): its ids, flags, super block, propagation, the first
 * step of propagate_from, its file system's own options and its id map;
 * and fattr_mount_is(), which tells a mount the caller holds from one
 * that took its id since.
 *
 * fattr_mi_take() and what it calls run with namespace_sem held for read
 * (mountinfo.c takes it), which keeps the mount in the caller's
 * namespace, its parent, its propagation links and its super block: no
 * allocation, no sleeping lock but the file system's ->show_options(),
 * called as show_mountinfo() calls it.
 */
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/nsproxy.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/siphash.h>
#include <linux/string.h>
#include <uapi/linux/mount.h>

#include "compat.h"
#include "mnt_walk.h"

/*
 * The super block flags statmount(2)'s sb_flags gives, and those the
 * record shows (show_sb_opts() and "ro", 5.10 to 7.x: "mand" too).
 */
#define FATTR_SB_STATMOUNT	(SB_RDONLY | SB_SYNCHRONOUS | SB_DIRSYNC | \
				 SB_LAZYTIME)
#define FATTR_SB_SHOWN		(FATTR_SB_STATMOUNT | SB_MANDLOCK)

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
 * mnt_propagation, mnt_peer_group and mnt_master: whether BTF has what
 * this kernel keeps them in, so that they are read from the mount.
 * statmount(2) (6.8 to 7.x: statmount_mnt_basic(),
 * mnt_to_propagation_flags()) and show_mountinfo() read IS_MNT_SHARED(),
 * IS_MNT_SLAVE() (mnt_master), IS_MNT_UNBINDABLE() and mnt_group_id
 * (fs/pnode.h).  Until 6.16 the first and last are MNT_SHARED and
 * MNT_UNBINDABLE of vfsmount's mnt_flags (module/conftest/
 * mnt_shared_flag.c); from 6.17 they are the bits T_SHARED and
 * T_UNBINDABLE of struct mount's mnt_t_flags, whose values only BTF
 * tells.  A kernel whose BTF does not match what its headers say gets
 * the record's fields instead (keys_mount.c), as before.
 */
bool fattr_has_prop_fields(void)
{
	if (fattr_layout.mount_group_id == FATTR_NO_OFFSET ||
	    fattr_layout.mount_master == FATTR_NO_OFFSET)
		return false;
#ifdef FATTR_HAVE_MNT_SHARED_FLAG
	return fattr_layout.mount_t_flags == FATTR_NO_OFFSET;
#else
	return fattr_layout.mount_t_flags != FATTR_NO_OFFSET &&
	       is_power_of_2(fattr_layout.t_shared) &&
	       is_power_of_2(fattr_layout.t_unbindable) &&
	       fattr_layout.t_shared != fattr_layout.t_unbindable;
#endif
}

/* An int member of struct mount, at @offset. */
static int fattr_mount_int(const struct mount *mnt, size_t offset)
{
	return *(const int *)((const char *)mnt + offset);
}

/*
 * Reads @mnt's propagation into @ref as statmount(2) and the record do.
 * Its writers (change_mnt_propagation(), clone_mnt(), umount_tree();
 * do_set_group() from 5.15, bulk_make_private() in 7.x) hold
 * namespace_sem for write, so the walk's hold keeps it and the master.
 * A mount's group id is not 0 only while it is shared (7.x's statmount
 * gives mnt_group_id as it is; earlier ones, and the record, only if
 * shared): so both read the same.
 */
static void fattr_prop_take(struct mount *mnt, struct fattr_mnt_ref *ref)
{
	struct mount *master = fattr_field(mnt, fattr_layout.mount_master);
	bool shared, unbindable;
	unsigned int f;

#ifdef FATTR_HAVE_MNT_SHARED_FLAG
	f = READ_ONCE(fattr_vfsmount(mnt)->mnt_flags);
	shared = f & MNT_SHARED;
	unbindable = f & MNT_UNBINDABLE;
#else
	f = fattr_mount_int(mnt, fattr_layout.mount_t_flags);
	shared = f & fattr_layout.t_shared;
	unbindable = f & fattr_layout.t_unbindable;
#endif
	ref->propagation = 0;
	if (shared)
		ref->propagation |= MS_SHARED;
	if (master)
		ref->propagation |= MS_SLAVE;
	if (unbindable)
		ref->propagation |= MS_UNBINDABLE;
	if (!ref->propagation)
		ref->propagation = MS_PRIVATE;
	ref->peer_group = shared ?
		fattr_mount_int(mnt, fattr_layout.mount_group_id) : 0;
	ref->master_group = master ?
		fattr_mount_int(master, fattr_layout.mount_group_id) : 0;
}

/* Keys mnt_change's hash, and nothing else; drawn at load. */
static siphash_key_t fattr_change_key __ro_after_init;

void __init fattr_facts_init(void)
{
	get_random_bytes(&fattr_change_key, sizeof(fattr_change_key));
}

/*
 * mnt_change: what it reads is in BTF: propagation, the parent and the
 * mount point, and which mount it is (mnt_id_unique from 6.8, before it
 * the source).
 */
bool fattr_has_mnt_change(void)
{
	return fattr_has_prop_fields() &&
	       fattr_layout.mount_parent != FATTR_NO_OFFSET &&
	       fattr_layout.mount_mountpoint != FATTR_NO_OFFSET &&
	       (fattr_layout.mount_id_unique != FATTR_NO_OFFSET ||
		fattr_layout.mount_devname != FATTR_NO_OFFSET);
}

/*
 * The inode number of a dentry a mount pins, its root or its mount
 * point: positive while the mount is in a namespace (the mount holds a
 * reference, and d_delete() makes only an unreferenced dentry negative).
 */
static u64 fattr_ino(const struct dentry *dentry)
{
	const struct inode *inode = d_inode(dentry);

	return inode ? inode->i_ino : 0;
}

/*
 * mnt_change of @mnt: a keyed hash of what its record shows and a change
 * of the mount changes, each read as its own key reads it: its flags,
 * its super block's flags (the record's: show_sb_opts() adds "mand"),
 * its propagation, where it is mounted (its parent, and the inode of the
 * directory it covers: a move changes one of them), and which mount it
 * is.  From 6.8 that is its unique id, never given twice; before, the
 * facts of the record a mount keeps for its life (its device, the inode
 * of its root, its source), so that a mount made anew under a freed id
 * differs where its record does.  No address goes in: equal values
 * would tell that an object took a freed one's place.  What it does not
 * cover (renames, a file system's own options, propagate_from) is in
 * fattr(7).
 */
static u64 fattr_change_of(struct mount *mnt, const struct fattr_mnt_ref *p)
{
	struct mount *parent = fattr_field(mnt, fattr_layout.mount_parent);
	struct vfsmount *vfs = fattr_vfsmount(mnt);
	u64 unique = fattr_unique_id(mnt), w[8], h;
	const char *src = NULL;

	w[0] = unique ?: (u32)fattr_mount_id(mnt);
	w[1] = fattr_unique_id(parent) ?: (u32)fattr_mount_id(parent);
	w[2] = fattr_ino(fattr_field(mnt, fattr_layout.mount_mountpoint));
	w[3] = vfs->mnt_sb->s_dev;
	w[4] = fattr_ino(vfs->mnt_root);
	w[5] = fattr_attr_flags(vfs) |
	       (u64)(READ_ONCE(vfs->mnt_sb->s_flags) & FATTR_SB_SHOWN) << 32;
	w[6] = p->propagation;
	w[7] = (u64)(u32)p->peer_group << 32 | (u32)p->master_group;
	h = siphash(w, sizeof(w), &fattr_change_key);
	if (!unique)
		src = fattr_field(mnt, fattr_layout.mount_devname);
	if (src)
		h = siphash_2u64(h, siphash(src, strlen(src),
					    &fattr_change_key),
				 &fattr_change_key);
	return h;
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

/**
 * fattr_mi_take() - read what a walk wants of the mount it rendered
 * @mi: the walk, namespace_sem held
 * @ref: what to read, and where (NULL: nothing)
 * @mnt: the mount whose record @mi just rendered (or, for @ref's
 *	no_record, judged listed)
 *
 * Reads what @ref asks of @mnt, whose record @mi just rendered: called
 * with namespace_sem held, which keeps @mnt in the caller's namespace,
 * its parent, and its super block.  The flags are read as statmount(2)
 * reads them under namespace_sem alone (mount_lock guards the writers of
 * mnt_flags, s_umount those of s_flags; namespace_sem, held for write,
 * those of propagation).  Which fields it writes depends on @ref's
 * requests and the kernel's layout, never on @mnt: a column reads each
 * of its mounts into one @ref in turn (listing.c), taken cleared.
 *
 * Return: 0, or -EOVERFLOW if the record's buffer is too small for it
 * (render again).
 */
int fattr_mi_take(const struct fattr_mi *mi, struct fattr_mnt_ref *ref,
		  struct mount *mnt)
{
	const struct super_block *sb;
	const struct mount *parent;
	struct vfsmount *vfs;
	unsigned int take;
	const char *ns;

	if (!ref || ref->taken)
		return 0;
	vfs = fattr_vfsmount(mnt);
	if (ref->want_fs_opts && fattr_fs_opts(mi->seq, vfs, ref))
		return -EOVERFLOW;
	ref->taken = true;
	/* 0: every fact but mnt_change, which no record key gives. */
	take = ref->take ? ref->take : ~(unsigned int)FATTR_TAKE_CHANGE;
	if (ref->want_master_reached && fattr_has_propagate_from())
		ref->master_reached = fattr_master_reached(mnt,
							   fattr_seq_root(mi->seq));
	sb = vfs->mnt_sb;
	ref->mnt_addr = mnt;
	if (take & FATTR_TAKE_IDS) {
		ref->mnt_id = fattr_mount_id(mnt);
		ref->unique_id = fattr_unique_id(mnt);
	}
	if ((take & FATTR_TAKE_IDS) &&
	    fattr_layout.mount_parent != FATTR_NO_OFFSET) {
		parent = fattr_field(mnt, fattr_layout.mount_parent);
		ref->parent_id = fattr_mount_id(parent);
		ref->parent_unique_id = fattr_unique_id(parent);
	}
	if ((take & FATTR_TAKE_NS) && fattr_has_ns_id()) {
		ns = fattr_field(mnt, fattr_layout.mount_mnt_ns);
		ref->ns_id = *(const u64 *)(ns + fattr_layout.mntns_id);
	}
	if (take & FATTR_TAKE_ATTR)
		ref->attr = fattr_attr_flags(vfs);
	/* The super block's fields: another cache line, another page. */
	if (take & FATTR_TAKE_SB) {
		ref->sb_addr = sb;
		ref->sb_dev = sb->s_dev;
		ref->sb_magic = sb->s_magic;
		ref->sb_flags = READ_ONCE(sb->s_flags) & FATTR_SB_STATMOUNT;
	}
	if (take & FATTR_TAKE_TYPE)
		ref->type_len = strlen(sb->s_type->name);
	if ((take & (FATTR_TAKE_PROP | FATTR_TAKE_CHANGE)) &&
	    fattr_has_prop_fields())
		fattr_prop_take(mnt, ref);
	if ((take & FATTR_TAKE_CHANGE) && fattr_has_mnt_change())
		ref->change = fattr_change_of(mnt, ref);
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
