// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz.c: fattr-fuzz N [SEED]
 *
 * N random calls of getxattr, lgetxattr, fgetxattr and (6.13+)
 * getxattrat with ':' names built from the pieces of the grammar (and
 * some other names), columns (":mntns:all:KEY", ":mntns:all:") and their
 * near misses among them, random sizes, and name, path, value and
 * argument pointers that are NULL, unmapped, kernel addresses, read-only
 * or that straddle the end of a page whose successor is PROT_NONE.
 *
 * The oracle of a call with a ':' name is made of two parts:
 *   - its twin: the same call, same memory, with the name's first byte
 *     changed to 'x', which the kernel alone answers.  If the twin fails
 *     with anything but EOPNOTSUPP (the kernel's "no handler for this
 *     name"), the arguments are bad before the value is reached, and the
 *     ':' call must fail with exactly the same errno: the kernel's order
 *     of checks;
 *   - otherwise the grammar (uapi/linux/fattr.h, fattr(7)), with records
 *     and listings from /proc/self/mountinfo and the target's mount from
 *     statx(2), then the size rules (size 0: the length; short: ERANGE,
 *     or E2BIG for a size of 64 KiB or more; value pointer not writable:
 *     EFAULT; a listing or column left untouched by ERANGE).  A column
 *     (fuzz_columns.c) is each mount's own key, in ":mntns:"'s order:
 *     the keys the fuzzer knows from procfs and statmount(2), the others
 *     as ":mntns:ID:KEY" gives them, read while mountinfo and
 *     ":mntns_event" stay the same; the keys with a column are those of
 *     the module's ":mnt:" but the ones fattr(7) names without.
 * A call with another name is the kernel's: it must fail with one of the
 * errnos getxattr(2) documents.  Anything else is a failure, printed.
 *
 * Then the module's reference count must be 0 and slab, all and
 * unreclaimable, within 1 MiB of what it was before (both read after
 * drop_caches and shrinking every slab cache: see settle()).
 * Prints calls per syscall, results by errno, and last
 * "fuzz: N calls, M failures".  Exits 1 on any failure.  Runs as root in
 * a private mount namespace of its own, with fattr loaded.
 *
 * fattr-fuzz --self-check holds the column oracle to a made-up mountinfo
 * and the size rules to fattr(7)'s, without the module.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "fdio.h"
#include "fuzz_columns.h"
#include "procfs.h"

#ifndef SYS_getxattrat
#define SYS_getxattrat 464
#endif
#ifndef AT_EMPTY_PATH
#define AT_EMPTY_PATH 0x1000
#endif

#define VALUE_MAX 65536
#ifndef XATTR_SIZE_MAX
#define XATTR_SIZE_MAX 65536
#endif
#define KERNEL_ADDR ((void *)0xffffffff81000000UL)
#define MIB (1024L * 1024)
/* What a listing's buffer holds before the call: ERANGE leaves it so. */
#define FILL ((char)0xa5)

struct xattr_args_v0 {
	uint64_t value;
	uint32_t size;
	uint32_t flags;
};

static const char root_value[] = ROOT_VALUE;
static const char statfs_value[] = "type\0bsize\0frsize\0blocks\0bfree\0"
	"bavail\0files\0ffree\0namelen\0flags\0fsid";

/* ---------------------------------------------------------------- rng */

static uint64_t rng_state;

static uint64_t rnd(void)
{
	/* splitmix64 */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int rn(unsigned int n)
{
	return n ? rnd() % n : 0;
}

static int chance(unsigned int pct)
{
	return rn(100) < pct;
}

/* ------------------------------------------------------------ counters */

enum call { C_GET, C_LGET, C_FGET, C_AT, NR_CALLS };
static const char *const call_name[NR_CALLS] = {
	"getxattr", "lgetxattr", "fgetxattr", "getxattrat",
};
static unsigned long calls[NR_CALLS], answered[NR_CALLS];
static unsigned long by_errno[NR_CALLS][160];
static unsigned long failures, colon_calls, twin_faults;
static int verbose_left = 40;

static void failf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void failf(const char *fmt, ...)
{
	va_list ap;

	failures++;
	if (verbose_left-- <= 0)
		return;
	va_start(ap, fmt);
	fputs("fuzz: FAIL: ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	fflush(stdout);
}

/* Failures by kind: call, what it gave, what was expected, and how. */
#define NSIG 64
static struct { char key[160]; unsigned long n; } sigs[NSIG];

static void sig(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void sig(const char *fmt, ...)
{
	char key[160];
	va_list ap;
	int i;

	va_start(ap, fmt);
	vsnprintf(key, sizeof(key), fmt, ap);
	va_end(ap);
	for (i = 0; i < NSIG && sigs[i].n; i++)
		if (!strcmp(sigs[i].key, key))
			break;
	if (i == NSIG)
		return;
	strcpy(sigs[i].key, key);
	sigs[i].n++;
}

static const char *ename(int e)
{
	return e ? strerrorname_np(e) : "a value";
}

static char *esc(const void *p, size_t n)
{
	static char out[4][4 * 120 + 8];
	static int k;
	const unsigned char *s = p;
	char *o = out[k = (k + 1) % 4], *r = o;
	size_t i;

	if (!p)
		return "(null)";
	for (i = 0; i < n && i < 120; i++) {
		if (s[i] == '\\')
			o += sprintf(o, "\\\\");
		else if (s[i] < 32 || s[i] > 126)
			o += sprintf(o, "\\%03o", s[i]);
		else
			*o++ = s[i];
	}
	if (i < n)
		o += sprintf(o, "...");
	*o = 0;
	return r;
}

/* ---------------------------------------------------- memory placement */

static long page;
static char *name_pages;	/* page 0 rw, page 1 none */
static char *name_ro;		/* one read-only page */
static char *val_pages;		/* val_rw bytes rw, then a page none */
static size_t val_rw;		/* a value of up to 64 KiB, and more */
static char *val_ro;
static char *path_pages;	/* page 0 rw, page 1 none */
static char *unmapped;		/* PROT_NONE */
static char *valbuf;		/* VALUE_MAX + 2 pages, rw */
static char *args_page;		/* page 0 rw (args), page 1 none */
static char *zero_page;		/* 2 pages rw, zero: usize up to 4097 */

static char *map(size_t pages, int prot)
{
	char *p = mmap(NULL, pages * page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("fuzz: mmap");
		exit(2);
	}
	if (prot != (PROT_READ | PROT_WRITE) && mprotect(p, pages * page, prot))
		exit(2);
	return p;
}

/* @rw pages rw, then one PROT_NONE. */
static char *guarded_n(size_t rw)
{
	char *p = map(rw + 1, PROT_READ | PROT_WRITE);

	if (mprotect(p + rw * page, page, PROT_NONE))
		exit(2);
	return p;
}

static char *guarded(void)
{
	return guarded_n(1);
}

/* ------------------------------------------------------------- mounts */

static struct mountinfo mi;
static int *ids;
static size_t nids;
static char *listing;
static size_t listing_len;
static struct fcol_set cols;	/* the columns these mounts make */

static void read_columns(void);

/* ":mntns_event" into @ev (room for 32 bytes), or -errno (not served). */
static int mntns_event(char *ev)
{
	ssize_t n = getxattr("/", ":mntns_event", ev, 31);

	if (n < 0)
		return -errno;
	ev[n] = 0;
	return 0;
}

static void read_mountinfo(void)
{
	size_t i;
	char *o;

	mi_free(&mi);
	free(ids);
	free(listing);
	if (mi_read(&mi, "/proc/self/mountinfo")) {
		perror("fuzz: /proc/self/mountinfo");
		exit(2);
	}
	nids = mi_ids(&mi, &ids);
	o = listing = malloc(nids * 16 + 1);
	for (i = 0; i < nids; i++)
		o += sprintf(o, "%d:", ids[i]) + 1;
	listing_len = o - listing;
}

/*
 * The mounts, and the columns they make, in a quiet moment: mountinfo
 * and ":mntns_event" (where served) the same before and after.
 */
static void read_mounts(void)
{
	char ev0[32], ev1[32];
	struct mountinfo after;
	int e0, e1, tries, same;

	for (tries = 0; tries < 10; tries++) {
		e0 = mntns_event(ev0);
		read_mountinfo();
		read_columns();
		e1 = mntns_event(ev1);
		if (mi_read(&after, "/proc/self/mountinfo")) {
			perror("fuzz: /proc/self/mountinfo");
			exit(2);
		}
		same = e0 == e1 && (e0 || !strcmp(ev0, ev1)) &&
		       after.len == mi.len &&
		       !memcmp(after.buf, mi.buf, mi.len);
		mi_free(&after);
		if (same)
			return;
	}
	printf("fuzz: note: the mounts changed at each of %d readings\n",
	       tries);
}

/* ------------------------------------------------------------- names */

#define NAME_MAX_FUZZ 320

static const char *const id_forms[] = {
	"0", "-1", "+1", "00", "2147483647", "2147483648", "2147483649",
	"4294967295", "4294967296", "4294967297", "9223372036854775807",
	"9223372036854775808", "18446744073709551615", "18446744073709551616",
	"18446744073709551617", "99999999999999999999999999999", "1e3", "0x1",
	" 1", "1 ", "", "٣",
};

/* An id: mostly one that exists, else a number near a boundary. */
static void put_id(char *s)
{
	int id = nids ? ids[rn(nids)] : 1;

	switch (rn(12)) {
	case 0:	/* 2^32 + id: wraps to id in 32 bits */
		sprintf(s, "%llu", (1ULL << 32) + id);
		break;
	case 1:	/* 2^64 + id */
		sprintf(s, "1844674407370955%04d", 1616 + id);
		break;
	case 2:	/* 2^31 + id */
		sprintf(s, "%llu", (1ULL << 31) + id);
		break;
	case 3:	/* leading zeros */
		sprintf(s, "%0*d", 2 + rn(4), id);
		break;
	case 4:
		strcpy(s, id_forms[rn(sizeof(id_forms) / sizeof(*id_forms))]);
		break;
	case 5:	/* a free id */
		sprintf(s, "%d", id + 1000 + rn(100000));
		break;
	default:
		sprintf(s, "%d", id);
	}
}

static const char *const pieces[] = {
	":", "mnt:", "info", "mntns:", "mnt", "mntns", "info:", "::", "\n",
	" ", "\t", "\\", "/", ".", "MNT:", "INFO", "\xff", "\x80", "%d", "*",
	"id", "parent", "dev", "root", "mountpoint", "options", "propagation",
	"fstype", "source", "superoptions", "unique_id", "statfs:", "statfs",
	"bavail", "fsid", "flags", "type", "id:", "STATFS:", "unique",
	"all:", "all", "ALL:",
};

/*
 * The keys of a mount folder and of its statfs: folder that the oracle
 * has a value of its own for (mount_key()); the others (mnt_change's
 * hash among them) are held to their single keys through the columns.
 */
static const char *const mount_keys[] = {
	"info", "id", "parent", "dev", "root", "mountpoint", "options",
	"propagation", "fstype", "source", "superoptions", "unique_id",
	"statfs:",
};
static const char *const statfs_keys[] = {
	"type", "bsize", "frsize", "blocks", "bfree", "bavail", "files",
	"ffree", "namelen", "flags", "fsid",
};
/* Near misses of them. */
static const char *const near_keys[] = {
	"statfs", "statfs:nope", "statfs::", "statfs:type:", "id:", "ID",
	"idx", "unique", "unique_id:", "statfs:bavai", "statfs:bavailx",
	"mountpoint ", "sourc", "info:", "statfs:fsid:", ":statfs:",
};

#define NITEMS(a) (sizeof(a) / sizeof(*(a)))

/* A key below a mount folder: a key, a statfs: key, or a near miss. */
static void put_key(char *s)
{
	switch (rn(4)) {
	case 0:
		strcat(s, "statfs:");
		strcat(s, statfs_keys[rn(NITEMS(statfs_keys))]);
		break;
	case 1:
		strcat(s, near_keys[rn(NITEMS(near_keys))]);
		break;
	default:
		strcat(s, mount_keys[rn(NITEMS(mount_keys))]);
	}
}

/*
 * The keys fattr(7) gives a column, on some kernel (the oracle goes by
 * what this one's ":mnt:" lists, not by this).
 */
static const char *const column_keys[] = {
	"info", "id", "parent", "dev", "root", "mountpoint", "options",
	"propagation", "fstype", "source", "superoptions", "unique_id",
	"mnt_parent_id", "mnt_ns_id", "mnt_attr", "mnt_propagation",
	"mnt_peer_group", "mnt_master", "propagate_from", "sb_magic",
	"sb_flags", "fs_subtype", "mnt_change",
};

/* A column, or ":mntns:all:". */
static void put_column(char *s)
{
	strcpy(s, ":mntns:all:");
	switch (rn(6)) {
	case 0:	/* the folder */
		break;
	case 1:	/* a key this module lists a column of */
	case 2:
		if (cols.n) {
			strcat(s, cols.key[rn(cols.n)]);
			break;
		}
		/* fall through */
	default:
		strcat(s, column_keys[rn(NITEMS(column_keys))]);
	}
}

/*
 * A near miss of a column: ENODATA, every one (fattr(7): "Names match
 * exactly", the keys without a column "give ENODATA in a column"), but a
 * name longer than 255 bytes, which the kernel refuses with ERANGE.
 */
static void put_column_miss(char *s)
{
	const char *key = column_keys[rn(NITEMS(column_keys))];
	unsigned int k = rn(12);
	size_t n, to;

	strcpy(s, ":mntns:all:");
	switch (k) {
	case 0:
		strcpy(s, ":mntns:all");
		break;
	case 1:
		strcpy(s, ":mntns:alll:");
		break;
	case 2:
		strcat(s, key);
		strcat(s, ":");
		break;
	case 3:
		strcat(s, "/");
		break;
	case 4:	/* a 255-byte key: a name of 266 */
	case 5:	/* a name of 254, 255 (the longest) or 256 bytes */
		strcat(s, key);
		n = strlen(s);
		to = k == 4 ? 11 + 255 : 254 + rn(3);
		memset(s + n, chance(50) ? 'x' : key[strlen(key) - 1], to - n);
		s[to] = 0;
		break;
	case 6:
		strcpy(s, ":mntns:ALL:id");
		break;
	case 7:
		strcat(s, "statfs:");
		strcat(s, statfs_keys[rn(NITEMS(statfs_keys))]);
		break;
	case 8:	/* a column of a column, a mount's "all:" */
		strcat(s, chance(50) ? "all:id" : "all:");
		break;
	default:
		strcat(s, fcol_without[rn(fcol_nwithout)]);
	}
}

/* A well-formed name, before any mutation. */
static void wellformed(char *s)
{
	switch (rn(10)) {
	case 8: put_column(s); break;
	case 9: put_column_miss(s); break;
	case 6: strcpy(s, ":mnt:"); put_key(s); break;
	case 7:
		strcpy(s, ":mntns:");
		put_id(s + 7);
		strcat(s, ":");
		put_key(s);
		break;
	case 0: strcpy(s, ":"); break;
	case 1: strcpy(s, ":mnt:"); break;
	case 2: strcpy(s, ":mnt:info"); break;
	case 3: strcpy(s, ":mntns:"); break;
	case 4: strcpy(s, ":mntns:"); put_id(s + 7); strcat(s, ":"); break;
	default:
		strcpy(s, ":mntns:");
		put_id(s + 7);
		strcat(s, ":info");
	}
}

static void mutate(char *s)
{
	size_t n = strlen(s), i = n ? rn(n) : 0;

	switch (rn(9)) {
	case 0:	/* delete a byte */
		if (n)
			memmove(s + i, s + i + 1, n - i);
		break;
	case 1:	/* insert a random byte (never NUL) */
		if (n < NAME_MAX_FUZZ - 2) {
			memmove(s + i + 1, s + i, n - i + 1);
			s[i] = 1 + rn(255);
		}
		break;
	case 2:	/* replace one */
		if (n)
			s[i] = 1 + rn(255);
		break;
	case 3:	/* double a separator */
		for (; i < n; i++)
			if (s[i] == ':' && n < NAME_MAX_FUZZ - 2) {
				memmove(s + i + 1, s + i, n - i + 1);
				break;
			}
		break;
	case 4:	/* a newline inside, or at the end */
		if (n < NAME_MAX_FUZZ - 2) {
			if (chance(50))
				i = n;
			memmove(s + i + 1, s + i, n - i + 1);
			s[i] = '\n';
		}
		break;
	case 5:	/* a piece appended */
		if (n < NAME_MAX_FUZZ - 16)
			strcat(s, pieces[rn(sizeof(pieces) / sizeof(*pieces))]);
		break;
	case 6:	/* case */
		if (n)
			s[i] ^= 0x20;
		break;
	case 7:	/* truncated */
		s[i] = 0;
		break;
	default:	/* padded to a length around 255 */
		{
			size_t to = 250 + rn(12);
			char c = chance(50) ? '1' : ':';

			while (n < to)
				s[n++] = c;
			s[n] = 0;
		}
	}
}

/* A random name: mostly ':' names; writes its bytes, NUL included. */
static size_t gen_name(char *s)
{
	unsigned int k = rn(100), i, n;

	if (k < 40) {
		wellformed(s);
	} else if (k < 70) {
		wellformed(s);
		for (i = rn(3) + 1; i; i--)
			mutate(s);
	} else if (k < 82) {
		strcpy(s, ":");
		for (i = rn(7); i; i--) {
			size_t l = strlen(s);

			if (chance(25))
				put_id(s + l);
			else
				strcpy(s + l, pieces[rn(sizeof(pieces) /
							 sizeof(*pieces))]);
		}
	} else if (k < 92) {
		n = rn(301);
		for (i = 0; i < n; i++)
			s[i] = 1 + rn(255);
		s[n] = 0;
		if (n && chance(60))
			s[0] = ':';
	} else {
		static const char *const other[] = {
			"user.fattr", "trusted.fattr", "security.fattr",
			"system.posix_acl_access", "system.posix_acl_default",
			"mnt:info", "x", "", "fattr:", " :mnt:info",
			"security.capability", "user.:mnt:info",
		};
		strcpy(s, other[rn(sizeof(other) / sizeof(*other))]);
	}
	return strlen(s) + 1;
}

/*
 * Where the name goes.  Sets *cut when the placement removes its NUL
 * (the page ends before it).
 */
enum place { P_HEAP, P_RO, P_STRADDLE, P_CUT, P_NULL, P_UNMAPPED, P_KERNEL };

static char name_heap[NAME_MAX_FUZZ + 8];

static char *place_name(const char *s, size_t len, enum place p)
{
	char *dst;

	switch (p) {
	case P_HEAP:
		memcpy(name_heap, s, len);
		return name_heap;
	case P_RO:
		mprotect(name_ro, page, PROT_READ | PROT_WRITE);
		memcpy(name_ro + page - len, s, len);
		mprotect(name_ro, page, PROT_READ);
		return name_ro + page - len;
	case P_STRADDLE:	/* the NUL is the page's last byte */
		dst = name_pages + page - len;
		memcpy(dst, s, len);
		return dst;
	case P_CUT:		/* the page ends before the NUL */
		dst = name_pages + page - (len - 1);
		memcpy(dst, s, len - 1);
		return dst;
	case P_NULL:
		return NULL;
	case P_UNMAPPED:
		return unmapped + 16;
	default:
		return KERNEL_ADDR;
	}
}

/* Change the first byte of a placed name (for the twin), any placement. */
static void poke_first(char *name, enum place p, char c)
{
	if (p == P_RO)
		mprotect(name_ro, page, PROT_READ | PROT_WRITE);
	*name = c;
	if (p == P_RO)
		mprotect(name_ro, page, PROT_READ);
}

/* ------------------------------------------------------------- targets */

static const char *const good_paths[] = {
	"/", "/proc", "/proc/self", "/proc/self/", "/sys", "/dev", "/dev/null",
	"/tmp", "/tmp/fz", "/tmp/fz/a b\nc", "/tmp/fz/a b\nc/f",
	"/tmp/fz/bind", "/tmp/fz/link", "/tmp/fz/dangling", "/tmp/fz/loop",
	"/tmp/fz/ro", "/fattr.ko", "/fattr.ko/x", "/nonexistent", "", ".",
	"..", "/tmp/fz/a b\nc/../bind", "/proc/1/root", "/proc/self/fd/0",
	"/tmp/fz/noexec", "tmp/fz/link", "proc",
};

static char long_path[6000], long_comp[400];
static int fds[16], nfds, nopen, dfds[4];

static void setup_files(void)
{
	char *p;
	int i;

	/* A private namespace with mounts of every kind the records show. */
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) {
		perror("fuzz: private mount namespace");
		exit(2);
	}
	mkdir("/tmp/fz", 0755);
	if (mount("fattr-fuzz", "/tmp/fz", "tmpfs", 0, NULL))
		perror("fuzz: mount /tmp/fz");
	mkdir("/tmp/fz/a b\nc", 0755);
	if (mount("fattr fuzz\\ \t", "/tmp/fz/a b\nc", "tmpfs", MS_NOSUID,
		  "mode=755"))
		perror("fuzz: mount a b c");
	close(open("/tmp/fz/a b\nc/f", O_CREAT | O_WRONLY, 0644));
	mkdir("/tmp/fz/bind", 0755);
	mount("/tmp/fz/a b\nc", "/tmp/fz/bind", NULL, MS_BIND, NULL);
	mount(NULL, "/tmp/fz/bind", NULL, MS_SHARED, NULL);
	mkdir("/tmp/fz/ro", 0755);
	mount("fattr-ro", "/tmp/fz/ro", "tmpfs", MS_RDONLY | MS_NOATIME, NULL);
	mkdir("/tmp/fz/noexec", 0755);
	mount("fattr-noexec", "/tmp/fz/noexec", "tmpfs", MS_NOEXEC, NULL);
	mount(NULL, "/tmp/fz/noexec", NULL, MS_UNBINDABLE, NULL);
	symlink("/proc", "/tmp/fz/link");
	symlink("/tmp/fz/nowhere", "/tmp/fz/dangling");
	symlink("/tmp/fz/loop", "/tmp/fz/loop");
	if (chdir("/"))
		exit(2);

	for (p = long_path; p < long_path + 5000; p += 2)
		memcpy(p, "a/", 2);
	*p = 0;
	long_comp[0] = '/';
	memset(long_comp + 1, 'c', 300);

	fds[nfds++] = open("/", O_RDONLY | O_DIRECTORY);
	fds[nfds++] = open("/proc", O_RDONLY | O_DIRECTORY);
	fds[nfds++] = open("/tmp/fz/a b\nc/f", O_RDONLY);
	fds[nfds++] = open("/dev/null", O_RDWR);
	fds[nfds++] = open("/tmp/fz/ro", O_PATH);	/* EBADF */
	fds[nfds++] = open("/tmp/fz/bind", O_RDONLY | O_DIRECTORY);
	{
		int pp[2];

		if (pipe(pp))
			exit(2);
		fds[nfds++] = pp[0];			/* pipefs */
	}
	fds[nfds++] = socket(AF_UNIX, SOCK_STREAM, 0);	/* sockfs */
	fds[nfds++] = open("/fattr.ko", O_RDONLY);
	nopen = nfds;
	fds[nfds++] = 999;				/* closed */
	/*
	 * Negative descriptors: EBADF until 6.12; since 6.13 fgetxattr() is
	 * path_getxattrat(fd, NULL, AT_EMPTY_PATH) and AT_FDCWD names the
	 * working directory.
	 */
	fds[nfds++] = -1;
	fds[nfds++] = AT_FDCWD;
	fds[nfds++] = -2;
	fds[nfds++] = INT_MIN;
	dfds[0] = AT_FDCWD;
	dfds[1] = fds[0];
	dfds[2] = fds[1];
	dfds[3] = fds[2];	/* a file: relative paths give ENOTDIR */
	for (i = 0; i < nopen; i++)
		if (fds[i] < 0)
			fprintf(stderr, "fuzz: fd %d not opened\n", i);
}

/* A path pointer, maybe bad. */
static const char *gen_path(void)
{
	const char *s;
	size_t len;
	unsigned int k = rn(100);

	if (k < 3)
		return NULL;
	if (k < 5)
		return unmapped;
	if (k < 6)
		return KERNEL_ADDR;
	if (k < 8)
		return long_path;
	if (k < 10)
		return long_comp;
	s = good_paths[rn(sizeof(good_paths) / sizeof(*good_paths))];
	if (k < 16) {	/* at a page end, with or without its NUL */
		len = strlen(s) + 1;
		if (chance(50)) {
			memcpy(path_pages + page - len, s, len);
			return path_pages + page - len;
		}
		memcpy(path_pages + page - (len - 1), s, len - 1);
		return path_pages + page - (len - 1);
	}
	return s;
}

/* ------------------------------------------------------------- values */

struct vbuf {
	char *ptr;
	size_t writable;	/* bytes writable at ptr */
	const char *kind;
};

/* A value pointer, for a value of about @len bytes. */
static void gen_value(struct vbuf *v, size_t len)
{
	unsigned int k = rn(100);

	v->writable = 0;
	if (k < 5) {
		v->ptr = NULL;
		v->kind = "NULL";
	} else if (k < 9) {
		v->ptr = unmapped;
		v->kind = "unmapped";
	} else if (k < 11) {
		v->ptr = KERNEL_ADDR;
		v->kind = "kernel";
	} else if (k < 15) {
		v->ptr = val_ro;
		v->kind = "read-only";
	} else if (k < 30) {
		/* The value ends at the PROT_NONE page, or a byte off. */
		size_t room = rn(200), near = len + rn(3);

		if (chance(50))	/* len - 1, len or len + 1 bytes */
			room = near ? near - 1 : 0;
		if (room > val_rw)
			room = val_rw;
		v->ptr = val_pages + val_rw - room;
		v->writable = room;
		v->kind = "straddling";
	} else {
		v->ptr = valbuf;
		v->writable = VALUE_MAX + 2 * page;
		v->kind = "buffer";
	}
}

/*
 * A size for ":mntns:" or a column, which alone may exceed 64 KiB: on
 * both sides of the length and of XATTR_SIZE_MAX.
 */
static size_t gen_size_listing(size_t len)
{
	switch (rn(8)) {
	case 0: return 0;
	case 1: return 1;
	case 2: return len ? len - 1 : 0;
	case 3: return len;
	case 4: return len + 1;
	case 5: return XATTR_SIZE_MAX - 1;
	case 6: return XATTR_SIZE_MAX;
	default: return XATTR_SIZE_MAX + 1;
	}
}

/* A size, knowing the length the value would have (or a guess). */
static size_t gen_size(size_t len)
{
	switch (rn(12)) {
	case 0: return 0;
	case 1: return 1;
	case 2: return len ? len - 1 : 0;
	case 3: case 4: return len;
	case 5: return len + 1;
	case 6: return 65536;
	case 7: return 65537;
	case 8: return SIZE_MAX;
	case 9: return (1UL << 32) + rn(4);	/* 32-bit truncation */
	case 10: return rn(300);
	default: return 1UL << (rn(40));
	}
}

/* ------------------------------------------------------------- oracle */

/*
 * The value of @key in the mount folder of mount @id, whose record the
 * caller's mountinfo must have: 1 with *val and *len set, or 0 for
 * ENODATA.  Fields come from the record, unique_id from statmount(2),
 * statfs: from statfs(2) of the mount point (no mount of the run is
 * overmounted, and their figures do not move).
 */
static int mount_key(const char *key, int id, const char **val,
		     size_t *len)
{
	static struct mi_keys k;
	static char buf[128];
	const char *line = mi_find(&mi, id, len);
	struct statfs st;
	size_t i;

	if (!line)
		return 0;
	if (!strcmp(key, "") ) {
		*val = mount_folder(len);
		return 1;
	}
	if (!strcmp(key, "info")) {
		*val = line;
		return 1;
	}
	if (!strcmp(key, "statfs:")) {
		*val = statfs_value;
		*len = sizeof(statfs_value);
		return 1;
	}
	mi_keys_free(&k);
	if (mi_keys(line, *len, &k))
		return 0;
	for (i = 0; i < MI_NKEYS; i++) {
		if (!strcmp(key, mi_key_names[i])) {
			*val = k.v[i];
			*len = k.len[i];
			return 1;
		}
	}
	if (!strcmp(key, "unique_id")) {
		if (!have_statmount())
			return 0;
		*len = sprintf(buf, "%llu", mnt_unique_of(id));
		*val = buf;
		return 1;
	}
	if (strncmp(key, "statfs:", 7))
		return 0;
	for (i = 0; i < NITEMS(statfs_keys); i++)
		if (!strcmp(key + 7, statfs_keys[i]))
			break;
	if (i == NITEMS(statfs_keys) || statfs(k.v[MI_MOUNTPOINT], &st))
		return 0;
	switch (i) {
	case 0: *len = sprintf(buf, "%lu", (unsigned long)st.f_type); break;
	case 1: *len = sprintf(buf, "%lu", (unsigned long)st.f_bsize); break;
	case 2: *len = sprintf(buf, "%lu", (unsigned long)st.f_frsize); break;
	case 3: *len = sprintf(buf, "%llu", (unsigned long long)st.f_blocks); break;
	case 4: *len = sprintf(buf, "%llu", (unsigned long long)st.f_bfree); break;
	case 5: *len = sprintf(buf, "%llu", (unsigned long long)st.f_bavail); break;
	case 6: *len = sprintf(buf, "%llu", (unsigned long long)st.f_files); break;
	case 7: *len = sprintf(buf, "%llu", (unsigned long long)st.f_ffree); break;
	case 8: *len = sprintf(buf, "%lu", (unsigned long)st.f_namelen); break;
	case 9: *len = sprintf(buf, "%lu", (unsigned long)st.f_flags); break;
	default:
		*len = sprintf(buf, "%u:%u", (unsigned int)st.f_fsid.__val[0],
			       (unsigned int)st.f_fsid.__val[1]);
	}
	*val = buf;
	return 1;
}

/* ------------------------------------------------------------ columns */

/* The keys mount_key() knows from procfs and statmount(2). */
static int own_key(const char *key)
{
	size_t i;

	if (!strcmp(key, "info") || !strcmp(key, "unique_id"))
		return 1;
	for (i = 0; i < MI_NKEYS; i++)
		if (!strcmp(key, mi_key_names[i]))
			return 1;
	return 0;
}

/* Key @key of mount @id as mount_key() has it: 0, or ENODATA. */
static int own_get(const char *key, int id, const char **val, size_t *len)
{
	return mount_key(key, id, val, len) ? 0 : ENODATA;
}

/* Key @key of mount @id as its single name gives it: 0, or the errno. */
static int single_get(const char *key, int id, const char **val,
		      size_t *len)
{
	static char buf[VALUE_MAX];
	char name[NAME_MAX_FUZZ];
	ssize_t n;

	snprintf(name, sizeof(name), ":mntns:%d:%s", id, key);
	n = getxattr("/", name, buf, sizeof(buf));
	if (n < 0)
		return errno;
	*val = buf;
	*len = n;
	return 0;
}

/*
 * The columns of the mounts read_mountinfo() read: keys from the
 * module's ":mnt:" (which the run holds to the kernel's features), each
 * mount's value from mount_key() or, for the keys it does not know, the
 * single names.  Then ":mntns:all:" as the module lists it, once.
 */
static void read_columns(void)
{
	static int told_odd, told_folder;
	static char mnt[4096], got[4096];
	const char *odd_key;
	ssize_t n;
	int odd, e;

	n = getxattr("/", ":mnt:", mnt, sizeof(mnt));
	if (n < 0) {
		printf("fuzz: \":mnt:\" of /: %s: no columns known\n",
		       strerror(errno));
		n = 0;
	}
	odd = fcol_build(&cols, mnt, n, ids, nids, own_key, own_get,
			 single_get, &odd_key);
	if (odd && !told_odd++) {
		sig("setup: a single key gives %s", ename(odd));
		failf("setup: a mount's \":mntns:ID:%s\" gives %s, which a "
		      "column cannot show", odd_key, strerror(odd));
	}
	n = getxattr("/", ":mntns:all:", got, sizeof(got));
	e = errno;
	if ((n != (ssize_t)cols.folder_len ||
	     memcmp(got, cols.folder, n)) && !told_folder++) {
		sig("setup: \":mntns:all:\" is not \":mnt:\" but the keys "
		    "without a column");
		failf("setup: \":mntns:all:\" gives %zd (%s) \"%s\", \":mnt:\" "
		      "but the keys without a column is \"%s\"", n,
		      n < 0 ? strerror(e) : "ok", n > 0 ? esc(got, n) : "",
		      esc(cols.folder, cols.folder_len));
	}
}

/*
 * What the grammar says of @name for a call whose file is on mount
 * @mnt_id: 1 with *val and *len set, or 0 for ENODATA.
 */
static int grammar(const char *name, int mnt_id, const char **val,
		   size_t *len)
{
	const char *p;
	long long id = 0;

	if (!strcmp(name, ":")) {
		*val = root_value;
		*len = sizeof(root_value);
		return 1;
	}
	/* ":mnt:" and ":mnt:statfs:" list their entries for any mount. */
	if (!strcmp(name, ":mnt:")) {
		*val = mount_folder(len);
		return 1;
	}
	if (!strcmp(name, ":mnt:statfs:")) {
		*val = statfs_value;
		*len = sizeof(statfs_value);
		return 1;
	}
	if (!strncmp(name, ":mnt:", 5))
		return mount_key(name + 5, mnt_id, val, len);
	if (!strcmp(name, ":mntns:")) {
		*val = listing;
		*len = listing_len;
		return 1;
	}
	if (strncmp(name, ":mntns:", 7))
		return 0;
	/* The columns, and their folder: what the keys of each mount give. */
	if (!strncmp(name, ":mntns:all:", 11))
		return fcol_lookup(&cols, name + 11, val, len);
	p = name + 7;
	if (*p < '1' || *p > '9')
		return 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		id = id * 10 + (*p - '0');
		if (id > INT32_MAX)
			return 0;
	}
	if (*p++ != ':')
		return 0;
	return mount_key(p, (int)id, val, len);
}

/*
 * ":mntns:" or a column: values fattr(7) lets exceed 64 KiB, written to
 * the caller's buffer as they are made.
 */
static int is_streamed(const char *name)
{
	return !strcmp(name, ":mntns:") ||
	       (!strncmp(name, ":mntns:all:", 11) && name[11]);
}

/*
 * fattr(7) ERRORS, for a value of @vlen bytes, a call of size @size and
 * @writable bytes at the value pointer: 0 (the value; for size 0, its
 * length) or the errno, and in *@alt another errno also allowed, or the
 * same.  "size is 0: The call returns the length of the value and copies
 * nothing"; "ERANGE: size is smaller than the value"; ":mntns: and the
 * columns [...] a buffer of 64 KiB or more that does not hold them gives
 * E2BIG [...] (a smaller one, ERANGE)", as fattr_copy_out() does for any
 * name; "EFAULT: [...] the value buffer is not [...] writable memory",
 * and a buffer under 64 KiB is "left untouched by ERANGE" (one_call()
 * checks that).  A listing is written as it is made: a buffer of 64 KiB
 * or more may take a part before E2BIG, and fault on it.
 */
static int size_rule(size_t size, size_t vlen, size_t writable,
		     int streamed, int *alt)
{
	int e = 0;

	if (size && size < vlen)
		e = size >= XATTR_SIZE_MAX ? E2BIG : ERANGE;
	else if (size && writable < vlen)
		e = EFAULT;
	*alt = e;
	if (e == E2BIG && streamed && writable < size)
		*alt = EFAULT;
	return e;
}

/* Errnos getxattr(2) and getxattrat(2) may give, for any name. */
static int documented(int e)
{
	switch (e) {
	case ENODATA: case ERANGE: case EFAULT: case E2BIG: case ENOENT:
	case EBADF: case EINVAL: case ENOTDIR: case ENAMETOOLONG: case ELOOP:
	case EACCES: case EOPNOTSUPP: case EPERM:
		return 1;
	}
	return 0;
}

/* ------------------------------------------------------------- calls */

static int have_at;

/* One call, fully described. */
struct req {
	enum call c;
	const char *path;
	int fd;			/* fgetxattr; dfd of getxattrat */
	unsigned int at_flags;
	char *name;
	struct vbuf v;
	size_t size;
	/* getxattrat */
	struct xattr_args_v0 *uargs;
	size_t usize;
	uint32_t args_flags;
};

static ssize_t do_call(const struct req *q, int *err)
{
	ssize_t r;

	errno = 0;
	switch (q->c) {
	case C_GET:
		r = getxattr(q->path, q->name, q->v.ptr, q->size);
		break;
	case C_LGET:
		r = lgetxattr(q->path, q->name, q->v.ptr, q->size);
		break;
	case C_FGET:
		r = fgetxattr(q->fd, q->name, q->v.ptr, q->size);
		break;
	default:
		if (q->uargs && (char *)q->uargs != unmapped) {
			q->uargs->value = (uintptr_t)q->v.ptr;
			q->uargs->size = (uint32_t)q->size;
			q->uargs->flags = q->args_flags;
		}
		r = syscall(SYS_getxattrat, q->fd, q->path, q->at_flags,
			    q->name, q->uargs, q->usize);
	}
	*err = r < 0 ? errno : 0;
	return r;
}

/* The mount of the call's file, as statx sees it, or -errno. */
static int target_mnt(const struct req *q)
{
	switch (q->c) {
	case C_GET:
		return path_mnt_id(q->path, 0);
	case C_LGET:
		return path_mnt_id(q->path, AT_SYMLINK_NOFOLLOW);
	case C_FGET:
		return fd_mnt_id(q->fd);
	default: {
		struct statx stx;

		if (statx(q->fd, q->path ? q->path : "",
			  q->at_flags & (AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH),
			  0x1000 /* STATX_MNT_ID */, &stx))
			return -errno;
		return (int)stx.stx_mnt_id;
	}
	}
}

/*
 * Bytes of path @p that can be read and shown (a cut path ends at its
 * page), or -1 if not even its first byte can.
 */
static ssize_t readable(const char *p)
{
	if (!p || p == unmapped || p == KERNEL_ADDR ||
	    p == path_pages + page)
		return -1;
	if (p >= path_pages && p < path_pages + page)
		return strnlen(p, path_pages + page - p);
	return strlen(p);
}

static const char *describe(const struct req *q, const char *name_copy)
{
	static char d[1024];

	snprintf(d, sizeof(d), "%s(%s%s%s fd=%d flags=%#x, name=\"%s\", "
		 "value=%s+%zu, size=%zu%s)", call_name[q->c],
		 q->path ? "\"" : "", q->path == NULL ? "NULL" :
		 readable(q->path) < 0 ? "bad" :
		 esc(q->path, readable(q->path) > 60 ? 60 :
		     readable(q->path)),
		 q->path ? "\"" : "", q->fd, q->at_flags,
		 esc(name_copy, strlen(name_copy)), q->v.kind, q->v.writable,
		 q->size, q->c == C_AT ? " (at)" : "");
	return d;
}

/* The shape of a call, for failure kinds. */
static const char *shape(const struct req *q)
{
	static char d[96];

	if (q->c != C_AT)
		return call_name[q->c];
	snprintf(d, sizeof(d), "getxattrat(%s, %s path%s%s)",
		 q->fd == AT_FDCWD ? "AT_FDCWD" : q->fd < 0 ? "fd<0" : "fd",
		 !q->path ? "NULL" : q->path == unmapped ||
		 q->path == KERNEL_ADDR ? "bad" : readable(q->path) < 0 ?
		 "cut" : !readable(q->path) ? "empty" : "a",
		 q->at_flags & AT_EMPTY_PATH ? ", AT_EMPTY_PATH" : "",
		 q->at_flags & AT_SYMLINK_NOFOLLOW ? ", NOFOLLOW" : "");
	return d;
}

static void count(enum call c, ssize_t r, int err)
{
	calls[c]++;
	if (r >= 0)
		answered[c]++;
	else
		by_errno[c][err < 160 ? err : 159]++;
}

static void one_call(void)
{
	static unsigned int rereads;
	char gen[NAME_MAX_FUZZ + 8];
	struct req q = { 0 };
	size_t len = gen_name(gen), vlen;
	enum place pl;
	unsigned int k = rn(100);
	const char *val;
	ssize_t r, tr;
	int err, terr, colon, mnt, streamed, want, alt;
	char *name_for_oracle;
	size_t fill, shown, i;

	memset(zero_page, 0, 128);
	q.c = rn(have_at ? 4 : 3);
	/* Name placement. */
	if (k < 72)
		pl = P_HEAP;
	else if (k < 80)
		pl = P_RO;
	else if (k < 88)
		pl = P_STRADDLE;
	else if (k < 94)
		pl = P_CUT;
	else if (k < 96)
		pl = P_NULL;
	else if (k < 98)
		pl = P_UNMAPPED;
	else
		pl = P_KERNEL;
	if (pl == P_CUT && len < 2)
		pl = P_HEAP;
	q.name = place_name(gen, len, pl);
	colon = gen[0] == ':' && pl != P_NULL && pl != P_UNMAPPED &&
		pl != P_KERNEL;

	/* Target. */
	switch (q.c) {
	case C_GET:
	case C_LGET:
		q.path = gen_path();
		break;
	case C_FGET:
		q.fd = fds[rn(nfds)];
		break;
	default:
		q.fd = chance(30) ? fds[rn(nfds)] : dfds[rn(4)];
		q.path = chance(15) ? NULL : chance(10) ? "" : gen_path();
		q.at_flags = 0;
		if (chance(40))
			q.at_flags |= AT_SYMLINK_NOFOLLOW;
		if (chance(35))
			q.at_flags |= AT_EMPTY_PATH;
		if (chance(3))
			q.at_flags |= 1U << rn(32);
		k = rn(100);
		q.usize = sizeof(struct xattr_args_v0);
		q.uargs = (struct xattr_args_v0 *)(args_page + page - 16);
		if (k < 3) {
			q.uargs = NULL;
		} else if (k < 5) {
			q.uargs = (struct xattr_args_v0 *)unmapped;
		} else if (k < 8) {
			q.usize = rn(16);		/* EINVAL */
		} else if (k < 11) {
			q.usize = 4096 + rn(3);		/* E2BIG over a page */
			q.uargs = (struct xattr_args_v0 *)zero_page;
		} else if (k < 14) {
			/* larger than v0: the tail must be zero */
			q.usize = 16 + rn(64);
			q.uargs = (struct xattr_args_v0 *)zero_page;
			zero_page[16 + rn(64)] = chance(50);
		} else if (k < 16) {
			q.usize = 16 + rn(4);	/* crosses into PROT_NONE */
		}
		q.args_flags = chance(3) ? 1U << rn(32) : 0;
		break;
	}

	/* Value and size: sizes are drawn around the real length. */
	vlen = 12;
	if (colon && grammar(gen, -1, &val, &vlen) == 0)
		vlen = 80 + rn(120);	/* a record's length, roughly */
	streamed = colon && is_streamed(gen);
	gen_value(&q.v, vlen);
	q.size = streamed && chance(50) ? gen_size_listing(vlen) :
		 gen_size(vlen);
	if (q.c == C_AT)
		q.size = (uint32_t)q.size;
	/* A listing's buffer under 64 KiB: ERANGE leaves it untouched. */
	fill = 0;
	if (streamed && q.size < XATTR_SIZE_MAX)
		fill = q.size < q.v.writable ? q.size : q.v.writable;
	if (fill)
		memset(q.v.ptr, FILL, fill);

	r = do_call(&q, &err);
	count(q.c, r, err);

	if (!colon) {
		if (r >= 0 || !documented(err))
			sig("%s: not a ':' name: %s", shape(&q),
			    ename(r >= 0 ? 0 : err));
		if (r >= 0)
			failf("%s: the kernel answered %zd bytes \"%s\" to a "
			      "name that is not fattr's", describe(&q, gen), r,
			      q.v.ptr && q.v.writable ? esc(q.v.ptr,
			      (size_t)r < q.v.writable ? (size_t)r :
			      q.v.writable) : "");
		else if (!documented(err))
			failf("%s: %s, not a getxattr errno",
			      describe(&q, gen), strerror(err));
		return;
	}
	colon_calls++;

	/* The twin: the kernel's own answer for the same bytes. */
	poke_first(q.name, pl, 'x');
	tr = do_call(&q, &terr);
	poke_first(q.name, pl, ':');
	if (tr >= 0) {
		sig("%s: the twin answered", shape(&q));
		failf("%s: the twin with 'x' answered %zd", describe(&q, gen),
		      tr);
		return;
	}
	if (terr != EOPNOTSUPP) {
		twin_faults++;
		if (r >= 0 || err != terr)
			sig("%s: fattr %s, kernel %s", shape(&q),
			    ename(r >= 0 ? 0 : err), ename(terr));
		if (r >= 0 || err != terr)
			failf("%s: %s%s, but the kernel gives %s for the same "
			      "arguments", describe(&q, gen),
			      r >= 0 ? "answered" : strerror(err),
			      r >= 0 ? "" : "", strerror(terr));
		return;
	}

	/* Arguments are good up to the value: the grammar decides. */
	name_for_oracle = gen;
	if (pl == P_CUT) {	/* a cut name faults or is too long */
		sig("%s: the kernel accepted a cut name", shape(&q));
		failf("%s: the kernel accepted a cut name", describe(&q, gen));
		return;
	}
	mnt = target_mnt(&q);
	if (!grammar(name_for_oracle, mnt, &val, &vlen)) {
		if (r >= 0 || err != ENODATA)
			sig("%s: fattr %s, expected ENODATA (kernel passes)",
			    shape(&q), ename(r >= 0 ? 0 : err));
		if (r >= 0 || err != ENODATA)
			failf("%s: %s \"%s\", expected ENODATA",
			      describe(&q, gen), r >= 0 ? "answered" :
			      strerror(err), r > 0 && q.v.writable >= (size_t)r ?
			      esc(q.v.ptr, r) : "");
		return;
	}
	if (q.size == 0) {
		if (r != (ssize_t)vlen)
			sig("%s: size 0: fattr %s, expected the length",
			    shape(&q), ename(r >= 0 ? 0 : err));
		if (r != (ssize_t)vlen)
			failf("%s: size 0 gave %zd (%s), expected the length "
			      "%zu", describe(&q, gen), r, r < 0 ?
			      strerror(err) : "", vlen);
		return;
	}
	want = size_rule(q.size, vlen, q.v.writable, streamed, &alt);
	if (want) {
		if (r >= 0 || (err != want && err != alt)) {
			sig("%s: fattr %s, expected %s", shape(&q),
			    ename(r >= 0 ? 0 : err), ename(want));
			failf("%s: %zd (%s), expected %s for %zu bytes",
			      describe(&q, gen), r, r < 0 ? strerror(err) : "",
			      ename(want), vlen);
			return;
		}
		for (i = 0; err == ERANGE && i < fill; i++)
			if (q.v.ptr[i] != FILL)
				break;
		if (err == ERANGE && i < fill) {
			sig("%s: ERANGE, but the buffer was written",
			    shape(&q));
			failf("%s: ERANGE for %zu bytes, but byte %zu of the "
			      "buffer was written", describe(&q, gen), vlen, i);
		}
		return;
	}
	if (r == (ssize_t)vlen && !memcmp(q.v.ptr, val, vlen))
		return;
	/*
	 * Mounts do not change here; make sure before failing (the first
	 * 64 times: reading the columns again costs a few hundred calls).
	 */
	if (rereads < 64) {
		rereads++;
		read_mounts();
	}
	mnt = target_mnt(&q);
	if (grammar(name_for_oracle, mnt, &val, &vlen) &&
	    r == (ssize_t)vlen && !memcmp(q.v.ptr, val, vlen)) {
		printf("fuzz: note: mountinfo changed during the run\n");
		return;
	}
	/* Where they part, for a long value: a column, say. */
	shown = r <= 0 ? 0 : (size_t)r < q.v.writable ? (size_t)r :
		q.v.writable;
	for (i = 0; i < shown && i < vlen; i++)
		if (q.v.ptr[i] != val[i])
			break;
	sig("%s: fattr %s, expected the value", shape(&q),
	    ename(r >= 0 ? 0 : err));
	failf("%s: got %zd (%s) \"%s\", expected %zu bytes \"%s\"; from "
	      "byte %zu: \"%s\", expected \"%s\"", describe(&q, gen), r,
	      r < 0 ? strerror(err) : "ok", esc(q.v.ptr, shown), vlen,
	      esc(val, vlen), i, esc(q.v.ptr + i, shown - i),
	      esc(val + i, vlen - i));
}

/* --------------------------------------------------------- leak check */

static long meminfo(const char *key)
{
	char line[256];
	long v = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)) &&
		    line[strlen(key)] == ':')
			v = atol(line + strlen(key) + 1);
	fclose(f);
	return v;	/* kB */
}

/* Write @s to @file; 0 or -1. */
static int put(const char *file, const char *s)
{
	int fd = open(file, O_WRONLY), ret = -1;

	if (fd >= 0) {
		if (write(fd, s, strlen(s)) == (ssize_t)strlen(s))
			ret = 0;
		close(fd);
	}
	return ret;
}

/*
 * Slab in use, with what can be given back given back: dentries and
 * inodes (drop_caches), then every SLUB cache shrunk through
 * /sys/kernel/slab/NAME/shrink, which also empties a KASAN kernel's
 * quarantine of that cache (kmem_cache_shrink() calls
 * kasan_cache_shrink(), 6.1 and later): freed objects waiting there
 * still count as slab, megabytes of them after a run.
 */
static void settle(long *slab, long *sunreclaim)
{
	char file[512];
	struct dirent *d;
	DIR *dir;

	sync();
	if (put("/proc/sys/vm/drop_caches", "3\n"))
		perror("fuzz: drop_caches");
	sleep(2);
	dir = opendir("/sys/kernel/slab");
	while (dir && (d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(file, sizeof(file), "/sys/kernel/slab/%s/shrink",
			 d->d_name);
		put(file, "1");
	}
	if (dir)
		closedir(dir);
	*slab = meminfo("Slab");
	*sunreclaim = meminfo("SUnreclaim");
}

static long refcnt(void)
{
	return read_long("/sys/module/fattr/refcnt");
}

/* --------------------------------------------------------- self-check */

/* A made-up mountinfo: a shared root, a FUSE mount, a tmpfs. */
#define SC_REC1 "24 1 8:1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw\n"
#define SC_REC2 "31 24 0:45 /a\\040b /mnt/x\\011y rw,nosuid master:1 - " \
	"fuse.sshfs host:/ rw,user_id=0\n"
#define SC_REC3 "40 24 0:46 / /tmp rw - tmpfs none rw,size=1024k\n"

/* Its single keys that mount_key() does not know, as the module would. */
static int sc_single(const char *key, int id, const char **val,
		     size_t *len)
{
	static const struct {
		const char *key;
		int id, err;
		const char *val;
	} t[] = {
		{ "mnt_attr", 24, 0, "0" }, { "mnt_attr", 31, 0, "2" },
		{ "mnt_attr", 40, EIO, NULL },
		{ "fs_subtype", 24, ENODATA, NULL },
		{ "fs_subtype", 31, 0, "sshfs" },
		{ "fs_subtype", 40, ENODATA, NULL },
		{ "sb_magic", 24, 0, "61267" }, { "sb_magic", 31, E2BIG, NULL },
		{ "sb_magic", 40, EACCES, NULL },
	};
	size_t i;

	for (i = 0; i < NITEMS(t); i++) {
		if (strcmp(key, t[i].key) || id != t[i].id)
			continue;
		if (!t[i].err) {
			*val = t[i].val;
			*len = strlen(t[i].val);
		}
		return t[i].err;
	}
	failf("self-check: \":mntns:%d:%s\" asked of the module", id, key);
	return EPERM;
}

/* grammar() of @name must be @want's @len bytes, or ENODATA for NULL. */
static void sc_name(const char *name, const char *want, size_t len)
{
	const char *val;
	size_t vlen;
	int got = grammar(name, -1, &val, &vlen);

	if (!want && got)
		failf("self-check: %s: \"%s\", expected ENODATA",
		      esc(name, strlen(name)), esc(val, vlen));
	else if (want && !got)
		failf("self-check: %s: ENODATA, expected \"%s\"",
		      esc(name, strlen(name)), esc(want, len));
	else if (want && (vlen != len || memcmp(val, want, len)))
		failf("self-check: %s: %zu bytes \"%s\", expected %zu \"%s\"",
		      esc(name, strlen(name)), vlen, esc(val, vlen), len,
		      esc(want, len));
}

#define SC_NAME(name, lit) sc_name(name, lit, sizeof(lit) - 1)

static void sc_size(size_t size, size_t vlen, size_t writable,
		    int streamed, int want, int want_alt)
{
	int alt, e = size_rule(size, vlen, writable, streamed, &alt);

	if (e != want || alt != want_alt)
		failf("self-check: size %zu, value %zu bytes, %zu writable%s: "
		      "%s or %s, expected %s or %s", size, vlen, writable,
		      streamed ? ", a listing" : "", ename(e), ename(alt),
		      ename(want), ename(want_alt));
}

/*
 * The column oracle on a made-up mountinfo and mount folder, every near
 * miss put_column_miss() makes, and size_rule(): no module needed.
 */
static int self_check(void)
{
	static const char folder[] = "info\0id\0parent\0dev\0root\0"
		"mountpoint\0options\0propagation\0fstype\0source\0"
		"superoptions\0mnt_attr\0fs_subtype\0opt_array\0"
		"opt_sec_array\0mnt_uidmap\0mnt_gidmap\0uuid\0bdev\0"
		"statfs:\0export";
	static const char odd_folder[] = "id\0sb_magic\0uuid";
	const char *odd_key;
	char name[NAME_MAX_FUZZ + 8];
	size_t i, n;
	int odd;

	mi.buf = strdup(SC_REC1 SC_REC2 SC_REC3);
	mi.len = strlen(mi.buf);
	nids = mi_ids(&mi, &ids);
	listing = ids_listing(&mi, &listing_len);
	odd = fcol_build(&cols, folder, sizeof(folder), ids, nids, own_key,
			 own_get, sc_single, &odd_key);
	if (odd)
		failf("self-check: odd errno %s of %s", ename(odd), odd_key);

	SC_NAME(":mntns:", "24:\0" "31:\0" "40:\0");
	SC_NAME(":mntns:all:", "info\0id\0parent\0dev\0root\0mountpoint\0"
		"options\0propagation\0fstype\0source\0superoptions\0"
		"mnt_attr\0fs_subtype\0");
	SC_NAME(":mntns:all:info", "24\0" "=" SC_REC1 "\0" "31\0" "="
		SC_REC2 "\0" "40\0" "=" SC_REC3 "\0");
	SC_NAME(":mntns:all:id", "24\0" "=24\0" "31\0" "=31\0" "40\0"
		"=40\0");
	SC_NAME(":mntns:all:parent", "24\0" "=1\0" "31\0" "=24\0" "40\0"
		"=24\0");
	SC_NAME(":mntns:all:dev", "24\0" "=8:1\0" "31\0" "=0:45\0" "40\0"
		"=0:46\0");
	SC_NAME(":mntns:all:root", "24\0" "=/\0" "31\0" "=/a b\0" "40\0"
		"=/\0");
	SC_NAME(":mntns:all:mountpoint", "24\0" "=/\0" "31\0" "=/mnt/x\ty\0"
		"40\0" "=/tmp\0");
	SC_NAME(":mntns:all:options", "24\0" "=rw,relatime\0" "31\0"
		"=rw,nosuid\0" "40\0" "=rw\0");
	SC_NAME(":mntns:all:propagation", "24\0" "=shared:1\0" "31\0"
		"=master:1\0" "40\0" "=\0");
	SC_NAME(":mntns:all:fstype", "24\0" "=ext4\0" "31\0" "=fuse.sshfs\0"
		"40\0" "=tmpfs\0");
	SC_NAME(":mntns:all:source", "24\0" "=/dev/vda1\0" "31\0"
		"=host:/\0" "40\0" "=none\0");
	SC_NAME(":mntns:all:superoptions", "24\0" "=rw\0" "31\0"
		"=rw,user_id=0\0" "40\0" "=rw,size=1024k\0");
	SC_NAME(":mntns:all:mnt_attr", "24\0" "=0\0" "31\0" "=2\0" "40\0"
		"!EIO\0");
	SC_NAME(":mntns:all:fs_subtype", "24\0" "!ENODATA\0" "31\0"
		"=sshfs\0" "40\0" "!ENODATA\0");
	/* Not in this ":mnt:", documented without a column, or no key. */
	SC_NAME(":mntns:all:unique_id", NULL);
	SC_NAME(":mntns:all:sb_magic", NULL);
	for (i = 0; i < fcol_nwithout; i++) {
		snprintf(name, sizeof(name), ":mntns:all:%s", fcol_without[i]);
		SC_NAME(name, NULL);
	}
	for (i = 0; i < NITEMS(statfs_keys); i++) {
		snprintf(name, sizeof(name), ":mntns:all:statfs:%s",
			 statfs_keys[i]);
		SC_NAME(name, NULL);
	}
	SC_NAME(":mntns:all", NULL);
	SC_NAME(":mntns:alll:", NULL);
	SC_NAME(":mntns:all:id:", NULL);
	SC_NAME(":mntns:all:/", NULL);
	SC_NAME(":mntns:ALL:id", NULL);
	SC_NAME(":mntns:all:all:", NULL);
	SC_NAME(":mntns:all:ID", NULL);
	SC_NAME(":mntns:24:all:", NULL);
	for (i = 0; i < 10000; i++) {
		put_column_miss(name);
		n = strlen(name);
		if (n > 255 && n != 256 && n != 11 + 255)
			failf("self-check: a near miss of %zu bytes", n);
		SC_NAME(name, NULL);
	}

	/* An errno a column cannot show is told, and shown as it is. */
	odd = fcol_build(&cols, odd_folder, sizeof(odd_folder), ids, nids,
			 own_key, own_get, sc_single, &odd_key);
	if (odd != EACCES || !odd_key || strcmp(odd_key, "sb_magic"))
		failf("self-check: odd errno %s of %s, expected EACCES of "
		      "sb_magic", ename(odd), odd_key ? odd_key : "none");
	SC_NAME(":mntns:all:", "id\0sb_magic\0");
	SC_NAME(":mntns:all:sb_magic", "24\0" "=61267\0" "31\0" "!E2BIG\0"
		"40\0" "!EACCES\0");

	/* fattr(7) ERRORS. */
	sc_size(0, 100, 0, 1, 0, 0);
	sc_size(99, 100, 65536, 1, ERANGE, ERANGE);
	sc_size(99, 100, 0, 0, ERANGE, ERANGE);
	sc_size(100, 100, 100, 1, 0, 0);
	sc_size(100, 100, 99, 1, EFAULT, EFAULT);
	sc_size(65537, 100, 0, 0, EFAULT, EFAULT);
	sc_size(65535, 70000, 1 << 20, 1, ERANGE, ERANGE);
	sc_size(65535, 70000, 0, 1, ERANGE, ERANGE);
	sc_size(65536, 70000, 1 << 20, 1, E2BIG, E2BIG);
	sc_size(65536, 70000, 100, 1, E2BIG, EFAULT);
	sc_size(65536, 70000, 100, 0, E2BIG, E2BIG);
	sc_size(65536, 65536, 65536, 1, 0, 0);
	sc_size(70000, 70000, 69999, 1, EFAULT, EFAULT);

	fcol_free(&cols);
	printf("fuzz: self-check: %lu failures\n", failures);
	return failures ? 1 : 0;
}

/* ------------------------------------------------------------- main */

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 100000, i;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x66617474;
	long slab0, sunr0, slab1, sunr1, rc;
	struct timespec t0, t1;
	char v[sizeof(root_value)];
	int e, c;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "--self-check"))
		return self_check();
	rng_state = seed;
	page = sysconf(_SC_PAGESIZE);
	printf("fuzz: %lu calls, seed %#llx\n", n, (unsigned long long)seed);

	name_pages = guarded();
	name_ro = map(1, PROT_READ);
	val_rw = (VALUE_MAX / page + 1) * page;
	val_pages = guarded_n(val_rw / page);
	val_ro = map(val_rw / page, PROT_READ);
	path_pages = guarded();
	args_page = guarded();
	zero_page = map(2, PROT_READ | PROT_WRITE);
	unmapped = map(1, PROT_NONE);
	valbuf = map(VALUE_MAX / page + 2, PROT_READ | PROT_WRITE);
	setup_files();

	if (getxattr("/", ":", v, sizeof(v)) != sizeof(root_value) ||
	    memcmp(v, root_value, sizeof(root_value))) {
		printf("fuzz: fattr does not answer \":\" on / (%s)\n",
		       strerror(errno));
		return 1;
	}
	read_mounts();
	{
		struct xattr_args_v0 a = { (uintptr_t)v, sizeof(v), 0 };

		have_at = syscall(SYS_getxattrat, AT_FDCWD, "/", 0, ":", &a,
				  sizeof(a)) >= 0 || errno != ENOSYS;
		if (!have_at)
			printf("fuzz: getxattrat: ENOSYS (before 6.13): "
			       "skipped\n");
	}
	printf("fuzz: %zu mounts in the namespace, %zu columns\n", nids,
	       cols.n);

	settle(&slab0, &sunr0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
		one_call();
	clock_gettime(CLOCK_MONOTONIC, &t1);

	for (c = 0; c < NR_CALLS; c++) {
		if (!calls[c])
			continue;
		printf("fuzz: %-10s %8lu calls, %8lu answered", call_name[c],
		       calls[c], answered[c]);
		for (e = 1; e < 160; e++)
			if (by_errno[c][e])
				printf(", %s %lu", e == 159 ? "other" :
				       strerrorname_np(e), by_errno[c][e]);
		putchar('\n');
	}
	printf("fuzz: %lu calls with ':' names, %lu with arguments the "
	       "kernel refused first (twin)\n", colon_calls, twin_faults);
	printf("fuzz: %.1f s, %.0f calls/s (twins not counted)\n",
	       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
	       n / ((t1.tv_sec - t0.tv_sec) +
		    (t1.tv_nsec - t0.tv_nsec) / 1e9));

	for (i = 0; i < NSIG && sigs[i].n; i++)
		printf("fuzz: failures: %6lu x %s\n", sigs[i].n, sigs[i].key);
	rc = refcnt();
	printf("fuzz: module refcnt after the run: %ld\n", rc);
	if (rc != 0) {
		failures++;
		printf("fuzz: FAIL: refcnt is %ld, not 0\n", rc);
	}
	settle(&slab1, &sunr1);
	printf("fuzz: slab before %ld kB (unreclaimable %ld kB), after %ld kB "
	       "(unreclaimable %ld kB): %+ld kB (%+ld kB)\n", slab0, sunr0,
	       slab1, sunr1, slab1 - slab0, sunr1 - sunr0);
	if (sunr1 - sunr0 > MIB / 1024 || slab1 - slab0 > MIB / 1024) {
		failures++;
		printf("fuzz: FAIL: slab grew by more than 1 MiB\n");
	}
	printf("fuzz: %lu calls, %lu failures\n", n, failures);
	return failures ? 1 : 0;
}
