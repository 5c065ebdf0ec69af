// SPDX-License-Identifier: GPL-2.0
/*
 * failnth.c: fattr under systematic fault injection, the way syzkaller
 * does it.  Built static as fattr-failnth, run by test/vm-faults.sh on
 * the debug kernel (CONFIG_FAULT_INJECTION, FAILSLAB, FAIL_PAGE_ALLOC,
 * FAULT_INJECTION_USERCOPY, FAULT_INJECTION_DEBUG_FS), as root with
 * fattr loaded.
 *
 *   fattr-failnth
 *	as root, on "/" and a tmpfs it mounts on DIR;
 *   fattr-failnth user UID
 *	the same as UID in a user and mount namespace of its own (the
 *	tmpfs mounted there); the debugfs settings are made as root first.
 *
 * The calls: for each of the two paths, every name of the tree reachable
 * from ":mnt:" (its folder values are read, so the keys are the kernel's
 * and not a list of ours: ":mnt:", each key, ":mnt:statfs:" and each of
 * its keys), ":", ":mntns:", by path (getxattr) and by descriptor
 * (fgetxattr on an open fd), then ":mntns:ID:info", ":mntns:ID:" and
 * ":mntns:ID:statfs:bsize" with ID the path's ":mnt:id", once as they
 * come (the id map cached) and once with a mount and umount before each
 * call (the map rebuilt); each with size 0 and with a 64 KiB buffer.
 *
 * For each call: one call without faults gives the reference; then for
 * n = 1, 2, ...: write n to /proc/thread-self/fail-nth (the n-th fault
 * site the task reaches fails: a slab or page allocation, a user copy),
 * make the call, read fail-nth back and write 0 to it.  It reads 0 if
 * the fault was injected; otherwise the call has fewer than n sites,
 * each of which has failed once: the loop ends.  A faulted call must
 * fail (any errno, counted) or return exactly the reference; anything
 * else, or n reaching CAP, is a failure.  Prints one line per call and
 * a summary line; exits non-zero on any failure.
 *
 * To look at the sites of a call: FAILNTH_ONLY=S runs only the calls
 * whose name (as printed, without its spaces) contains S, e.g.
 * "getxattr(/,:mnt:info,0)"; FAILNTH_VERBOSE=1 (or 2) has the kernel log
 * each injected fault (with a stack trace), and paces the loop so that
 * the log's rate limit (10 in 5 s) lets each through.  Faults of
 * allocations made with __GFP_NOWARN are never logged.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#define VALUE_MAX 65536
#define NAME_LEN 256
#define MAX_CALLS 512
#define MAX_ERRNO 256
/* No call of fattr reaches this many fault sites; a loop that does fails. */
#define CAP 2000
#define DIR_TMPFS "/tmp/fattr-failnth"
/* Mounted and unmounted before each call that wants the id map rebuilt. */
#define DIR_BUMP "/tmp/fattr-failnth/bump"
#define NTH "/proc/thread-self/fail-nth"
#define DEBUGFS "/sys/kernel/debug"

enum how { BY_PATH, BY_FD };

struct call {
	enum how how;
	const char *label;	/* "/" or "tmpfs", for the output */
	const char *path;
	int fd;
	char name[NAME_LEN];
	size_t size;
	int bump;		/* mount + umount before each call */
};

static struct call calls[MAX_CALLS];
static int ncalls;
static int fds[2], nfds;
static int pace;
static int nth_fd = -1;
static long calls_run, total_sites, failures;
static long total_errs[MAX_ERRNO];

/*
 * The buffers, static and touched (then locked) before the first fault
 * is armed: a page fault of our own between arming and the call would
 * reach the page allocator and take the fault (or, failed in user mode,
 * call the OOM killer instead of returning an errno).
 */
static char ref[VALUE_MAX], val[VALUE_MAX], folder[VALUE_MAX];

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
	snprintf(s, len, "%s(%s, %s, %zu)%s",
		 c->how == BY_FD ? "fgetxattr" : "getxattr", c->label,
		 c->name, c->size, c->bump ? " map rebuilt" : "");
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
	char s[NAME_LEN + 64], *o = s;

	if (!only)
		return 1;
	for (; *name; name++)
		if (*name != ' ')
			*o++ = *name;
	*o = 0;
	return strstr(s, only) != NULL;
}

/* One call: its reference, then n = 1, 2, ... until no fault is taken. */
static void run_call(const struct call *c, const char *only)
{
	long errs[MAX_ERRNO] = { 0 };
	char name[NAME_LEN + 64], e1[600], e2[600], list[512];
	ssize_t ref_len, r;
	long same = 0, bad = 0;
	unsigned int n;
	int err, injected = 1;

	call_name(c, name, sizeof(name));
	if (!selected(name, only))
		return;
	calls_run++;
	if (c->bump)
		bump();
	ref_len = do_call(c, ref);
	if (ref_len < 0) {
		printf("failnth: %s: FAIL: the call without faults: %s\n",
		       name, errname(errno));
		failures++;
		return;
	}
	for (n = 1; n <= CAP; n++) {
		if (c->bump)
			bump();
		nth_arm(n);
		r = do_call(c, val);
		err = errno;
		injected = nth_disarm();
		if (!injected)
			break;
		if (pace)
			usleep(510000);
		if (r < 0) {
			errs[err < MAX_ERRNO ? err : 0]++;
			total_errs[err < MAX_ERRNO ? err : 0]++;
			continue;
		}
		if (r == ref_len && (!c->size || !memcmp(val, ref, r))) {
			same++;
			continue;
		}
		bad++;
		printf("failnth: %s: FAIL at fault site %u: %zd \"%s\", expected %zd \"%s\"",
		       name, n, r, c->size ? esc(val, r, e1) : "",
		       ref_len, c->size ? esc(ref, ref_len, e2) : "");
		/* The reference itself may have moved on. */
		r = do_call(c, val);
		printf("; without a fault now: %zd%s\n", r,
		       r == ref_len && (!c->size || !memcmp(val, ref, r)) ?
		       " (the reference)" : " (differs too)");
	}
	if (injected) {
		printf("failnth: %s: FAIL: fault site %u still reached\n",
		       name, CAP);
		bad++;
		n = CAP + 1;
	}
	printf("failnth: %s: %u sites, errors {%s}, %ld same value, %s\n",
	       name, n - 1, errs_list(errs, list, sizeof(list)), same,
	       bad ? "FAIL" : "OK");
	total_sites += n - 1;
	failures += bad;
	fflush(stdout);
}

static void add(enum how how, const char *label, const char *path, int fd,
		const char *name, int bump)
{
	size_t sizes[] = { 0, VALUE_MAX };
	int i;

	for (i = 0; i < 2; i++) {
		struct call *c = &calls[ncalls];

		if (ncalls == MAX_CALLS)
			die("more than %d calls", MAX_CALLS);
		c->how = how;
		c->label = label;
		c->path = path;
		c->fd = fd;
		snprintf(c->name, sizeof(c->name), "%s", name);
		c->size = sizes[i];
		c->bump = bump;
		ncalls++;
	}
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

static void add_path(const char *label, const char *path)
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
	memset(ref, 1, sizeof(ref));
	memset(val, 1, sizeof(val));
	if (mlockall(MCL_CURRENT))
		printf("failnth: mlockall: %s (the buffers are touched anyway)\n",
		       strerror(errno));
}

int main(int argc, char **argv)
{
	const char *verbose = getenv("FAILNTH_VERBOSE");
	const char *only = getenv("FAILNTH_ONLY");
	char list[1024];
	uid_t uid = 0;
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && !strcmp(argv[1], "user"))
		uid = strtoul(argv[2], NULL, 10);
	else if (argc != 1)
		die("usage: fattr-failnth [user UID]");
	if (getuid())
		die("run it as root");
	if (access(NTH, F_OK))
		die("no " NTH ": a kernel without CONFIG_FAULT_INJECTION");
	if (only && !*only)
		only = NULL;
	if (verbose && !*verbose)
		verbose = NULL;
	pace = verbose && strcmp(verbose, "0");
	setup_debugfs(verbose ? verbose : "0");
	if (mkdir(DIR_TMPFS, 0755) && errno != EEXIST)
		die("mkdir " DIR_TMPFS ": %s", strerror(errno));
	if (uid) {
		become_user(uid);
		printf("failnth: as uid %u, root of its own user and mount namespaces\n",
		       uid);
	} else {
		printf("failnth: as root\n");
	}
	if (mount("fattr-failnth", DIR_TMPFS, "tmpfs", 0, "mode=755") ||
	    mkdir(DIR_BUMP, 0755))
		die("tmpfs on " DIR_TMPFS ": %s", strerror(errno));

	add_path("/", "/");
	add_path("tmpfs", DIR_TMPFS);

	nth_fd = open(NTH, O_RDWR | O_CLOEXEC);
	if (nth_fd < 0)
		die("open " NTH ": %s", strerror(errno));
	prefault();
	for (i = 0; i < ncalls; i++)
		run_call(&calls[i], only);

	for (i = 0; i < nfds; i++)
		close(fds[i]);
	if (umount(DIR_TMPFS))
		printf("failnth: umount " DIR_TMPFS ": %s\n", strerror(errno));
	if (!calls_run)
		die("FAILNTH_ONLY=%s names no call", only);
	printf("failnth: errors of all calls {%s}\n",
	       errs_list(total_errs, list, sizeof(list)));
	printf("failnth: %ld calls, %ld fault sites, %ld failures\n",
	       calls_run, total_sites, failures);
	return failures ? 1 : 0;
}
