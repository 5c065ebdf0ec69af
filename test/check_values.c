// SPDX-License-Identifier: GPL-2.0
/*
 * check_values.c: one value per key.  Every key of the mount folders
 * (":mnt:KEY" of a path, ":mntns:ID:KEY") against what the test derives
 * itself from /proc/self/mountinfo, read at the same moment; where the
 * kernel has statmount(2) (6.8+), against statmount's fields too; and
 * "statfs:" against statfs(2) of the same path.  The mounts: whatever the
 * VM has, plus odd characters in mount points and sources, a bind mount
 * of a subdirectory, a read-only bind, shared, slave, unbindable and
 * propagate_from, an overmount, a chroot and a new mount namespace.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "statmount.h"
#include "suites.h"
#include "util.h"

/* Failures found so far, as text: a chrooted child sends them up. */
struct report {
	char text[8192];
	size_t len;
	int n;
	int compared;		/* keys compared */
	int by_path;		/* mounts compared through ":mnt:" too */
	int by_statmount;	/* mounts compared with statmount(2) */
};

static void note_fail(struct report *rep, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note_fail(struct report *rep, const char *fmt, ...)
{
	va_list ap;

	rep->n++;
	if (rep->len >= sizeof(rep->text) - 2)
		return;
	va_start(ap, fmt);
	rep->len += vsnprintf(rep->text + rep->len,
			      sizeof(rep->text) - rep->len - 1, fmt, ap);
	va_end(ap);
	if (rep->len > sizeof(rep->text) - 2)
		rep->len = sizeof(rep->text) - 2;
	rep->text[rep->len++] = '\n';
	rep->text[rep->len] = 0;
}

/* Compare an answer with the @len bytes at @exp. */
static void same(struct report *rep, const struct xres *r, const char *exp,
		 size_t len, const char *what)
{
	rep->compared++;
	if (r->ret < 0) {
		note_fail(rep, "%s: %s, expected \"%s\"", what, strerror(r->err),
		     esc(exp, len));
		return;
	}
	if ((size_t)r->ret != len || memcmp(r->val, exp, len))
		note_fail(rep, "%s: \"%s\", expected \"%s\"", what,
		     esc(r->val, r->ret), esc(exp, len));
}

static void same_errno(struct report *rep, const struct xres *r, int err,
		       const char *what)
{
	rep->compared++;
	if (r->ret >= 0)
		note_fail(rep, "%s: \"%s\", expected %s", what,
		     esc(r->val, r->ret), strerror(err));
	else if (r->err != err)
		note_fail(rep, "%s: %s, expected %s", what, strerror(r->err),
		     strerror(err));
}

/* How a key is asked for: a path, a descriptor, or by id. */
struct way {
	const char *path;	/* lgetxattr, if set */
	int fd;			/* fgetxattr, if >= 0 */
	int id;			/* else ":mntns:ID:" */
};

static void ask(struct xres *r, const struct way *w, const char *key,
		char *what, size_t size)
{
	char name[128];

	if (w->path || w->fd >= 0)
		snprintf(name, sizeof(name), ":mnt:%s", key);
	else
		snprintf(name, sizeof(name), ":mntns:%d:%s", w->id, key);
	if (w->path) {
		x_lget(r, w->path, name);
		snprintf(what, size, "lgetxattr(\"%s\", \"%s\")",
			 esc(w->path, strlen(w->path)), name);
	} else if (w->fd >= 0) {
		x_fget(r, w->fd, name);
		snprintf(what, size, "fgetxattr(%d, \"%s\")", w->fd, name);
	} else {
		x_lget(r, "/", name);
		snprintf(what, size, "lgetxattr(\"/\", \"%s\")", name);
	}
}

static uint64_t parse_u64(const struct xres *r)
{
	char buf[32];

	if (r->ret <= 0 || r->ret >= (ssize_t)sizeof(buf))
		return 0;
	memcpy(buf, r->val, r->ret);
	buf[r->ret] = 0;
	return strtoull(buf, NULL, 10);
}

/*
 * The keys of mount @id (its record @k) against statmount(2) of its
 * unique id, as fattr gives it.
 */
static void check_statmount(struct report *rep, int id,
			    const struct mi_keys *k, uint64_t u)
{
	static const uint64_t base = SM_SB_BASIC | SM_MNT_BASIC |
		SM_PROPAGATE_FROM | SM_MNT_ROOT | SM_MNT_POINT | SM_FS_TYPE;
	struct sm *sm = do_statmount(u, base), *more;
	char exp[512], *p = exp;
	size_t n;
	int bad;

	if (!sm) {
		note_fail(rep, "mount %d: statmount(%" PRIu64 "): %s", id, u,
		     strerror(errno));
		return;
	}
	rep->by_statmount++;
	snprintf(exp, sizeof(exp), "%u", sm->mnt_id_old);
	if (sm->mnt_id != u || strcmp(exp, k->v[MI_ID]))
		note_fail(rep, "mount %d: unique_id %" PRIu64 " is statmount's mount %s",
		     id, u, exp);
	snprintf(exp, sizeof(exp), "%u", sm->mnt_parent_id_old);
	if (strcmp(exp, k->v[MI_PARENT]))
		note_fail(rep, "mount %d: parent %s, statmount %s", id,
		     k->v[MI_PARENT], exp);
	snprintf(exp, sizeof(exp), "%u:%u", sm->sb_dev_major,
		 sm->sb_dev_minor);
	if (strcmp(exp, k->v[MI_DEV]))
		note_fail(rep, "mount %d: dev %s, statmount %s", id, k->v[MI_DEV],
		     exp);
	if (strcmp(sm->str + sm->mnt_root, k->v[MI_ROOT]))
		note_fail(rep, "mount %d: root \"%s\", statmount \"%s\"", id,
		     esc(k->v[MI_ROOT], k->len[MI_ROOT]), sm->str + sm->mnt_root);
	if (strcmp(sm->str + sm->mnt_point, k->v[MI_MOUNTPOINT]))
		note_fail(rep, "mount %d: mountpoint \"%s\", statmount \"%s\"", id,
		     esc(k->v[MI_MOUNTPOINT], k->len[MI_MOUNTPOINT]),
		     sm->str + sm->mnt_point);
	/* The optional fields, as show_mountinfo() writes them. */
	*p = 0;
	if (sm->mnt_propagation & SM_MS_SHARED)
		p += sprintf(p, " shared:%" PRIu64, sm->mnt_peer_group);
	if (sm->mnt_propagation & SM_MS_SLAVE) {
		p += sprintf(p, " master:%" PRIu64, sm->mnt_master);
		if (sm->propagate_from && sm->propagate_from != sm->mnt_master)
			p += sprintf(p, " propagate_from:%" PRIu64,
				     sm->propagate_from);
	}
	if (sm->mnt_propagation & SM_MS_UNBINDABLE)
		p += sprintf(p, " unbindable");
	if (strcmp(exp[0] ? exp + 1 : exp, k->v[MI_PROPAGATION]))
		note_fail(rep, "mount %d: propagation \"%s\", statmount \"%s\"", id,
		     k->v[MI_PROPAGATION], exp[0] ? exp + 1 : exp);
	/* fstype: type, and ".subtype" where statmount has one (6.15+). */
	n = strlen(sm->str + sm->fs_type);
	more = do_statmount(u, SM_FS_SUBTYPE);
	if (more && (more->mask & SM_FS_SUBTYPE)) {
		if (more->str[more->fs_subtype])
			snprintf(exp, sizeof(exp), "%s.%s",
				 sm->str + sm->fs_type,
				 more->str + more->fs_subtype);
		else
			snprintf(exp, sizeof(exp), "%s", sm->str + sm->fs_type);
		bad = strcmp(exp, k->v[MI_FSTYPE]);
	} else {
		/* 6.12: no subtype; the type, then "." or the end. */
		snprintf(exp, sizeof(exp), "%s[.SUBTYPE]",
			 sm->str + sm->fs_type);
		bad = strncmp(sm->str + sm->fs_type, k->v[MI_FSTYPE], n) ||
		      (k->v[MI_FSTYPE][n] && k->v[MI_FSTYPE][n] != '.');
	}
	if (bad)
		note_fail(rep, "mount %d: fstype \"%s\", statmount \"%s\"", id,
			  k->v[MI_FSTYPE], exp);
	free(more);
	more = do_statmount(u, SM_SB_SOURCE);
	if (more && (more->mask & SM_SB_SOURCE) &&
	    strcmp(more->str + more->sb_source, k->v[MI_SOURCE]))
		note_fail(rep, "mount %d: source \"%s\", statmount \"%s\"", id,
		     esc(k->v[MI_SOURCE], k->len[MI_SOURCE]),
		     more->str + more->sb_source);
	free(more);
	free(sm);
}

/* statx's STATX_MNT_ID_UNIQUE (6.8) of @path, or 0. */
static uint64_t path_unique_id(const char *path)
{
	struct statx stx;

	if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW | AT_STATX_DONT_SYNC,
		  0x4000U, &stx) ||
	    !(stx.stx_mask & 0x4000U))
		return 0;
	return stx.stx_mnt_id;
}

/*
 * Every key of the mount of record @line, asked @w's way, against the
 * record's own fields.  Returns the unique id fattr gave, or 0.
 */
static uint64_t check_keys(struct report *rep, const struct way *w,
			   const char *line, size_t len)
{
	struct mi_keys k;
	struct xres r;
	char what[512], *exp;
	uint64_t u = 0;
	size_t n;
	int key;

	if (mi_keys(line, len, &k)) {
		note_fail(rep, "not a mountinfo record: \"%s\"", esc(line, len));
		return 0;
	}
	ask(&r, w, "info", what, sizeof(what));
	same(rep, &r, line, len, what);
	x_free(&r);
	for (key = 0; key < MI_NKEYS; key++) {
		ask(&r, w, mi_key_names[key], what, sizeof(what));
		same(rep, &r, k.v[key], k.len[key], what);
		x_free(&r);
	}
	ask(&r, w, "", what, sizeof(what));
	exp = mount_folder(&n);
	same(rep, &r, exp, n, what);
	x_free(&r);
	ask(&r, w, "statfs:", what, sizeof(what));
	same(rep, &r, STATFS_VALUE, STATFS_LEN, what);
	x_free(&r);
	ask(&r, w, "unique_id", what, sizeof(what));
	if (!have_statmount()) {
		same_errno(rep, &r, ENODATA, what);
	} else if (r.ret <= 0 || r.val[0] < '1' || r.val[0] > '9' ||
		   strspn(r.val, "0123456789") != (size_t)r.ret) {
		note_fail(rep, "%s: \"%s\", not a number", what,
		     r.ret < 0 ? strerror(r.err) : esc(r.val, r.ret));
	} else {
		u = parse_u64(&r);
		if (w->path && path_unique_id(w->path) != u)
			note_fail(rep, "%s: %" PRIu64 ", statx says %" PRIu64,
			     what, u, path_unique_id(w->path));
	}
	x_free(&r);
	mi_keys_free(&k);
	return u;
}

/*
 * Every mount of the caller's mountinfo: every key by id, and by the
 * mount point's path where that path reaches the mount (not overmounted),
 * and against statmount(2) where the kernel has it.
 */
static void check_every_mount(struct report *rep)
{
	struct mountinfo mi;
	struct way w;
	int *ids;
	size_t n, i, len;
	uint64_t u;

	if (mi_read(&mi, "/proc/self/mountinfo")) {
		note_fail(rep, "cannot read /proc/self/mountinfo");
		return;
	}
	n = mi_ids(&mi, &ids);
	for (i = 0; i < n; i++) {
		const char *line = mi_find(&mi, ids[i], &len);
		struct mi_keys k;

		w = (struct way){ .fd = -1, .id = ids[i] };
		u = check_keys(rep, &w, line, len);
		if (mi_keys(line, len, &k))
			continue;
		if (have_statmount() && u)
			check_statmount(rep, ids[i], &k, u);
		if (path_mnt_id(k.v[MI_MOUNTPOINT], AT_SYMLINK_NOFOLLOW) ==
		    ids[i]) {
			w = (struct way){ .path = k.v[MI_MOUNTPOINT], .fd = -1 };
			check_keys(rep, &w, line, len);
			rep->by_path++;
		}
		mi_keys_free(&k);
	}
	free(ids);
	mi_free(&mi);
}

/* Every key of the mount of @fd (by fgetxattr). */
static void check_fd(struct report *rep, int fd)
{
	struct mountinfo mi;
	struct way w = { .fd = fd };
	const char *line;
	size_t len;
	int id = fd_mnt_id(fd);

	if (mi_read(&mi, "/proc/self/mountinfo")) {
		note_fail(rep, "cannot read /proc/self/mountinfo");
		return;
	}
	line = mi_find(&mi, id, &len);
	if (!line)
		note_fail(rep, "mount %d of fd %d not in mountinfo", id, fd);
	else
		check_keys(rep, &w, line, len);
	mi_free(&mi);
}

static void expect_clean(const struct report *rep, const char *what)
{
	ck_assert_msg(rep->n == 0, "%s: %d failures (%d compared):\n%s", what,
		      rep->n, rep->compared, rep->text);
	ck_assert_msg(rep->compared > 0, "%s: nothing compared", what);
}

/* The mounts of the test, in @s (a scratch tmpfs of a private namespace). */
struct odd {
	int under;		/* a descriptor of an overmounted mount */
	char *root;		/* the chroot's root, with proc */
};

static void odd_mounts(const char *s, struct odd *o)
{
	char *odd = xasprintf("%s/sp ace\ttab\\back\nnl-\303\251", s);
	char *sub = xasprintf("%s/sub dir", odd);
	char *p;

	/* Odd characters in a mount point and a source. */
	xmkdir(odd);
	xmount("src with space\ttab\\back\nnl", odd, "tmpfs", 0, NULL);
	/* A bind mount of a subdirectory, and a read-only one. */
	xmkdir(sub);
	xbind(sub, xasprintf("%s/bsub", s));
	p = xasprintf("%s/ro", s);
	xbind(sub, p);
	xmount(NULL, p, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL);
	/* Shared, its slave, unbindable. */
	p = xasprintf("%s/shared", s);
	xtmpfs("fattr-shared", p);
	xmount(NULL, p, NULL, MS_SHARED, NULL);
	xbind(p, xasprintf("%s/slave", s));
	xmount(NULL, xasprintf("%s/slave", s), NULL, MS_SLAVE, NULL);
	p = xasprintf("%s/unbindable", s);
	xtmpfs("fattr-unbindable", p);
	xmount(NULL, p, NULL, MS_UNBINDABLE, NULL);
	/* An overmount; the lower one kept through a descriptor. */
	p = xasprintf("%s/over", s);
	xtmpfs("fattr-under", p);
	o->under = open(p, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(o->under, 0);
	xmount("fattr-over", p, "tmpfs", 0, NULL);
	/*
	 * propagate_from: the chroot sees a peer of "outer" (group G1) at
	 * /a, but not "b", which is a slave of G1 and shared (G2); /c is a
	 * slave of G2, whose dominating group in the chroot is G1.
	 */
	o->root = xasprintf("%s/root", s);
	xmkdir(o->root);
	p = xasprintf("%s/outer", s);
	xtmpfs("fattr-outer", p);
	xmount(NULL, p, NULL, MS_SHARED, NULL);
	xbind(p, xasprintf("%s/a", o->root));
	xbind(p, xasprintf("%s/b", s));
	xmount(NULL, xasprintf("%s/b", s), NULL, MS_SLAVE, NULL);
	xmount(NULL, xasprintf("%s/b", s), NULL, MS_SHARED, NULL);
	xbind(xasprintf("%s/b", s), xasprintf("%s/c", o->root));
	xmount(NULL, xasprintf("%s/c", o->root), NULL, MS_SLAVE, NULL);
	p = xasprintf("%s/proc", o->root);
	xmkdir(p);
	xmount("proc", p, "proc", 0, NULL);
}

/* A fuse mount with a subtype, if this VM has /dev/fuse (no server). */
static int fuse_mount(const char *s)
{
	char *p = xasprintf("%s/fuse", s), opts[128];
	int fd = open("/dev/fuse", O_RDWR);

	if (fd < 0)
		return -1;
	xmkdir(p);
	snprintf(opts, sizeof(opts),
		 "fd=%d,rootmode=40000,user_id=0,group_id=0", fd);
	if (mount("fattr-fuse", p, "fuse.fattrtest", 0, opts)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Every key of every mount, in a new namespace with odd mounts. */
START_TEST(test_keys_every_mount)
{
	const char *s = scratch();
	struct report rep = { };
	struct odd o;
	int fuse = fuse_mount(s);

	odd_mounts(s, &o);
	if (fuse < 0)
		printf("check_values: no fuse in this VM, no subtype tested\n");
	check_every_mount(&rep);
	check_fd(&rep, o.under);
	expect_clean(&rep, "every mount");
	ck_assert_msg(rep.by_path >= 10, "only %d mounts reached by path",
		      rep.by_path);
	if (have_statmount())
		ck_assert_int_gt(rep.by_statmount, 10);
	close(o.under);
	if (fuse >= 0)
		close(fuse);
}
END_TEST

/*
 * Keys read from the mount itself, which fattr answers without rendering
 * the record where it can judge that the caller sees the mount.
 */
static const char *const mount_facts[] = {
	"unique_id", "mnt_parent_id", "mnt_ns_id", "mnt_attr", "sb_magic",
	"sb_flags",
};

#define NR_MOUNT_FACTS (sizeof(mount_facts) / sizeof(*mount_facts))

/*
 * In a chroot: every key of every mount it sees (propagate_from among
 * them), and ENODATA for every key of the mounts it does not see (those
 * read from the mount itself too), by id and by a descriptor opened
 * before the chroot.
 */
START_TEST(test_keys_chroot)
{
	const char *s = scratch();
	struct report rep = { };
	struct mountinfo outer, inner;
	struct odd o;
	int *ids, fds[2], status, outside;
	size_t n, i, k, len;
	pid_t pid;

	odd_mounts(s, &o);
	ck_assert_int_eq(mi_read(&outer, "/proc/self/mountinfo"), 0);
	outside = open("/", O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(outside, 0);
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		close(fds[0]);
		if (chroot(o.root) || chdir("/")) {
			note_fail(&rep, "chroot %s: %s", o.root, strerror(errno));
			goto send;
		}
		check_every_mount(&rep);
		if (mi_read(&inner, "/proc/self/mountinfo")) {
			note_fail(&rep, "no mountinfo in the chroot");
			goto send;
		}
		if (!strstr(inner.buf, " propagate_from:"))
			note_fail(&rep, "no propagate_from in the chroot:\n%s",
			     inner.buf);
		n = mi_ids(&outer, &ids);
		for (i = 0; i < n; i++) {
			struct way w = { .fd = -1, .id = ids[i] };
			struct xres r;
			char what[512];

			if (mi_find(&inner, ids[i], &len))
				continue;
			for (k = 0; k < MI_NKEYS; k++) {
				ask(&r, &w, mi_key_names[k], what, sizeof(what));
				same_errno(&rep, &r, ENODATA, what);
				x_free(&r);
			}
			ask(&r, &w, "statfs:bavail", what, sizeof(what));
			same_errno(&rep, &r, ENODATA, what);
			x_free(&r);
			ask(&r, &w, "statfs:", what, sizeof(what));
			same_errno(&rep, &r, ENODATA, what);
			x_free(&r);
			for (k = 0; k < NR_MOUNT_FACTS; k++) {
				ask(&r, &w, mount_facts[k], what, sizeof(what));
				same_errno(&rep, &r, ENODATA, what);
				x_free(&r);
			}
		}
		for (k = 0; k < MI_NKEYS + NR_MOUNT_FACTS; k++) {
			struct way w = { .fd = outside };
			struct xres r;
			char what[512];

			ask(&r, &w, k < MI_NKEYS ? mi_key_names[k] :
			    mount_facts[k - MI_NKEYS], what, sizeof(what));
			same_errno(&rep, &r, ENODATA, what);
			x_free(&r);
		}
send:
		if (write(fds[1], &rep, sizeof(rep)) != sizeof(rep))
			_exit(2);
		_exit(0);
	}
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], &rep, sizeof(rep)), sizeof(rep));
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && !WEXITSTATUS(status),
		      "chrooted child failed");
	expect_clean(&rep, "in the chroot");
	mi_free(&outer);
	close(outside);
	close(o.under);
}
END_TEST

/* Every statfs: key of @path, by path and by id, against statfs(2). */
static void check_statfs(struct report *rep, const char *path)
{
	struct statfs st;
	char v[STATFS_NKEYS][64], what[512];
	struct xres r;
	struct way w;
	size_t i;
	int id = path_mnt_id(path, 0), way;

	if (statfs(path, &st)) {
		note_fail(rep, "statfs %s: %s", path, strerror(errno));
		return;
	}
	statfs_values(&st, v);
	for (way = 0; way < 2; way++) {
		if (way)
			w = (struct way){ .fd = -1, .id = id };
		else
			w = (struct way){ .path = path, .fd = -1 };
		for (i = 0; i < STATFS_NKEYS; i++) {
			char key[32];

			snprintf(key, sizeof(key), "statfs:%s", statfs_keys[i]);
			ask(&r, &w, key, what, sizeof(what));
			same(rep, &r, v[i], strlen(v[i]), what);
			x_free(&r);
		}
	}
}

/*
 * statfs: of quiet mounts (a tmpfs nobody writes, its read-only bind,
 * proc, sysfs) against statfs(2) of the same path.
 */
START_TEST(test_statfs)
{
	const char *s = scratch();
	struct report rep = { };
	char *ro = xasprintf("%s/ro", s), *nosuid = xasprintf("%s/ns", s);

	xbind(s, ro);
	xmount(NULL, ro, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL);
	xmkdir(nosuid);
	xmount("fattr-nosuid", nosuid, "tmpfs",
	       MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=1m,nr_inodes=100");
	check_statfs(&rep, s);
	check_statfs(&rep, ro);
	check_statfs(&rep, nosuid);
	check_statfs(&rep, "/proc");
	check_statfs(&rep, "/sys");
	expect_clean(&rep, "statfs");
}
END_TEST

/* Names of the new keys match exactly; near misses are unknown. */
START_TEST(test_key_names)
{
	static const char *const fixed[] = {
		":mnt:statfs", ":mnt:statfs:nope", ":mnt:statfs::",
		":mnt:statfs:type:", ":mnt:statfs:typeX", ":mnt:statfs:TYPE",
		":mnt:id:", ":mnt:ID", ":mnt:idx", ":mnt:i", ":mnt:info:id",
		":mnt:mountpoint ", ":mnt:source\n", ":mnt:statfsx:",
		":mnt:statfs:fsid:", ":mnt:unique_idx", ":mnt:unique",
		":statfs:", ":mnt:root:", ":mnt::id", ":mntns:statfs:",
	};
	static const char *const with_id[] = {
		":mntns:%d:statfs", ":mntns:%d:statfs:nope",
		":mntns:%d:idx", ":mntns:%d:id:", ":mntns:0%d:id",
		":mntns:%d:statfs:bavail:", ":mntns:%d::id",
	};
	struct xres r;
	size_t i;
	char *name;
	int id;

	private_ns();
	id = path_mnt_id("/", 0);
	for (i = 0; i < sizeof(fixed) / sizeof(*fixed); i++) {
		x_get(&r, "/", fixed[i]);
		expect_errno(&r, ENODATA, esc(fixed[i], strlen(fixed[i])));
		x_free(&r);
	}
	for (i = 0; i < sizeof(with_id) / sizeof(*with_id); i++) {
		name = xasprintf(with_id[i], id);
		x_get(&r, "/", name);
		expect_errno(&r, ENODATA, esc(name, strlen(name)));
		x_free(&r);
		free(name);
	}
	/* unique_id: there exactly where statmount(2) is. */
	x_get(&r, "/", ":mnt:unique_id");
	if (have_statmount())
		ck_assert_msg(r.ret > 0, ":mnt:unique_id: %s",
			      strerror(r.err));
	else
		expect_errno(&r, ENODATA, ":mnt:unique_id without statmount");
	x_free(&r);
}
END_TEST

/* The size rules hold for keys: size 0, ERANGE, an empty value. */
START_TEST(test_key_sizes)
{
	const char *s = scratch();
	char buf[4096];
	ssize_t len;

	/* A private mount: its propagation is empty. */
	ck_assert_int_eq(lgetxattr(s, ":mnt:propagation", NULL, 0), 0);
	ck_assert_int_eq(lgetxattr(s, ":mnt:propagation", buf, sizeof(buf)),
			 0);
	len = lgetxattr(s, ":mnt:mountpoint", NULL, 0);
	ck_assert_int_eq(len, (ssize_t)strlen(s));
	errno = 0;
	ck_assert_int_eq(lgetxattr(s, ":mnt:mountpoint", buf, len - 1), -1);
	ck_assert_int_eq(errno, ERANGE);
	ck_assert_int_eq(lgetxattr(s, ":mnt:mountpoint", buf, len), len);
	ck_assert(!memcmp(buf, s, len));
	len = lgetxattr(s, ":mnt:statfs:bsize", NULL, 0);
	ck_assert_int_gt(len, 0);
	errno = 0;
	ck_assert_int_eq(lgetxattr(s, ":mnt:statfs:bsize", buf, len - 1), -1);
	ck_assert_int_eq(errno, ERANGE);
}
END_TEST

Suite *values_suite(void)
{
	Suite *s = suite_create("values");
	TCase *tc = tcase_create("values");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_keys_every_mount);
	tcase_add_test(tc, test_keys_chroot);
	tcase_add_test(tc, test_statfs);
	tcase_add_test(tc, test_key_names);
	tcase_add_test(tc, test_key_sizes);
	suite_add_tcase(s, tc);
	return s;
}
