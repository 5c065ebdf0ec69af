// SPDX-License-Identifier: GPL-2.0
/*
 * check_idmap.c: mnt_uidmap and mnt_gidmap of an idmapped mount
 * (mount_setattr(2) with MOUNT_ATTR_IDMAP, 5.12+), read from the initial
 * user namespace, from user namespaces that map some, none or (the
 * mount's own) all of its extents.  Expected: the maps as the kernel
 * lists them (/proc/PID/uid_map and gid_map of the mount's user
 * namespace, read from the initial one) under statmount(2)'s rule for a
 * reader (an extent is shown, its lower ids as the reader's namespace
 * has them, only if one extent of the reader's map holds them all), and
 * statmount(2)'s own MNT_UIDMAP and MNT_GIDMAP where the kernel has them
 * (6.15+).  A mount that is not idmapped gives ENODATA; a kernel without
 * idmapped mounts lists neither key.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "statmount.h"
#include "suites.h"
#include "util.h"

/* The new mount API (5.2+, mount_setattr 5.12), by number. */
#define NR_OPEN_TREE		428
#define NR_MOVE_MOUNT		429
#define NR_MOUNT_SETATTR	442
#define OPEN_TREE_CLONE		1
#define MOVE_MOUNT_F_EMPTY_PATH	0x4
#define ATTR_IDMAP		0x100000ULL

struct mount_attr_v0 {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

/*
 * The user namespace the mount is idmapped with: seven uid extents
 * (more than five: the kernel keeps them in a sorted array of their
 * own), written out of order, and two gid extents, other than the uids.
 */
static const char mount_uids[] =
	"4000 400000 100\n0 100000 1000\n7000 700000 10\n2000 2000 1\n"
	"3000 300000 5\n1000 200000 10\n6000 600000 50\n";
static const char mount_gids[] = "0 110000 1000\n2000 2001 1\n";

/*
 * The readers' user namespaces, "uid map|gid map": the first maps some
 * extents whole (six extents of its own: the sorted path), the start
 * but not the end of 700000's and the end but not the start of
 * 300000's; the second no extent whole.  A third reader enters the
 * mount's own namespace.
 */
static const char *const reader_maps[] = {
	"0 100000 1000\n1010 200000 10\n1030 300002 3\n1040 400000 100\n"
	"1160 600000 50\n1270 700000 5\n|0 110000 1000\n",
	"5 100100 10\n|5 100100 10\n",
};

/* The mount's maps as userns_make() takes them: "uid map|gid map". */
static const char *mount_uids_gids(void)
{
	static char both[sizeof(mount_uids) + sizeof(mount_gids)];

	snprintf(both, sizeof(both), "%s|%s", mount_uids, mount_gids);
	return both;
}

/* One extent of a map: ids first.. are lower.. one level out. */
struct ext {
	unsigned int first, lower, count;
};

/* Parses @n bytes of "FIRST LOWER COUNT" lines into @e; the number. */
static int parse_map(const char *text, size_t n, struct ext *e, int max)
{
	char *copy = strndup(text, n), *line, *save = NULL;
	int k = 0;

	ck_assert_ptr_nonnull(copy);
	for (line = strtok_r(copy, "\n", &save); line && k < max;
	     line = strtok_r(NULL, "\n", &save))
		if (sscanf(line, "%u %u %u", &e[k].first, &e[k].lower,
			   &e[k].count) == 3)
			k++;
	free(copy);
	return k;
}

/* A process in a user namespace of its own, kept until it is put. */
struct userns {
	pid_t pid;
	int hold;	/* closing it lets the process exit */
};

static void write_file(pid_t pid, const char *file, const char *text,
		       size_t n)
{
	char *path = xasprintf("/proc/%d/%s", (int)pid, file);
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	ck_assert_msg(fd >= 0 && write(fd, text, n) == (ssize_t)n,
		      "write %s: %s", path, strerror(errno));
	close(fd);
	free(path);
}

/*
 * A child in a user namespace: a new one whose maps are @maps ("uid
 * map|gid map"), or (@maps NULL) the one of process @enter.  With
 * @then, the child runs it there (after the maps are written) and exits
 * with its status, else it waits until userns_put().
 */
static void userns_make(struct userns *u, const char *maps, pid_t enter,
			int (*then)(void *), void *arg)
{
	int up[2], down[2], fd;
	char c = 0, *path;
	const char *bar;

	ck_assert(!pipe2(up, O_CLOEXEC) && !pipe2(down, O_CLOEXEC));
	path = xasprintf("/proc/%d/ns/user", (int)enter);
	u->pid = fork();
	ck_assert_msg(u->pid >= 0, "fork: %s", strerror(errno));
	if (!u->pid) {
		close(up[0]);
		close(down[1]);
		if (maps) {
			if (unshare(CLONE_NEWUSER))
				_exit(2);
		} else {
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd < 0 || setns(fd, CLONE_NEWUSER))
				_exit(2);
		}
		if (write(up[1], &c, 1) != 1)
			_exit(2);
		/* The maps are written: go on. */
		if (read(down[0], &c, 1) != 1)
			_exit(2);
		if (then)
			_exit(then(arg));
		read(down[0], &c, 1);
		_exit(0);
	}
	free(path);
	close(up[1]);
	close(down[0]);
	ck_assert_msg(read(up[0], &c, 1) == 1, "child: into a user namespace");
	close(up[0]);
	if (maps) {
		bar = strchr(maps, '|');
		ck_assert_ptr_nonnull(bar);
		write_file(u->pid, "uid_map", maps, bar - maps);
		write_file(u->pid, "gid_map", bar + 1, strlen(bar + 1));
	}
	ck_assert(write(down[1], &c, 1) == 1);
	u->hold = down[1];
}

/* Lets the child go and returns its exit status. */
static int userns_put(struct userns *u)
{
	int status = 0;

	close(u->hold);
	ck_assert(waitpid(u->pid, &status, 0) == u->pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/*
 * Clones the mount at @src, idmaps the clone with user namespace @fd and
 * attaches it at @target.  Returns 0, or errno (a file system that
 * cannot be idmapped: EINVAL).
 */
static int idmap_mount(const char *src, const char *target, int fd)
{
	struct mount_attr_v0 attr = { .attr_set = ATTR_IDMAP,
				      .userns_fd = fd };
	int tree = syscall(NR_OPEN_TREE, AT_FDCWD, src,
			   OPEN_TREE_CLONE | O_CLOEXEC);
	int err = 0;

	if (tree < 0)
		return errno;
	if (syscall(NR_MOUNT_SETATTR, tree, "", AT_EMPTY_PATH, &attr,
		    sizeof(attr)) ||
	    syscall(NR_MOVE_MOUNT, tree, "", AT_FDCWD, target,
		    MOVE_MOUNT_F_EMPTY_PATH))
		err = errno;
	close(tree);
	return err;
}

/*
 * The kernel's own listing of the mount's user namespace's map
 * (/proc/@pid/@file, read from the initial user namespace, which maps
 * every id: the extents as written, in the kernel's order) into @e.
 */
static int proc_map(pid_t pid, const char *file, struct ext *e, int max)
{
	char *path = xasprintf("/proc/%d/%s", (int)pid, file);
	static char text[16384];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	n = read(fd, text, sizeof(text));
	ck_assert_msg(n > 0, "%s: %s", path, strerror(errno));
	close(fd);
	free(path);
	return parse_map(text, n, e, max);
}

/*
 * What a reader whose user namespace has map @up (@nup extents; NULL:
 * the initial one, which maps every id as itself) gets for the mount's
 * extents @e: "FIRST LOWER COUNT" and a NUL for each extent whose lower
 * ids all lie in one extent of @up, LOWER as @up maps them (statmount(2)'s
 * rule, the whole range or nothing).  Returns the length.
 */
static size_t expected(const struct ext *e, int n, const struct ext *up,
		       int nup, char *out)
{
	size_t len = 0;
	int i, k;

	for (i = 0; i < n; i++) {
		unsigned long long lo = e[i].lower, hi = lo + e[i].count - 1;

		for (k = 0; up && k < nup; k++)
			if (lo >= up[k].lower &&
			    hi < (unsigned long long)up[k].lower + up[k].count)
				break;
		if (up && k == nup)
			continue;
		len += sprintf(out + len, "%u %llu %u", e[i].first,
			       up ? lo - up[k].lower + up[k].first : lo,
			       e[i].count) + 1;
	}
	return len;
}

/* What a reader compares, in its own user namespace. */
struct reader {
	const char *target;	/* the idmapped mount */
	int out;		/* a pipe to the test */
};

/* One answer to the test: "WHAT LEN:BYTES" (LEN < 0: -errno, or none). */
static void send(int fd, const char *what, const char *v, ssize_t n)
{
	char head[64];
	int h = snprintf(head, sizeof(head), "%s %zd:", what, n);

	if (write(fd, head, h) != h || (n > 0 && write(fd, v, n) != n))
		_exit(3);
}

/*
 * statmount(2)'s uid (@gid: gid) map of mount @u into @out, as this
 * process's user namespace sees it; -1 where the kernel gives none.
 */
static ssize_t statmount_map(uint64_t u, int gid, char *out)
{
	uint64_t bit = gid ? SM_MNT_GIDMAP : SM_MNT_UIDMAP;
	struct sm *sm = u ? do_statmount(u, bit | SM_SUPPORTED_MASK) : NULL;
	ssize_t ret = -1;
	const char *s;
	size_t len;

	if (sm && (sm->mask & bit)) {
		s = sm_list(sm, bit, &len);
		memcpy(out, s, len);
		ret = len;
	}
	free(sm);
	return ret;
}

static const char *const keys[] = { "mnt_uidmap", "mnt_gidmap" };

/* In the reader's namespace: each key, and statmount's map. */
static int reader_run(void *arg)
{
	const struct reader *r = arg;
	static char val[VALUE_MAX];
	uint64_t u = mnt_unique_of(path_mnt_id(r->target, 0));
	ssize_t n;
	int i;

	for (i = 0; i < 2; i++) {
		char *name = xasprintf(":mnt:%s", keys[i]);

		n = getxattr(r->target, name, val, sizeof(val));
		send(r->out, "got", val, n < 0 ? -errno : n);
		n = statmount_map(u, i, val);
		send(r->out, "statmount", val, n);
		free(name);
	}
	return 0;
}

/* One "WHAT LEN:BYTES" of a reader; returns LEN (negative: -errno). */
static ssize_t recv_one(FILE *f, const char *what, char *buf)
{
	char got[16];
	ssize_t n;

	ck_assert_msg(fscanf(f, "%15s %zd:", got, &n) == 2 &&
		      !strcmp(got, what), "reader: no %s", what);
	ck_assert(n < VALUE_MAX);
	ck_assert(n <= 0 || fread(buf, 1, n, f) == (size_t)n);
	return n;
}

/* The mount's extents, as the kernel lists them: uids [0], gids [1]. */
struct mount_maps {
	struct ext e[2][16];
	int n[2];
};

/*
 * The keys of the idmapped mount @target read by a process of a user
 * namespace mapped by @maps ("uid map|gid map"; NULL: of @owner's
 * namespace, the mount's own), against statmount(2)'s rule applied to
 * the maps as written (@m) and statmount(2) itself.  Returns how many
 * entries mnt_uidmap had.
 */
static int check_reader(pid_t owner, const char *target, const char *maps,
			const struct mount_maps *m)
{
	static char got[VALUE_MAX], want[VALUE_MAX], sm[VALUE_MAX];
	struct reader r = { target, -1 };
	struct ext up[2][16];
	int fds[2], i, nup[2], entries = 0;
	const char *who = maps ? maps : "the mount's own namespace";
	int wl = strcspn(who, "\n|");	/* its first line, for messages */
	struct userns u;
	ssize_t g, w, s;
	FILE *f;

	if (maps) {
		nup[0] = parse_map(maps, strchr(maps, '|') - maps, up[0], 16);
		nup[1] = parse_map(strchr(maps, '|') + 1,
				   strlen(strchr(maps, '|') + 1), up[1], 16);
	} else {
		/* Inside it, each lower id maps back to its first id. */
		for (i = 0; i < 2; i++) {
			nup[i] = m->n[i];
			memcpy(up[i], m->e[i], sizeof(up[i]));
		}
	}
	ck_assert(!pipe2(fds, O_CLOEXEC));
	r.out = fds[1];
	userns_make(&u, maps, owner, reader_run, &r);
	close(fds[1]);
	f = fdopen(fds[0], "r");
	ck_assert(f);
	for (i = 0; i < 2; i++) {
		g = recv_one(f, "got", got);
		s = recv_one(f, "statmount", sm);
		w = expected(m->e[i], m->n[i], up[i], nup[i], want);
		ck_assert_msg(g == w && !memcmp(got, want, w),
			      "reader \"%.*s\": :mnt:%s %zd \"%s\", expected "
			      "%zd \"%s\"", wl, who, keys[i], g,
			      g >= 0 ? esc(got, g) : strerror(-g), w,
			      esc(want, w));
		ck_assert_msg(s < 0 || (g == s && !memcmp(got, sm, s)),
			      "reader \"%.*s\": :mnt:%s \"%s\", statmount \"%s\"",
			      wl, who, keys[i], esc(got, g > 0 ? g : 0),
			      esc(sm, s));
		if (!i)
			for (w = 0; w < g; w++)
				entries += !got[w];
		if (s >= 0)
			printf("check_idmap: %s read from \"%.*s\": also "
			       "against statmount\n", keys[i], wl, who);
	}
	fclose(f);
	ck_assert_int_eq(userns_put(&u), 0);
	return entries;
}

/*
 * An idmapped mount: a tmpfs (6.3+ can idmap it), else one of the real
 * file systems test/vm-realfs.sh mounted (ext4, xfs, btrfs: 5.12+).
 */
START_TEST(test_idmapped_mount)
{
	static const char *const real[] = { "ext4", "xfs", "btrfs", NULL };
	const char *s = scratch();
	char *src = xasprintf("%s/src", s), *target = xasprintf("%s/id", s);
	static char want[VALUE_MAX];
	struct mount_maps m = { };
	struct mountinfo mi;
	struct userns owner;
	const char *on = "tmpfs";
	struct xres r;
	ssize_t sm;
	char *path;
	int fd, err, i, g, *ids;
	size_t n, len, k;

	if (!have_mount_setattr()) {
		x_get(&r, s, ":mnt:mnt_uidmap");
		expect_errno(&r, ENODATA, "mnt_uidmap without idmapped mounts");
		x_free(&r);
		printf("check_idmap: no mount_setattr(2) (5.12+): not listed, "
		       "ENODATA\n");
		return;
	}
	/* Not idmapped: no map. */
	x_get(&r, s, ":mnt:mnt_uidmap");
	expect_errno(&r, ENODATA, "mnt_uidmap of a mount not idmapped");
	x_free(&r);
	x_get(&r, s, ":mnt:mnt_gidmap");
	expect_errno(&r, ENODATA, "mnt_gidmap of a mount not idmapped");
	x_free(&r);

	userns_make(&owner, mount_uids_gids(), 0, NULL, NULL);
	path = xasprintf("/proc/%d/ns/user", (int)owner.pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	xmkdir(src);
	xmkdir(target);
	xtmpfs("fattr-idmap", src);
	err = idmap_mount(src, target, fd);
	ck_assert(!mi_read(&mi, "/proc/self/mountinfo"));
	n = mi_ids(&mi, &ids);
	for (i = 0; err == EINVAL && real[i]; i++) {
		for (k = 0; k < n && err == EINVAL; k++) {
			const char *line = mi_find(&mi, ids[k], &len);
			struct mi_keys mk;

			ck_assert(!mi_keys(line, len, &mk));
			if (!strcmp(mk.v[MI_FSTYPE], real[i])) {
				err = idmap_mount(mk.v[MI_MOUNTPOINT], target,
						  fd);
				on = real[i];
			}
			mi_keys_free(&mk);
		}
	}
	free(ids);
	mi_free(&mi);
	ck_assert_msg(!err, "no file system could be idmapped (tmpfs, then "
		      "ext4, xfs, btrfs): %s", strerror(err));
	x_get(&r, target, ":mnt:mnt_attr");
	ck_assert_msg(r.ret > 0 && strtoull(r.val, NULL, 10) & ATTR_IDMAP,
		      "mnt_attr of the idmapped mount lacks MOUNT_ATTR_IDMAP");
	x_free(&r);

	/*
	 * From the initial user namespace, which maps every id: the maps as
	 * the kernel lists them, and as statmount(2) gives them where it
	 * does.
	 */
	for (g = 0; g < 2; g++) {
		m.n[g] = proc_map(owner.pid, g ? "gid_map" : "uid_map",
				  m.e[g], 16);
		ck_assert_int_eq(m.n[g], g ? 2 : 7);
		x_get(&r, target, g ? ":mnt:mnt_gidmap" : ":mnt:mnt_uidmap");
		len = expected(m.e[g], m.n[g], NULL, 0, want);
		expect_value(&r, want, len, g ? "mnt_gidmap, initial user "
			     "namespace" : "mnt_uidmap, initial user namespace");
		sm = statmount_map(mnt_unique_of(path_mnt_id(target, 0)), g,
				   want);
		if (sm >= 0)
			expect_value(&r, want, sm, "statmount's map");
		x_free(&r);
	}
	/*
	 * Readers in user namespaces of their own: four of seven uid
	 * extents whole, none, and inside the mount's: all.
	 */
	ck_assert_int_eq(check_reader(owner.pid, target, reader_maps[0], &m),
			 4);
	ck_assert_int_eq(check_reader(owner.pid, target, reader_maps[1], &m),
			 0);
	ck_assert_int_eq(check_reader(owner.pid, target, NULL, &m), 7);
	printf("check_idmap: an idmapped %s mount, from the initial user "
	       "namespace and three others\n", on);
	close(fd);
	ck_assert_int_eq(userns_put(&owner), 0);
	free(path);
	free(src);
	free(target);
}
END_TEST

Suite *idmap_suite(void)
{
	Suite *s = suite_create("idmap");
	TCase *tc = tcase_create("idmap");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_idmapped_mount);
	suite_add_tcase(s, tc);
	return s;
}
