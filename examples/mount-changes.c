// SPDX-License-Identifier: GPL-2.0
/*
 * mount-changes [--once]: what changed in the caller's mount namespace,
 * each time it changes, without reading the whole mount table again.
 *
 * It waits as libmount does, poll(2) on /proc/self/mountinfo, then reads
 * one column, ":mntns:all:mnt_change" (fattr(7)): each mount's id and a
 * number that changes when the mount is moved, remounted, or changes
 * flags or propagation.  Only the records of the mounts whose number
 * changed, or that are new, and of the mounts under those (a move moves
 * them too) are read (":mntns:ID:info").  It prints, per change of the
 * namespace:
 *
 *   + RECORD    a mount that was added (its mountinfo record)
 *   - RECORD    a mount that went (the record it had)
 *   ~ RECORD    a mount whose record changed (the new record)
 *   .           the end of this change
 *
 * RECORD is "ID !ERRNO" for a mount whose record fattr cannot give
 * (E2BIG: over 64 KiB; EIO: the kernel failed to render it).
 *
 * A mount whose id was freed and given to a new mount between two reads
 * is "~", as a diff of two reads of mountinfo by id would show it.  What
 * mnt_change does not cover, this does not see (fattr(7): a file
 * system's own options changed alone, a rename above a mount point or a
 * mount's root, propagate_from); and where the kernel does not signal a change to
 * poll(2) (mount(2)'s MS_SHARED and the like before 7.3), it is printed
 * with the next one.  --once: print what changes at the next change,
 * then exit.
 *
 * Build: cc -O2 -o mount-changes mount-changes.c; needs fattr loaded.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

struct mnt {
	int id;
	uint64_t change;	/* its mnt_change */
	char *rec;		/* its record, newline included */
	int mark;		/* changes(): CHANGED, UNDER or CLEAN */
};

struct snap {
	struct mnt *m;		/* sorted by id */
	size_t n;
};

static void die(const char *what)
{
	fprintf(stderr, "mount-changes: %s: %s\n", what, strerror(errno));
	exit(1);
}

/*
 * The whole value of @name on "/", NUL-terminated, its length in *@len;
 * NULL with errno set if it has none.  A value may grow between the size
 * query and the read (a mount added): then ask again.
 */
static char *get_value(const char *name, size_t *len)
{
	ssize_t want, got;
	char *buf;

	for (;;) {
		want = getxattr("/", name, NULL, 0);
		if (want < 0)
			return NULL;
		buf = malloc(want + 4096 + 1);
		if (!buf)
			die("malloc");
		got = getxattr("/", name, buf, want + 4096);
		if (got >= 0) {
			buf[got] = '\0';
			*len = got;
			return buf;
		}
		free(buf);
		if (errno != ERANGE)
			return NULL;
	}
}

/*
 * The whole value of column @name, NUL-terminated, its length in *@len,
 * in a buffer kept from one read to the next (NULL with errno set if it
 * has none): one walk of the mounts a read, and a second only when the
 * column outgrew the buffer (ERANGE, or E2BIG past 64 KiB).
 */
static char *get_column(const char *name, size_t *len)
{
	static char *buf;
	static size_t cap;
	ssize_t got;

	for (;;) {
		if (cap) {
			got = getxattr("/", name, buf, cap - 1);
			if (got >= 0) {
				buf[got] = '\0';
				*len = got;
				return buf;
			}
			if (errno != ERANGE && errno != E2BIG)
				return NULL;
		}
		got = getxattr("/", name, NULL, 0);
		if (got < 0)
			return NULL;
		cap = got + got / 4 + 4096 + 1;	/* room to grow */
		buf = realloc(buf, cap);
		if (!buf)
			die("realloc");
	}
}

static int by_id(const void *a, const void *b)
{
	const struct mnt *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/*
 * Reads column @key into @s, one entry per mount: the id and, by
 * @put, its value ("=VALUE"; a mount whose value is an error has none).
 */
static void read_column(const char *key, struct snap *s,
			void (*put)(struct mnt *m, const char *v))
{
	char name[64], *col, *p, *v;
	size_t len, cap = 64;

	snprintf(name, sizeof(name), ":mntns:all:%s", key);
	col = get_column(name, &len);
	if (!col)
		die(name);
	s->n = 0;
	/* As many mounts as the column has bytes for, at least. */
	while (cap < len / 32)
		cap *= 2;
	s->m = malloc(cap * sizeof(*s->m));
	if (!s->m)
		die("malloc");
	for (p = col; p < col + len; p = v + strlen(v) + 1) {
		v = p + strlen(p) + 1;
		if (v >= col + len)
			break;		/* cannot be: fattr(7)'s format */
		if (s->n == cap) {
			cap *= 2;
			s->m = realloc(s->m, cap * sizeof(*s->m));
			if (!s->m)
				die("realloc");
		}
		s->m[s->n] = (struct mnt){ .id = atoi(p) };
		put(&s->m[s->n++], v);
	}
	qsort(s->m, s->n, sizeof(*s->m), by_id);
}

static void put_change(struct mnt *m, const char *v)
{
	m->change = *v == '=' ? strtoull(v + 1, NULL, 10) : 0;
}

/* A record, or for an error ERRNO "ID !ERRNO\n". */
static char *record(int id, const char *rec, const char *err)
{
	char *r;

	if (rec)
		r = strdup(rec);
	else if (asprintf(&r, "%d !%s\n", id, err) < 0)
		r = NULL;
	if (!r)
		die("malloc");
	return r;
}

static void put_record(struct mnt *m, const char *v)
{
	m->rec = record(m->id, *v == '=' ? v + 1 : NULL, v + 1);
}

/* The record of mount @id now, or NULL if it is gone. */
static char *record_of(int id)
{
	char name[64], *rec;
	size_t len;

	snprintf(name, sizeof(name), ":mntns:%d:info", id);
	rec = get_value(name, &len);
	if (rec || errno == ENODATA)
		return rec;
	if (errno == E2BIG || errno == EIO)
		return record(id, NULL, errno == EIO ? "EIO" : "E2BIG");
	die(name);
	return NULL;
}

/* The mount of @s with @id, or NULL. */
static struct mnt *find(const struct snap *s, int id)
{
	struct mnt key = { .id = id };

	return bsearch(&key, s->m, s->n, sizeof(*s->m), by_id);
}

/*
 * The snapshot to start from: each mount's mnt_change, then its record
 * from one read of the record column.  A mount that changes in between
 * is read again at the next change, which poll(2) reports; one added in
 * between is left out, to be added then.
 */
static void first_snap(struct snap *s)
{
	struct snap recs;
	struct mnt *r;
	size_t i, k;

	read_column("mnt_change", s, put_change);
	read_column("info", &recs, put_record);
	for (i = 0, k = 0; i < s->n; i++) {
		r = find(&recs, s->m[i].id);
		if (r) {
			s->m[k] = s->m[i];
			s->m[k++].rec = r->rec;
			r->rec = NULL;
		}
	}
	s->n = k;
	for (i = 0; i < recs.n; i++)
		free(recs.m[i].rec);
	free(recs.m);
}

/* The parent's id in record @rec ("ID PARENT ..."), or 0. */
static int parent_of(const char *rec)
{
	const char *sp = strchr(rec, ' ');

	return sp && sp[1] != '!' ? atoi(sp + 1) : 0;
}

/*
 * Whether mount @m of @s is under a mount marked CHANGED: a move changes
 * the mount point of every mount under the one moved, and not their own
 * mnt_change (fattr(7)).  Each mount's answer is kept in its mark
 * (UNDER or CLEAN), so that a pass over all of them is linear.
 */
enum { CLEAN = 1, CHANGED, UNDER };

static int under_changed(struct snap *s, struct mnt *m, int depth)
{
	struct mnt *p;

	if (m->mark)
		return m->mark;
	p = find(s, parent_of(m->rec));
	if (!p || p == m || depth > 4096)
		return (m->mark = CLEAN);
	m->mark = under_changed(s, p, depth + 1) == CLEAN ? CLEAN : UNDER;
	return m->mark;
}

/*
 * Prints what changed from @old to the namespace now, and makes @old
 * the namespace now.  Returns how many lines it printed.
 */
static int changes(struct snap *old)
{
	int lines = 0, any = 0;
	struct snap now;
	size_t i, j, k;
	char *rec;

	read_column("mnt_change", &now, put_change);
	for (i = 0, j = 0, k = 0; i < old->n || j < now.n;) {
		struct mnt *o = i < old->n ? &old->m[i] : NULL;
		struct mnt *n = j < now.n ? &now.m[j] : NULL;

		if (o && (!n || o->id < n->id)) {
			lines++;
			printf("- %s", o->rec);
			free(o->rec);
			i++;
			continue;
		}
		j++;
		n->mark = 0;
		if (o && o->id == n->id) {
			i++;
			n->rec = o->rec;
			if (o->change == n->change) {
				now.m[k++] = *n;
				continue;
			}
			rec = record_of(n->id);
			if (rec && strcmp(rec, n->rec))
				lines += printf("~ %s", rec) > 0;
			else if (!rec)
				lines += printf("- %s", n->rec) > 0;
			free(n->rec);
			n->rec = rec;
		} else {
			n->rec = record_of(n->id);
			if (n->rec)
				lines += printf("+ %s", n->rec) > 0;
		}
		n->mark = CHANGED;
		any = 1;
		if (n->rec)
			now.m[k++] = *n;
	}
	now.n = k;
	/* The mounts under one that changed: their records, read again. */
	for (i = 0; any && i < now.n; i++) {
		struct mnt *m = &now.m[i];

		if (under_changed(&now, m, 0) != UNDER)
			continue;
		rec = record_of(m->id);
		if (rec && strcmp(rec, m->rec)) {
			lines += printf("~ %s", rec) > 0;
			free(m->rec);
			m->rec = rec;
		} else {
			free(rec);	/* the same, or gone: the next change says */
		}
	}
	free(old->m);
	*old = now;
	printf(".\n");
	fflush(stdout);
	return lines;
}

int main(int argc, char **argv)
{
	int once = argc > 1 && !strcmp(argv[1], "--once");
	struct pollfd pfd = { .events = POLLPRI };
	struct snap s;

	if (argc > 2 || (argc == 2 && !once)) {
		fprintf(stderr, "usage: mount-changes [--once]\n");
		return 2;
	}
	/* Open first: a change after the open wakes the poll below. */
	pfd.fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	if (pfd.fd < 0)
		die("/proc/self/mountinfo");
	first_snap(&s);
	printf("# %zu mounts\n", s.n);
	fflush(stdout);
	do {
		if (poll(&pfd, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			die("poll");
		}
		changes(&s);
	} while (!once);
	return 0;
}
