// SPDX-License-Identifier: GPL-2.0
/*
 * check_facts.c: the keys of statmount(2)'s facts and those no kernel
 * interface gives a shell (mnt_attr, mnt_propagation, mnt_peer_group,
 * mnt_master, propagate_from, sb_magic, sb_flags, mnt_parent_id,
 * mnt_ns_id, fs_subtype, uuid, bdev, and ":mntns_event"), each against
 * a source independent of fattr: statmount(2) where the kernel has the field, and else the
 * per-mount options, optional fields and super options of
 * /proc/self/mountinfo as this file reads them, statfs(2),
 * FS_IOC_GETFSUUID (6.9+), /sys/dev/block, poll(2) on mountinfo, and the
 * mounts as the tests make them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "statmount.h"
#include "suites.h"
#include "util.h"

/* <linux/mount.h>'s MOUNT_ATTR_* and <linux/fs.h>'s SB_* (ABI values). */
#define A_RDONLY	0x1ULL
#define A_NOSUID	0x2ULL
#define A_NODEV		0x4ULL
#define A_NOEXEC	0x8ULL
#define A_NOATIME	0x10ULL
#define A_STRICTATIME	0x20ULL
#define A_NODIRATIME	0x80ULL
#define A_IDMAP		0x100000ULL
#define A_NOSYMFOLLOW	0x200000ULL
#define P_PRIVATE	(1ULL << 18)
#define SB_RO		0x1ULL
#define SB_SYNC		0x10ULL
#define SB_DIRSYNC	0x80ULL
#define SB_LAZY		(1ULL << 25)

/* The value of KEY in mount @id's folder, NUL-terminated; NULL: errno. */
static char *key_of(int id, const char *key, int *err)
{
	char *name = xasprintf(":mntns:%d:%s", id, key), *v;
	struct xres r;

	x_lget(&r, "/", name);
	free(name);
	*err = r.ret < 0 ? r.err : 0;
	if (r.ret < 0) {
		x_free(&r);
		return NULL;
	}
	v = malloc(r.ret + 1);
	ck_assert_ptr_nonnull(v);
	memcpy(v, r.val, r.ret);
	v[r.ret] = 0;
	x_free(&r);
	return v;
}

/* Mount @id's @key is the decimal @exp (and :mnt:@key of @path, if set). */
static void expect_num(int id, const char *path, const char *key,
		       uint64_t exp, const char *from)
{
	char want[32], *name, *what;
	struct xres r;

	snprintf(want, sizeof(want), "%" PRIu64, exp);
	name = xasprintf(":mntns:%d:%s", id, key);
	what = xasprintf("%s (%s)", name, from);
	x_lget(&r, "/", name);
	expect_value(&r, want, strlen(want), what);
	x_free(&r);
	free(name);
	free(what);
	if (!path)
		return;
	name = xasprintf(":mnt:%s", key);
	what = xasprintf("%s of %s (%s)", name, path, from);
	x_lget(&r, path, name);
	expect_value(&r, want, strlen(want), what);
	x_free(&r);
	free(name);
	free(what);
}

/*
 * Whether @list, items separated by @sep, has an item @word, or (if
 * @tail) one that is @word, @tail and more ("shared" of "shared:12").
 */
static int has_word(const char *list, char sep, const char *word, char tail)
{
	size_t n = strlen(word);
	const char *p = list;

	while (p && *p) {
		if (!strncmp(p, word, n) &&
		    (p[n] == sep || !p[n] || (tail && p[n] == tail)))
			return 1;
		p = strchr(p, sep);
		if (p)
			p++;
	}
	return 0;
}

/* The bits of the words a comma-separated list has, from table @t. */
struct word_bit {
	const char *word;
	uint64_t bit;
};

static uint64_t bits_of(const char *list, const struct word_bit *t)
{
	uint64_t bits = 0;

	for (; t->word; t++)
		if (has_word(list, ',', t->word, 0))
			bits |= t->bit;
	return bits;
}

/* MOUNT_ATTR_* as show_mnt_opts() writes the per-mount options. */
static uint64_t attr_of_options(const char *o)
{
	static const struct word_bit t[] = {
		{ "ro", A_RDONLY }, { "nosuid", A_NOSUID },
		{ "nodev", A_NODEV }, { "noexec", A_NOEXEC },
		{ "nodiratime", A_NODIRATIME }, { "nosymfollow", A_NOSYMFOLLOW },
		{ "idmapped", A_IDMAP }, { "noatime", A_NOATIME }, { NULL, 0 },
	};
	uint64_t a = bits_of(o, t);

	if (!(a & A_NOATIME) && !has_word(o, ',', "relatime", 0))
		a |= A_STRICTATIME;
	return a;
}

/* SB_* as show_sb_opts() writes them after "ro"/"rw". */
static uint64_t sb_flags_of(const char *super)
{
	static const struct word_bit t[] = {
		{ "ro", SB_RO }, { "sync", SB_SYNC }, { "dirsync", SB_DIRSYNC },
		{ "lazytime", SB_LAZY }, { NULL, 0 },
	};

	return bits_of(super, t);
}

/* "NAME:N" of the optional fields @prop: N, or 0. */
static uint64_t prop_num(const char *prop, const char *name)
{
	char *pat = xasprintf("%s:", name);
	const char *p = prop;
	uint64_t n = 0;

	while (p && *p) {
		if (!strncmp(p, pat, strlen(pat)))
			n = strtoull(p + strlen(pat), NULL, 10);
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	free(pat);
	return n;
}

static int prop_has(const char *prop, const char *word)
{
	return has_word(prop, ' ', word, ':');
}

/*
 * propagate_from as the caller's mountinfo @mi tells it, for kernels
 * without statmount(2): show_mountinfo() writes "propagate_from:N" only
 * where the dominating group is neither 0 nor the master.  So: that N;
 * else, for a slave of group M, M if a record of @mi is a peer of M
 * ("shared:M"), else 0 (none in reach); 0 for a mount that is no slave.
 * Exact but for a peer whose mount point was renamed out of its bind's
 * root: the kernel counts it, mountinfo hides it.  No test makes one.
 */
static uint64_t propagate_from_of(const struct mountinfo *mi,
				  const char *prop)
{
	uint64_t n = prop_num(prop, "propagate_from");
	uint64_t m = prop_num(prop, "master");
	const char *line;
	int *ids, seen = 0;
	size_t i, nr, len;
	struct mi_keys k;

	if (n || !m)
		return n;
	nr = mi_ids(mi, &ids);
	for (i = 0; i < nr && !seen; i++) {
		line = mi_find(mi, ids[i], &len);
		ck_assert(line && !mi_keys(line, len, &k));
		seen = prop_num(k.v[MI_PROPAGATION], "shared") == m;
		mi_keys_free(&k);
	}
	free(ids);
	return seen ? m : 0;
}

/* Counts of what was compared with what, printed by the test. */
struct tally {
	int mounts, by_statmount, by_path, uuid_ioctl, uuid_none, bdev,
	    ns_id_kernel, opts_statmount, opts_record, opts_mnt_opts,
	    idmaps_statmount;
};

/* Mount @id's list @key is the @n bytes @exp. */
static void expect_list(int id, const char *key, const char *exp, size_t n,
			const char *from)
{
	char *name = xasprintf(":mntns:%d:%s", id, key);
	char *what = xasprintf("%s (%s)", name, from);
	struct xres r;

	x_lget(&r, "/", name);
	expect_value(&r, exp, n, what);
	x_free(&r);
	free(name);
	free(what);
}

/*
 * opt_array and opt_sec_array of mount @id (record @k, unique id @u):
 * statmount(2)'s OPT_ARRAY and OPT_SEC_ARRAY where the kernel has them
 * (its supported mask says so, 6.15+); else the record's super options
 * after "ro"/"rw" and show_sb_opts()'s flag words, split and unescaped
 * here, and no LSM options (the VM runs no SELinux, the only LSM that
 * writes any); where statmount(2) gives mnt_opts (6.11+: the file
 * system's options, and from 6.13 the LSMs' before them), those super
 * options must be exactly they.
 */
static void check_opts(int id, const struct mi_keys *k, uint64_t u,
		       struct tally *t)
{
	const char *o = k->v[MI_SUPEROPTIONS];
	struct sm *sm = u ? do_statmount(u, SM_OPT_ARRAY | SM_OPT_SEC_ARRAY |
					 SM_SUPPORTED_MASK | SM_MNT_OPTS) :
			NULL;
	size_t n = strlen(o), len;
	char *exp = malloc(n + 2);
	const char *s;

	ck_assert_ptr_nonnull(exp);
	if (sm_supports(sm, SM_OPT_ARRAY)) {
		t->opts_statmount++;
		s = sm_list(sm, SM_OPT_ARRAY, &len);
		expect_list(id, "opt_array", s, len, "statmount");
		s = sm_list(sm, SM_OPT_SEC_ARRAY, &len);
		expect_list(id, "opt_sec_array", s, len, "statmount");
		free(sm);
		free(exp);
		return;
	}
	ck_assert_msg(n >= 2 && (!strncmp(o, "rw", 2) || !strncmp(o, "ro", 2)),
		      "mount %d: super options \"%s\"", id, o);
	o = super_after_flags(o);
	if (sm && (sm->mask & SM_MNT_OPTS)) {
		t->opts_mnt_opts++;
		/* 6.12 sets the bit for empty options too. */
		ck_assert_msg(o[0] == ',' ?
			      !strcmp(o + 1, sm->str + sm->mnt_opts) :
			      !o[0] && !sm->str[sm->mnt_opts],
			      "mount %d: super options \"%s\" after the flags, "
			      "statmount's mnt_opts \"%s\"", id, o,
			      sm->str + sm->mnt_opts);
	}
	t->opts_record++;
	expect_list(id, "opt_array", exp, opts_list(exp, o, strlen(o)),
		    "mountinfo super options");
	expect_list(id, "opt_sec_array", "", 0, "no LSM options");
	free(sm);
	free(exp);
}

/*
 * mnt_uidmap and mnt_gidmap of mount @id (unique id @u) against
 * statmount(2)'s MNT_UIDMAP and MNT_GIDMAP where the kernel has them
 * (6.15+): the lists, or ENODATA where it sets neither (not idmapped).
 * check_idmap.c makes an idmapped mount and checks it on every kernel.
 */
static void check_idmaps(int id, uint64_t u, struct tally *t)
{
	static const char *const keys[] = { "mnt_uidmap", "mnt_gidmap" };
	struct sm *sm = u ? do_statmount(u, SM_MNT_UIDMAP | SM_MNT_GIDMAP |
					 SM_SUPPORTED_MASK) : NULL;
	char *name;
	struct xres r;
	const char *s;
	size_t len;
	int i;

	if (!sm_supports(sm, SM_MNT_UIDMAP)) {
		free(sm);
		return;
	}
	t->idmaps_statmount++;
	for (i = 0; i < 2; i++) {
		uint64_t bit = i ? SM_MNT_GIDMAP : SM_MNT_UIDMAP;

		if (sm->mask & bit) {
			s = sm_list(sm, bit, &len);
			expect_list(id, keys[i], s, len, "statmount");
			continue;
		}
		name = xasprintf(":mntns:%d:%s", id, keys[i]);
		x_lget(&r, "/", name);
		expect_errno(&r, ENODATA, name);
		x_free(&r);
		free(name);
	}
	free(sm);
}

/* uuid of mount @id at @path against FS_IOC_GETFSUUID of @path. */
static void check_uuid(int id, const char *path, struct tally *t)
{
	char want[FS_UUID_TEXT], *got;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int err, r;

	if (fd < 0)
		return;
	r = fs_uuid_text(fd, want);
	close(fd);
	if (r < 0) {
		/* ENOTTY: no UUID, or a kernel without the call (< 6.9). */
		t->uuid_none++;
		return;
	}
	t->uuid_ioctl++;
	got = key_of(id, "uuid", &err);
	if (!r) {
		ck_assert_msg(!got && err == ENODATA,
			      "%s: uuid \"%s\" (%s), FS_IOC_GETFSUUID: none",
			      path, got ? got : "", strerror(err));
		return;
	}
	ck_assert_msg(got && !strcmp(got, want),
		      "%s: uuid \"%s\" (%s), FS_IOC_GETFSUUID \"%s\"", path,
		      got ? got : "", strerror(err), want);
	free(got);
}

/* bdev of mount @id at @path: the name /sys/dev/block gives its st_dev. */
static void check_bdev(int id, const char *path, struct tally *t)
{
	char link[64], target[PATH_MAX], *want = NULL, *got;
	struct stat st;
	ssize_t n;
	int err;

	if (lstat(path, &st))
		return;
	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u",
		 major(st.st_dev), minor(st.st_dev));
	n = readlink(link, target, sizeof(target) - 1);
	if (n > 0) {
		target[n] = 0;
		want = strrchr(target, '/') + 1;
	}
	got = key_of(id, "bdev", &err);
	if (want) {
		t->bdev++;
		ck_assert_msg(got && !strcmp(got, want),
			      "%s: bdev \"%s\" (%s), %s names \"%s\"", path,
			      got ? got : "", strerror(err), link, want);
	} else {
		ck_assert_msg(!got && err == ENODATA,
			      "%s: bdev \"%s\", but %s is no block device",
			      path, got ? got : "", link);
	}
	free(got);
}

/*
 * The facts of mount @id (record @k) against the record as this file
 * reads it, statmount(2) where the kernel has it, and through its mount
 * point (statfs(2), FS_IOC_GETFSUUID, /sys/dev/block) where that path
 * reaches it.
 */
static void check_mount(const struct mountinfo *mi, int id,
			const struct mi_keys *k, uint64_t ns_id,
			struct tally *t)
{
	const char *path = NULL, *dot;
	uint64_t u = have_statmount() ? mnt_unique_of(id) : 0;
	struct sm *sm = u ? do_statmount(u, SM_SB_BASIC | SM_MNT_BASIC |
					 SM_PROPAGATE_FROM) : NULL;
	struct sm *more;
	struct statfs sf;
	char *got;
	int err;

	t->mounts++;
	if (path_mnt_id(k->v[MI_MOUNTPOINT], AT_SYMLINK_NOFOLLOW) == id) {
		path = k->v[MI_MOUNTPOINT];
		t->by_path++;
	}
	expect_num(id, path, "mnt_attr", attr_of_options(k->v[MI_OPTIONS]),
		   "mountinfo options");
	expect_num(id, path, "sb_flags", sb_flags_of(k->v[MI_SUPEROPTIONS]),
		   "mountinfo super options");
	expect_num(id, path, "mnt_peer_group",
		   prop_num(k->v[MI_PROPAGATION], "shared"),
		   "mountinfo shared:");
	expect_num(id, path, "mnt_master",
		   prop_num(k->v[MI_PROPAGATION], "master"),
		   "mountinfo master:");
	if (!sm)
		expect_num(id, path, "propagate_from",
			   propagate_from_of(mi, k->v[MI_PROPAGATION]),
			   "mountinfo master: and shared:");
	expect_num(id, path, "mnt_propagation",
		   (prop_has(k->v[MI_PROPAGATION], "shared") ? 1ULL << 20 : 0) |
		   (prop_has(k->v[MI_PROPAGATION], "master") ? 1ULL << 19 : 0) |
		   (prop_has(k->v[MI_PROPAGATION], "unbindable") ?
		    1ULL << 17 : 0) ?:
		   P_PRIVATE, "mountinfo optional fields");
	/* fs_subtype: after the type's '.'; statmount's below. */
	dot = strchr(k->v[MI_FSTYPE], '.');
	got = key_of(id, "fs_subtype", &err);
	if (dot)
		ck_assert_msg(got && !strcmp(got, dot + 1),
			      "mount %d: fs_subtype \"%s\" (%s), fstype %s",
			      id, got ? got : "", strerror(err),
			      k->v[MI_FSTYPE]);
	else
		ck_assert_msg(!got && err == ENODATA,
			      "mount %d: fs_subtype \"%s\" without a subtype",
			      id, got ? got : "");
	free(got);
	if (ns_id)
		expect_num(id, path, "mnt_ns_id", ns_id, "namespace id");
	if (sm) {
		t->by_statmount++;
		expect_num(id, path, "mnt_attr", sm->mnt_attr, "statmount");
		expect_num(id, path, "sb_flags", sm->sb_flags, "statmount");
		expect_num(id, path, "sb_magic", sm->sb_magic, "statmount");
		expect_num(id, path, "mnt_propagation", sm->mnt_propagation,
			   "statmount");
		expect_num(id, path, "mnt_peer_group", sm->mnt_peer_group,
			   "statmount");
		expect_num(id, path, "mnt_master", sm->mnt_master,
			   "statmount");
		expect_num(id, path, "mnt_parent_id", sm->mnt_parent_id,
			   "statmount");
		ck_assert_msg(sm->mask & SM_PROPAGATE_FROM,
			      "mount %d: statmount PROPAGATE_FROM", id);
		expect_num(id, path, "propagate_from", sm->propagate_from,
			   "statmount");
		more = do_statmount(u, SM_MNT_NS_ID);
		if (more && (more->mask & SM_MNT_NS_ID))
			expect_num(id, path, "mnt_ns_id", more->mnt_ns_id,
				   "statmount");
		free(more);
	} else if (path && !statfs(path, &sf)) {
		/* ->statfs() gives f_type = s_magic on these file systems. */
		expect_num(id, path, "sb_magic", (unsigned long)sf.f_type,
			   "statfs f_type");
	}
	free(sm);
	check_opts(id, k, u, t);
	check_idmaps(id, u, t);
	if (path) {
		check_uuid(id, path, t);
		check_bdev(id, path, t);
	}
}

/*
 * The namespace's id: statmount's where it gives one (6.11+), ioctl
 * NS_GET_MNTNS_ID of /proc/self/ns/mnt (6.12+); else 0 (not compared by
 * value, only for being one for every mount).
 */
static uint64_t kernel_ns_id(void)
{
	uint64_t id = 0;
	int fd = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	/* NS_GET_MNTNS_ID: _IOR(0xb7, 0x5, __u64) */
	if (ioctl(fd, _IOR(0xb7, 0x5, uint64_t), &id))
		id = 0;
	close(fd);
	return id;
}

/*
 * Every mount of the caller's /proc/self/mountinfo, as check_mount()
 * checks one; and mnt_ns_id, one value for all of them where the kernel
 * gives one (@ns_id), else nothing (6.1's would be a count of every
 * namespace made).
 */
static void check_mounts(uint64_t ns_id, struct tally *t)
{
	struct mountinfo mi;
	uint64_t first = 0;
	size_t n, i, len;
	int *ids, err;
	char *v;

	ck_assert(!mi_read(&mi, "/proc/self/mountinfo"));
	n = mi_ids(&mi, &ids);
	for (i = 0; i < n; i++) {
		const char *line = mi_find(&mi, ids[i], &len);
		struct mi_keys k;

		ck_assert(!mi_keys(line, len, &k));
		v = key_of(ids[i], "mnt_ns_id", &err);
		if (!ns_id) {
			ck_assert_msg(!v && err == ENODATA, "mount %d: mnt_ns_id "
				      "\"%s\" on a kernel without "
				      "NS_GET_MNTNS_ID", ids[i], v ? v : "");
		} else {
			ck_assert_msg(v && v[0] >= '1' && v[0] <= '9',
				      "mount %d: mnt_ns_id \"%s\" (%s)", ids[i],
				      v ? v : "", strerror(err));
			if (!first)
				first = strtoull(v, NULL, 10);
			ck_assert_msg(strtoull(v, NULL, 10) == first,
				      "mount %d: mnt_ns_id %s, mount %d's %"
				      PRIu64, ids[i], v, ids[0], first);
		}
		free(v);
		check_mount(&mi, ids[i], &k, ns_id, t);
		mi_keys_free(&k);
	}
	free(ids);
	mi_free(&mi);
}

/* Every mount of the caller's namespace, and some made for the test. */
START_TEST(test_facts_every_mount)
{
	const char *s = scratch();
	struct tally t = { 0 };
	uint64_t ns_id = kernel_ns_id();
	char *p;

	/* Propagation of every kind, and flags of every kind. */
	p = xasprintf("%s/shared", s);
	xmkdir(p);
	xtmpfs("facts-shared", p);
	ck_assert(!mount(NULL, p, NULL, MS_SHARED, NULL));
	xbind(p, xasprintf("%s/slave", s));
	ck_assert(!mount(NULL, xasprintf("%s/slave", s), NULL, MS_SLAVE, NULL));
	xbind(p, xasprintf("%s/unb", s));
	ck_assert(!mount(NULL, xasprintf("%s/unb", s), NULL, MS_UNBINDABLE,
			 NULL));
	xmkdir(xasprintf("%s/flags", s));
	xmount("facts-flags", xasprintf("%s/flags", s), "tmpfs",
	       MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOATIME | MS_NODIRATIME |
	       MS_SYNCHRONOUS | MS_DIRSYNC | MS_LAZYTIME, NULL);
	xmkdir(xasprintf("%s/strict", s));
	xmount("facts-strict", xasprintf("%s/strict", s), "tmpfs",
	       MS_STRICTATIME | MS_RDONLY, NULL);

	check_mounts(ns_id, &t);
	ck_assert_int_gt(t.mounts, 5);
	printf("check_facts: %d mounts, %d by path too, %d against "
	       "statmount, namespace id %s, uuid by FS_IOC_GETFSUUID %d "
	       "(%d without), bdev by /sys/dev/block %d; option lists: %d "
	       "against statmount's, %d against the record (%d of them "
	       "also against mnt_opts); id maps: %d against statmount's\n",
	       t.mounts,
	       t.by_path, t.by_statmount,
	       ns_id ? "against NS_GET_MNTNS_ID" : "not served (6.11+)",
	       t.uuid_ioctl,
	       t.uuid_none, t.bdev, t.opts_statmount, t.opts_record,
	       t.opts_mnt_opts, t.idmaps_statmount);
	ck_assert_int_eq(t.opts_statmount + t.opts_record, t.mounts);
}
END_TEST

/* Peer group N of the shared mount at @path ("shared:N" of its record). */
static uint64_t group_of(const struct mountinfo *mi, const char *path)
{
	const char *line;
	struct mi_keys k;
	uint64_t n;
	size_t len;

	line = mi_find(mi, path_mnt_id(path, AT_SYMLINK_NOFOLLOW), &len);
	ck_assert_msg(line && !mi_keys(line, len, &k), "no record of %s",
		      path);
	n = prop_num(k.v[MI_PROPAGATION], "shared");
	mi_keys_free(&k);
	ck_assert_msg(n, "%s is not shared", path);
	return n;
}

#define ROOTED 4

/* What a thread of its own root reads (test_propagate_from_chroot). */
struct rooted {
	const char *root;
	int ids[ROOTED];
	char *got[ROOTED];
	int err[ROOTED];
};

static void *rooted_reader(void *arg)
{
	struct rooted *r = arg;
	int i;

	if (unshare(CLONE_FS) || chroot(r->root) || chdir("/"))
		return NULL;
	for (i = 0; i < ROOTED; i++)
		r->got[i] = key_of(r->ids[i], "propagate_from", &r->err[i]);
	return NULL;
}

/* Mount @id's propagate_from, read by a thread chrooted to @root. */
static void expect_rooted(const struct rooted *r, int i, uint64_t exp)
{
	char want[32];

	snprintf(want, sizeof(want), "%" PRIu64, exp);
	ck_assert_msg(r->got[i] && !strcmp(r->got[i], want),
		      "mount %d: propagate_from \"%s\" (%s) in a thread "
		      "chrooted to %s, expected %s", r->ids[i],
		      r->got[i] ? r->got[i] : "", strerror(r->err[i]),
		      r->root, want);
}

/* Mount @id's export has the line PROPAGATE_FROM='@exp'. */
static void expect_export_from(int id, uint64_t exp, const char *how)
{
	char *v = key_of(id, "export", &(int){ 0 });
	char *want = xasprintf("\nPROPAGATE_FROM='%" PRIu64 "'\n", exp);

	ck_assert_msg(v && strstr(v, want), "mount %d: export (%s) without "
		      "%s", id, how, want + 1);
	free(want);
	free(v);
}

/*
 * propagate_from where it is neither 0 nor the master, 0 for a slave, and
 * the master's group found past peers out of reach.  /a (group G1) is in
 * the chroot; b, a slave of G1 and shared (G2), is not; /c is a slave of
 * G2, so in the chroot G1 dominates it.  x (Gx) is not in the chroot and
 * /d is a slave of Gx: in the chroot none dominates it.  /e is a slave of
 * y0 (Gy), whose ring is y0, y1 (both out of the chroot) and /y: the walk
 * finds Gy at the third peer.  Last, the scratch mount (Gt) is made
 * shared and /f a slave of it: in the chroot its only peer is the mount
 * the root is on, whose own root is above the chroot: none dominates /f.
 * Outside, all give their master.  The groups are the records' as made.
 * By a thread with a root of its own: without /proc in it, EACCES (no
 * mountinfo the thread could read; doc/design.md "Security model"); with
 * one, as above (the leader's file gives the verdict, fattr's private
 * instance renders).  Then the process chrooted there, with that /proc.
 */
START_TEST(test_propagate_from_chroot)
{
	const char *s = scratch();
	char *root = xasprintf("%s/root", s), *b = xasprintf("%s/b", s);
	char *x = xasprintf("%s/x", s), *a = xasprintf("%s/a", root);
	char *c = xasprintf("%s/c", root), *d = xasprintf("%s/d", root);
	char *y0 = xasprintf("%s/y0", s), *e = xasprintf("%s/e", root);
	char *f = xasprintf("%s/f", root);
	/* The slaves /c, /d, /e, /f: paths, masters, values in the chroot. */
	const char *out[ROOTED] = { c, d, e, f };
	const char *in[ROOTED] = { "/c", "/d", "/e", "/f" };
	uint64_t g1, g2, gx, gy, gt, master[ROOTED], inside[ROOTED];
	struct rooted r = { .root = root };
	struct tally t = { 0 };
	struct mountinfo mi;
	pthread_t thread;
	int i;

	xmkdir(root);
	xtmpfs("facts-g1", a);
	xmount(NULL, a, NULL, MS_SHARED, NULL);
	xbind(a, b);
	xmount(NULL, b, NULL, MS_SLAVE, NULL);
	xmount(NULL, b, NULL, MS_SHARED, NULL);
	xbind(b, c);
	xmount(NULL, c, NULL, MS_SLAVE, NULL);
	xtmpfs("facts-gx", x);
	xmount(NULL, x, NULL, MS_SHARED, NULL);
	xbind(x, d);
	xmount(NULL, d, NULL, MS_SLAVE, NULL);
	xtmpfs("facts-gy", y0);
	xmount(NULL, y0, NULL, MS_SHARED, NULL);
	xbind(y0, e);
	xmount(NULL, e, NULL, MS_SLAVE, NULL);
	/* Each bind joins the ring just after y0: y0, y1, y. */
	xbind(y0, xasprintf("%s/y", root));
	xbind(y0, xasprintf("%s/y1", s));
	xmount(NULL, s, NULL, MS_SHARED, NULL);
	xbind(s, f);
	xmount(NULL, f, NULL, MS_SLAVE, NULL);
	ck_assert(!mi_read(&mi, "/proc/self/mountinfo"));
	g1 = group_of(&mi, a);
	g2 = group_of(&mi, b);
	gx = group_of(&mi, x);
	gy = group_of(&mi, y0);
	gt = group_of(&mi, s);
	mi_free(&mi);
	master[0] = g2, inside[0] = g1;
	master[1] = gx, inside[1] = 0;
	master[2] = gy, inside[2] = gy;
	master[3] = gt, inside[3] = 0;
	for (i = 0; i < ROOTED; i++) {
		r.ids[i] = path_mnt_id(out[i], AT_SYMLINK_NOFOLLOW);
		expect_num(r.ids[i], out[i], "propagate_from", master[i],
			   "its master, in reach");
	}
	expect_export_from(r.ids[0], g2, "outside");

	ck_assert(!pthread_create(&thread, NULL, rooted_reader, &r));
	ck_assert(!pthread_join(thread, NULL));
	for (i = 0; i < ROOTED; i++) {
		ck_assert_msg(!r.got[i] && r.err[i] == EACCES, "mount %d: "
			      "propagate_from \"%s\" (%s) in a thread chrooted "
			      "to %s without /proc, expected %s", r.ids[i],
			      r.got[i] ? r.got[i] : "", strerror(r.err[i]),
			      root, strerror(EACCES));
		free(r.got[i]);
	}
	xmkdir(xasprintf("%s/proc", root));
	xmount("proc", xasprintf("%s/proc", root), "proc", 0, NULL);
	ck_assert(!pthread_create(&thread, NULL, rooted_reader, &r));
	ck_assert(!pthread_join(thread, NULL));
	for (i = 0; i < ROOTED; i++)
		expect_rooted(&r, i, inside[i]);
	/* The process's own root is still the namespace's. */
	expect_num(r.ids[1], d, "propagate_from", gx, "outside, after");

	ck_assert_msg(!chroot(root) && !chdir("/"), "chroot %s: %s", root,
		      strerror(errno));
	for (i = 0; i < ROOTED; i++) {
		expect_num(r.ids[i], in[i], "propagate_from", inside[i],
			   "with /proc");
		expect_num(r.ids[i], in[i], "mnt_master", master[i],
			   "with /proc");
		expect_export_from(r.ids[i], inside[i], "with /proc");
	}
	check_mounts(kernel_ns_id(), &t);
	ck_assert_int_ge(t.mounts, 5);
	printf("check_facts: propagate_from in a chroot: G1 %" PRIu64
	       ", G2 %" PRIu64 ", Gx %" PRIu64 ", Gy %" PRIu64 ", Gt %"
	       PRIu64 "; %d mounts, %d against statmount\n", g1, g2, gx, gy,
	       gt, t.mounts, t.by_statmount);
}
END_TEST

/* A new mount namespace has another id. */
START_TEST(test_facts_ns_id_differs)
{
	char *before;
	struct xres r;

	if (!have_mntns_id()) {
		printf("check_facts: no NS_GET_MNTNS_ID (6.11+): mnt_ns_id "
		       "not served, not compared\n");
		return;
	}
	before = key_of(path_mnt_id("/", 0), "mnt_ns_id", &(int){ 0 });
	ck_assert_ptr_nonnull(before);
	private_ns();
	x_lget(&r, "/", ":mnt:mnt_ns_id");
	ck_assert_msg(r.ret > 0 && ((size_t)r.ret != strlen(before) ||
				    memcmp(r.val, before, r.ret)),
		      "mnt_ns_id in a new namespace: \"%s\", before \"%s\"",
		      r.ret > 0 ? esc(r.val, r.ret) : strerror(r.err), before);
	x_free(&r);
	free(before);
}
END_TEST

/* ":mntns_event" now, as a string. */
static char *ns_event(void)
{
	struct xres r;
	char *v;

	x_get(&r, "/", ":mntns_event");
	ck_assert_msg(r.ret > 0, ":mntns_event: %s", strerror(r.err));
	v = strndup(r.val, r.ret);
	ck_assert_msg(strspn(v, "0123456789") == strlen(v),
		      ":mntns_event \"%s\" is not a number", v);
	x_free(&r);
	return v;
}

/* Whether poll(2) on mountinfo @fd says the namespace changed. */
static int polled(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLPRI };

	ck_assert_int_ge(poll(&p, 1, 0), 0);
	return !!(p.revents & POLLPRI);
}

/*
 * One step: @changes says whether the namespace changed (1), did not
 * (0), or whatever poll(2) on mountinfo says (-1).  The event must
 * change where poll(2) sees a change, and where @changes says so.
 */
static void step(const char *what, int changes, int fd, char **last)
{
	char *now = ns_event();
	int changed = strcmp(now, *last) != 0, seen = polled(fd);

	if (changes < 0)
		changes = seen;
	ck_assert_msg(changed == changes, ":mntns_event after %s: %s -> %s "
		      "(poll on mountinfo: %s)", what, *last, now,
		      seen ? "changed" : "unchanged");
	ck_assert_msg(changed || !seen, ":mntns_event unchanged after %s, "
		      "which poll on mountinfo saw", what);
	free(*last);
	*last = now;
}

START_TEST(test_mntns_event)
{
	const char *s = scratch();
	char *last, *before, *a = xasprintf("%s/a", s);
	char *b = xasprintf("%s/b", s), *c = xasprintf("%s/c", s);
	struct { uint64_t set, clr, prop, userns; } attr = { 0, 0,
		1ULL << 20, 0 };
	struct stat st;
	pid_t pid;
	int fd, status;

	xmkdir(a);
	xmkdir(b);
	xmkdir(c);
	fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	ck_assert_int_ge(fd, 0);
	polled(fd);
	last = ns_event();
	step("nothing", 0, fd, &last);
	ck_assert(!stat(a, &st));
	free(read_all(fd, &(size_t){ 0 }));
	step("stat and a read of mountinfo", 0, fd, &last);
	xtmpfs("ev", a);
	step("mount", 1, fd, &last);
	xbind(a, b);
	step("bind mount", 1, fd, &last);
	ck_assert(!mount(NULL, b, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY,
			 NULL));
	step("remount read-only", 1, fd, &last);
	ck_assert(!mount(NULL, a, NULL, MS_REMOUNT, "size=1m"));
	step("remount with an option", 1, fd, &last);
	ck_assert(!mount(b, c, NULL, MS_MOVE, NULL));
	step("move", 1, fd, &last);
	/*
	 * mount(2)'s MS_SHARED: seen where the kernel bumps the namespace's
	 * event (which poll(2) on mountinfo shows); the outcome is printed,
	 * for fattr(7)'s list of the kernels that do.
	 */
	before = strdup(last);
	ck_assert_ptr_nonnull(before);
	ck_assert(!mount(NULL, a, NULL, MS_SHARED, NULL));
	step("mount --make-shared", -1, fd, &last);
	printf("check_facts: :mntns_event after mount(2)'s MS_SHARED: %s\n",
	       strcmp(before, last) ? "changed" : "unchanged");
	free(before);
	if (!syscall(442 /* mount_setattr */, AT_FDCWD, c, 0, &attr,
		     sizeof(attr)))
		step("mount_setattr(MOUNT_ATTR propagation shared)", 1, fd,
		     &last);
	ck_assert(!umount2(c, 0));
	step("umount", 1, fd, &last);
	/* Another namespace's change is not this one's. */
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		if (unshare(CLONE_NEWNS) ||
		    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		    mount("x", a, "tmpfs", 0, NULL))
			_exit(1);
		_exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && !WEXITSTATUS(status));
	step("a mount in another namespace", 0, fd, &last);
	ck_assert(!umount2(a, MNT_DETACH));
	step("umount -l", 1, fd, &last);
	close(fd);
	free(last);
}
END_TEST

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

/*
 * Signals arriving during an export (a timer every 50 us, SA_RESTART)
 * change nothing: every call answers whole, with the record's keys.
 * Before 2026-12-05 a pending signal ended an export with the error of
 * the key it was on (mostly ENODATA, fs_subtype's).  3,000 exports, or as
 * many as a third of the timeout allows, 300 at least: the 6.1 debug
 * kernel made 3,000 under 1.5 million signals in about 15 minutes.
 */
START_TEST(test_export_under_signals)
{
	struct sigaction sa = { .sa_handler = on_alarm, .sa_flags = SA_RESTART };
	struct itimerval it = { { 0, 50 }, { 0, 50 } };
	const char *want = "\nFSTYPE='proc'\n";
	double t0 = now(), budget = test_budget();
	struct xres r;
	int i, bad = 0, err = 0;

	ck_assert(!sigaction(SIGALRM, &sa, NULL));
	ck_assert(!setitimer(ITIMER_REAL, &it, NULL));
	for (i = 0; i < 3000 && (i < 300 || now() - t0 < budget); i++) {
		x_get(&r, "/proc", ":mnt:export");
		if (r.ret <= 0 || !memmem(r.val, r.ret, want, strlen(want))) {
			bad++;
			err = r.ret < 0 ? r.err : 0;
		}
		x_free(&r);
	}
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	printf("check_facts: %d exports under %d signals in %.0f s\n", i,
	       (int)alarms, now() - t0);
	ck_assert_msg(!bad, "%d of %d exports under signals failed (last: "
		      "%s)", bad, i, err ? strerror(err) : "a wrong value");
	ck_assert_int_gt(alarms, 100);
}
END_TEST

/* The root folder lists mntns_event; a mount folder does not. */
START_TEST(test_mntns_event_names)
{
	struct xres r;

	x_get(&r, "/", ":mnt:mntns_event");
	expect_errno(&r, ENODATA, ":mnt:mntns_event");
	x_free(&r);
	x_get(&r, "/", ":mntns:mntns_event");
	expect_errno(&r, ENODATA, ":mntns:mntns_event");
	x_free(&r);
	x_get(&r, "/", ":mntns_event:");
	expect_errno(&r, ENODATA, ":mntns_event:");
	x_free(&r);
	x_get(&r, "/", ":mntns_events");
	expect_errno(&r, ENODATA, ":mntns_events");
	x_free(&r);
}
END_TEST

Suite *facts_suite(void)
{
	Suite *s = suite_create("facts");
	TCase *tc = tcase_create("facts");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_facts_every_mount);
	tcase_add_test(tc, test_facts_ns_id_differs);
	tcase_add_test(tc, test_propagate_from_chroot);
	tcase_add_test(tc, test_mntns_event);
	tcase_add_test(tc, test_mntns_event_names);
	tcase_add_test(tc, test_export_under_signals);
	suite_add_tcase(s, tc);
	return s;
}
