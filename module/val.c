// SPDX-License-Identifier: GPL-2.0
/*
 * struct fattr_val: the buffer a value is built in before it is copied
 * to the caller.  Allocated in the caller's context, never under a lock.
 */
#include <linux/fs.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "fattr.h"

/*
 * Makes @val hold at least @cap bytes, keeping its contents.  A first
 * reservation of up to FATTR_VAL_SMALL bytes is @val's own room.
 *
 * Return: 0 or -ENOMEM.
 */
int fattr_val_reserve(struct fattr_val *val, size_t cap)
{
	char *buf;

	if (val->cap >= cap)
		return 0;
	if (!val->buf && cap <= sizeof(val->small)) {
		val->buf = val->small;
		val->cap = sizeof(val->small);
		return 0;
	}
	/* Sized by the caller's mount tree: charged to its memory cgroup. */
	buf = kvmalloc(cap, GFP_KERNEL_ACCOUNT);
	if (!buf)
		return -ENOMEM;
	if (val->len)
		memcpy(buf, val->buf, val->len);
	if (val->buf != val->small)
		kvfree(val->buf);
	val->buf = buf;
	val->cap = cap;
	return 0;
}

void fattr_val_free(struct fattr_val *val)
{
	if (val->buf != val->small)
		kvfree(val->buf);
	val->buf = NULL;
	val->cap = 0;
	val->len = 0;
}

/*
 * The largest buffer fattr renders a record into only to learn whether
 * the caller sees a mount (a listing, a column, a key read from the
 * mount), as procfs's read of mountinfo grows its own (fs/seq_file.c:
 * seq_buf_alloc() refuses more than MAX_RW_COUNT, and the read fails
 * with ENOMEM).  Doubling from a page, the last size allowed is 1 GiB;
 * kvmalloc() would warn past INT_MAX.  The render_max parameter (main.c,
 * test only) lowers it.
 */
size_t fattr_render_max = MAX_RW_COUNT;

/**
 * fattr_val_grow_render() - a render buffer after -EOVERFLOW
 * @val: the buffer, whose contents are dropped
 *
 * Return: 0 with @val a page, or the next power of two; -ENOMEM past
 * fattr_render_max or without memory.
 */
int fattr_val_grow_render(struct fattr_val *val)
{
	/* Powers of two, as procfs's: a walk's 64 KiB + 1 goes to 128 KiB. */
	size_t cap = val->cap < PAGE_SIZE ? PAGE_SIZE :
		     roundup_pow_of_two(val->cap + 1);

	if (val->cap >= PAGE_SIZE && cap > fattr_render_max)
		return -ENOMEM;
	val->len = 0;
	return fattr_val_reserve(val, cap);
}

