// SPDX-License-Identifier: GPL-2.0
/*
 * fattr-bench: fattr against reading /proc/self/mountinfo and against
 * statmount(2)/listmount(2), in one VM boot (make bench).
 *
 * For N = 10, 1,000 and 10,000 tmpfs mounts in a fresh mount namespace,
 * it times each way of getting the record of the last mount (and the
 * list of mount ids), then the cost the hook adds to ordinary names,
 * with the module loaded and unloaded in the same boot.  Each figure is
 * the median of BATCHES timed batches; a batch repeats the operation
 * for at least BATCH_NS.  Ratios are what to read: absolute times under
 * QEMU TCG are not native ones.
 *
 * Then the latency of mount+umount under LAT_READERS processes reading
 * the mount table in a loop, each way (procfs, fattr), at LAT_MOUNTS
 * mounts: readers hold namespace_sem, which mount(2) needs exclusive.
 * Then the same for chrooted readers of a namespace of DEEP_CHAINS chains
 * of mounts DEEP_LEVELS deep, against as many mounts side by side.
 *
 * Usage: fattr-bench MODULE.ko   (as root, with the module loaded)
 *        fattr-bench --facts PATH
 *        fattr-bench --ab OLD.ko NEW.ko [ROUNDS]   (ab.c: two builds)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "mount-api.h"

#define BASE		"/tmp/fattr-bench"

char *value;

/* Figures of each N, kept where the parent reads them after the child. */
enum { F_PATH, F_FD, F_ID, F_LIST, F_SCAN, F_IDS, F_SM, F_LM,
       F_COL_ATTR, F_COL_POINT, F_LMSM_BASIC, F_LMSM_POINT, NR_F };
/*
 * The scale of the ways of listing (issue 41): 10 to 100,000 mounts.
 * The goals of earlier issues, and the facts, are at 10,000 (K_10K).
 */
#define NR_SIZES	4
#define K_10K		2
#define NR_FSIZES	3
static const int sizes[NR_SIZES] = { 10, 1000, 10000, 100000 };
static double (*figures)[NR_F];

void die(const char *what)
{
	perror(what);
	exit(2);
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Median ns per call of @op over BATCHES batches; <0 if @op fails. */
double bench(int (*op)(struct target *), struct target *t)
{
	long long per[BATCHES];
	long iters = 1, i;
	int b;

	if (op(t))
		return -1;
	for (;;) {		/* calibrate: a batch of at least BATCH_NS */
		long long t0 = now_ns();

		for (i = 0; i < iters; i++)
			op(t);
		if (now_ns() - t0 >= BATCH_NS)
			break;
		iters *= 2;
	}
	for (b = 0; b < BATCHES; b++) {
		long long t0 = now_ns();

		for (i = 0; i < iters; i++)
			op(t);
		per[b] = (now_ns() - t0) * 1000 / iters;	/* ps */
	}
	qsort(per, BATCHES, sizeof(*per), cmp_ll);
	return per[BATCHES / 2] / 1000.0;
}

/* The whole of /proc/self/mountinfo, into value. */
static ssize_t read_mountinfo(void)
{
	int fd = open("/proc/self/mountinfo", O_RDONLY);
	ssize_t n, len = 0;

	if (fd < 0)
		return -1;
	while ((n = read(fd, value + len, VALUE_MAX - 1 - len)) > 0)
		len += n;
	close(fd);
	value[len] = 0;
	return n < 0 ? -1 : len;
}

int op_fattr_path(struct target *t)
{
	return getxattr(t->path, ":mnt:info", value, VALUE_MAX) < 0;
}

static int op_fattr_fd(struct target *t)
{
	return fgetxattr(t->fd, ":mnt:info", value, VALUE_MAX) < 0;
}

int op_fattr_id(struct target *t)
{
	return getxattr("/", t->name_id, value, VALUE_MAX) < 0;
}

int op_fattr_list(struct target *t)
{
	(void)t;
	return getxattr("/", ":mntns:", value, VALUE_MAX) < 0;
}

/* Without fattr: read all of mountinfo, pick the record of t->id. */
static int op_scan_record(struct target *t)
{
	char key[16];
	char *p;
	int n;

	if (read_mountinfo() < 0)
		return 1;
	n = snprintf(key, sizeof(key), "%d ", t->id);
	for (p = value; *p; p = strchr(p, '\n') + 1)
		if (!strncmp(p, key, n))
			return 0;
	return 1;
}

/* Without fattr: read all of mountinfo, collect the ids. */
static int ids[1 << 17];

int op_scan_ids(struct target *t)
{
	int n = 0;
	char *p;

	(void)t;
	if (read_mountinfo() < 0)
		return 1;
	for (p = value; *p && n < (1 << 17); p = strchr(p, '\n') + 1)
		ids[n++] = atoi(p);
	return n == 0;
}

int op_statmount(struct target *t)
{
	struct mnt_id_req_ req = {
		.size = sizeof(req), .mnt_id = t->unique, .param = t->sm_mask,
	};

	return syscall(NR_statmount, &req, value, VALUE_MAX, 0) < 0;
}

/*
 * listmount(2) copies through a kernel buffer of the size asked for
 * (kvmalloc_array()): all of value (131,072 ids) would cost a 1 MiB
 * allocation per call, which is what dominates at 10 mounts.  A caller
 * listing a namespace asks in batches instead.
 */
#define LM_BATCH	4096

static int op_listmount(struct target *t)
{
	uint64_t *ids = (uint64_t *)value;
	size_t max = LM_BATCH;
	struct mnt_id_req_ req = { .size = sizeof(req), .mnt_id = LSMT_ROOT_ };
	long n;

	(void)t;
	do {
		n = syscall(NR_listmount, &req, ids, max, 0);
		if (n < 0)
			return 1;
		if (n)
			req.param = ids[n - 1];
	} while ((size_t)n == max);
	return 0;
}

/*
 * The C way on 6.8+ to one fact of every mount: listmount(2) in batches,
 * then statmount(2) of each id with @mask alone (STATMOUNT_MNT_BASIC: the
 * mount's ids and attributes; STATMOUNT_MNT_POINT: its mount point).
 */
static int listmount_statmount(uint32_t mask)
{
	static uint64_t lm_ids[1 << 17];
	struct mnt_id_req_ req = { .size = sizeof(req), .mnt_id = LSMT_ROOT_ };
	size_t n = 0, i;
	long got;

	do {
		got = syscall(NR_listmount, &req, lm_ids + n, LM_BATCH, 0);
		if (got < 0)
			return 1;
		n += got;
		if (got)
			req.param = lm_ids[n - 1];
	} while (got == LM_BATCH && n + LM_BATCH <= sizeof(lm_ids) /
		 sizeof(lm_ids[0]));
	for (i = 0; i < n; i++) {
		struct mnt_id_req_ one = {
			.size = sizeof(one), .mnt_id = lm_ids[i], .param = mask,
		};

		if (syscall(NR_statmount, &one, value, VALUE_MAX, 0) < 0)
			return 1;
	}
	return 0;
}

static int op_lmsm_basic(struct target *t)
{
	(void)t;
	return listmount_statmount(SM_MNT_BASIC);
}

static int op_lmsm_point(struct target *t)
{
	(void)t;
	return listmount_statmount(SM_MNT_POINT);
}

/* fattr's columns: one fact of every mount in one call. */
int op_col_attr(struct target *t)
{
	(void)t;
	return getxattr("/", ":mntns:all:mnt_attr", value, VALUE_MAX) < 0;
}

int op_col_point(struct target *t)
{
	(void)t;
	return getxattr("/", ":mntns:all:mountpoint", value, VALUE_MAX) < 0;
}

static int op_user_absent(struct target *t)
{
	return getxattr(t->path, "user.absent", value, VALUE_MAX) >= 0;
}

static int op_security(struct target *t)
{
	return getxattr(t->path, "security.selinux", value, VALUE_MAX) >= 0;
}

/* A fresh mount namespace with a tmpfs on BASE. */
static void new_ns(void)
{
	if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE,
					  NULL))
		die("unshare");
	mkdir(BASE, 0755);
	if (mount("bench", BASE, "tmpfs", 0, "size=1m"))
		die("mount " BASE);
}

/* fs.mount-max (100,000 by default) made room for @n more mounts. */
static void raise_mount_max(int n)
{
	FILE *f = fopen("/proc/sys/fs/mount-max", "r+");
	long max;

	if (!f)
		return;
	if (fscanf(f, "%ld", &max) == 1 && max < n + 1000L) {
		rewind(f);
		fprintf(f, "%ld\n", n + 1000L);
	}
	fclose(f);
}

/* A fresh namespace with @n tmpfs mounts; @t names the last one. */
void make_mounts(int n, struct target *t)
{
	static char path[256];
	struct statx stx;
	char dir[128];
	int i;

	new_ns();
	raise_mount_max(n);
	for (i = 0; i < n - 1; i++) {
		snprintf(dir, sizeof(dir), BASE "/m%d", i);
		if (mkdir(dir, 0755) || mount("bench", dir, "tmpfs", 0,
					      "size=64k"))
			die(dir);
	}
	snprintf(path, sizeof(path), BASE "/m%d/file", n - 2);
	close(open(path, O_CREAT | O_WRONLY, 0644));
	t->path = path;
	t->fd = open(path, O_RDONLY);
	if (t->fd < 0)
		die(path);
	if (statx(AT_FDCWD, path, 0, STATX_MNT_ID, &stx))
		die("statx");
	t->id = stx.stx_mnt_id;
	snprintf(t->name_id, sizeof(t->name_id), ":mntns:%d:info", t->id);
	t->unique = 0;
	if (!statx(AT_FDCWD, path, 0, STATX_MNT_ID_UNIQUE_, &stx) &&
	    (stx.stx_mask & STATX_MNT_ID_UNIQUE_))
		t->unique = stx.stx_mnt_id;
}

/* The statmount fields of a mountinfo record that this kernel knows. */
void probe_statmount(struct target *t)
{
	t->sm_mask = SM_SB_BASIC | SM_MNT_BASIC | SM_PROPAGATE_FROM |
		     SM_MNT_ROOT | SM_MNT_POINT | SM_FS_TYPE | SM_MNT_OPTS |
		     SM_SB_SOURCE;
	if (!t->unique)
		return;
	if (op_statmount(t) && errno == EINVAL)
		t->sm_mask &= ~SM_SB_SOURCE;
}

static void row(const char *what, double ns)
{
	if (ns < 0)
		printf("  %-44s %12s\n", what, "n/a");
	else
		printf("  %-44s %12.1f us\n", what, ns / 1000);
}

static void ratio(const char *what, double a, double b)
{
	if (a < 0 || b <= 0)
		printf("  %-44s %12s\n", what, "n/a");
	else
		printf("  %-44s %12.3f\n", what, a / b);
}

/* In a child, so that its namespace and its mounts go with it. */
static void bench_n(int k)
{
	double *f = figures[k];
	struct target t;
	double path, fd, id, list, scan, ids, sm, lm;
	int n = sizes[k];

	make_mounts(n, &t);
	probe_statmount(&t);
	path = f[F_PATH] = bench(op_fattr_path, &t);
	fd = f[F_FD] = bench(op_fattr_fd, &t);
	id = f[F_ID] = bench(op_fattr_id, &t);
	list = f[F_LIST] = bench(op_fattr_list, &t);
	scan = f[F_SCAN] = bench(op_scan_record, &t);
	ids = f[F_IDS] = bench(op_scan_ids, &t);
	sm = f[F_SM] = t.unique ? bench(op_statmount, &t) : -1;
	lm = f[F_LM] = t.unique ? bench(op_listmount, &t) : -1;
	f[F_COL_ATTR] = bench(op_col_attr, &t);
	f[F_COL_POINT] = bench(op_col_point, &t);
	f[F_LMSM_BASIC] = t.unique ? bench(op_lmsm_basic, &t) : -1;
	f[F_LMSM_POINT] = t.unique ? bench(op_lmsm_point, &t) : -1;

	printf("N = %d mounts (record of mount %d)\n", n, t.id);
	row(":mnt:info by path (getxattr)", path);
	row(":mnt:info by descriptor (fgetxattr)", fd);
	row(":mntns:ID:info by id", id);
	row(":mntns: listing", list);
	row("read mountinfo + pick the record", scan);
	row("read mountinfo + collect the ids", ids);
	row("statmount(2), mountinfo fields", sm);
	row("listmount(2), all ids, 4096 a call", lm);
	ratio("ratio :mnt:info / read+pick", path, scan);
	ratio("ratio :mnt:info / statmount", path, sm);
	ratio("ratio :mntns:ID:info / :mnt:info", id, path);
	ratio("ratio :mntns: / read+collect", list, ids);
	ratio("ratio :mntns: / listmount", list, lm);
	row(":mntns:all:mnt_attr column", f[F_COL_ATTR]);
	row(":mntns:all:mountpoint column", f[F_COL_POINT]);
	row("listmount + N statmount(MNT_BASIC)", f[F_LMSM_BASIC]);
	row("listmount + N statmount(MNT_POINT)", f[F_LMSM_POINT]);
	ratio("ratio mnt_attr column / lm+sm(BASIC)", f[F_COL_ATTR],
	      f[F_LMSM_BASIC]);
	ratio("ratio mountpoint column / lm+sm(POINT)", f[F_COL_POINT],
	      f[F_LMSM_POINT]);
	ratio("ratio mnt_attr column / read mountinfo", f[F_COL_ATTR], ids);
	fflush(stdout);
}

static int run_child(void (*fn)(int), int arg)
{
	int status;
	pid_t pid;

	fflush(stdout);		/* or the child prints it again */
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		fn(arg);
		exit(0);
	}
	if (waitpid(pid, &status, 0) < 0)
		die("waitpid");
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : 1;
}

/*
 * Mount latency under readers: in a namespace of LAT_MOUNTS mounts,
 * LAT_READERS processes of one kind read the mount table in a loop while
 * this one times LAT_PAIRS mount+umount pairs of a tmpfs on LAT_DIR.
 * The chrooted kinds chroot into LAT_ROOT, a mount with a procfs of its
 * own (a mountinfo file keeps the root of its opener, so they open it
 * after chroot); they see two mounts but the kernel walks all of them.
 */
#define LAT_MOUNTS	5000
#define LAT_READERS	6
#define LAT_PAIRS	100
#define LAT_DIR		"/tmp/fattr-bench-lat"
#define LAT_ROOT	BASE "/m0"

/*
 * Deep chains (bench_deep()): DEEP_CHAINS chains of tmpfs mounts
 * DEEP_LEVELS deep outside LAT_ROOT, against as many mounts side by side
 * (make_mounts()), each layout in a namespace of its own with DEEP_MOUNTS
 * tmpfs mounts (BASE and LAT_ROOT included) and LAT_ROOT's procfs.
 * Readers chrooted into LAT_ROOT see two mounts; the kernel judges every
 * other one per read, and how far up it walks to do so is what depth
 * changes.  A reader kind stops timing pairs after DEEP_CAP_NS.
 */
#define DEEP_CHAINS	3
#define DEEP_LEVELS	1000
#define DEEP_MOUNTS	(DEEP_CHAINS * DEEP_LEVELS + 2)
#define DEEP_CAP_NS	20000000000LL	/* 20 s */

enum lat_kind { LK_NONE, LK_PROC, LK_PROC_CHROOT, LK_LIST, LK_LIST_CHROOT,
		LK_ID_2NS, LK_MNT, LK_COL_ATTR, LK_COL_POINT,
		/* bench_deep()'s, all chrooted */
		LK_LIST_DEEP, LK_PROC_DEEP, LK_LIST_FLAT, LK_PROC_FLAT, NR_LK };

static const char *const lat_kinds[] = {
	"none",
	"read /proc/self/mountinfo",
	"read /proc/self/mountinfo, chrooted",
	"fattr :mntns: from /",
	"fattr :mntns:, chrooted",
	"fattr :mntns:ID:info, two namespaces",
	"fattr :mnt:info",
	"fattr :mntns:all:mnt_attr from /",
	"fattr :mntns:all:mountpoint from /",
	"fattr :mntns:, chrooted, deep chains",
	"read /proc/self/mountinfo, chrooted, deep chains",
	"fattr :mntns:, chrooted, flat",
	"read /proc/self/mountinfo, chrooted, flat",
};

/* Shared with the readers. */
struct lat_shared {
	int stop;
	int ready;
	long reads[LAT_READERS];
};

static struct lat_shared *lat;

/* Figures of each kind, kept where the parent reads them. */
enum { LF_MED, LF_MAX, LF_RATE, LF_PAIRS, LF_MOUNTS, NR_LF };
static double (*lat_fig)[NR_LF];

/* Reader @i of @kind: reads until lat->stop. */
static void lat_reader(enum lat_kind kind, int i, struct target *t)
{
	int (*op)(struct target *) = op_fattr_path;
	struct statx stx;

	if (kind == LK_PROC_CHROOT || kind == LK_LIST_CHROOT ||
	    kind >= LK_LIST_DEEP) {
		if (chroot(LAT_ROOT) || chdir("/"))
			die("chroot " LAT_ROOT);
	}
	switch (kind) {
	case LK_PROC:
	case LK_PROC_CHROOT:
	case LK_PROC_DEEP:
	case LK_PROC_FLAT:
		op = op_scan_ids;
		break;
	case LK_LIST:
	case LK_LIST_CHROOT:
	case LK_LIST_DEEP:
	case LK_LIST_FLAT:
		op = op_fattr_list;
		break;
	case LK_ID_2NS:
		op = op_fattr_id;
		break;
	case LK_COL_ATTR:
		op = op_col_attr;
		break;
	case LK_COL_POINT:
		op = op_col_point;
		break;
	default:
		break;
	}
	/* Half of them in a copy of the namespace: its own mount ids. */
	if (kind == LK_ID_2NS && i % 2) {
		if (unshare(CLONE_NEWNS))
			die("unshare");
		if (statx(AT_FDCWD, t->path, 0, STATX_MNT_ID, &stx))
			die("statx");
		snprintf(t->name_id, sizeof(t->name_id), ":mntns:%llu:info",
			 (unsigned long long)stx.stx_mnt_id);
	}
	if (op(t)) {
		fprintf(stderr, "fattr-bench: reader %s: %s\n",
			lat_kinds[kind], strerror(errno));
		_exit(1);
	}
	__atomic_add_fetch(&lat->ready, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&lat->stop, __ATOMIC_RELAXED)) {
		op(t);
		__atomic_add_fetch(&lat->reads[i], 1, __ATOMIC_RELAXED);
	}
	_exit(0);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Median and max ms of a mount+umount pair, reads/s and pairs timed under
 * @kind into lat_fig[@kind]: LAT_PAIRS pairs, or fewer if @cap_ns (not 0)
 * has passed since the first.
 */
static void lat_run(enum lat_kind kind, struct target *t, long long cap_ns)
{
	struct sched_param fifo = { .sched_priority = 1 }, other = { 0 };
	double *fig = lat_fig[kind];
	pid_t pids[LAT_READERS];
	double ms[LAT_PAIRS];
	long long t0, t1;
	long reads = 0;
	int i, n, nr = kind == LK_NONE ? 0 : LAT_READERS;

	memset(lat, 0, sizeof(*lat));
	for (i = 0; i < nr; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			die("fork");
		if (!pids[i])
			lat_reader(kind, i, t);
	}
	/* Every reader past its first read (and its setup). */
	while (__atomic_load_n(&lat->ready, __ATOMIC_SEQ_CST) < nr) {
		for (i = 0; i < nr; i++)
			if (waitpid(pids[i], NULL, WNOHANG) == pids[i]) {
				fprintf(stderr, "fattr-bench: a reader of \"%s\" died\n",
					lat_kinds[kind]);
				exit(1);
			}
		usleep(1000);
	}
	for (i = 0; i < nr; i++)
		reads -= __atomic_load_n(&lat->reads[i], __ATOMIC_RELAXED);
	/*
	 * The timer runs SCHED_FIFO, so that a pair waits for namespace_sem
	 * and the kernel's own work, not for a CPU: readers that never sleep
	 * (fattr's) would otherwise delay it more than readers that sleep on
	 * the lock (procfs's), whatever their holds.
	 */
	if (sched_setscheduler(0, SCHED_FIFO, &fifo))
		die("sched_setscheduler");
	t0 = now_ns();
	for (n = 0; n < LAT_PAIRS && (!cap_ns || now_ns() - t0 < cap_ns);
	     n++) {
		long long p0 = now_ns();

		if (mount("lat", LAT_DIR, "tmpfs", 0, "size=64k"))
			die("mount " LAT_DIR);
		if (umount(LAT_DIR))
			die("umount " LAT_DIR);
		ms[n] = (now_ns() - p0) / 1e6;
	}
	t1 = now_ns();
	if (sched_setscheduler(0, SCHED_OTHER, &other))
		die("sched_setscheduler");
	for (i = 0; i < nr; i++)
		reads += __atomic_load_n(&lat->reads[i], __ATOMIC_RELAXED);
	__atomic_store_n(&lat->stop, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < nr; i++)
		if (waitpid(pids[i], NULL, 0) != pids[i])
			die("waitpid");
	qsort(ms, n, sizeof(*ms), cmp_double);
	fig[LF_MED] = (ms[(n - 1) / 2] + ms[n / 2]) / 2;
	fig[LF_MAX] = ms[n - 1];
	fig[LF_RATE] = reads * 1e9 / (t1 - t0);
	fig[LF_PAIRS] = n;
}

static void lat_goal(const char *what, const double *a, const double *b)
{
	int met = a[LF_MED] <= b[LF_MED] && a[LF_MAX] <= b[LF_MAX];

	printf("  %-42s median %7.2f <= %7.2f, max %7.2f <= %7.2f  %s\n",
	       what, a[LF_MED], b[LF_MED], a[LF_MAX], b[LF_MAX],
	       met ? "met" : "NOT MET");
}

/* LAT_ROOT's own procfs, for the chrooted readers; and LAT_DIR. */
static void lat_mount_proc(void)
{
	if (mkdir(LAT_ROOT "/proc", 0755) ||
	    mount("proc", LAT_ROOT "/proc", "proc", 0, NULL))
		die("mount " LAT_ROOT "/proc");
	mkdir(LAT_DIR, 0755);
}

/* In a child, so that its namespace and its mounts go with it. */
static void bench_latency(int unused)
{
	double (*fig)[NR_LF] = lat_fig;
	struct target t;
	long long t0;
	int k;

	(void)unused;
	make_mounts(LAT_MOUNTS, &t);
	lat_mount_proc();
	printf("Mount latency under readers: %d tmpfs mounts, %d reader processes, %d mount+umount pairs\n",
	       LAT_MOUNTS, LAT_READERS, LAT_PAIRS);
	printf("  %-40s %10s %10s %12s\n", "readers", "median ms", "max ms",
	       "reads/s");
	t0 = now_ns();
	for (k = 0; k < LK_LIST_DEEP; k++) {
		lat_run(k, &t, 0);
		printf("  %-40s %10.2f %10.2f %12.1f\n", lat_kinds[k],
		       fig[k][LF_MED], fig[k][LF_MAX], fig[k][LF_RATE]);
		fflush(stdout);
	}
	printf("  (%.0f s)\n", (now_ns() - t0) / 1e9);
	printf("Goals (mount latency: fattr's readers <= procfs's; met or not)\n");
	lat_goal(":mntns: from / vs mountinfo", fig[LK_LIST], fig[LK_PROC]);
	lat_goal(":mntns: chrooted vs mountinfo chrooted",
		 fig[LK_LIST_CHROOT], fig[LK_PROC_CHROOT]);
	lat_goal(":mntns:ID:info, 2 namespaces vs mountinfo",
		 fig[LK_ID_2NS], fig[LK_PROC]);
	lat_goal(":mnt:info vs mountinfo", fig[LK_MNT], fig[LK_PROC]);
	/* A column holds namespace_sem as the listing does. */
	lat_goal(":mntns:all:mnt_attr vs :mntns:", fig[LK_COL_ATTR],
		 fig[LK_LIST]);
	lat_goal(":mntns:all:mountpoint vs mountinfo", fig[LK_COL_POINT],
		 fig[LK_PROC]);
	fflush(stdout);
}

/* Mounts in this namespace: lines of mountinfo, read in pieces. */
static int count_mounts(void)
{
	int fd = open("/proc/self/mountinfo", O_RDONLY);
	int lines = 0;
	ssize_t n, i;

	if (fd < 0)
		die("/proc/self/mountinfo");
	while ((n = read(fd, value, 65536)) > 0)
		for (i = 0; i < n; i++)
			lines += value[i] == '\n';
	close(fd);
	return lines;
}

/*
 * A fresh namespace of DEEP_MOUNTS tmpfs mounts: BASE, LAT_ROOT, then the
 * chains on BASE/a, BASE/b, ..., created level by level across them (a1,
 * b1, c1, a2, ...), so that their mounts interleave in the namespace's
 * list and ids.  Each level goes on "d" in the root of the one before,
 * reached with fchdir(): no path given to mount(2) grows with depth.
 */
static void make_chains(void)
{
	int fd[DEEP_CHAINS], c, i;
	char dir[64];

	new_ns();
	if (mkdir(LAT_ROOT, 0755) || mount("bench", LAT_ROOT, "tmpfs", 0,
					   "size=64k"))
		die(LAT_ROOT);
	for (c = 0; c < DEEP_CHAINS; c++) {
		snprintf(dir, sizeof(dir), BASE "/%c", 'a' + c);
		if (mkdir(dir, 0755))
			die(dir);
		fd[c] = open(dir, O_RDONLY | O_DIRECTORY);
		if (fd[c] < 0)
			die(dir);
	}
	for (i = 0; i < DEEP_LEVELS; i++)
		for (c = 0; c < DEEP_CHAINS; c++) {
			if (fchdir(fd[c]) || mkdir("d", 0755) ||
			    mount("bench", "d", "tmpfs", 0, "size=64k"))
				die("mount chain");
			close(fd[c]);
			/* the new mount's root, past the mount point */
			fd[c] = open("d", O_RDONLY | O_DIRECTORY);
			if (fd[c] < 0)
				die("open chain");
		}
	for (c = 0; c < DEEP_CHAINS; c++)
		close(fd[c]);
	if (chdir("/"))
		die("chdir /");
}

/* In a child: the deep kinds (@deep) or their flat counterparts. */
static void bench_layout(int deep)
{
	const enum lat_kind kinds[2] = {
		deep ? LK_LIST_DEEP : LK_LIST_FLAT,
		deep ? LK_PROC_DEEP : LK_PROC_FLAT,
	};
	struct target t = { .path = LAT_ROOT };
	int mounts, i;

	if (deep)
		make_chains();
	else
		make_mounts(DEEP_MOUNTS, &t);
	lat_mount_proc();
	mounts = count_mounts();
	for (i = 0; i < 2; i++) {
		enum lat_kind k = kinds[i];
		double *f = lat_fig[k];

		lat_run(k, &t, DEEP_CAP_NS);
		f[LF_MOUNTS] = mounts;
		printf("  %-48s %9.2f %9.2f %9.1f %5.0f %6d\n", lat_kinds[k],
		       f[LF_MED], f[LF_MAX], f[LF_RATE], f[LF_PAIRS], mounts);
		fflush(stdout);
	}
}

/* Median of @a at most @times that of @b; figures < 0: not measured. */
static void lat_goal_median(const char *what, const double *a,
			    const double *b, int times)
{
	if (a[LF_MED] < 0 || b[LF_MED] < 0) {
		printf("  %-50s n/a\n", what);
		return;
	}
	printf("  %-50s median %7.2f <= %d x %7.2f  %s\n", what, a[LF_MED],
	       times, b[LF_MED],
	       a[LF_MED] <= times * b[LF_MED] ? "met" : "NOT MET");
}

/*
 * Deep chains against flat, chrooted readers: each layout in a child of
 * its own (the flat one's mounts would otherwise stay in the deep one's
 * namespace, or the other way round), the same mount count in both.
 */
static int bench_deep(void)
{
	long long t0 = now_ns();
	int status = 0, k;

	for (k = LK_LIST_DEEP; k < NR_LK; k++)
		lat_fig[k][LF_MED] = -1;
	printf("Mount latency under chrooted readers: %d chains of %d tmpfs mounts against as many side by side, %d reader processes, %d mount+umount pairs or %lld s\n",
	       DEEP_CHAINS, DEEP_LEVELS, LAT_READERS, LAT_PAIRS,
	       DEEP_CAP_NS / 1000000000);
	printf("  %-48s %9s %9s %9s %5s %6s\n", "readers", "median ms",
	       "max ms", "reads/s", "pairs", "mounts");
	status |= run_child(bench_layout, 1);
	status |= run_child(bench_layout, 0);
	printf("  (%.0f s, setups included)\n", (now_ns() - t0) / 1e9);
	printf("Goals (deep chains: work per hold of namespace_sem independent of depth; met or not)\n");
	lat_goal_median(":mntns: chrooted, deep chains vs flat",
			lat_fig[LK_LIST_DEEP], lat_fig[LK_LIST_FLAT], 2);
	lat_goal_median(":mntns: vs mountinfo, chrooted, deep chains",
			lat_fig[LK_LIST_DEEP], lat_fig[LK_PROC_DEEP], 1);
	fflush(stdout);
	return status;
}

/* The product's goals: met or not, with the figure. */
static void goal(const char *what, double a, double b, double limit,
		 int at_most)
{
	double r = a / b;

	if (a < 0 || b <= 0) {
		printf("  %-50s %10s  n/a\n", what, "");
		return;
	}
	printf("  %-50s %10.3f  %s\n", what, r,
	       (at_most ? r <= limit : r >= limit) ? "met" : "NOT MET");
}

/*
 * Issue 41's goals, near the floor at every scale: the listing at most
 * 1.5 times listmount(2); a number column at most 0.1 times listmount +
 * statmount(2) of each mount (at 10,000 and 100,000; on 6.1, without
 * them, 0.1 times a read of mountinfo); the mount point column at most
 * 0.5; and from 1,000 to 100,000 mounts, no way's cost per mount growing
 * more than 1.1 times listmount's own growth.
 */
static void goals_scale(void)
{
	double (*f)[NR_F] = figures;
	static const struct {
		const char *what;
		int row;
	} walks[] = {
		{ ":mntns:", F_LIST },
		{ "mnt_attr column", F_COL_ATTR },
		{ "mountpoint column", F_COL_POINT },
	};
	int big = NR_SIZES - 1, k;
	size_t i;

	printf("Goals of the scale, 10 to %d mounts (ratio; met or not)\n",
	       sizes[big]);
	for (k = 0; k < NR_SIZES; k++) {
		char what[96];

		snprintf(what, sizeof(what),
			 "  N=%d: :mntns: / listmount(2) <= 1.5", sizes[k]);
		goal(what, f[k][F_LIST], f[k][F_LM], 1.5, 1);
		if (k < K_10K)
			continue;
		snprintf(what, sizeof(what),
			 "  N=%d: mnt_attr column / lm + N sm(BASIC) <= 0.1",
			 sizes[k]);
		goal(what, f[k][F_COL_ATTR], f[k][F_LMSM_BASIC], 0.1, 1);
		snprintf(what, sizeof(what),
			 "  N=%d: mnt_attr column / read mountinfo <= 0.1",
			 sizes[k]);
		goal(what, f[k][F_COL_ATTR], f[k][F_IDS], 0.1, 1);
		snprintf(what, sizeof(what),
			 "  N=%d: mountpoint column / lm + N sm(POINT) <= 0.5",
			 sizes[k]);
		goal(what, f[k][F_COL_POINT], f[k][F_LMSM_POINT], 0.5, 1);
	}
	/* Growth per mount, 1,000 to 100,000, against listmount's. */
	for (i = 0; i < sizeof(walks) / sizeof(walks[0]); i++) {
		char what[96];
		int r = walks[i].row;

		snprintf(what, sizeof(what),
			 "  %s growth per mount, N=1000 to %d / listmount's <= 1.1",
			 walks[i].what, sizes[big]);
		if (f[big][r] < 0 || f[1][r] <= 0 || f[big][F_LM] < 0 ||
		    f[1][F_LM] <= 0)
			goal(what, -1, 1, 1.1, 1);
		else
			goal(what, f[big][r] / f[1][r],
			     f[big][F_LM] / f[1][F_LM], 1.1, 1);
	}
}

static void goals(double loaded, double unloaded)
{
	double (*f)[NR_F] = figures;
	int last = K_10K, k;

	printf("Goals (ratio; met or not)\n");
	goal(":mnt:info flat in N: N=10000 / N=10 <= 1.3",
	     f[last][F_PATH], f[0][F_PATH], 1.3, 1);
	goal("read+pick / :mnt:info at N=10000 >= 1000",
	     f[last][F_SCAN], f[last][F_PATH], 1000, 0);
	goal(":mnt:info / statmount at N=10000 <= 1.5",
	     f[last][F_PATH], f[last][F_SM], 1.5, 1);
	goal(":mntns:ID:info / :mnt:info at N=10000 < 2",
	     f[last][F_ID], f[last][F_PATH], 2, 1);
	goal(":mntns: / read+collect at N=10000 <= 1",
	     f[last][F_LIST], f[last][F_IDS], 1, 1);
	goal(":mntns: / listmount(2) at N=10000 <= 2",
	     f[last][F_LIST], f[last][F_LM], 2, 1);
	goal("ordinary names, loaded / not loaded <= 1.05",
	     loaded, unloaded, 1.05, 1);
	for (k = 1; k < NR_SIZES; k++) {
		printf("  at N=%d:\n", sizes[k]);
		goal("  mnt_attr column / lm + N sm(BASIC) <= 0.2",
		     f[k][F_COL_ATTR], f[k][F_LMSM_BASIC], 0.2, 1);
		goal("  mountpoint column / lm + N sm(POINT) <= 0.5",
		     f[k][F_COL_POINT], f[k][F_LMSM_POINT], 0.5, 1);
		goal("  mnt_attr column / read mountinfo <= 0.5",
		     f[k][F_COL_ATTR], f[k][F_IDS], 0.5, 1);
	}
	goals_scale();
	/* Per mount at 10,000 against 1,000. */
	goal("mnt_attr column per mount, N=10000 / N=1000 <= 1.2",
	     f[last][F_COL_ATTR] / sizes[last],
	     f[last - 1][F_COL_ATTR] / sizes[last - 1], 1.2, 1);
	goal("mountpoint column per mount, N=10000 / N=1000 <= 1.2",
	     f[last][F_COL_POINT] / sizes[last],
	     f[last - 1][F_COL_POINT] / sizes[last - 1], 1.2, 1);
}

/* ------------------------------------------------------------------
 * One value per key (issue 12): per-key names against statmount(2),
 * :mnt:info and statfs(2), and whole getfattr processes against whole
 * findmnt processes.  Kept apart from the rows above.
 */

static int op_key_mountpoint(struct target *t)
{
	return getxattr(t->path, ":mnt:mountpoint", value, VALUE_MAX) < 0;
}

static int op_key_bavail(struct target *t)
{
	return getxattr(t->path, ":mnt:statfs:bavail", value, VALUE_MAX) < 0;
}

static int op_statfs(struct target *t)
{
	struct statfs st;

	return statfs(t->path, &st) < 0;
}

static int op_statmount_point(struct target *t)
{
	struct mnt_id_req_ req = {
		.size = sizeof(req), .mnt_id = t->unique, .param = SM_MNT_POINT,
	};

	return syscall(NR_statmount, &req, value, VALUE_MAX, 0) < 0;
}

/* Runs @argv with stdout and stderr on /dev/null; 0 if it exits 0. */
static int run_quiet(char *const argv[])
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return 1;
	if (!pid) {
		int fd = open("/dev/null", O_WRONLY);

		dup2(fd, 1);
		dup2(fd, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return 1;
	return !(WIFEXITED(status) && !WEXITSTATUS(status));
}

/* What the processes ask: getfattr this key, findmnt this column. */
static char *proc_key = ":mnt:mountpoint", *proc_column = "TARGET";

static int op_proc_getfattr(struct target *t)
{
	char *const argv[] = { "/usr/bin/getfattr", "--only-values", "-n",
			       proc_key, (char *)t->path, NULL };

	return run_quiet(argv);
}

static int op_proc_findmnt(struct target *t)
{
	char *const argv[] = { "/usr/bin/findmnt", "-n", "-o", proc_column,
			       "-T", (char *)t->path, NULL };

	return run_quiet(argv);
}

enum { V_KEY, V_INFO, V_SMP, V_BAVAIL, V_STATFS, V_GETFATTR, V_FINDMNT,
       NR_V };
#define NR_VSIZES	2
static const int vsizes[NR_VSIZES] = { 10, 1000 };
static double (*vfigures)[NR_V];

/* In a child, as bench_n(). */
static void bench_values(int k)
{
	double *f = vfigures[k];
	struct target t;

	make_mounts(vsizes[k], &t);
	f[V_KEY] = bench(op_key_mountpoint, &t);
	f[V_INFO] = bench(op_fattr_path, &t);
	f[V_SMP] = t.unique ? bench(op_statmount_point, &t) : -1;
	f[V_BAVAIL] = bench(op_key_bavail, &t);
	f[V_STATFS] = bench(op_statfs, &t);
	f[V_GETFATTR] = bench(op_proc_getfattr, &t);
	f[V_FINDMNT] = bench(op_proc_findmnt, &t);

	printf("N = %d mounts, one value per key (mount %d)\n", vsizes[k],
	       t.id);
	row(":mnt:mountpoint (getxattr)", f[V_KEY]);
	row(":mnt:info (getxattr)", f[V_INFO]);
	row("statmount(2), STATMOUNT_MNT_POINT", f[V_SMP]);
	row(":mnt:statfs:bavail (getxattr)", f[V_BAVAIL]);
	row("statfs(2)", f[V_STATFS]);
	row("process: getfattr -n :mnt:mountpoint", f[V_GETFATTR]);
	row("process: findmnt -n -o TARGET -T", f[V_FINDMNT]);
	ratio("ratio :mnt:mountpoint / statmount", f[V_KEY], f[V_SMP]);
	ratio("ratio :mnt:mountpoint / :mnt:info", f[V_KEY], f[V_INFO]);
	ratio("ratio :mnt:statfs:bavail / statfs", f[V_BAVAIL], f[V_STATFS]);
	ratio("ratio findmnt / getfattr (processes)", f[V_FINDMNT],
	      f[V_GETFATTR]);
	fflush(stdout);
}

static void values_goals(void)
{
	double (*f)[NR_V] = vfigures;
	int last = NR_VSIZES - 1;

	printf("Goals, one value per key (ratio; met or not)\n");
	goal(":mnt:mountpoint / statmount MNT_POINT at N=1000 <= 1.0",
	     f[last][V_KEY], f[last][V_SMP], 1.0, 1);
	goal(":mnt:mountpoint / :mnt:info at N=1000 <= 1.1",
	     f[last][V_KEY], f[last][V_INFO], 1.1, 1);
	goal(":mnt:statfs:bavail / statfs(2) at N=1000 <= 1.5",
	     f[last][V_BAVAIL], f[last][V_STATFS], 1.5, 1);
	ratio("findmnt / getfattr processes at N=10 (reported)",
	      f[0][V_FINDMNT], f[0][V_GETFATTR]);
	goal("findmnt / getfattr processes at N=1000 >= 10",
	     f[last][V_FINDMNT], f[last][V_GETFATTR], 10, 0);
}

static int bench_values_all(void)
{
	int status = 0, i;

	vfigures = mmap(NULL, NR_VSIZES * sizeof(*vfigures),
			PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			-1, 0);
	if (vfigures == MAP_FAILED)
		die("mmap");
	for (i = 0; i < NR_VSIZES; i++)
		status |= run_child(bench_values, i);
	values_goals();
	return status;
}

/* ------------------------------------------------------------------
 * The facts of issue 18: each key against statmount(2) asking for the
 * field alone (where the kernel has it), flat in N; uuid and bdev against
 * statfs(2) (they make one); and whole processes asking a real file
 * system's UUID: getfattr against blkid and findmnt.
 */

#define SM_MNT_NS_ID		0x040U	/* Linux 6.11 */
#define SM_FS_SUBTYPE		0x100U	/* Linux 6.15 */
#define SM_OPT_ARRAY		0x400U	/* Linux 6.13 */

static const struct fact {
	const char *key;	/* ":mnt:KEY" */
	uint32_t sm;		/* statmount's field, or 0: statfs(2) */
	int absent;		/* ENODATA is an answer: a tmpfs has none */
} facts[] = {
	{ "mnt_attr", SM_MNT_BASIC, 0 },
	{ "mnt_propagation", SM_MNT_BASIC, 0 },
	{ "mnt_peer_group", SM_MNT_BASIC, 0 },
	{ "mnt_master", SM_MNT_BASIC, 0 },
	{ "propagate_from", SM_PROPAGATE_FROM, 0 },
	{ "mnt_parent_id", SM_MNT_BASIC, 0 },
	{ "sb_magic", SM_SB_BASIC, 0 },
	{ "sb_flags", SM_SB_BASIC, 0 },
	{ "mnt_ns_id", SM_MNT_NS_ID, 0 },
	{ "fs_subtype", SM_FS_SUBTYPE, 1 },
	{ "opt_array", SM_OPT_ARRAY, 0 },
	{ "uuid", 0, 1 },
	{ "bdev", 0, 1 },
};
#define NR_FACTS	(sizeof(facts) / sizeof(*facts))
/*
 * Per N: each fact, its statmount (or statfs), statx + that statmount;
 * export, info, mntns_event, a ':' name fattr does not know.
 */
enum { FX_EXPORT = 3 * NR_FACTS, FX_INFO, FX_EVENT, FX_UNKNOWN, NR_FX };
static double (*ffig)[NR_FX];
static const struct fact *cur_fact;

/* A key this kernel does not serve (ENODATA) is n/a. */
static int op_fact(struct target *t)
{
	char name[64];

	snprintf(name, sizeof(name), ":mnt:%s", cur_fact->key);
	return getxattr(t->path, name, value, VALUE_MAX) < 0 &&
	       !(errno == ENODATA && cur_fact->absent);
}

static int op_fact_sm(struct target *t)
{
	struct mnt_id_req_ req = {
		.size = sizeof(req), .mnt_id = t->unique,
		.param = cur_fact->sm,
	};

	if (syscall(NR_statmount, &req, value, VALUE_MAX, 0) < 0)
		return 1;
	/* A field this kernel does not have: not comparable. */
	return !(((const uint64_t *)value)[1] & cur_fact->sm);
}

/*
 * The C way from a path to the same fact, the fair anchor of a key (both
 * start from a path): statx(2) for the mount's unique id, then statmount(2)
 * asking for the fact's field alone.
 */
static int op_fact_sx(struct target *t)
{
	struct statx stx;

	if (statx(AT_FDCWD, t->path, 0, STATX_MNT_ID_UNIQUE_, &stx) ||
	    !(stx.stx_mask & STATX_MNT_ID_UNIQUE_) ||
	    stx.stx_mnt_id != t->unique)
		return 1;
	return op_fact_sm(t);
}

/* A ':' name fattr does not know: the hook and the call's path lookup. */
static int op_unknown(struct target *t)
{
	return getxattr(t->path, ":nosuch", value, VALUE_MAX) >= 0 ||
	       errno != ENODATA;
}

static int op_export(struct target *t)
{
	return getxattr(t->path, ":mnt:export", value, VALUE_MAX) < 0;
}

static int op_event(struct target *t)
{
	return getxattr(t->path, ":mntns_event", value, VALUE_MAX) < 0;
}

/* In a child, as bench_n(). */
static void bench_facts(int k)
{
	double *f = ffig[k];
	struct target t;
	size_t i;

	make_mounts(sizes[k], &t);
	for (i = 0; i < NR_FACTS; i++) {
		cur_fact = &facts[i];
		f[3 * i] = bench(op_fact, &t);
		f[3 * i + 2] = -1;
		if (!facts[i].sm) {
			f[3 * i + 1] = bench(op_statfs, &t);
		} else if (t.unique) {
			f[3 * i + 1] = bench(op_fact_sm, &t);
			f[3 * i + 2] = bench(op_fact_sx, &t);
		} else {
			f[3 * i + 1] = -1;
		}
	}
	f[FX_EXPORT] = bench(op_export, &t);
	f[FX_INFO] = bench(op_fattr_path, &t);
	f[FX_EVENT] = bench(op_event, &t);
	f[FX_UNKNOWN] = bench(op_unknown, &t);
	printf("N = %d mounts, the facts of a mount (mount %d)\n", sizes[k],
	       t.id);
	printf("  %-36s %12s %12s %12s %7s %7s\n", ":mnt:KEY / the C way", "key",
	       "statmount", "statx+sm", "/ sm", "/ sx+sm");
	for (i = 0; i < NR_FACTS; i++) {
		char what[96], c[3][16], r[2][16];
		int j;

		snprintf(what, sizeof(what), ":mnt:%s / %s", facts[i].key,
			 facts[i].sm ? "that field" : "statfs(2)");
		for (j = 0; j < 3; j++)
			if (f[3 * i + j] <= 0 || f[3 * i] < 0)
				snprintf(c[j], sizeof(c[j]), "n/a");
			else
				snprintf(c[j], sizeof(c[j]), "%.1f us",
					 f[3 * i + j] / 1000);
		for (j = 0; j < 2; j++)
			if (f[3 * i + 1 + j] <= 0 || f[3 * i] < 0)
				snprintf(r[j], sizeof(r[j]), "n/a");
			else
				snprintf(r[j], sizeof(r[j]), "%.3f",
					 f[3 * i] / f[3 * i + 1 + j]);
		printf("  %-36s %12s %12s %12s %7s %7s\n", what, c[0], c[1],
		       c[2], r[0], r[1]);
	}
	row(":mnt:export (getxattr)", f[FX_EXPORT]);
	row(":mnt:info (getxattr)", f[FX_INFO]);
	row(":mntns_event (getxattr)", f[FX_EVENT]);
	row(":nosuch (getxattr): hook + path lookup", f[FX_UNKNOWN]);
	/* mntns_event computes a hash: the rest is its verdict's open. */
	row("verdict: :mntns_event - :nosuch", f[FX_EVENT] - f[FX_UNKNOWN]);
	ratio("ratio :mnt:export / :mnt:info", f[FX_EXPORT], f[FX_INFO]);
	ratio("ratio :mntns_event / statx+statmount(mnt_attr's)",
	      f[FX_EVENT], f[2]);
	ratio("share of :mnt:mnt_attr: the verdict",
	      f[FX_EVENT] - f[FX_UNKNOWN], f[0]);
	ratio("share of :mnt:mnt_attr: hook + path lookup",
	      f[FX_UNKNOWN], f[0]);
	fflush(stdout);
}

static char blkid_dev[256];

static int op_proc_blkid(struct target *t)
{
	char *const argv[] = { "/usr/sbin/blkid", "-s", "UUID", "-o", "value",
			       blkid_dev, NULL };

	(void)t;
	return run_quiet(argv);
}

/* The facts' rows and goals, and the processes on the file system @real. */
static int bench_facts_all(const char *real)
{
	struct target t = { .path = real };
	double g, fm, bl;
	int status = 0, last = K_10K;
	ssize_t n;
	size_t i;

	ffig = mmap(NULL, NR_FSIZES * sizeof(*ffig), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ffig == MAP_FAILED)
		die("mmap");
	for (i = 0; i < NR_FSIZES; i++)
		status |= run_child(bench_facts, i);
	printf("Goals, the facts of a mount (ratio; met or not)\n");
	for (i = 0; i < NR_FACTS; i++) {
		char what[128];

		/* uuid and bdev make a statfs(2): reported, no goal. */
		snprintf(what, sizeof(what), ":mnt:%s / %s at N=10000 %s",
			 facts[i].key, facts[i].sm ? "statmount" : "statfs",
			 facts[i].sm ? "<= 1.0" : "(reported)");
		if (facts[i].sm)
			goal(what, ffig[last][3 * i], ffig[last][3 * i + 1],
			     1.0, 1);
		else
			ratio(what, ffig[last][3 * i], ffig[last][3 * i + 1]);
		snprintf(what, sizeof(what),
			 ":mnt:%s flat: N=10000 / N=10 <= 1.3", facts[i].key);
		goal(what, ffig[last][3 * i], ffig[0][3 * i], 1.3, 1);
	}
	/* Issue 28: facts[0] is mnt_attr, its anchor statmount's MNT_BASIC. */
	goal(":mnt:mnt_attr / statx+statmount at N=10000 <= 2.0",
	     ffig[last][0], ffig[last][2], 2.0, 1);
	goal(":mntns_event / statx+statmount at N=10000 <= 1.5",
	     ffig[last][FX_EVENT], ffig[last][2], 1.5, 1);
	n = getxattr(real, ":mnt:source", blkid_dev, sizeof(blkid_dev) - 1);
	if (n <= 0) {
		printf("  processes: no file system at %s (%s)\n", real,
		       strerror(errno));
		return status;
	}
	blkid_dev[n] = 0;
	proc_key = ":mnt:uuid";
	proc_column = "UUID";
	g = bench(op_proc_getfattr, &t);
	fm = bench(op_proc_findmnt, &t);
	bl = bench(op_proc_blkid, &t);
	printf("Processes asking the UUID of %s (%s)\n", real, blkid_dev);
	row("getfattr --only-values -n :mnt:uuid", g);
	row("findmnt -n -o UUID -T", fm);
	row("blkid -s UUID -o value DEVICE", bl);
	ratio("ratio findmnt / getfattr", fm, g);
	ratio("ratio blkid / getfattr", bl, g);
	return status;
}

/* The hook's cost to ordinary names: loaded vs. unloaded, same boot. */
static int bench_misses(const char *ko)
{
	struct target t = { .path = "/tmp" };
	double ua[2], se[2];
	int fd, i;

	for (i = 0; i < 2; i++) {
		ua[i] = bench(op_user_absent, &t);
		se[i] = bench(op_security, &t);
		if (i)
			break;
		if (syscall(SYS_delete_module, "fattr", O_NONBLOCK))
			die("delete_module");
	}
	fd = open(ko, O_RDONLY);
	if (fd < 0 || syscall(SYS_finit_module, fd, "", 0))
		die("finit_module");
	close(fd);
	printf("Ordinary names (misses), module loaded vs. not loaded\n");
	row("getxattr user.absent, loaded", ua[0]);
	row("getxattr user.absent, not loaded", ua[1]);
	row("getxattr security.selinux, loaded", se[0]);
	row("getxattr security.selinux, not loaded", se[1]);
	ratio("ratio loaded / not loaded, user.absent", ua[0], ua[1]);
	ratio("ratio loaded / not loaded, security.selinux", se[0], se[1]);
	goals(ua[0] > se[0] ? ua[0] : se[0], ua[0] > se[0] ? ua[1] : se[1]);
	return 0;
}

/* A key read from the mount, and the floor every key pays (the verdict). */
static int op_spin_key(struct target *t)
{
	return getxattr(t->path, ":mnt:mnt_propagation", value, VALUE_MAX) < 0;
}

static int op_spin_event(struct target *t)
{
	return getxattr(t->path, ":mntns_event", value, VALUE_MAX) < 0;
}

/*
 * --spin OP N SECONDS, for a profiler (bench/vm-profile.sh): in a fresh
 * namespace of N mounts, repeats one way of listing them (or one key, or
 * the floor of a key) for SECONDS.
 */
static const struct {
	const char *name;
	int (*op)(struct target *t);
} spin_ops[] = {
	{ "mntns", op_fattr_list },
	{ "listmount", op_listmount },
	{ "col-attr", op_col_attr },
	{ "col-point", op_col_point },
	{ "lmsm-basic", op_lmsm_basic },
	{ "scan-ids", op_scan_ids },
	{ "key-prop", op_spin_key },
	{ "event", op_spin_event },
};

static int spin(const char *name, int n, int seconds)
{
	struct target t;
	long long end;
	long calls = 0;
	size_t i;

	for (i = 0; i < sizeof(spin_ops) / sizeof(spin_ops[0]); i++)
		if (!strcmp(spin_ops[i].name, name))
			break;
	if (i == sizeof(spin_ops) / sizeof(spin_ops[0]) || n < 2) {
		fprintf(stderr, "fattr-bench --spin: no way %s, or N < 2\n",
			name);
		return 2;
	}
	make_mounts(n, &t);
	/* A profiler attaches now (bench/vm-profile.sh waits for this). */
	printf("fattr-bench --spin: ready, pid %d\n", getpid());
	fflush(stdout);
	end = now_ns() + seconds * 1000000000LL;
	while (now_ns() < end) {
		if (spin_ops[i].op(&t)) {
			perror(name);
			return 1;
		}
		calls++;
	}
	printf("fattr-bench --spin %s: %d mounts, %ld calls, %.1f us a call\n",
	       name, n, calls, seconds * 1e6 / calls);
	return 0;
}

int main(int argc, char **argv)
{
	struct utsname u;
	int status = 0;
	int i;

	if (argc == 5 && !strcmp(argv[1], "--spin")) {
		value = malloc(VALUE_MAX);
		if (!value)
			die("malloc");
		return spin(argv[2], atoi(argv[3]), atoi(argv[4]));
	}
	if (argc >= 2 && !strcmp(argv[1], "--ab")) {
		value = malloc(VALUE_MAX);
		if (!value)
			die("malloc");
		return bench_ab(argc - 2, argv + 2);
	}
	if (argc != 2 && !(argc == 3 && !strcmp(argv[1], "--facts"))) {
		fprintf(stderr, "usage: fattr-bench MODULE.ko | --facts PATH | --spin OP N SECONDS | --ab OLD.ko NEW.ko [ROUNDS]\n");
		return 2;
	}
	value = malloc(VALUE_MAX);
	figures = mmap(NULL, NR_SIZES * sizeof(*figures),
		       PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	lat = mmap(NULL, sizeof(*lat), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	lat_fig = mmap(NULL, NR_LK * sizeof(*lat_fig), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!value || figures == MAP_FAILED || lat == MAP_FAILED ||
	    lat_fig == MAP_FAILED)
		die("malloc");
	uname(&u);
	printf("fattr-bench on %s: medians of %d batches of >= %lld ms\n",
	       u.release, BATCHES, BATCH_NS / 1000000);
	printf("(QEMU TCG: absolute times are not native ones; read ratios)\n");
	if (argc == 3)
		return bench_facts_all(argv[2]);
	for (i = 0; i < NR_SIZES; i++)
		status |= run_child(bench_n, i);
	status |= run_child(bench_latency, 0);
	status |= bench_deep();
	status |= bench_values_all();
	status |= bench_misses(argv[1]);
	return status;
}
