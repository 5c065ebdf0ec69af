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
 *
 * The restart cannot livelock: names on a page that another thread
 * evicts in a loop (MADV_DONTNEED, MADV_PAGEOUT) still get the kernel's
 * answer, and a call is entered twice at most (restarted once: the
 * callback leaves a restarted call to the kernel).  The restart is
 * visible to tracers: a ptrace(2) tracer sees the syscall entered once
 * per restart.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
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
 * A read-only mapping of a fresh one-page file holding @name (NUL
 * included) at @off: tmpfs file @dir/@file, or memfd @file if @dir is
 * NULL; MAP_SHARED or MAP_PRIVATE as @shared says.  Its page is not
 * touched.
 */
static char *name_page(const char *name, off_t off, const char *dir,
		       const char *file, int shared)
{
	long psz = sysconf(_SC_PAGESIZE);
	char *page = calloc(1, psz), *p;
	int fd;

	if (dir) {
		char *path = xasprintf("%s/%s", dir, file);

		fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		free(path);
	} else {
		fd = memfd_create(file, MFD_CLOEXEC);
	}
	ck_assert_msg(fd >= 0, "name file: %s", strerror(errno));
	memcpy(page + off, name, strlen(name) + 1);
	ck_assert_int_eq(write(fd, page, psz), psz);
	free(page);
	p = mmap(NULL, psz, PROT_READ, shared ? MAP_SHARED : MAP_PRIVATE, fd,
		 0);
	ck_assert(p != MAP_FAILED);
	close(fd);
	return p;
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
	off_t off = at_end ? (off_t)(psz - strlen(name) - 1) : 0;
	char *p;

	p = name_page(name, off, kind == COLD_TMPFS_PRIVATE ? dir : NULL,
		      "name", kind == COLD_MEMFD_SHARED);
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
			/*
			 * Read, unless the file fails first: until 6.12
			 * the kernel looks the file up before it reads
			 * the name, and so does fattr, which reads the
			 * name once, where the kernel does.
			 */
			ck_assert_msg(page_present(cold) ||
				      (k.ret < 0 && (k.err == ENOENT ||
						     k.err == EBADF)),
				      "%s: the name was never read", what);
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

/*
 * Evicted names: a page that another thread keeps taking out of this
 * process's page tables.  Each call may find the first byte absent, go
 * through the module's handler and be restarted, and find it absent
 * again; it must still end, with the kernel's answer.
 */
#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT	21	/* Linux 5.4 */
#endif

#define EVICT_MIN	150	/* calls per name, mapping and way, at least */
#define EVICT_MAX	30000	/* ... and at most, until one found it cold */
#define EVICT_STALL	30	/* s without a call returning: a livelock */

enum evict_kind { EV_MEMFD_SHARED, EV_MEMFD_PRIVATE, EV_TMPFS_SHARED,
		  EV_TMPFS_PRIVATE, EV_KINDS };

static const char *const evict_kinds[] = {
	"memfd MAP_SHARED", "memfd MAP_PRIVATE", "tmpfs file MAP_SHARED",
	"tmpfs file MAP_PRIVATE",
};

/* @name at the start of a mapping of a one-page file of its own. */
static char *evict_map(const char *name, enum evict_kind kind,
		       const char *dir)
{
	return name_page(name, 0, kind >= EV_TMPFS_SHARED ? dir : NULL,
			 "evict",
			 kind == EV_MEMFD_SHARED || kind == EV_TMPFS_SHARED);
}

/* page_present() with pagemap kept open: it runs around every call. */
static int present_fd(int pm, const void *p)
{
	long psz = sysconf(_SC_PAGESIZE);
	uint64_t ent = 0;

	ck_assert_int_eq(pread(pm, &ent, sizeof(ent),
			       (uintptr_t)p / psz * sizeof(ent)), sizeof(ent));
	return (int)(ent >> 63);
}

/* Does MADV_PAGEOUT take @page out of the page tables?  1, 0, or -errno. */
static int pageout_evicts(int pm, const char *page)
{
	long psz = sysconf(_SC_PAGESIZE);

	(void)__atomic_load_n(page, __ATOMIC_RELAXED);	/* fault it in */
	if (madvise((void *)page, psz, MADV_PAGEOUT))
		return -errno;
	return !present_fd(pm, page);
}

struct evictor {
	char *page;
	int pageout;		/* MADV_PAGEOUT evicts: alternate it */
	int stop;		/* __atomic */
	unsigned long rounds;
};

static void *evict_loop(void *arg)
{
	struct evictor *e = arg;
	long psz = sysconf(_SC_PAGESIZE);

	while (!__atomic_load_n(&e->stop, __ATOMIC_RELAXED)) {
		madvise(e->page, psz, e->pageout && e->rounds % 2 ?
			MADV_PAGEOUT : MADV_DONTNEED);
		e->rounds++;
	}
	return NULL;
}

/*
 * This thread's entries into syscall @sys, counted by the tracepoint
 * syscalls:sys_enter_@sys through perf: restarts included.  -1 if the
 * kernel or the VM has no such counter.
 */
static int entry_counter(const char *sys)
{
	char *id = xasprintf("events/syscalls/sys_enter_%s/id", sys);
	const char *dir = tracefs_with(id, R_OK);
	struct perf_event_attr a;
	char buf[32] = "";
	char *path;
	int fd;

	if (!dir) {
		free(id);
		return -1;
	}
	path = xasprintf("%s/%s", dir, id);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	free(id);
	if (fd < 0)
		return -1;
	if (read(fd, buf, sizeof(buf) - 1) <= 0)
		buf[0] = 0;
	close(fd);
	if (!buf[0])
		return -1;
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_TRACEPOINT;
	a.size = sizeof(a);
	a.config = strtoull(buf, NULL, 10);
	return syscall(SYS_perf_event_open, &a, 0, -1, -1,
		       PERF_FLAG_FD_CLOEXEC);
}

static long long entry_count(int fd)
{
	uint64_t v;

	if (fd < 0)
		return 0;
	ck_assert_int_eq(read(fd, &v, sizeof(v)), sizeof(v));
	return v;
}

/* Where the test is, for the watchdog's message. */
struct evict_watch {
	int done, name, kind, way;	/* __atomic */
	long calls;			/* __atomic: of this way */
	long total;			/* __atomic: calls returned */
};

static const char *const evict_names[] = {
	VALUE_NAME, "user.fattr_evict", ":mnt:info",
};

static void *evict_watchdog(void *arg)
{
	struct evict_watch *w = arg;
	struct timespec ts = { 0, 100000000 };
	time_t last = time(NULL);
	long seen = 0;

	while (!__atomic_load_n(&w->done, __ATOMIC_RELAXED)) {
		long total = __atomic_load_n(&w->total, __ATOMIC_RELAXED);

		if (total != seen) {
			seen = total;
			last = time(NULL);
		}
		if (time(NULL) - last > EVICT_STALL)
			ck_abort_msg("livelock? evicted names: no call "
				     "returned in %d s, at \"%s\" (%s), %s, "
				     "call %ld", EVICT_STALL,
				     evict_names[__atomic_load_n(&w->name,
							__ATOMIC_RELAXED)],
				     evict_kinds[__atomic_load_n(&w->kind,
							__ATOMIC_RELAXED)],
				     ways[__atomic_load_n(&w->way,
							  __ATOMIC_RELAXED)],
				     __atomic_load_n(&w->calls,
						     __ATOMIC_RELAXED));
		nanosleep(&ts, NULL);
	}
	return NULL;
}

/* What the calls of one name through one way saw. */
struct evict_stats {
	long calls, cold, entries, restarted, max;
};

/* Adds the counts of @from to @to; the largest entry count wins. */
static void evict_add(struct evict_stats *to, const struct evict_stats *from)
{
	to->calls += from->calls;
	to->cold += from->cold;
	to->entries += from->entries;
	to->restarted += from->restarted;
	if (from->max > to->max)
		to->max = from->max;
}

/*
 * Calls @w with @name at @page until EVICT_MIN calls are done and one
 * found the page cold (at most EVICT_MAX): each gets @k, the answer for
 * the name in an ordinary buffer.  @cfd counts the entries (or is -1).
 */
static void evict_calls(struct evict_stats *st, struct evict_watch *wd,
			enum way w, const struct ftree *t, int fd, int pm,
			int cfd, const char *page, const struct xres *k)
{
	memset(st, 0, sizeof(*st));
	while ((st->calls < EVICT_MIN || !st->cold) &&
	       st->calls < EVICT_MAX) {
		int cold = !present_fd(pm, page);
		long long e0 = entry_count(cfd), e;
		struct xres r;

		ask(&r, w, t->f, fd, page);
		e = entry_count(cfd) - e0;
		if (r.ret != k->ret || (r.ret < 0 && r.err != k->err) ||
		    (r.ret > 0 && memcmp(r.val, k->val, r.ret))) {
			char *what = xasprintf("%s, \"%s\" on an evicted page, "
					       "call %ld (%s before it)",
					       ways[w], page, st->calls,
					       cold ? "cold" : "present");

			if (k->ret >= 0)
				expect_value(&r, k->val, k->ret, what);
			else
				expect_errno(&r, k->err, what);
			free(what);
		}
		x_free(&r);
		st->calls++;
		st->cold += cold;
		st->entries += e;
		st->restarted += e > 1;
		if (e > st->max)
			st->max = e;
		/* A call is restarted once at most (module/hook.c). */
		ck_assert_msg(e <= 2, "%s, \"%s\" on an evicted page, call "
			      "%ld: %lld entries, more than one restart",
			      ways[w], page, st->calls, e);
		__atomic_store_n(&wd->calls, st->calls, __ATOMIC_RELAXED);
		__atomic_add_fetch(&wd->total, 1, __ATOMIC_RELAXED);
	}
}

START_TEST(test_fault_evicted)
{
	static const char *const sys[] = {
		"getxattr", "lgetxattr", "fgetxattr", "getxattrat",
	};
	time_t start = time(NULL);
	struct evict_watch wd = { 0 };
	struct evict_stats st, sum, all = { 0 };
	pthread_t dog;
	struct ftree t;
	int fd, pm, cfd[W_AT + 1], w, kind;
	size_t n;

	make_ftree(&t);
	fd = open(t.f, O_RDONLY);
	pm = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	ck_assert(fd >= 0 && pm >= 0);
	for (w = W_GET; w <= W_AT; w++)
		cfd[w] = way_exists(w) ? entry_counter(sys[w]) : -1;
	if (cfd[W_GET] < 0)
		printf("fault: evicted names: no syscall entry counter "
		       "(tracepoint syscalls:sys_enter_*, perf)\n");
	ck_assert_int_eq(pthread_create(&dog, NULL, evict_watchdog, &wd), 0);
	for (n = 0; n < sizeof(evict_names) / sizeof(*evict_names); n++) {
		__atomic_store_n(&wd.name, n, __ATOMIC_RELAXED);
		for (kind = 0; kind < EV_KINDS; kind++) {
			struct evictor e = { 0 };
			pthread_t th;
			int po;

			e.page = evict_map(evict_names[n], kind, t.s);
			po = pageout_evicts(pm, e.page);
			e.pageout = po > 0;
			__atomic_store_n(&wd.kind, kind, __ATOMIC_RELAXED);
			ck_assert_int_eq(pthread_create(&th, NULL, evict_loop,
							&e), 0);
			memset(&sum, 0, sizeof(sum));
			for (w = W_GET; w <= W_AT; w++) {
				char buf[256];	/* XATTR_NAME_MAX + 1 */
				struct xres k;

				if (!way_exists(w))
					continue;
				__atomic_store_n(&wd.way, w, __ATOMIC_RELAXED);
				strcpy(buf, evict_names[n]);
				ask(&k, w, t.f, fd, buf);
				evict_calls(&st, &wd, w, &t, fd, pm, cfd[w],
					    e.page, &k);
				ck_assert_msg(st.cold, "%s, \"%s\" (%s): no "
					      "call in %ld found the page "
					      "evicted", ways[w],
					      evict_names[n],
					      evict_kinds[kind], st.calls);
				x_free(&k);
				evict_add(&sum, &st);
			}
			__atomic_store_n(&e.stop, 1, __ATOMIC_RELAXED);
			ck_assert_int_eq(pthread_join(th, NULL), 0);
			printf("fault: evicted \"%s\", %s (MADV_PAGEOUT: %s, "
			       "%lu evictions): %ld calls, %ld cold before the "
			       "call", evict_names[n], evict_kinds[kind],
			       po > 0 ? "evicts" : po == 0 ? "no effect" :
			       strerror(-po), e.rounds, sum.calls, sum.cold);
			if (cfd[W_GET] >= 0)
				printf(", %ld entries, %ld calls entered more "
				       "than once, one call entered %ld times",
				       sum.entries, sum.restarted, sum.max);
			printf("\n");
			fflush(stdout);
			munmap(e.page, sysconf(_SC_PAGESIZE));
			if (evict_names[n][0] == ':')
				continue;
			evict_add(&all, &sum);
		}
	}
	__atomic_store_n(&wd.done, 1, __ATOMIC_RELAXED);
	ck_assert_int_eq(pthread_join(dog, NULL), 0);
	printf("fault: evicted names: done in %ld s; ordinary names: %ld "
	       "calls, %ld cold before the call", (long)(time(NULL) - start),
	       all.calls, all.cold);
	if (cfd[W_GET] >= 0)
		printf(", %ld entries, %ld calls entered more than once, one "
		       "call entered %ld times", all.entries, all.restarted,
		       all.max);
	printf("\n");
	for (w = W_GET; w <= W_AT; w++)
		if (cfd[w] >= 0)
			close(cfd[w]);
	close(pm);
	close(fd);
}
END_TEST

/*
 * What a ptrace(2) tracer sees: the getxattr entries of one call, with
 * the name resident, evicted just before the call, and evicted again and
 * again by an untraced thread while the tracee sits in its syscall stops
 * (stopped by the tracer after PT_CAP entries, else it could go on).
 */
#define PT_CAP		20

enum pt_case { PT_RESIDENT, PT_EVICTED, PT_EVICTOR, PT_CASES };

static const char *const pt_cases[] = {
	"resident", "evicted before the call",
	"evicted in a loop by another thread",
};

/* The traced child: 0 if its call got the kernel's answer. */
static int pt_tracee(enum pt_case c, const char *path, char *page,
		     struct evictor *e)
{
	char buf[256];	/* XATTR_NAME_MAX + 1 */
	struct xres k, r;
	pthread_t th;

	strcpy(buf, page);
	x_get(&k, path, buf);
	r.val = calloc(1, VALUE_MAX);
	if (!r.val || ptrace(PTRACE_TRACEME, 0, NULL, NULL) || raise(SIGSTOP))
		return 3;
	if (c == PT_RESIDENT)
		(void)__atomic_load_n(page, __ATOMIC_RELAXED);
	else
		madvise(page, sysconf(_SC_PAGESIZE), MADV_DONTNEED);
	if (c == PT_EVICTOR && pthread_create(&th, NULL, evict_loop, e))
		return 3;
	r.ret = getxattr(path, page, r.val, VALUE_MAX);
	r.err = errno;
	if (c == PT_EVICTOR) {
		__atomic_store_n(&e->stop, 1, __ATOMIC_RELAXED);
		pthread_join(th, NULL);
	}
	if (r.ret != k.ret || (r.ret < 0 && r.err != k.err) ||
	    (r.ret > 0 && memcmp(r.val, k.val, r.ret)))
		return 1;
	return 0;
}

/* Traces @pid: its getxattr entries, and their returns in @rets. */
static int pt_trace(pid_t pid, struct evictor *e, char *rets, size_t len)
{
	int st, entries = 0, in = 0, sig = 0;
	size_t used = 0;

	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFSTOPPED(st) && WSTOPSIG(st) == SIGSTOP,
		      "tracee: status %#x", st);
	ck_assert_int_eq(ptrace(PTRACE_SETOPTIONS, pid, NULL,
				PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL), 0);
	rets[0] = 0;
	for (;;) {
		struct __ptrace_syscall_info si;

		ck_assert_int_eq(ptrace(PTRACE_SYSCALL, pid, NULL, sig), 0);
		ck_assert_int_eq(waitpid(pid, &st, 0), pid);
		if (WIFEXITED(st) || WIFSIGNALED(st))
			break;
		sig = 0;
		if (WSTOPSIG(st) != (SIGTRAP | 0x80)) {
			sig = WSTOPSIG(st);	/* deliver it */
			continue;
		}
		ck_assert_int_gt(ptrace(PTRACE_GET_SYSCALL_INFO, pid,
					sizeof(si), &si), 0);
		if (si.op == PTRACE_SYSCALL_INFO_ENTRY) {
			in = si.entry.nr == SYS_getxattr;
			entries += in;
			if (in && entries >= PT_CAP)
				__atomic_store_n(&e->stop, 1,
						 __ATOMIC_RELAXED);
		} else if (si.op == PTRACE_SYSCALL_INFO_EXIT && in &&
			   used + 24 < len) {
			used += snprintf(rets + used, len - used, "%s%lld",
					 used ? " " : "",
					 (long long)si.exit.rval);
		}
	}
	ck_assert_msg(WIFEXITED(st) && !WEXITSTATUS(st), "tracee: status "
		      "%#x (1: not the kernel's answer)", st);
	return entries;
}

START_TEST(test_fault_ptrace_entries)
{
	struct evictor *e;
	struct ftree t;
	int c;

	make_ftree(&t);
	e = mmap(NULL, sizeof(*e), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ck_assert(e != MAP_FAILED);
	for (c = 0; c < PT_CASES; c++) {
		char rets[256];
		int entries;
		pid_t pid;

		memset(e, 0, sizeof(*e));
		e->page = evict_map(VALUE_NAME, EV_MEMFD_SHARED, t.s);
		pid = fork();
		ck_assert_int_ge(pid, 0);
		if (!pid)
			_exit(pt_tracee(c, t.f, e->page, e));
		entries = pt_trace(pid, e, rets, sizeof(rets));
		printf("fault: ptrace: getxattr(\"%s\") with the name %s: %d "
		       "syscall-entry stops; returns %s\n", VALUE_NAME,
		       pt_cases[c], entries, rets);
		fflush(stdout);
		if (c == PT_RESIDENT)
			ck_assert_msg(entries == 1, "a resident ordinary "
				      "name: %d entry stops, not 1", entries);
		/* A call is restarted once at most (module/hook.c). */
		ck_assert_msg(entries <= 2, "%s: %d entry stops, more than "
			      "one restart", pt_cases[c], entries);
		munmap(e->page, sysconf(_SC_PAGESIZE));
	}
	munmap(e, sizeof(*e));
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
	tcase_add_test(tc, test_fault_evicted);
	tcase_add_test(tc, test_fault_ptrace_entries);
	suite_add_tcase(s, tc);
	return s;
}
