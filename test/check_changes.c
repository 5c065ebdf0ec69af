// SPDX-License-Identifier: GPL-2.0
/*
 * check_changes.c: mnt_change and examples/mount-changes (the seed's
 * systemd case: learn what changed, not only that something did).
 *
 * The tool runs beside the test, in its mount namespace.  The test makes
 * one change at a time (mounts, binds, remounts of the mount and of its
 * super block, propagation, a move, unmounts, a mount made anew where
 * one was) and keeps a model: the records of /proc/self/mountinfo read
 * before the tool started, to which every line the tool prints is
 * applied ("+" adds a record, "-" removes one, "~" replaces one; each
 * must make sense against the model).  After each change the model must
 * come to equal mountinfo read anew, within the time a slow VM needs.
 * And around each change, every mount whose record stayed the same kept
 * its mnt_change, and every mount whose record changed got another one:
 * the expected values are procfs's records, never fattr's.
 *
 * What fattr(7) says mnt_change does not cover is asserted as such: a
 * rename above a mount point and a change of a file system's own
 * options leave it, and the tool's model, as they were.
 *
 * The same sequence runs as root and as uid 1000 in a user namespace of
 * its own (mounting tmpfs there).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "procfs.h"
#include "suites.h"
#include "util.h"

/* Why the sequence failed, for the test or the child's pipe. */
static char why[2048];
/* Lines the tool printed, change sets it ended ("."), per sequence. */
static int lines_seen, sets_seen;

static int failed(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int failed(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return -1;
}

/* The records of a namespace by mount id. */
struct model {
	int *id;
	char **rec;
	size_t n;
};

static void model_free(struct model *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->rec[i]);
	free(m->id);
	free(m->rec);
	memset(m, 0, sizeof(*m));
}

static long model_find(const struct model *m, int id)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->id[i] == id)
			return i;
	return -1;
}

static void model_put(struct model *m, int id, const char *rec, size_t len)
{
	long i = model_find(m, id);

	if (i >= 0) {
		free(m->rec[i]);
		m->rec[i] = strndup(rec, len);
		return;
	}
	m->id = realloc(m->id, (m->n + 1) * sizeof(*m->id));
	m->rec = realloc(m->rec, (m->n + 1) * sizeof(*m->rec));
	ck_assert(m->id && m->rec);
	m->id[m->n] = id;
	m->rec[m->n++] = strndup(rec, len);
}

static void model_drop(struct model *m, long i)
{
	free(m->rec[i]);
	m->id[i] = m->id[m->n - 1];
	m->rec[i] = m->rec[m->n - 1];
	m->n--;
}

/* The records of this namespace's mountinfo now. */
static void model_read(struct model *m)
{
	struct mountinfo mi;
	const char *line;
	size_t i, n, len;
	int *ids;

	memset(m, 0, sizeof(*m));
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	n = mi_ids(&mi, &ids);
	for (i = 0; i < n; i++) {
		line = mi_find(&mi, ids[i], &len);
		ck_assert(line);
		model_put(m, ids[i], line, len);
	}
	free(ids);
	mi_free(&mi);
}

/*
 * The first id on which @a and @b differ, or 0 if they hold the same
 * records; @skip: an id whose record may differ (0: none).
 */
static int model_diff(const struct model *a, const struct model *b, int skip)
{
	size_t i;
	long j;

	for (i = 0; i < a->n; i++) {
		j = model_find(b, a->id[i]);
		if (a->id[i] != skip && (j < 0 || strcmp(a->rec[i], b->rec[j])))
			return a->id[i];
	}
	for (i = 0; i < b->n; i++)
		if (b->id[i] != skip && model_find(a, b->id[i]) < 0)
			return b->id[i];
	return 0;
}

/* Applies a line of the tool ("+ REC", "- REC", "~ REC") to @m. */
static int model_apply(struct model *m, const char *line)
{
	const char *rec = line + 2;
	int id = atoi(rec);
	long i = model_find(m, id);

	if (strlen(line) < 3 || line[1] != ' ' || id <= 0)
		return failed("mount-changes printed \"%s\"", line);
	switch (line[0]) {
	case '+':
		if (i >= 0)
			return failed("\"%s\": mount %d was there: \"%s\"",
				      line, id, m->rec[i]);
		model_put(m, id, rec, strlen(rec));
		return 0;
	case '-':
		if (i < 0 || strcmp(m->rec[i], rec))
			return failed("\"%s\": mount %d had \"%s\"", line, id,
				      i < 0 ? "(none)" : m->rec[i]);
		model_drop(m, i);
		return 0;
	case '~':
		if (i < 0 || !strcmp(m->rec[i], rec))
			return failed("\"%s\": mount %d had \"%s\"", line, id,
				      i < 0 ? "(none)" : m->rec[i]);
		model_put(m, id, rec, strlen(rec));
		return 0;
	}
	return failed("mount-changes printed \"%s\"", line);
}

/* The tool, running, and what it printed that no one read yet. */
struct tool {
	pid_t pid;
	int fd;
	char buf[1 << 16];
	size_t len;
};

/*
 * The next line the tool prints, newline included, within @secs; NULL
 * (and why) if it prints none, or ends.
 */
static char *tool_line(struct tool *t, double secs)
{
	double end = now() + secs;
	struct pollfd p = { .fd = t->fd, .events = POLLIN };
	char *nl, *line;
	ssize_t n;

	while (!(nl = memchr(t->buf, '\n', t->len))) {
		if (t->len == sizeof(t->buf) || now() >= end ||
		    poll(&p, 1, (int)((end - now()) * 1000) + 1) < 0)
			break;
		if (!(p.revents & (POLLIN | POLLHUP)))
			continue;
		n = read(t->fd, t->buf + t->len, sizeof(t->buf) - t->len);
		if (n <= 0)
			break;
		t->len += n;
	}
	if (!nl) {
		failed("mount-changes printed no line in %.0f s (%zu bytes "
		       "waiting)", secs, t->len);
		return NULL;
	}
	line = strndup(t->buf, nl - t->buf + 1);
	t->len -= nl - t->buf + 1;
	memmove(t->buf, nl + 1, t->len);
	return line;
}

/* The tool beside this test: examples/mount-changes, next to it. */
static int tool_start(struct tool *t)
{
	char self[PATH_MAX], *slash, *line;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 32);
	int p[2];

	if (n < 0)
		return failed("readlink /proc/self/exe: %s", strerror(errno));
	self[n] = '\0';
	slash = strrchr(self, '/');
	strcpy(slash ? slash + 1 : self, "mount-changes");
	if (pipe(p))
		return failed("pipe: %s", strerror(errno));
	t->len = 0;
	t->pid = fork();
	if (t->pid < 0)
		return failed("fork: %s", strerror(errno));
	if (!t->pid) {
		dup2(p[1], 1);
		close(p[0]);
		close(p[1]);
		execl(self, "mount-changes", (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	t->fd = p[0];
	line = tool_line(t, test_budget() / 4);
	if (!line || strncmp(line, "# ", 2))
		return failed("%s started with \"%s\", not \"# N mounts\"",
			      self, line ? line : why);
	free(line);
	return 0;
}

static void tool_stop(struct tool *t)
{
	if (t->pid > 0) {
		kill(t->pid, SIGKILL);
		waitpid(t->pid, NULL, 0);
	}
	close(t->fd);
	t->pid = 0;
}

/*
 * Reads the tool's change sets into @m until @m holds the records
 * mountinfo holds now but for mount @skip (0: none), within @secs.
 */
static int tool_catch_up(struct tool *t, struct model *m, int skip,
			 double secs, const char *what)
{
	double end = now() + secs;
	struct model mi;
	char *line;
	int id;

	model_read(&mi);
	while ((id = model_diff(m, &mi, skip))) {
		line = tool_line(t, end - now());
		if (!line) {
			long a = model_find(m, id), b = model_find(&mi, id);

			failed("after %s, mount %d: mount-changes says \"%s\", "
			       "mountinfo \"%s\" (%s)", what, id,
			       a < 0 ? "(none)\n" : m->rec[a],
			       b < 0 ? "(none)\n" : mi.rec[b], why);
			model_free(&mi);
			return -1;
		}
		if (!strcmp(line, ".\n"))
			sets_seen++;
		else
			lines_seen++;
		if (strcmp(line, ".\n") && model_apply(m, line)) {
			free(line);
			model_free(&mi);
			return -1;
		}
		free(line);
	}
	model_free(&mi);
	return 0;
}

/* mnt_change of every mount, from its column, as "ID VALUE" pairs. */
static void changes_read(struct model *c)
{
	size_t len, off;
	char *col = x_get_whole("/", ":mntns:all:mnt_change", &len), *v;

	ck_assert_msg(col, ":mntns:all:mnt_change: %s", strerror(errno));
	memset(c, 0, sizeof(*c));
	for (off = 0; off < len; off = v - col + strlen(v) + 1) {
		v = col + off + strlen(col + off) + 1;
		ck_assert_msg(*v == '=', "mnt_change of mount %s: \"%s\"",
			      col + off, v);
		model_put(c, atoi(col + off), v + 1, strlen(v + 1));
	}
	free(col);
}

/* Whether mnt_change of mount @id changed from @c0 to @c1. */
static int change_changed(const struct model *c0, const struct model *c1,
			  int id)
{
	long a = model_find(c0, id), b = model_find(c1, id);

	return a < 0 || b < 0 || strcmp(c0->rec[a], c1->rec[b]);
}

/*
 * Whether a mount above @id in @r1 (by its records' parent ids) got
 * another mnt_change: a move moves the mount points of the mounts under
 * the one moved, and not their own mnt_change (fattr(7)).
 */
static int above_changed(const struct model *r1, const struct model *c0,
			 const struct model *c1, int id)
{
	long i;
	int n, up;

	for (n = 0; n < 64 && (i = model_find(r1, id)) >= 0; n++) {
		up = atoi(strchr(r1->rec[i], ' ') + 1);
		if (up == id)
			break;
		if (change_changed(c0, c1, up))
			return 1;
		id = up;
	}
	return 0;
}

/*
 * Around one change: every mount in both @r0 and @r1 (records) kept its
 * mnt_change (@c0, @c1) if its record did, and got another if not; but
 * @same, whose record changed in a way mnt_change does not cover, and a
 * mount under one whose mnt_change changed.
 */
static int changes_agree(const struct model *r0, const struct model *r1,
			 const struct model *c0, const struct model *c1,
			 int same, const char *what)
{
	long j, a, b;
	size_t i;

	for (i = 0; i < r0->n; i++) {
		int id = r0->id[i], rec_same, ch_same;

		j = model_find(r1, id);
		a = model_find(c0, id);
		b = model_find(c1, id);
		if (j < 0 || a < 0 || b < 0)
			continue;	/* gone, or came between the reads */
		rec_same = !strcmp(r0->rec[i], r1->rec[j]);
		ch_same = !strcmp(c0->rec[a], c1->rec[b]);
		if (!rec_same && ch_same && above_changed(r1, c0, c1, id))
			continue;
		if (id == same ? !ch_same : rec_same != ch_same)
			return failed("%s: mount %d's mnt_change %s (%s -> %s) "
				      "where its record %s: \"%s\" -> \"%s\"",
				      what, id, ch_same ? "stayed" : "changed",
				      c0->rec[a], c1->rec[b],
				      rec_same ? "stayed" : "changed",
				      r0->rec[i], r1->rec[j]);
	}
	return 0;
}

/* Writes @s to the file @path; 0, or -1 and why. */
static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), err = 0;

	if (fd < 0 || write(fd, s, strlen(s)) != (ssize_t)strlen(s))
		err = failed("writing %s: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	return err;
}

/* Makes directory @name under @dir. */
static void mkdir_in(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);

	mkdir(p, 0755);
	free(p);
}

static int id_of(const char *path)
{
	return path_mnt_id(path, AT_SYMLINK_NOFOLLOW);
}

/* The operations, in order; each a change of the namespace. */
enum op {
	OP_MOUNT, OP_SHARED, OP_BIND, OP_REMOUNT_BIND_RO, OP_REMOUNT_SB_RO,
	OP_SLAVE, OP_UNBINDABLE, OP_PRIVATE, OP_MOVE, OP_UMOUNT, OP_ANEW,
	OP_MOVE_TREE,
	OP_RENAME_ABOVE, OP_RENAME_ROOT, OP_FS_OPTIONS, NR_OPS
};
static const char *const op_name[NR_OPS] = {
	"mount tmpfs on a", "make a shared", "bind a on b (a peer of a)",
	"remount b ro (bind)", "remount a's super block ro (a and b)",
	"make b a slave", "make b unbindable", "make a private",
	"move b to c", "umount c", "umount a, mount tmpfs on a again",
	"move t, which has a mount t/k, to t2",
	"rename d above its mount d/m",
	"rename r, above the root of f (a bind of r/s)",
	"remount a's tmpfs with size=2m",
};

/*
 * Does @op under @dir.  A mount(2) propagation change wakes poll(2) on
 * mountinfo only on some kernels (fattr(7), :mntns_event): each is
 * followed by a mount and an unmount that do, which the tool reports
 * too.  *@same: the mount whose record the change changes in a way
 * mnt_change does not cover (fattr(7)), or 0.  Returns 0 or -1.
 */
static int do_op(enum op op, const char *dir, int *same)
{
	char *a = xasprintf("%s/a", dir), *b = xasprintf("%s/b", dir);
	char *c = xasprintf("%s/c", dir), *d = xasprintf("%s/d", dir);
	char *n = xasprintf("%s/n", dir), *e = xasprintf("%s/e", dir);
	char *em = xasprintf("%s/e/m", dir), *f = xasprintf("%s/f", dir);
	char *rd = xasprintf("%s/r", dir), *r2 = xasprintf("%s/r2", dir);
	char *t = xasprintf("%s/t", dir), *t2 = xasprintf("%s/t2", dir);
	int r = 0, nudge = 0;

	*same = 0;
	switch (op) {
	case OP_MOUNT:
		r = mount("changes-a", a, "tmpfs", 0, NULL);
		break;
	case OP_SHARED:
		r = mount(NULL, a, NULL, MS_SHARED, NULL);
		nudge = 1;
		break;
	case OP_BIND:
		r = mount(a, b, NULL, MS_BIND, NULL);
		break;
	case OP_REMOUNT_BIND_RO:
		r = mount(NULL, b, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY,
			  NULL);
		break;
	case OP_REMOUNT_SB_RO:
		r = mount(NULL, a, NULL, MS_REMOUNT | MS_RDONLY, NULL);
		break;
	case OP_SLAVE:
		r = mount(NULL, b, NULL, MS_SLAVE, NULL);
		nudge = 1;
		break;
	case OP_UNBINDABLE:
		r = mount(NULL, b, NULL, MS_UNBINDABLE, NULL);
		nudge = 1;
		break;
	case OP_PRIVATE:
		r = mount(NULL, a, NULL, MS_PRIVATE, NULL);
		nudge = 1;
		break;
	case OP_MOVE:
		r = mount(b, c, NULL, MS_MOVE, NULL);
		break;
	case OP_UMOUNT:
		r = umount(c);
		break;
	case OP_ANEW:
		/* The same source: before 6.8 the device and root tell. */
		r = umount(a) ?: mount("changes-a", a, "tmpfs", 0, NULL);
		break;
	case OP_MOVE_TREE:
		r = mount(t, t2, NULL, MS_MOVE, NULL);
		break;
	case OP_RENAME_ABOVE:
		/* d/m is a mount: renaming d moves its mount point. */
		r = rename(d, e);
		if (!r)
			*same = id_of(em);
		nudge = 1;
		break;
	case OP_RENAME_ROOT:
		/* f is a bind of r/s: its record's root is "/r/s". */
		r = rename(rd, r2);
		if (!r)
			*same = id_of(f);
		nudge = 1;
		break;
	case OP_FS_OPTIONS:
		r = mount(NULL, a, NULL, MS_REMOUNT, "size=2m");
		if (!r)
			*same = id_of(a);
		break;
	default:
		break;
	}
	if (r)
		r = failed("%s: %s", op_name[op], strerror(errno));
	else if (*same < 0)
		r = failed("%s: statx: %s", op_name[op], strerror(-*same));
	else if (nudge && (mount("changes-n", n, "tmpfs", 0, NULL) ||
			   umount(n)))
		r = failed("%s: the mount that wakes poll(2): %s", op_name[op],
			   strerror(errno));
	free(a);
	free(b);
	free(c);
	free(d);
	free(n);
	free(e);
	free(em);
	free(f);
	free(rd);
	free(r2);
	free(t);
	free(t2);
	return r;
}

/*
 * After a change that mnt_change does not cover, of mount @id: the
 * tool's model @m must still hold @id's record before it (@r0); then
 * @m takes its record now (@r1), as the test knows it.
 */
static int uncovered(struct model *m, const struct model *r0,
		     const struct model *r1, int id, const char *what)
{
	long a = model_find(m, id), b = model_find(r0, id);
	long c = model_find(r1, id);

	if (a < 0 || b < 0 || c < 0 || !strcmp(r0->rec[b], r1->rec[c]))
		return failed("%s: mount %d: no record changed (%ld %ld %ld)",
			      what, id, a, b, c);
	if (strcmp(m->rec[a], r0->rec[b]))
		return failed("%s: mount %d: the tool has \"%s\", not the "
			      "record before, \"%s\"", what, id, m->rec[a],
			      r0->rec[b]);
	model_put(m, id, r1->rec[c], strlen(r1->rec[c]));
	return 0;
}

/*
 * The whole sequence in @dir, a directory of this mount namespace: the
 * tool's model follows mountinfo through every change, and mnt_change
 * changes exactly where the records do.
 */
static int sequence(const char *dir, const char *who)
{
	double secs = test_budget() / 4;
	struct model m, r0, r1, c0, c1;
	struct tool t = { 0 };
	int op, same, err = 0, uncovered_ops = 0;
	char *p, *q;

	mkdir_in(dir, "a");
	mkdir_in(dir, "b");
	mkdir_in(dir, "c");
	mkdir_in(dir, "n");
	mkdir_in(dir, "d");
	mkdir_in(dir, "r");
	mkdir_in(dir, "r/s");
	mkdir_in(dir, "f");
	mkdir_in(dir, "t");
	mkdir_in(dir, "t2");
	mkdir_in(dir, "d/m");
	/* d/m: a mount whose mount point a rename above moves. */
	p = xasprintf("%s/d/m", dir);
	err = mount("changes-m", p, "tmpfs", 0, NULL);
	free(p);
	/* f: a bind of r/s, whose root a rename of r moves. */
	p = xasprintf("%s/r/s", dir);
	q = xasprintf("%s/f", dir);
	err = err ?: mount(p, q, NULL, MS_BIND, NULL);
	free(p);
	free(q);
	/* t/k: a mount under t, which a move of t moves. */
	p = xasprintf("%s/t", dir);
	err = err ?: mount("changes-t", p, "tmpfs", 0, NULL);
	free(p);
	mkdir_in(dir, "t/k");
	p = xasprintf("%s/t/k", dir);
	err = err ?: mount("changes-k", p, "tmpfs", 0, NULL);
	free(p);
	if (err)
		return failed("the mounts d/m, f, t and t/k: %s",
			      strerror(errno));

	model_read(&m);
	if (tool_start(&t)) {
		model_free(&m);
		return -1;
	}
	for (op = 0; op < NR_OPS && !err; op++) {
		model_read(&r0);
		changes_read(&c0);
		err = do_op(op, dir, &same);
		if (!err)
			err = tool_catch_up(&t, &m, same, secs, op_name[op]);
		if (!err) {
			model_read(&r1);
			changes_read(&c1);
			err = changes_agree(&r0, &r1, &c0, &c1, same,
					    op_name[op]);
			if (!err && same) {
				err = uncovered(&m, &r0, &r1, same,
						op_name[op]);
				uncovered_ops++;
			}
			model_free(&r1);
			model_free(&c1);
		}
		model_free(&r0);
		model_free(&c0);
	}
	tool_stop(&t);
	model_free(&m);
	if (!err)
		printf("check_changes: %s: %d changes, mount-changes "
		       "printed %d lines in %d sets, the model followed "
		       "mountinfo (%d changes uncovered, as fattr(7) says)\n",
		       who, NR_OPS, lines_seen, sets_seen, uncovered_ops);
	return err;
}

START_TEST(test_changes_root)
{
	const char *dir = scratch();

	ck_assert_msg(!sequence(dir, "root"), "%s", why);
}
END_TEST

/* The same as uid 1000, root of a user and mount namespace of its own. */
START_TEST(test_changes_uid_1000)
{
	const char *dir = scratch();
	char map[64], msg[sizeof(why)], *u = xasprintf("%s/u", dir);
	int p[2], status;
	struct stat st;
	ssize_t n;
	pid_t pid;

	xmkdir(u);
	ck_assert_int_eq(chmod(u, 0777), 0);
	ck_assert_int_eq(chmod(dir, 0755), 0);
	ck_assert_int_eq(stat("/", &st), 0);
	if (!(st.st_mode & S_IXOTH))
		ck_assert_int_eq(chmod("/", 0755), 0);
	ck_assert(!pipe(p));
	pid = fork();
	ck_assert(pid >= 0);
	if (!pid) {
		close(p[0]);
		if (setgroups(0, NULL) || setresgid(1000, 1000, 1000) ||
		    setresuid(1000, 1000, 1000) ||
		    prctl(PR_SET_DUMPABLE, 1) ||
		    unshare(CLONE_NEWUSER | CLONE_NEWNS)) {
			failed("becoming uid 1000 in a user namespace: %s",
			       strerror(errno));
			goto out;
		}
		snprintf(map, sizeof(map), "0 1000 1\n");
		if (write_file("/proc/self/uid_map", map) ||
		    write_file("/proc/self/setgroups", "deny\n") ||
		    write_file("/proc/self/gid_map", map))
			goto out;
		if (mount("changes-u", u, "tmpfs", 0, NULL)) {
			failed("mount tmpfs as uid 1000: %s", strerror(errno));
			goto out;
		}
		sequence(u, "uid 1000 in a user namespace");
		fflush(stdout);
out:
		n = write(p[1], why, strlen(why));
		_exit(why[0] ? 1 : 0);
	}
	close(p[1]);
	n = read(p[0], msg, sizeof(msg) - 1);
	msg[n > 0 ? n : 0] = '\0';
	close(p[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && !WEXITSTATUS(status),
		      "as uid 1000: %s", msg[0] ? msg : "the child died");
}
END_TEST

Suite *changes_suite(void)
{
	Suite *s = suite_create("changes");
	TCase *tc = tcase_create("changes");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_changes_root);
	tcase_add_test(tc, test_changes_uid_1000);
	suite_add_tcase(s, tc);
	return s;
}
