// SPDX-License-Identifier: GPL-2.0
/*
 * check_opts.c: opt_array and opt_sec_array of a tmpfs remounted over and
 * over while they are read.  fattr tells the file system's options from
 * the LSMs' by rendering the former a second time; a remount between the
 * two renderings must not move options from one list to the other.
 * tmpfs writes "size=" only when the size is not its default (half the
 * memory), so the options alternate between two lengths.  Every answer
 * must be one of the two lists the records of the two states give (as
 * this file splits /proc/self/mountinfo's super options), or EAGAIN; and
 * opt_sec_array empty (the VM runs no SELinux, the only LSM that writes
 * super block options).  check_facts.c compares both keys of every mount
 * with statmount(2) or the record at rest.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

static const char *const sizes[] = { "size=64k", "size=50%" };

/*
 * The file system's options of the mount at @path as its record has
 * them, as opt_array lists them.  Returns the length.
 */
static size_t record_opts(const char *path, char *out)
{
	int id = path_mnt_id(path, 0);
	struct mountinfo mi;
	struct mi_keys k;
	const char *line, *o;
	size_t len, n;

	ck_assert(!mi_read(&mi, "/proc/self/mountinfo"));
	line = mi_find(&mi, id, &len);
	ck_assert(line && !mi_keys(line, len, &k));
	o = super_after_flags(k.v[MI_SUPEROPTIONS]);
	n = opts_list(out, o, strlen(o));
	mi_keys_free(&k);
	mi_free(&mi);
	return n;
}

START_TEST(test_opts_under_remounts)
{
	const char *s = scratch();
	char *p = xasprintf("%s/race", s);
	static char want[2][4096], val[VALUE_MAX];
	size_t wlen[2];
	long reads = 0, again = 0, each[2] = { 0, 0 };
	time_t end;
	pid_t pid;
	ssize_t r;
	int i, status;

	xmkdir(p);
	xmount("fattr-race", p, "tmpfs", 0, sizes[0]);
	for (i = 1; i >= 0; i--) {
		xmount(NULL, p, NULL, MS_REMOUNT, sizes[i]);
		wlen[i] = record_opts(p, want[i]);
	}
	ck_assert_msg(wlen[0] != wlen[1], "tmpfs wrote the same options "
		      "for %s and %s", sizes[0], sizes[1]);
	pid = fork();
	ck_assert(pid >= 0);
	if (!pid) {
		for (i = 0;; i ^= 1)
			if (mount(NULL, p, NULL, MS_REMOUNT, sizes[i]))
				_exit(1);
	}
	end = time(NULL) + 4;
	while (time(NULL) < end) {
		reads++;
		r = getxattr(p, ":mnt:opt_sec_array", val, sizeof(val));
		if (r < 0 && errno == EAGAIN) {
			again++;
			continue;
		}
		ck_assert_msg(r == 0, "opt_sec_array under remounts: %zd "
			      "\"%s\" (%s)", r, r > 0 ? esc(val, r) : "",
			      r < 0 ? strerror(errno) : "not empty");
		r = getxattr(p, ":mnt:opt_array", val, sizeof(val));
		if (r < 0 && errno == EAGAIN) {
			again++;
			continue;
		}
		/* Which of the two lists it is: the first that matches. */
		for (i = 0; i < 2; i++)
			if (r == (ssize_t)wlen[i] && !memcmp(val, want[i], r))
				break;
		ck_assert_msg(i < 2, "opt_array under remounts: %zd \"%s\", "
			      "not \"%s\" nor \"%s\"", r,
			      r > 0 ? esc(val, r) : "",
			      esc(want[0], wlen[0]), esc(want[1], wlen[1]));
		each[i]++;
	}
	kill(pid, SIGKILL);
	ck_assert(waitpid(pid, &status, 0) == pid);
	ck_assert_msg(WIFSIGNALED(status), "the remounting child failed");
	printf("check_opts: %ld reads under remounts: opt_array %ld as %s, "
	       "%ld as %s; EAGAIN %ld\n", reads, each[0], sizes[0], each[1],
	       sizes[1], again);
	free(p);
}
END_TEST

Suite *opts_suite(void)
{
	Suite *s = suite_create("opts");
	TCase *tc = tcase_create("opts");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_opts_under_remounts);
	suite_add_tcase(s, tc);
	return s;
}
