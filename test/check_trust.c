// SPDX-License-Identifier: GPL-2.0
/*
 * check_trust.c: what a hostile local user can make fattr do
 * (doc/design.md "Security model").  Each test is one defect of the
 * second outside review, and failed before its fix:
 *
 *   redirected /proc/self (a tmpfs on /proc with a "self" link into a
 *   second procfs, or another process's mountinfo bound over its own):
 *   fattr must still answer from the caller's own namespace, and an id
 *   of the other namespace must stay unknown, also after that namespace
 *   died (a use-after-free under KASAN before);
 *   statfs figures only where statfs(2) gives them (a mount below a 0700
 *   directory, a mount hidden under another);
 *   a process whose main thread has exited is still served;
 *   a thread with a root of its own is answered from that root, not from
 *   its leader's /proc/self (a guard of the one-open path);
 *   the name is read once: a name that another thread flips between a
 *   ':' name and another is never answered as the other;
 *   tagged pointers (arm64): a tagged name gets the untagged name's
 *   answer, at once (a livelock before);
 *   superoptions keep the escapes that let them be split;
 *   ":mnt:statfs:" looks its path up as statfs(2) does (automounts);
 *   a listing never combines verdicts from before and after a rename
 *   into one no mountinfo ever showed (second review, issue 17);
 *   a listing bigger than XATTR_SIZE_MAX into a buffer of XATTR_SIZE_MAX
 *   or more but too small gives E2BIG, as the kernel's getxattr().
 *
 * Expected values come from the kernel: procfs records (read through a
 * procfs instance the test mounted itself where /proc is redirected),
 * statfs(2), statmount(2) and the mount as the test made it.
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
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

/* Where the tests mount a procfs of their own. */
#define OWN_PROC "/tmp/fattr-trust-proc"

/*
 * A process in a mount namespace of its own with a tmpfs only it has
 * ("fattr-trust-secret"): the other namespace.  It reports that mount's
 * id on a pipe and waits to be killed.
 */
struct other_ns {
	pid_t pid;
	int secret_id;
};

static void other_ns_start(struct other_ns *o)
{
	int fds[2], id = -1;

	ck_assert_int_eq(pipe(fds), 0);
	o->pid = fork();
	ck_assert_int_ge(o->pid, 0);
	if (!o->pid) {
		close(fds[0]);
		if (unshare(CLONE_NEWNS) ||
		    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		    (mkdir("/tmp/fattr-trust-secret", 0755) && errno != EEXIST) ||
		    mount("fattr-trust-secret", "/tmp/fattr-trust-secret",
			  "tmpfs", 0, NULL))
			_exit(1);
		id = path_mnt_id("/tmp/fattr-trust-secret", 0);
		if (write(fds[1], &id, sizeof(id)) != sizeof(id))
			_exit(1);
		for (;;)
			pause();
	}
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], &id, sizeof(id)), sizeof(id));
	close(fds[0]);
	ck_assert_msg(id > 0, "the other namespace's tmpfs: %d", id);
	o->secret_id = id;
}

/* Kill it and wait until its namespace, and its mounts, are gone. */
static void other_ns_stop(struct other_ns *o)
{
	struct timespec ts = { 0, 200 * 1000 * 1000 };
	kill(o->pid, SIGKILL);
	ck_assert_int_eq(waitpid(o->pid, NULL, 0), o->pid);
	/* Mounts are freed after an RCU grace period and task work. */
	nanosleep(&ts, NULL);
}

/* ":mntns:@id:@key" fails with @err (@how: the scenario). */
static void expect_id_errno(int id, const char *key, const char *how,
			    int err)
{
	char *name = xasprintf(":mntns:%d:%s", id, key);
	char *what = xasprintf("%s (%s)", name, how);
	struct xres r;

	x_get(&r, "/", name);
	expect_errno(&r, err, what);
	x_free(&r);
	free(name);
	free(what);
}

/*
 * The caller's own records, from the procfs instance mounted at OWN_PROC:
 * :mntns: lists exactly their ids, each :mntns:ID:info is its record, and
 * the other namespace's tmpfs is unknown.
 */
static void expect_own_view(const struct other_ns *o, const char *how)
{
	char *file = xasprintf(OWN_PROC "/%d/mountinfo", (int)getpid());
	struct mountinfo mi;
	struct xres r;
	char *exp, *name, *what;
	const char *line;
	size_t len, n, i;
	int *ids;

	ck_assert_int_eq(mi_read(&mi, file), 0);
	x_get(&r, "/", ":mntns:");
	exp = ids_listing(&mi, &len);
	what = xasprintf(":mntns: (%s)", how);
	expect_value(&r, exp, len, what);
	x_free(&r);
	free(exp);
	free(what);

	n = mi_ids(&mi, &ids);
	for (i = 0; i < n; i++) {
		line = mi_find(&mi, ids[i], &len);
		name = xasprintf(":mntns:%d:info", ids[i]);
		what = xasprintf("%s (%s)", name, how);
		x_get(&r, "/", name);
		expect_value(&r, line, len, what);
		x_free(&r);
		free(name);
		free(what);
	}
	free(ids);

	/* The other namespace's mount: by id, its record and statfs. */
	ck_assert_msg(!mi_find(&mi, o->secret_id, &len),
		      "mount %d is in this namespace", o->secret_id);
	what = xasprintf("the other namespace's mount, %s", how);
	expect_id_errno(o->secret_id, "info", what, ENODATA);
	expect_id_errno(o->secret_id, "statfs:type", what, ENODATA);
	free(what);
	mi_free(&mi);
	free(file);
}

/*
 * The caller's /proc/self/mountinfo is not its own (@opens: another
 * task's file opens there) or cannot be opened: then no open of its own
 * gives an LSM's verdict on its mountinfo (a label-based LSM would judge
 * the other task's), and every name that shows mounts gives EACCES: the
 * listing, the record of its first mount (from OWN_PROC's mountinfo)
 * and the other namespace's mount.
 */
static void expect_refused_view(const struct other_ns *o, const char *how,
				int opens)
{
	char *file = xasprintf(OWN_PROC "/%d/mountinfo", (int)getpid());
	int fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	int ids[2] = { 0, o->secret_id }, i;
	struct mountinfo mi;
	struct xres r;
	char *what;

	ck_assert_msg((fd >= 0) == opens, "scenario: /proc/self/mountinfo "
		      "%s (%s)", fd >= 0 ? "opens" : "does not open", how);
	if (fd >= 0)
		close(fd);
	ck_assert_int_eq(mi_read(&mi, file), 0);
	ids[0] = atoi(mi.buf);
	ck_assert_int_gt(ids[0], 0);
	x_get(&r, "/", ":mntns:");
	what = xasprintf(":mntns: (%s)", how);
	expect_errno(&r, EACCES, what);
	x_free(&r);
	free(what);
	for (i = 0; i < 2; i++)
		expect_id_errno(ids[i], "info", how, EACCES);
	mi_free(&mi);
	free(file);
}

/*
 * /proc/self of the caller (a thread group leader) leads to another
 * namespace's process: a tmpfs on /proc with a "self" link, then that
 * process's mountinfo bound over the caller's own.  Then the other
 * namespace dies while fattr may hold a map of it.  The file at the
 * caller's /proc/self/mountinfo is never its own: EACCES each time
 * (before 2026-12-06 the other's file gave the verdict and fattr's
 * private instance the records), and its own view once the bind is gone.
 */
START_TEST(test_redirected_self)
{
	struct other_ns o;
	char *link, *theirs, *mine;

	other_ns_start(&o);
	private_ns();
	xmkdir(OWN_PROC);
	xmount("proc", OWN_PROC, "proc", 0, NULL);
	link = xasprintf(OWN_PROC "/%d", (int)o.pid);
	theirs = xasprintf(OWN_PROC "/%d/mountinfo", (int)o.pid);
	mine = xasprintf("/proc/%d/mountinfo", (int)getpid());

	/* 1: a tmpfs on /proc, "self" a link to the other process. */
	xmount("fattr-trust-proc", "/proc", "tmpfs", 0, NULL);
	ck_assert_int_eq(symlink(link, "/proc/self"), 0);
	expect_refused_view(&o, "/proc/self linked to another namespace's",
			    1);
	ck_assert_int_eq(umount2("/proc", MNT_DETACH), 0);

	/* 2: the other process's mountinfo bound over the caller's. */
	xmount(theirs, mine, NULL, MS_BIND, NULL);
	expect_refused_view(&o, "another namespace's mountinfo bound over "
			    "mine", 1);

	/* 3: the other namespace dies; fattr may have mapped it. */
	other_ns_stop(&o);
	expect_refused_view(&o, "after the other namespace died", 0);
	ck_assert_int_eq(umount2(mine, MNT_DETACH), 0);
	expect_own_view(&o, "back to normal");
	free(link);
	free(theirs);
	free(mine);
}
END_TEST

/* Run @fn(@arg) in a child as uid and gid 65534; its exit status. */
static int as_nobody(void (*fn)(void *), void *arg)
{
	int status;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (!pid) {
		if (setgroups(0, NULL) || setgid(65534) || setuid(65534))
			_exit(2);
		fn(arg);
		_exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return status;
}

struct statfs_case {
	const char *path;	/* the mount point */
	int id;			/* its mount id, as root saw it */
	int hidden;		/* another mount is on top of it */
};

/*
 * As nobody: :mntns:ID:statfs:type fails exactly when statfs(2) of the
 * mount point fails (with its errno), or the path leads to another
 * mount (EACCES); else it is statfs(2)'s f_type.  The record itself is
 * mountinfo's, readable by anyone.
 */
static void statfs_as_nobody(void *arg)
{
	const struct statfs_case *c = arg;
	char *name = xasprintf(":mntns:%d:statfs:type", c->id);
	struct statfs st;
	char exp[32];
	struct xres r;

	x_get(&r, "/", name);
	if (statfs(c->path, &st)) {
		ck_assert_msg(r.ret < 0 && r.err == errno,
			      "%s of %s: %zd (%s), statfs(2) %s", name, c->path,
			      r.ret, strerror(r.err), strerror(errno));
	} else if (c->hidden) {
		expect_errno(&r, EACCES, name);
	} else {
		snprintf(exp, sizeof(exp), "%lu", (unsigned long)st.f_type);
		expect_value(&r, exp, strlen(exp), name);
	}
	x_free(&r);
	free(name);
	name = xasprintf(":mntns:%d:info", c->id);
	x_get(&r, "/", name);
	ck_assert_msg(r.ret > 0, "%s as nobody: %s", name, strerror(r.err));
	x_free(&r);
	free(name);
}

START_TEST(test_statfs_reach)
{
	const char *dir = scratch();
	char *locked = xasprintf("%s/locked", dir);
	char *inside = xasprintf("%s/locked/m", dir);
	char *open_ = xasprintf("%s/open", dir);
	char *under = xasprintf("%s/under", dir);
	struct statfs_case c;
	int hidden_id, status;

	ck_assert_int_eq(chmod(dir, 0755), 0);
	ck_assert_int_eq(mkdir(locked, 0700), 0);
	xtmpfs("fattr-locked", inside);
	xtmpfs("fattr-open", open_);
	xtmpfs("fattr-under", under);
	hidden_id = path_mnt_id(under, 0);
	xtmpfs("fattr-over", under);

	/* Below a 0700 directory: statfs(2) gives EACCES. */
	c = (struct statfs_case){ inside, path_mnt_id(inside, 0), 0 };
	status = as_nobody(statfs_as_nobody, &c);
	ck_assert_msg(status == 0, "below a 0700 directory: status %#x",
		      status);
	/* Reachable: statfs(2)'s figures. */
	c = (struct statfs_case){ open_, path_mnt_id(open_, 0), 0 };
	status = as_nobody(statfs_as_nobody, &c);
	ck_assert_msg(status == 0, "reachable: status %#x", status);
	/* Hidden under another mount: its path leads to the other. */
	c = (struct statfs_case){ under, hidden_id, 1 };
	status = as_nobody(statfs_as_nobody, &c);
	ck_assert_msg(status == 0, "hidden: status %#x", status);
	statfs_as_nobody(&c);
	/* As root, who may search everything: statfs(2)'s figures. */
	c = (struct statfs_case){ inside, path_mnt_id(inside, 0), 0 };
	statfs_as_nobody(&c);
	free(locked);
	free(inside);
	free(open_);
	free(under);
}
END_TEST

/* A mount whose root may be closed to nobody, and root's answers. */
struct ids_case {
	const char *path;	/* its mount point */
	int id;			/* its mount id */
	struct xres ref[2];	/* root's :mntns:ID:uuid and :mntns:ID:bdev */
};

static const char *const ids_keys[2] = { "uuid", "bdev" };

/*
 * As nobody: statfs(2) of the mount point works, and "uuid" and "bdev"
 * (by id and by path) give EACCES exactly when nobody's own open(2) of
 * the mount's root fails with EACCES (doc/design.md "Security model":
 * what the file system's UUID ioctls need); else root's answer, and the
 * UUID is FS_IOC_GETFSUUID's where the kernel has it.  "export" leaves
 * out what is refused and still holds the statfs figures.
 */
static void ids_as_nobody(void *arg)
{
	const struct ids_case *c = arg;
	int fd = open(c->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int err = fd < 0 ? errno : 0, i, j;
	char *name, *what, exp[64];
	struct statfs st;
	struct xres r;

	ck_assert_msg(!statfs(c->path, &st), "scenario: statfs(2) of %s "
		      "as nobody: %s", c->path, strerror(errno));
	ck_assert_msg(!err || err == EACCES, "open %s as nobody: %s",
		      c->path, strerror(err));
	for (i = 0; i < 2; i++) {
		for (j = 0; j < 2; j++) {
			name = j ? xasprintf(":mnt:%s", ids_keys[i]) :
			       xasprintf(":mntns:%d:%s", c->id, ids_keys[i]);
			what = xasprintf("%s of %s as nobody, whose open(2) "
					 "%s", name, c->path, err ?
					 "fails" : "succeeds");
			x_get(&r, j ? c->path : "/", name);
			if (err)
				expect_errno(&r, EACCES, what);
			else if (c->ref[i].ret < 0)
				expect_errno(&r, c->ref[i].err, what);
			else
				expect_value(&r, c->ref[i].val, c->ref[i].ret,
					     what);
			if (!err && !i && fs_uuid_text(fd, exp) > 0)
				expect_value(&r, exp, strlen(exp), what);
			x_free(&r);
			free(name);
			free(what);
		}
	}
	name = xasprintf(":mntns:%d:export", c->id);
	x_get(&r, "/", name);
	ck_assert_msg(r.ret > 0, "%s as nobody: %s", name, strerror(r.err));
	r.val[r.ret] = '\0';
	ck_assert_msg(strstr(r.val, "\nSTATFS_TYPE='"), "%s as nobody: no "
		      "STATFS_TYPE", name);
	ck_assert_msg(!strstr(r.val, "\nUUID='") == (err || c->ref[0].ret < 0),
		      "%s as nobody (open(2): %s): UUID %s", name,
		      strerror(err), strstr(r.val, "\nUUID='") ? "given" :
		      "left out");
	x_free(&r);
	free(name);
	if (fd >= 0)
		close(fd);
}

/*
 * A mount whose root is a file (bound on a file): "uuid" and "bdev" give
 * EACCES, also to root, who could open it: fattr opens only directory
 * roots (a file's open acts: it breaks leases; a FIFO's blocks).  Its
 * statfs figures are statfs(2)'s.
 */
static void expect_file_root_refused(const char *dir)
{
	char *src = xasprintf("%s/file", dir), *dst = xasprintf("%s/on", dir);
	char *name, exp[32];
	struct statfs st;
	struct xres r;
	int i, j, id;

	close(open(src, O_CREAT | O_WRONLY | O_CLOEXEC, 0644));
	close(open(dst, O_CREAT | O_WRONLY | O_CLOEXEC, 0644));
	xbind(src, dst);
	id = path_mnt_id(dst, 0);
	ck_assert_int_gt(id, 0);
	for (i = 0; i < 2; i++) {
		for (j = 0; j < 2; j++) {
			name = j ? xasprintf(":mnt:%s", ids_keys[i]) :
			       xasprintf(":mntns:%d:%s", id, ids_keys[i]);
			x_get(&r, j ? dst : "/", name);
			expect_errno(&r, EACCES, name);
			x_free(&r);
			free(name);
		}
	}
	ck_assert(!statfs(dst, &st));
	snprintf(exp, sizeof(exp), "%lu", (unsigned long)st.f_type);
	name = xasprintf(":mntns:%d:statfs:type", id);
	x_get(&r, "/", name);
	expect_value(&r, exp, strlen(exp), name);
	x_free(&r);
	free(name);
	free(src);
	free(dst);
}

/*
 * A file system whose root is 0700 (a user's home): its UUID and device
 * go to those who could open its root, not to everyone who may statfs(2)
 * it; with the root 0755, to nobody too.
 */
START_TEST(test_ids_root_0700)
{
	const char *dir = scratch();
	struct ids_case c = { .path = xasprintf("%s/home", dir) };
	char *name;
	int i, mode, status;

	ck_assert_int_eq(chmod(dir, 0755), 0);
	xmkdir(c.path);
	xmount("fattr-home", c.path, "tmpfs", 0, "mode=0700");
	c.id = path_mnt_id(c.path, 0);
	for (mode = 0700; mode; mode = mode == 0700 ? 0755 : 0) {
		ck_assert_int_eq(chmod(c.path, mode), 0);
		for (i = 0; i < 2; i++) {
			name = xasprintf(":mntns:%d:%s", c.id, ids_keys[i]);
			x_get(&c.ref[i], "/", name);
			ck_assert_msg(c.ref[i].ret > 0 ||
				      c.ref[i].err == ENODATA, "%s as root: "
				      "%s", name, strerror(c.ref[i].err));
			free(name);
		}
		status = as_nobody(ids_as_nobody, &c);
		ck_assert_msg(status == 0, "root %o: status %#x", mode,
			      status);
		x_free(&c.ref[0]);
		x_free(&c.ref[1]);
	}
	free((char *)c.path);
	expect_file_root_refused(dir);
}
END_TEST

/* The main thread has exited; this thread asks. */
static void *ask_after_main(void *arg)
{
	int fd = *(int *)arg, ok = 0, id = path_mnt_id("/", 0);
	struct mountinfo mi;
	const char *line;
	char buf[4096];
	size_t len;
	ssize_t r;

	/* Until the leader is a zombie (its nsproxy gone). */
	usleep(200 * 1000);
	r = getxattr("/", ":mnt:info", buf, sizeof(buf));
	if (!mi_read(&mi, "/proc/thread-self/mountinfo")) {
		line = mi_find(&mi, id, &len);
		ok = line && r == (ssize_t)len && !memcmp(buf, line, len);
		mi_free(&mi);
	}
	if (!ok)
		dprintf(fd, "getxattr: %zd (%s)", r, r < 0 ?
			strerror(errno) : "a different record");
	else
		dprintf(fd, "ok");
	close(fd);
	exit(0);
}

START_TEST(test_main_thread_exited)
{
	char buf[256] = "";
	int fds[2], status;
	pthread_t t;
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		close(fds[0]);
		if (pthread_create(&t, NULL, ask_after_main, &fds[1]))
			_exit(1);
		pthread_exit(NULL);
	}
	close(fds[1]);
	ck_assert_int_ge(read(fds[0], buf, sizeof(buf) - 1), 0);
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(!strcmp(buf, "ok"), ":mnt:info after pthread_exit() "
		      "in main: %s", buf);
}
END_TEST

/*
 * A thread with a root of its own (unshare(CLONE_FS), chroot): /proc/self
 * is its leader's, whose records are rendered against the leader's root.
 * fattr must answer as the thread's own mountinfo, from the thread's
 * root: the leader's file may give the verdict, not the records.
 */
struct own_root {
	const char *dir;	/* where the thread chroots */
	char msg[512];		/* why it failed; "" if it did not */
};

static void own_root_compare(struct own_root *o, const char *name,
			     const char *exp, size_t len)
{
	struct xres r;

	x_get(&r, "/", name);
	if (r.ret != (ssize_t)len || memcmp(r.val, exp, len))
		snprintf(o->msg, sizeof(o->msg), "%s in a chrooted thread: %zd "
			 "(%s) bytes, its mountinfo: %zu bytes", name, r.ret,
			 r.ret < 0 ? strerror(r.err) : "a different value",
			 len);
	x_free(&r);
}

static void *ask_from_own_root(void *arg)
{
	struct own_root *o = arg;
	struct mountinfo mi;
	const char *line;
	size_t len;
	char *exp;

	if (unshare(CLONE_FS) || chroot(o->dir) || chdir("/")) {
		snprintf(o->msg, sizeof(o->msg), "chroot %s: %s", o->dir,
			 strerror(errno));
		return NULL;
	}
	if (mi_read(&mi, "/proc/thread-self/mountinfo")) {
		snprintf(o->msg, sizeof(o->msg), "its mountinfo: %s",
			 strerror(errno));
		return NULL;
	}
	line = mi_find(&mi, path_mnt_id("/", 0), &len);
	if (!line)
		snprintf(o->msg, sizeof(o->msg), "no record of its root");
	else
		own_root_compare(o, ":mnt:info", line, len);
	exp = ids_listing(&mi, &len);
	if (!o->msg[0])
		own_root_compare(o, ":mntns:", exp, len);
	free(exp);
	mi_free(&mi);
	return NULL;
}

START_TEST(test_thread_own_root)
{
	struct own_root o = { .msg = "" };
	char *proc;
	pthread_t t;

	o.dir = xasprintf("%s/root", scratch());
	proc = xasprintf("%s/proc", o.dir);
	xtmpfs("fattr-trust-root", o.dir);
	xmkdir(proc);
	xmount("proc", proc, "proc", 0, NULL);
	ck_assert_int_eq(pthread_create(&t, NULL, ask_from_own_root, &o), 0);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
	ck_assert_msg(!o.msg[0], "%s", o.msg);
	free(proc);
	free((char *)o.dir);
}
END_TEST

/*
 * Two names in one aligned 8-byte word, flipped atomically: ":mnt:i" (no
 * such key: ENODATA) and "Xmnt:id" (not fattr's: the kernel's answer,
 * EOPNOTSUPP).  Neither has a value, so a value means that fattr read
 * one name and served another (the byte after ':' of "Xmnt:id").
 */
static uint64_t flip_word __attribute__((aligned(8)));
static volatile int flip_stop;

static void *flipper(void *unused)
{
	uint64_t a, b;

	(void)unused;
	memcpy(&a, ":mnt:i\0\0", 8);
	memcpy(&b, "Xmnt:id\0", 8);
	while (!flip_stop) {
		__atomic_store_n(&flip_word, a, __ATOMIC_RELAXED);
		__atomic_store_n(&flip_word, b, __ATOMIC_RELAXED);
	}
	return NULL;
}

START_TEST(test_name_read_once)
{
	struct timespec t0, t;
	long calls = 0, enodata = 0, eopnotsupp = 0, served = 0;
	char buf[4096];
	pthread_t th;
	ssize_t r;

	memcpy(&flip_word, ":mnt:i\0\0", 8);
	ck_assert_int_eq(pthread_create(&th, NULL, flipper, NULL), 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		r = getxattr("/", (const char *)&flip_word, buf, sizeof(buf));
		calls++;
		if (r >= 0)
			served++;
		else if (errno == ENODATA)
			enodata++;
		else if (errno == EOPNOTSUPP)
			eopnotsupp++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec < 3);
	flip_stop = 1;
	pthread_join(th, NULL);
	printf("name read once: %ld calls, %ld ENODATA, %ld EOPNOTSUPP, "
	       "%ld served\n", calls, enodata, eopnotsupp, served);
	ck_assert_msg(!served, "%ld of %ld calls answered a name that was "
		      "never fattr's", served, calls);
	ck_assert_int_eq(enodata + eopnotsupp, calls);
}
END_TEST

#ifdef __aarch64__
#ifndef PR_SET_TAGGED_ADDR_CTRL
#define PR_SET_TAGGED_ADDR_CTRL 55
#define PR_TAGGED_ADDR_ENABLE (1UL << 0)
#endif

/* @p with 0x5a in its top byte (the tagged address ABI). */
static const char *tagged(const char *p)
{
	return (const char *)((uintptr_t)p | (0x5aUL << 56));
}

/*
 * A process that opted in to the tagged address ABI passes tagged names:
 * each gets the untagged name's answer, within 20 s (SIGALRM fails the
 * test otherwise).
 */
START_TEST(test_tagged_name)
{
	static const char *const names[] = {
		"user.fattr_none", ":mnt:info", ":mnt:id", ":nope",
	};
	char *a = malloc(4096), *b = malloc(4096);
	size_t i;

	ck_assert_int_eq(prctl(PR_SET_TAGGED_ADDR_CTRL, PR_TAGGED_ADDR_ENABLE,
			       0, 0, 0), 0);
	alarm(20);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *name = strdup(names[i]);
		ssize_t ra, rb;
		int ea, eb;

		ra = getxattr("/", name, a, 4096);
		ea = errno;
		rb = getxattr("/", tagged(name), b, 4096);
		eb = errno;
		ck_assert_msg(ra == rb && (ra >= 0 ? !memcmp(a, b, ra) :
					   ea == eb),
			      "%s tagged: %zd (%s), untagged: %zd (%s)", names[i],
			      rb, strerror(eb), ra, strerror(ea));
		free(name);
	}
	alarm(0);
	free(a);
	free(b);
}
END_TEST

#define HWCAP2_MTE_BIT		(1UL << 18)
#define PROT_MTE_FLAG		0x20
#define PR_MTE_TCF_SYNC_BIT	(1UL << 1)
#define PR_MTE_TAG_SHIFT_N	3

/*
 * Memory tagging (MTE, in synchronous mode): names in memory tagged 3,
 * passed through pointers tagged 3, as an MTE heap hands them out.  Each
 * gets the answer of the same name in untagged memory, within 20 s: a
 * load through the untagged address faults on the tag check, so the
 * callback must read through the tagged one (a livelock before).
 */
START_TEST(test_mte_name)
{
	static const char *const names[] = {
		"user.fattr_none", ":mnt:info", ":nope",
	};
	char *p, *mem, *a = malloc(4096), *b = malloc(4096);
	size_t i, off;

	ck_assert_int_eq(prctl(PR_SET_TAGGED_ADDR_CTRL, PR_TAGGED_ADDR_ENABLE |
			       PR_MTE_TCF_SYNC_BIT |
			       (0xfffeUL << PR_MTE_TAG_SHIFT_N), 0, 0, 0), 0);
	mem = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_MTE_FLAG,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(mem != MAP_FAILED);
	p = (char *)((uintptr_t)mem | (3UL << 56));
	for (off = 0; off < 4096; off += 16)
		__asm__ volatile(".arch_extension memtag\n\tstg %0, [%0]"
				 : : "r"(p + off) : "memory");
	alarm(20);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		ssize_t ra, rb;
		int ea, eb;

		strcpy(p, names[i]);
		ra = getxattr("/", names[i], a, 4096);
		ea = errno;
		rb = getxattr("/", p, b, 4096);
		eb = errno;
		ck_assert_msg(ra == rb && (ra >= 0 ? !memcmp(a, b, ra) :
					   ea == eb),
			      "%s in MTE memory: %zd (%s), untagged: %zd (%s)",
			      names[i], rb, strerror(eb), ra, strerror(ea));
	}
	alarm(0);
	munmap(mem, 4096);
	free(a);
	free(b);
}
END_TEST
#endif

/*
 * Where statmount(2) gives mnt_opts (STATMOUNT_MNT_OPTS, 6.10): for every
 * mount of the namespace, the superoptions key ends with them (mountinfo
 * writes "ro" or "rw" and the super block flags' options first).
 */
static void check_superoptions_statmount(void)
{
	struct {
		uint32_t size, spare;
		uint64_t mnt_id, param;
	} req = { 24, 0, ~0ULL, 0 };
	static uint64_t list[4096], sm[8192];
	long n, i, checked = 0;

	if (!have_statmount())
		return;
	n = syscall(458, &req, list, 4096, 0);	/* listmount(LSMT_ROOT) */
	ck_assert_msg(n > 0, "listmount: %s", strerror(errno));
	for (i = 0; i < n; i++) {
		struct {
			uint32_t size, spare;
			uint64_t mnt_id, param;
		} one = { 24, 0, list[i], 0x2 | 0x80 };	/* BASIC, OPTS */
		const char *opts;
		char *name, *suffix;
		struct xres r;
		size_t sl;

		if (syscall(457, &one, sm, sizeof(sm), 0) < 0)
			continue;
		/* mask at byte 8, mnt_opts at 4, the strings at 512. */
		if (!(sm[1] & 0x80))
			continue;
		opts = (char *)sm + 512 + ((uint32_t *)sm)[1];
		name = xasprintf(":mntns:%u:superoptions",
				 *(uint32_t *)((char *)sm + 56));
		x_get(&r, "/", name);
		ck_assert_msg(r.ret > 0, "%s: %s", name, strerror(r.err));
		suffix = xasprintf(",%s", opts);
		sl = strlen(suffix);
		ck_assert_msg(!*opts || ((size_t)r.ret >= sl &&
			      !memcmp(r.val + r.ret - sl, suffix, sl)),
			      "%s \"%s\" does not end with statmount's "
			      "mnt_opts \"%s\"", name, esc(r.val, r.ret), opts);
		x_free(&r);
		free(name);
		free(suffix);
		checked++;
	}
	printf("superoptions against statmount's mnt_opts: %ld mounts\n",
	       checked);
}

/* Whether the list @v (@n bytes, a NUL after each entry) has @entry. */
static int list_has(const char *v, size_t n, const char *entry)
{
	size_t i = 0;

	while (i < n) {
		if (!strcmp(v + i, entry))
			return 1;
		i += strnlen(v + i, n - i) + 1;
	}
	return 0;
}

/* The new mount API (5.2+), by number: the same on x86_64 and arm64. */
#define NR_MOVE_MOUNT	429
#define NR_FSOPEN	430
#define NR_FSCONFIG	431
#define NR_FSMOUNT	432
#define FSCONFIG_SET_FLAG	0
#define FSCONFIG_SET_STRING	1
#define FSCONFIG_CMD_CREATE	6
#define MOVE_MOUNT_F_EMPTY_PATH	0x00000004

/*
 * A cgroup v1 hierarchy whose release_agent holds ',', '=' and ' ': its
 * superoptions key has them as seq_show_option() escapes them, so that
 * the options split at ','; where statmount(2) gives mnt_opts (6.10),
 * the key ends with them, for every mount.
 */
START_TEST(test_superoptions_escaped)
{
	static const char agent[] = "/fattr,agent=x y";
	const char *dir = scratch();
	char *target = xasprintf("%s/cg", dir), *exp;
	int fs, mnt;
	struct xres r;

	fs = syscall(NR_FSOPEN, "cgroup", 0);
	ck_assert_msg(fs >= 0, "fsopen cgroup: %s", strerror(errno));
	ck_assert_int_eq(syscall(NR_FSCONFIG, fs, FSCONFIG_SET_FLAG, "none",
				 NULL, 0), 0);
	ck_assert_int_eq(syscall(NR_FSCONFIG, fs, FSCONFIG_SET_STRING, "name",
				 "fattrtrust", 0), 0);
	ck_assert_msg(!syscall(NR_FSCONFIG, fs, FSCONFIG_SET_STRING,
			       "release_agent", agent, 0),
		      "release_agent: %s", strerror(errno));
	ck_assert_msg(!syscall(NR_FSCONFIG, fs, FSCONFIG_CMD_CREATE, NULL,
			       NULL, 0), "create: %s", strerror(errno));
	mnt = syscall(NR_FSMOUNT, fs, 0, 0);
	ck_assert_msg(mnt >= 0, "fsmount: %s", strerror(errno));
	xmkdir(target);
	ck_assert_int_eq(syscall(NR_MOVE_MOUNT, mnt, "", AT_FDCWD, target,
				 MOVE_MOUNT_F_EMPTY_PATH), 0);
	x_get(&r, target, ":mnt:superoptions");
	ck_assert_msg(r.ret > 0, "superoptions: %s", strerror(r.err));
	r.val[r.ret] = '\0';
	/*
	 * The option as mounted, its value escaped as seq_show_option()
	 * escapes values: ',', blanks and '\\' (a name also '=').
	 */
	exp = ",release_agent=/fattr\\054agent=x\\040y";
	ck_assert_msg(strstr(r.val, exp), "superoptions \"%s\" lack \"%s\"",
		      r.val, exp);
	ck_assert_msg(!strchr(r.val, ' '), "a blank in \"%s\"", r.val);
	x_free(&r);
	/* opt_array: the options as mounted, unescaped, one entry each. */
	x_get(&r, target, ":mnt:opt_array");
	ck_assert_msg(r.ret > 0, "opt_array: %s", strerror(r.err));
	ck_assert_msg(list_has(r.val, r.ret, "release_agent=/fattr,agent=x y") &&
		      list_has(r.val, r.ret, "name=fattrtrust"),
		      "opt_array \"%s\" lacks the options as mounted",
		      esc(r.val, r.ret));
	x_free(&r);
	close(mnt);
	close(fs);
	check_superoptions_statmount();
	free(target);
}
END_TEST

/*
 * debugfs's "tracing" is an automount point of tracefs (4.1+).  statfs(2)
 * triggers it; so must ":mnt:statfs:", asked first: it gives what
 * statfs(2) gives after it.
 */
/* A fresh debugfs in a scratch directory: its "tracing", malloc'd. */
static char *fresh_tracing(void)
{
	const char *dir = scratch();
	char *dbg = xasprintf("%s/debug", dir);

	xmkdir(dbg);
	xmount("debugfs", dbg, "debugfs", 0, NULL);
	free(dbg);
	return xasprintf("%s/debug/tracing", dir);
}

START_TEST(test_statfs_automount)
{
	char *tracing = fresh_tracing(), exp[32];
	struct statfs st;
	struct xres r;

	x_get(&r, tracing, ":mnt:statfs:type");
	ck_assert_msg(!statfs(tracing, &st), "statfs %s: %s", tracing,
		      strerror(errno));
	snprintf(exp, sizeof(exp), "%lu", (unsigned long)st.f_type);
	expect_value(&r, exp, strlen(exp), ":mnt:statfs:type of debugfs's "
		     "tracing, before anything else crossed it");
	x_free(&r);
	free(tracing);
}
END_TEST

/*
 * ":mnt:export" holds the statfs: figures, so it looks its path up as
 * statfs(2) does too: asked first on debugfs's "tracing", all its keys
 * are the automounted tracefs's, STATFS_TYPE that of statfs(2) after it.
 */
START_TEST(test_export_automount)
{
	char *tracing = fresh_tracing(), *exp;
	struct statfs st;
	struct xres r;

	x_get(&r, tracing, ":mnt:export");
	ck_assert_msg(!statfs(tracing, &st), "statfs %s: %s", tracing,
		      strerror(errno));
	ck_assert_msg(r.ret > 0, ":mnt:export of tracing: %s",
		      strerror(r.err));
	exp = xasprintf("\nSTATFS_TYPE='%lu'\n", (unsigned long)st.f_type);
	ck_assert_msg(memmem(r.val, r.ret, exp, strlen(exp)) &&
		      memmem(r.val, r.ret, "\nFSTYPE='tracefs'\n", 18),
		      ":mnt:export of debugfs's tracing, before anything "
		      "else crossed it: \"%s\", statfs type %lu",
		      esc(r.val, r.ret), (unsigned long)st.f_type);
	x_free(&r);
	free(exp);
	free(tracing);
}
END_TEST

/*
 * A listing of more than XATTR_SIZE_MAX: whole into a buffer big enough,
 * ERANGE into one smaller than XATTR_SIZE_MAX, E2BIG into one of
 * XATTR_SIZE_MAX or more that is still too small (fs/xattr.c caps the
 * size at XATTR_SIZE_MAX and turns that ERANGE into E2BIG).
 */
START_TEST(test_listing_e2big)
{
	const char *dir = scratch();
	char *buf = malloc(1 << 20), *exp;
	struct mountinfo mi;
	ssize_t r, len;
	size_t elen;
	int i;

	/* In batches: a listing of thousands of mounts is not free. */
	for (i = 0; getxattr("/", ":mntns:", NULL, 0) <= VALUE_MAX + 64;) {
		int end = i + 500;

		for (; i < end; i++) {
			char *m = xasprintf("%s/%d", dir, i);

			xmkdir(m);
			xmount("fattr-many", m, "tmpfs", 0, NULL);
			free(m);
		}
	}
	len = getxattr("/", ":mntns:", NULL, 0);
	r = getxattr("/", ":mntns:", buf, len);
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	exp = ids_listing(&mi, &elen);
	ck_assert_msg(r == (ssize_t)elen && !memcmp(buf, exp, elen),
		      ":mntns: of %zu bytes: %zd (%s)", elen, r,
		      strerror(errno));
	r = getxattr("/", ":mntns:", buf, VALUE_MAX - 1);
	ck_assert_msg(r == -1 && errno == ERANGE, "64 KiB - 1: %zd (%s)", r,
		      strerror(errno));
	r = getxattr("/", ":mntns:", buf, VALUE_MAX);
	ck_assert_msg(r == -1 && errno == E2BIG, "64 KiB: %zd (%s)", r,
		      strerror(errno));
	r = getxattr("/", ":mntns:", buf, len - 1);
	ck_assert_msg(r == -1 && errno == E2BIG, "%zd: %zd (%s)", len - 1, r,
		      strerror(errno));
	mi_free(&mi);
	free(exp);
	free(buf);
}
END_TEST

/*
 * The caller's root above its mount's root: a bind M of dir b, the caller
 * chrooted into b/r through M, then r moved out of b and b into r.  From
 * a mount point under b the way up leaves M at b before it meets r, so
 * mountinfo hides that mount; a mount point under r but not b still
 * reaches r.  The listing must be what the caller's own mountinfo
 * (read from outside, /proc/PID/mountinfo) lists.
 */
START_TEST(test_root_above_mount)
{
	const char *dir = scratch();
	char *a = xasprintf("%s/a", dir), *b = xasprintf("%s/a/b", dir);
	char *r = xasprintf("%s/a/b/r", dir), *m = xasprintf("%s/m", dir);
	char *x = xasprintf("%s/m/x", dir), *t = xasprintf("%s/m/r/t", dir);
	char *r2 = xasprintf("%s/a/r", dir), *b2 = xasprintf("%s/a/r/b", dir);
	char *file, buf[65536];
	int go[2], back[2], status;
	struct mountinfo mi;
	ssize_t n = 0, got;
	size_t len;
	char *exp;
	pid_t pid;

	xmkdir(a);
	xmkdir(b);
	xmkdir(r);
	xmkdir(xasprintf("%s/x", b));
	xmkdir(xasprintf("%s/t", r));
	xbind(b, m);
	xtmpfs("fattr-under-b", x);
	xtmpfs("fattr-under-r", t);
	ck_assert_int_eq(pipe(go), 0);
	ck_assert_int_eq(pipe(back), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		char c;

		/*
		 * A procfs of its own in the chroot: without one it could
		 * read no mountinfo, and fattr answers EACCES.
		 */
		if (chdir(xasprintf("%s/m/r", dir)) || chroot(".") ||
		    mkdir("/proc", 0555) ||
		    mount("proc", "/proc", "proc", 0, NULL)) {
			n = snprintf(buf, sizeof(buf), "chroot, /proc: %s",
				     strerror(errno));
			if (write(back[1], buf, n) != n)
				_exit(1);
			_exit(1);
		}
		/* Chrooted: the renames may come. */
		if (write(back[1], "R", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(1);
		n = getxattr("/", ":mntns:", buf, sizeof(buf));
		if (n < 0)
			n = snprintf(buf, sizeof(buf), "getxattr: %s",
				     strerror(errno));
		if (write(back[1], buf, n) != n)
			_exit(1);
		close(back[1]);
		if (read(go[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(back[1]);
	got = read(back[0], buf, 1);
	ck_assert_msg(got == 1 && buf[0] == 'R', "the child did not chroot");
	ck_assert_int_eq(rename(r, r2), 0);
	ck_assert_int_eq(rename(b, b2), 0);
	ck_assert_int_eq(write(go[1], "g", 1), 1);
	while ((got = read(back[0], buf + n, sizeof(buf) - n)) > 0)
		n += got;
	file = xasprintf("/proc/%d/mountinfo", (int)pid);
	got = mi_read(&mi, file);
	ck_assert_msg(!got, "%s of the chrooted child: %s (it says \"%s\")",
		      file, strerror(-got), esc(buf, n));
	exp = ids_listing(&mi, &len);
	ck_assert_int_eq(write(go[1], "g", 1), 1);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && !WEXITSTATUS(status),
		      "chrooted child: status %#x", status);
	ck_assert_msg((size_t)n == len && !memcmp(buf, exp, len),
		      ":mntns: with the root above its mount's root: \"%s\", "
		      "its mountinfo lists \"%s\"", esc(buf, n),
		      esc(exp, len));
	mi_free(&mi);
	free(exp);
	free(file);
}
END_TEST

/*
 * Verdicts combined across renames.  X is a bind of directory s of a
 * tmpfs F, mounted at c/a/x below the caller's root c; Y is mounted on
 * s/m/y through X, then m is moved out of s (Y's mount point escapes X's
 * root: mountinfo hides Y).  A renamer moves a out of c (X hidden) and m
 * back into s, sleeps, moves m out and a back in (X shown), sleeps, and
 * so on.  At no instant are both X's way up and Y's link to X there, so
 * the caller's mountinfo never lists Y; a listing that remembers X as
 * shown from before the renames and then finds Y's link in place would
 * list it.  X is placed last of a hold of namespace_sem (fattr's
 * FATTR_VISITS_PER_HOLD, 128 mounts, counted in mountinfo's order) and
 * Y first of the next; the lister and the renamer share one CPU, so that
 * the renamer, woken, runs where the lister yields: between the holds.
 */
#define FLIP_HOLD	128
#define FLIP_NS		(3LL * 1000 * 1000 * 1000)

static volatile int flip_renames_stop;

static long long flip_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

struct flip_paths {
	char *a, *a_out, *m, *m_out;
};

/* The calling thread on CPU 0 only. */
static int flip_pin(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static void *flip_renamer(void *arg)
{
	const struct flip_paths *p = arg;

	if (flip_pin())
		return (void *)(long)errno;
	while (!flip_renames_stop) {
		if (rename(p->a, p->a_out) || rename(p->m_out, p->m))
			return (void *)(long)errno;
		usleep(200);
		if (rename(p->m, p->m_out) || rename(p->a_out, p->a))
			return (void *)(long)errno;
		usleep(200);
	}
	return NULL;
}

/* The position of mount @id in this namespace's mountinfo, from 0. */
static int flip_position(int id)
{
	struct mountinfo mi;
	size_t n, i;
	int *ids, pos = -1;

	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	n = mi_ids(&mi, &ids);
	for (i = 0; i < n; i++)
		if (ids[i] == id)
			pos = (int)i;
	free(ids);
	mi_free(&mi);
	return pos;
}

/*
 * The lister, chrooted into @c with a procfs of its own (mounted last, so
 * after X and Y in mountinfo's order): 0, or 1 with why in @fd.
 */
static int flip_list(const char *c, int x_id, int y_id, int fd)
{
	static char buf[VALUE_MAX];
	long long n = 0, x_seen = 0, t0;
	ssize_t r;

	if (flip_pin() || chroot(c) || chdir("/") || mkdir("/proc", 0555) ||
	    mount("proc", "/proc", "proc", 0, NULL)) {
		dprintf(fd, "pin, chroot, /proc: %s", strerror(errno));
		return 1;
	}
	t0 = flip_now_ns();
	while (flip_now_ns() - t0 < FLIP_NS) {
		r = getxattr("/", ":mntns:", buf, sizeof(buf));
		if (r < 0) {
			dprintf(fd, "listing %lld: %s", n, strerror(errno));
			return 1;
		}
		n++;
		x_seen += listing_has(buf, r, x_id);
		if (listing_has(buf, r, y_id)) {
			dprintf(fd, "listing %lld (%lld with X) lists mount "
				"%d, which mountinfo never does", n, x_seen,
				y_id);
			return 1;
		}
	}
	dprintf(fd, "ok %lld %lld", n, x_seen);
	return 0;
}

START_TEST(test_verdicts_across_renames)
{
	const char *dir = scratch();
	char *c = xasprintf("%s/c", dir), *f = xasprintf("%s/f", dir);
	char *s = xasprintf("%s/f/s", dir), *x = xasprintf("%s/c/a/x", dir);
	char *y = xasprintf("%s/c/a/x/m/y", dir);
	struct flip_paths p = {
		xasprintf("%s/c/a", dir), xasprintf("%s/a", dir),
		xasprintf("%s/f/s/m", dir), xasprintf("%s/f/m", dir),
	};
	int i, k, x_id, y_id, status, fds[2];
	char msg[256] = "";
	long long seen;
	pthread_t th;
	void *ret;
	pid_t pid;

	xmkdir(c);
	xmkdir(p.a);
	xtmpfs("fattr-flip-f", f);
	xmkdir(s);
	xmkdir(p.m);
	/* Fillers, so that X comes last of a hold. */
	k = FLIP_HOLD - 1 - flip_position(path_mnt_id(f, 0)) % FLIP_HOLD - 1;
	if (k < 0)
		k += FLIP_HOLD;
	for (i = 0; i < k; i++) {
		char *fill = xasprintf("%s/fill%d", dir, i);

		xtmpfs("fattr-flip-fill", fill);
		free(fill);
	}
	xbind(s, x);
	xtmpfs("fattr-flip-y", y);
	x_id = path_mnt_id(x, 0);
	y_id = path_mnt_id(y, 0);
	ck_assert_int_eq(flip_position(x_id) % FLIP_HOLD, FLIP_HOLD - 1);
	ck_assert_int_eq(flip_position(y_id) % FLIP_HOLD, 0);
	ck_assert_int_eq(rename(p.m, p.m_out), 0);

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		close(fds[0]);
		_exit(flip_list(c, x_id, y_id, fds[1]));
	}
	close(fds[1]);
	ck_assert_int_eq(pthread_create(&th, NULL, flip_renamer, &p), 0);
	i = read(fds[0], msg, sizeof(msg) - 1);
	flip_renames_stop = 1;
	ck_assert_int_eq(pthread_join(th, &ret), 0);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && !WEXITSTATUS(status),
		      "chrooted lister: %s", i > 0 ? msg : "no word");
	ck_assert_msg(!ret, "renamer: %s", strerror((int)(long)ret));
	ck_assert_msg(sscanf(msg, "ok %*d %lld", &seen) == 1, "lister: %s",
		      msg);
	/* X was seen: the listing did meet the state it must not keep. */
	ck_assert_msg(seen > 0, "the lister never saw mount %d: %s", x_id,
		      msg);
	printf("verdicts across renames: %s (listings, with X)\n", msg + 3);
	free(c);
	free(f);
	free(s);
	free(x);
	free(y);
	free(p.a);
	free(p.a_out);
	free(p.m);
	free(p.m_out);
}
END_TEST

/* Renames a directory back and forth until told to stop. */
static volatile int rename_stop;

static void *renamer(void *arg)
{
	const char *from = arg;
	char *to = xasprintf("%s.renamed", from);

	while (!rename_stop) {
		if (rename(from, to) || rename(to, from))
			break;
	}
	free(to);
	return NULL;
}

/*
 * Mount points 1,500 directories deep (deeper than fattr judges without
 * rendering) and a thread renaming directories in a loop (which fails
 * fattr's judging walk and has it render): the listing and every record
 * still match the caller's mountinfo.
 */
START_TEST(test_deep_dirs)
{
	const char *dir = scratch();
	char *spin = xasprintf("%s/spin", dir);
	int fd, i, k;
	pthread_t th;

	ck_assert_int_eq(chdir(dir), 0);
	for (k = 0; k < 3; k++) {
		char *top = xasprintf("%s/deep%d", dir, k);

		xmkdir(top);
		ck_assert_int_eq(chdir(top), 0);
		for (i = 0; i < 1500; i++) {
			ck_assert_int_eq(mkdir("d", 0755) && errno != EEXIST,
					 0);
			ck_assert_int_eq(chdir("d"), 0);
		}
		xmkdir("m");
		ck_assert_int_eq(mount("fattr-deep", "m", "tmpfs", 0, NULL),
				 0);
		free(top);
	}
	ck_assert_int_eq(chdir("/"), 0);
	xmkdir(spin);
	fd = open(spin, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	close(fd);
	expect_listing("/");
	expect_all_ids();
	rename_stop = 0;
	ck_assert_int_eq(pthread_create(&th, NULL, renamer, spin), 0);
	for (i = 0; i < 20; i++)
		expect_listing("/");
	rename_stop = 1;
	pthread_join(th, NULL);
	free(spin);
}
END_TEST

/*
 * Mounts nested 40 deep, each mount point 1,000 directories below the
 * root of the mount before, and at the bottom a mount older than all of
 * them, moved there (judged first where the walk goes by age, 6.8+): a
 * way up that no hold's budget covers (fattr could loop forever on such
 * ones once), and records longer than 64 KiB, which a listing must still
 * judge (one failed it with E2BIG once).  The listing matches the
 * caller's mountinfo.
 */
START_TEST(test_nested_deep_mounts)
{
	const char *dir = scratch();
	char *early = xasprintf("%s/early", dir);
	int i, k;

	/* Older than the chain, then moved to its bottom: judged first. */
	xtmpfs("fattr-early", early);
	ck_assert_int_eq(chdir(dir), 0);
	for (k = 0; k < 40; k++) {
		for (i = 0; i < 1000; i++) {
			ck_assert_int_eq(mkdir("d", 0755) && errno != EEXIST,
					 0);
			ck_assert_int_eq(chdir("d"), 0);
		}
		ck_assert_int_eq(mkdir("m", 0755), 0);
		ck_assert_int_eq(mount("fattr-nested", "m", "tmpfs", 0, NULL),
				 0);
		ck_assert_int_eq(chdir("m"), 0);
	}
	ck_assert_int_eq(mkdir("x", 0755), 0);
	xmount(early, "x", NULL, MS_MOVE, NULL);
	ck_assert_int_eq(chdir("/"), 0);
	expect_listing("/");
	free(early);
}
END_TEST

Suite *trust_suite(void)
{
	Suite *s = suite_create("trust");
	TCase *tc = tcase_create("trust");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_redirected_self);
	tcase_add_test(tc, test_statfs_reach);
	tcase_add_test(tc, test_ids_root_0700);
	tcase_add_test(tc, test_main_thread_exited);
	tcase_add_test(tc, test_thread_own_root);
	tcase_add_test(tc, test_name_read_once);
#ifdef __aarch64__
	tcase_add_test(tc, test_tagged_name);
	/* QEMU gives MTE with -M virt,mte=on (scripts/vm-boot.sh). */
	if (getauxval(AT_HWCAP2) & HWCAP2_MTE_BIT)
		tcase_add_test(tc, test_mte_name);
	else
		printf("trust: no MTE in this CPU: test_mte_name not run\n");
#endif
	tcase_add_test(tc, test_superoptions_escaped);
	tcase_add_test(tc, test_statfs_automount);
	tcase_add_test(tc, test_export_automount);
	tcase_add_test(tc, test_listing_e2big);
	tcase_add_test(tc, test_root_above_mount);
	tcase_add_test(tc, test_verdicts_across_renames);
	tcase_add_test(tc, test_deep_dirs);
	tcase_add_test(tc, test_nested_deep_mounts);
	suite_add_tcase(s, tc);
	return s;
}
