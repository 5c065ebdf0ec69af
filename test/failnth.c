// SPDX-License-Identifier: GPL-2.0
/*
 * failnth.c: fattr under systematic fault injection, the way syzkaller
 * does it.  Built static as fattr-failnth, run by test/vm-faults.sh on
 * the debug kernel (CONFIG_FAULT_INJECTION, FAILSLAB, FAIL_PAGE_ALLOC,
 * FAULT_INJECTION_USERCOPY, FAULT_INJECTION_DEBUG_FS), as root with
 * fattr loaded.
 *
 *   fattr-failnth
 *	as root, on "/" and a tmpfs it mounts on DIR_TMPFS, whose source
 *	of 4,095 bytes makes its record longer than a page: fattr renders
 *	it into a page, gets -EOVERFLOW and renders it again into a buffer
 *	of XATTR_SIZE_MAX + 1 (kvmalloc(), which falls back to vmalloc()),
 *	so its calls take that path too;
 *   fattr-failnth user UID
 *	the same as UID in a user and mount namespace of its own (the
 *	tmpfs mounted there); the debugfs settings are made as root first;
 *   fattr-failnth memcg
 *	as root, the columns only (below), in a memory cgroup of 2 MiB: it
 *	mounts cgroup2 on DIR_CGROUP unless /sys/fs/cgroup is one, makes
 *	a child with memory.max 2 MiB, moves itself in for the calls (their
 *	references included), then back, and removes it; fattr's buffers
 *	are GFP_KERNEL_ACCOUNT, so its allocations are charged there.
 *
 * The calls: for each of the two paths, every name of the tree reachable
 * from ":mnt:" (its folder values are read, so the keys are the kernel's
 * and not a list of ours: ":mnt:", each key, ":mnt:statfs:" and each of
 * its keys), ":", ":mntns:", by path (getxattr) and by descriptor
 * (fgetxattr on an open fd), then ":mntns:ID:info", ":mntns:ID:" and
 * ":mntns:ID:statfs:bsize" with ID the path's ":mnt:id", once as they
 * come (the id map cached) and once with a mount and umount before each
 * call (the map rebuilt); each with size 0 and with a 64 KiB buffer.
 * Then, on "/", ":mnt:info" by path and by descriptor, ":mntns:" and
 * ":mntns:ID:info", each call made by a new process (see fresh_child()),
 * as it is and confined by Landlock, which refuses it its
 * /proc/self/mountinfo: that one must get EACCES without faults, and an
 * errno with any fault, never a value.
 *
 * Then the columns, in the namespace as it is (a few mounts in the VM,
 * the tmpfs among them): ":mntns:", ":mntns:all:" and every column it
 * lists (read at run time, not a list of ours), by path on "/", each with
 * size 0, with a buffer of the value's length (a value under 64 KiB:
 * fattr keeps it whole and copies it once at the end, its output buffer
 * doubling as it grows) and with a 64 KiB buffer (written to as it is
 * made, hold by hold); the tmpfs's record, longer than a page, makes
 * every column of a record key grow its render buffer.
 *
 * Then, unless FAILNTH_MOUNTS=0, in a mount namespace of its own (made
 * private, left after them, which drops its mounts), FAILNTH_MOUNTS
 * (default 5,000) bind mounts of a small tmpfs, and at that size:
 * ":mntns:" (judged with the memo over some 40 holds, into an output of
 * 40 KiB), the columns FAILNTH_COLUMNS names (default "id,info": a
 * number column, judged, into an output of 64 KiB, and a record column,
 * every mount rendered, its value past 64 KiB, so written to the caller
 * between holds, each copy a fault site; "all": every column; else a
 * comma-separated list of keys), each with size 0 and a buffer of the
 * value's length (malloc()ed past 64 KiB), and ":mntns:ID:info" with
 * the id map rebuilt (a map of some 90 KB).  Those buffers are
 * kvmalloc()ed: past a page, a failed kmalloc() falls back to vmalloc(),
 * whose own sites follow.  These are the slow calls (every mount walked
 * on each, a record column rendering each one).
 *
 * For each call: one call without faults gives the reference; then for
 * n = 1, 2, ...: write n to /proc/thread-self/fail-nth (the n-th fault
 * site the task reaches fails: a slab or page allocation, a user copy),
 * make the call, read fail-nth back and write 0 to it.  It reads 0 if
 * the fault was injected; otherwise the call has fewer than n sites,
 * each of which has failed once: the loop ends.  A faulted call must
 * fail (any errno, counted) or return exactly the reference; after each,
 * the next call, without a fault, must give the reference again (no
 * fault may leave a mark on a later answer), as must the last call of
 * the loop, which reached no n-th site; anything else, or n reaching
 * CAP, is a failure.  Prints one line per call, a tally per set of calls
 * (with its time), and a summary line; exits non-zero on any failure.
 *
 * To look at the sites of a call: FAILNTH_ONLY=S runs only the calls
 * whose name (as printed, without its spaces) contains S, e.g.
 * "getxattr(/,:mnt:info,0)"; FAILNTH_VERBOSE=1 (or 2) has the kernel log
 * each injected fault (with a stack trace), and paces the loop so that
 * the log's rate limit (10 in 5 s) lets each through.  Faults of
 * allocations made with __GFP_NOWARN are never logged.  The calls at
 * FAILNTH_MOUNTS mounts are named "... at 5000 mounts"; with
 * FAILNTH_ONLY, FAILNTH_MOUNTS=0 spares their mounts when they are not
 * wanted.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <linux/landlock.h>
#include <linux/magic.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "fdio.h"

#define VALUE_MAX 65536
#define NAME_LEN 256
#define MAX_CALLS 1024
#define MAX_ERRNO 256
/*
 * No call of fattr reaches this many fault sites; a loop that does fails.
 * A record column at MOUNTS_MAX mounts writes its value in some 630
 * holds, each copy a site.
 */
#define CAP 2000
#define DIR_TMPFS "/tmp/fattr-failnth"
/* Its source's length: mount(2) takes up to PATH_MAX - 1. */
#define SOURCE_LEN 4095
/* Mounted and unmounted before each call that wants the id map rebuilt. */
#define DIR_BUMP "/tmp/fattr-failnth/bump"
/* FAILNTH_MOUNTS bind mounts of a tmpfs there, on its 0, 1, ... */
#define DIR_MANY "/tmp/fattr-failnth/many"
#define MOUNTS_DEFAULT 5000
#define MOUNTS_MAX 20000
/* The columns at that size: a number column and a record column. */
#define COLUMNS_DEFAULT "id,info"
/* cgroup2, if /sys/fs/cgroup is not, and the memcg pass's child. */
#define DIR_CGROUP "/tmp/fattr-failnth/cgroup"
#define CGROUP_CHILD "fattr-failnth"
#define MEMCG_MAX "2097152"
/* The exit status of a pass this kernel cannot run (automake's). */
#define SKIPPED 77
#define NTH "/proc/thread-self/fail-nth"
#define DEBUGFS "/sys/kernel/debug"
/* Landlock's syscalls, in case libc's headers predate them. */
#define NR_CREATE_RULESET 444
#define NR_RESTRICT_SELF 446

enum how { BY_PATH, BY_FD };

struct call {
	enum how how;
	const char *label;	/* "/" or "tmpfs", for the output */
	const char *path;
	int fd;
	char name[NAME_LEN];
	size_t size;
	int bump;		/* mount + umount before each call */
	int fresh;		/* made by a new process */
	int confined;		/* and that one confined by Landlock */
	int many;		/* at FAILNTH_MOUNTS mounts */
};

/* What one call of a loop gave. */
struct outcome {
	ssize_t r;		/* the call's result */
	int err;		/* its errno, if r < 0 */
	int injected;		/* whether the armed fault was injected */
};

static struct call calls[MAX_CALLS];
static int ncalls;
static int fds[2], nfds;
static int pace;
static int nth_fd = -1;
static int ruleset_fd = -1;
static int many_mounts;		/* FAILNTH_MOUNTS */
static struct outcome refo;	/* the call's answer without faults */
static long calls_run, total_sites, failures;
static long total_errs[MAX_ERRNO];

/*
 * The buffers, static and touched (then locked) before the first fault
 * is armed: a page fault of our own between arming and the call would
 * reach the page allocator and take the fault (or, failed in user mode,
 * call the OOM killer instead of returning an errno).  A call whose
 * buffer is larger gets two of its size, touched and locked likewise
 * (call_buffers()).
 */
static char ref_buf[VALUE_MAX], val_buf[VALUE_MAX], folder[VALUE_MAX];
static char *ref = ref_buf, *val = val_buf;

static const struct {
	int err;
	const char *name;
} errnames[] = {
	{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EINTR, "EINTR" },
	{ EIO, "EIO" }, { E2BIG, "E2BIG" }, { EBADF, "EBADF" },
	{ EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
	{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { EINVAL, "EINVAL" },
	{ ENOSPC, "ENOSPC" }, { ERANGE, "ERANGE" }, { ENOSYS, "ENOSYS" },
	{ ENODATA, "ENODATA" }, { EOVERFLOW, "EOVERFLOW" },
	{ EOPNOTSUPP, "EOPNOTSUPP" }, { ESRCH, "ESRCH" },
};

static const char *errname(int err)
{
	static char buf[16];
	size_t i;

	for (i = 0; i < sizeof(errnames) / sizeof(errnames[0]); i++)
		if (errnames[i].err == err)
			return errnames[i].name;
	snprintf(buf, sizeof(buf), "E%d", err);
	return buf;
}

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("failnth: FAIL: ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	exit(2);
}

/* Writes @s to @file; -1 with errno if it cannot. */
static int write_str(const char *file, const char *s)
{
	ssize_t n;
	int fd;

	fd = open(file, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

/*
 * One debugfs setting of fault injection: @dir/@file = @s.  A missing
 * @dir is fatal if @required, else reported.
 */
static void setting(const char *dir, const char *file, const char *s,
		    int required)
{
	char path[128];

	snprintf(path, sizeof(path), DEBUGFS "/%s", dir);
	if (access(path, F_OK)) {
		if (required)
			die("no %s: a kernel without CONFIG_FAULT_INJECTION_DEBUG_FS or its %s",
			    path, dir);
		printf("failnth: no %s: those faults are not injected\n", path);
		return;
	}
	snprintf(path, sizeof(path), DEBUGFS "/%s/%s", dir, file);
	if (write_str(path, s))
		die("writing %s to %s: %s", s, path, strerror(errno));
}

/*
 * The debugfs side (fault-injection.rst).  fail-nth itself needs no
 * debugfs setting: it takes precedence over probability, interval,
 * times and space, and is tested before task-filter (should_fail_ex()
 * in lib/fault-inject.c), so make-it-fail and task-filter play no part:
 * it fails only the writing task's own n-th site.  But the per-type
 * filters apply before it, and by default leave most of fattr's
 * allocations out:
 *   - ignore-gfp-wait (failslab, fail_page_alloc): Y skips every
 *     allocation that may sleep (__GFP_DIRECT_RECLAIM), so GFP_KERNEL
 *     ones: N;
 *   - fail_page_alloc/min-order: 1 skips order-0 pages (vmalloc()'s,
 *     kvmalloc()'s fallback): 0;
 *   - fail_page_alloc/ignore-gfp-highmem stays Y: it skips user pages
 *     (__GFP_HIGHMEM), whose failure in a page fault of ours would not
 *     be an errno of the call;
 *   - verbose: 0, no line per injected fault (1: a line each, rate
 *     limited; 2: with a stack trace); @verbose sets it;
 *   - probability 0 (the default), so that only fail-nth injects.
 * fail_usercopy (copy_{to,from}_user, strncpy_from_user) has no filter.
 * They stay set for the rest of the boot: harmless, as only a task that
 * writes its fail-nth has faults.
 */
static void setup_debugfs(const char *verbose)
{
	struct stat st;

	if (stat(DEBUGFS "/failslab", &st) &&
	    mount("none", DEBUGFS, "debugfs", 0, NULL) && errno != EBUSY)
		die("mounting debugfs on " DEBUGFS ": %s", strerror(errno));
	setting("failslab", "ignore-gfp-wait", "N", 1);
	setting("failslab", "probability", "0", 1);
	setting("failslab", "verbose", verbose, 1);
	setting("fail_page_alloc", "ignore-gfp-wait", "N", 1);
	setting("fail_page_alloc", "min-order", "0", 1);
	setting("fail_page_alloc", "probability", "0", 1);
	setting("fail_page_alloc", "verbose", verbose, 1);
	setting("fail_usercopy", "probability", "0", 0);
	setting("fail_usercopy", "verbose", verbose, 0);
}

/* Arms the fault: the @n-th site this task reaches fails. */
static void nth_arm(unsigned int n)
{
	char s[16];
	int len;

	len = snprintf(s, sizeof(s), "%u", n);
	if (pwrite(nth_fd, s, len, 0) != len)
		die("writing %u to " NTH ": %s", n, strerror(errno));
}

/*
 * Reads fail-nth back and disarms it (writes 0) before anything else;
 * returns 1 if the fault was injected since nth_arm(), 0 if not.
 *
 * With FAULT_INJECTION_USERCOPY these very accesses are sites too.
 * If the call left fail-nth at k > 0, the read's copy_to_user() takes
 * one more: at k = 1 it is the one failed, the read gets EFAULT (the
 * value it would have shown was 1: not injected), and the write of 0
 * may likewise get EFAULT; fail-nth is 0 after either way, which the
 * last read checks (at 0 nothing is failed).
 */
static int nth_disarm(void)
{
	char s[16];
	ssize_t r;
	int err;

	r = pread(nth_fd, s, sizeof(s) - 1, 0);
	err = errno;
	if (pwrite(nth_fd, "0", 1, 0) != 1 && errno != EFAULT)
		die("writing 0 to " NTH ": %s", strerror(errno));
	if (r < 0 && err != EFAULT)
		die("reading " NTH ": %s", strerror(err));
	if (!r)
		die("reading " NTH ": nothing");
	if (pread(nth_fd, s + 8, 7, 0) != 2 || memcmp(s + 8, "0\n", 2))
		die(NTH " not 0 after writing 0");
	if (r < 0)
		return 0;
	s[r] = 0;
	return strtoul(s, NULL, 10) == 0;
}

/* Changes the namespace, so that fattr rebuilds its id map. */
static void bump(void)
{
	if (mount("fattr-failnth-bump", DIR_BUMP, "tmpfs", 0, NULL) ||
	    umount(DIR_BUMP))
		die("mount/umount on " DIR_BUMP ": %s", strerror(errno));
}

static ssize_t do_call(const struct call *c, char *buf)
{
	void *v = c->size ? buf : NULL;

	if (c->how == BY_FD)
		return fgetxattr(c->fd, c->name, v, c->size);
	return getxattr(c->path, c->name, v, c->size);
}

static void call_name(const struct call *c, char *s, size_t len)
{
	char at[32] = "";

	if (c->many)
		snprintf(at, sizeof(at), " at %d mounts", many_mounts);
	snprintf(s, len, "%s(%s, %s, %zu)%s%s%s%s",
		 c->how == BY_FD ? "fgetxattr" : "getxattr", c->label,
		 c->name, c->size, c->bump ? " map rebuilt" : "",
		 c->fresh ? " new process" : "",
		 c->confined ? " under Landlock" : "", at);
}

/*
 * Whether @o (its value in val) is the reference: the same errno, or the
 * same value.
 */
static int is_ref(const struct call *c, const struct outcome *o)
{
	if (refo.r < 0)
		return o->r < 0 && o->err == refo.err;
	return o->r == refo.r && (!c->size || !memcmp(val, ref, o->r));
}

/* The call, in this process, into @buf; with the @n-th fault if @n > 0. */
static void iterate_here(const struct call *c, unsigned int n, char *buf,
			 struct outcome *o)
{
	if (c->bump)
		bump();
	if (n)
		nth_arm(n);
	o->r = do_call(c, buf);
	o->err = errno;
	o->injected = n ? nth_disarm() : 0;
}

/*
 * The call in a new process, which procfs has never seen: fattr's
 * lookup of /proc/self/mountinfo then allocates the mountinfo dentry and
 * inode under the process's /proc/PID (that one looked up by the
 * child's own open of fail-nth), sites that a process which has read
 * its mountinfo before does not reach.  With @c->confined, under a
 * Landlock domain that handles reading files and allows it nowhere.
 * Sends its outcome, then the value (read into @buf), to @out.
 */
static void fresh_child(const struct call *c, unsigned int n, char *buf,
			int out)
{
	struct outcome o;

	/*
	 * Memory locks are not inherited: fault every page in again, page
	 * tables included, so that no page fault of ours (the text is
	 * mapped lazily after fork()) meets the armed fault.
	 */
	if (mlockall(MCL_CURRENT))
		die("child: mlockall: %s", strerror(errno));
	/* Our own: thread-self is resolved at open. */
	nth_fd = open(NTH, O_RDWR | O_CLOEXEC);
	if (nth_fd < 0)
		die("child: open " NTH ": %s", strerror(errno));
	if (c->confined &&
	    (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	     syscall(NR_RESTRICT_SELF, ruleset_fd, 0)))
		die("child: landlock_restrict_self: %s", strerror(errno));
	if (n)
		nth_arm(n);
	o.r = do_call(c, buf);
	o.err = errno;
	o.injected = n ? nth_disarm() : 0;
	if (write_all(out, &o, sizeof(o)) ||
	    (o.r > 0 && c->size && write_all(out, buf, o.r)))
		die("child: writing to the parent: %s", strerror(errno));
	_exit(0);
}

static void iterate_fresh(const struct call *c, unsigned int n, char *buf,
			  struct outcome *o)
{
	int p[2], status, bad;
	pid_t pid;

	if (pipe(p))
		die("pipe: %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		close(p[0]);
		fresh_child(c, n, buf, p[1]);
	}
	close(p[1]);
	bad = read_full(p[0], o, sizeof(*o)) ||
	      (o->r > 0 && c->size && read_full(p[0], buf, o->r));
	close(p[0]);
	if (waitpid(pid, &status, 0) != pid)
		die("waitpid: %s", strerror(errno));
	if (bad || !WIFEXITED(status) || WEXITSTATUS(status))
		die("the new process of call %d, fault site %u: status %#x",
		    (int)(c - calls), n, status);
}

/* The call into @buf (ref or val); with the @n-th fault if @n > 0. */
static void iterate(const struct call *c, unsigned int n, char *buf,
		    struct outcome *o)
{
	if (c->fresh)
		iterate_fresh(c, n, buf, o);
	else
		iterate_here(c, n, buf, o);
}

/* @v of @len bytes, printable, cut at 120. */
static const char *esc(const char *v, ssize_t len, char *out)
{
	ssize_t i;
	char *o = out;

	for (i = 0; i < len && i < 120; i++) {
		if (v[i] >= 0x20 && v[i] < 0x7f && v[i] != '\\')
			*o++ = v[i];
		else
			o += sprintf(o, "\\%03o", (unsigned char)v[i]);
	}
	if (len > 120)
		o += sprintf(o, "...");
	*o = 0;
	return out;
}

/* "ENOMEM:3, EFAULT:1" of the counts @errs, in @out of @len bytes. */
static const char *errs_list(const long *errs, char *out, size_t len)
{
	size_t off = 0;
	int i;

	out[0] = 0;
	for (i = 0; i < MAX_ERRNO && off + 32 < len; i++)
		if (errs[i])
			off += snprintf(out + off, len - off, "%s%s:%ld",
					off ? ", " : "", errname(i), errs[i]);
	return out;
}

/* Whether FAILNTH_ONLY (@only) selects the call named @name. */
static int selected(const char *name, const char *only)
{
	char s[NAME_LEN + 128], *o = s;

	if (!only)
		return 1;
	for (; *name; name++)
		if (*name != ' ')
			*o++ = *name;
	*o = 0;
	return !!strstr(s, only);
}

/*
 * Whether key @name may have no value for a mount (ENODATA): a tmpfs has
 * no fs_subtype nor bdev, a file system may have no uuid, a mount that
 * is not idmapped no id maps (fattr(7)).  A column (":mntns:all:KEY")
 * always has a value: such a mount's entry says "!ENODATA".
 */
static int may_lack(const char *name)
{
	static const char *const keys[] = { ":fs_subtype", ":bdev", ":uuid",
					    ":mnt_uidmap", ":mnt_gidmap" };
	size_t i, n = strlen(name);

	if (!strncmp(name, ":mntns:all:", 11))
		return 0;
	for (i = 0; i < sizeof(keys) / sizeof(*keys); i++)
		if (n >= strlen(keys[i]) &&
		    !strcmp(name + n - strlen(keys[i]), keys[i]))
			return 1;
	return 0;
}

/* What @o said (its value in @buf), in @out of 640 bytes. */
static const char *said(const struct call *c, const struct outcome *o,
			const char *buf, char *out)
{
	char v[600];

	if (o->r < 0)
		snprintf(out, 640, "%s", errname(o->err));
	else
		snprintf(out, 640, "%zd \"%s\"", o->r,
			 esc(buf, c->size ? o->r : 0, v));
	return out;
}

/*
 * Points ref and val at buffers for @c: the static ones, or, for a size
 * past theirs, two of that size, touched and locked before any fault is
 * armed (see ref_buf).  call_buffers_put() frees them.
 */
static void call_buffers(const struct call *c)
{
	static int warned;

	if (c->size <= VALUE_MAX)
		return;
	ref = malloc(c->size);
	val = malloc(c->size);
	if (!ref || !val)
		die("%zu bytes for the value: %s", c->size, strerror(errno));
	memset(ref, 1, c->size);
	memset(val, 1, c->size);
	if ((mlock(ref, c->size) || mlock(val, c->size)) && !warned++)
		printf("failnth: mlock: %s (the buffers are touched anyway)\n",
		       strerror(errno));
}

static void call_buffers_put(void)
{
	if (ref == ref_buf)
		return;
	free(ref);
	free(val);
	ref = ref_buf;
	val = val_buf;
}

/*
 * One call: its reference, then n = 1, 2, ... until no fault is taken,
 * each faulted call followed by one without a fault, which must give the
 * reference again.  A confined call's reference is EACCES, and it may
 * never succeed; a key without a value for the mount (may_lack())
 * answers ENODATA, and under faults may fail but never give a value.
 */
static void run_call(const struct call *c, const char *only)
{
	long errs[MAX_ERRNO] = { 0 };
	char name[NAME_LEN + 128], e1[640], e2[640], list[512];
	struct outcome o = { .injected = 1 }, next;
	long same = 0, bad = 0;
	unsigned int n;
	int e;

	call_name(c, name, sizeof(name));
	if (!selected(name, only))
		return;
	calls_run++;
	call_buffers(c);
	iterate(c, 0, ref, &refo);
	if (c->confined ? refo.r >= 0 || refo.err != EACCES :
	    refo.r < 0 && !(refo.err == ENODATA && may_lack(c->name))) {
		printf("failnth: %s: FAIL: the call without faults: %s%s\n",
		       name, refo.r < 0 ? errname(refo.err) : "a value",
		       c->confined ? ", expected EACCES" : "");
		failures++;
		call_buffers_put();
		return;
	}
	for (n = 1; n <= CAP; n++) {
		iterate(c, n, val, &o);
		if (!o.injected)
			break;
		if (pace)
			usleep(510000);
		if (o.r < 0) {
			e = o.err < MAX_ERRNO ? o.err : 0;
			errs[e]++;
			total_errs[e]++;
		} else if (is_ref(c, &o)) {
			same++;
		} else {
			bad++;
			printf("failnth: %s: FAIL at fault site %u: %s, expected %s\n",
			       name, n, said(c, &o, val, e1),
			       c->confined ? "an errno (EACCES without faults)" :
			       said(c, &refo, ref, e2));
		}
		/* Nothing the fault did may show in the next answer. */
		iterate(c, 0, val, &next);
		if (!is_ref(c, &next)) {
			bad++;
			printf("failnth: %s: FAIL after fault site %u: the next call, without a fault: %s, expected %s\n",
			       name, n, said(c, &next, val, e1),
			       said(c, &refo, ref, e2));
		}
	}
	if (o.injected) {
		printf("failnth: %s: FAIL: fault site %u still reached\n",
		       name, CAP);
		bad++;
		n = CAP + 1;
	} else if (!is_ref(c, &o)) {
		/* The call of the loop that reached no n-th site. */
		bad++;
		printf("failnth: %s: FAIL: the call past its %u sites: %s, expected %s\n",
		       name, n - 1, said(c, &o, val, e1),
		       said(c, &refo, ref, e2));
	}
	printf("failnth: %s: %u sites, errors {%s}, %ld same value, %s\n",
	       name, n - 1, errs_list(errs, list, sizeof(list)), same,
	       bad ? "FAIL" : "OK");
	total_sites += n - 1;
	failures += bad;
	call_buffers_put();
	fflush(stdout);
}

/*
 * Runs calls @from to @to - 1, a set, and prints its tally: "failnth:
 * @what: X calls, Y fault sites, Z failures, S s".
 */
static void run_set(const char *what, int from, int to, const char *only)
{
	long c0 = calls_run, s0 = total_sites, f0 = failures;
	struct timespec t0, t1;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = from; i < to; i++)
		run_call(&calls[i], only);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("failnth: %s: %ld calls, %ld fault sites, %ld failures, %ld s\n",
	       what, calls_run - c0, total_sites - s0, failures - f0,
	       (long)(t1.tv_sec - t0.tv_sec));
}

static struct call *add_one(enum how how, const char *label,
			    const char *path, int fd, const char *name,
			    size_t size)
{
	struct call *c = &calls[ncalls];

	if (ncalls == MAX_CALLS)
		die("more than %d calls", MAX_CALLS);
	memset(c, 0, sizeof(*c));
	c->how = how;
	c->label = label;
	c->path = path;
	c->fd = fd;
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->size = size;
	ncalls++;
	return c;
}

/* The call with size 0 and with a buffer. */
static void add(enum how how, const char *label, const char *path, int fd,
		const char *name, int bump)
{
	add_one(how, label, path, fd, name, 0)->bump = bump;
	add_one(how, label, path, fd, name, VALUE_MAX)->bump = bump;
}

/* The call by a new process, and by a confined one if Landlock is on. */
static void add_fresh(enum how how, const char *label, const char *path,
		      int fd, const char *name)
{
	struct call *c;

	add_one(how, label, path, fd, name, VALUE_MAX)->fresh = 1;
	if (ruleset_fd < 0)
		return;
	c = add_one(how, label, path, fd, name, VALUE_MAX);
	c->fresh = 1;
	c->confined = 1;
}

/*
 * The Landlock ruleset of the confined calls: reading files handled,
 * allowed nowhere.  Without Landlock they are left out, and said so.
 */
static void landlock_init(void)
{
	struct landlock_ruleset_attr attr = {
		.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE,
	};

	ruleset_fd = syscall(NR_CREATE_RULESET, &attr, sizeof(attr), 0);
	if (ruleset_fd < 0)
		printf("failnth: no Landlock (%s): the confined calls are left out\n",
		       strerror(errno));
}

/*
 * @folder (a name ending in ':') of @path and, depth first, every name
 * below it: by path and by @fd.
 */
static void add_folder(const char *label, const char *path, int fd,
		       const char *name)
{
	char entries[4096], sub[NAME_LEN];
	ssize_t len, i;

	add(BY_PATH, label, path, -1, name, 0);
	add(BY_FD, label, path, fd, name, 0);
	len = getxattr(path, name, folder, sizeof(folder));
	if (len < 0)
		die("getxattr(%s, %s): %s", path, name, strerror(errno));
	if (len > (ssize_t)sizeof(entries))
		die("getxattr(%s, %s): %zd bytes", path, name, len);
	memcpy(entries, folder, len);
	for (i = 0; i < len; i += strlen(entries + i) + 1) {
		snprintf(sub, sizeof(sub), "%s%s", name, entries + i);
		if (sub[strlen(sub) - 1] == ':') {
			add_folder(label, path, fd, sub);
			continue;
		}
		add(BY_PATH, label, path, -1, sub, 0);
		add(BY_FD, label, path, fd, sub, 0);
	}
}

/* The calls on @path; with @fresh, also those of new processes. */
static void add_path(const char *label, const char *path, int fresh)
{
	static const char * const by_id[] = { "info", "", "statfs:bsize" };
	char id[32], name[NAME_LEN];
	ssize_t len;
	size_t i;
	int fd;

	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	fds[nfds++] = fd;
	len = getxattr(path, ":mnt:info", folder, sizeof(folder));
	if (len < 0)
		die("getxattr(%s, :mnt:info): %s", path, strerror(errno));
	printf("failnth: %s: :mnt:info has %zd bytes\n", label, len);
	add(BY_PATH, label, path, -1, ":", 0);
	add(BY_FD, label, path, fd, ":", 0);
	add(BY_PATH, label, path, -1, ":mntns:", 0);
	add(BY_FD, label, path, fd, ":mntns:", 0);
	add_folder(label, path, fd, ":mnt:");
	len = getxattr(path, ":mnt:id", id, sizeof(id) - 1);
	if (len <= 0)
		die("getxattr(%s, :mnt:id): %s", path, strerror(errno));
	id[len] = 0;
	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), ":mntns:%s:%s", id, by_id[i]);
		add(BY_PATH, label, path, -1, name, 0);
		add(BY_PATH, label, path, -1, name, 1);
	}
	if (!fresh)
		return;
	add_fresh(BY_PATH, label, path, -1, ":mnt:info");
	add_fresh(BY_FD, label, path, fd, ":mnt:info");
	add_fresh(BY_PATH, label, path, -1, ":mntns:");
	snprintf(name, sizeof(name), ":mntns:%s:info", id);
	add_fresh(BY_PATH, label, path, -1, name);
}

/* The length of @name's value on "/" (size 0), which must have one. */
static size_t value_len(const char *name)
{
	ssize_t len = getxattr("/", name, NULL, 0);

	if (len < 0)
		die("getxattr(/, %s, 0): %s", name, strerror(errno));
	return len;
}

/*
 * @name by path on "/" (with @bump, the id map rebuilt; with @many, at
 * FAILNTH_MOUNTS mounts): with size 0, with a buffer of the value's
 * length and, with @big, of 64 KiB if that is more.
 */
static void add_sized(const char *name, int big, int many, int bump)
{
	size_t len = value_len(name);
	struct call *c;

	c = add_one(BY_PATH, "/", "/", -1, name, 0);
	c->many = many;
	c->bump = bump;
	if (len) {
		c = add_one(BY_PATH, "/", "/", -1, name, len);
		c->many = many;
		c->bump = bump;
	}
	if (big && len < VALUE_MAX) {
		c = add_one(BY_PATH, "/", "/", -1, name, VALUE_MAX);
		c->many = many;
		c->bump = bump;
	}
}

/*
 * The keys that have a column, as ":mntns:all:" lists them (each
 * NUL-terminated), into @keys of @cap bytes; returns the list's length.
 */
static size_t column_keys(char *keys, size_t cap)
{
	ssize_t len = getxattr("/", ":mntns:all:", keys, cap);

	if (len <= 0 || keys[len - 1])
		die("getxattr(/, :mntns:all:): %s",
		    len < 0 ? strerror(errno) : "not a list");
	return len;
}

/* Whether the @n bytes at @key are a key of the list @keys of @len. */
static int has_key(const char *keys, size_t len, const char *key, size_t n)
{
	size_t i;

	for (i = 0; i < len; i += strlen(keys + i) + 1)
		if (strlen(keys + i) == n && !memcmp(keys + i, key, n))
			return 1;
	return 0;
}

/* Whether @key is one of the comma-separated @list. */
static int in_list(const char *list, const char *key)
{
	size_t n = strlen(key);
	const char *p, *q;

	for (p = list;; p = q + 1) {
		q = strchrnul(p, ',');
		if ((size_t)(q - p) == n && !memcmp(p, key, n))
			return 1;
		if (!*q)
			return 0;
	}
}

/* How many mounts ":mntns:" lists. */
static int count_mounts(void)
{
	size_t len = value_len(":mntns:");
	char *ids = malloc(len + 1);
	ssize_t r, i;
	int n = 0;

	if (!ids)
		die("%zu bytes for :mntns:", len);
	r = getxattr("/", ":mntns:", ids, len);
	if (r < 0)
		die("getxattr(/, :mntns:): %s", strerror(errno));
	for (i = 0; i < r; i++)
		n += !ids[i];
	free(ids);
	return n;
}

/*
 * The columns in the namespace as it is: ":mntns:", ":mntns:all:" and
 * each column it lists, each with size 0, the value's length and 64 KiB.
 */
static void add_columns(void)
{
	char keys[4096], name[NAME_LEN];
	size_t len = column_keys(keys, sizeof(keys)), i;
	int k = 0;

	add_sized(":mntns:", 1, 0, 0);
	add_sized(":mntns:all:", 1, 0, 0);
	for (i = 0; i < len; i += strlen(keys + i) + 1, k++) {
		snprintf(name, sizeof(name), ":mntns:all:%s", keys + i);
		add_sized(name, 1, 0, 0);
	}
	printf("failnth: the columns: %d keys, at %d mounts\n", k,
	       count_mounts());
}

/*
 * The calls at FAILNTH_MOUNTS mounts: ":mntns:", the columns @want names
 * ("all", or keys separated by commas, each of which must have a
 * column), each with size 0 and with the value's length, and
 * ":mntns:ID:info" of "/" with the id map rebuilt.
 */
static void add_many(const char *want)
{
	char keys[4096], name[NAME_LEN], id[32];
	size_t len = column_keys(keys, sizeof(keys)), i;
	int all = !strcmp(want, "all"), k = 0, n = 0;
	const char *p, *q;
	ssize_t r;

	for (p = want; !all && *p; p = *q ? q + 1 : q) {
		q = strchrnul(p, ',');
		if (!has_key(keys, len, p, q - p))
			die("FAILNTH_COLUMNS: \"%.*s\" has no column (see :mntns:all:)",
			    (int)(q - p), p);
	}
	add_sized(":mntns:", 0, 1, 0);
	for (i = 0; i < len; i += strlen(keys + i) + 1, k++) {
		if (!all && !in_list(want, keys + i))
			continue;
		snprintf(name, sizeof(name), ":mntns:all:%s", keys + i);
		add_sized(name, 0, 1, 0);
		n++;
	}
	r = getxattr("/", ":mnt:id", id, sizeof(id) - 1);
	if (r <= 0)
		die("getxattr(/, :mnt:id): %s", strerror(errno));
	id[r] = 0;
	snprintf(name, sizeof(name), ":mntns:%s:info", id);
	add_sized(name, 0, 1, 1);
	printf("failnth: at %d mounts: :mntns:, %d of the %d columns (FAILNTH_COLUMNS=%s), %s with the id map rebuilt\n",
	       count_mounts(), n, k, want, name);
}

/*
 * A mount namespace of our own, private (the root pass's calls are made
 * in the VM's), where @n bind mounts of a small tmpfs's directory "s" on
 * its directories 0, 1, ... are made.  Returns a descriptor of the
 * namespace we were in, for leave_many().
 */
static int enter_many(int n)
{
	struct timespec t0, t1;
	char dir[64];
	int ns, i;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	ns = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	if (ns < 0)
		die("open /proc/self/ns/mnt: %s", strerror(errno));
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		die("a private mount namespace: %s", strerror(errno));
	if ((mkdir(DIR_MANY, 0755) && errno != EEXIST) ||
	    mount("fattr-failnth-many", DIR_MANY, "tmpfs", 0,
		  "size=64k,mode=755") ||
	    mkdir(DIR_MANY "/s", 0755))
		die("tmpfs on " DIR_MANY ": %s", strerror(errno));
	for (i = 0; i < n; i++) {
		snprintf(dir, sizeof(dir), DIR_MANY "/%d", i);
		if (mkdir(dir, 0755) ||
		    mount(DIR_MANY "/s", dir, NULL, MS_BIND, NULL))
			die("bind mount %d of %d, on %s: %s", i + 1, n, dir,
			    strerror(errno));
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("failnth: %d bind mounts in a namespace of our own, in %ld s\n",
	       n, (long)(t1.tv_sec - t0.tv_sec));
	return ns;
}

/* Back to the namespace @ns, which drops ours and its mounts. */
static void leave_many(int ns)
{
	if (setns(ns, CLONE_NEWNS))
		die("setns back to our mount namespace: %s", strerror(errno));
	close(ns);
}

/* Writes @s to @dir/@file; dies if it cannot. */
static void cg_write(const char *dir, const char *file, const char *s)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (write_str(path, s))
		die("writing \"%s\" to %s: %s", s, path, strerror(errno));
}

/* Reads @dir/@file into @buf of @len, newlines as blanks; "" if it cannot. */
static const char *cg_read(const char *dir, const char *file, char *buf,
			   size_t len)
{
	char path[PATH_MAX], *p;
	ssize_t r;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	buf[0] = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return buf;
	r = read(fd, buf, len - 1);
	close(fd);
	buf[r > 0 ? r : 0] = 0;
	for (p = buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return buf;
}

/* The memcg pass's cgroups: cgroup2's root, ours, the child. */
static struct {
	char root[64];
	char home[64 + PATH_MAX];
	char child[64 + sizeof(CGROUP_CHILD)];
	int mounted;		/* we mounted cgroup2 on DIR_CGROUP */
	int enabled;		/* we enabled the memory controller */
} cg;

/*
 * cgroup2 (mounted on DIR_CGROUP unless /sys/fs/cgroup is it), the
 * memory controller enabled in its root's children, and a child there
 * with memory.max 2 MiB.  Made before the calls are listed: the mount
 * is among their mounts.  A kernel without the memory controller
 * (CONFIG_MEMCG) cannot run the pass: it says so and exits with
 * SKIPPED, which vm-faults.sh reports.
 */
static void memcg_setup(void)
{
	char line[PATH_MAX], ctl[256];
	struct statfs sf;
	FILE *f;

	if (!statfs("/sys/fs/cgroup", &sf) && sf.f_type == CGROUP2_SUPER_MAGIC) {
		snprintf(cg.root, sizeof(cg.root), "/sys/fs/cgroup");
	} else {
		if ((mkdir(DIR_CGROUP, 0755) && errno != EEXIST) ||
		    mount("none", DIR_CGROUP, "cgroup2", 0, NULL))
			die("cgroup2 on " DIR_CGROUP ": %s", strerror(errno));
		snprintf(cg.root, sizeof(cg.root), DIR_CGROUP);
		cg.mounted = 1;
	}
	/* Ours, "0::PATH", to come back to. */
	f = fopen("/proc/self/cgroup", "r");
	if (!f)
		die("/proc/self/cgroup: %s", strerror(errno));
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "0::", 3)) {
			line[strcspn(line, "\n")] = 0;
			snprintf(cg.home, sizeof(cg.home), "%s%s", cg.root,
				 line + 3);
		}
	fclose(f);
	if (!cg.home[0])
		die("no cgroup2 line in /proc/self/cgroup");
	if (!strstr(cg_read(cg.root, "cgroup.controllers", ctl, sizeof(ctl)),
		    "memory")) {
		printf("failnth: memcg: SKIPPED: no memory controller in this kernel (CONFIG_MEMCG), cgroup2 has \"%s\"\n",
		       ctl);
		if (cg.mounted)
			umount(DIR_CGROUP);
		umount(DIR_TMPFS);
		exit(SKIPPED);
	}
	cg_read(cg.root, "cgroup.subtree_control", ctl, sizeof(ctl));
	if (!strstr(ctl, "memory")) {
		cg_write(cg.root, "cgroup.subtree_control", "+memory");
		cg.enabled = 1;
	}
	snprintf(cg.child, sizeof(cg.child), "%s/" CGROUP_CHILD, cg.root);
	if (mkdir(cg.child, 0755) && errno != EEXIST)
		die("mkdir %s: %s", cg.child, strerror(errno));
	cg_write(cg.child, "memory.max", MEMCG_MAX);
	printf("failnth: in %s, memory.max %s\n", cg.child, MEMCG_MAX);
}

/* Moves us into the child (@in) or back home. */
static void memcg_move(int in)
{
	char pid[32];

	snprintf(pid, sizeof(pid), "%d\n", getpid());
	cg_write(in ? cg.child : cg.home, "cgroup.procs", pid);
}

/* Says what the child saw, removes it, and undoes memcg_setup(). */
static void memcg_teardown(void)
{
	char buf[512], path[128];

	printf("failnth: memcg: memory.peak %s; memory.events %s\n",
	       cg_read(cg.child, "memory.peak", buf, sizeof(buf)),
	       cg_read(cg.child, "memory.events", buf + 64,
		       sizeof(buf) - 64));
	if (rmdir(cg.child))
		die("rmdir %s: %s", cg.child, strerror(errno));
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", cg.root);
	if (cg.enabled && write_str(path, "-memory"))
		printf("failnth: memcg: the memory controller left on: %s\n",
		       strerror(errno));
	if (cg.mounted && umount(DIR_CGROUP))
		die("umount " DIR_CGROUP ": %s", strerror(errno));
}

/* Becomes @uid, then root of its own user and mount namespaces. */
static void become_user(uid_t uid)
{
	char map[64];

	if (setgroups(0, NULL) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid))
		die("becoming uid %u: %s", uid, strerror(errno));
	/*
	 * Changing uids made us undumpable: /proc/self's files would be
	 * root's, fail-nth and uid_map not ours to write.
	 */
	prctl(PR_SET_DUMPABLE, 1);
	if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
		die("unshare(CLONE_NEWUSER | CLONE_NEWNS): %s", strerror(errno));
	snprintf(map, sizeof(map), "0 %u 1\n", uid);
	if (write_str("/proc/self/uid_map", map) ||
	    write_str("/proc/self/setgroups", "deny\n") ||
	    write_str("/proc/self/gid_map", map))
		die("writing our id maps: %s", strerror(errno));
	prctl(PR_SET_DUMPABLE, 1);
}

/* Faults in the stack a call may use, and locks what is mapped. */
static void prefault(void)
{
	volatile char stack[256 * 1024];
	size_t i;

	for (i = 0; i < sizeof(stack); i += 4096)
		stack[i] = 0;
	memset(ref_buf, 1, sizeof(ref_buf));
	memset(val_buf, 1, sizeof(val_buf));
	if (mlockall(MCL_CURRENT))
		printf("failnth: mlockall: %s (the buffers are touched anyway)\n",
		       strerror(errno));
}

int main(int argc, char **argv)
{
	const char *verbose = getenv("FAILNTH_VERBOSE");
	const char *only = getenv("FAILNTH_ONLY");
	const char *mounts = getenv("FAILNTH_MOUNTS");
	const char *columns = getenv("FAILNTH_COLUMNS");
	char list[1024], what[64], source[SOURCE_LEN + 1] = "";
	int i, ntree = 0, memcg = 0, ns;
	uid_t uid = 0;
	char *end;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && !strcmp(argv[1], "user"))
		uid = strtoul(argv[2], NULL, 10);
	else if (argc == 2 && !strcmp(argv[1], "memcg"))
		memcg = 1;
	else if (argc != 1)
		die("usage: fattr-failnth [user UID | memcg]");
	if (getuid())
		die("run it as root");
	if (access(NTH, F_OK))
		die("no " NTH ": a kernel without CONFIG_FAULT_INJECTION");
	if (only && !*only)
		only = NULL;
	if (verbose && !*verbose)
		verbose = NULL;
	many_mounts = MOUNTS_DEFAULT;
	if (mounts && *mounts) {
		many_mounts = strtol(mounts, &end, 10);
		if (*end || many_mounts < 0 || many_mounts > MOUNTS_MAX)
			die("FAILNTH_MOUNTS=%s: not a count of 0 to %d",
			    mounts, MOUNTS_MAX);
	}
	if (!columns || !*columns)
		columns = COLUMNS_DEFAULT;
	pace = verbose && strcmp(verbose, "0");
	setup_debugfs(verbose ? verbose : "0");
	if (mkdir(DIR_TMPFS, 0755) && errno != EEXIST)
		die("mkdir " DIR_TMPFS ": %s", strerror(errno));
	if (uid) {
		become_user(uid);
		printf("failnth: as uid %u, root of its own user and mount namespaces\n",
		       uid);
	} else {
		printf("failnth: as root%s\n",
		       memcg ? ", in a memory cgroup of 2 MiB" : "");
	}
	memset(source, 'x', SOURCE_LEN);
	memcpy(source, "fattr-failnth-", 14);
	if (mount(source, DIR_TMPFS, "tmpfs", 0, "mode=755") ||
	    mkdir(DIR_BUMP, 0755))
		die("tmpfs on " DIR_TMPFS ": %s", strerror(errno));

	if (memcg) {
		memcg_setup();
		add_columns();
	} else {
		landlock_init();
		add_path("/", "/", 1);
		add_path("tmpfs", DIR_TMPFS, 0);
		ntree = ncalls;
		add_columns();
	}

	nth_fd = open(NTH, O_RDWR | O_CLOEXEC);
	if (nth_fd < 0)
		die("open " NTH ": %s", strerror(errno));
	prefault();
	if (memcg) {
		memcg_move(1);
		run_set("the columns in 2 MiB", 0, ncalls, only);
		memcg_move(0);
		memcg_teardown();
	} else {
		run_set("the tree", 0, ntree, only);
		run_set("the columns", ntree, ncalls, only);
	}
	if (!memcg && many_mounts) {
		ns = enter_many(many_mounts);
		i = ncalls;
		add_many(columns);
		snprintf(what, sizeof(what), "at %d mounts", many_mounts);
		run_set(what, i, ncalls, only);
		leave_many(ns);
	}

	for (i = 0; i < nfds; i++)
		close(fds[i]);
	if (umount(DIR_TMPFS))
		printf("failnth: umount " DIR_TMPFS ": %s\n", strerror(errno));
	/* The memcg pass has only columns: the other passes have the rest. */
	if (!calls_run && !memcg)
		die("FAILNTH_ONLY=%s names no call", only);
	printf("failnth: errors of all calls {%s}\n",
	       errs_list(total_errs, list, sizeof(list)));
	printf("failnth: %ld calls, %ld fault sites, %ld failures\n",
	       calls_run, total_sites, failures);
	return failures ? 1 : 0;
}
