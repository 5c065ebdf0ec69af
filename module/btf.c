// SPDX-License-Identifier: GPL-2.0
/*
 * The layout of the kernel's private struct mount and struct
 * mnt_namespace, read from the running kernel's BTF.
 *
 * Both live in fs/mount.h, outside include/, and their layout moves
 * between releases (mnt_id sits at 292 in 6.1 and at 300 in 6.12).  The
 * kernel exports no lookup into its own BTF that a module can reach
 * (btf_vmlinux and btf_find_by_name_kind() are not exported), so this file
 * reads /sys/kernel/btf/vmlinux (CONFIG_DEBUG_INFO_BTF, 5.4+) and walks
 * the type section itself.  The BTF format is a stable ABI described in
 * Documentation/bpf/btf.rst.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <uapi/linux/btf.h>

#include "fattr.h"

struct fattr_layout fattr_layout;

struct fattr_btf {
	const u8 *types;	/* type section */
	u32 types_len;
	const char *strs;	/* string section */
	u32 strs_len;
};

/* A member of a structure that fattr needs, and what it must be. */
struct fattr_btf_member {
	const char *structure;
	const char *name;
	u32 kind;		/* BTF_KIND_STRUCT, _INT or _PTR */
	const char *type_name;	/* the struct's name, or NULL */
	u32 size;		/* the int's size, or 0 */
	bool optional;		/* absent: *offset = FATTR_NO_OFFSET */
	size_t *offset;
	u32 type_id;		/* found: the member's type */
	bool found;
};

/* Bytes that follow a struct btf_type of this kind, or -1 if unknown. */
static long fattr_btf_extra(const struct btf_type *t)
{
	u32 vlen = BTF_INFO_VLEN(t->info);

	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_INT:
		return sizeof(u32);
	case BTF_KIND_PTR:
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPE_TAG:
		return 0;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return (long)vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return (long)vlen * sizeof(struct btf_enum);
	case BTF_KIND_FUNC_PROTO:
		return (long)vlen * sizeof(struct btf_param);
	case BTF_KIND_VAR:
		return sizeof(struct btf_var);
	case BTF_KIND_DATASEC:
		return (long)vlen * sizeof(struct btf_var_secinfo);
	case BTF_KIND_DECL_TAG:
		return sizeof(struct btf_decl_tag);
	case BTF_KIND_ENUM64:
		return (long)vlen * 3 * sizeof(u32);	/* struct btf_enum64 */
	}
	return -1;
}

static const char *fattr_btf_str(const struct fattr_btf *btf, u32 off)
{
	if (off >= btf->strs_len || !memchr(btf->strs + off, 0,
					    btf->strs_len - off))
		return NULL;
	return btf->strs + off;
}

/*
 * Calls @fn on every type, in id order (ids start at 1), until it returns
 * non-zero.  Returns that value, 0 at the end, or -EINVAL on a malformed
 * type section.
 */
static int fattr_btf_for_each(const struct fattr_btf *btf,
			      int (*fn)(const struct fattr_btf *btf, u32 id,
					const struct btf_type *t, void *arg),
			      void *arg)
{
	u32 off = 0, id = 1;
	int ret;

	while (off < btf->types_len) {
		const struct btf_type *t = (const void *)(btf->types + off);
		long extra;

		if (btf->types_len - off < sizeof(*t))
			return -EINVAL;
		extra = fattr_btf_extra(t);
		if (extra < 0 || btf->types_len - off - sizeof(*t) < extra)
			return -EINVAL;
		ret = fn(btf, id, t, arg);
		if (ret)
			return ret;
		off += sizeof(*t) + extra;
		id++;
	}
	return 0;
}

/* Pass 1: the members of the one struct of each name wanted. */
static int fattr_btf_find_members(const struct fattr_btf *btf, u32 id,
				  const struct btf_type *t, void *arg)
{
	struct fattr_btf_member *want = arg, *w;
	const struct btf_member *m = (const void *)(t + 1);
	const char *name = fattr_btf_str(btf, t->name_off);
	bool wanted = false;
	u32 i;

	if (BTF_INFO_KIND(t->info) != BTF_KIND_STRUCT || !name)
		return 0;
	for (w = want; w->name; w++) {
		if (strcmp(name, w->structure))
			continue;
		if (w->found)
			return -EEXIST;		/* two of them: ambiguous */
		wanted = true;
	}
	if (!wanted)
		return 0;

	for (i = 0; i < BTF_INFO_VLEN(t->info); i++, m++) {
		const char *member = fattr_btf_str(btf, m->name_off);
		u32 bits = m->offset;

		if (!member)
			continue;
		if (BTF_INFO_KFLAG(t->info)) {
			if (BTF_MEMBER_BITFIELD_SIZE(m->offset))
				continue;
			bits = BTF_MEMBER_BIT_OFFSET(m->offset);
		}
		for (w = want; w->name; w++) {
			if (strcmp(name, w->structure) ||
			    strcmp(member, w->name) || bits % 8)
				continue;
			*w->offset = bits / 8;
			w->type_id = m->type;
			w->found = true;
		}
	}
	return 0;
}

/* Pass 2: each member's type is what fattr takes it for. */
static int fattr_btf_check_types(const struct fattr_btf *btf, u32 id,
				 const struct btf_type *t, void *arg)
{
	struct fattr_btf_member *w;
	const char *name;

	for (w = arg; w->name; w++) {
		if (w->type_id != id)
			continue;
		name = fattr_btf_str(btf, t->name_off);
		w->type_id = 0;		/* checked */
		if (BTF_INFO_KIND(t->info) == w->kind &&
		    (!w->size || t->size == w->size) &&
		    (!w->type_name || (name && !strcmp(name, w->type_name))))
			continue;
		if (w->optional) {	/* not the member fattr can use */
			*w->offset = FATTR_NO_OFFSET;
			continue;
		}
		pr_err("BTF: %s.%s has an unexpected type\n", w->structure,
		       w->name);
		return -EPROTO;
	}
	return 0;
}

static int fattr_btf_parse(const void *data, size_t size,
			   struct fattr_btf_member *want)
{
	const struct btf_header *hdr = data;
	struct fattr_btf btf;
	struct fattr_btf_member *w;
	int err;

	if (size < sizeof(*hdr) || hdr->magic != BTF_MAGIC ||
	    hdr->version != BTF_VERSION || hdr->hdr_len > size ||
	    hdr->type_off > size - hdr->hdr_len ||
	    hdr->type_len > size - hdr->hdr_len - hdr->type_off ||
	    hdr->str_off > size - hdr->hdr_len ||
	    hdr->str_len > size - hdr->hdr_len - hdr->str_off) {
		pr_err("unreadable BTF header\n");
		return -EINVAL;
	}
	btf.types = (const u8 *)data + hdr->hdr_len + hdr->type_off;
	btf.types_len = hdr->type_len;
	btf.strs = (const char *)data + hdr->hdr_len + hdr->str_off;
	btf.strs_len = hdr->str_len;

	err = fattr_btf_for_each(&btf, fattr_btf_find_members, want);
	if (err) {
		pr_err("BTF: %s\n", err == -EEXIST ? "a structure twice" :
		       "malformed type section");
		return err;
	}
	for (w = want; w->name; w++) {
		if (w->found)
			continue;
		if (!w->optional) {
			pr_err("BTF: struct %s has no member %s\n",
			       w->structure, w->name);
			return -ENOENT;
		}
		*w->offset = FATTR_NO_OFFSET;
	}
	err = fattr_btf_for_each(&btf, fattr_btf_check_types, want);
	for (w = want; !err && w->name; w++) {
		if (w->type_id) {
			pr_err("BTF: no type for %s.%s\n", w->structure,
			       w->name);
			err = -EPROTO;
		}
	}
	return err;
}

/*
 * Reads the whole BTF file into a vmalloc()ed buffer.  Not with
 * kernel_read_file_from_path(): LSMs judge that by its purpose, and IPE
 * (6.12) warns about READING_UNKNOWN.
 */
static ssize_t fattr_btf_read(const char *path, void **data)
{
	struct file *file;
	loff_t size, pos = 0;
	ssize_t n = 0;

	file = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	size = i_size_read(file_inode(file));
	if (size <= 0 || size > INT_MAX) {
		n = -EINVAL;
		goto out;
	}
	*data = vmalloc(size);
	if (!*data) {
		n = -ENOMEM;
		goto out;
	}
	while (pos < size) {
		n = kernel_read(file, *data + pos, size - pos, &pos);
		if (n <= 0)
			break;
	}
	if (pos < size) {
		vfree(*data);
		n = n < 0 ? n : -EIO;
		goto out;
	}
	n = size;
out:
	fput(file);
	return n;
}

/**
 * fattr_btf_init() - learn the layouts fattr needs from the kernel's BTF
 * @btf_path: the kernel's BTF, normally /sys/kernel/btf/vmlinux
 *
 * Fills fattr_layout, or logs one line saying why it cannot.
 */
int fattr_btf_init(const char *btf_path)
{
	size_t nr_mounts;
	struct fattr_btf_member want[] = {
		{ .structure = "mount", .name = "mnt",
		  .kind = BTF_KIND_STRUCT, .type_name = "vfsmount",
		  .offset = &fattr_layout.mount_mnt },
		{ .structure = "mount", .name = "mnt_id",
		  .kind = BTF_KIND_INT, .size = sizeof(int),
		  .offset = &fattr_layout.mount_mnt_id },
		{ .structure = "mnt_namespace", .name = "root",
		  .kind = BTF_KIND_PTR, .optional = true,
		  .offset = &fattr_layout.mntns_root },
		{ .structure = "mnt_namespace", .name = "seq",
		  .kind = BTF_KIND_TYPEDEF, .type_name = "u64",
		  .optional = true, .offset = &fattr_layout.mntns_seq },
		{ .structure = "mnt_namespace", .name = "event",
		  .kind = BTF_KIND_TYPEDEF, .type_name = "u64",
		  .optional = true, .offset = &fattr_layout.mntns_event },
		/* The mount count: "mounts" until 6.7, "nr_mounts" since. */
		{ .structure = "mnt_namespace", .name = "mounts",
		  .kind = BTF_KIND_INT, .size = sizeof(unsigned int),
		  .optional = true, .offset = &fattr_layout.mntns_nr },
		{ .structure = "mnt_namespace", .name = "nr_mounts",
		  .kind = BTF_KIND_INT, .size = sizeof(unsigned int),
		  .optional = true, .offset = &nr_mounts },
		{ }
	};
	void *data;
	ssize_t size;
	int err;

	size = fattr_btf_read(btf_path, &data);
	if (size < 0) {
		pr_err("cannot read the kernel's BTF at %s (%zd): fattr needs CONFIG_DEBUG_INFO_BTF\n",
		       btf_path, size);
		return size;
	}
	err = fattr_btf_parse(data, size, want);
	vfree(data);
	if (fattr_layout.mntns_nr == FATTR_NO_OFFSET)
		fattr_layout.mntns_nr = nr_mounts;
	return err;
}
