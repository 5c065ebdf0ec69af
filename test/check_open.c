// SPDX-License-Identifier: GPL-2.0
/*
 * check_open.c: fattr's open of the caller's /proc/self/mountinfo, which
 * gives the LSMs' verdict on every call, is checked as the caller's own
 * open(2) of that file is (fs/namei.c: may_open()'s inode_permission()
 * with MAY_OPEN | MAY_READ, where SELinux's and Smack's inode hooks
 * judge; then security_file_open()).  Before issue 28 fattr ran only
 * security_file_open(), so an LSM judging in inode_permission never saw
 * the open.
 *
 * Counted with a kprobe (or, on riscv64, fprobe) trace event on
 * security_inode_permission(), whose
 * second argument is the mask, filtered to MAY_OPEN: a getxattr(2) of a
 * ':' name that reads the caller's mountinfo must make as many such
 * checks as the caller's own open(2) of /proc/self/mountinfo makes (the
 * kernel's answer, counted the same way).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

#define EVENT_GROUP "fattr_check"
#define EVENT_NAME "may_open"
/* MAY_OPEN (include/linux/fs.h: 0x20), which only opens set. */
#define MAY_OPEN_FILTER "mask & 32"

/* Writes @text to tracefs's @file in @dir; 0 or an errno. */
static int trace_write(const char *dir, const char *file, const char *text)
{
	char *path = xasprintf("%s/%s", dir, file);
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC), err = 0;

	free(path);
	if (fd < 0)
		return errno;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		err = errno ? errno : EIO;
	close(fd);
	return err;
}

/* A tracefs with kprobe events: its directory, mounting one if need be. */
static const char *tracefs(void)
{
	const char *dir = tracefs_with("dynamic_events", W_OK);

	if (dir)
		return dir;
	ck_assert_msg(!mount("tracefs", tracefs_dirs[0], "tracefs", 0, NULL),
		      "no tracefs with dynamic_events, and mounting one at %s: %s",
		      tracefs_dirs[0], strerror(errno));
	return tracefs_dirs[0];
}

/*
 * The probe on security_inode_permission(), its mask (second argument)
 * fetched: a kprobe event, or where the kernel cannot put a kprobe on a
 * function's ftrace site (riscv64: no KPROBES_ON_FTRACE, EINVAL) an
 * fprobe event (6.7+), through dynamic_events, which takes both.
 */
static const char *const probes[] = {
	"p:" EVENT_GROUP "/" EVENT_NAME " security_inode_permission mask=$arg2:s32\n",
	"f:" EVENT_GROUP "/" EVENT_NAME " security_inode_permission mask=$arg2:s32\n",
};

/*
 * A counter, for this thread, of security_inode_permission() calls whose
 * mask has MAY_OPEN; *@dir gets the tracefs holding its kprobe event.
 * -1 where the kernel takes neither probe on riscv64 (Debian's 6.12
 * refuses both with EINVAL: no KPROBES_ON_FTRACE; 2026-12-06); anywhere
 * else that fails the test.
 */
static int may_open_counter(const char **dir)
{
	struct perf_event_attr a;
	char buf[32] = "", *idp;
	size_t i;
	int fd, err = EINVAL;

	*dir = tracefs();
	/* One left by an earlier run that failed (a forked test's exit). */
	trace_write(*dir, "dynamic_events", "-:" EVENT_GROUP "/" EVENT_NAME "\n");
	for (i = 0; i < sizeof(probes) / sizeof(*probes) && err; i++)
		err = trace_write(*dir, "dynamic_events", probes[i]);
#if defined(__riscv)
	if (err == EINVAL)
		return -1;
#endif
	ck_assert_msg(!err, "kprobe or fprobe event on "
		      "security_inode_permission: %s", strerror(err));
	idp = xasprintf("%s/events/" EVENT_GROUP "/" EVENT_NAME "/id", *dir);
	fd = open(idp, O_RDONLY | O_CLOEXEC);
	ck_assert_msg(fd >= 0, "%s: %s", idp, strerror(errno));
	ck_assert_int_gt(read(fd, buf, sizeof(buf) - 1), 0);
	close(fd);
	free(idp);
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_TRACEPOINT;
	a.size = sizeof(a);
	a.config = strtoull(buf, NULL, 10);
	fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	ck_assert_msg(fd >= 0, "perf_event_open of %s/%s: %s", EVENT_GROUP,
		      EVENT_NAME, strerror(errno));
	ck_assert_msg(!ioctl(fd, PERF_EVENT_IOC_SET_FILTER, MAY_OPEN_FILTER),
		      "filter on mask: %s", strerror(errno));
	return fd;
}

static void may_open_counter_close(int fd, const char *dir)
{
	close(fd);
	trace_write(dir, "dynamic_events", "-:" EVENT_GROUP "/" EVENT_NAME "\n");
}

static uint64_t count(int fd)
{
	uint64_t v;

	ck_assert_int_eq(read(fd, &v, sizeof(v)), sizeof(v));
	return v;
}

/*
 * Each name below reads the caller's mountinfo (a record, a key read from
 * the mount, the listing, the namespace's event): each makes the checks
 * the caller's own open(2) of /proc/self/mountinfo makes.
 */
START_TEST(test_open_is_callers)
{
	static const char *const names[] = {
		":mnt:info", ":mnt:mnt_attr", ":mnt:id", ":mntns:",
		":mntns_event",
	};
	const char *dir;
	int fd = may_open_counter(&dir), mi;
	uint64_t before, own, got;
	size_t i;
	ssize_t n;

	if (fd < 0) {
		printf("open: no probe on security_inode_permission in this "
		       "kernel (riscv64: EINVAL): not counted\n");
		return;
	}

	before = count(fd);
	mi = open("/proc/self/mountinfo", O_RDONLY);
	own = count(fd) - before;
	ck_assert_msg(mi >= 0, "open /proc/self/mountinfo: %s",
		      strerror(errno));
	close(mi);
	ck_assert_msg(own > 0, "open(2) of /proc/self/mountinfo made no "
		      "inode_permission check with MAY_OPEN: the counter counts "
		      "nothing");
	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		char *buf = malloc(VALUE_MAX);

		ck_assert_ptr_nonnull(buf);
		before = count(fd);
		n = getxattr("/", names[i], buf, VALUE_MAX);
		got = count(fd) - before;
		/* A name this kernel does not serve (mntns_event before 6.x). */
		if (n < 0 && errno == ENODATA) {
			printf("open: %s not served here, not counted\n",
			       names[i]);
			free(buf);
			continue;
		}
		ck_assert_msg(n >= 0, "getxattr / %s: %s", names[i],
			      strerror(errno));
		ck_assert_msg(got == own, "getxattr(\"/\", \"%s\"): %llu "
			      "inode_permission checks with MAY_OPEN, the "
			      "caller's open(2) of /proc/self/mountinfo %llu",
			      names[i], (unsigned long long)got,
			      (unsigned long long)own);
		free(buf);
	}
	may_open_counter_close(fd, dir);
}
END_TEST

Suite *open_suite(void)
{
	Suite *s = suite_create("open");
	TCase *tc = tcase_create("open");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_open_is_callers);
	suite_add_tcase(s, tc);
	return s;
}
