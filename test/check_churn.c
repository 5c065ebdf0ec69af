// SPDX-License-Identifier: GPL-2.0
/*
 * check_churn.c: what ":mntns:" and the columns promise while mounts come
 * and go (fattr(7), ":mntns:"): every mount present for the whole call
 * listed exactly once, in procfs's order; a mount mounted or unmounted
 * during the call listed or not; a 32-bit id freed and given again during
 * the call perhaps twice; a unique_id (6.8+) never twice.  fattr's walk
 * drops namespace_sem between bounded holds and resumes where it stopped,
 * by procfs's own position, as a paged read of mountinfo does; that read
 * is held to the same promise here, as the control.
 *
 * 5,000 tmpfs mounts; a thread unmounts and mounts again, over and over,
 * every other one of the middle three fifths, while the test reads.  A
 * mount made again comes last in procfs's order (appended to the
 * namespace's list on 5.10 and 6.1; the largest unique id of its rbtree
 * since 6.8), so a slot churned once only ever changes the end of the
 * list: the churner moves on through its slots so that mounts keep going
 * from the middle, before the place a walk has reached.
 *
 * How it fails a wrong walk: one that started over from the first mount
 * after a hold (or after a hold in which the namespace changed) lists
 * stable mounts twice; one that resumed by count (the n-th mount) skips a
 * stable mount whenever a mount before its place went in between; one that
 * resumed by id or in any other order lists them out of procfs's order;
 * one that stopped at a change misses the rest.  The judge is itself shown
 * each of these wrong reads, made from a right one, and must refuse them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "suites.h"
#include "util.h"

#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x4000U
#endif

/* The test's mounts; the churned slots: every other of the middle 3/5. */
#define CHURN_MOUNTS	5000
#define CHURN_FIRST	(CHURN_MOUNTS / 5)
#define CHURN_END	(CHURN_MOUNTS * 4 / 5)
#define CHURNED(slot)	((slot) >= CHURN_FIRST && (slot) < CHURN_END && \
			 (slot) % 2)
/* Rounds of reads under the churn, at most (and a third of the timeout). */
#define CHURN_ROUNDS	10
/* Calls for a value that grew between its length and its reading. */
#define CHURN_TRIES	8
/* A walk's hold of namespace_sem: what a restart would repeat. */
#define CHURN_HOLD	128
#define NOT_GONE	SIZE_MAX

/*
 * A mount that was in the namespace during the test.  Its index in the
 * churn's array is its place in procfs's order: first those of the
 * mountinfo read before the churn, in that order, then the churner's, in
 * the order it made them (a new mount comes last: see above).
 */
struct cmount {
	int id;
	uint64_t u;	/* unique_id (6.8+), or 0: not known */
	size_t born;	/* the event after its mount(2); 0: at rest */
	size_t gone;	/* the event before its umount(2), or NOT_GONE */
};

struct churn {
	struct cmount *m;	/* the churner's until it is joined */
	size_t n, cap;
	size_t nslots;
	size_t *slot_at;	/* per churned slot: its mount's index in m */
	char **slot_path;
	size_t seq;		/* events so far (atomic), from 1 */
	int stop;		/* atomic */
	int want_u;		/* statx gives unique ids (6.8+) */
	unsigned long cycles;
	int err;		/* the churner's failure */
	const char *what;
};

/* statx's STATX_MNT_ID_UNIQUE (6.8) of @path, or 0. */
static uint64_t path_unique_id(const char *path)
{
	struct statx stx;

	if (statx(AT_FDCWD, path, AT_STATX_DONT_SYNC, STATX_MNT_ID_UNIQUE,
		  &stx) || !(stx.stx_mask & STATX_MNT_ID_UNIQUE))
		return 0;
	return stx.stx_mnt_id;
}

static size_t event(struct churn *c)
{
	return __atomic_fetch_add(&c->seq, 1, __ATOMIC_SEQ_CST);
}

/*
 * The churner: through its slots in turn, unmounts the slot's mount and
 * mounts a new one there, until told to stop.  Each umount(2) is preceded
 * by an event and each mount(2) followed by one, so that a read between
 * events b and a knows which mounts were there all along: born < b and
 * gone >= a.  No assertion here (Check's are the test thread's).
 */
static void *churner(void *arg)
{
	struct churn *c = arg;
	size_t i;

	for (i = 0; !__atomic_load_n(&c->stop, __ATOMIC_SEQ_CST); i++) {
		size_t s = i % c->nslots, k = c->slot_at[s];
		const char *p = c->slot_path[s];
		struct cmount nm = { .gone = NOT_GONE };

		if (c->n == c->cap) {
			struct cmount *m = realloc(c->m, 2 * c->cap *
						   sizeof(*m));

			if (!m) {
				c->err = ENOMEM;
				c->what = "realloc";
				break;
			}
			c->m = m;
			c->cap *= 2;
		}
		c->m[k].gone = event(c);
		if (umount2(p, 0)) {
			c->err = errno;
			c->what = "umount";
			break;
		}
		if (mount("fattr-churned", p, "tmpfs", 0, "size=64k")) {
			c->err = errno;
			c->what = "mount";
			break;
		}
		nm.id = path_mnt_id(p, 0);
		nm.u = path_unique_id(p);
		if (nm.id <= 0 || (c->want_u && !nm.u)) {
			c->err = nm.id < 0 ? -nm.id : ENODATA;
			c->what = "statx";
			break;
		}
		nm.born = event(c);
		c->slot_at[s] = c->n;
		c->m[c->n++] = nm;
		c->cycles++;
	}
	return NULL;
}

/* One read: a name's value, or procfs's mountinfo (name NULL). */
struct rd {
	const char *name;
	char *buf;
	size_t len;
	size_t b, a;		/* the churn's events before and after it */
	int same_event;		/* ":mntns_event" unchanged across it */
};

/* ":mntns_event" now, malloc'd; NULL where it is not served. */
static char *mntns_event(void)
{
	char v[64];
	ssize_t n = getxattr("/", ":mntns_event", v, sizeof(v) - 1);

	if (n < 0) {
		ck_assert_msg(errno == ENODATA, ":mntns_event: %s",
			      strerror(errno));
		return NULL;
	}
	v[n] = '\0';
	return strdup(v);
}

/*
 * @r->name's value: its length (size 0), then a call with room to spare;
 * again if it grew past that meanwhile (ERANGE, or E2BIG for a buffer of
 * 64 KiB or more), CHURN_TRIES times at most.  The window (@r->b, @r->a)
 * and ":mntns_event" bracket the call that gave the value.
 */
static void read_value(struct churn *c, struct rd *r)
{
	int tries;

	for (tries = 0;; tries++) {
		char *e1, *e2;
		ssize_t n, got;
		size_t cap;
		int err;

		ck_assert_msg(tries < CHURN_TRIES, "%s: still growing after "
			      "%d calls", r->name, CHURN_TRIES);
		n = getxattr("/", r->name, NULL, 0);
		ck_assert_msg(n > 0, "%s: length: %s", r->name,
			      strerror(errno));
		cap = n + n / 4 + 4096;
		r->buf = malloc(cap);
		ck_assert_msg(r->buf, "out of memory");
		r->b = __atomic_load_n(&c->seq, __ATOMIC_SEQ_CST);
		e1 = mntns_event();
		got = getxattr("/", r->name, r->buf, cap);
		err = errno;
		e2 = mntns_event();
		r->a = __atomic_load_n(&c->seq, __ATOMIC_SEQ_CST);
		r->same_event = e1 && e2 && !strcmp(e1, e2);
		free(e1);
		free(e2);
		if (got >= 0) {
			r->len = got;
			return;
		}
		ck_assert_msg(err == ERANGE || err == E2BIG, "%s: %s", r->name,
			      strerror(err));
		free(r->buf);
	}
}

/* /proc/self/mountinfo in reads of 4 KiB, as a program pages it. */
static void read_procfs(struct churn *c, struct rd *r)
{
	size_t cap = 1 << 20;
	ssize_t got;
	int fd;

	r->buf = malloc(cap + 1);
	ck_assert_msg(r->buf, "out of memory");
	r->len = 0;
	r->b = __atomic_load_n(&c->seq, __ATOMIC_SEQ_CST);
	fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	ck_assert_msg(fd >= 0, "/proc/self/mountinfo: %s", strerror(errno));
	do {
		if (cap - r->len < 4096) {
			cap *= 2;
			r->buf = realloc(r->buf, cap + 1);
			ck_assert_msg(r->buf, "out of memory");
		}
		got = read(fd, r->buf + r->len, 4096);
		ck_assert_msg(got >= 0, "read /proc/self/mountinfo: %s",
			      strerror(errno));
		r->len += got;
	} while (got > 0);
	close(fd);
	r->a = __atomic_load_n(&c->seq, __ATOMIC_SEQ_CST);
	r->buf[r->len] = '\0';
	r->same_event = 0;
}

/* One round: procfs's read, ":mntns:" and the columns of ids. */
static void read_round(struct churn *c, struct rd **rds, size_t *n)
{
	static const char *const names[] = {
		NULL, ":mntns:", ":mntns:all:id", ":mntns:all:unique_id",
	};
	size_t i, k = sizeof(names) / sizeof(names[0]) - !c->want_u;

	*rds = realloc(*rds, (*n + k) * sizeof(**rds));
	ck_assert_msg(*rds, "out of memory");
	for (i = 0; i < k; i++) {
		struct rd *r = *rds + (*n)++;

		r->name = names[i];
		if (r->name)
			read_value(c, r);
		else
			read_procfs(c, r);
	}
}

/* An entry of a read: a mount's id, and a unique_id column's value. */
struct ent {
	int id;
	uint64_t u;
};

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno || *end ? -1 : 0;
}

/*
 * The entries of @r, in its order: the records' ids of procfs's read;
 * "ID:\0" of ":mntns:"; "ID\0=VALUE\0" of a column, whose value must be
 * the id itself (id) or a number (unique_id).
 */
static struct ent *parse(const struct rd *r, size_t *n)
{
	const char *what = r->name ? r->name : "/proc/self/mountinfo";
	const char *p = r->buf, *end = r->buf + r->len;
	struct ent *e = calloc(r->len / 2 + 1, sizeof(*e));
	uint64_t v;

	ck_assert_msg(e, "out of memory");
	*n = 0;
	if (!r->name) {
		struct mountinfo mi = { r->buf, r->len };
		int *ids;
		size_t i;

		*n = mi_ids(&mi, &ids);
		for (i = 0; i < *n; i++)
			e[i].id = ids[i];
		free(ids);
		return e;
	}
	while (p < end) {
		const char *id = p, *val;
		size_t l;

		ck_assert_msg(memchr(p, '\0', end - p),
			      "%s: entry %zu not NUL-terminated", what, *n);
		l = strlen(p);
		p += l + 1;
		if (!strcmp(r->name, ":mntns:")) {
			char *s = strndup(id, l);

			ck_assert_msg(l > 1 && id[l - 1] == ':',
				      "%s: entry %zu is \"%s\"", what, *n,
				      esc(id, l));
			s[l - 1] = '\0';
			ck_assert_msg(!parse_u64(s, &v) && v && v <= INT32_MAX,
				      "%s: entry %zu is \"%s\"", what, *n,
				      esc(id, l));
			free(s);
			e[(*n)++].id = v;
			continue;
		}
		ck_assert_msg(!parse_u64(id, &v) && v && v <= INT32_MAX,
			      "%s: entry %zu's id is \"%s\"", what, *n,
			      esc(id, l));
		e[*n].id = v;
		ck_assert_msg(p < end && memchr(p, '\0', end - p) && *p == '=',
			      "%s: mount %d has no \"=VALUE\"", what, e[*n].id);
		val = p + 1;
		p += strlen(p) + 1;
		if (!strcmp(r->name, ":mntns:all:id"))
			ck_assert_msg(!strcmp(val, id), "%s: mount %s has id "
				      "\"%s\"", what, id, esc(val,
							       strlen(val)));
		else
			ck_assert_msg(!parse_u64(val, &e[*n].u) && e[*n].u,
				      "%s: mount %s has \"%s\"", what, id,
				      esc(val, strlen(val)));
		(*n)++;
	}
	return e;
}

/* A mount's id and its index in the churn's array, for a search. */
struct idk {
	int id;
	uint64_t u;
	size_t k;
};

static int idk_cmp(const void *a, const void *b)
{
	const struct idk *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return (x->u > y->u) - (x->u < y->u);
}

static int u64_cmp(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return (*x > *y) - (*x < *y);
}

static int int_cmp(const void *a, const void *b)
{
	const int *x = a, *y = b;

	return (*x > *y) - (*x < *y);
}

/* The first of @n (sorted) with @id, or NULL. */
static struct idk *idk_find(struct idk *s, size_t n, int id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && s[lo].id == id ? s + lo : NULL;
}

/*
 * Whether entry @e is of a mount among the @n (sorted) @ch the churner
 * unmounted or made: one with its id and, with @unique, its unique_id.
 */
static int churned(struct idk *ch, size_t n, const struct ent *e,
		   int unique)
{
	struct idk *y = idk_find(ch, n, e->id);

	for (; y && y < ch + n && y->id == e->id; y++)
		if (!unique || y->u == e->u)
			return 1;
	return 0;
}

/* What judge() counts of a read. */
struct tally {
	size_t churned;		/* entries of churned mounts */
	size_t twice;		/* ids of churned mounts listed twice */
	int umount_in;		/* a umount(2) began during the read */
};

enum { J_EXACT = 1, J_UNIQUE = 2, J_SAME_EVENT = 4 };

/*
 * Whether the @n entries @e, read between the churn's events @b and @a,
 * keep fattr(7)'s promise: every mount present for the whole read
 * (born < @b, gone >= @a) exactly once, in procfs's order; every other
 * entry a mount the churner unmounted or made (J_EXACT: none, the
 * namespace still); with J_UNIQUE, no unique_id twice, and each the one
 * statx gave; with J_SAME_EVENT (":mntns_event" unchanged), no id twice.
 * NULL if so, else what is wrong, malloc'd.
 */
static char *judge(const struct churn *c, const struct ent *e, size_t n,
		   size_t b, size_t a, int flags, struct tally *t)
{
	struct idk *w = calloc(c->n + 1, sizeof(*w));
	struct idk *ch = calloc(c->n + 1, sizeof(*ch));
	size_t *seen = calloc(c->n + 1, sizeof(*seen));
	int *other = calloc(n + 1, sizeof(*other));
	uint64_t *us = calloc(n + 1, sizeof(*us));
	size_t nw = 0, nch = 0, nother = 0, i, k, last = NOT_GONE;
	char *msg = NULL;

	ck_assert_msg(w && ch && seen && other && us, "out of memory");
	memset(t, 0, sizeof(*t));
	for (k = 0; k < c->n; k++) {
		const struct cmount *m = c->m + k;
		struct idk x = { m->id, m->u, k };

		if (m->born < b && m->gone >= a)
			w[nw++] = x;
		else if (m->born || m->gone != NOT_GONE)
			ch[nch++] = x;
		if (m->gone >= b && m->gone < a)
			t->umount_in = 1;
	}
	qsort(w, nw, sizeof(*w), idk_cmp);
	qsort(ch, nch, sizeof(*ch), idk_cmp);
	for (i = 1; i < nw; i++)
		if (w[i].id == w[i - 1].id) {
			/* The test's own bookkeeping: ids held are unique. */
			msg = xasprintf("test: mounts #%zu and #%zu both have "
					"id %d", w[i - 1].k, w[i].k, w[i].id);
			goto out;
		}
	if (flags & J_UNIQUE) {
		for (i = 0; i < n; i++)
			us[i] = e[i].u;
		qsort(us, n, sizeof(*us), u64_cmp);
		for (i = 1; i < n; i++)
			if (us[i] == us[i - 1]) {
				msg = xasprintf("unique_id %" PRIu64 " given "
						"twice", us[i]);
				goto out;
			}
	}
	for (i = 0; i < n; i++) {
		struct idk *x = idk_find(w, nw, e[i].id);

		if (!x && ((flags & J_EXACT) ||
			   !churned(ch, nch, e + i, flags & J_UNIQUE))) {
			msg = xasprintf("entry %zu: mount %d (unique_id %"
					PRIu64 ") is %s", i, e[i].id, e[i].u,
					flags & J_EXACT ?
					"not in procfs's mountinfo" :
					"neither there for the whole read nor "
					"one the churner unmounted or made");
			goto out;
		}
		if (!x) {
			other[nother++] = e[i].id;
			continue;
		}
		k = x->k;
		if (seen[k]) {
			msg = xasprintf("mount %d (#%zu of procfs's order), "
					"there for the whole read, listed twice"
					": entries %zu and %zu", e[i].id, k,
					seen[k] - 1, i);
			goto out;
		}
		if (last != NOT_GONE && k < last) {
			msg = xasprintf("entry %zu: mount %d (#%zu of procfs's "
					"order) after mount %d (#%zu): not "
					"procfs's order", i, e[i].id, k,
					c->m[last].id, last);
			goto out;
		}
		if ((flags & J_UNIQUE) && c->m[k].u && e[i].u != c->m[k].u) {
			msg = xasprintf("mount %d: unique_id %" PRIu64
					", statx gave %" PRIu64, e[i].id,
					e[i].u, c->m[k].u);
			goto out;
		}
		seen[k] = i + 1;
		last = k;
	}
	for (i = 0; i < nw; i++)
		if (!seen[w[i].k]) {
			msg = xasprintf("mount %d (#%zu of procfs's order), "
					"there for the whole read, missing "
					"(%zu entries)", w[i].id, w[i].k, n);
			goto out;
		}
	t->churned = nother;
	qsort(other, nother, sizeof(*other), int_cmp);
	for (i = 1; i < nother; i++)
		if (other[i] == other[i - 1])
			t->twice++;
	if ((flags & J_SAME_EVENT) && t->twice)
		msg = xasprintf("%zu ids twice, :mntns_event unchanged",
				t->twice);
out:
	free(w);
	free(ch);
	free(seen);
	free(other);
	free(us);
	return msg;
}

/* judge() of read @r; asserts. */
static void judge_read(const struct churn *c, const struct rd *r, int exact,
		       struct tally *t)
{
	int flags = (exact ? J_EXACT : 0) |
		    (r->same_event ? J_SAME_EVENT : 0) |
		    (r->name && !strcmp(r->name, ":mntns:all:unique_id") ?
		     J_UNIQUE : 0);
	size_t n;
	struct ent *e = parse(r, &n);
	char *msg = judge(c, e, n, r->b, r->a, flags, t);

	ck_assert_msg(!msg, "%s, read between churn events %zu and %zu: %s",
		      r->name ? r->name : "/proc/self/mountinfo (4 KiB reads)",
		      r->b, r->a, msg);
	free(e);
}

/*
 * The judge shown wrong reads made from @r, a right one of the namespace
 * at rest: each must be refused, with @why in its reason.
 */
static void expect_refused(const struct churn *c, const struct rd *r,
			   const struct ent *e, size_t n, int flags,
			   const char *wrong, const char *why)
{
	struct tally t;
	char *msg = judge(c, e, n, r->b, r->a, flags, &t);

	ck_assert_msg(msg && strstr(msg, why), "the judge took %s of %s (%s)",
		      wrong, r->name, msg ? msg : "no complaint");
	free(msg);
}

static void judge_wrong_reads(const struct churn *c, const struct rd *list,
			      const struct rd *unique)
{
	size_t n;
	struct ent *e = parse(list, &n), *w, tmp;

	ck_assert_msg(n > 2 * CHURN_HOLD, "%s: %zu entries", list->name, n);
	w = calloc(n + CHURN_HOLD, sizeof(*w));
	ck_assert_msg(w, "out of memory");
	/* Started over after its first hold. */
	memcpy(w, e, CHURN_HOLD * sizeof(*w));
	memcpy(w + CHURN_HOLD, e, n * sizeof(*w));
	expect_refused(c, list, w, n + CHURN_HOLD, J_EXACT,
		       "a walk started over", "listed twice");
	/* Resumed one mount too far (by count, after a umount before). */
	memcpy(w, e, n * sizeof(*w));
	memmove(w + n / 2, w + n / 2 + 1, (n - n / 2 - 1) * sizeof(*w));
	expect_refused(c, list, w, n - 1, J_EXACT, "a mount skipped",
		       "missing");
	/* Out of order. */
	memcpy(w, e, n * sizeof(*w));
	tmp = w[n / 2];
	w[n / 2] = w[n / 2 + 1];
	w[n / 2 + 1] = tmp;
	expect_refused(c, list, w, n, J_EXACT, "two mounts swapped",
		       "not procfs's order");
	/* A mount nobody made. */
	memcpy(w, e, n * sizeof(*w));
	w[n].id = INT32_MAX;
	expect_refused(c, list, w, n + 1, J_EXACT, "a mount nobody made",
		       "not in procfs's mountinfo");
	free(e);
	free(w);
	if (!unique)
		return;
	e = parse(unique, &n);
	e[n / 2].u = e[n / 2 + 1].u;
	expect_refused(c, unique, e, n, J_EXACT | J_UNIQUE,
		       "a unique_id twice", "given twice");
	free(e);
}

/*
 * The single key of a few mounts that stayed, against their entries of
 * column @r (read under the churn): "ID" or "UNIQUE_ID" as the column
 * has it.
 */
static void expect_single_keys(const struct churn *c, const struct rd *r)
{
	const char *key = strcmp(r->name, ":mntns:all:id") ? "unique_id" :
			  "id";
	size_t n, i, asked = 0;
	struct ent *e = parse(r, &n);

	for (i = 0; i < n; i += 97) {
		char *name = xasprintf(":mntns:%d:%s", e[i].id, key);
		char *want = e[i].u ? xasprintf("%" PRIu64, e[i].u) :
				      xasprintf("%d", e[i].id);
		struct xres res;
		size_t k;

		/* A mount of the slots never churned, or of the namespace. */
		for (k = 0; k < c->n && c->m[k].id != e[i].id; k++)
			;
		if (k == c->n || c->m[k].born || c->m[k].gone != NOT_GONE) {
			free(name);
			free(want);
			continue;
		}
		x_get(&res, "/", name);
		expect_value(&res, want, strlen(want), name);
		x_free(&res);
		free(name);
		free(want);
		asked++;
	}
	ck_assert_msg(asked > 10, "%s: %zu single keys asked", r->name,
		      asked);
	free(e);
}

START_TEST(test_churn)
{
	const char *dir = scratch();
	double t0 = now(), budget = test_budget();
	struct churn c = { .seq = 1, .want_u = have_statmount() };
	struct rd *rds = NULL, *quiet, *last_id = NULL, *last_u = NULL;
	size_t nrds = 0, nquiet, n, i, churned = 0, twice = 0, same = 0;
	struct idk *byid;
	struct tally t;
	struct mountinfo mi;
	char **paths;
	int *ids, rounds, umounts_in = 0, reads = 0;
	pthread_t th;

	paths = calloc(CHURN_MOUNTS, sizeof(*paths));
	c.slot_at = calloc(CHURN_MOUNTS, sizeof(*c.slot_at));
	c.slot_path = calloc(CHURN_MOUNTS, sizeof(*c.slot_path));
	ck_assert_msg(paths && c.slot_at && c.slot_path, "out of memory");
	for (i = 0; i < CHURN_MOUNTS; i++) {
		paths[i] = xasprintf("%s/%zu", dir, i);
		xmkdir(paths[i]);
		xmount("fattr-churn", paths[i], "tmpfs", 0, "size=64k");
	}
	/* The mounts at rest, in procfs's order; the slots among them. */
	ck_assert_int_eq(mi_read(&mi, "/proc/self/mountinfo"), 0);
	n = mi_ids(&mi, &ids);
	mi_free(&mi);
	c.cap = n + 4096;
	c.m = calloc(c.cap, sizeof(*c.m));
	byid = calloc(n, sizeof(*byid));
	ck_assert_msg(c.m && byid, "out of memory");
	for (i = 0; i < n; i++) {
		c.m[i] = (struct cmount){ .id = ids[i], .gone = NOT_GONE };
		byid[i] = (struct idk){ .id = ids[i], .k = i };
	}
	c.n = n;
	free(ids);
	qsort(byid, n, sizeof(*byid), idk_cmp);
	for (i = 0; i < CHURN_MOUNTS; i++) {
		int id = path_mnt_id(paths[i], 0);
		struct idk *x = idk_find(byid, n, id);

		ck_assert_msg(x, "%s: mount %d not in /proc/self/mountinfo",
			      paths[i], id);
		c.m[x->k].u = path_unique_id(paths[i]);
		ck_assert_msg(c.m[x->k].u || !c.want_u,
			      "%s: no unique id from statx", paths[i]);
		if (CHURNED(i)) {
			c.slot_at[c.nslots] = x->k;
			c.slot_path[c.nslots++] = paths[i];
		}
	}
	free(byid);
	/* At rest: each read is exactly procfs's; and the judge judges. */
	read_round(&c, &rds, &nrds);
	for (i = 0; i < nrds; i++) {
		judge_read(&c, rds + i, 1, &t);
		ck_assert_int_eq(t.churned, 0);
	}
	judge_wrong_reads(&c, rds + 1, c.want_u ? rds + 3 : NULL);
	nquiet = nrds;
	/* Under the churn. */
	ck_assert_int_eq(pthread_create(&th, NULL, churner, &c), 0);
	for (rounds = 0; rounds < CHURN_ROUNDS; rounds++) {
		if (rounds && now() - t0 > budget)
			break;
		read_round(&c, &rds, &nrds);
	}
	__atomic_store_n(&c.stop, 1, __ATOMIC_SEQ_CST);
	ck_assert_int_eq(pthread_join(th, NULL), 0);
	ck_assert_msg(!c.err, "churner: %s: %s (after %lu cycles)", c.what,
		      strerror(c.err), c.cycles);
	quiet = rds;
	for (i = nquiet; i < nrds; i++) {
		judge_read(&c, rds + i, 0, &t);
		churned += t.churned;
		twice += t.twice;
		/* fattr's reads: the control's are judged, not counted. */
		if (rds[i].name) {
			umounts_in += t.umount_in;
			reads++;
		}
		same += rds[i].same_event;
		if (rds[i].name && !strcmp(rds[i].name, ":mntns:all:id"))
			last_id = rds + i;
		if (rds[i].name && !strcmp(rds[i].name,
					   ":mntns:all:unique_id"))
			last_u = rds + i;
	}
	/*
	 * The model itself, at rest again: procfs lists the mounts left in
	 * the order of the array (the churner's last, in its order).
	 */
	free(quiet->buf);
	read_procfs(&c, quiet);
	judge_read(&c, quiet, 1, &t);
	ck_assert_msg(umounts_in > 0, "no umount(2) began during any of %d "
		      "reads of fattr (%lu churn cycles): nothing was tested",
		      reads, c.cycles);
	expect_single_keys(&c, last_id);
	if (last_u)
		expect_single_keys(&c, last_u);
	printf("check_churn: %d rounds, %zu reads (%d of fattr, %d of them "
	       "with a umount during them) in %.1f s, %lu churn cycles; %zu "
	       "entries of churned mounts, %zu ids listed twice (freed and "
	       "given again), %zu reads with :mntns_event unchanged\n",
	       rounds, nrds - nquiet, reads, umounts_in, now() - t0,
	       c.cycles, churned, twice, same);
	for (i = 0; i < nrds; i++)
		free(rds[i].buf);
	free(rds);
}
END_TEST

Suite *churn_suite(void)
{
	Suite *s = suite_create("churn");
	TCase *tc = tcase_create("churn");

	tcase_set_timeout(tc, TEST_TIMEOUT);
	tcase_add_test(tc, test_churn);
	suite_add_tcase(s, tc);
	return s;
}
