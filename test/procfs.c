// SPDX-License-Identifier: GPL-2.0
/*
 * procfs.c: mountinfo and statx helpers, the suite's source of truth.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "procfs.h"
#include "statmount.h"

#ifndef STATX_MNT_ID
#define STATX_MNT_ID 0x1000
#endif

char *read_all(int fd, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1);
	ssize_t r;

	if (!buf)
		return NULL;
	for (;;) {
		if (n == cap) {
			char *nb = realloc(buf, 2 * cap + 1);

			if (!nb) {
				free(buf);
				return NULL;
			}
			buf = nb;
			cap *= 2;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(buf);
			return NULL;
		}
		if (r == 0)
			break;
		n += r;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

int mi_read(struct mountinfo *mi, const char *file)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	int err;

	mi->buf = NULL;
	mi->len = 0;
	if (fd < 0)
		return -errno;
	mi->buf = read_all(fd, &mi->len);
	err = errno;
	close(fd);
	return mi->buf ? 0 : -err;
}

int mi_read_pid(struct mountinfo *mi, pid_t pid)
{
	char file[64];

	snprintf(file, sizeof(file), "/proc/%d/mountinfo", (int)pid);
	return mi_read(mi, file);
}

void mi_free(struct mountinfo *mi)
{
	free(mi->buf);
	mi->buf = NULL;
	mi->len = 0;
}

/* Calls @fn on every record; stops when it returns non-zero. */
static const char *mi_each(const struct mountinfo *mi, size_t *len,
			   int (*fn)(const char *, size_t, const void *),
			   const void *arg)
{
	const char *p = mi->buf, *end = mi->buf + mi->len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p + 1) : (size_t)(end - p);

		if (fn(p, l, arg)) {
			*len = l;
			return p;
		}
		p += l;
	}
	return NULL;
}

static int id_is(const char *line, size_t len, const void *arg)
{
	(void)len;
	return atoi(line) == *(const int *)arg;
}

const char *mi_find(const struct mountinfo *mi, int id, size_t *len)
{
	return mi_each(mi, len, id_is, &id);
}

size_t mi_ids(const struct mountinfo *mi, int **ids)
{
	size_t n = 0, i;
	const char *p;

	for (p = mi->buf; p < mi->buf + mi->len; p++)
		if (*p == '\n')
			n++;
	*ids = calloc(n + 1, sizeof(**ids));
	p = mi->buf;
	for (i = 0; i < n; i++) {
		(*ids)[i] = atoi(p);
		p = strchr(p, '\n') + 1;
	}
	return n;
}

char *mi_field(const char *line, size_t len, int n)
{
	const char *p = line, *end = line + len, *e;

	while (--n > 0) {
		p = memchr(p, ' ', end - p);
		if (!p)
			return NULL;
		p++;
	}
	for (e = p; e < end && *e != ' ' && *e != '\n'; e++)
		;
	return strndup(p, e - p);
}

int mi_has(const char *line, size_t len, const char *s)
{
	return memmem(line, len, s, strlen(s)) != NULL;
}

static int point_is(const char *line, size_t len, const void *arg)
{
	char *f = mi_field(line, len, 5);
	int r = f && !strcmp(f, arg);

	free(f);
	return r;
}

char *ids_listing(const struct mountinfo *mi, size_t *len)
{
	int *ids;
	size_t n = mi_ids(mi, &ids), i;
	char *out = malloc(n * 16 + 1), *o = out;

	for (i = 0; i < n; i++)
		o += sprintf(o, "%d:", ids[i]) + 1;
	*len = o - out;
	free(ids);
	return out;
}

int listing_has(const char *v, size_t n, int id)
{
	char item[24];
	size_t l = snprintf(item, sizeof(item), "%d:", id) + 1;
	const char *p = v, *end = v + n;

	while (p < end) {
		if ((size_t)(end - p) >= l && !memcmp(p, item, l))
			return 1;
		p += strnlen(p, end - p) + 1;
	}
	return 0;
}

const char *mi_find_point(const struct mountinfo *mi, const char *mnt_point,
			  size_t *len)
{
	const char *last = NULL, *p;
	struct mountinfo rest = *mi;
	size_t l;

	/* Overmounts list several records for one point: take the last. */
	while ((p = mi_each(&rest, &l, point_is, mnt_point))) {
		last = p;
		*len = l;
		rest.len -= p + l - rest.buf;
		rest.buf = (char *)p + l;
	}
	return last;
}

int path_mnt_id(const char *path, int at_flags)
{
	struct statx stx;

	/*
	 * AT_STATX_DONT_SYNC: the mount id is the VFS's; no file system
	 * need be asked (a FUSE mount without a server would block 6.1's
	 * statx for ever, as its getattr asks the server for any mask).
	 */
	if (statx(AT_FDCWD, path, at_flags | AT_STATX_DONT_SYNC, STATX_MNT_ID,
		  &stx))
		return -errno;
	if (!(stx.stx_mask & STATX_MNT_ID))
		return -ENOSYS;
	return (int)stx.stx_mnt_id;
}

int fd_mnt_id(int fd)
{
	struct statx stx;

	if (statx(fd, "", AT_EMPTY_PATH | AT_STATX_DONT_SYNC, STATX_MNT_ID,
		  &stx))
		return -errno;
	if (!(stx.stx_mask & STATX_MNT_ID))
		return -ENOSYS;
	return (int)stx.stx_mnt_id;
}

const char *const mi_key_names[MI_NKEYS] = {
	"id", "parent", "dev", "root", "mountpoint", "options",
	"propagation", "fstype", "source", "superoptions",
};

/* \ooo as the kernel's mangle() and seq_path() write it. */
static size_t unescape(char *dst, const char *src, size_t n)
{
	size_t i = 0, o = 0;

	while (i < n) {
		if (src[i] == '\\' && n - i >= 4 &&
		    src[i + 1] >= '0' && src[i + 1] <= '7' &&
		    src[i + 2] >= '0' && src[i + 2] <= '7' &&
		    src[i + 3] >= '0' && src[i + 3] <= '7') {
			dst[o++] = (src[i + 1] - '0') * 64 +
				   (src[i + 2] - '0') * 8 + (src[i + 3] - '0');
			i += 4;
		} else {
			dst[o++] = src[i++];
		}
	}
	return o;
}

static void put_key(struct mi_keys *k, int key, const char *p, size_t n)
{
	k->v[key] = malloc(n + 1);
	/*
	 * The super options stay escaped: seq_show_option() escapes ','
	 * '=' and blanks inside values, which fattr keeps, as statmount(2)'s
	 * mnt_opts does.
	 */
	if (key == MI_ID || key == MI_PARENT || key == MI_DEV ||
	    key == MI_OPTIONS || key == MI_PROPAGATION ||
	    key == MI_SUPEROPTIONS) {
		memcpy(k->v[key], p, n);
		k->len[key] = n;
	} else {
		k->len[key] = unescape(k->v[key], p, n);
	}
	k->v[key][k->len[key]] = 0;
}

int mi_keys(const char *line, size_t len, struct mi_keys *k)
{
	const char *p = line, *end, *sp, *opt;
	int key;

	memset(k, 0, sizeof(*k));
	if (!len || line[len - 1] != '\n')
		return -1;
	end = line + len - 1;
	for (key = MI_ID; key <= MI_OPTIONS; key++) {
		sp = memchr(p, ' ', end - p);
		if (!sp)
			return -1;
		put_key(k, key, p, sp - p);
		p = sp + 1;
	}
	opt = p;
	for (;;) {
		sp = memchr(p, ' ', end - p);
		if (!sp)
			return -1;
		if (sp - p == 1 && *p == '-')
			break;
		p = sp + 1;
	}
	put_key(k, MI_PROPAGATION, opt, p == opt ? 0 : p - 1 - opt);
	p = sp + 1;
	for (key = MI_FSTYPE; key <= MI_SOURCE; key++) {
		sp = memchr(p, ' ', end - p);
		if (!sp)
			return -1;
		put_key(k, key, p, sp - p);
		p = sp + 1;
	}
	put_key(k, MI_SUPEROPTIONS, p, end - p);
	return 0;
}

void mi_keys_free(struct mi_keys *k)
{
	int key;

	for (key = 0; key < MI_NKEYS; key++)
		free(k->v[key]);
	memset(k, 0, sizeof(*k));
}

/*
 * The probes below run once per process, under pthread_once(): the
 * stress run's threads call mount_folder() at once, and a lazy "if
 * (!n)" let one thread see the length set while another was still
 * copying the parts (CI, 2026-12-05, 6.12: ten ":mntns:ID:" listings
 * judged wrong).
 */
static pthread_once_t probes_once = PTHREAD_ONCE_INIT;
static int statmount_there, mntns_id_there, mount_setattr_there;

static void probe(void)
{
	uint64_t id = 0;
	int fd;

	statmount_there = !(syscall(457, NULL, NULL, 0, 0) < 0 &&
			    errno == ENOSYS);
	fd = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	/* NS_GET_MNTNS_ID: _IOR(0xb7, 0x5, __u64), 6.11 */
	mntns_id_there = fd >= 0 &&
			 !ioctl(fd, _IOR(0xb7, 0x5, uint64_t), &id);
	if (fd >= 0)
		close(fd);
	/* mount_setattr(2), 5.12: idmapped mounts (MOUNT_ATTR_IDMAP). */
	mount_setattr_there = !(syscall(442, -1, NULL, 0, NULL, 0) < 0 &&
				errno == ENOSYS);
}

int have_statmount(void)
{
	pthread_once(&probes_once, probe);
	return statmount_there;
}

int have_mntns_id(void)
{
	pthread_once(&probes_once, probe);
	return mntns_id_there;
}

int have_mount_setattr(void)
{
	pthread_once(&probes_once, probe);
	return mount_setattr_there;
}

static pthread_once_t folder_once = PTHREAD_ONCE_INIT;
/* Room for every name, 6.8+'s and 6.11+'s included. */
static char folder[512];
static size_t folder_len;

static void folder_build(void)
{
	static const char before[] = "info\0id\0parent\0dev\0root\0"
		"mountpoint\0options\0propagation\0fstype\0source\0"
		"superoptions";
	/* Where statmount(2) is (6.8+): its 64-bit ids. */
	static const char unique[] = "unique_id\0mnt_parent_id";
	/* Where the kernel gives user space a namespace's id (6.11+). */
	static const char ns_id[] = "mnt_ns_id";
	static const char middle[] = "mnt_attr\0mnt_propagation\0"
		"mnt_peer_group\0mnt_master\0propagate_from\0sb_magic\0"
		"sb_flags\0fs_subtype\0mnt_change\0opt_array\0opt_sec_array";
	/* Where the kernel has idmapped mounts (mount_setattr(2), 5.12+). */
	static const char idmap[] = "mnt_uidmap\0mnt_gidmap";
	static const char after[] = "uuid\0bdev\0statfs:\0export";
	size_t n;

	_Static_assert(sizeof(before) + sizeof(unique) + sizeof(ns_id) +
		       sizeof(middle) + sizeof(idmap) + sizeof(after) <=
		       sizeof(folder), "folder too small");
	memcpy(folder, before, sizeof(before));
	n = sizeof(before);
	if (have_statmount()) {
		memcpy(folder + n, unique, sizeof(unique));
		n += sizeof(unique);
	}
	if (have_mntns_id()) {
		memcpy(folder + n, ns_id, sizeof(ns_id));
		n += sizeof(ns_id);
	}
	memcpy(folder + n, middle, sizeof(middle));
	n += sizeof(middle);
	if (have_mount_setattr()) {
		memcpy(folder + n, idmap, sizeof(idmap));
		n += sizeof(idmap);
	}
	memcpy(folder + n, after, sizeof(after));
	folder_len = n + sizeof(after);
}

char *mount_folder(size_t *len)
{
	pthread_once(&folder_once, folder_build);
	if (len)
		*len = folder_len;
	return folder;
}

size_t mount_folder_len(void)
{
	size_t n;

	mount_folder(&n);
	return n;
}

unsigned long long mnt_unique_of(int id)
{
	struct {
		uint32_t size, spare;
		uint64_t mnt_id, param;
	} req = { 24, 0, ~0ULL, 0 };
	static uint64_t list[4096];
	static uint64_t sm[8192];
	long n, i;

	n = syscall(458, &req, list, 4096, 0);	/* listmount(LSMT_ROOT) */
	for (i = 0; i < n; i++) {
		struct {
			uint32_t size, spare;
			uint64_t mnt_id, param;
		} one = { 24, 0, list[i], 2 /* STATMOUNT_MNT_BASIC */ };

		if (syscall(457, &one, sm, sizeof(sm), 0) < 0)
			continue;
		/* struct statmount: mnt_id at byte 40, mnt_id_old at 56 */
		if (*(uint32_t *)((char *)sm + 56) == (uint32_t)id)
			return *(uint64_t *)((char *)sm + 40);
	}
	return 0;
}

#define SM_BUF 65536

/*
 * @n bytes of options @o, each after a ',' (the first byte is skipped),
 * into @dst as statmount(2) gives opt_array: each option followed by a
 * NUL, the \ooo escapes of seq_escape() undone (it always writes three
 * digits; the kernel's string_unescape() would take one to three, so
 * this is unescape(), mangle()'s inverse).  Returns the length.
 */
size_t opts_list(char *dst, const char *o, size_t n)
{
	size_t len = 0, i, j;

	/* As statmount(2) splits: no entry after a last ','. */
	for (i = 1; i < n; i = j + 1) {
		for (j = i; j < n && o[j] != ','; j++)
			;
		len += unescape(dst + len, o + i, j - i);
		dst[len++] = 0;
	}
	return len;
}

const char *super_after_flags(const char *super)
{
	static const char *const words[] = { "sync", "dirsync", "mand",
					     "lazytime" };
	size_t i, w;

	super += 2;	/* "ro" or "rw" */
	for (i = 0; i < sizeof(words) / sizeof(*words); i++) {
		w = strlen(words[i]);
		if (super[0] == ',' && !strncmp(super + 1, words[i], w) &&
		    (!super[w + 1] || super[w + 1] == ','))
			super += w + 1;
	}
	return super;
}

int sm_supports(const struct sm *sm, uint64_t flag)
{
	return sm && (sm->mask & SM_SUPPORTED_MASK) &&
	       (sm->supported_mask & flag);
}

const char *sm_list(const struct sm *sm, uint64_t flag, size_t *len)
{
	uint32_t off, num;

	*len = 0;
	switch (sm->mask & flag) {
	case SM_OPT_ARRAY:
		off = sm->opt_array, num = sm->opt_num;
		break;
	case SM_OPT_SEC_ARRAY:
		off = sm->opt_sec_array, num = sm->opt_sec_num;
		break;
	case SM_MNT_UIDMAP:
		off = sm->uidmap, num = sm->uidmap_num;
		break;
	case SM_MNT_GIDMAP:
		off = sm->gidmap, num = sm->gidmap_num;
		break;
	default:	/* not set: no entries */
		return "";
	}
	while (num--)
		*len += strlen(sm->str + off + *len) + 1;
	return sm->str + off;
}

/* statmount(2) of unique id @u with @mask; NULL on failure. */
struct sm *do_statmount(uint64_t u, uint64_t mask)
{
	struct sm_req req = { .size = 24, .mnt_id = u, .param = mask };
	struct sm *sm = calloc(1, SM_BUF);

	if (syscall(NR_STATMOUNT, &req, sm, SM_BUF, 0) < 0) {
		free(sm);
		return NULL;
	}
	return sm;
}

