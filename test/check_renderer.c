// SPDX-License-Identifier: GPL-2.0
/*
 * check_renderer.c: an error of the kernel's own record renderer.
 *
 * show_mountinfo() fails with what a file system's ->show_path() gives,
 * before it knows whether the caller sees the mount.  cgroup's gives
 * -ERANGE for a path of PATH_MAX or more (cgroup_show_path(), 5.10 to
 * 7.x): a process in a cgroup namespace rooted 1,400 cgroups deep sees
 * the root of every cgroup2 mount as "/.." 1,400 times, 4,200 bytes.
 * Its own paged read of mountinfo fails with ERANGE where that record
 * comes first in a page, and drops it silently elsewhere.  To a
 * getxattr(2) caller ERANGE means "a bigger buffer": fattr answered
 * ERANGE to a size-0 query and to a 16 MiB buffer alike (2026-12-07), so
 * a caller that grows its buffer on ERANGE asked forever.  fattr(7)
 * says what it gives now: EIO for the record keys of such a mount (and
 * "!EIO" in their columns), its numbers and its place in ":mntns:" as
 * for any mount it sees.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "procfs.h"
#include "suites.h"
#include "util.h"

/* "/.." per level: 3 * 1,400 bytes, past PATH_MAX (4,096). */
#define CG_DEPTH	1400

/* The child's verdict, sent to the test through a pipe. */
static int verdict_fd = -1;

static void child_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

static void child_fail(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(msg) - 1)
		n = sizeof(msg) - 1;
	if (write(verdict_fd, msg, n) < 0)
		_exit(2);
	_exit(1);
}

#define CHILD_ASSERT(cond, ...) \
	do { if (!(cond)) child_fail(__VA_ARGS__); } while (0)

/* Whether the mount @id of @mi is a cgroup2 one, by its record. */
static int is_cgroup2(const struct mountinfo *mi, int id)
{
	struct mi_keys k;
	size_t len;
	const char *line = mi_find(mi, id, &len);
	int ret;

	if (!line || mi_keys(line, len, &k))
		return 0;
	ret = k.len[MI_FSTYPE] == 7 && !memcmp(k.v[MI_FSTYPE], "cgroup2", 7);
	mi_keys_free(&k);
	return ret;
}

/*
 * Reads /proc/self/mountinfo a byte at a time, so that every record is
 * the first of its page: 0 if the whole file reads, else the errno.
 */
static int mountinfo_bytewise(void)
{
	int fd = open("/proc/self/mountinfo", O_RDONLY), err = 0;
	ssize_t n;
	char c;

	if (fd < 0)
		return errno;
	do {
		n = read(fd, &c, 1);
	} while (n == 1);
	if (n < 0)
		err = errno;
	close(fd);
	return err;
}

/* The value of @name on "/", whole: size 0, then that much and some. */
static char *get_whole(const char *name, ssize_t *len)
{
	ssize_t want = getxattr("/", name, NULL, 0);
	char *buf;

	CHILD_ASSERT(want >= 0, "%s, size 0: %s (the buffer's size is not "
		     "the matter)", name, strerror(errno));
	buf = malloc(want + 4096);
	CHILD_ASSERT(buf, "out of memory");
	*len = getxattr("/", name, buf, want + 4096);
	CHILD_ASSERT(*len >= 0, "%s into %zd bytes: %s", name, want + 4096,
		     strerror(errno));
	return buf;
}

/*
 * The column @name holds, in @before's order (mountinfo's, read before
 * the cgroup namespace: no other record depends on it), every mount of
 * @before; a cgroup2 mount's entry is "!EIO" if @record, every other
 * entry field @key of its record (-1: the record).
 */
static void check_column(const char *name, const struct mountinfo *before,
			 int record, int key)
{
	ssize_t len, off = 0;
	char *col = get_whole(name, &len), want_id[16];
	int *ids;
	size_t n = mi_ids(before, &ids), i, l;

	for (i = 0; i < n; i++) {
		const char *line = mi_find(before, ids[i], &l), *v;
		struct mi_keys k;
		size_t vl;

		snprintf(want_id, sizeof(want_id), "%d", ids[i]);
		CHILD_ASSERT(off < len && !strcmp(col + off, want_id),
			     "%s: entry %zu is \"%.20s\", mountinfo's id %s",
			     name, i, off < len ? col + off : "(end)",
			     want_id);
		off += strlen(want_id) + 1;
		CHILD_ASSERT(off < len, "%s: mount %s has no value", name,
			     want_id);
		if (record && is_cgroup2(before, ids[i])) {
			CHILD_ASSERT(!strcmp(col + off, "!EIO"),
				     "%s: cgroup2 mount %s: \"%.40s\", not !EIO",
				     name, want_id, col + off);
			off += 5;
			continue;
		}
		CHILD_ASSERT(!mi_keys(line, l, &k), "mount %s: bad record",
			     want_id);
		v = key < 0 ? line : k.v[key];
		vl = key < 0 ? l : k.len[key];
		CHILD_ASSERT(col[off] == '=' && (size_t)(len - off - 1) > vl &&
			     !memcmp(col + off + 1, v, vl) &&
			     !col[off + 1 + vl],
			     "%s: mount %s: \"%.60s\", mountinfo's \"%.60s\"",
			     name, want_id, col + off, v);
		off += vl + 2;
		mi_keys_free(&k);
	}
	CHILD_ASSERT(off == len, "%s: %zd bytes past mountinfo's mounts",
		     name, len - off);
	free(ids);
	free(col);
}

/* getfattr(1) of @name on @path ends (within a minute): its exit status. */
static int getfattr_ends(const char *name, const char *path)
{
	pid_t pid = fork();
	int status, null;

	CHILD_ASSERT(pid >= 0, "fork: %s", strerror(errno));
	if (!pid) {
		null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		dup2(null, 2);
		alarm(60);	/* survives the exec: a loop dies of it */
		execl("/usr/bin/getfattr", "getfattr", "--only-values", "-n",
		      name, path, (char *)NULL);
		_exit(127);
	}
	CHILD_ASSERT(waitpid(pid, &status, 0) == pid, "waitpid: %s",
		     strerror(errno));
	CHILD_ASSERT(!WIFSIGNALED(status), "getfattr -n %s %s did not end: "
		     "killed by signal %d after 60 s", name, path,
		     WTERMSIG(status));
	return WEXITSTATUS(status);
}

/*
 * In a cgroup namespace rooted at the cgroup open at @deep: every name
 * of the cgroup2 mount @cg_id on @cg, and the listing and columns.
 */
static void in_deep_cgroupns(int deep, const char *cg, int cg_id,
			     const struct mountinfo *before)
{
	char pid[32], *name, *buf;
	ssize_t len;
	int fd, err, *ids;
	size_t n, i, off;

	fd = openat(deep, "cgroup.procs", O_WRONLY);
	snprintf(pid, sizeof(pid), "%d", getpid());
	CHILD_ASSERT(fd >= 0 && write(fd, pid, strlen(pid)) > 0,
		     "moving into the deepest cgroup: %s", strerror(errno));
	close(fd);
	CHILD_ASSERT(!unshare(CLONE_NEWCGROUP), "unshare(CLONE_NEWCGROUP): %s",
		     strerror(errno));

	/* The kernel's own answer: its renderer fails. */
	err = mountinfo_bytewise();
	CHILD_ASSERT(err == ERANGE, "mountinfo read a byte at a time: %s, "
		     "not ERANGE: the renderer did not fail here",
		     err ? strerror(err) : "no error");

	/* The mount's record keys: EIO; its numbers: as ever. */
	name = xasprintf(":mntns:%d:info", cg_id);
	len = getxattr("/", name, NULL, 0);
	CHILD_ASSERT(len < 0 && errno == EIO, "%s, size 0: %zd (%s), not EIO",
		     name, len, strerror(errno));
	buf = malloc(16 << 20);
	CHILD_ASSERT(buf, "out of memory");
	len = getxattr("/", name, buf, 16 << 20);
	CHILD_ASSERT(len < 0 && errno == EIO, "%s, 16 MiB: %zd (%s), not EIO",
		     name, len, strerror(errno));
	len = getxattr(cg, ":mnt:mountpoint", buf, 16 << 20);
	CHILD_ASSERT(len < 0 && errno == EIO,
		     ":mnt:mountpoint of %s: %zd (%s), not EIO", cg, len,
		     strerror(errno));
	len = getxattr(cg, ":mnt:id", buf, 64);
	snprintf(pid, sizeof(pid), "%d", cg_id);
	CHILD_ASSERT(len == (ssize_t)strlen(pid) && !memcmp(buf, pid, len),
		     ":mnt:id of %s: %zd (%s), not %s", cg, len,
		     len < 0 ? strerror(errno) : "", pid);
	free(name);

	/* The listing: every mount, this one included, in order. */
	free(buf);
	buf = get_whole(":mntns:", &len);
	n = mi_ids(before, &ids);
	for (i = 0, off = 0; i < n; i++) {
		snprintf(pid, sizeof(pid), "%d:", ids[i]);
		CHILD_ASSERT(off < (size_t)len && !strcmp(buf + off, pid),
			     ":mntns: entry %zu is \"%.20s\", mountinfo's %s",
			     i, off < (size_t)len ? buf + off : "(end)", pid);
		off += strlen(pid) + 1;
	}
	CHILD_ASSERT(off == (size_t)len, ":mntns: has %zd bytes more",
		     len - (ssize_t)off);
	free(ids);
	free(buf);

	check_column(":mntns:all:info", before, 1, -1);
	check_column(":mntns:all:mountpoint", before, 1, MI_MOUNTPOINT);
	check_column(":mntns:all:id", before, 0, MI_ID);

	/* getfattr ends: the value, and EIO (status 1) for the record. */
	err = getfattr_ends(":mntns:all:info", "/");
	CHILD_ASSERT(err == 0, "getfattr -n :mntns:all:info /: status %d",
		     err);
	err = getfattr_ends(":mnt:info", cg);
	CHILD_ASSERT(err == 1, "getfattr -n :mnt:info %s: status %d, not 1",
		     cg, err);
}

/*
 * Removes the cgroups below the one open at @deep, @levels of them,
 * from the bottom: cgroupfs follows "..".
 */
static void remove_levels(int deep, int levels)
{
	int fd = deep, up, i, tries;

	for (i = 0; i < levels; i++) {
		up = openat(fd, "..", O_RDONLY | O_DIRECTORY);
		ck_assert_msg(up >= 0, "open ..: %s", strerror(errno));
		close(fd);
		/* A task that just exited may keep it busy a moment. */
		for (tries = 0; unlinkat(up, "c", AT_REMOVEDIR) &&
		     errno == EBUSY && tries < 100; tries++)
			usleep(10000);
		fd = up;
	}
	close(fd);
}

START_TEST(test_cgroup_path_erange)
{
	const char *dir = scratch();
	char *cg = xasprintf("%s/cg", dir), msg[1024];
	struct mountinfo before;
	int deep, next, i, p[2], status, cg_id;
	ssize_t n;
	pid_t pid;

	xmkdir(cg);
	if (mount("none", cg, "cgroup2", 0, NULL)) {
		printf("cgroup_path_erange: skipped: no cgroup2 here (%s)\n",
		       strerror(errno));
		return;
	}
	cg_id = path_mnt_id(cg, 0);
	ck_assert_msg(cg_id > 0, "statx %s: %s", cg, strerror(-cg_id));
	deep = open(cg, O_RDONLY | O_DIRECTORY);
	ck_assert_msg(deep >= 0, "open %s: %s", cg, strerror(errno));
	for (i = 0; i < CG_DEPTH; i++) {
		ck_assert_msg(!mkdirat(deep, "c", 0755),
			      "cgroup level %d: %s", i, strerror(errno));
		next = openat(deep, "c", O_RDONLY | O_DIRECTORY);
		ck_assert_msg(next >= 0, "open level %d: %s", i,
			      strerror(errno));
		close(deep);
		deep = next;
	}
	ck_assert_int_eq(mi_read(&before, "/proc/self/mountinfo"), 0);
	ck_assert_msg(is_cgroup2(&before, cg_id), "mount %d is not cgroup2",
		      cg_id);
	ck_assert_msg(!pipe(p), "pipe: %s", strerror(errno));
	pid = fork();
	ck_assert_msg(pid >= 0, "fork: %s", strerror(errno));
	if (!pid) {
		close(p[0]);
		verdict_fd = p[1];
		in_deep_cgroupns(deep, cg, cg_id, &before);
		_exit(0);
	}
	close(p[1]);
	n = read(p[0], msg, sizeof(msg) - 1);
	msg[n > 0 ? n : 0] = '\0';
	close(p[0]);
	ck_assert_msg(waitpid(pid, &status, 0) == pid, "waitpid: %s",
		      strerror(errno));
	remove_levels(deep, CG_DEPTH);
	mi_free(&before);
	ck_assert_msg(WIFEXITED(status) && !WEXITSTATUS(status),
		      "in a cgroup namespace %d cgroups deep: %s", CG_DEPTH,
		      msg[0] ? msg : "the child died");
}
END_TEST

Suite *renderer_suite(void)
{
	Suite *s = suite_create("renderer");
	TCase *tc = tcase_create("renderer");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_cgroup_path_erange);
	suite_add_tcase(s, tc);
	return s;
}
