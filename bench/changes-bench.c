// SPDX-License-Identifier: GPL-2.0
/*
 * changes-bench: the cost of learning what one change of a mount
 * namespace changed, at N mounts each, three ways (make bench):
 *
 *   a. examples/mount-changes.c's own changes(): the column
 *      ":mntns:all:mnt_change", then the records of the mounts new or
 *      changed (and of those under them) by id;
 *   b. what systemd does today (libmount): read all of
 *      /proc/self/mountinfo, parse every line into its fields and diff
 *      them by id against the last parse;
 *   c. listmount(2) of every id, statmount(2) of every mount (the
 *      mountinfo fields this kernel has), diffed by unique id; n/a where
 *      the kernel has no listmount(2) (before 6.8).
 *
 * For each N, in a child in a fresh mount namespace: a tmpfs on BASE and
 * N bind mounts of a directory of it on as many directories beside it
 * (a bind mount costs far less memory than a tmpfs).  Then ROUNDS rounds
 * of three changes: a tmpfs mounted on a fresh directory, remounted
 * read-only, unmounted.  After each change, each way is timed once, the
 * change itself excluded; the figures are the medians over the changes
 * of each kind, and over all of them.  b is a lower bound of libmount's
 * cost: it allocates nothing per field.  After each change every way
 * must have seen it, and a's mounts must be as many as mountinfo's lines.
 *
 * Usage: changes-bench N...   (as root, with fattr loaded; e.g. 1000
 * 10000 100000).  An N whose mounts do not fit (ENOSPC, ENOMEM) is
 * reported and skipped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mount-api.h"

/* The tool itself: its changes() and first_snap(), its main() renamed. */
#define main mount_changes_main
#include "mount-changes.c"
#undef main

#define ROUNDS		11	/* changes of each kind per N */
#define BASE		"/tmp/changes-bench"
#define SRC		BASE "/src"

#define LM_BATCH		4096	/* ids a listmount(2) call */

/* struct statmount; strings are offsets into str[]. */
struct statmount_ {
	uint32_t size, mnt_opts;
	uint64_t mask;
	uint32_t sb_dev_major, sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags, fs_type;
	uint64_t mnt_id, mnt_parent_id;
	uint32_t mnt_id_old, mnt_parent_id_old;
	uint64_t mnt_attr, mnt_propagation, mnt_peer_group, mnt_master;
	uint64_t propagate_from;
	uint32_t mnt_root, mnt_point;
	uint64_t mnt_ns_id;
	uint32_t fs_subtype, sb_source, opt_num, opt_array, opt_sec_num;
	uint32_t opt_sec_array;
	uint64_t supported_mask;
	uint32_t uidmap_num, uidmap, gidmap_num, gidmap;
	uint64_t spare2[43];
	char str[];
};
_Static_assert(sizeof(struct statmount_) == 512, "struct statmount");

enum { W_TOOL, W_MOUNTINFO, W_LMSM, NR_W };
enum { K_MOUNT, K_REMOUNT, K_UMOUNT, NR_K };
static const char *const kinds[NR_K] = { "mount", "remount ro", "umount" };

static int out_fd, null_fd;	/* stdout, and /dev/null for a's lines */

static void fail(const char *what)
{
	fprintf(stderr, "changes-bench: %s: %s\n", what, strerror(errno));
	exit(2);
}

static void *grow(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p)
		fail("realloc");
	return p;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* ------------------------------------------------------------------
 * a. The tool's way: one call of changes(), its lines to /dev/null.
 */

static struct snap tool;

static long long way_tool(int *seen)
{
	long long t0, t;

	fflush(stdout);
	if (dup2(null_fd, 1) < 0)
		fail("dup2");
	t0 = now_ns();
	*seen = changes(&tool);
	t = now_ns() - t0;
	if (dup2(out_fd, 1) < 0)
		fail("dup2");
	return t;
}

/* ------------------------------------------------------------------
 * b. Today's way: all of mountinfo, read, parsed, diffed by id.
 */

/* A line of mountinfo split into its fields (in place, in the text). */
struct mi {
	int id, parent;
	unsigned int major, minor;
	char *root, *point, *opts, *optional, *fstype, *source, *super;
};

/* One read of mountinfo: its text and its lines, sorted by id. */
struct mi_snap {
	char *buf;
	size_t cap;
	struct mi *m;
	size_t n, max;
};

static struct mi_snap mi_snaps[2];
static int mi_cur;		/* the last read; the other is the next */

static void mi_read(struct mi_snap *s)
{
	int fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	size_t len = 0;
	ssize_t got;

	if (fd < 0)
		fail("/proc/self/mountinfo");
	for (;;) {
		if (s->cap - len < 65536) {
			s->cap = s->cap ? 2 * s->cap : 1 << 20;
			s->buf = grow(s->buf, s->cap);
		}
		got = read(fd, s->buf + len, s->cap - len - 1);
		if (got < 0)
			fail("read /proc/self/mountinfo");
		if (!got)
			break;
		len += got;
	}
	close(fd);
	s->buf[len] = '\0';
}

/* The next field of *@p, NUL-terminated; *@p past it. */
static char *mi_field(char **p)
{
	char *f = *p, *e = strchr(f, ' ');

	if (e) {
		*e = '\0';
		*p = e + 1;
	} else {
		*p = f + strlen(f);
	}
	return f;
}

/* mountinfo's escapes ("\040" and the like) undone in place. */
static void mi_unmangle(char *s)
{
	char *r, *w = strchr(s, '\\');

	if (!w)
		return;
	for (r = w; *r; r++, w++) {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' &&
		    r[2] >= '0' && r[2] <= '7' && r[3] >= '0' && r[3] <= '7') {
			*w = (r[1] - '0') << 6 | (r[2] - '0') << 3 |
			     (r[3] - '0');
			r += 3;
		} else {
			*w = *r;
		}
	}
	*w = '\0';
}

/*
 * "ID PARENT MAJ:MIN ROOT POINT OPTS [OPTIONAL...] - TYPE SOURCE SUPER"
 * into @m; -1 if @line is not one.
 */
static int mi_parse(char *line, struct mi *m)
{
	static char none[1];
	char *p, *sep;

	m->id = strtol(line, &p, 10);
	if (*p != ' ')
		return -1;
	m->parent = strtol(p + 1, &p, 10);
	if (*p != ' ')
		return -1;
	m->major = strtoul(p + 1, &p, 10);
	if (*p != ':')
		return -1;
	m->minor = strtoul(p + 1, &p, 10);
	if (*p != ' ')
		return -1;
	p++;
	m->root = mi_field(&p);
	m->point = mi_field(&p);
	m->opts = mi_field(&p);
	if (!strncmp(p, "- ", 2)) {
		m->optional = none;
		p += 2;
	} else {
		sep = strstr(p, " - ");
		if (!sep)
			return -1;
		*sep = '\0';
		m->optional = p;
		p = sep + 3;
	}
	m->fstype = mi_field(&p);
	m->source = mi_field(&p);
	m->super = p;
	mi_unmangle(m->root);
	mi_unmangle(m->point);
	mi_unmangle(m->source);
	return 0;
}

static int mi_by_id(const void *a, const void *b)
{
	const struct mi *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

static void mi_scan(struct mi_snap *s)
{
	char *p, *nl, *next;

	mi_read(s);
	s->n = 0;
	for (p = s->buf; *p; p = next) {
		nl = strchrnul(p, '\n');
		next = *nl ? nl + 1 : nl;
		*nl = '\0';
		if (s->n == s->max) {
			s->max = s->max ? 2 * s->max : 4096;
			s->m = grow(s->m, s->max * sizeof(*s->m));
		}
		if (mi_parse(p, &s->m[s->n++])) {
			fprintf(stderr, "changes-bench: a mountinfo line unparsed: %s\n",
				p);
			exit(2);
		}
	}
	qsort(s->m, s->n, sizeof(*s->m), mi_by_id);
}

static int mi_same(const struct mi *a, const struct mi *b)
{
	return a->parent == b->parent && a->major == b->major &&
	       a->minor == b->minor && !strcmp(a->root, b->root) &&
	       !strcmp(a->point, b->point) && !strcmp(a->opts, b->opts) &&
	       !strcmp(a->optional, b->optional) &&
	       !strcmp(a->fstype, b->fstype) &&
	       !strcmp(a->source, b->source) && !strcmp(a->super, b->super);
}

/* Mounts added, gone or changed from @o to @n. */
static int mi_diff(const struct mi_snap *o, const struct mi_snap *n)
{
	size_t i = 0, j = 0;
	int d = 0;

	while (i < o->n || j < n->n) {
		if (j == n->n || (i < o->n && o->m[i].id < n->m[j].id)) {
			d++;
			i++;
		} else if (i == o->n || n->m[j].id < o->m[i].id) {
			d++;
			j++;
		} else {
			d += !mi_same(&o->m[i++], &n->m[j++]);
		}
	}
	return d;
}

static long long way_mountinfo(int *seen)
{
	long long t0 = now_ns(), t;

	mi_scan(&mi_snaps[!mi_cur]);
	*seen = mi_diff(&mi_snaps[mi_cur], &mi_snaps[!mi_cur]);
	t = now_ns() - t0;
	mi_cur = !mi_cur;
	return t;
}

/* ------------------------------------------------------------------
 * c. listmount(2) + statmount(2) of every mount, diffed by unique id.
 */

/* A mount: its mountinfo fields packed in its snapshot's arena. */
struct sm_mnt {
	uint64_t id;
	size_t off, len;
};

struct sm_snap {
	struct sm_mnt *m;	/* sorted by id */
	size_t n, max;
	char *arena;
	size_t used, cap;
};

static struct sm_snap sm_snaps[2];
static int sm_cur;
static uint64_t *lm_ids;
static size_t lm_cap;
static struct statmount_ *smbuf;
static size_t sm_size;
static uint32_t sm_mask;

/* listmount(2) of the namespace into lm_ids: how many, or -1. */
static long lm_all(void)
{
	struct mnt_id_req_ req = { .size = sizeof(req), .mnt_id = LSMT_ROOT_ };
	size_t n = 0;
	long got;

	do {
		if (lm_cap - n < LM_BATCH) {
			lm_cap = 2 * lm_cap + LM_BATCH;
			lm_ids = grow(lm_ids, lm_cap * sizeof(*lm_ids));
		}
		got = syscall(NR_listmount, &req, lm_ids + n, LM_BATCH, 0);
		if (got < 0)
			return -1;
		n += got;
		if (got)
			req.param = lm_ids[n - 1];
	} while (got == LM_BATCH);
	return n;
}

/*
 * statmount(2) of @id into smbuf: 4 KiB, doubled on EOVERFLOW, as a
 * careful caller's (the kernel works in a buffer of the size asked for).
 */
static int sm_one(uint64_t id)
{
	struct mnt_id_req_ req = {
		.size = sizeof(req), .mnt_id = id, .param = sm_mask,
	};

	while (syscall(NR_statmount, &req, smbuf, sm_size, 0) < 0) {
		if (errno != EOVERFLOW)
			return -1;
		sm_size *= 2;
		smbuf = grow(smbuf, sm_size);
	}
	return 0;
}

static void sm_put(struct sm_snap *s, const void *p, size_t len)
{
	if (s->cap - s->used < len) {
		s->cap = 2 * (s->cap + len);
		s->arena = grow(s->arena, s->cap);
	}
	memcpy(s->arena + s->used, p, len);
	s->used += len;
}

/* smbuf's mountinfo fields into @s: its numbers, then its strings. */
static void sm_pack(struct sm_snap *s)
{
	const struct statmount_ *sm = smbuf;
	const uint64_t num[] = {
		sm->mnt_parent_id, sm->mnt_id_old, sm->mnt_parent_id_old,
		sm->sb_dev_major, sm->sb_dev_minor, sm->sb_flags,
		sm->mnt_attr, sm->mnt_propagation, sm->mnt_peer_group,
		sm->mnt_master, sm->propagate_from,
	};
	const struct { uint32_t flag, off; } str[] = {
		{ SM_MNT_ROOT, sm->mnt_root }, { SM_MNT_POINT, sm->mnt_point },
		{ SM_FS_TYPE, sm->fs_type }, { SM_FS_SUBTYPE, sm->fs_subtype },
		{ SM_SB_SOURCE, sm->sb_source }, { SM_MNT_OPTS, sm->mnt_opts },
	};
	size_t i;

	sm_put(s, num, sizeof(num));
	for (i = 0; i < sizeof(str) / sizeof(*str); i++) {
		const char *v = "";

		if (sm->mask & str[i].flag)
			v = sm->str + str[i].off;
		sm_put(s, v, strlen(v) + 1);
	}
}

static int sm_by_id(const void *a, const void *b)
{
	const struct sm_mnt *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/* Every mount's fields into @s; -1 on failure. */
static int sm_scan(struct sm_snap *s)
{
	long n = lm_all(), i;
	struct sm_mnt *m;

	if (n < 0)
		return -1;
	if ((size_t)n > s->max) {
		s->max = n;
		s->m = grow(s->m, s->max * sizeof(*s->m));
	}
	s->n = 0;
	s->used = 0;
	for (i = 0; i < n; i++) {
		if (sm_one(lm_ids[i])) {
			if (errno == ENOENT)
				continue;	/* gone since listmount(2) */
			return -1;
		}
		m = &s->m[s->n++];
		m->id = lm_ids[i];
		m->off = s->used;
		sm_pack(s);
		m->len = s->used - m->off;
	}
	qsort(s->m, s->n, sizeof(*s->m), sm_by_id);
	return 0;
}

static int sm_diff(const struct sm_snap *o, const struct sm_snap *n)
{
	size_t i = 0, j = 0;
	int d = 0;

	while (i < o->n || j < n->n) {
		if (j == n->n || (i < o->n && o->m[i].id < n->m[j].id)) {
			d++;
			i++;
		} else if (i == o->n || n->m[j].id < o->m[i].id) {
			d++;
			j++;
		} else {
			const struct sm_mnt *x = &o->m[i++], *y = &n->m[j++];

			d += x->len != y->len ||
			     memcmp(o->arena + x->off, n->arena + y->off,
				    x->len);
		}
	}
	return d;
}

static long long way_lmsm(int *seen)
{
	long long t0 = now_ns(), t;

	if (sm_scan(&sm_snaps[!sm_cur]))
		fail("listmount/statmount");
	*seen = sm_diff(&sm_snaps[sm_cur], &sm_snaps[!sm_cur]);
	t = now_ns() - t0;
	sm_cur = !sm_cur;
	return t;
}

/*
 * The statmount fields of a mountinfo record that this kernel knows: all,
 * less the newest while it refuses them (fattr-bench's probing).  -1,
 * errno set, where it has no listmount(2) or statmount(2).
 */
static int sm_probe(void)
{
	static const uint32_t newest[] = {
		SM_FS_SUBTYPE, SM_SB_SOURCE, SM_MNT_OPTS,
	};
	size_t i = 0;

	sm_size = 4096;
	smbuf = grow(NULL, sm_size);
	if (lm_all() <= 0)
		return -1;
	sm_mask = SM_SB_BASIC | SM_MNT_BASIC | SM_PROPAGATE_FROM |
		  SM_MNT_ROOT | SM_MNT_POINT | SM_FS_TYPE | SM_MNT_OPTS |
		  SM_FS_SUBTYPE | SM_SB_SOURCE;
	while (sm_one(lm_ids[0])) {
		if (errno != EINVAL || i == sizeof(newest) / sizeof(*newest))
			return -1;
		sm_mask &= ~newest[i++];
	}
	return 0;
}

/* ------------------------------------------------------------------
 * The namespace, the changes, the figures.
 */

/* fs.mount-max at least @want: it bounds the mounts of a namespace. */
static void mount_max(long want)
{
	FILE *f = fopen("/proc/sys/fs/mount-max", "r");
	long cur = 0;

	if (!f)
		return;
	if (fscanf(f, "%ld", &cur) != 1)
		cur = 0;
	fclose(f);
	if (cur >= want)
		return;
	f = fopen("/proc/sys/fs/mount-max", "w");
	if (!f || fprintf(f, "%ld\n", want) < 0 || fclose(f))
		printf("  (fs.mount-max %ld: raising it to %ld failed: %s)\n",
		       cur, want, strerror(errno));
}

/*
 * A fresh namespace with a tmpfs on BASE and @n bind mounts of SRC on
 * BASE/mI: 0, or the errno of the mount that did not fit.
 */
static int make_mounts(int n)
{
	char dir[64];
	int i;

	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		fail("unshare");
	mkdir(BASE, 0755);
	/* nr_inodes=0: no limit (half the RAM's pages by default). */
	if (mount("bench", BASE, "tmpfs", 0, "size=1m,nr_inodes=0"))
		fail("mount " BASE);
	/*
	 * The binds' source is a tmpfs of its own: a bind checks the
	 * children of the source's mount (has_locked_children(), 6.x), and
	 * with a source in BASE's tmpfs those are the binds made so far,
	 * which made N binds quadratic (100,000 did not end in 25 min).
	 */
	if (mkdir(SRC, 0755) || mount("src", SRC, "tmpfs", 0, "size=64k"))
		fail(SRC);
	for (i = 0; i < n; i++) {
		snprintf(dir, sizeof(dir), BASE "/m%d", i);
		if (mkdir(dir, 0755) || mount(SRC, dir, NULL, MS_BIND, NULL)) {
			if (errno != ENOSPC && errno != ENOMEM)
				fail(dir);
			return errno;
		}
	}
	return 0;
}

/* The change of @kind in round @r, on BASE/cR. */
static void change(int kind, int r)
{
	char dir[64];

	snprintf(dir, sizeof(dir), BASE "/c%d", r);
	switch (kind) {
	case K_MOUNT:
		if (mkdir(dir, 0755) || mount("chg", dir, "tmpfs", 0,
					      "size=64k"))
			fail(dir);
		break;
	case K_REMOUNT:
		if (mount(NULL, dir, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY,
			  NULL))
			fail(dir);
		break;
	default:
		if (umount(dir))
			fail(dir);
	}
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* The median of @n times from @v, in microseconds. */
static double median_us(const long long *v, int n)
{
	long long s[NR_K * ROUNDS];

	memcpy(s, v, n * sizeof(*v));
	qsort(s, n, sizeof(*s), cmp_ll);
	return (s[(n - 1) / 2] + s[n / 2]) / 2e3;
}

/*
 * Times of each way, ns, by change: kind K's round R at K * ROUNDS + R.
 * A row: the medians of @count of them from @first.
 */
static long long took[NR_W][NR_K * ROUNDS];

static void print_row(int n, const char *kind, int first, int count,
		      int lmsm)
{
	double a = median_us(took[W_TOOL] + first, count);
	double b = median_us(took[W_MOUNTINFO] + first, count);
	double c = lmsm ? median_us(took[W_LMSM] + first, count) : -1;
	char cs[16] = "n/a", ac[16] = "n/a";

	if (c > 0) {
		snprintf(cs, sizeof(cs), "%.1f", c);
		snprintf(ac, sizeof(ac), "%.3f", a / c);
	}
	printf("  %-8d %-12s %12.1f %12.1f %12s %8.3f %8s\n", n, kind, a, b, cs,
	       b > 0 ? a / b : 0, ac);
}

/* Seen: how many mounts each way found changed (not 0). */
static int check_seen(const char *way, int seen, int kind, int r)
{
	if (seen > 0)
		return 0;
	printf("  FAILED: %s did not see change %d (%s)\n", way, r,
	       kinds[kind]);
	return 1;
}

/* In a child, so that its namespace and its mounts go with it. */
static void bench_n(int n)
{
	long long t0 = now_ns();
	int lmsm, r, k, i, err, seen, bad = 0;
	double made;
	char fields[32] = "n/a";

	mount_max(n + 1000L);
	err = make_mounts(n);
	if (err) {
		printf("  %-8d skipped: its mounts do not fit: %s\n", n,
		       strerror(err));
		exit(0);
	}
	made = (now_ns() - t0) / 1e9;
	/* The first views; b's and c's two buffers grown before timing. */
	first_snap(&tool);
	mi_scan(&mi_snaps[!mi_cur]);
	mi_scan(&mi_snaps[mi_cur]);
	lmsm = !sm_probe() && !sm_scan(&sm_snaps[!sm_cur]) &&
	       !sm_scan(&sm_snaps[sm_cur]);
	if (lmsm)
		snprintf(fields, sizeof(fields), "%#x", sm_mask);
	else if (errno != ENOSYS)
		printf("  (listmount/statmount: %s)\n", strerror(errno));
	printf("  %-8d %zu mounts in the namespace, made in %.1f s; statmount fields %s\n",
	       n, mi_snaps[mi_cur].n, made, fields);
	fflush(stdout);
	for (r = 0; r < ROUNDS; r++) {
		for (k = 0; k < NR_K; k++) {
			i = k * ROUNDS + r;
			change(k, r);
			took[W_TOOL][i] = way_tool(&seen);
			bad |= check_seen("a (changes())", seen, k, r);
			took[W_MOUNTINFO][i] = way_mountinfo(&seen);
			bad |= check_seen("b (mountinfo)", seen, k, r);
			if (lmsm) {
				took[W_LMSM][i] = way_lmsm(&seen);
				bad |= check_seen("c (listmount)", seen, k,
						  r);
			}
			if (tool.n != mi_snaps[mi_cur].n) {
				printf("  FAILED: after change %d (%s), mount-changes knows %zu mounts, mountinfo has %zu\n",
				       r, kinds[k], tool.n,
				       mi_snaps[mi_cur].n);
				bad = 1;
			}
		}
	}
	for (k = 0; k < NR_K; k++)
		print_row(n, kinds[k], k * ROUNDS, ROUNDS, lmsm);
	print_row(n, "all", 0, NR_K * ROUNDS, lmsm);
	fflush(stdout);
	exit(bad);
}

static int run_child(int n)
{
	int status;
	pid_t pid;

	fflush(stdout);		/* or the child prints it again */
	pid = fork();
	if (pid < 0)
		fail("fork");
	if (!pid)
		bench_n(n);
	if (waitpid(pid, &status, 0) < 0)
		fail("waitpid");
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	printf("  %-8d FAILED (%s %d)\n", n,
	       WIFEXITED(status) ? "exit" : "signal",
	       WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	return 1;
}

int main(int argc, char **argv)
{
	struct utsname u;
	int status = 0, i;
	char *end;

	for (i = 1; i < argc; i++) {
		long n = strtol(argv[i], &end, 10);

		if (*end || n < 1 || n > 10000000)
			break;
	}
	if (argc < 2 || i < argc) {
		fprintf(stderr, "usage: changes-bench N...   (N: mounts, e.g. 1000 10000 100000)\n");
		return 2;
	}
	out_fd = dup(1);
	null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (out_fd < 0 || null_fd < 0)
		fail("/dev/null");
	uname(&u);
	printf("changes-bench on %s: us to learn what one change changed, medians of %d changes of each kind\n",
	       u.release, ROUNDS);
	printf("(QEMU TCG: absolute times are not native ones; read ratios)\n");
	printf("  a: mount-changes.c's changes(): the mnt_change column, then the records of what changed\n");
	printf("  b: read /proc/self/mountinfo, parse every line, diff by id with the last parse\n");
	printf("  c: listmount(2) + statmount(2) of every mount, diff by unique id with the last\n");
	printf("  %-8s %-12s %12s %12s %12s %8s %8s\n", "N", "change",
	       "a (us)", "b (us)", "c (us)", "a/b", "a/c");
	for (i = 1; i < argc; i++)
		status |= run_child(atoi(argv[i]));
	return status;
}
