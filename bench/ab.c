// SPDX-License-Identifier: GPL-2.0
/*
 * fattr-bench --ab OLD.ko NEW.ko [ROUNDS]: two builds of fattr against
 * each other in one VM boot (make bench AB=COMMIT, scripts/bench.sh).
 *
 * In a fresh mount namespace of AB_MOUNTS tmpfs mounts, each of ROUNDS
 * rounds (default and least AB_ROUNDS) loads each module in turn, the old
 * one first on even rounds and the new one first on odd ones, and with
 * each times every row and the anchor: statmount(2) of the last mount, or
 * where the kernel has none (6.1) a read of /proc/self/mountinfo, which
 * fattr does not change.  The anchor is timed before and after the rows,
 * and their mean divides each row's figure of that round, so that the
 * speed of the machine, which under QEMU TCG drifts between rounds,
 * cancels.  Per round new/old of those; over the rounds their median and
 * quartiles, and a verdict at 10%.  Each figure is bench()'s, the median
 * of BATCHES batches.
 *
 * A row whose operation fails on a module (a key the old one lacks) is
 * n/a; one failing on the new module makes the exit status 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "bench.h"

#define AB_MOUNTS	10000
#define AB_ROUNDS	10
#define AB_ROUNDS_MAX	100
#define AB_SLOWER	1.10
#define AB_FASTER	0.90

static int op_col_prop(struct target *t)
{
	(void)t;
	return getxattr("/", ":mntns:all:mnt_propagation", value,
			VALUE_MAX) < 0;
}

static int op_key_attr(struct target *t)
{
	return getxattr(t->path, ":mnt:mnt_attr", value, VALUE_MAX) < 0;
}

static int op_key_prop(struct target *t)
{
	return getxattr(t->path, ":mnt:mnt_propagation", value, VALUE_MAX) < 0;
}

/*
 * The rows.  The listing's cost depends on state (fattr's memo of
 * verdicts across holds of namespace_sem, the kernel's caches): it is
 * timed warm, right after one untimed call of its own.
 */
static const struct ab_row {
	const char *what;
	int (*op)(struct target *);
	int warm;
} rows[] = {
	{ ":mnt:info by path", op_fattr_path, 0 },
	{ ":mntns:ID:info", op_fattr_id, 0 },
	{ ":mntns: listing (warm)", op_fattr_list, 1 },
	{ ":mntns:all:mnt_attr", op_col_attr, 0 },
	{ ":mntns:all:mountpoint", op_col_point, 0 },
	{ ":mntns:all:mnt_propagation", op_col_prop, 0 },
	{ ":mnt:mnt_attr", op_key_attr, 0 },
	{ ":mnt:mnt_propagation", op_key_prop, 0 },
};
#define NR_ROWS		(sizeof(rows) / sizeof(*rows))

enum { OLD, NEW };
static const char *const names[2] = { "old", "new" };

/* Per module, row and round: the anchored figure, or < 0: it failed. */
static double fig[2][NR_ROWS][AB_ROUNDS_MAX];
static double anchor[2][AB_ROUNDS_MAX];	/* ns */
static int fail_errno[2][NR_ROWS];	/* the first failure's, or 0 */

/* Unloads fattr if it is loaded, and loads @ko. */
static void load(const char *ko)
{
	int fd;

	if (syscall(SYS_delete_module, "fattr", O_NONBLOCK) && errno != ENOENT)
		die("delete_module fattr");
	fd = open(ko, O_RDONLY);
	if (fd < 0 || syscall(SYS_finit_module, fd, "", 0)) {
		fprintf(stderr, "fattr-bench: loading %s: %s\n", ko,
			strerror(errno));
		exit(2);
	}
	close(fd);
}

/* The anchor's figure, ns; it must not fail. */
static double time_anchor(struct target *t)
{
	double ns = bench(t->unique ? op_statmount : op_scan_ids, t);

	if (ns <= 0)
		die("anchor");
	return ns;
}

/* Module @m of @ko, round @r: loaded, its rows and its anchor timed. */
static void run_one(int m, const char *ko, int r, struct target *t)
{
	double a0, row_ns[NR_ROWS];
	size_t i;

	load(ko);
	a0 = time_anchor(t);
	for (i = 0; i < NR_ROWS; i++) {
		if (rows[i].warm)
			rows[i].op(t);
		row_ns[i] = bench(rows[i].op, t);
		if (row_ns[i] < 0 && !fail_errno[m][i])
			fail_errno[m][i] = errno ? errno : EIO;
	}
	anchor[m][r] = (a0 + time_anchor(t)) / 2;
	for (i = 0; i < NR_ROWS; i++)
		fig[m][i][r] = row_ns[i] < 0 ? -1 : row_ns[i] / anchor[m][r];
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The @p quantile of the sorted @x[@n], interpolated linearly. */
static double quantile(const double *x, int n, double p)
{
	double h = (n - 1) * p;
	int i = (int)h;

	if (i + 1 >= n)
		return x[n - 1];
	return x[i] + (h - i) * (x[i + 1] - x[i]);
}

static const char *verdict(double q1, double q3)
{
	if (q3 < AB_FASTER)
		return "faster (10%)";
	if (q3 <= AB_SLOWER)
		return "not slower (10%)";
	if (q1 > AB_SLOWER)
		return "slower";
	return "unresolved";
}

static void usage(void)
{
	fprintf(stderr, "usage: fattr-bench --ab OLD.ko NEW.ko [ROUNDS]   (ROUNDS %d to %d, default %d)\n",
		AB_ROUNDS, AB_ROUNDS_MAX, AB_ROUNDS);
}

/* The table: per row median, quartiles and verdict, then each round. */
static int report(int rounds, int *unresolved)
{
	double x[AB_ROUNDS_MAX], med[2], q1, q3;
	int status = 0, nr_na = 0, m, r;
	const char *v;
	size_t i;

	printf("  %-30s %8s %8s %8s  %s\n", "row: new/old", "median", "q1",
	       "q3", "verdict");
	for (i = 0; i < NR_ROWS; i++) {
		if (fail_errno[OLD][i] || fail_errno[NEW][i]) {
			m = fail_errno[NEW][i] ? NEW : OLD;
			printf("  %-30s %8s %8s %8s  (fails on %s: %s)\n",
			       rows[i].what, "n/a", "", "", names[m],
			       strerror(fail_errno[m][i]));
			status |= m == NEW;
			nr_na++;
			continue;
		}
		for (r = 0; r < rounds; r++)
			x[r] = fig[NEW][i][r] / fig[OLD][i][r];
		qsort(x, rounds, sizeof(*x), cmp_double);
		q1 = quantile(x, rounds, 0.25);
		q3 = quantile(x, rounds, 0.75);
		v = verdict(q1, q3);
		*unresolved += !strcmp(v, "unresolved");
		printf("  %-30s %8.3f %8.3f %8.3f  %s\n", rows[i].what,
		       quantile(x, rounds, 0.5), q1, q3, v);
	}
	for (m = OLD; m <= NEW; m++) {
		for (r = 0; r < rounds; r++)
			x[r] = anchor[m][r];
		qsort(x, rounds, sizeof(*x), cmp_double);
		med[m] = quantile(x, rounds, 0.5);
	}
	printf("  anchor (mean of before and after), median over rounds: old %.2f us, new %.2f us\n",
	       med[OLD] / 1000, med[NEW] / 1000);
	printf("Per round, new/old of the anchored figures (round 0 old first)\n");
	for (i = 0; i < NR_ROWS; i++) {
		printf("  %-30s", rows[i].what);
		for (r = 0; r < rounds; r++)
			if (fig[OLD][i][r] > 0 && fig[NEW][i][r] > 0)
				printf(" %.3f", fig[NEW][i][r] / fig[OLD][i][r]);
			else
				printf(" n/a");
		printf("\n");
	}
	if (nr_na)
		printf("  (%d rows n/a)\n", nr_na);
	return status;
}

int bench_ab(int argc, char **argv)
{
	const char *ko[2];
	struct target t;
	struct utsname u;
	int rounds = AB_ROUNDS, unresolved = 0, status, r, k, fd;
	char *end;

	if (argc != 2 && argc != 3) {
		usage();
		return 2;
	}
	ko[OLD] = argv[0];
	ko[NEW] = argv[1];
	if (argc == 3) {
		errno = 0;
		rounds = strtol(argv[2], &end, 10);
		if (errno || *end || end == argv[2] || rounds < AB_ROUNDS ||
		    rounds > AB_ROUNDS_MAX) {
			usage();
			return 2;
		}
	}
	/* Both modules readable before any mount is made. */
	for (k = OLD; k <= NEW; k++) {
		fd = open(ko[k], O_RDONLY);
		if (fd < 0)
			die(ko[k]);
		close(fd);
	}
	uname(&u);
	printf("fattr-bench on %s: A/B, old %s against new %s\n", u.release,
	       ko[OLD], ko[NEW]);
	printf("(QEMU TCG: absolute times are not native ones; read ratios)\n");
	fflush(stdout);
	make_mounts(AB_MOUNTS, &t);
	probe_statmount(&t);
	/*
	 * A round first that is not counted (its figures are overwritten):
	 * the first load of each module and the first calls after it were
	 * seen 2 to 4 times off the rounds after them (6.12, 2026-12-07).
	 */
	for (k = 0; k < 2; k++)
		run_one(k, ko[k], 0, &t);
	for (r = 0; r < rounds; r++)
		for (k = 0; k < 2; k++) {
			int m = (r % 2) ^ k;	/* even rounds: old first */

			run_one(m, ko[m], r, &t);
		}
	/* Leave the new module loaded, as test/vm-init did. */
	if ((rounds - 1) % 2)
		load(ko[NEW]);
	printf("A/B: %d rounds, %d tmpfs mounts (rows of mount %d)\n",
	       rounds, AB_MOUNTS, t.id);
	printf("  a warm-up round first, not counted; then a round loads each module in turn, old first on even rounds, new first on odd ones,\n");
	printf("  and times each row (median of %d batches of >= %lld ms) and the anchor before and after them\n",
	       BATCHES, BATCH_NS / 1000000);
	printf("  anchor: %s\n", t.unique ? "statmount(2) of the mount" :
	       "read of /proc/self/mountinfo (no statmount(2))");
	printf("  :mntns: listing warm: one untimed call right before it is timed, each round\n");
	printf("  per round: (new row / new anchor) / (old row / old anchor); over the rounds: median, quartiles\n");
	printf("  verdict: faster if q3 < %.2f, not slower if q3 <= %.2f, slower if q1 > %.2f, else unresolved\n",
	       AB_FASTER, AB_SLOWER, AB_SLOWER);
	status = report(rounds, &unresolved);
	printf("fattr-bench --ab: %zu rows, %d unresolved\n", NR_ROWS,
	       unresolved);
	fflush(stdout);
	return status;
}
