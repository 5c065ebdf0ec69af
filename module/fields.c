// SPDX-License-Identifier: GPL-2.0
/*
 * The fields of a mountinfo record, as fs/proc_namespace.c:
 * show_mountinfo() writes them:
 *
 *   ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER
 *
 * Fields are separated by one space; ROOT, MOUNTPOINT, TYPE (with its
 * ".subtype") and SOURCE are written through mangle() or seq_path(),
 * which escape space, tab, newline and backslash as a backslash and three
 * octal digits, so a space in the record is always a separator.  The
 * optional fields (shared:N, master:N, propagate_from:N, unbindable) lie
 * between OPTIONS and a field that is a lone '-'.  SUPER, the super block
 * options, is the rest of the line.
 *
 * The per-field keys are cut from the record the kernel rendered, so they
 * never disagree with ":mnt:info".
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/string_helpers.h>
#include <uapi/linux/mount.h>

#include "fattr.h"

struct fattr_span {
	size_t off;
	size_t len;
};

/*
 * The next space-separated field of @rec from *@pos, up to @end.
 *
 * Return: false if no space follows it.
 */
static bool fattr_next_field(const char *rec, size_t end, size_t *pos,
			     struct fattr_span *f)
{
	const char *sp = memchr(rec + *pos, ' ', end - *pos);

	if (!sp)
		return false;
	f->off = *pos;
	f->len = sp - (rec + *pos);
	*pos += f->len + 1;
	return true;
}

/*
 * Splits the record @rec of @len bytes (newline included) into its
 * fields.
 *
 * Return: 0, or -EIO if it is not a mountinfo record.
 */
static int fattr_split(const char *rec, size_t len,
		       struct fattr_span f[FATTR_F_NR])
{
	struct fattr_span opt;
	size_t pos = 0, end;
	int i;

	if (!len || rec[len - 1] != '\n')
		return -EIO;
	end = len - 1;
	for (i = FATTR_F_ID; i <= FATTR_F_OPTIONS; i++)
		if (!fattr_next_field(rec, end, &pos, &f[i]))
			return -EIO;
	f[FATTR_F_PROPAGATION].off = pos;
	for (;;) {
		if (!fattr_next_field(rec, end, &pos, &opt))
			return -EIO;
		if (opt.len == 1 && rec[opt.off] == '-')
			break;
	}
	/* Without the space before the '-' (none if there are none). */
	f[FATTR_F_PROPAGATION].len = opt.off == f[FATTR_F_PROPAGATION].off ?
		0 : opt.off - 1 - f[FATTR_F_PROPAGATION].off;
	if (!fattr_next_field(rec, end, &pos, &f[FATTR_F_FSTYPE]) ||
	    !fattr_next_field(rec, end, &pos, &f[FATTR_F_SOURCE]))
		return -EIO;
	f[FATTR_F_SUPEROPTIONS].off = pos;
	f[FATTR_F_SUPEROPTIONS].len = end - pos;
	return 0;
}

/* fattr_split() of a rendered record, saying once if one cannot be. */
static int fattr_split_val(const struct fattr_val *val,
			   struct fattr_span f[FATTR_F_NR])
{
	int err = fattr_split(val->buf, val->len, f);

	if (err)
		pr_warn_once("a mountinfo record fattr cannot split\n");
	return err;
}

static bool fattr_is_octal(char c)
{
	return c >= '0' && c <= '7';
}

/*
 * Copies @len bytes from @src to @dst, turning each backslash and three
 * octal digits back into the byte mangle() escaped.  @dst may be @src or
 * lie before it.
 *
 * Return: the bytes written.
 */
static size_t fattr_unescape(char *dst, const char *src, size_t len)
{
	size_t i = 0, n = 0;

	while (i < len) {
		if (src[i] == '\\' && len - i >= 4 && fattr_is_octal(src[i + 1]) &&
		    fattr_is_octal(src[i + 2]) && fattr_is_octal(src[i + 3])) {
			dst[n++] = ((src[i + 1] - '0') << 6) |
				   ((src[i + 2] - '0') << 3) | (src[i + 3] - '0');
			i += 4;
		} else {
			dst[n++] = src[i++];
		}
	}
	return n;
}

/**
 * fattr_record_field() - cut one field out of a mountinfo record
 * @val: a record as fattr_render_mnt_ref() leaves it; receives the field
 * @field: the field wanted
 *
 * Numbers (id, parent), dev and the super block options are left as the
 * record has them; the other fields are unescaped into the raw bytes
 * statmount(2) gives.
 *
 * Return: 0, or -EIO if @val does not hold a mountinfo record.
 */
int fattr_record_field(struct fattr_val *val, enum fattr_field field)
{
	struct fattr_span f[FATTR_F_NR];

	if (fattr_split_val(val, f))
		return -EIO;
	switch (field) {
	case FATTR_F_ID:
	case FATTR_F_PARENT:
	case FATTR_F_DEV:
	/*
	 * Kept escaped, as statmount(2)'s mnt_opts keeps them: the file
	 * system's show_options() escapes ',' '=' and blanks inside an
	 * option's value (seq_show_option(): "upperdir=/a\054b"), and only
	 * so can the options be split at ',' and '='.
	 */
	case FATTR_F_SUPEROPTIONS:
		memmove(val->buf, val->buf + f[field].off, f[field].len);
		val->len = f[field].len;
		break;
	default:
		val->len = fattr_unescape(val->buf, val->buf + f[field].off,
					  f[field].len);
		break;
	}
	return 0;
}

/* One optional field "NAME:N" or "NAME" of the record, @f. */
static bool fattr_prop_is(const char *rec, const struct fattr_span *f,
			  const char *name, bool number)
{
	size_t n = strlen(name);

	if (!number)
		return f->len == n && !memcmp(rec + f->off, name, n);
	return f->len > n + 1 && !memcmp(rec + f->off, name, n) &&
	       rec[f->off + n] == ':';
}

/**
 * fattr_record_propagation() - a propagation fact of a mountinfo record
 * @val: a record as fattr_render_mnt_ref() leaves it; receives the fact
 * @what: the fact wanted
 *
 * show_mountinfo() writes "shared:N" if the mount is shared (N its peer
 * group), "master:N" if it is a slave (N its master's peer group),
 * "propagate_from:N" and "unbindable"; statmount(2) gives the same facts
 * as mnt_propagation (MS_SHARED, MS_SLAVE, MS_UNBINDABLE, or MS_PRIVATE
 * if none), mnt_peer_group and mnt_master (0 where not shared, not a
 * slave); FATTR_P_PROPAGATE_FROM is the record's N, or 0.  Numbers are
 * copied as the record writes them (%i of a positive int).
 *
 * Return: 0, or -EIO if @val does not hold a mountinfo record.
 */
int fattr_record_propagation(struct fattr_val *val, enum fattr_prop what)
{
	struct fattr_span f[FATTR_F_NR], opt, num = { };
	const char *rec = val->buf;
	size_t pos, end;
	u64 type = 0;

	if (fattr_split_val(val, f))
		return -EIO;
	pos = f[FATTR_F_PROPAGATION].off;
	end = pos + f[FATTR_F_PROPAGATION].len;
	while (pos < end) {
		/* The last field has no space after it, but the '-' does. */
		if (!fattr_next_field(rec, end + 1, &pos, &opt))
			return -EIO;
		if (fattr_prop_is(rec, &opt, "shared", true)) {
			type |= MS_SHARED;
			if (what == FATTR_P_PEER_GROUP)
				num = opt;
		} else if (fattr_prop_is(rec, &opt, "master", true)) {
			type |= MS_SLAVE;
			if (what == FATTR_P_MASTER)
				num = opt;
		} else if (fattr_prop_is(rec, &opt, "propagate_from", true)) {
			if (what == FATTR_P_PROPAGATE_FROM)
				num = opt;
		} else if (fattr_prop_is(rec, &opt, "unbindable", false)) {
			type |= MS_UNBINDABLE;
		}
	}
	if (what == FATTR_P_TYPE) {
		val->len = scnprintf(val->buf, val->cap, "%llu",
				     type ? type : (u64)MS_PRIVATE);
	} else if (!num.len) {
		val->len = scnprintf(val->buf, val->cap, "0");
	} else {
		/* "NAME:N": keep N. */
		pos = (const char *)memchr(rec + num.off, ':', num.len) - rec + 1;
		val->len = num.off + num.len - pos;
		memmove(val->buf, rec + pos, val->len);
	}
	return 0;
}

/*
 * statmount_opt_process() (fs/namespace.c, 6.13+): @len bytes of options
 * at @buf, each after a ',', into entries each followed by a NUL, with
 * string_unescape()'s octal escapes undone, in place.  The first byte
 * (the ',') is dropped unread, as statmount(2) drops it.  @buf has room
 * for a NUL after the options.
 *
 * Return: the bytes of the entries.
 */
static size_t fattr_opt_split(char *buf, size_t len)
{
	char *end = buf + len, *src = buf + 1, *dst = buf, *sep;

	if (src >= end)
		return 0;
	*end = '\0';
	for (; src < end; src = sep + 1) {
		sep = strchrnul(src, ',');
		*sep = '\0';
		dst += string_unescape(src, dst, 0, UNESCAPE_OCTAL) + 1;
	}
	/* One empty entry (",,"): statmount(2) leaves the field empty. */
	return dst - buf == 1 ? 0 : dst - buf;
}

/*
 * Whether @n bytes at @p are what security_sb_show_options() can write:
 * SELinux's (security/selinux/hooks.c: selinux_sb_show_options(), the
 * only LSM that writes any, 5.10 to 7.x), ",NAME=VALUE" for fscontext,
 * context, defcontext and rootcontext (a VALUE with a ',' in quotes,
 * which show_sid() escapes inside), and ",seclabel"; or nothing.
 */
static bool fattr_lsm_opts_ok(const char *p, size_t n)
{
	static const char * const names[] = {
		"fscontext=", "context=", "defcontext=", "rootcontext=",
		"seclabel",
	};
	const char *q;
	size_t i = 0, len = 0;
	int k;

	while (i < n) {
		if (p[i++] != ',')
			return false;
		for (k = 0; k < ARRAY_SIZE(names); k++) {
			len = strlen(names[k]);
			if (n - i >= len && !memcmp(p + i, names[k], len))
				break;
		}
		if (k == ARRAY_SIZE(names))
			return false;
		i += len;
		if (names[k][len - 1] != '=') {
			if (i < n && p[i] != ',')
				return false;
		} else if (i < n && p[i] == '"') {
			q = memchr(p + i + 1, '"', n - i - 1);
			if (!q)
				return false;
			i = q - p + 1;
		} else {
			while (i < n && p[i] != ',')
				i++;
		}
	}
	return true;
}

/**
 * fattr_record_opts() - statmount(2)'s opt_array or opt_sec_array
 * @val: a record as fattr_render_mnt_ref() leaves it; receives the list
 * @lsm: the LSMs' options (opt_sec_array), not the file system's
 * @fs_len: how many bytes the file system's ->show_options() wrote at
 *	the end of the super block options (a walk's fs_opts_len)
 *
 * show_mountinfo() (5.10 to 7.x) writes the super block options as "ro"
 * or "rw", then show_sb_opts(): ",sync", ",dirsync", ",mand" and
 * ",lazytime" as s_flags has them, in that order, and what
 * security_sb_show_options() writes (SELinux's ",context=..." and the
 * like; nothing under AppArmor); then ->show_options().  statmount(2)
 * splits the last two apart: the file system's are the last @fs_len
 * bytes, the LSMs' what lies between them and the words before.  None of
 * the LSMs' options starts with one of those words.
 *
 * @fs_len comes from a second ->show_options() whose text was found at
 * the record's end; options that changed in between (a remount, a
 * renamed btrfs subvolume) may have left a shorter text that is still
 * the end of the record.  Then what lies before it is not what an LSM
 * writes, which this checks.
 *
 * Return: 0; -EAGAIN if the options before the last @fs_len bytes are
 * not the LSMs' (read the mount again); or -EIO if @val does not hold a
 * mountinfo record with @fs_len bytes of options.
 */
int fattr_record_opts(struct fattr_val *val, bool lsm, size_t fs_len)
{
	static const char * const words[] = {
		",sync", ",dirsync", ",mand", ",lazytime",
	};
	struct fattr_span f[FATTR_F_NR];
	size_t off, end, n, lsm_off, lsm_end;
	const char *p;
	int i;

	if (fattr_split_val(val, f))
		return -EIO;
	off = f[FATTR_F_SUPEROPTIONS].off;
	end = off + f[FATTR_F_SUPEROPTIONS].len;
	p = val->buf + off;
	if (end - off < 2 + fs_len || p[0] != 'r' ||
	    (p[1] != 'o' && p[1] != 'w') || (end - off > 2 && p[2] != ','))
		return -EIO;
	lsm_end = end - fs_len;
	lsm_off = off + 2;
	for (i = 0; i < ARRAY_SIZE(words); i++) {
		n = strlen(words[i]);
		if (lsm_end - lsm_off >= n &&
		    !memcmp(val->buf + lsm_off, words[i], n) &&
		    (lsm_end - lsm_off == n || val->buf[lsm_off + n] == ','))
			lsm_off += n;
	}
	if (!fattr_lsm_opts_ok(val->buf + lsm_off, lsm_end - lsm_off))
		return -EAGAIN;
	if (lsm) {
		off = lsm_off;
		end = lsm_end;
	} else {
		off = lsm_end;
	}
	/* The record's newline, at least, follows: room for the NUL. */
	memmove(val->buf, val->buf + off, end - off);
	val->len = fattr_opt_split(val->buf, end - off);
	return 0;
}
