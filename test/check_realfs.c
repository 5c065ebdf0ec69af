// SPDX-License-Identifier: GPL-2.0
/*
 * check_realfs.c: the real file systems test/vm-realfs.sh mounted before
 * the suite (ext4, xfs, btrfs subvolumes, vfat, squashfs, iso9660 on
 * virtio disks, overlayfs laid out as container engines do, bind mounts,
 * a shared/slave pair, FUSE), each against sources independent of
 * fattr's parsing: what the script says it mounted (REALFS_LIST: the
 * device, the type, the mount point and, where known, the root: the
 * mount as made), statx's mount id and that id's record of
 * /proc/self/mountinfo, statfs(2) of the mount point, and for overlayfs
 * statmount(2)'s mnt_opts (6.10+).  check_values.c compares every key of
 * these mounts with mountinfo and statmount too.  Without REALFS_LIST
 * (no vm-realfs.sh ran: not the check run's VM) it says so and checks
 * nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

/*
 * Written by vm-realfs.sh, one mount a line, tab-separated:
 * FSTYPE SOURCE MOUNTPOINT ROOT UUID, "-" where the script cannot know
 * the value beforehand (a FUSE server's source and subtype; the UUID but
 * of the disks it mounts itself, as scripts/fs-images.sh made them).
 */
#define REALFS_LIST "/realfs/mounts"
/* What vm-realfs.sh skipped on this kernel, a line each: "WHAT: why". */
#define REALFS_SKIPPED "/realfs/skipped"

/* Whether vm-realfs.sh skipped @what ("overlay:"), printing why if so. */
static int realfs_skipped(const char *what)
{
	FILE *f = fopen(REALFS_SKIPPED, "r");
	char line[512];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		found = !strncmp(line, what, strlen(what));
		if (found)
			printf("check_realfs: skipped: %s", line);
	}
	fclose(f);
	return found;
}

struct realfs {
	char *type, *source, *point, *root, *uuid;
};

/* The list's mounts; their number, or -1 if there is no list. */
static int realfs_read(struct realfs **out)
{
	FILE *f = fopen(REALFS_LIST, "r");
	struct realfs *v = NULL;
	char *line = NULL, *save;
	size_t cap = 0;
	int n = 0;

	if (!f)
		return -1;
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = 0;
		v = realloc(v, (n + 1) * sizeof(*v));
		ck_assert_ptr_nonnull(v);
		v[n].type = strdup(strtok_r(line, "\t", &save));
		v[n].source = strdup(strtok_r(NULL, "\t", &save));
		v[n].point = strdup(strtok_r(NULL, "\t", &save));
		v[n].root = strdup(strtok_r(NULL, "\t", &save));
		v[n].uuid = strdup(strtok_r(NULL, "\t", &save));
		n++;
	}
	free(line);
	fclose(f);
	*out = v;
	return n;
}

/* :mnt:KEY of @path is the string @exp. */
static void expect_key(const char *path, const char *key, const char *exp)
{
	char *name = xasprintf(":mnt:%s", key);
	char *what = xasprintf("lgetxattr(\"%s\", \"%s\")", path, name);
	struct xres r;

	x_lget(&r, path, name);
	expect_value(&r, exp, strlen(exp), what);
	x_free(&r);
	free(what);
	free(name);
}

/* Every statfs: key of @path against statfs(2) of @path. */
static void expect_statfs(const char *path)
{
	struct statfs st;
	char v[STATFS_NKEYS][64], key[32];
	size_t i;

	ck_assert_msg(!statfs(path, &st), "statfs %s: %s", path,
		      strerror(errno));
	statfs_values(&st, v);
	for (i = 0; i < STATFS_NKEYS; i++) {
		snprintf(key, sizeof(key), "statfs:%s", statfs_keys[i]);
		expect_key(path, key, v[i]);
	}
}

/*
 * statmount(2)'s mnt_opts (STATMOUNT_MNT_OPTS, 6.10) of mount @id,
 * malloc'd; NULL where the kernel does not give them.
 */
static char *statmount_opts(int id)
{
	struct {
		uint32_t size, spare;
		uint64_t mnt_id, param;
	} req = { 24, 0, mnt_unique_of(id), 0x80 };
	static uint64_t sm[8192];

	if (!req.mnt_id || syscall(457, &req, sm, sizeof(sm), 0) < 0)
		return NULL;
	/* mask at byte 8, mnt_opts at 4, the strings at 512. */
	if (!(sm[1] & 0x80))
		return NULL;
	return strdup((char *)sm + 512 + ((uint32_t *)sm)[1]);
}

/*
 * Every real mount of the list: its record by path is its id's line of
 * mountinfo, and source, type, mount point, root and statfs are as the
 * script mounted it.
 */
START_TEST(test_realfs_as_mounted)
{
	struct realfs *m;
	int n = realfs_read(&m), i, id, uuids = 0, bdevs = 0;

	if (n < 0) {
		printf("check_realfs: no %s (vm-realfs.sh did not run): "
		       "skipped\n", REALFS_LIST);
		return;
	}
	/* None only where the VM had no disks (scripts/vm-test.sh says why). */
	if (!n && realfs_skipped("no disks in this VM"))
		return;
	ck_assert_msg(n > 0, "%s lists no mount", REALFS_LIST);
	for (i = 0; i < n; i++) {
		id = expect_path_record(X_LGET, m[i].point);
		ck_assert_int_eq(path_mnt_id(m[i].point, AT_SYMLINK_NOFOLLOW),
				 id);
		expect_key(m[i].point, "mountpoint", m[i].point);
		if (strcmp(m[i].source, "-"))
			expect_key(m[i].point, "source", m[i].source);
		if (strcmp(m[i].type, "-"))
			expect_key(m[i].point, "fstype", m[i].type);
		if (strcmp(m[i].root, "-"))
			expect_key(m[i].point, "root", m[i].root);
		expect_statfs(m[i].point);
		/* A 16-byte UUID as made (vfat's and iso's ids are not). */
		if (strlen(m[i].uuid) == 36) {
			expect_key(m[i].point, "uuid", m[i].uuid);
			uuids++;
		}
		/*
		 * A disk mounted as itself: its kernel name (btrfs's super
		 * block has no single device).
		 */
		if (!strncmp(m[i].source, "/dev/", 5) &&
		    !strchr(m[i].source + 5, '/') &&
		    strcmp(m[i].type, "btrfs")) {
			expect_key(m[i].point, "bdev", m[i].source + 5);
			bdevs++;
		}
	}
	printf("check_realfs: %d real mounts as mounted, %d UUIDs and %d "
	       "devices as made\n", n, uuids, bdevs);
}
END_TEST

/*
 * overlayfs' superoptions (lowerdir paths with ',' ':' and blanks) end
 * with statmount's mnt_opts byte for byte: the same escapes.
 */
START_TEST(test_realfs_overlay_options)
{
	struct realfs *m;
	int n = realfs_read(&m), i, id, seen = 0;

	if (n < 0) {
		printf("check_realfs: no %s: skipped\n", REALFS_LIST);
		return;
	}
	for (i = 0; i < n; i++) {
		char *opts, *suffix;
		struct xres r;
		size_t sl;

		if (strcmp(m[i].type, "overlay"))
			continue;
		seen++;
		id = path_mnt_id(m[i].point, AT_SYMLINK_NOFOLLOW);
		x_lget(&r, m[i].point, ":mnt:superoptions");
		ck_assert_msg(r.ret > 0, "%s: :mnt:superoptions: %s",
			      m[i].point, strerror(r.err));
		ck_assert_msg(memmem(r.val, r.ret, "lowerdir=", 9),
			      "%s: superoptions \"%s\" without lowerdir",
			      m[i].point, esc(r.val, r.ret));
		opts = statmount_opts(id);
		if (!opts) {
			printf("check_realfs: no statmount mnt_opts on this "
			       "kernel (6.10+): overlay superoptions compared "
			       "with mountinfo only (check_values.c)\n");
			x_free(&r);
			continue;
		}
		suffix = xasprintf(",%s", opts);
		sl = strlen(suffix);
		ck_assert_msg((size_t)r.ret >= sl &&
			      !memcmp(r.val + r.ret - sl, suffix, sl),
			      "%s: superoptions \"%s\" do not end with "
			      "statmount's mnt_opts \"%s\"", m[i].point,
			      esc(r.val, r.ret), esc(opts, strlen(opts)));
		x_free(&r);
		free(suffix);
		free(opts);
	}
	if (!seen)
		ck_assert_msg(realfs_skipped("overlay:"),
			      "%s lists no overlay mount, and %s says no "
			      "overlay skipped", REALFS_LIST, REALFS_SKIPPED);
}
END_TEST

Suite *realfs_suite(void)
{
	Suite *s = suite_create("realfs");
	TCase *tc = tcase_create("realfs");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_realfs_as_mounted);
	tcase_add_test(tc, test_realfs_overlay_options);
	suite_add_tcase(s, tc);
	return s;
}
