// SPDX-License-Identifier: GPL-2.0
/*
 * check_fault.c: names in pages not faulted in yet.  fattr's ftrace
 * callback reads the first byte of the name without faulting; when it
 * cannot, the module's handler faults the page in and, if the name does
 * not begin with ':', has the syscall restarted (module/hook.c).  Through
 * getxattr, lgetxattr, fgetxattr and getxattrat (where it exists), an
 * ordinary name in such a page gets exactly the kernel's answer for the
 * same name in an ordinary buffer, and a ':' name is served (procfs).
 *
 * A page is "cold" when /proc/self/pagemap says it is not present: a
 * fresh mapping of a memfd or tmpfs file, private or shared, whose first
 * access faults.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

#define VALUE_NAME "trusted.fattr_fault"

enum cold_kind { COLD_MEMFD_PRIVATE, COLD_MEMFD_SHARED, COLD_TMPFS_PRIVATE,
		 COLD_KINDS };

static const char *const cold_kinds[] = {
	"memfd MAP_PRIVATE", "memfd MAP_SHARED", "tmpfs file MAP_PRIVATE",
};

/* Is the page of @p in this process's page tables (pagemap bit 63)? */
static int page_present(const void *p)
{
	long psz = sysconf(_SC_PAGESIZE);
	uint64_t ent = 0;
	int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);

	ck_assert_msg(fd >= 0, "pagemap: %s", strerror(errno));
	ck_assert_int_eq(pread(fd, &ent, sizeof(ent),
			       (uintptr_t)p / psz * sizeof(ent)), sizeof(ent));
	close(fd);
	return (int)(ent >> 63);
}

/*
 * @name, NUL included, in a fresh mapping of a one-page file (at its
 * start, or ending at the page's end if @at_end): never accessed by this
 * process yet.  Unmap it with cold_free().
 */
static const char *cold_name(const char *name, enum cold_kind kind,
			     int at_end, const char *dir)
{
	long psz = sysconf(_SC_PAGESIZE);
	size_t len = strlen(name) + 1;
	char *page = calloc(1, psz), *p;
	off_t off = at_end ? (off_t)(psz - len) : 0;
	int fd;

	if (kind == COLD_TMPFS_PRIVATE) {
		char *file = xasprintf("%s/name", dir);

		fd = open(file, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		free(file);
	} else {
		fd = memfd_create("fattr-name", MFD_CLOEXEC);
	}
	ck_assert_msg(fd >= 0, "name file: %s", strerror(errno));
	memcpy(page + off, name, len);
	ck_assert_int_eq(write(fd, page, psz), psz);
	free(page);
	p = mmap(NULL, psz, PROT_READ,
		 kind == COLD_MEMFD_SHARED ? MAP_SHARED : MAP_PRIVATE, fd, 0);
	ck_assert(p != MAP_FAILED);
	close(fd);
	ck_assert_msg(!page_present(p), "%s: the name's page is mapped "
		      "already", cold_kinds[kind]);
	return p + off;
}

static void cold_free(const char *name)
{
	long psz = sysconf(_SC_PAGESIZE);

	munmap((void *)((uintptr_t)name / psz * psz), psz);
}

/* The ways to ask. */
enum way { W_GET, W_LGET, W_FGET, W_AT, W_AT_NOFOLLOW, W_AT_EMPTY, WAYS };

static const char *const ways[] = {
	"getxattr", "lgetxattr", "fgetxattr", "getxattrat",
	"getxattrat NOFOLLOW", "getxattrat(fd, \"\", AT_EMPTY_PATH)",
};

static void ask(struct xres *r, enum way w, const char *path, int fd,
		const char *name)
{
	switch (w) {
	case W_GET:
		x_get(r, path, name);
		break;
	case W_LGET:
		x_lget(r, path, name);
		break;
	case W_FGET:
		x_fget(r, fd, name);
		break;
	case W_AT:
		x_at(r, AT_FDCWD, path, 0, name);
		break;
	case W_AT_NOFOLLOW:
		x_at(r, AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, name);
		break;
	default:
		x_at(r, fd, "", AT_EMPTY_PATH, name);
		break;
	}
}

static int way_follows(enum way w)
{
	return w != W_LGET && w != W_AT_NOFOLLOW;
}

/* S (scratch) with a symlink l to a/f; A mounted on S/a, with f. */
struct ftree {
	const char *s;
	char *f, *l;
	int s_id, a_id;
};

static void make_ftree(struct ftree *t)
{
	char *a;
	int fd;

	t->s = scratch();
	a = xasprintf("%s/a", t->s);
	xtmpfs("fattr-fault", a);
	t->f = xasprintf("%s/a/f", t->s);
	t->l = xasprintf("%s/l", t->s);
	fd = open(t->f, O_CREAT | O_WRONLY, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(symlink("a/f", t->l), 0);
	/* Values that tell the file from the link. */
	ck_assert_msg(!setxattr(t->f, VALUE_NAME, "file", 4, 0),
		      "setxattr %s: %s", VALUE_NAME, strerror(errno));
	ck_assert_msg(!lsetxattr(t->l, VALUE_NAME, "symlink", 7, 0),
		      "lsetxattr %s: %s", VALUE_NAME, strerror(errno));
	t->s_id = path_mnt_id(t->s, 0);
	t->a_id = path_mnt_id(a, 0);
	ck_assert_int_ne(t->s_id, t->a_id);
	free(a);
}

/* Does this way exist here?  getxattrat needs 6.13. */
static int way_exists(enum way w)
{
	static int at = -1;

	if (w < W_AT)
		return 1;
	if (at < 0)
		at = have_getxattrat("fault: getxattrat");
	return at;
}

/*
 * An ordinary name in a cold page: exactly the kernel's answer with the
 * name in an ordinary buffer, for present and absent names, good and bad
 * paths and descriptors.
 */
START_TEST(test_fault_ordinary)
{
	static const char *const names[] = {
		VALUE_NAME, "trusted.fattr_absent", "user.fattr_absent",
		"", "fattr-no-such-prefix",
	};
	struct ftree t;
	int fds[3], w, kind, end;
	size_t n, p;

	make_ftree(&t);
	fds[0] = open(t.f, O_RDONLY);
	fds[1] = 9999;
	fds[2] = open(t.l, O_PATH | O_NOFOLLOW);
	ck_assert(fds[0] >= 0 && fds[2] >= 0);
	for (w = 0; w < WAYS; w++) {
		const char *paths[] = { t.f, t.l, "/nonexistent" };

		if (!way_exists(w))
			continue;
		for (n = 0; n < sizeof(names) / sizeof(*names); n++)
		for (p = 0; p < 3; p++)
		for (kind = 0; kind < COLD_KINDS; kind++)
		for (end = 0; end < 2; end++) {
			struct xres k, r;
			const char *cold;
			char *what;

			ask(&k, w, paths[p], fds[p], names[n]);
			cold = cold_name(names[n], kind, end, t.s);
			ask(&r, w, paths[p], fds[p], cold);
			what = xasprintf("%s, \"%s\" in a cold page (%s%s), "
					 "%s", ways[w], names[n],
					 cold_kinds[kind],
					 end ? ", at its end" : "",
					 w == W_FGET || w == W_AT_EMPTY ?
					 (p == 1 ? "closed fd" : "fd") :
					 paths[p]);
			if (k.ret >= 0)
				expect_value(&r, k.val, k.ret, what);
			else
				expect_errno(&r, k.err, what);
			ck_assert_msg(page_present(cold), "%s: the name was "
				      "never read", what);
			cold_free(cold);
			x_free(&k);
			x_free(&r);
			free(what);
		}
	}
	close(fds[0]);
	close(fds[2]);
}
END_TEST

/* A ':' name in a cold page is served: procfs's record and listing. */
START_TEST(test_fault_colon)
{
	struct ftree t;
	int fd, w, kind, end;

	make_ftree(&t);
	fd = open(t.f, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	for (w = 0; w < WAYS; w++) {
		const char *path = w == W_LGET || w == W_AT_NOFOLLOW ?
				   t.l : t.f;

		if (!way_exists(w))
			continue;
		for (kind = 0; kind < COLD_KINDS; kind++)
		for (end = 0; end < 2; end++) {
			int id = way_follows(w) ? t.a_id : t.s_id;
			char *byid = xasprintf(":mntns:%d:info", t.s_id);
			const char *names[] = {
				":mnt:info", ":mntns:", ":", byid,
			};
			struct mountinfo mi;
			size_t n;

			for (n = 0; n < sizeof(names) / sizeof(*names); n++) {
				struct xres r, k;
				const char *cold = cold_name(names[n], kind,
							     end, t.s);
				char *what = xasprintf("%s, \"%s\" in a cold "
						       "page (%s%s)", ways[w],
						       names[n],
						       cold_kinds[kind],
						       end ? ", at its end" :
						       "");
				const char *exp;
				char *listing = NULL;
				size_t len;

				ask(&r, w, path, fd, cold);
				ck_assert_int_eq(mi_read(&mi,
					"/proc/self/mountinfo"), 0);
				if (n == 0) {
					exp = mi_find(&mi, id, &len);
				} else if (n == 1) {
					exp = listing = ids_listing(&mi, &len);
				} else if (n == 2) {
					exp = ROOT_VALUE;
					len = ROOT_LEN;
				} else {
					exp = mi_find(&mi, t.s_id, &len);
				}
				ck_assert_ptr_nonnull(exp);
				expect_value(&r, exp, len, what);
				cold_free(cold);
				x_free(&r);
				/* A bad path: the kernel's error for it. */
				if (w == W_FGET || w == W_AT_EMPTY) {
					ask(&k, w, NULL, 9999, VALUE_NAME);
					cold = cold_name(names[n], kind, end,
							 t.s);
					ask(&r, w, NULL, 9999, cold);
				} else {
					ask(&k, w, "/nonexistent", -1,
					    VALUE_NAME);
					cold = cold_name(names[n], kind, end,
							 t.s);
					ask(&r, w, "/nonexistent", -1, cold);
				}
				ck_assert(k.ret < 0);
				expect_errno(&r, k.err, what);
				cold_free(cold);
				x_free(&r);
				x_free(&k);
				free(listing);
				free(what);
				mi_free(&mi);
			}
			free(byid);
		}
	}
	close(fd);
}
END_TEST

/*
 * Many times in a row, alternating: restarts leave nothing behind (a
 * later ordinary call, and a blocking read, behave as before).
 */
START_TEST(test_fault_repeat)
{
	struct ftree t;
	struct xres k, r;
	int i, pfd[2];
	char c = 'x', got = 0;

	make_ftree(&t);
	x_get(&k, t.f, VALUE_NAME);
	ck_assert(k.ret > 0);
	for (i = 0; i < 200; i++) {
		const char *cold = cold_name(i % 2 ? VALUE_NAME : ":mnt:info",
					     i % COLD_KINDS, i % 3 == 0, t.s);

		x_get(&r, t.f, cold);
		if (i % 2)
			expect_value(&r, k.val, k.ret, "repeated, ordinary");
		else
			ck_assert_msg(r.ret > 0, "repeated, ':mnt:info': %s",
				      strerror(r.err));
		x_free(&r);
		cold_free(cold);
	}
	/* No pending notification is left to break a blocking call. */
	ck_assert_int_eq(pipe(pfd), 0);
	ck_assert_int_eq(write(pfd[1], &c, 1), 1);
	ck_assert_int_eq(read(pfd[0], &got, 1), 1);
	ck_assert_int_eq(got, c);
	close(pfd[0]);
	close(pfd[1]);
	expect_path_record(X_GET, t.f);
	x_free(&k);
}
END_TEST

Suite *fault_suite(void)
{
	Suite *s = suite_create("fault");
	TCase *tc = tcase_create("fault");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_fault_ordinary);
	tcase_add_test(tc, test_fault_colon);
	tcase_add_test(tc, test_fault_repeat);
	suite_add_tcase(s, tc);
	return s;
}
