// SPDX-License-Identifier: GPL-2.0
/*
 * check_unload.c: removing fattr gives ':' names back to the kernel, also
 * while they are being called; loading it again brings them back.  Last,
 * the kernel log must be clean.  These run last: they unload the module
 * (and reload it from $FATTR_KO, in the test or in the teardown).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

static int unload(void)
{
	return syscall(SYS_delete_module, "fattr", O_NONBLOCK) ? -errno : 0;
}

static int reload(void)
{
	const char *ko = getenv("FATTR_KO");
	int fd, r;

	if (!ko)
		return -ENOENT;
	fd = open(ko, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	r = syscall(SYS_finit_module, fd, "", 0) ? -errno : 0;
	close(fd);
	return r;
}

/* Unchecked teardown (runs in the runner): leave the module loaded. */
static void reload_if_gone(void)
{
	if (!fattr_loaded() && reload())
		fprintf(stderr, "check_unload: cannot reload fattr from %s\n",
			getenv("FATTR_KO"));
}

static void require_module(void)
{
	ck_assert_msg(fattr_loaded(), "fattr is not loaded");
	ck_assert_msg(getenv("FATTR_KO"), "FATTR_KO is not set");
	ck_assert_msg(!access(getenv("FATTR_KO"), R_OK), "cannot read %s",
		      getenv("FATTR_KO"));
}

/*
 * After delete_module, ':' names get the kernel's own answer: the errno
 * it gives a name no handler knows (measured before), never a record.
 * After finit_module the records are back.
 */
START_TEST(test_unload_reload)
{
	static const char *const names[] = {
		":mnt:info", ":", ":mntns:", ":mnt:",
	};
	const char *dir = scratch();
	struct xres r, k;
	size_t i;

	require_module();
	x_get(&k, dir, "fattr-no-such-prefix");
	ck_assert_msg(k.ret < 0, "the kernel answered an unknown name");
	expect_path_record(X_GET, dir);
	ck_assert_int_eq(unload(), 0);
	ck_assert(!fattr_loaded());
	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		char *what = xasprintf("%s without fattr", names[i]);

		x_get(&r, dir, names[i]);
		expect_errno(&r, k.err, what);
		x_free(&r);
		free(what);
	}
	ck_assert_int_eq(reload(), 0);
	expect_path_record(X_GET, dir);
	expect_listing(dir);
	x_free(&k);
}
END_TEST

#define LOADERS 3

/* What the callers saw, in shared memory. */
struct load_counts {
	unsigned long answered;	/* by fattr */
	unsigned long kernel;	/* the kernel's own error */
};

/*
 * Call ':' names until killed, with short pauses so that the module's
 * reference count drops to zero now and then; exit 1 on an answer that is
 * neither fattr's nor the kernel's.
 */
static void hammer(const char *path, int kernel_err, struct load_counts *c)
{
	static const char *const names[] = { ":mnt:info", ":mntns:" };
	struct timespec nap = { 0, 200 * 1000 };
	static char val[VALUE_MAX];
	int i;

	for (;;) {
		for (i = 0; i < 2; i++) {
			ssize_t r = getxattr(path, names[i], val, sizeof(val));

			if (r > 0)
				__atomic_add_fetch(&c->answered, 1,
						   __ATOMIC_RELAXED);
			else if (r < 0 && errno == kernel_err)
				__atomic_add_fetch(&c->kernel, 1,
						   __ATOMIC_RELAXED);
			else
				_exit(1);
		}
		nanosleep(&nap, NULL);
	}
}

/*
 * rmmod under load: while other processes call ':' names, unloading
 * succeeds (perhaps after EBUSY/EAGAIN), every call gets either fattr's
 * answer or the kernel's own error, and no caller crashes.
 */
START_TEST(test_unload_under_load)
{
	const char *dir = scratch();
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	struct load_counts *c, seen;
	pid_t pids[LOADERS];
	struct xres k;
	int i, r, tries, status;

	require_module();
	c = mmap(NULL, sizeof(*c), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ck_assert(c != MAP_FAILED);
	x_get(&k, dir, "fattr-no-such-prefix");
	ck_assert(k.ret < 0);
	for (i = 0; i < LOADERS; i++) {
		pids[i] = fork();
		ck_assert_int_ge(pids[i], 0);
		if (!pids[i])
			hammer(dir, k.err, c);
	}
	nanosleep(&pause, NULL);
	for (tries = 0; tries < 500; tries++) {
		r = unload();
		if (!r)
			break;
		ck_assert_msg(r == -EBUSY || r == -EAGAIN,
			      "delete_module under load: %s", strerror(-r));
		nanosleep(&pause, NULL);
	}
	ck_assert_msg(!r, "delete_module still failing after %d tries: %s",
		      tries, strerror(-r));
	seen = *c;
	nanosleep(&pause, NULL);
	nanosleep(&pause, NULL);
	ck_assert_msg(c->kernel > seen.kernel,
		      "no call reached the kernel while fattr was gone");
	r = reload();
	ck_assert_msg(!r, "finit_module under load: %s", strerror(-r));
	seen = *c;
	nanosleep(&pause, NULL);
	nanosleep(&pause, NULL);
	for (i = 0; i < LOADERS; i++) {
		ck_assert_int_eq(waitpid(pids[i], &status, WNOHANG), 0);
		kill(pids[i], SIGKILL);
		ck_assert_int_eq(waitpid(pids[i], &status, 0), pids[i]);
		ck_assert_msg(WIFSIGNALED(status) &&
			      WTERMSIG(status) == SIGKILL,
			      "caller %d ended with status %#x", i, status);
	}
	ck_assert_msg(c->answered > seen.answered,
		      "no call answered after the reload");
	expect_path_record(X_GET, dir);
	x_free(&k);
}
END_TEST

/* The kernel log holds no WARNING, BUG, Oops or call trace. */
START_TEST(test_kernel_log)
{
	static const char *const bad[] = {
		"WARNING: CPU:", "BUG:", "Oops:", "Call Trace:",
		"kernel BUG at", "general protection fault", "list_add corruption",
		"refcount_t:", "cut here",
	};
	int size = klogctl(10, NULL, 0), n;
	char *buf;
	size_t i;

	ck_assert_msg(size > 0, "syslog size: %s", strerror(errno));
	buf = calloc(1, size + 1);
	n = klogctl(3, buf, size);
	ck_assert_msg(n >= 0, "syslog read: %s", strerror(errno));
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		const char *p = strstr(buf, bad[i]);

		ck_assert_msg(!p, "kernel log: %s", esc(p ? p : "",
				p ? strcspn(p, "\n") + 200 : 0));
	}
	free(buf);
}
END_TEST

/* Each test in a case of its own, all reloading fattr if it is gone. */
static TCase *unload_case(const char *name, const TTest *test,
			  const char *tags)
{
	TCase *tc = tcase_create(name);

	tcase_set_timeout(tc, TEST_TIMEOUT);
	if (tags)
		tcase_set_tags(tc, tags);
	tcase_add_unchecked_fixture(tc, NULL, reload_if_gone);
	tcase_add_test(tc, test);
	return tc;
}

/*
 * The stress case is tagged "stress" so that CK_EXCLUDE_TAGS=stress can
 * leave it out while its failure (a hang) is being investigated.
 */
Suite *unload_suite(void)
{
	Suite *s = suite_create("unload");

	suite_add_tcase(s, unload_case("unload", test_unload_reload, NULL));
#ifndef FATTR_NO_STRESS
	suite_add_tcase(s, unload_case("under_load", test_unload_under_load,
				       "stress"));
#else
	(void)test_unload_under_load;
#endif
	suite_add_tcase(s, unload_case("kernel_log", test_kernel_log, NULL));
	return s;
}
