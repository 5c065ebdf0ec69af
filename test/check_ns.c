// SPDX-License-Identifier: GPL-2.0
/*
 * check_ns.c: whose view the answers come from: mount namespaces, chroot
 * (without /proc: EACCES; with one), propagation fields, another user,
 * another thread.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fdio.h"
#include "suites.h"
#include "util.h"

/* Assert that neither :mntns:@id:info nor :mntns:@id: answers. */
static void expect_no_id(int id, const char *why)
{
	struct xres r;
	char *name = xasprintf(":mntns:%d:info", id), *what;

	what = xasprintf("%s (%s)", name, why);
	x_get(&r, "/", name);
	expect_errno(&r, ENODATA, what);
	x_free(&r);
	name[strlen(name) - 4] = '\0';
	x_get(&r, "/", name);
	expect_errno(&r, ENODATA, what);
	x_free(&r);
}

static int has_id(const int *ids, size_t n, int id)
{
	while (n--)
		if (ids[n] == id)
			return 1;
	return 0;
}

/*
 * A new mount namespace: the listing is its own mountinfo's ids, every
 * record matches, and the ids of the old namespace give ENODATA.
 */
START_TEST(test_new_ns)
{
	struct mountinfo old, mi;
	int *old_ids, *ids;
	size_t n_old, n, i, gone = 0;

	ck_assert_int_eq(mi_read(&old, "/proc/self/mountinfo"), 0);
	n_old = mi_ids(&old, &old_ids);
	private_ns();
	expect_listing("/");
	expect_all_ids();
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	n = mi_ids(&mi, &ids);
	for (i = 0; i < n_old; i++) {
		if (has_id(ids, n, old_ids[i]))
			continue;
		expect_no_id(old_ids[i], "mount of the parent namespace");
		gone++;
	}
	ck_assert_uint_gt(gone, 0);
	mi_free(&old);
	mi_free(&mi);
}
END_TEST

/*
 * ":mntns:ID:info" follows the namespace through every kind of change.
 * The module keeps a map from id to mount per namespace, which must not
 * outlive a change: after an unmount the id is gone (even when the
 * namespace's event counter did not move), a new mount that takes the
 * freed id answers with its own record, and a moved mount with its new
 * mount point.  Each step compares every id with procfs.
 */
START_TEST(test_id_after_changes)
{
	const char *dir = scratch();
	char *a = xasprintf("%s/a", dir), *b = xasprintf("%s/b", dir);
	int id, id2;

	xmkdir(a);
	xmkdir(b);
	xtmpfs("fattr-first", a);
	id = path_mnt_id(a, 0);
	ck_assert_int_ge(id, 0);
	expect_all_ids();		/* the map is made here */

	ck_assert_int_eq(umount(a), 0);
	expect_no_id(id, "unmounted");
	expect_all_ids();

	xtmpfs("fattr-second", b);	/* the IDA gives the freed id again */
	id2 = path_mnt_id(b, 0);
	ck_assert_int_ge(id2, 0);
	expect_all_ids();

	ck_assert_int_eq(umount(b), 0);
	xtmpfs("fattr-third", a);	/* as many mounts as before */
	expect_all_ids();

	ck_assert_int_eq(mount(a, b, NULL, MS_MOVE, NULL), 0);
	expect_all_ids();
	free(a);
	free(b);
}
END_TEST

/*
 * A child in a mount namespace of its own, with tmpfs @src mounted on
 * directory @t (made here); *@id is that mount's id.  The child lives
 * until *@down is closed.
 */
static pid_t other_ns_child(const char *t, const char *src, int *id,
			    int *down)
{
	int up[2], dn[2];
	pid_t pid;

	xmkdir(t);
	ck_assert(!pipe(up) && !pipe(dn));
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		char c;

		close(up[0]);
		close(dn[1]);
		*id = -1;
		if (!unshare(CLONE_NEWNS) &&
		    !mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) &&
		    !mount(src, t, "tmpfs", 0, NULL))
			*id = path_mnt_id(t, 0);
		write_all(up[1], id, sizeof(*id));
		read(dn[0], &c, 1);
		_exit(0);
	}
	close(up[1]);
	close(dn[0]);
	ck_assert_int_eq(read_full(up[0], id, sizeof(*id)), 0);
	close(up[0]);
	ck_assert_msg(*id > 0, "child could not mount");
	*down = dn[1];
	return pid;
}

/*
 * A mount made by another process in its own namespace: neither its id
 * nor a path to it through /proc/PID/root gives its record.
 */
START_TEST(test_other_ns)
{
	const char *dir = scratch();
	char *t = xasprintf("%s/t", dir), *via;
	int down, id, status;
	struct mountinfo mi;
	struct xres r;
	size_t len;
	pid_t pid;

	pid = other_ns_child(t, "fattr-other", &id, &down);
	ck_assert_int_eq(mi_read_pid(&mi, pid), 0);
	ck_assert_ptr_nonnull(mi_find(&mi, id, &len));
	mi_free(&mi);
	expect_no_id(id, "mount of another namespace");
	via = xasprintf("/proc/%d/root%s", (int)pid, t);
	ck_assert_int_eq(path_mnt_id(via, 0), id);
	x_get(&r, via, ":mnt:info");
	expect_errno(&r, ENODATA, "path into another namespace");
	x_free(&r);
	x_get(&r, via, ":");
	expect_value(&r, ROOT_VALUE, ROOT_LEN, "\":\" in another namespace");
	x_free(&r);
	close(down);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
}
END_TEST

/* One answer of a chrooted child. */
struct answer {
	int64_t ret;
	int32_t err;
	int32_t id;	/* statx mount id of the path, where one is asked */
	char *val;
};

static void send_answer(int fd, ssize_t ret, int err, int id,
			const char *val)
{
	struct answer a = { ret, ret < 0 ? err : 0, id, NULL };

	write_all(fd, &a, sizeof(a));
	if (ret > 0)
		write_all(fd, val, ret);
}

static void get_answer(int fd, struct answer *a)
{
	ck_assert_msg(!read_full(fd, a, sizeof(*a)), "child died");
	a->val = calloc(1, a->ret > 0 ? a->ret + 1 : 1);
	if (a->ret > 0)
		ck_assert_msg(!read_full(fd, a->val, a->ret), "child died");
}

/*
 * The chrooted child: answers and ids, written to @fd.  Each of @paths is
 * asked by getxattr() and by fgetxattr() of a descriptor opened in the
 * chroot.  Never returns.
 */
static void chroot_child(const char *root, const char *const *paths,
			 const int *absent, int up, int down)
{
	static char val[VALUE_MAX];
	ssize_t r;
	char c, *p;
	int i, fd;

	if (chroot(root) || chdir("/"))
		_exit(1);
	/* Whether the new root has a /proc: the caller knows what to expect. */
	fd = open("/proc/self/mountinfo", O_RDONLY);
	send_answer(up, fd < 0 ? -1 : 0, errno, 0, NULL);
	if (fd >= 0)
		close(fd);
	for (i = 0; paths[i]; i++) {
		r = getxattr(paths[i], ":mnt:info", val, sizeof(val));
		send_answer(up, r, errno, path_mnt_id(paths[i], 0), val);
		fd = open(paths[i], O_RDONLY);
		r = fd < 0 ? -1 : fgetxattr(fd, ":mnt:info", val, sizeof(val));
		send_answer(up, r, errno, fd < 0 ? -1 : fd_mnt_id(fd), val);
		if (fd >= 0)
			close(fd);
	}
	r = getxattr("/", ":mntns:", val, sizeof(val));
	send_answer(up, r, errno, 0, val);
	if (r > 0) {
		static char list[VALUE_MAX];

		memcpy(list, val, r);
		for (p = list; p < list + r; p += strlen(p) + 1) {
			char name[64];

			snprintf(name, sizeof(name), ":mntns:%.20sinfo", p);
			r = getxattr("/", name, val, sizeof(val));
			send_answer(up, r, errno, atoi(p), val);
		}
	}
	for (i = 0; absent[i]; i++) {
		char name[64];

		snprintf(name, sizeof(name), ":mntns:%d:info", absent[i]);
		r = getxattr("/", name, val, sizeof(val));
		send_answer(up, r, errno, absent[i], val);
	}
	close(up);
	read(down, &c, 1);
	_exit(0);
}

/* How check_chrooted() finds the new root. */
enum chroot_kind {
	CHROOT_NO_PROC,		/* no /proc in it, then one; some mounts listed */
	CHROOT_PROC,		/* (check_chrooted()'s second pass of the above) */
	CHROOT_OTHER_NS,	/* another namespace's root, with its /proc */
};

/* Check one answer of the child against its mountinfo @mi. */
static void check_path_answer(const struct answer *a, struct mountinfo *mi,
			      const char *what)
{
	struct xres r = { a->ret, a->err, a->val };
	const char *line;
	size_t len;

	ck_assert_msg(a->id > 0, "statx in the chroot: %s", what);
	line = mi_find(mi, a->id, &len);
	if (line)
		expect_value(&r, line, len, what);
	else
		expect_errno(&r, ENODATA, what);
}

/*
 * The answers of a child chrooted where there is no /proc: it can read no
 * mountinfo of its own, and an open on fattr's private procfs instance is
 * no LSM's verdict (doc/design.md "Security model"), so every name that
 * shows mounts gives EACCES, by path, by descriptor and by id.  Stores
 * the ids of @paths in @path_ids.
 */
static void chrooted_refused(int fd, const char *const *paths,
			     const int *absent, int *path_ids)
{
	struct answer a;
	struct xres r;
	int i, j;

	for (i = 0; paths[i]; i++) {
		for (j = 0; j < 2; j++) {
			char *what = xasprintf("%s :mnt:info of \"%s\" in a "
					       "chroot without /proc",
					       j ? "fgetxattr" : "getxattr",
					       paths[i]);

			get_answer(fd, &a);
			ck_assert_msg(a.id > 0, "statx in the chroot: %s",
				      what);
			path_ids[i] = a.id;
			r = (struct xres){ a.ret, a.err, a.val };
			expect_errno(&r, EACCES, what);
			free(a.val);
			free(what);
		}
	}
	get_answer(fd, &a);
	r = (struct xres){ a.ret, a.err, a.val };
	expect_errno(&r, EACCES, ":mntns: in a chroot without /proc");
	free(a.val);
	for (i = 0; absent[i]; i++) {
		get_answer(fd, &a);
		r = (struct xres){ a.ret, a.err, a.val };
		expect_errno(&r, EACCES, ":mntns:ID:info in a chroot without "
			     "/proc");
		free(a.val);
	}
}

/*
 * Run chroot_child in @root and check its answers: with CHROOT_NO_PROC,
 * EACCES for each (chrooted_refused()); else against the child's own
 * mountinfo, read from outside: records of @paths (or ENODATA where the
 * mount is not listed for it), by path and by descriptor, its listing and
 * every listed record, and ENODATA for the ids in @absent (0-terminated;
 * none may be listed).  Returns the child's mountinfo; stores the ids of
 * @paths in @path_ids.
 */
static void chrooted_answers(const char *root, enum chroot_kind kind,
			     const char *const *paths, const int *absent,
			     int *path_ids, struct mountinfo *mi)
{
	int up[2], down[2], i, status;
	struct answer a;
	const char *line;
	char *listing, *p;
	size_t len, n;
	pid_t pid;

	ck_assert(!pipe(up) && !pipe(down));
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		close(up[0]);
		close(down[1]);
		chroot_child(root, paths, absent, up[1], down[0]);
	}
	close(up[1]);
	close(down[0]);
	get_answer(up[0], &a);
	if (kind == CHROOT_NO_PROC)
		ck_assert_msg(a.ret < 0 && a.err == ENOENT,
			      "/proc/self/mountinfo in the chroot: %s",
			      a.ret < 0 ? strerror(a.err) : "opened");
	else
		ck_assert_msg(a.ret >= 0, "/proc/self/mountinfo in the chroot: %s",
			      strerror(a.err));
	free(a.val);
	if (kind == CHROOT_NO_PROC) {
		chrooted_refused(up[0], paths, absent, path_ids);
		goto out;
	}
	ck_assert_int_eq(mi_read_pid(mi, pid), 0);
	for (i = 0; paths[i]; i++) {
		char *what = xasprintf(":mnt:info of \"%s\" in a chroot",
				       paths[i]);

		get_answer(up[0], &a);
		path_ids[i] = a.id;
		check_path_answer(&a, mi, what);
		free(a.val);
		free(what);
		what = xasprintf("fgetxattr :mnt:info of \"%s\" in a chroot",
				 paths[i]);
		get_answer(up[0], &a);
		ck_assert_int_eq(a.id, path_ids[i]);
		check_path_answer(&a, mi, what);
		free(a.val);
		free(what);
	}
	get_answer(up[0], &a);
	listing = ids_listing(mi, &len);
	{
		struct xres r = { a.ret, a.err, a.val };

		expect_value(&r, listing, len, ":mntns: in a chroot");
	}
	n = 0;
	for (p = listing; p < listing + len; p += strlen(p) + 1)
		n++;
	/* Another namespace's root reaches no mount of the caller's. */
	if (kind == CHROOT_PROC)
		ck_assert_uint_gt(n, 0);
	while (n--) {
		struct xres r;

		get_answer(up[0], &a);
		r.ret = a.ret;
		r.err = a.err;
		r.val = a.val;
		line = mi_find(mi, a.id, &len);
		ck_assert_ptr_nonnull(line);
		expect_value(&r, line, len, ":mntns:ID:info in a chroot");
		free(a.val);
	}
	for (i = 0; absent[i]; i++) {
		struct xres r;

		get_answer(up[0], &a);
		r.ret = a.ret;
		r.err = a.err;
		r.val = a.val;
		ck_assert_msg(!mi_find(mi, absent[i], &len),
			      "mount %d is reachable", absent[i]);
		expect_errno(&r, ENODATA, "unreachable mount in a chroot");
		free(a.val);
	}
	free(listing);
out:
	close(down[1]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && !WEXITSTATUS(status));
}

/*
 * check_chrooted(): chrooted_answers() in @root.  With CHROOT_NO_PROC,
 * twice: as it is (every answer EACCES), then with a procfs mounted at
 * @root/proc (the answers relative to @root; @mi and @path_ids are that
 * pass's).
 */
static void check_chrooted(const char *root, enum chroot_kind kind,
			   const char *const *paths, const int *absent,
			   int *path_ids, struct mountinfo *mi)
{
	char *proc;

	if (kind != CHROOT_NO_PROC) {
		chrooted_answers(root, kind, paths, absent, path_ids, mi);
		return;
	}
	chrooted_answers(root, CHROOT_NO_PROC, paths, absent, path_ids, mi);
	proc = xasprintf("%s/proc", root);
	ck_assert_msg(!mkdir(proc, 0555) || errno == EEXIST, "mkdir %s: %s",
		      proc, strerror(errno));
	xmount("proc", proc, "proc", 0, NULL);
	chrooted_answers(root, CHROOT_PROC, paths, absent, path_ids, mi);
	ck_assert_msg(!umount2(proc, MNT_DETACH), "umount %s: %s", proc,
		      strerror(errno));
	free(proc);
}

/*
 * chroot into a directory with no /proc: every answer is EACCES.  With a
 * procfs mounted there: answers are relative to the new root (as the
 * child's mountinfo, read from outside); mounts outside it give ENODATA,
 * and so does the root, whose mount's root lies outside.
 */
START_TEST(test_chroot)
{
	static const char *const paths[] = {
		"/", "/m1", "/m1/d", "/b", "/m1/d/f", NULL,
	};
	const char *dir = scratch();
	char *root = xasprintf("%s/root", dir), *out = xasprintf("%s/out", dir);
	int absent[3], ids[5];
	struct mountinfo mi;
	size_t len;

	xmkdir(root);
	xtmpfs("fattr-m1", xasprintf("%s/m1", root));
	xtmpfs("fattr-m1-d", xasprintf("%s/m1/d", root));
	close(open(xasprintf("%s/m1/d/f", root), O_CREAT | O_WRONLY, 0644));
	xmkdir(xasprintf("%s/m1/sub", root));
	xbind(xasprintf("%s/m1/sub", root), xasprintf("%s/b", root));
	xtmpfs("fattr-out", out);
	absent[0] = path_mnt_id(out, 0);
	absent[1] = path_mnt_id(dir, 0);
	absent[2] = 0;
	check_chrooted(root, CHROOT_NO_PROC, paths, absent, ids, &mi);
	/* The scenario: "/" is unlisted, the others are, relative. */
	ck_assert_ptr_null(mi_find(&mi, ids[0], &len));
	ck_assert_str_eq(mi_field(mi_find(&mi, ids[1], &len), len, 5), "/m1");
	ck_assert_str_eq(mi_field(mi_find(&mi, ids[3], &len), len, 5), "/b");
	ck_assert_str_eq(mi_field(mi_find(&mi, ids[3], &len), len, 4),
			 "/sub");
	mi_free(&mi);
}
END_TEST

/*
 * chroot into a directory that is a mount root, so "/" is listed.
 */
START_TEST(test_chroot_mount_root)
{
	static const char *const paths[] = { "/", "/m", NULL };
	const char *dir = scratch();
	char *root = xasprintf("%s/root", dir);
	int absent[2], ids[2];
	struct mountinfo mi;
	size_t len;

	xtmpfs("fattr-root", root);
	xtmpfs("fattr-m", xasprintf("%s/m", root));
	absent[0] = path_mnt_id(dir, 0);
	absent[1] = 0;
	check_chrooted(root, CHROOT_NO_PROC, paths, absent, ids, &mi);
	ck_assert_str_eq(mi_field(mi_find(&mi, ids[0], &len), len, 5), "/");
	mi_free(&mi);
}
END_TEST

/*
 * chroot into the root of another mount namespace (/proc/PID/root): the
 * caller's mountinfo still lists its own namespace's mounts, none of which
 * it reaches now, so a mount of the other namespace gives ENODATA by path
 * and by descriptor, though show_mountinfo() would render it.
 */
START_TEST(test_chroot_other_ns)
{
	const char *dir = scratch();
	char *t = xasprintf("%s/t", dir), *root, *in;
	static const char *paths[3];
	int down, id, status, absent[2], ids[2];
	struct mountinfo mi;
	size_t len;
	pid_t pid;

	pid = other_ns_child(t, "fattr-other-root", &id, &down);
	root = xasprintf("/proc/%d/root", (int)pid);
	in = xasprintf("%s%s", root, t);
	ck_assert_int_eq(path_mnt_id(in, 0), id);
	paths[0] = t;
	paths[1] = "/";
	paths[2] = NULL;
	absent[0] = id;
	absent[1] = 0;
	check_chrooted(root, CHROOT_OTHER_NS, paths, absent, ids, &mi);
	/* The scenario: the mount is there, and the caller's view lacks it. */
	ck_assert_int_eq(ids[0], id);
	ck_assert_ptr_null(mi_find(&mi, id, &len));
	mi_free(&mi);
	close(down);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
}
END_TEST

/*
 * A bind mount whose subtree was moved away under a mount on it: the
 * mount point escaped the bind's root, so procfs skips the mount even for
 * a caller at the namespace's root, and so must ":mntns:" (it listed
 * every mount of the namespace without rendering) and ":mntns:ID:".
 */
START_TEST(test_escaped_mount)
{
	const char *dir = scratch();
	char *x = xasprintf("%s/x", dir), *c;
	struct mountinfo mi;
	size_t len;
	int id;

	xmkdir(xasprintf("%s/a", dir));
	xmkdir(xasprintf("%s/a/b", dir));
	xmkdir(xasprintf("%s/a/b/d", dir));
	xmkdir(xasprintf("%s/a/b/d/c", dir));
	xmkdir(x);
	xbind(xasprintf("%s/a/b", dir), x);
	c = xasprintf("%s/d/c", x);
	xtmpfs("fattr-escaped", c);
	id = path_mnt_id(c, 0);
	ck_assert_int_gt(id, 0);
	expect_listing("/");
	ck_assert_int_eq(rename(xasprintf("%s/a/b/d", dir),
				xasprintf("%s/a/d", dir)), 0);
	/* The scenario: procfs no longer lists it. */
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	ck_assert_ptr_null(mi_find(&mi, id, &len));
	mi_free(&mi);
	expect_listing("/");
	expect_no_id(id, "escaped mount");
	expect_all_ids();
}
END_TEST

static char *make_prop(const char *path, unsigned long flag)
{
	xmount(NULL, path, NULL, flag, NULL);
	return (char *)path;
}

/* Does procfs's record for @path's mount contain @tag? */
static int path_has(const char *path, const char *tag)
{
	struct mountinfo mi;
	const char *line;
	size_t len;
	int r;

	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, path_mnt_id(path, 0), &len);
	ck_assert_ptr_nonnull(line);
	r = mi_has(line, len, tag);
	mi_free(&mi);
	return r;
}

/*
 * Propagation fields: shared:N, master:N, shared and slave at once,
 * unbindable, and a mount that arrived by propagation.
 */
START_TEST(test_propagation)
{
	const char *dir = scratch();
	char *s = xasprintf("%s/s", dir), *peer = xasprintf("%s/peer", dir);
	char *sl = xasprintf("%s/slave", dir), *ss = xasprintf("%s/ss", dir);
	char *u = xasprintf("%s/u", dir);

	xtmpfs("fattr-shared", s);
	make_prop(s, MS_SHARED);
	xbind(s, peer);
	xbind(s, sl);
	make_prop(sl, MS_SLAVE);
	xbind(s, ss);
	make_prop(ss, MS_SLAVE);
	make_prop(ss, MS_SHARED);
	xtmpfs("fattr-unbindable", u);
	make_prop(u, MS_UNBINDABLE);
	/* Propagates from s to its peer and its slaves. */
	xtmpfs("fattr-propagated", xasprintf("%s/sub", s));

	ck_assert(path_has(s, " shared:"));
	ck_assert(path_has(peer, " shared:"));
	ck_assert(path_has(sl, " master:") && !path_has(sl, " shared:"));
	ck_assert(path_has(ss, " master:") && path_has(ss, " shared:"));
	ck_assert(path_has(u, " unbindable"));
	expect_path_record(X_GET, s);
	expect_path_record(X_GET, peer);
	expect_path_record(X_GET, sl);
	expect_path_record(X_GET, ss);
	expect_path_record(X_GET, u);
	expect_path_record(X_GET, xasprintf("%s/sub", s));
	expect_path_record(X_GET, xasprintf("%s/sub", peer));
	expect_path_record(X_GET, xasprintf("%s/sub", sl));
	expect_path_record(X_GET, xasprintf("%s/sub", ss));
	ck_assert_int_ne(path_mnt_id(xasprintf("%s/sub", sl), 0),
			 path_mnt_id(sl, 0));
	expect_all_ids();
}
END_TEST

/*
 * propagate_from: a slave whose master's peer group is out of reach of
 * the chroot but whose master's master is not.  M1 (shared, group G1) in
 * the root; M2 outside, slave of G1 and shared in G2; M3 in the root, a
 * slave of G2: in the chroot M3 reads "master:G2 propagate_from:G1".
 */
START_TEST(test_propagate_from)
{
	static const char *const paths[] = { "/m1", "/m3", NULL };
	const char *dir = scratch();
	char *root = xasprintf("%s/root", dir), *m1, *m2, *m3;
	int absent[2], ids[2];
	struct mountinfo mi;
	const char *line;
	size_t len;

	xmkdir(root);
	m1 = xasprintf("%s/m1", root);
	m2 = xasprintf("%s/m2", dir);
	m3 = xasprintf("%s/m3", root);
	xtmpfs("fattr-m1", m1);
	make_prop(m1, MS_SHARED);
	xbind(m1, m2);
	make_prop(m2, MS_SLAVE);
	make_prop(m2, MS_SHARED);
	xbind(m2, m3);
	make_prop(m3, MS_SLAVE);
	absent[0] = path_mnt_id(m2, 0);
	absent[1] = 0;
	check_chrooted(root, CHROOT_NO_PROC, paths, absent, ids, &mi);
	line = mi_find(&mi, ids[1], &len);
	ck_assert_ptr_nonnull(line);
	ck_assert_msg(mi_has(line, len, " propagate_from:") &&
		      mi_has(line, len, " master:"),
		      "scenario: no propagate_from in \"%s\"", esc(line, len));
	mi_free(&mi);
	/* Outside the chroot, M3's master is reachable: no propagate_from. */
	ck_assert(!path_has(m3, "propagate_from:"));
	expect_path_record(X_GET, m3);
}
END_TEST

/*
 * An unprivileged user (uid/gid 1000) gets exactly its own mountinfo:
 * listing, every record, and paths.
 */
START_TEST(test_uid_1000)
{
	const char *dir = scratch();
	char *a = xasprintf("%s/a", dir);

	struct stat st;

	xtmpfs("fattr-user", a);
	ck_assert_int_eq(chmod(dir, 0755), 0);
	/* An initramfs root may be 0700: let the user reach /proc. */
	ck_assert_int_eq(stat("/", &st), 0);
	if (!(st.st_mode & S_IXOTH)) {
		fprintf(stderr, "test_uid_1000: / was mode %o, now 0755\n",
			st.st_mode & 07777);
		ck_assert_int_eq(chmod("/", 0755), 0);
	}
	ck_assert_int_eq(setgroups(0, NULL), 0);
	ck_assert_int_eq(setresgid(1000, 1000, 1000), 0);
	ck_assert_int_eq(setresuid(1000, 1000, 1000), 0);
	ck_assert_int_eq(prctl(PR_SET_DUMPABLE, 1), 0);
	ck_assert_int_eq(getuid(), 1000);
	expect_listing("/");
	expect_all_ids();
	expect_path_record(X_GET, "/");
	expect_path_record(X_GET, "/proc");
	expect_path_record(X_GET, a);
	expect_path_record(X_LGET, a);
}
END_TEST

/* What a thread in its own mount namespace saw. */
struct thread_view {
	const char *path;
	int ok, id;
	struct xres rec, list;
	struct mountinfo mi;
};

static void *thread_fn(void *arg)
{
	struct thread_view *v = arg;

	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("fattr-thread", v->path, "tmpfs", 0, NULL))
		return NULL;
	v->id = path_mnt_id(v->path, 0);
	v->rec.val = malloc(VALUE_MAX);
	v->rec.ret = getxattr(v->path, ":mnt:info", v->rec.val, VALUE_MAX);
	v->rec.err = errno;
	v->list.val = malloc(VALUE_MAX);
	v->list.ret = getxattr("/", ":mntns:", v->list.val, VALUE_MAX);
	v->list.err = errno;
	v->ok = !mi_read(&v->mi, "/proc/thread-self/mountinfo");
	return NULL;
}

/*
 * The caller is a thread, not a process: a thread that entered its own
 * mount namespace gets the view of /proc/thread-self, and the main
 * thread does not see its mounts.
 */
START_TEST(test_thread)
{
	const char *dir = scratch();
	struct thread_view v = { .path = xasprintf("%s/t", dir) };
	const char *line;
	char *listing;
	pthread_t th;
	size_t len;

	xmkdir(v.path);
	ck_assert_int_eq(pthread_create(&th, NULL, thread_fn, &v), 0);
	ck_assert_int_eq(pthread_join(th, NULL), 0);
	ck_assert_msg(v.ok, "the thread could not set up its namespace");
	line = mi_find(&v.mi, v.id, &len);
	ck_assert_ptr_nonnull(line);
	expect_value(&v.rec, line, len, ":mnt:info in a thread's namespace");
	listing = ids_listing(&v.mi, &len);
	expect_value(&v.list, listing, len, ":mntns: in a thread's namespace");
	ck_assert_int_ne(path_mnt_id(v.path, 0), v.id);
	expect_no_id(v.id, "mount of another thread's namespace");
	expect_listing("/");
}
END_TEST

Suite *ns_suite(void)
{
	Suite *s = suite_create("ns");
	TCase *tc = tcase_create("ns");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_new_ns);
	tcase_add_test(tc, test_other_ns);
	tcase_add_test(tc, test_id_after_changes);
	tcase_add_test(tc, test_chroot);
	tcase_add_test(tc, test_chroot_mount_root);
	tcase_add_test(tc, test_chroot_other_ns);
	tcase_add_test(tc, test_escaped_mount);
	tcase_add_test(tc, test_propagation);
	tcase_add_test(tc, test_propagate_from);
	tcase_add_test(tc, test_uid_1000);
	tcase_add_test(tc, test_thread);
	suite_add_tcase(s, tc);
	return s;
}
