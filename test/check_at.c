// SPDX-License-Identifier: GPL-2.0
/*
 * check_at.c: getxattrat(2) (6.13) answers ':' names exactly as getxattr
 * does: by path from AT_FDCWD or a directory descriptor, with and without
 * AT_SYMLINK_NOFOLLOW, on a descriptor with AT_EMPTY_PATH, and with the
 * kernel's errors for bad struct xattr_args sizes, flags and pointers.
 *
 * The oracle: every file the tests name carries trusted.fattr_where, the
 * id (statx) of its own mount.  The same call with that ordinary name
 * tells which file the kernel resolves, or which error it gives: a ':'
 * name must then give that mount's record (procfs), or the same error.
 * On kernels without getxattrat (ENOSYS) every test is skipped, with a
 * printed reason, after checking that ':' names get ENOSYS too.
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

#define WHERE "trusted.fattr_where"

/* The scratch tree: mount S with file f, directory d and symlink link
 * (to a), and mount A on S's a, with file f and directory sub.
 */
struct tree {
	const char *s;		/* S's root */
	char *a, *sf, *af, *link, *asub;
	int s_id, a_id;
};

static void mark(const char *path, int nofollow)
{
	int id = path_mnt_id(path, nofollow ? AT_SYMLINK_NOFOLLOW : 0);
	char val[32];
	int len, r;

	ck_assert_msg(id >= 0, "statx %s: %s", path, strerror(-id));
	len = snprintf(val, sizeof(val), "%d", id);
	r = nofollow ? lsetxattr(path, WHERE, val, len, 0) :
		       setxattr(path, WHERE, val, len, 0);
	ck_assert_msg(!r, "set %s on %s: %s", WHERE, path, strerror(errno));
}

static void make_tree(struct tree *t)
{
	int fd;

	t->s = scratch();
	t->a = xasprintf("%s/a", t->s);
	t->sf = xasprintf("%s/f", t->s);
	t->af = xasprintf("%s/a/f", t->s);
	t->link = xasprintf("%s/link", t->s);
	t->asub = xasprintf("%s/a/sub", t->s);
	xtmpfs("fattr-at", t->a);
	xmkdir(t->asub);
	fd = open(t->sf, O_CREAT | O_WRONLY, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
	fd = open(t->af, O_CREAT | O_WRONLY, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_msg(!symlink("a", t->link), "symlink: %s", strerror(errno));
	mark(t->s, 0);
	mark(t->a, 0);
	mark(t->sf, 0);
	mark(t->af, 0);
	mark(t->asub, 0);
	mark(t->link, 1);
	t->s_id = path_mnt_id(t->s, 0);
	t->a_id = path_mnt_id(t->a, 0);
	ck_assert_int_ne(t->s_id, t->a_id);
}

/* Where struct xattr_args lies, and what it holds. */
enum uargs_at {
	UA_OK,		/* readable, zero-filled after the struct */
	UA_NULL,
	UA_UNMAPPED,	/* a PROT_NONE page */
	UA_STRADDLE,	/* its second half in a PROT_NONE page */
	UA_TAIL_GUARD,	/* the 16 bytes readable, the rest PROT_NONE */
	UA_KERNEL,	/* a kernel address */
};

/* One getxattrat call, but for its name. */
struct at_call {
	int dfd;
	const char *path;
	unsigned int at_flags;
	size_t usize;		/* 0 here means AT_ARGS_SIZE_VER0 */
	unsigned int aflags;	/* args.flags */
	int trail;		/* a non-zero byte just after the struct */
	enum uargs_at ua;
	int usize_set;		/* usize is meant, even if 0 */
	const char *what;
};

/* Three pages, the last PROT_NONE; returns the first. */
static char *args_area(long *psz)
{
	static char *area;
	static long pg;

	if (!area) {
		pg = sysconf(_SC_PAGESIZE);
		area = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ck_assert(area != MAP_FAILED);
		ck_assert_int_eq(mprotect(area + 2 * pg, pg, PROT_NONE), 0);
	}
	*psz = pg;
	return area;
}

static void at_run(struct xres *r, const struct at_call *c, const char *name)
{
	size_t usize = c->usize || c->usize_set ? c->usize : AT_ARGS_SIZE_VER0;
	struct at_args args;
	void *uargs = NULL;
	long pg;
	char *area = args_area(&pg), *guard = area + 2 * pg;

	r->val = calloc(1, VALUE_MAX + 1);
	ck_assert(r->val);
	args = (struct at_args) {
		.value = (uintptr_t)r->val,
		.size = VALUE_MAX,
		.flags = c->aflags,
	};
	memset(area, 0, 2 * pg);
	switch (c->ua) {
	case UA_OK:
		uargs = area;
		break;
	case UA_NULL:
		break;
	case UA_UNMAPPED:
		uargs = guard;
		break;
	case UA_STRADDLE:
		uargs = guard - sizeof(args) / 2;
		break;
	case UA_TAIL_GUARD:
		uargs = guard - sizeof(args);
		break;
	case UA_KERNEL:
		uargs = (void *)-4096L;
		break;
	}
	if (c->ua == UA_OK || c->ua == UA_TAIL_GUARD)
		memcpy(uargs, &args, sizeof(args));
	else if (c->ua == UA_STRADDLE)
		memcpy(uargs, &args, sizeof(args) / 2);
	if (c->trail)
		area[sizeof(args)] = 1;
	r->ret = sys_getxattrat(c->dfd, c->path, c->at_flags, name, uargs,
				usize);
	r->err = r->ret < 0 ? errno : 0;
}

/*
 * The call @c with WHERE, then with every kind of ':' name: each must give
 * what WHERE's answer implies.  Returns the mount id resolved, or -1 if
 * the kernel gave an error.
 */
static int expect_like_kernel(const struct at_call *c, int some_id)
{
	struct xres k, r;
	struct mountinfo mi;
	int id = -1;
	size_t i;
	char *byid = xasprintf(":mntns:%d:info", some_id);
	const char *names[] = { ":mnt:info", ":", ":mnt:", ":mntns:", byid };

	at_run(&k, c, WHERE);
	if (k.ret >= 0)
		id = atoi(k.val);
	else
		ck_assert_msg(k.err != ENODATA, "%s: the file resolved has "
			      "no %s", c->what, WHERE);
	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		char *what = xasprintf("getxattrat, %s, \"%s\"", c->what,
				       names[i]);
		const char *exp;
		size_t len;

		at_run(&r, c, names[i]);
		if (k.ret < 0) {
			expect_errno(&r, k.err, what);
		} else {
			char *listing = NULL;

			ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"),
					 0);
			switch (i) {
			case 0:
				exp = mi_find(&mi, id, &len);
				ck_assert_msg(exp, "%s: mount %d not in "
					      "mountinfo", what, id);
				break;
			case 1:
				exp = ROOT_VALUE;
				len = ROOT_LEN;
				break;
			case 2:
				exp = INFO_VALUE;
				len = INFO_LEN;
				break;
			case 3:
				exp = listing = ids_listing(&mi, &len);
				break;
			default:
				exp = mi_find(&mi, some_id, &len);
				ck_assert_ptr_nonnull(exp);
				break;
			}
			expect_value(&r, exp, len, what);
			free(listing);
			mi_free(&mi);
		}
		x_free(&r);
		free(what);
	}
	x_free(&k);
	free(byid);
	return id;
}

/* By path from AT_FDCWD: the same answers as getxattr. */
START_TEST(test_at_fdcwd)
{
	struct tree t;
	struct xres r, g;
	const char *names[] = { ":mnt:info", ":", ":mnt:", ":mntns:" };
	size_t i;

	if (!have_getxattrat("at_fdcwd"))
		return;
	make_tree(&t);
	{
		struct at_call c[] = {
			{ .dfd = AT_FDCWD, .path = t.s, .what = "S" },
			{ .dfd = AT_FDCWD, .path = t.a, .what = "a" },
			{ .dfd = AT_FDCWD, .path = t.sf, .what = "S/f" },
			{ .dfd = AT_FDCWD, .path = t.af, .what = "a/f" },
			{ .dfd = AT_FDCWD, .path = "/", .what = "/" },
			{ .dfd = AT_FDCWD, .path = "/proc", .what = "/proc" },
			{ .dfd = AT_FDCWD, .path = "/nonexistent",
			  .what = "/nonexistent" },
			{ .dfd = AT_FDCWD, .path = "", .what = "\"\"" },
			{ .dfd = AT_FDCWD, .path = NULL, .what = "NULL path" },
		};

		ck_assert_int_eq(expect_like_kernel(&c[0], t.a_id), t.s_id);
		ck_assert_int_eq(expect_like_kernel(&c[1], t.a_id), t.a_id);
		ck_assert_int_eq(expect_like_kernel(&c[2], t.s_id), t.s_id);
		ck_assert_int_eq(expect_like_kernel(&c[3], t.s_id), t.a_id);
		/* / and /proc carry no WHERE: getxattr is their oracle. */
		for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
			x_at(&r, AT_FDCWD, c[4].path, 0, names[i]);
			x_get(&g, c[4].path, names[i]);
			ck_assert(g.ret > 0);
			expect_value(&r, g.val, g.ret, names[i]);
			x_free(&r);
			x_free(&g);
			x_at(&r, AT_FDCWD, c[5].path, 0, names[i]);
			x_get(&g, c[5].path, names[i]);
			ck_assert(g.ret > 0);
			expect_value(&r, g.val, g.ret, names[i]);
			x_free(&r);
			x_free(&g);
		}
		ck_assert_int_eq(expect_like_kernel(&c[6], t.a_id), -1);
		ck_assert_int_eq(expect_like_kernel(&c[7], t.a_id), -1);
		ck_assert_int_eq(expect_like_kernel(&c[8], t.a_id), -1);
	}
	/* And the record is procfs's for the mount statx reports. */
	x_at(&r, AT_FDCWD, t.a, 0, ":mnt:info");
	x_get(&g, t.a, ":mnt:info");
	expect_value(&r, g.val, g.ret, "getxattrat vs getxattr");
	expect_path_record(X_GET, t.a);
	x_free(&r);
	x_free(&g);
}
END_TEST

/* A directory descriptor and a relative path, as openat(2) resolves. */
START_TEST(test_at_dirfd)
{
	struct tree t;
	int dfd, opath, ffd;

	if (!have_getxattrat("at_dirfd"))
		return;
	make_tree(&t);
	dfd = open(t.s, O_RDONLY | O_DIRECTORY);
	opath = open(t.s, O_PATH | O_DIRECTORY);
	ffd = open(t.sf, O_RDONLY);
	ck_assert(dfd >= 0 && opath >= 0 && ffd >= 0);
	{
		struct at_call c[] = {
			{ .dfd = dfd, .path = "a", .what = "dirfd, a" },
			{ .dfd = dfd, .path = "a/f", .what = "dirfd, a/f" },
			{ .dfd = dfd, .path = "a/sub", .what = "dirfd, a/sub" },
			{ .dfd = dfd, .path = "f", .what = "dirfd, f" },
			{ .dfd = dfd, .path = ".", .what = "dirfd, ." },
			{ .dfd = dfd, .path = "a/..", .what = "dirfd, a/.." },
			{ .dfd = dfd, .path = "link", .what = "dirfd, link" },
			{ .dfd = dfd, .path = t.af, .what = "dirfd, absolute" },
			{ .dfd = opath, .path = "a", .what = "O_PATH dirfd, a" },
			{ .dfd = opath, .path = "f", .what = "O_PATH dirfd, f" },
			{ .dfd = dfd, .path = "nonexistent",
			  .what = "dirfd, nonexistent" },
			{ .dfd = ffd, .path = "x", .what = "file fd, x" },
			{ .dfd = 9999, .path = "a", .what = "closed fd, a" },
			{ .dfd = -5, .path = "a", .what = "fd -5, a" },
			{ .dfd = 9999, .path = t.af,
			  .what = "closed fd, absolute" },
			{ .dfd = dfd, .path = "", .what = "dirfd, \"\"" },
		};
		const int want[] = {
			t.a_id, t.a_id, t.a_id, t.s_id, t.s_id, t.s_id,
			t.a_id, t.a_id, t.a_id, t.s_id, -1, -1, -1, -1,
			t.a_id, -1,
		};
		size_t i;

		for (i = 0; i < sizeof(c) / sizeof(*c); i++)
			ck_assert_msg(expect_like_kernel(&c[i], t.s_id) ==
				      want[i], "%s: the kernel resolved an "
				      "unexpected file", c[i].what);
	}
	close(dfd);
	close(opath);
	close(ffd);
}
END_TEST

/*
 * AT_SYMLINK_NOFOLLOW: the symlink's own mount, as lgetxattr; without
 * it, the target's, as getxattr.
 */
START_TEST(test_at_nofollow)
{
	struct tree t;
	struct xres r, l;
	int dfd;

	if (!have_getxattrat("at_nofollow"))
		return;
	make_tree(&t);
	dfd = open(t.s, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(dfd, 0);
	{
		struct at_call c[] = {
			{ .dfd = AT_FDCWD, .path = t.link,
			  .at_flags = AT_SYMLINK_NOFOLLOW,
			  .what = "link, AT_SYMLINK_NOFOLLOW" },
			{ .dfd = AT_FDCWD, .path = t.link,
			  .what = "link, following" },
			{ .dfd = dfd, .path = "link",
			  .at_flags = AT_SYMLINK_NOFOLLOW,
			  .what = "dirfd, link, AT_SYMLINK_NOFOLLOW" },
			{ .dfd = AT_FDCWD, .path = t.a,
			  .at_flags = AT_SYMLINK_NOFOLLOW,
			  .what = "a, AT_SYMLINK_NOFOLLOW" },
			{ .dfd = AT_FDCWD, .path = t.af,
			  .at_flags = AT_SYMLINK_NOFOLLOW,
			  .what = "a/f, AT_SYMLINK_NOFOLLOW" },
		};

		ck_assert_int_eq(expect_like_kernel(&c[0], t.a_id), t.s_id);
		ck_assert_int_eq(expect_like_kernel(&c[1], t.a_id), t.a_id);
		ck_assert_int_eq(expect_like_kernel(&c[2], t.a_id), t.s_id);
		ck_assert_int_eq(expect_like_kernel(&c[3], t.a_id), t.a_id);
		ck_assert_int_eq(expect_like_kernel(&c[4], t.a_id), t.a_id);
	}
	/* The same bytes as lgetxattr and getxattr give. */
	x_at(&r, AT_FDCWD, t.link, AT_SYMLINK_NOFOLLOW, ":mnt:info");
	x_lget(&l, t.link, ":mnt:info");
	ck_assert(l.ret > 0);
	expect_value(&r, l.val, l.ret, "getxattrat NOFOLLOW vs lgetxattr");
	x_free(&r);
	x_free(&l);
	x_at(&r, AT_FDCWD, t.link, 0, ":mnt:info");
	x_get(&l, t.link, ":mnt:info");
	ck_assert(l.ret > 0);
	expect_value(&r, l.val, l.ret, "getxattrat vs getxattr");
	x_free(&r);
	x_free(&l);
	ck_assert_int_eq(expect_path_record(X_LGET, t.link), t.s_id);
	close(dfd);
}
END_TEST

/* AT_EMPTY_PATH: "" or NULL names the descriptor, as fgetxattr does. */
START_TEST(test_at_empty_path)
{
	struct tree t;
	struct xres r, f;
	int afd, sfd, dirfd_s, opath, lpath;

	if (!have_getxattrat("at_empty_path"))
		return;
	make_tree(&t);
	afd = open(t.af, O_RDONLY);
	sfd = open(t.sf, O_RDONLY);
	dirfd_s = open(t.s, O_RDONLY | O_DIRECTORY);
	opath = open(t.af, O_PATH);
	lpath = open(t.link, O_PATH | O_NOFOLLOW);
	ck_assert(afd >= 0 && sfd >= 0 && dirfd_s >= 0 && opath >= 0 &&
		  lpath >= 0);
	{
		struct at_call c[] = {
			{ .dfd = afd, .path = "", .at_flags = AT_EMPTY_PATH,
			  .what = "a/f fd, \"\", AT_EMPTY_PATH" },
			{ .dfd = afd, .path = NULL, .at_flags = AT_EMPTY_PATH,
			  .what = "a/f fd, NULL, AT_EMPTY_PATH" },
			{ .dfd = sfd, .path = "", .at_flags = AT_EMPTY_PATH,
			  .what = "S/f fd, \"\", AT_EMPTY_PATH" },
			{ .dfd = sfd, .path = NULL, .at_flags = AT_EMPTY_PATH,
			  .what = "S/f fd, NULL, AT_EMPTY_PATH" },
			{ .dfd = afd, .path = "",
			  .at_flags = AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW,
			  .what = "a/f fd, \"\", AT_EMPTY_PATH|NOFOLLOW" },
			{ .dfd = dirfd_s, .path = "a",
			  .at_flags = AT_EMPTY_PATH,
			  .what = "S dirfd, a, AT_EMPTY_PATH" },
			{ .dfd = afd, .path = "", .what = "a/f fd, \"\", 0" },
			{ .dfd = afd, .path = NULL, .what = "a/f fd, NULL, 0" },
			{ .dfd = opath, .path = "", .at_flags = AT_EMPTY_PATH,
			  .what = "O_PATH fd, \"\", AT_EMPTY_PATH" },
			{ .dfd = opath, .path = NULL,
			  .at_flags = AT_EMPTY_PATH,
			  .what = "O_PATH fd, NULL, AT_EMPTY_PATH" },
			{ .dfd = lpath, .path = "", .at_flags = AT_EMPTY_PATH,
			  .what = "O_PATH symlink fd, \"\", AT_EMPTY_PATH" },
			{ .dfd = lpath, .path = "",
			  .at_flags = AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW,
			  .what = "O_PATH symlink fd, \"\", EMPTY|NOFOLLOW" },
			{ .dfd = 9999, .path = "", .at_flags = AT_EMPTY_PATH,
			  .what = "closed fd, \"\", AT_EMPTY_PATH" },
			{ .dfd = 9999, .path = NULL,
			  .at_flags = AT_EMPTY_PATH,
			  .what = "closed fd, NULL, AT_EMPTY_PATH" },
			{ .dfd = -5, .path = NULL, .at_flags = AT_EMPTY_PATH,
			  .what = "fd -5, NULL, AT_EMPTY_PATH" },
			{ .dfd = AT_FDCWD, .path = "",
			  .at_flags = AT_EMPTY_PATH,
			  .what = "AT_FDCWD, \"\", AT_EMPTY_PATH" },
			{ .dfd = AT_FDCWD, .path = NULL,
			  .at_flags = AT_EMPTY_PATH,
			  .what = "AT_FDCWD, NULL, AT_EMPTY_PATH" },
		};
		size_t i;

		ck_assert_int_eq(expect_like_kernel(&c[0], t.s_id), t.a_id);
		ck_assert_int_eq(expect_like_kernel(&c[2], t.s_id), t.s_id);
		/* The cwd, for AT_FDCWD: a's sub. */
		ck_assert_int_eq(chdir(t.asub), 0);
		for (i = 0; i < sizeof(c) / sizeof(*c); i++)
			expect_like_kernel(&c[i], t.a_id);
		ck_assert_int_eq(chdir("/"), 0);
	}
	/* The same bytes as fgetxattr gives. */
	x_at(&r, afd, "", AT_EMPTY_PATH, ":mnt:info");
	x_fget(&f, afd, ":mnt:info");
	ck_assert(f.ret > 0);
	expect_value(&r, f.val, f.ret, "getxattrat(fd, \"\") vs fgetxattr");
	x_free(&r);
	x_free(&f);
	ck_assert_int_eq(fd_mnt_id(afd), t.a_id);
	close(afd);
	close(sfd);
	close(dirfd_s);
	close(opath);
	close(lpath);
}
END_TEST

/*
 * Bad struct xattr_args sizes, flags and pointers, bad at_flags: each
 * gives the kernel's error for the same call with an ordinary name, also
 * combined with a bad path, and never a record.
 */
START_TEST(test_at_bad_args)
{
	struct tree t;
	long pg = sysconf(_SC_PAGESIZE);
	size_t i, j;

	if (!have_getxattrat("at_bad_args"))
		return;
	make_tree(&t);
	{
		struct at_call bad[] = {
			{ .usize = 0, .usize_set = 1, .what = "usize 0" },
			{ .usize = 1, .what = "usize 1" },
			{ .usize = 8, .what = "usize 8" },
			{ .usize = 15, .what = "usize 15" },
			{ .usize = 17, .what = "usize 17" },
			{ .usize = 24, .what = "usize 24, zero tail" },
			{ .usize = 24, .trail = 1,
			  .what = "usize 24, non-zero tail" },
			{ .usize = pg, .what = "usize PAGE_SIZE, zero tail" },
			{ .usize = pg, .trail = 1,
			  .what = "usize PAGE_SIZE, non-zero tail" },
			{ .usize = pg + 1, .what = "usize PAGE_SIZE + 1" },
			{ .usize = (size_t)1 << 32, .what = "usize 2^32" },
			{ .usize = (size_t)-1, .what = "usize -1" },
			{ .aflags = 1, .what = "args.flags 1" },
			{ .aflags = XATTR_CREATE, .what = "args.flags CREATE" },
			{ .aflags = 0x80000000u,
			  .what = "args.flags 0x80000000" },
			{ .at_flags = AT_SYMLINK_FOLLOW,
			  .what = "AT_SYMLINK_FOLLOW" },
			{ .at_flags = AT_REMOVEDIR, .what = "AT_REMOVEDIR" },
			{ .at_flags = AT_NO_AUTOMOUNT,
			  .what = "AT_NO_AUTOMOUNT" },
			{ .at_flags = 1, .what = "at_flags 1" },
			{ .at_flags = ~0u, .what = "at_flags ~0" },
			{ .at_flags = AT_SYMLINK_NOFOLLOW | 0x10000,
			  .what = "NOFOLLOW | 0x10000" },
			{ .ua = UA_NULL, .what = "uargs NULL" },
			{ .ua = UA_UNMAPPED, .what = "uargs unmapped" },
			{ .ua = UA_STRADDLE, .what = "uargs straddling" },
			{ .ua = UA_KERNEL, .what = "uargs kernel address" },
			{ .ua = UA_TAIL_GUARD, .usize = 24,
			  .what = "usize 24, tail unmapped" },
			{ .ua = UA_TAIL_GUARD, .what = "usize 16, flush" },
			{ .ua = UA_NULL, .usize = 8, .what = "NULL, usize 8" },
			{ .ua = UA_NULL, .aflags = 1, .usize = pg + 1,
			  .what = "NULL, usize PAGE_SIZE + 1" },
			{ .ua = UA_UNMAPPED, .at_flags = 0x10000,
			  .what = "unmapped, at_flags 0x10000" },
			{ .aflags = 1, .at_flags = 0x10000,
			  .what = "args.flags 1, at_flags 0x10000" },
		};
		struct { int dfd; const char *path; const char *what; } at[] = {
			{ AT_FDCWD, t.a, "a" },
			{ AT_FDCWD, t.link, "link" },
			{ AT_FDCWD, "/nonexistent", "/nonexistent" },
			{ 9999, "a", "closed fd" },
			{ AT_FDCWD, NULL, "NULL path" },
		};

		for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
			for (j = 0; j < sizeof(at) / sizeof(*at); j++) {
				struct at_call c = bad[i];

				c.dfd = at[j].dfd;
				c.path = at[j].path;
				c.what = xasprintf("%s, %s", bad[i].what,
						   at[j].what);
				expect_like_kernel(&c, t.a_id);
				free((char *)c.what);
			}
		}
	}
}
END_TEST

/*
 * Name errors come in the kernel's order: a 256-byte, an empty or an
 * unreadable name against bad sizes and paths; unknown ':' names are
 * ENODATA like any absent name.
 */
START_TEST(test_at_bad_names)
{
	struct tree t;
	char colon[300], plain[300];
	size_t i, j;

	if (!have_getxattrat("at_bad_names"))
		return;
	make_tree(&t);
	memset(colon, 'a', sizeof(colon));
	memset(plain, 'a', sizeof(plain));
	colon[0] = ':';
	memcpy(plain, "trusted.", 8);
	colon[256] = plain[256] = '\0';
	{
		struct { const char *colon, *plain, *what; } names[] = {
			{ colon, plain, "256-byte name" },
			{ ":zzz", "trusted.fattr_absent", "absent name" },
			{ ":zzz", "user.fattr_absent", "absent user. name" },
			{ ":mntns:999999999:info", "trusted.fattr_absent",
			  "absent id" },
		};
		struct at_call at[] = {
			{ .dfd = AT_FDCWD, .path = t.a, .what = "a" },
			{ .dfd = AT_FDCWD, .path = "/nonexistent",
			  .what = "/nonexistent" },
			{ .dfd = 9999, .path = "a", .what = "closed fd" },
			{ .dfd = 9999, .path = NULL, .at_flags = AT_EMPTY_PATH,
			  .what = "closed fd, AT_EMPTY_PATH" },
			{ .dfd = AT_FDCWD, .path = t.a, .usize = 8,
			  .what = "usize 8" },
			{ .dfd = AT_FDCWD, .path = t.a, .at_flags = 0x10000,
			  .what = "at_flags 0x10000" },
			{ .dfd = AT_FDCWD, .path = "/nonexistent",
			  .ua = UA_NULL, .what = "/nonexistent, NULL uargs" },
		};

		for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
			for (j = 0; j < sizeof(at) / sizeof(*at); j++) {
				struct xres k, r;
				char *what = xasprintf("%s, %s",
						       names[i].what,
						       at[j].what);

				at_run(&k, &at[j], names[i].plain);
				ck_assert_msg(k.ret < 0, "%s: kernel answered",
					      what);
				at_run(&r, &at[j], names[i].colon);
				expect_errno(&r, k.err, what);
				x_free(&k);
				x_free(&r);
				free(what);
			}
		}
	}
}
END_TEST

/* Size 0 gives the length; a short args.size ERANGE, buffer untouched. */
START_TEST(test_at_sizes)
{
	struct tree t;
	struct mountinfo mi;
	const char *line;
	struct at_args args;
	char *buf = malloc(VALUE_MAX), *ref = malloc(VALUE_MAX);
	size_t len;
	long r;
	int i;

	if (!have_getxattrat("at_sizes"))
		return;
	make_tree(&t);
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	line = mi_find(&mi, t.a_id, &len);
	ck_assert_ptr_nonnull(line);

	args = (struct at_args) { .value = 0, .size = 0 };
	r = sys_getxattrat(AT_FDCWD, t.af, 0, ":mnt:info", &args,
			   sizeof(args));
	ck_assert_msg(r == (long)len, "size 0, NULL: %ld (%s), expected %zu",
		      r, strerror(errno), len);
	args = (struct at_args) { .value = 8, .size = 0 };
	r = sys_getxattrat(AT_FDCWD, t.af, 0, ":mnt:info", &args,
			   sizeof(args));
	ck_assert_msg(r == (long)len, "size 0, bad pointer: %ld (%s)", r,
		      strerror(errno));
	r = getxattr(t.af, ":mnt:info", NULL, 0);
	ck_assert_int_eq(r, len);

	memset(ref, 0xa5, VALUE_MAX);
	for (i = 0; i < 3; i++) {
		size_t sizes[] = { len - 1, 1, len / 2 };

		memset(buf, 0xa5, VALUE_MAX);
		args = (struct at_args) {
			.value = (uintptr_t)buf, .size = sizes[i],
		};
		r = sys_getxattrat(AT_FDCWD, t.af, 0, ":mnt:info", &args,
				   sizeof(args));
		ck_assert_msg(r == -1 && errno == ERANGE,
			      "size %zu of %zu: %ld (%s)", sizes[i], len, r,
			      strerror(errno));
		ck_assert_msg(!memcmp(buf, ref, VALUE_MAX),
			      "ERANGE but buffer written");
	}
	/* Exact: the record, and nothing written past it. */
	memset(buf, 0xa5, VALUE_MAX);
	args = (struct at_args) { .value = (uintptr_t)buf, .size = len };
	r = sys_getxattrat(AT_FDCWD, t.af, 0, ":mnt:info", &args,
			   sizeof(args));
	ck_assert_msg(r == (long)len, "exact size: %ld (%s)", r,
		      strerror(errno));
	ck_assert(!memcmp(buf, line, len));
	ck_assert((unsigned char)buf[len] == 0xa5);
	/* A bad value pointer with room: EFAULT, as getxattr. */
	args = (struct at_args) { .value = 0, .size = len };
	r = sys_getxattrat(AT_FDCWD, t.af, 0, ":mnt:info", &args,
			   sizeof(args));
	ck_assert_msg(r == -1 && errno == EFAULT, "NULL value: %ld (%s)", r,
		      strerror(errno));
	/* And the ordinary name agrees on size 0 and short sizes. */
	args = (struct at_args) { .value = 0, .size = 0 };
	r = sys_getxattrat(AT_FDCWD, t.af, 0, WHERE, &args, sizeof(args));
	ck_assert_int_eq(r, getxattr(t.af, WHERE, NULL, 0));
	args = (struct at_args) { .value = (uintptr_t)buf, .size = 1 };
	ck_assert_int_eq(sys_getxattrat(AT_FDCWD, t.af, 0, WHERE, &args,
					sizeof(args)), -1);
	ck_assert_int_eq(errno, ERANGE);
	mi_free(&mi);
	free(buf);
	free(ref);
}
END_TEST

Suite *at_suite(void)
{
	Suite *s = suite_create("at");
	TCase *tc = tcase_create("at");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_at_fdcwd);
	tcase_add_test(tc, test_at_dirfd);
	tcase_add_test(tc, test_at_nofollow);
	tcase_add_test(tc, test_at_empty_path);
	tcase_add_test(tc, test_at_bad_args);
	tcase_add_test(tc, test_at_bad_names);
	tcase_add_test(tc, test_at_sizes);
	suite_add_tcase(s, tc);
	return s;
}
