// SPDX-License-Identifier: GPL-2.0
/*
 * struct fattr_val: the buffer a value is built in before it is copied
 * to the caller.  Allocated in the caller's context, never under a lock.
 */
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
