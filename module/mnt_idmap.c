// SPDX-License-Identifier: GPL-2.0
/*
 * The id mappings of an idmapped mount (mount_setattr(2)'s
 * MOUNT_ATTR_IDMAP, 5.12+), for mnt_uidmap and mnt_gidmap, as
 * statmount(2) gives them (fs/mnt_idmapping.c: statmount_mnt_idmap(),
 * 6.15+): for each extent of the mount's map, "FIRST LOWER COUNT" and a
 * NUL, LOWER as the caller's user namespace sees the extent's lower ids;
 * an extent whose whole range that namespace does not map is left out.
 *
 * Where the map is: from 6.3 in the mount's struct mnt_idmap (private to
 * fs/mnt_idmapping.c: its uid_map and gid_map through BTF), a copy of
 * the maps of the user namespace mount_setattr(2) was given; before, in
 * that user namespace itself (vfsmount.mnt_userns).  The mount holds
 * either, and gets it only while it is detached (can_idmap_mount()),
 * never once it is in a namespace.  A map is written once (map_write():
 * the extents, then nr_extents after a write barrier); before 6.3 a
 * user namespace whose maps are not written yet can idmap a mount, and
 * they may be written later: both maps here are read as the kernel's
 * map_id_range_up() reads them, the count, a read barrier, the extents.
 * Some kernels between (6.3 to 6.6 at least) keep only the user
 * namespace in struct mnt_idmap: BTF has no maps there, and the keys
 * are not served.
 */
#include <linux/cred.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/user_namespace.h>

#include "compat.h"
#include "fattr.h"

/* Idmapped mounts, and a way to their maps: mnt_idmap() or mnt_user_ns(). */
#if defined(FATTR_HAVE_IS_IDMAPPED_MNT) && \
	(defined(FATTR_HAVE_MNT_IDMAP) || defined(FATTR_HAVE_MNT_USER_NS))
#define FATTR_IDMAPS
#endif

/* mnt_uidmap and mnt_gidmap: where this kernel has idmapped mounts. */
bool fattr_has_mnt_idmap(void)
{
#if defined(FATTR_IDMAPS) && defined(FATTR_HAVE_MNT_IDMAP)
	return fattr_layout.idmap_uid_map != FATTR_NO_OFFSET &&
	       fattr_layout.idmap_gid_map != FATTR_NO_OFFSET;
#elif defined(FATTR_IDMAPS)
	return true;
#else
	return false;
#endif
}

/*
 * The extents of @map and their number in *@nr, read as the kernel's
 * map_id_range_up() reads a map: its count, then its extents, which
 * map_write() wrote before the count (its smp_wmb()).
 */
static const struct uid_gid_extent *
fattr_map_extents(const struct uid_gid_map *map, u32 *nr)
{
	*nr = min_t(u32, READ_ONCE(map->nr_extents), UID_GID_MAP_MAX_EXTENTS);
	smp_rmb();	/* the count before the extents */
	return *nr <= UID_GID_MAP_MAX_BASE_EXTENTS ? map->extent :
	       map->forward;
}

#ifdef FATTR_IDMAPS
/* The uid or gid map of idmapped mount @mnt. */
static const struct uid_gid_map *fattr_mnt_map(const struct vfsmount *mnt,
					       bool gid)
{
#ifdef FATTR_HAVE_MNT_IDMAP
	const char *idmap = (const char *)mnt_idmap(mnt);

	return (const void *)(idmap + (gid ? fattr_layout.idmap_gid_map :
				       fattr_layout.idmap_uid_map));
#else
	struct user_namespace *ns = mnt_user_ns(mnt);

	return gid ? &ns->gid_map : &ns->uid_map;
#endif
}
#endif

/**
 * fattr_mnt_idmap_copy() - copy an idmapped mount's uid or gid map
 * @mnt: a mount of the caller's namespace, kept there by namespace_sem
 * @gid: the gid map, not the uid map
 * @dst: receives the map's extents
 *
 * Return: false if @mnt is not idmapped (or this kernel has no idmapped
 * mounts fattr can read).
 */
bool fattr_mnt_idmap_copy(const struct vfsmount *mnt, bool gid,
			  struct fattr_idmap *dst)
{
#ifdef FATTR_IDMAPS
	const struct uid_gid_extent *e;

	if (!fattr_has_mnt_idmap() || !fattr_is_idmapped_mnt(mnt))
		return false;
	e = fattr_map_extents(fattr_mnt_map(mnt, gid), &dst->nr);
	memcpy(dst->ext, e, dst->nr * sizeof(*dst->ext));
	return true;
#else
	return false;
#endif
}

/*
 * map_id_range_up() (kernel/user_namespace.c, 4.15 to 7.x; not exported)
 * on @map: what ids @id to @id + @count - 1 are in @map's namespace, if
 * one extent maps them all, else (u32)-1.  A linear search where the
 * kernel's bsearch()es the sorted copy of more than five extents: the
 * extents of a map do not overlap, so both find the same one.
 */
static u32 fattr_map_range_up(const struct uid_gid_map *map, u32 id,
			      u32 count)
{
	u32 nr, last = id + count - 1, i;
	const struct uid_gid_extent *e = fattr_map_extents(map, &nr);

	for (i = 0; i < nr; i++) {
		u32 first = e[i].lower_first, end = first + e[i].count - 1;

		if (id >= first && id <= end && last >= first && last <= end)
			return id - first + e[i].first;
	}
	return (u32)-1;
}

/**
 * fattr_mnt_idmap_format() - a copied map as statmount(2) gives it
 * @map: what fattr_mnt_idmap_copy() copied
 * @gid: it is a gid map
 * @val: receives "FIRST LOWER COUNT\0" for each extent the caller's user
 *	namespace maps whole
 *
 * Called without locks: the caller's map is its credentials' user
 * namespace's, which lives as long as they do, and whose map is written
 * at most once.
 *
 * Return: 0 or -ENOMEM.
 */
int fattr_mnt_idmap_format(const struct fattr_idmap *map, bool gid,
			   struct fattr_val *val)
{
	struct user_namespace *ns = current_user_ns();
	const struct uid_gid_map *up = gid ? &ns->gid_map : &ns->uid_map;
	/* "%u %u %u" and its NUL: 3 * 10 + 2 + 1. */
	const size_t room = 33;
	u32 i, lower;
	int err;

	val->len = 0;
	err = fattr_val_reserve(val, map->nr * room + 1);
	if (err)
		return err;
	for (i = 0; i < map->nr; i++) {
		lower = fattr_map_range_up(up, map->ext[i].lower_first,
					   map->ext[i].count);
		if (lower == (u32)-1)
			continue;
		/* scnprintf() writes the NUL after what it counts. */
		val->len += scnprintf(val->buf + val->len, room, "%u %u %u",
				      map->ext[i].first, lower,
				      map->ext[i].count) + 1;
	}
	return 0;
}
