// SPDX-License-Identifier: GPL-2.0
/*
 * check_idmap.c: mnt_uidmap and mnt_gidmap of an idmapped mount
 * (mount_setattr(2) with MOUNT_ATTR_IDMAP, 5.12+), read from the initial
 * user namespace and from user namespaces that map all or none of it,
 * each against what the kernel says of the user namespace the mount was
 * idmapped with: its /proc/PID/uid_map and gid_map as the reader opens
 * them (the kernel writes each extent's lower ids as the reader's
 * namespace sees them), and statmount(2)'s MNT_UIDMAP and MNT_GIDMAP
 * where the kernel has them (6.15+).  A mount that is not idmapped gives
 * ENODATA; a kernel without idmapped mounts lists neither key.
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
 * The user namespace the mount is idmapped with: ids 0 to 999 are
 * 100000 to 100999 outside, 2000 is 2000.  The readers' namespaces: one
 * maps 100000 to 100999 (the first extent, whole), one maps only ten ids
 * of it (no extent whole).
 */
static const char mount_map[] = "0 100000 1000\n2000 2000 1\n";
static const char *const reader_maps[] = {
	"0 100000 1000\n", "5 100100 10\n",
};

/* A process in a user namespace of its own, kept until it is put. */
struct userns {
	pid_t pid;
	int hold;	/* closing it lets the process exit */
};

static void write_file(pid_t pid, const char *file, const char *text)
{
	char *path = xasprintf("/proc/%d/%s", (int)pid, file);
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	ck_assert_msg(fd >= 0 && write(fd, text, strlen(text)) ==
		      (ssize_t)strlen(text), "write %s: %s", path,
		      strerror(errno));
	close(fd);
	free(path);
}

/*
 * A child in a new user namespace whose uid and gid maps are @map; with
 * @then, the child runs it there (after the maps are written) and exits
 * with its status, else it waits until userns_put().
 */
static void userns_make(struct userns *u, const char *map,
			int (*then)(void *), void *arg)
{
	int up[2], down[2];
	char c = 0;

	ck_assert(!pipe2(up, O_CLOEXEC) && !pipe2(down, O_CLOEXEC));
	u->pid = fork();
	ck_assert_msg(u->pid >= 0, "fork: %s", strerror(errno));
	if (!u->pid) {
		close(up[0]);
		close(down[1]);
		if (unshare(CLONE_NEWUSER) || write(up[1], &c, 1) != 1)
			_exit(2);
		/* The maps are written: go on. */
		if (read(down[0], &c, 1) != 1)
			_exit(2);
		if (then)
			_exit(then(arg));
		read(down[0], &c, 1);
		_exit(0);
	}
	close(up[1]);
	close(down[0]);
	ck_assert_msg(read(up[0], &c, 1) == 1, "child: unshare(CLONE_NEWUSER)");
	close(up[0]);
	write_file(u->pid, "uid_map", map);
	write_file(u->pid, "gid_map", map);
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
 * /proc/@pid/@file (uid_map, gid_map) as this process reads it, as
 * statmount(2) lists a map: "FIRST LOWER COUNT" and a NUL for each
 * extent whose lower ids the reader's namespace maps (the kernel writes
 * 4294967295 for one it does not).  Returns the length; @out has room.
 */
static size_t proc_map(pid_t pid, const char *file, char *out)
{
	char *path = xasprintf("/proc/%d/%s", (int)pid, file);
	FILE *f = fopen(path, "re");
	unsigned int first, lower, count;
	size_t len = 0;

	ck_assert_msg(f, "%s: %s", path, strerror(errno));
	while (fscanf(f, "%u %u %u", &first, &lower, &count) == 3)
		if (lower != 4294967295u)
			len += sprintf(out + len, "%u %u %u", first, lower,
				       count) + 1;
	fclose(f);
	free(path);
	return len;
}

/* What a reader compares, in its own user namespace. */
struct reader {
	pid_t owner;		/* in the mount's user namespace */
	const char *target;	/* the idmapped mount */
	int out;		/* a pipe to the test */
};

/* One line per key to the test: "KEY got|want|statmount LEN:BYTES". */
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
	ssize_t len = -1;
	const char *s;

	if (sm && (sm->mask & bit)) {
		s = sm->str + (gid ? sm->gidmap : sm->uidmap);
		len = sm_list_len(s, gid ? sm->gidmap_num : sm->uidmap_num);
		memcpy(out, s, len);
	}
	free(sm);
	return len;
}

/* In the reader's namespace: each key, its expected value and statmount's. */
static int reader_run(void *arg)
{
	static const char *const keys[] = { "mnt_uidmap", "mnt_gidmap" };
	static const char *const files[] = { "uid_map", "gid_map" };
	const struct reader *r = arg;
	static char val[VALUE_MAX];
	uint64_t u = mnt_unique_of(path_mnt_id(r->target, 0));
	ssize_t n;
	int i;

	for (i = 0; i < 2; i++) {
		char *name = xasprintf(":mnt:%s", keys[i]);

		n = getxattr(r->target, name, val, sizeof(val));
		send(r->out, "got", val, n < 0 ? -errno : n);
		n = proc_map(r->owner, files[i], val);
		send(r->out, "want", val, n);
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

/*
 * The keys of the idmapped mount @target as a process of a user
 * namespace mapped by @map reads them, against what it reads of the
 * mount's user namespace (@owner's maps) and statmount(2).  Returns how
 * many entries mnt_uidmap had.
 */
static int check_reader(pid_t owner, const char *target, const char *map)
{
	static char got[VALUE_MAX], want[VALUE_MAX], sm[VALUE_MAX];
	static const char *const keys[] = { "mnt_uidmap", "mnt_gidmap" };
	struct reader r = { owner, target, -1 };
	struct userns u;
	int fds[2], i, entries = 0;
	int ml = strcspn(map, "\n");	/* the first line, for messages */
	ssize_t g, w, s;
	FILE *f;

	ck_assert(!pipe2(fds, O_CLOEXEC));
	r.out = fds[1];
	userns_make(&u, map, reader_run, &r);
	close(fds[1]);
	f = fdopen(fds[0], "r");
	ck_assert(f);
	for (i = 0; i < 2; i++) {
		g = recv_one(f, "got", got);
		w = recv_one(f, "want", want);
		s = recv_one(f, "statmount", sm);
		ck_assert_msg(g == w && !memcmp(got, want, w),
			      "map \"%.*s\": :mnt:%s %zd \"%s\", the mount's "
			      "namespace's map reads %zd \"%s\"", ml, map, keys[i],
			      g, g > 0 ? esc(got, g) : strerror(-g), w,
			      esc(want, w));
		ck_assert_msg(s < 0 || (g == s && !memcmp(got, sm, s)),
			      "map \"%.*s\": :mnt:%s \"%s\", statmount \"%s\"",
			      ml, map, keys[i], esc(got, g > 0 ? g : 0),
			      esc(sm, s));
		if (!i)
			for (w = 0; w < g; w++)
				entries += !got[w];
		if (s >= 0)
			printf("check_idmap: %s read in a user namespace "
			       "mapping \"%.*s\": also against statmount\n",
			       keys[i], ml, map);
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

	userns_make(&owner, mount_map, NULL, NULL);
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
	 * From here, the initial user namespace: the maps as written (both
	 * extents), and as statmount(2) gives them where it does.
	 */
	for (g = 0; g < 2; g++) {
		x_get(&r, target, g ? ":mnt:mnt_gidmap" : ":mnt:mnt_uidmap");
		len = proc_map(owner.pid, g ? "gid_map" : "uid_map", want);
		ck_assert_int_eq(len, sizeof("0 100000 1000") +
				 sizeof("2000 2000 1"));
		expect_value(&r, want, len, g ? "mnt_gidmap, initial user "
			     "namespace" : "mnt_uidmap, initial user namespace");
		sm = statmount_map(mnt_unique_of(path_mnt_id(target, 0)), g,
				   want);
		if (sm >= 0)
			expect_value(&r, want, sm, "statmount's map");
		x_free(&r);
	}
	/* Readers in user namespaces of their own. */
	ck_assert_int_eq(check_reader(owner.pid, target, reader_maps[0]), 1);
	ck_assert_int_eq(check_reader(owner.pid, target, reader_maps[1]), 0);
	printf("check_idmap: an idmapped %s mount, from the initial user "
	       "namespace and two others\n", on);
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
