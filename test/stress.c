// SPDX-License-Identifier: GPL-2.0
/*
 * stress.c: fattr under abuse.  Runs as root with fattr loaded.
 *
 *   fattr-stress cycles K [KO]
 *	K times delete_module("fattr", O_NONBLOCK) (retried while it says
 *	EAGAIN/EBUSY) and finit_module(KO, default $FATTR_KO) while 4
 *	threads call ':' names through every entry.  Each call gets either
 *	the right value or, for the same call, exactly the errno the kernel
 *	gives without fattr (measured in an unloaded window, where
 *	':mnt:info' must give the errno of ':x').  After the last unload the
 *	kernel answers as without fattr; fattr is loaded again at the end.
 *
 *   fattr-stress churn S [MIN_OPS]
 *	For S seconds (and until MIN_OPS mount operations were done), 8
 *	threads call ':mnt:info' on stable and churned mounts, ':mntns:' and
 *	':mntns:ID:info' while 3 threads mount, bind, move, remount (new
 *	super block options) and unmount tmpfs mounts under /tmp/churn
 *	and one forks children that unshare a mount namespace, check their
 *	own view and exit.  Every answer must be a well-formed record or
 *	listing, or ENODATA (ENOENT) for a mount (path) that went away;
 *	stable mounts answer exactly their record.
 *
 *   fattr-stress iso
 *	A process that is uid 1000, then root of its own user and mount
 *	namespaces, pid 1 of its own pid namespace, and pivot_root()ed into
 *	a tmpfs with a procfs of that pid namespace (as a container is; with
 *	no /proc it could read no mountinfo, and fattr gives EACCES): its
 *	listing and every record equal its /proc/PID/mountinfo read from
 *	outside, and ids of the outer namespace give ENODATA.
 *
 * A watchdog ends a run that stops making progress, as a failure.
 * Exits 0 only if everything held; prints its figures.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "fdio.h"
#include "procfs.h"

#ifndef SYS_getxattrat
#define SYS_getxattrat 464
#endif

#define VALUE_MAX 65536

static const char root_value[] = ROOT_VALUE;

static unsigned long failures;
static int verbose_left = 30;

static void failf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void failf(const char *fmt, ...)
{
	va_list ap;

	__atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
	if (__atomic_sub_fetch(&verbose_left, 1, __ATOMIC_RELAXED) < 0)
		return;
	va_start(ap, fmt);
	flockfile(stdout);
	fputs("stress: FAIL: ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	funlockfile(stdout);
	va_end(ap);
	fflush(stdout);
}

static char *esc(const char *s, size_t n, char *out)
{
	char *o = out;
	size_t i;

	for (i = 0; i < n && i < 160; i++) {
		unsigned char c = s[i];

		if (c < 32 || c > 126 || c == '\\')
			o += sprintf(o, "\\%03o", c);
		else
			*o++ = c;
	}
	*o = 0;
	return out;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static void nap_us(long us)
{
	struct timespec t = { us / 1000000, (us % 1000000) * 1000 };

	nanosleep(&t, NULL);
}

static unsigned int rnd_r(unsigned int *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void private_ns(void)
{
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) {
		perror("stress: private mount namespace");
		exit(2);
	}
}

static long refcnt(void)
{
	return read_long("/sys/module/fattr/refcnt");
}

/* ------------------------------------------------------- well-formed */

/* Canonical decimal id at @s (up to a byte in @stop); its value or -1. */
static long parse_id(const char *s, const char *end, const char **after)
{
	long v = 0;

	if (s >= end || *s < '1' || *s > '9')
		return -1;
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		v = v * 10 + (*s - '0');
		if (v > INT32_MAX)
			return -1;
	}
	*after = s;
	return v;
}

/*
 * A mountinfo record: one line, 10 fields or more, " - " between the
 * optional fields and the file system type, first field @id (if >= 0).
 */
static int record_ok(const char *v, size_t n, long id)
{
	const char *p, *end = v + n;
	size_t fields = 1, i;
	long first;

	if (n < 20 || v[n - 1] != '\n' || memchr(v, '\n', n - 1) ||
	    memchr(v, '\0', n))
		return 0;
	first = parse_id(v, end, &p);
	if (first < 0 || *p != ' ' || (id >= 0 && first != id))
		return 0;
	for (i = 0; i < n - 1; i++)
		if (v[i] == ' ')
			fields++;
	return fields >= 10 && memmem(v, n, " - ", 3) != NULL;
}

/* A listing: "ID:\0" items, at least one; counts them in *items. */
static int listing_ok(const char *v, size_t n, size_t *items)
{
	const char *p = v, *end = v + n, *q;

	*items = 0;
	while (p < end) {
		if (parse_id(p, end, &q) < 0 || q + 2 > end || q[0] != ':' ||
		    q[1] != '\0')
			return 0;
		p = q + 2;
		(*items)++;
	}
	return *items > 0;
}

/* ============================================================ cycles */

enum kind { K_GET, K_LGET, K_FGET, K_AT, K_LIST, K_ROOT, NR_KINDS };
static const char *const kind_name[NR_KINDS] = {
	"getxattr :mnt:info", "lgetxattr :mnt:info", "fgetxattr :mnt:info",
	"getxattrat :mnt:info", "getxattr :mntns:", "fgetxattr :",
};

struct cyc {
	const char *path;
	int fd, have_at, kernel_err[NR_KINDS];
	const char *exp[NR_KINDS];
	size_t exp_len[NR_KINDS];
	volatile int stop;
	unsigned long answered[NR_KINDS], kernel[NR_KINDS];
	unsigned long progress;
};

static ssize_t cyc_call(struct cyc *c, enum kind k, const char *name,
			char *val, size_t size)
{
	struct { uint64_t value; uint32_t size, flags; } a = {
		(uintptr_t)val, size, 0,
	};

	switch (k) {
	case K_GET:
		return getxattr(c->path, name, val, size);
	case K_LGET:
		return lgetxattr(c->path, name, val, size);
	case K_FGET:
	case K_ROOT:
		return fgetxattr(c->fd, name, val, size);
	case K_AT:
		return syscall(SYS_getxattrat, AT_FDCWD, c->path, 0, name, &a,
			       sizeof(a));
	default:
		return getxattr("/", name, val, size);
	}
}

static const char *kind_attr(enum kind k)
{
	return k == K_LIST ? ":mntns:" : k == K_ROOT ? ":" : ":mnt:info";
}

static void *cyc_hammer(void *arg)
{
	struct cyc *c = arg;
	static __thread char val[VALUE_MAX];
	unsigned int seed = (uintptr_t)&seed | 1;
	char e[700];

	while (!c->stop) {
		enum kind k = rnd_r(&seed) % NR_KINDS;
		ssize_t r;

		if (k == K_AT && !c->have_at)
			continue;
		r = cyc_call(c, k, kind_attr(k), val, sizeof(val));
		if (r >= 0 && (size_t)r == c->exp_len[k] &&
		    !memcmp(val, c->exp[k], r))
			__atomic_add_fetch(&c->answered[k], 1, __ATOMIC_RELAXED);
		else if (r < 0 && errno == c->kernel_err[k])
			__atomic_add_fetch(&c->kernel[k], 1, __ATOMIC_RELAXED);
		else
			failf("%s: %zd %s \"%s\": neither fattr's answer nor "
			      "the kernel's %s", kind_name[k], r,
			      r < 0 ? strerror(errno) : "",
			      r > 0 ? esc(val, r, e) : "",
			      strerror(c->kernel_err[k]));
		__atomic_add_fetch(&c->progress, 1, __ATOMIC_RELAXED);
		/*
		 * A short pause now and then: delete_module() succeeds only
		 * at an instant when no call holds the module, which 4
		 * callers without pauses on 2 vCPUs almost never leave (80 s
		 * of EAGAIN per cycle under TCG).
		 */
		if (rnd_r(&seed) % 4 == 0)
			nap_us(300);
	}
	return NULL;
}

static int unload(void)
{
	return syscall(SYS_delete_module, "fattr", O_NONBLOCK) ? -errno : 0;
}

static int load(const char *ko)
{
	int fd = open(ko, O_RDONLY | O_CLOEXEC), r;

	if (fd < 0)
		return -errno;
	r = syscall(SYS_finit_module, fd, "", 0) ? -errno : 0;
	close(fd);
	return r;
}

/* Every kind once, without fattr: the kernel's errno, as for ':x'. */
static int measure_unloaded(struct cyc *c, int record)
{
	char val[256];
	int k, bad = 0;

	for (k = 0; k < NR_KINDS; k++) {
		ssize_t rx, rn;
		int ex, en;

		if (k == K_AT && !c->have_at)
			continue;
		rx = cyc_call(c, k, ":x", val, sizeof(val));
		ex = errno;
		rn = cyc_call(c, k, kind_attr(k), val, sizeof(val));
		en = errno;
		if (rx >= 0 || rn >= 0 || en != ex) {
			failf("without fattr, %s gave %zd (%s), ':x' %zd (%s)",
			      kind_name[k], rn, strerror(en), rx,
			      strerror(ex));
			bad = 1;
		}
		if (record)
			c->kernel_err[k] = ex;
		else if (en != c->kernel_err[k]) {
			failf("without fattr, %s gave %s, before %s",
			      kind_name[k], strerror(en),
			      strerror(c->kernel_err[k]));
			bad = 1;
		}
	}
	return bad;
}

static int check_loaded(struct cyc *c)
{
	char val[VALUE_MAX];
	int k, bad = 0;

	for (k = 0; k < NR_KINDS; k++) {
		ssize_t r;

		if (k == K_AT && !c->have_at)
			continue;
		r = cyc_call(c, k, kind_attr(k), val, sizeof(val));
		if (r < 0 || (size_t)r != c->exp_len[k] ||
		    memcmp(val, c->exp[k], r)) {
			failf("with fattr, %s gave %zd (%s)", kind_name[k], r,
			      r < 0 ? strerror(errno) : "a wrong value");
			bad = 1;
		}
	}
	return bad;
}

static volatile unsigned long watch_progress;
static volatile const char *watch_what = "start";
static int watch_limit = 120;

static void *watchdog(void *arg)
{
	unsigned long last = ~0UL;
	int idle = 0;

	(void)arg;
	for (;;) {
		sleep(1);
		if (watch_progress != last) {
			last = watch_progress;
			idle = 0;
			continue;
		}
		if (++idle >= watch_limit) {
			printf("stress: FAIL: watchdog: no progress for %d s "
			       "(%s)\n", idle, watch_what);
			fflush(stdout);
			_exit(3);
		}
	}
	return NULL;
}

static void start_watchdog(int limit)
{
	pthread_t t;

	watch_limit = limit;
	pthread_create(&t, NULL, watchdog, NULL);
}

static int run_cycles(int cycles, const char *ko)
{
	struct cyc c = { .path = "/tmp/cyc" };
	struct mountinfo mi;
	pthread_t th[4];
	unsigned long busy = 0, max_busy = 0, b;
	double t0 = now(), t, t1, rm_total = 0, rm_max = 0, last_total = 0;
	int i, j, k, r, id;

	if (!ko) {
		printf("stress: cycles: no module file (FATTR_KO)\n");
		return 1;
	}
	private_ns();
	mkdir(c.path, 0755);
	if (mount("fattr-cycles", c.path, "tmpfs", 0, NULL)) {
		perror("stress: mount");
		return 1;
	}
	c.fd = open(c.path, O_RDONLY | O_DIRECTORY);
	{
		char v[16];
		struct { uint64_t value; uint32_t size, flags; } a = {
			(uintptr_t)v, sizeof(v), 0,
		};

		c.have_at = syscall(SYS_getxattrat, AT_FDCWD, "/", 0, ":", &a,
				    sizeof(a)) >= 0 || errno != ENOSYS;
	}
	/* What fattr answers: from procfs. */
	mi_read(&mi, "/proc/self/mountinfo");
	id = path_mnt_id(c.path, 0);
	for (k = 0; k < NR_KINDS; k++) {
		c.exp[k] = mi_find(&mi, id, &c.exp_len[k]);
	}
	{
		int *ids;
		size_t n = mi_ids(&mi, &ids), j;
		char *o = malloc(n * 16 + 1);

		c.exp[K_LIST] = o;
		for (j = 0; j < n; j++)
			o += sprintf(o, "%d:", ids[j]) + 1;
		c.exp_len[K_LIST] = o - c.exp[K_LIST];
	}
	c.exp[K_ROOT] = root_value;
	c.exp_len[K_ROOT] = sizeof(root_value);
	if (check_loaded(&c))
		return 1;

	/* The kernel's own answers, in an unloaded window. */
	r = unload();
	if (r) {
		printf("stress: FAIL: first delete_module: %s\n",
		       strerror(-r));
		return 1;
	}
	measure_unloaded(&c, 1);
	printf("stress: cycles: without fattr ':mnt:info' and ':x' give %s "
	       "(getxattr)\n", strerrorname_np(c.kernel_err[K_GET]));
	r = load(ko);
	if (r) {
		printf("stress: FAIL: finit_module: %s\n", strerror(-r));
		return 1;
	}
	if (check_loaded(&c))
		return 1;

	start_watchdog(180);
	for (j = 0; j < 4; j++)
		pthread_create(&th[j], NULL, cyc_hammer, &c);
	for (i = 0; i < cycles; i++) {
		watch_what = "delete_module";
		t = now();
		b = 0;
		t1 = now();
		while ((r = unload())) {
			if (r != -EAGAIN && r != -EBUSY) {
				failf("cycle %d: delete_module: %s", i,
				      strerror(-r));
				break;
			}
			b++;
			nap_us(1000);
			t1 = now();
		}
		last_total += now() - t1;	/* the call that succeeded */
		t = now() - t;
		rm_total += t;
		if (t > rm_max)
			rm_max = t;
		busy += b;
		if (b > max_busy)
			max_busy = b;
		watch_progress++;
		nap_us(30000);	/* callers meet the kernel alone */
		watch_what = "finit_module";
		r = load(ko);
		if (r) {
			failf("cycle %d: finit_module: %s", i, strerror(-r));
			break;
		}
		watch_progress++;
		nap_us(200000);	/* and fattr again */
		if (cycles >= 10 && (i + 1) % (cycles / 10) == 0)
			printf("stress: cycles: %d done, %.0f s\n", i + 1,
			       now() - t0);
	}
	c.stop = 1;
	for (j = 0; j < 4; j++)
		pthread_join(th[j], NULL);
	printf("stress: cycles: %d cycles, %lu busy delete_module answers "
	       "(at most %lu in a cycle); rmmod %.2f s on average (the "
	       "delete_module that succeeded: %.2f s), %.2f s at most; "
	       "%.0f s in all\n", i, busy, max_busy, i ? rm_total / i : 0,
	       i ? last_total / i : 0, rm_max, now() - t0);
	for (k = 0; k < NR_KINDS; k++)
		if (c.answered[k] + c.kernel[k])
			printf("stress: cycles: %-22s %8lu answered by fattr, "
			       "%7lu by the kernel (%s)\n", kind_name[k],
			       c.answered[k], c.kernel[k],
			       strerrorname_np(c.kernel_err[k]));
	if (i == cycles) {
		unsigned long all = 0;

		for (k = 0; k < NR_KINDS; k++)
			all += c.kernel[k];
		if (!all)
			failf("no call met the kernel alone during the cycles");
	}

	/* After the last unload, the kernel as without fattr. */
	watch_what = "final delete_module";
	while ((r = unload()) == -EAGAIN || r == -EBUSY)
		nap_us(1000);
	if (r)
		failf("final delete_module: %s", strerror(-r));
	measure_unloaded(&c, 0);
	r = load(ko);
	if (r)
		failf("final finit_module: %s", strerror(-r));
	check_loaded(&c);
	nap_us(100000);
	printf("stress: cycles: refcnt after reload %ld\n", refcnt());
	printf("stress: cycles: %lu failures\n", failures);
	return failures ? 1 : 0;
}

/* ============================================================= churn */

#define SLOTS 16
#define STABLE 4
#define QUERIERS 8
#define MUTATORS 3
#define BASE "/tmp/churn"

enum qkind {
	Q_STABLE, Q_CHURN, Q_LIST, Q_ID_INFO, Q_ID_DIR, Q_FACTS, Q_CROSS,
	Q_CHILD, NR_Q
};
static const char *const q_name[NR_Q] = {
	":mnt:info stable", ":mnt:info churned", ":mntns:",
	":mntns:ID:info", ":mntns:ID:", "facts and export", "other namespace",
	"child's own view",
};

/* The keys Q_FACTS asks, churned mounts' and listed ids'. */
static const char *const fact_keys[] = {
	"export", "mnt_attr", "mnt_propagation", "mnt_peer_group",
	"mnt_master", "propagate_from", "sb_magic", "sb_flags", "mnt_ns_id",
	"fs_subtype", "mnt_change", "uuid", "bdev", "opt_array",
	"opt_sec_array", "mnt_uidmap", "mnt_gidmap",
};
#define NR_FACT_KEYS (sizeof(fact_keys) / sizeof(*fact_keys))

/*
 * Whether @v (@n bytes) is a well-formed value of key @key: an export
 * begins with the record's line and ends with a line's end; numbers are
 * decimal; the strings are not empty.
 */
static int fact_ok(const char *key, const char *v, ssize_t n)
{
	ssize_t i;

	if (!strcmp(key, "export"))
		return n > 9 && !memcmp(v, "INFO='", 6) &&
		       !memcmp(v + n - 2, "'\n", 2) &&
		       memmem(v, n, "\nID='", 5);
	if (!strcmp(key, "fs_subtype") || !strcmp(key, "uuid") ||
	    !strcmp(key, "bdev"))
		return n > 0;
	/*
	 * The VM runs no LSM that writes super block options (SELinux):
	 * a file system's options cut in the wrong place would show here.
	 */
	if (!strcmp(key, "opt_sec_array"))
		return !n;
	/* A list: empty, or entries each followed by a NUL. */
	if (!strncmp(key, "opt_", 4) || strstr(key, "idmap"))
		return !n || !v[n - 1];
	/* @v is not NUL-terminated: the buffer holds older answers after. */
	for (i = 0; i < n; i++)
		if (v[i] < '0' || v[i] > '9')
			return 0;
	return n > 0 && n < 21;
}

enum { M_MOUNT, M_BIND, M_MOVE, M_REMOUNT, M_UMOUNT, M_NS, NR_M };
static const char *const m_name[NR_M] = {
	"mount", "bind", "move", "remount", "umount", "namespaces",
};

struct churn {
	volatile int stop;
	char stable_path[STABLE][64];
	int stable_fd[STABLE], stable_id[STABLE];
	char *stable_rec[STABLE];
	size_t stable_len[STABLE];
	volatile pid_t child;	/* in a namespace of its own */
	unsigned long q_ok[NR_Q], q_nodata[NR_Q], q_noent[NR_Q];
	unsigned long m_ok[NR_M], m_err[NR_M];
	unsigned long progress[QUERIERS + MUTATORS + 1];
};

static struct churn ch;
/* The child the namespace thread is waiting for, if any. */
static volatile pid_t ns_forked;

static void slot(char *buf, unsigned int i, int file)
{
	sprintf(buf, BASE "/slot%u%s", i % SLOTS, file ? "/f" : "");
}

static void q_count(enum qkind k, ssize_t r, int err)
{
	if (r >= 0)
		__atomic_add_fetch(&ch.q_ok[k], 1, __ATOMIC_RELAXED);
	else if (err == ENODATA)
		__atomic_add_fetch(&ch.q_nodata[k], 1, __ATOMIC_RELAXED);
	else
		__atomic_add_fetch(&ch.q_noent[k], 1, __ATOMIC_RELAXED);
}

static void *querier(void *arg)
{
	long me = (long)arg;
	unsigned int seed = 0x9e3779b9u * (me + 1);
	static __thread char val[VALUE_MAX], last[VALUE_MAX];
	static __thread size_t last_len;
	char path[128], name[64], e[700];

	while (!ch.stop) {
		enum qkind k = rnd_r(&seed) % (NR_Q - 1);
		unsigned int s = rnd_r(&seed);
		ssize_t r;
		int err, id = -1;

		switch (k) {
		case Q_STABLE: {
			int i = s % STABLE;

			switch (s / STABLE % 3) {
			case 0:
				r = getxattr(ch.stable_path[i], ":mnt:info",
					     val, sizeof(val));
				break;
			case 1:
				r = lgetxattr(ch.stable_path[i], ":mnt:info",
					      val, sizeof(val));
				break;
			default:
				r = fgetxattr(ch.stable_fd[i], ":mnt:info",
					      val, sizeof(val));
			}
			err = errno;
			if (r != (ssize_t)ch.stable_len[i] ||
			    memcmp(val, ch.stable_rec[i], r))
				failf("stable mount %s: %zd (%s) \"%s\", "
				      "expected \"%s\"", ch.stable_path[i], r,
				      r < 0 ? strerror(err) : "",
				      r > 0 ? esc(val, r, e) : "",
				      esc(ch.stable_rec[i], ch.stable_len[i],
					  e + 350));
			break;
		}
		case Q_CHURN:
			slot(path, s, s & 0x100);
			r = s & 0x200 ? lgetxattr(path, ":mnt:info", val,
						  sizeof(val)) :
				getxattr(path, ":mnt:info", val, sizeof(val));
			err = errno;
			if (r >= 0 ? !record_ok(val, r, -1) :
			    err != ENODATA && err != ENOENT)
				failf("%s: %zd (%s) \"%s\"", path, r,
				      r < 0 ? strerror(err) : "not a record",
				      r > 0 ? esc(val, r, e) : "");
			break;
		case Q_LIST: {
			size_t items;
			int i;

			r = getxattr(s & 1 ? "/" : BASE, ":mntns:", val,
				     sizeof(val));
			err = errno;
			if (r < 0 || !listing_ok(val, r, &items)) {
				failf(":mntns: %zd (%s) \"%s\"", r,
				      r < 0 ? strerror(err) : "not a listing",
				      r > 0 ? esc(val, r, e) : "");
				break;
			}
			for (i = 0; i < STABLE; i++)
				if (!listing_has(val, r, ch.stable_id[i]))
					failf(":mntns: lacks stable mount %d",
					      ch.stable_id[i]);
			memcpy(last, val, r);
			last_len = r;
			break;
		}
		case Q_ID_INFO:
		case Q_ID_DIR: {
			int stable = -1;

			if (last_len && s % 4) {	/* a listed id */
				const char *p = last;
				unsigned int n = s / 4 % 64;

				while (n-- && p + strlen(p) + 1 < last + last_len)
					p += strlen(p) + 1;
				id = atoi(p);
			} else {
				stable = s / 4 % STABLE;
				id = ch.stable_id[stable];
			}
			snprintf(name, sizeof(name), ":mntns:%d:%s", id,
				 k == Q_ID_INFO ? "info" : "");
			r = getxattr("/", name, val, sizeof(val));
			err = errno;
			if (r < 0 && err == ENODATA && stable < 0)
				break;
			if (r < 0)
				failf("%s: %s", name, strerror(err));
			else if (k == Q_ID_DIR ?
				 (r != (ssize_t)mount_folder_len() ||
				  memcmp(val, mount_folder(NULL), r)) :
				 stable >= 0 ?
				 (r != (ssize_t)ch.stable_len[stable] ||
				  memcmp(val, ch.stable_rec[stable], r)) :
				 !record_ok(val, r, id))
				failf("%s: \"%s\"", name, esc(val, r, e));
			break;
		}
		case Q_FACTS: {
			const char *key = fact_keys[s / 8 % NR_FACT_KEYS];
			int stable = s / 128 % (STABLE + 1);

			/* A stable mount's export: its record, exactly. */
			if (stable < STABLE && !strcmp(key, "export")) {
				r = getxattr(ch.stable_path[stable],
					     ":mnt:export", val, sizeof(val));
				err = errno;
				if (r < 6 + (ssize_t)ch.stable_len[stable] ||
				    memcmp(val + 6, ch.stable_rec[stable],
					   ch.stable_len[stable]))
					failf("%s: :mnt:export %zd (%s) \"%s\"",
					      ch.stable_path[stable], r,
					      r < 0 ? strerror(err) : "",
					      r > 0 ? esc(val, r, e) : "");
				break;
			}
			if (s & 1) {
				slot(path, s, s & 2);
				snprintf(name, sizeof(name), ":mnt:%s", key);
				r = getxattr(path, name, val, sizeof(val));
			} else {
				id = last_len ? atoi(last) + (int)(s / 4 % 64) :
				     ch.stable_id[0];
				snprintf(name, sizeof(name), ":mntns:%d:%s", id,
					 key);
				r = getxattr("/", name, val, sizeof(val));
			}
			err = errno;
			/*
			 * Gone (ENODATA, ENOENT), a fact the mount has not
			 * (ENODATA), a mount point not reachable now for
			 * statfs(2)'s keys (EACCES), or options that changed
			 * at each of three readings (EAGAIN).
			 */
			if (r >= 0 ? !fact_ok(key, val, r) :
			    err != ENODATA && err != ENOENT && err != EACCES &&
			    (err != EAGAIN || strncmp(key, "opt_", 4)))
				failf("%s: %zd (%s) \"%s\"", name, r,
				      r < 0 ? strerror(err) : "malformed",
				      r > 0 ? esc(val, r, e) : "");
			if (r < 0 && err == EACCES)
				err = ENOENT;	/* counted as gone */
			break;
		}
		default: {	/* Q_CROSS: a path into another namespace */
			pid_t pid = ch.child;

			if (!pid)
				continue;	/* none now */
			snprintf(path, sizeof(path), "/proc/%d/root/tmp",
				 (int)pid);
			r = getxattr(path, ":mnt:info", val, sizeof(val));
			err = errno;
			if (r >= 0 && pid != ch.child)
				break;	/* reaped; the pid is another's */
			if (r >= 0 || (err != ENODATA && err != ENOENT))
				failf("%s: %zd (%s) \"%s\"", path, r,
				      r < 0 ? strerror(err) : "answered",
				      r > 0 ? esc(val, r, e) : "");
		}
		}
		q_count(k, r, err);
		__atomic_add_fetch(&ch.progress[me], 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void *mutator(void *arg)
{
	long me = (long)arg;
	unsigned int seed = 0x85ebca6bu * (me + 7);
	char a[64], b[64];

	while (!ch.stop) {
		unsigned int s = rnd_r(&seed), m = s % 100;
		int r, kind;

		slot(a, s >> 8, 0);
		slot(b, s >> 16, 0);
		if (m < 30) {
			kind = M_MOUNT;
			r = mount("fattr-churn", a, "tmpfs", 0, "size=64k");
			if (!r) {	/* a file, for paths inside */
				slot(a, s >> 8, 1);
				close(open(a, O_CREAT | O_WRONLY, 0644));
			}
		} else if (m < 50) {
			kind = M_BIND;
			r = mount(a, b, NULL, MS_BIND, NULL);
		} else if (m < 65) {
			kind = M_MOVE;
			r = mount(a, b, NULL, MS_MOVE, NULL);
		} else if (m < 75) {
			/*
			 * New super block options, of another length:
			 * tmpfs leaves out the size that is its default
			 * (half the memory), so "size=64k" comes and goes.
			 */
			kind = M_REMOUNT;
			r = mount(NULL, a, NULL, MS_REMOUNT,
				  s & 0x1000000 ? "size=64k" : "size=50%");
		} else {
			kind = M_UMOUNT;
			r = umount2(a, s & 0x1000000 ? MNT_DETACH : 0);
		}
		__atomic_add_fetch(r ? &ch.m_err[kind] : &ch.m_ok[kind], 1,
				   __ATOMIC_RELAXED);
		__atomic_add_fetch(&ch.progress[QUERIERS + me], 1,
				   __ATOMIC_RELAXED);
	}
	return NULL;
}

/*
 * In a child: a namespace of its own, a mount in it, and its own view
 * must be answered exactly (nothing else changes it).  Exit status:
 * 0 fine, 1 wrong answer, 2 setup failed.
 */
static int ns_check(void);

static void ns_child(int up, int down)
{
	char c = 1;
	int r;

	/*
	 * Its copies of the churned mounts share their super blocks with
	 * the originals, which the mutators remount: a fresh BASE instead,
	 * so that nothing but the child changes its view.
	 */
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    umount2(BASE, MNT_DETACH) ||
	    mount("fattr-child-base", BASE, "tmpfs", 0, "size=64k") ||
	    mkdir(BASE "/slot0", 0755) ||
	    mount("fattr-child", BASE "/slot0", "tmpfs", 0, "size=64k"))
		_exit(2);
	if (write(up, &c, 1) != 1)
		_exit(2);
	close(up);
	r = ns_check();
	read(down, &c, 1);	/* lingers while the others look in */
	_exit(r);
}

static int ns_check(void)
{
	static char val[VALUE_MAX];
	struct mountinfo mi;
	const char *line;
	int *ids, id;
	size_t n, i, len;
	ssize_t r;
	char name[64];

	if (mi_read(&mi, "/proc/self/mountinfo"))
		return 2;
	n = mi_ids(&mi, &ids);
	r = getxattr("/", ":mntns:", val, sizeof(val));
	{
		char *exp = malloc(n * 16 + 1), *o = exp;

		for (i = 0; i < n; i++)
			o += sprintf(o, "%d:", ids[i]) + 1;
		if (r != o - exp || memcmp(val, exp, r))
			return 1;
	}
	for (i = 0; i < n; i++) {
		line = mi_find(&mi, ids[i], &len);
		snprintf(name, sizeof(name), ":mntns:%d:info", ids[i]);
		r = getxattr("/", name, val, sizeof(val));
		if (r != (ssize_t)len || memcmp(val, line, len))
			return 1;
	}
	id = path_mnt_id(BASE "/slot0", 0);
	line = mi_find(&mi, id, &len);
	r = getxattr(BASE "/slot0", ":mnt:info", val, sizeof(val));
	if (!line || r != (ssize_t)len || memcmp(val, line, len))
		return 1;
	return 0;
}

static void *ns_maker(void *arg)
{
	(void)arg;
	while (!ch.stop) {
		int up[2], down[2], status;
		pid_t pid, r;
		char c;

		if (pipe(up) || pipe(down))
			break;
		pid = fork();
		if (!pid) {
			close(up[0]);
			close(down[1]);
			ns_child(up[1], down[0]);
		}
		ns_forked = pid;
		close(up[1]);
		close(down[0]);
		if (pid > 0 && read(up[0], &c, 1) == 1)
			ch.child = pid;
		close(up[0]);
		nap_us(20000);	/* others look into its namespace */
		ch.child = 0;
		close(down[1]);
		r = pid < 0 ? -1 : waitpid(pid, &status, 0);
		ns_forked = 0;
		if (pid < 0 || r != pid) {
			failf("fork/waitpid: %s", strerror(errno));
			break;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			failf("child in its own namespace: status %#x%s",
			      status, WIFEXITED(status) &&
			      WEXITSTATUS(status) == 1 ?
			      " (a wrong answer)" : "");
			__atomic_add_fetch(&ch.m_err[M_NS], 1,
					   __ATOMIC_RELAXED);
		} else {
			__atomic_add_fetch(&ch.m_ok[M_NS], 1,
					   __ATOMIC_RELAXED);
			__atomic_add_fetch(&ch.q_ok[Q_CHILD], 1,
					   __ATOMIC_RELAXED);
		}
		__atomic_add_fetch(&ch.progress[QUERIERS + MUTATORS], 1,
				   __ATOMIC_RELAXED);
	}
	return NULL;
}

/* Print a file (a task's kernel stack), for a hung run. */
static void show_file(const char *file)
{
	char buf[4096];
	int fd = open(file, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return;
	printf("stress: %s:\n", file);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, n, stdout);
	close(fd);
}

/* What a hung run was doing: our tasks' kernel stacks, blocked tasks. */
static void show_hung(void)
{
	char file[64];
	int fd;

	if (ns_forked) {
		snprintf(file, sizeof(file), "/proc/%d/stack", (int)ns_forked);
		show_file(file);
		snprintf(file, sizeof(file), "/proc/%d/wchan", (int)ns_forked);
		show_file(file);
		putchar('\n');
	}
	{	/* every thread of ours */
		DIR *d = opendir("/proc/self/task");
		struct dirent *e;

		while (d && (e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(file, sizeof(file), "/proc/self/task/%.20s/stack",
				 e->d_name);
			show_file(file);
		}
		if (d)
			closedir(d);
	}
	fflush(stdout);
	fd = open("/proc/sysrq-trigger", O_WRONLY);	/* blocked tasks */
	if (fd >= 0) {
		if (write(fd, "w", 1) != 1)
			perror("stress: sysrq");
		close(fd);
	}
	sleep(2);
}

static void *churn_watchdog(void *arg)
{
	unsigned long last[QUERIERS + MUTATORS + 1] = { 0 };
	int idle[QUERIERS + MUTATORS + 1] = { 0 }, i;

	(void)arg;
	for (;;) {
		sleep(1);
		for (i = 0; i < QUERIERS + MUTATORS + 1; i++) {
			unsigned long p = ch.progress[i];

			if (p != last[i]) {
				last[i] = p;
				idle[i] = 0;
			} else if (++idle[i] >= (i < QUERIERS + MUTATORS ?
						 60 : 180) && !ch.stop) {
				/*
				 * A namespace takes up to seconds on sid
				 * under TCG (17 in 156 s); one run's took
				 * over 60.
				 */
				printf("stress: FAIL: watchdog: %s thread %d "
				       "made no progress for %d s\n",
				       i < QUERIERS ? "query" :
				       i < QUERIERS + MUTATORS ? "mount" :
				       "namespace", i, idle[i]);
				fflush(stdout);
				show_hung();
				_exit(3);
			}
		}
	}
	return NULL;
}

static int run_churn(int seconds, unsigned long min_ops)
{
	pthread_t q[QUERIERS], m[MUTATORS], ns, wd;
	struct mountinfo mi;
	unsigned long ops = 0;
	double t0 = now(), t;
	char path[64];
	long i;
	int k;

	private_ns();
	mkdir(BASE, 0755);
	if (mount("fattr-base", BASE, "tmpfs", 0, NULL)) {
		perror("stress: mount " BASE);
		return 1;
	}
	for (i = 0; i < SLOTS; i++) {
		slot(path, i, 0);
		mkdir(path, 0755);
	}
	for (i = 0; i < STABLE; i++) {
		sprintf(ch.stable_path[i], BASE "/stable%ld", i);
		mkdir(ch.stable_path[i], 0755);
		if (mount("fattr-stable", ch.stable_path[i], "tmpfs",
			  i & 1 ? MS_RDONLY : 0, NULL))
			return 1;
		ch.stable_fd[i] = open(ch.stable_path[i], O_RDONLY);
		ch.stable_id[i] = path_mnt_id(ch.stable_path[i], 0);
	}
	mi_read(&mi, "/proc/self/mountinfo");
	for (i = 0; i < STABLE; i++) {
		const char *l = mi_find(&mi, ch.stable_id[i],
					&ch.stable_len[i]);

		if (!l)
			return 1;
		ch.stable_rec[i] = strndup(l, ch.stable_len[i]);
	}

	pthread_create(&wd, NULL, churn_watchdog, NULL);
	alarm(3 * seconds + 600);	/* the last resort */
	for (i = 0; i < QUERIERS; i++)
		pthread_create(&q[i], NULL, querier, (void *)i);
	for (i = 0; i < MUTATORS; i++)
		pthread_create(&m[i], NULL, mutator, (void *)i);
	pthread_create(&ns, NULL, ns_maker, NULL);
	for (;;) {
		sleep(1);
		t = now() - t0;
		for (ops = 0, k = 0; k < NR_M; k++)
			ops += ch.m_ok[k];
		if (t >= seconds && (ops >= min_ops || t >= 3 * seconds))
			break;
	}
	ch.stop = 1;
	for (i = 0; i < QUERIERS; i++)
		pthread_join(q[i], NULL);
	for (i = 0; i < MUTATORS; i++)
		pthread_join(m[i], NULL);
	pthread_join(ns, NULL);
	t = now() - t0;

	printf("stress: churn: %.0f s, %lu mount operations done "
	       "(%.0f/s)\n", t, ops, ops / t);
	for (k = 0; k < NR_M; k++)
		printf("stress: churn: %-10s %8lu done, %8lu refused\n",
		       m_name[k], ch.m_ok[k], ch.m_err[k]);
	for (k = 0; k < NR_Q; k++)
		printf("stress: churn: %-19s %8lu answers, %7lu ENODATA, "
		       "%7lu ENOENT\n", q_name[k], ch.q_ok[k], ch.q_nodata[k],
		       ch.q_noent[k]);
	if (ops < min_ops)
		failf("%lu mount operations, fewer than %lu", ops, min_ops);
	umount2(BASE, MNT_DETACH);
	printf("stress: churn: %lu failures\n", failures);
	return failures ? 1 : 0;
}

/* =============================================================== iso */

/* One answer of the isolated process, over a pipe. */
struct ans {
	int64_t ret;
	int32_t err, id;
};

static void send_ans(int fd, ssize_t r, int err, int id, const char *val)
{
	struct ans a = { r, r < 0 ? err : 0, id };

	write_all(fd, &a, sizeof(a));
	if (r > 0)
		write_all(fd, val, r);
}

static char *get_ans(int fd, struct ans *a)
{
	char *v;

	if (read_full(fd, a, sizeof(*a)))
		return NULL;
	v = calloc(1, a->ret > 0 ? a->ret + 1 : 1);
	if (a->ret > 0 && read_full(fd, v, a->ret))
		return NULL;
	return v;
}

#define ISO "/tmp/iso"

static const char *const iso_paths[] = { "/", "/m1", "/b", "/m1/d", NULL };

/* pid 1 of the new pid namespace, in the pivoted root: its answers. */
static void iso_pid1(int up, int down, const int *absent)
{
	static char val[VALUE_MAX], list[VALUE_MAX];
	char name[64], c;
	ssize_t r, n;
	const char *p;
	int i, fd;

	/* pid 1, and whether its /proc/self/mountinfo opens. */
	fd = open("/proc/self/mountinfo", O_RDONLY);
	send_ans(up, fd < 0 ? -1 : 0, errno, getpid(), NULL);
	if (fd >= 0)
		close(fd);
	n = getxattr("/", ":mntns:", list, sizeof(list));
	send_ans(up, n, errno, 0, list);
	for (p = list; n > 0 && p < list + n; p += strlen(p) + 1) {
		snprintf(name, sizeof(name), ":mntns:%.20sinfo", p);
		r = getxattr("/", name, val, sizeof(val));
		send_ans(up, r, errno, atoi(p), val);
		snprintf(name, sizeof(name), ":mntns:%.20s", p);
		r = getxattr("/", name, val, sizeof(val));
		send_ans(up, r, errno, atoi(p), val);
	}
	for (i = 0; iso_paths[i]; i++) {
		r = getxattr(iso_paths[i], ":mnt:info", val, sizeof(val));
		send_ans(up, r, errno, path_mnt_id(iso_paths[i], 0), val);
		r = lgetxattr(iso_paths[i], ":mnt:info", val, sizeof(val));
		send_ans(up, r, errno, path_mnt_id(iso_paths[i], 0), val);
		fd = open(iso_paths[i], O_RDONLY);
		r = fgetxattr(fd, ":mnt:info", val, sizeof(val));
		send_ans(up, r, errno, path_mnt_id(iso_paths[i], 0), val);
		close(fd);
	}
	for (i = 0; absent[i]; i++) {
		if (absent[i] < 0) {	/* the separator */
			send_ans(up, -1, 0, -1, NULL);
			continue;
		}
		snprintf(name, sizeof(name), ":mntns:%d:info", absent[i]);
		r = getxattr("/", name, val, sizeof(val));
		send_ans(up, r, errno, absent[i], val);
	}
	send_ans(up, -1, 0, 0, NULL);	/* the end */
	close(up);
	read(down, &c, 1);	/* the parent has read /proc/PID/mountinfo */
	_exit(0);
}

/*
 * pid 1 of the new pid namespace: the mounts of its root, a procfs of
 * its pid namespace among them, then pivot_root() into it, then its
 * answers (iso_pid1()).  A procfs can be mounted in a user namespace only
 * by a task of a pid namespace that namespace owns, and only while a
 * procfs is fully visible in the mount namespace (mount_too_revealing()):
 * so here, before the outer root is detached.  Never returns.
 */
static void iso_setup_pid1(int up, int down, int *all, int nall)
{
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("fattr-iso-a", ISO, "tmpfs", 0, "mode=755") ||
	    mkdir(ISO "/new", 0755) ||
	    mount("fattr-iso-root", ISO "/new", "tmpfs", 0, "mode=755"))
		_exit(14);
	if (mkdir(ISO "/new/old", 0755) || mkdir(ISO "/new/m1", 0755) ||
	    mkdir(ISO "/new/b", 0755) ||
	    mount("fattr iso m1", ISO "/new/m1", "tmpfs", MS_NOSUID, NULL) ||
	    mkdir(ISO "/new/m1/d", 0755) ||
	    mount("fattr-iso-d", ISO "/new/m1/d", "tmpfs", 0, NULL) ||
	    mkdir(ISO "/new/m1/sub", 0755) ||
	    mount(ISO "/new/m1/sub", ISO "/new/b", NULL, MS_BIND, NULL) ||
	    mkdir(ISO "/new/proc", 0555) ||
	    mount("proc", ISO "/new/proc", "proc", 0, NULL))
		_exit(15);
	/* Every mount of this namespace so far: most end up outside. */
	{
		struct mountinfo mi;
		int *ids;
		size_t n, i;

		if (mi_read(&mi, "/proc/self/mountinfo"))
			_exit(15);
		n = mi_ids(&mi, &ids);
		for (i = 0; i < n && nall < 190; i++)
			all[nall++] = ids[i];
		all[nall] = 0;
	}
	/*
	 * pivot_root() needs a current root that has a parent: not the
	 * initramfs rootfs.  So first chroot into a tmpfs (A), then pivot
	 * into another (B) mounted in it, and detach A.
	 */
	if (chdir(ISO) || chroot(".") ||
	    syscall(SYS_pivot_root, "/new", "/new/old") || chdir("/") ||
	    umount2("/old", MNT_DETACH) || rmdir("/old"))
		_exit(16);
	iso_pid1(up, down, all);
}

/* uid 1000, then its own user and mount namespaces, pid ns, pivot_root. */
static void iso_child(int up, int down, int sync_up, int sync_down,
		      const int *absent)
{
	int all[200], nall = 0;
	char c = 0;
	pid_t pid;

	while (absent[nall])
		all[nall] = absent[nall], nall++;
	all[nall++] = -1;	/* then ids of its own namespace */

	if (setgroups(0, NULL) || setresgid(1000, 1000, 1000) ||
	    setresuid(1000, 1000, 1000))
		_exit(10);
	prctl(PR_SET_DUMPABLE, 1);
	if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
		_exit(11);
	/* The parent writes our uid and gid maps. */
	if (write(sync_up, &c, 1) != 1 || read(sync_down, &c, 1) != 1)
		_exit(12);
	if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
		_exit(13);
	if (unshare(CLONE_NEWPID))
		_exit(17);
	pid = fork();
	if (pid < 0)
		_exit(18);
	if (!pid)
		iso_setup_pid1(up, down, all, nall);
	/* Our pid of it is the parent's: the same pid namespace. */
	if (write_all(sync_up, &pid, sizeof(pid)))
		_exit(19);
	close(up);
	close(down);
	if (waitpid(pid, NULL, 0) != pid)
		_exit(20);
	_exit(0);
}

static int write_file(pid_t pid, const char *file, const char *s)
{
	char path[64];
	int fd, r;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	r = write(fd, s, strlen(s)) == (ssize_t)strlen(s) ? 0 : -1;
	close(fd);
	return r;
}

/* @a, value @v, must equal @exp (or ENODATA if @exp is NULL). */
static void expect(const char *what, const struct ans *a, const char *v,
		   const char *exp, size_t len)
{
	char e[700];

	if (!exp) {
		if (a->ret >= 0 || a->err != ENODATA)
			failf("iso: %s: %lld (%s), expected ENODATA", what,
			      (long long)a->ret, a->ret < 0 ?
			      strerror(a->err) : esc(v, a->ret, e));
		return;
	}
	if (a->ret != (int64_t)len || memcmp(v, exp, len))
		failf("iso: %s: %lld (%s) \"%s\", expected \"%s\"", what,
		      (long long)a->ret, a->ret < 0 ? strerror(a->err) : "",
		      a->ret > 0 ? esc(v, a->ret, e) : "",
		      esc(exp, len, e + 350));
}

static int run_iso(void)
{
	int up[2], down[2], sup[2], sdown[2], status, i, j, *ids, absent[64];
	struct mountinfo outer, mi;
	size_t n, n_out, len, checked = 0, na = 0, own = 0, out = 0;
	char c = 0, *v, what[128];
	const char *line;
	struct ans a;
	pid_t pid, pid1;

	/* Ids of the outer view, absent from the isolated one. */
	mi_read(&outer, "/proc/self/mountinfo");
	n_out = mi_ids(&outer, &ids);
	mkdir(ISO, 0755);
	if (pipe(up) || pipe(down) || pipe(sup) || pipe(sdown))
		return 1;
	for (i = 0; i < (int)n_out && na < 63; i++)
		absent[na++] = ids[i];
	absent[na] = 0;
	pid = fork();
	if (!pid) {
		close(up[0]);
		close(down[1]);
		close(sup[0]);
		close(sdown[1]);
		iso_child(up[1], down[0], sup[1], sdown[0], absent);
	}
	close(up[1]);
	close(down[0]);
	close(sup[1]);
	close(sdown[0]);
	if (read(sup[0], &c, 1) != 1) {
		waitpid(pid, &status, 0);
		printf("stress: FAIL: iso: child setup failed, status %#x\n",
		       status);
		return 1;
	}
	if (write_file(pid, "uid_map", "0 1000 1\n") ||
	    write_file(pid, "setgroups", "deny\n") ||
	    write_file(pid, "gid_map", "0 1000 1\n")) {
		printf("stress: FAIL: iso: writing the id maps: %s\n",
		       strerror(errno));
		return 1;
	}
	write_all(sdown[1], &c, 1);
	if (read_full(sup[0], &pid1, sizeof(pid1))) {
		waitpid(pid, &status, 0);
		printf("stress: FAIL: iso: namespace setup failed, exit "
		       "status %d\n", WEXITSTATUS(status));
		return 1;
	}

	/* Its first answer: its own pid (1) and its own /proc. */
	v = get_ans(up[0], &a);
	if (!v || a.id != 1 || a.ret < 0) {
		printf("stress: FAIL: iso: scenario: pid %d, /proc/self/"
		       "mountinfo %s\n", v ? a.id : -1, v ? (a.ret >= 0 ?
		       "opened" : strerror(a.err)) : "(child died)");
		return 1;
	}
	if (mi_read_pid(&mi, pid1)) {
		printf("stress: FAIL: iso: /proc/%d/mountinfo: %s\n", pid1,
		       strerror(errno));
		return 1;
	}
	printf("stress: iso: pid %d (1 inside) sees %zu mounts:\n", pid1,
	       mi_ids(&mi, &ids));
	fwrite(mi.buf, 1, mi.len, stdout);

	/* Listing, and every listed record and folder. */
	v = get_ans(up[0], &a);
	{
		size_t m = mi_ids(&mi, &ids);
		char *exp = malloc(m * 16 + 1), *o = exp;

		for (len = 0; len < m; len++)
			o += sprintf(o, "%d:", ids[len]) + 1;
		expect(":mntns:", &a, v, exp, o - exp);
		n = a.ret > 0 ? m : 0;
	}
	for (i = 0; i < (int)n; i++) {
		v = get_ans(up[0], &a);
		line = v ? mi_find(&mi, a.id, &len) : NULL;
		snprintf(what, sizeof(what), ":mntns:%d:info", a.id);
		expect(what, &a, v, line ? line : "(unlisted)", line ? len : 10);
		v = get_ans(up[0], &a);
		snprintf(what, sizeof(what), ":mntns:%d:", a.id);
		expect(what, &a, v, mount_folder(NULL), mount_folder_len());
		checked++;
	}
	for (i = 0; iso_paths[i]; i++) {
		for (j = 0; j < 3; j++) {
			v = get_ans(up[0], &a);
			if (!v) {
				failf("iso: child died");
				break;
			}
			line = mi_find(&mi, a.id, &len);
			snprintf(what, sizeof(what), "%s(\"%s\", :mnt:info)",
				 j == 0 ? "getxattr" : j == 1 ? "lgetxattr" :
				 "fgetxattr", iso_paths[i]);
			expect(what, &a, v, line, len);
		}
	}
	/* Ids of the outer namespace, then of its own, outside its root. */
	for (j = 0;;) {
		v = get_ans(up[0], &a);
		if (!v) {
			failf("iso: child died");
			break;
		}
		if (a.id <= 0) {
			if (!a.id)
				break;
			j = 1;
			continue;
		}
		snprintf(what, sizeof(what), ":mntns:%d:info (%s)", a.id,
			 j ? "its namespace, outside its root" :
			 "the outer namespace");
		if (mi_find(&mi, a.id, &len))
			continue;	/* listed for it: checked above */
		expect(what, &a, v, NULL, 0);
		if (j)
			own++;
		else
			out++;
	}
	write_all(down[1], &c, 1);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		failf("iso: child ended with status %#x", status);
	printf("stress: iso: %zu listed mounts checked, ENODATA for %zu ids "
	       "of the outer namespace and %zu of its own outside its root; "
	       "%lu failures\n", checked, out, own, failures);
	mi_free(&mi);
	mi_free(&outer);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 3 && !strcmp(argv[1], "cycles"))
		return run_cycles(atoi(argv[2]),
				  argc > 3 ? argv[3] : getenv("FATTR_KO"));
	if (argc >= 3 && !strcmp(argv[1], "churn"))
		return run_churn(atoi(argv[2]),
				 argc > 3 ? strtoul(argv[3], NULL, 0) : 0);
	if (argc >= 2 && !strcmp(argv[1], "iso"))
		return run_iso();
	fprintf(stderr, "usage: fattr-stress cycles K [KO] | churn SECONDS "
		"[MIN_OPS] | iso\n");
	return 2;
}
