// SPDX-License-Identifier: GPL-2.0
/*
 * check_renderer.c: errors of the kernel's own record renderer and of a
 * file system, which a getxattr(2) caller must not read as "a bigger
 * buffer" (ERANGE): one that grows its buffer on ERANGE would ask
 * forever.  fattr(7) ERRORS says what they give now: EIO.
 *
 * show_mountinfo() fails with what a file system's ->show_path() gives,
 * before it knows whether the caller sees the mount.  cgroup's gives
 * -ERANGE once its run of "/.." reaches PATH_MAX (cgroup_show_path(),
 * 5.10 to 7.x): a process in a cgroup namespace rooted 1,400 cgroups
 * deep sees the root of every cgroup2 mount as "/.." 1,400 times, 4,200
 * bytes.  Its own read of mountinfo fails with ERANGE when it reaches
 * that record.  fattr answered ERANGE to a size-0 query and to a 16 MiB
 * buffer alike (2026-12-07); now EIO for the record keys of such a mount
 * (and "!EIO" in their columns), and its numbers and its place in
 * ":mntns:" as for any mount the caller sees.
 *
 * A FUSE server may answer statfs(2) with any error, ERANGE too: the
 * keys served on statfs(2)'s terms gave it as it came.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fuse.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
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

/*
 * The peer group of shared mount @id, from its record in @mi
 * ("shared:N"), as a string; NULL if it has none.
 */
static char *peer_group_of(const struct mountinfo *mi, int id)
{
	const char *line, *p;
	struct mi_keys k;
	char *n = NULL;
	size_t l;

	line = mi_find(mi, id, &l);
	if (!line || mi_keys(line, l, &k))
		return NULL;
	for (p = k.v[MI_PROPAGATION]; p && *p; p = strchr(p, ' ')) {
		p += *p == ' ';
		if (!strncmp(p, "shared:", 7))
			n = strndup(p + 7, strcspn(p + 7, " "));
	}
	mi_keys_free(&k);
	return n;
}

/*
 * getfattr(1) of @name on @path, given a minute: its exit status, or 128
 * and the signal that ended it (SIGALRM: it did not end).
 */
static int getfattr_status(const char *name, const char *path)
{
	pid_t pid = fork();
	int status, null;

	if (pid < 0)
		return -1;
	if (!pid) {
		null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		dup2(null, 2);
		alarm(60);	/* survives the exec: a loop dies of it */
		execl("/usr/bin/getfattr", "getfattr", "--only-values", "-n",
		      name, path, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) :
	       WEXITSTATUS(status);
}

/*
 * In a cgroup namespace rooted at the cgroup open at @deep: every name
 * of the cgroup2 mount @cg_id on @cg, and the listing and columns.
 */
static void in_deep_cgroupns(int deep, const char *cg, int cg_id,
			     const struct mountinfo *before)
{
	char pid[32], *name, *buf, *group, *val;
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
	/*
	 * Propagation is read from the mount (issue 41): its peer group as
	 * the record before the namespace showed it, as a key and in its
	 * column.  Cut from the record, both were EIO.
	 */
	group = peer_group_of(before, cg_id);
	CHILD_ASSERT(group, "mount %d: no shared:N before the namespace",
		     cg_id);
	len = getxattr(cg, ":mnt:mnt_peer_group", buf, 64);
	CHILD_ASSERT(len == (ssize_t)strlen(group) &&
		     !memcmp(buf, group, len),
		     ":mnt:mnt_peer_group of %s: %zd (%s), mountinfo's %s", cg,
		     len, len < 0 ? strerror(errno) : "", group);
	free(buf);
	buf = get_whole(":mntns:all:mnt_peer_group", &len);
	val = NULL;
	for (off = 0; off < (size_t)len; off = val - buf + strlen(val) + 1) {
		val = buf + off + strlen(buf + off) + 1;
		if (!strcmp(buf + off, pid))
			break;
	}
	CHILD_ASSERT(off < (size_t)len && val[0] == '=' &&
		     !strcmp(val + 1, group),
		     ":mntns:all:mnt_peer_group of mount %s: \"%s\", "
		     "mountinfo's %s", pid, off < (size_t)len ? val : "(none)",
		     group);
	free(group);

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
	err = getfattr_status(":mntns:all:info", "/");
	CHILD_ASSERT(err == 0, "getfattr -n :mntns:all:info /: status %d "
		     "(128 + 14: it did not end in 60 s)", err);
	err = getfattr_status(":mnt:info", cg);
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
	int deep, p[2], status, cg_id;
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
	/* A peer group for mnt_peer_group to give. */
	ck_assert_msg(!mount(NULL, cg, NULL, MS_SHARED, NULL),
		      "mount --make-shared %s: %s", cg, strerror(errno));
	deep = deep_dir(cg, "c", CG_DEPTH);	/* cgroups, nested */
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

/*
 * A FUSE server that answers STATFS with ERANGE, and what the kernel
 * needs to mount it: INIT, GETATTR of its root; ENOSYS to the rest.  It
 * serves /dev/fuse's @fd until the connection goes (the umount).
 */
static void fuse_serve(int fd)
{
	static char buf[1 << 20];
	struct fuse_in_header *in = (void *)buf;
	struct {
		struct fuse_out_header h;
		union {
			struct fuse_init_out init;
			struct fuse_attr_out attr;
		};
	} out;
	ssize_t n;

	/* A test that fails ends, and its server with it. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	while ((n = read(fd, buf, sizeof(buf))) > 0 || errno == EINTR) {
		if (n < (ssize_t)sizeof(*in))
			continue;
		memset(&out, 0, sizeof(out));
		out.h.unique = in->unique;
		out.h.len = sizeof(out.h);
		switch (in->opcode) {
		case FUSE_INIT: {
			const struct fuse_init_in *ii = (const void *)(in + 1);

			out.init.major = FUSE_KERNEL_VERSION;
			/* Its own minor, or ours: the older's rules. */
			out.init.minor = ii->minor < FUSE_KERNEL_MINOR_VERSION ?
					 ii->minor : FUSE_KERNEL_MINOR_VERSION;
			out.init.max_write = 4096;
			out.h.len += sizeof(out.init);
			break;
		}
		case FUSE_GETATTR:
			out.attr.attr.ino = 1;
			out.attr.attr.mode = S_IFDIR | 0755;
			out.attr.attr.nlink = 2;
			out.attr.attr.blksize = 4096;
			out.h.len += sizeof(out.attr);
			break;
		case FUSE_STATFS:
			out.h.error = -ERANGE;
			break;
		case FUSE_FORGET:
		case FUSE_BATCH_FORGET:
		case FUSE_INTERRUPT:
			continue;	/* no answer */
		default:
			out.h.error = -ENOSYS;
		}
		if (write(fd, &out, out.h.len) < 0 && errno == ENODEV)
			break;
	}
	_exit(0);
}

/*
 * A file system's own error that a getxattr(2) caller would read as "a
 * bigger buffer": a FUSE server (any user may run one) answers statfs(2)
 * with ERANGE.  The keys served on statfs(2)'s terms give EIO for it
 * (ERANGE before 2026-12-07, for a size-0 query and any buffer alike),
 * the other keys of the mount answer, and getfattr ends.
 */
START_TEST(test_fuse_statfs_erange)
{
	static const char *const keys[] = {
		":mnt:statfs:bavail", ":mnt:statfs:type", ":mnt:uuid",
		":mnt:bdev",
	};
	const char *dir = scratch();
	char *m = xasprintf("%s/fuse", dir), *opts, id[32], *name;
	struct statfs st;
	struct xres r;
	pid_t server;
	size_t i;
	int fd, mid, status;

	xmkdir(m);
	fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		printf("fuse_statfs_erange: skipped: no /dev/fuse here (%s)\n",
		       strerror(errno));
		return;
	}
	opts = xasprintf("fd=%d,rootmode=40000,user_id=0,group_id=0", fd);
	/* Mounted first: /dev/fuse refuses a read (EPERM) before. */
	ck_assert_msg(!mount("fattr-fuse", m, "fuse", MS_NOSUID | MS_NODEV,
			     opts), "mount fuse on %s: %s", m, strerror(errno));
	server = fork();
	ck_assert_msg(server >= 0, "fork: %s", strerror(errno));
	if (!server)
		fuse_serve(fd);
	close(fd);
	/* The kernel's own answer: the server's error. */
	errno = 0;
	ck_assert_msg(statfs(m, &st) == -1 && errno == ERANGE,
		      "statfs %s: %s, not the server's ERANGE", m,
		      strerror(errno));
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		errno = 0;
		ck_assert_msg(getxattr(m, keys[i], NULL, 0) == -1 &&
			      errno == EIO, "%s of %s, size 0: %s, not EIO",
			      keys[i], m, strerror(errno));
		x_get(&r, m, keys[i]);
		expect_errno(&r, EIO, keys[i]);
		x_free(&r);
	}
	mid = path_mnt_id(m, 0);
	ck_assert_msg(mid > 0, "statx %s: %s", m, strerror(-mid));
	name = xasprintf(":mntns:%d:statfs:bavail", mid);
	x_get(&r, "/", name);
	expect_errno(&r, EIO, name);
	x_free(&r);
	snprintf(id, sizeof(id), "%d", mid);
	x_get(&r, m, ":mnt:id");
	expect_value(&r, id, strlen(id), ":mnt:id of the FUSE mount");
	x_free(&r);
	/* getfattr ends, with EIO (status 1). */
	status = getfattr_status(":mnt:statfs:bavail", m);
	umount2(m, MNT_DETACH);
	kill(server, SIGKILL);
	waitpid(server, NULL, 0);
	ck_assert_msg(status == 1, "getfattr -n :mnt:statfs:bavail %s: "
		      "status %d, not 1 (128 + 14: it did not end in 60 s)", m,
		      status);
}
END_TEST

Suite *renderer_suite(void)
{
	Suite *s = suite_create("renderer");
	TCase *tc = tcase_create("renderer");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_cgroup_path_erange);
	tcase_add_test(tc, test_fuse_statfs_erange);
	suite_add_tcase(s, tc);
	return s;
}
