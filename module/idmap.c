// SPDX-License-Identifier: GPL-2.0
/*
 * Maps from mount id to struct mount, one per namespace, for ":mntns:ID:".
 *
 * Only a walk of the namespace finds the mount with an id (since 6.8
 * mounts sit in an rbtree keyed by another id).  A walk leaves behind a
 * map of that namespace, good while the namespace is unchanged: the same
 * one (its unique id: mnt_namespace.seq until 6.x, ns.ns_id in 7.x), no
 * mount added or moved (event), none removed (the count: an unmount may
 * leave event as it was, see __touch_mnt_namespace()).  The state is read
 * under namespace_sem, where the map's mounts are used, so the mounts of
 * a map whose state is current are alive.
 *
 * Maps are sorted arrays, filled while the walk holds namespace_sem but
 * allocated and sorted while it does not, and published with RCU:
 * lookups take no lock but rcu_read_lock(), publishers a spinlock.  The
 * last FATTR_MAPS namespaces walked keep theirs.
 */
#include <linux/bsearch.h>
#include <linux/mm.h>
#include <linux/nsproxy.h>
#include <linux/overflow.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/spinlock.h>

#include "fattr.h"

struct fattr_id_ent {
	int id;
	struct mount *mnt;
};

struct fattr_id_map {
	struct rcu_head rcu;
	struct fattr_ns_state of;
	unsigned int n;
	unsigned int cap;
	struct fattr_id_ent ent[];
};

#define FATTR_MAPS	4

static struct fattr_id_map __rcu *fattr_maps[FATTR_MAPS];
static DEFINE_SPINLOCK(fattr_maps_lock);	/* publishers only */
static unsigned int fattr_maps_next;

bool fattr_ns_state_eq(const struct fattr_ns_state *a,
		       const struct fattr_ns_state *b)
{
	return a->id == b->id && a->event == b->event && a->nr == b->nr;
}

/**
 * fattr_ns_state() - the state of the caller's mount namespace
 * @st: receives it
 *
 * Called with namespace_sem held, or for a value that may be stale.
 *
 * Return: false if this kernel's BTF lacks a part of it.
 */
bool fattr_ns_state(struct fattr_ns_state *st)
{
	const char *ns = (const char *)current->nsproxy->mnt_ns;

	if (!fattr_has_ns_state())
		return false;
	st->id = *(const u64 *)(ns + fattr_layout.mntns_id);
	/* Once each: tree.c's mntns_event reads them without the lock. */
	st->event = READ_ONCE(*(const u64 *)(ns + fattr_layout.mntns_event));
	st->nr = READ_ONCE(*(const unsigned int *)(ns + fattr_layout.mntns_nr));
	return true;
}

/* Whether this kernel's BTF gives every part of a namespace's state. */
bool fattr_has_ns_state(void)
{
	return fattr_layout.mntns_id != FATTR_NO_OFFSET &&
	       fattr_layout.mntns_event != FATTR_NO_OFFSET &&
	       fattr_layout.mntns_nr != FATTR_NO_OFFSET;
}

static int fattr_id_cmp(const void *a, const void *b)
{
	const struct fattr_id_ent *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/**
 * fattr_map_lookup() - the mount with an id, from a current map
 * @st: the state of the caller's namespace, read under namespace_sem
 * @id: the mount id
 * @found: receives the mount, or NULL if the namespace has none of @id
 *
 * Called with namespace_sem held, under which *@found stays alive.
 *
 * Return: true if the namespace has a map for @st.
 */
bool fattr_map_lookup(const struct fattr_ns_state *st, int id,
		      struct mount **found)
{
	const struct fattr_id_ent key = { .id = id }, *e;
	struct fattr_id_map *map;
	bool hit = false;
	int i;

	rcu_read_lock();
	for (i = 0; i < FATTR_MAPS && !hit; i++) {
		map = rcu_dereference(fattr_maps[i]);
		if (!map || !fattr_ns_state_eq(&map->of, st))
			continue;
		hit = true;
		e = bsearch(&key, map->ent, map->n, sizeof(*e), fattr_id_cmp);
		*found = e ? e->mnt : NULL;
	}
	rcu_read_unlock();
	return hit;
}

/**
 * fattr_map_alloc() - an empty map
 * @cap: the mounts it can take
 *
 * Not under namespace_sem: it sleeps.
 *
 * Return: the map, or NULL.
 */
struct fattr_id_map *fattr_map_alloc(unsigned int cap)
{
	struct fattr_id_map *map;

	/* Sized by the caller's mount tree: charged to its memory cgroup. */
	map = kvmalloc(struct_size(map, ent, cap), GFP_KERNEL_ACCOUNT);
	if (map) {
		map->n = 0;
		map->cap = cap;
	}
	return map;
}

void fattr_map_free(struct fattr_id_map *map)
{
	kvfree(map);
}

void fattr_map_clear(struct fattr_id_map *map)
{
	map->n = 0;
}

/**
 * fattr_map_add() - add a mount of the walk to the map
 * @map: the map
 * @id: the mount's id
 * @mnt: the mount
 *
 * Return: false if the map is full.
 */
bool fattr_map_add(struct fattr_id_map *map, int id, struct mount *mnt)
{
	if (map->n >= map->cap)
		return false;
	map->ent[map->n++] = (struct fattr_id_ent) { .id = id, .mnt = mnt };
	return true;
}

/**
 * fattr_map_publish() - make @map the map of its namespace
 * @map: the map, filled by one walk of a namespace in state @of
 * @of: that state
 *
 * The map is fattr's from then on.  Not under namespace_sem (it sorts).
 */
void fattr_map_publish(struct fattr_id_map *map,
		       const struct fattr_ns_state *of)
{
	struct fattr_id_map *old, *slot;
	int i, at = -1;

	map->of = *of;
	sort(map->ent, map->n, sizeof(map->ent[0]), fattr_id_cmp, NULL);
	spin_lock(&fattr_maps_lock);
	for (i = 0; i < FATTR_MAPS && at < 0; i++) {
		slot = rcu_dereference_protected(fattr_maps[i],
						 lockdep_is_held(&fattr_maps_lock));
		if (!slot || slot->of.id == of->id)
			at = i;
	}
	if (at < 0)
		at = fattr_maps_next++ % FATTR_MAPS;
	old = rcu_replace_pointer(fattr_maps[at], map,
				  lockdep_is_held(&fattr_maps_lock));
	spin_unlock(&fattr_maps_lock);
	if (old)
		kvfree_rcu(old, rcu);
}

void fattr_maps_exit(void)
{
	int i;

	/* No caller is left: the hooks are gone (fattr_hooks_exit()). */
	for (i = 0; i < FATTR_MAPS; i++)
		kvfree(rcu_dereference_protected(fattr_maps[i], true));
}
