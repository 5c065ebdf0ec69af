/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel API differences, settled by the build's feature tests
 * (scripts/conftest.sh compiles each test in module/conftest/ and
 * writes conftest.h),
 * never by version numbers.
 */
#ifndef _FATTR_COMPAT_H
#define _FATTR_COMPAT_H

#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/mount.h>
#include <linux/ptrace.h>
#include <uapi/linux/mount.h>

#include "conftest.h"

/*
 * What an ftrace callback gets of the traced function's registers: a
 * struct ftrace_regs since 5.11, the struct pt_regs itself before.
 */
#ifdef FATTR_HAVE_FTRACE_REGS
#define fattr_ftrace_regs ftrace_regs
#else
#define fattr_ftrace_regs pt_regs
#endif

/*
 * How the callback reads the traced function's arguments.  With
 * CONFIG_DYNAMIC_FTRACE_WITH_REGS (x86), FTRACE_OPS_FL_SAVE_REGS saves
 * every register and ftrace_get_regs() gives them.  Without it (arm64
 * from 6.5: CONFIG_DYNAMIC_FTRACE_WITH_ARGS, which refuses SAVE_REGS
 * with -EINVAL), the callback reads the arguments with
 * ftrace_regs_get_argument(), which every ftrace_regs holds.
 */
#if IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS)
#define FATTR_FTRACE_OPS_FL_REGS	FTRACE_OPS_FL_SAVE_REGS
#elif IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_ARGS) && \
	defined(FATTR_HAVE_FTRACE_REGS)
#define FATTR_FTRACE_OPS_FL_REGS	0
#else
#error "fattr needs CONFIG_DYNAMIC_FTRACE_WITH_REGS or CONFIG_DYNAMIC_FTRACE_WITH_ARGS"
#endif

/*
 * regs_get_kernel_argument() is out of line on s390 (it calls
 * regs_get_register(), which is not exported): the first argument is in
 * gpr 2 there, as the s390 calling convention has it.
 */
#ifdef CONFIG_S390
#define fattr_regs_arg0(regs)	((regs)->gprs[2])
#else
#define fattr_regs_arg0(regs)	regs_get_kernel_argument(regs, 0)
#endif

/**
 * fattr_ftrace_arg0() - the first argument of a traced function
 * @fregs: the registers an ftrace callback was given
 *
 * Return: the traced function's first argument; 0 if @fregs holds none
 * (a callback of an ftrace_ops without FATTR_FTRACE_OPS_FL_REGS).
 */
static __always_inline unsigned long
fattr_ftrace_arg0(struct fattr_ftrace_regs *fregs)
{
#if !defined(FATTR_HAVE_FTRACE_REGS)
	return fregs ? fattr_regs_arg0(fregs) : 0;
#elif IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS)
	struct pt_regs *regs = ftrace_get_regs(fregs);

	return regs ? fattr_regs_arg0(regs) : 0;
#else
	return ftrace_regs_get_argument(fregs, 0);
#endif
}

/*
 * Moving a traced function's instruction pointer: livepatch's helper was
 * ftrace_instruction_pointer_set() until struct ftrace_regs became opaque
 * (6.12, and 6.6 stable), then ftrace_regs_set_instruction_pointer().
 * Either is a no-op macro on kernels without
 * CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS (arm64 up to 6.4): the *_noop
 * tests tell it from a real setter.  Before struct ftrace_regs (5.10),
 * the callback had the pt_regs, and set their instruction pointer.
 */
#if defined(FATTR_HAVE_FTRACE_REGS_SET_INSTRUCTION_POINTER) && \
	!defined(FATTR_HAVE_FTRACE_REGS_SET_INSTRUCTION_POINTER_NOOP)
#define fattr_set_instruction_pointer(fregs, ip) \
	ftrace_regs_set_instruction_pointer(fregs, ip)
#elif defined(FATTR_HAVE_FTRACE_INSTRUCTION_POINTER_SET) && \
	!defined(FATTR_HAVE_FTRACE_INSTRUCTION_POINTER_SET_NOOP)
#define fattr_set_instruction_pointer(fregs, ip) \
	ftrace_instruction_pointer_set(fregs, ip)
#elif !defined(FATTR_HAVE_FTRACE_REGS)
#define fattr_set_instruction_pointer(regs, ip) \
	instruction_pointer_set(regs, ip)
#else
#error "fattr: ftrace cannot redirect a call here (no HAVE_DYNAMIC_FTRACE_WITH_ARGS)"
#endif

/*
 * FTRACE_OPS_FL_RECURSION (5.11): ftrace guards the callback against
 * recursion itself (ftrace_test_recursion_trylock() around the call), as
 * fattr wants, though its callback is notrace and calls nothing traced.
 * Before 5.11 ftrace guards every callback that is not flagged
 * FTRACE_OPS_FL_RECURSION_SAFE, so there the flag is left out.
 */
#ifdef FATTR_HAVE_FTRACE_OPS_FL_RECURSION
#define FATTR_FTRACE_OPS_FL_RECURSION	FTRACE_OPS_FL_RECURSION
#else
#define FATTR_FTRACE_OPS_FL_RECURSION	0
#endif

/*
 * ftrace_free_filter() is exported from 6.x on (Module.symvers says);
 * before, resetting the filter to nothing frees it just the same.
 */
#ifdef FATTR_HAVE_FTRACE_FREE_FILTER
#define fattr_ftrace_free_filter(ops)	ftrace_free_filter(ops)
#else
#define fattr_ftrace_free_filter(ops)	ftrace_set_filter(ops, NULL, 0, 1)
#endif

/*
 * file_open_root_mnt() (5.12), when file_open_root() began taking a
 * struct path; before, it took the dentry and the mount.
 */
static inline struct file *fattr_file_open_root_mnt(struct vfsmount *mnt,
						    const char *name,
						    int flags, umode_t mode)
{
#ifdef FATTR_HAVE_FILE_OPEN_ROOT_MNT
	return file_open_root_mnt(mnt, name, flags, mode);
#else
	return file_open_root(mnt->mnt_root, mnt, name, flags, mode);
#endif
}

/*
 * Whether a mount is idmapped (MOUNT_ATTR_IDMAP): is_idmapped_mnt() where
 * the kernel has it.  Idmapped mounts came in 5.12; Debian ships 5.10,
 * which has none, and 6.1, which has the helper.
 */
static inline bool fattr_is_idmapped_mnt(const struct vfsmount *mnt)
{
#ifdef FATTR_HAVE_IS_IDMAPPED_MNT
	return is_idmapped_mnt(mnt);
#else
	return false;
#endif
}

/*
 * open(2)'s permission check of a path (fs/namei.c: may_open()): the
 * mode, ACLs and the LSMs' inode hooks, through the mount's idmapping.
 * path_permission() came with idmapped mounts (5.12); 5.10 has neither.
 */
static inline int fattr_path_permission(const struct path *path, int mask)
{
#ifdef FATTR_HAVE_PATH_PERMISSION
	return path_permission(path, mask);
#else
	return inode_permission(d_inode(path->dentry), mask);
#endif
}

/*
 * A stack variable that CONFIG_INIT_STACK_ALL_ZERO is not to clear, as
 * it is written before it is read: <linux/compiler_attributes.h>'s,
 * where the kernel's headers lack it, as it defines it.
 */
#ifndef __uninitialized
#if __has_attribute(__uninitialized__)
#define __uninitialized	__attribute__((__uninitialized__))
#else
#define __uninitialized
#endif
#endif

/* MOUNT_ATTR_* of <uapi/linux/mount.h> that 5.10's lacks (ABI values). */
#ifndef MOUNT_ATTR_IDMAP
#define MOUNT_ATTR_IDMAP	0x00100000
#endif
#ifndef MOUNT_ATTR_NOSYMFOLLOW
#define MOUNT_ATTR_NOSYMFOLLOW	0x00200000
#endif

/*
 * The length of a super block's UUID.  s_uuid_len (6.8+) is set by
 * super_set_uuid() only: vfat's 4-byte volume id (7.x) and the 16 bytes
 * of ext4 and xfs; btrfs (6.1 to 7.3) and others copy their UUID into
 * s_uuid and leave it 0.  So a length of 1 to 15 is the id's, anything
 * else means the 16 bytes of s_uuid (zeroed by alloc_super() where no
 * file system wrote them), as before 6.8.
 */
static inline unsigned int fattr_sb_uuid_len(const struct super_block *sb)
{
#ifdef FATTR_HAVE_S_UUID_LEN
	if (sb->s_uuid_len && sb->s_uuid_len < sizeof(sb->s_uuid))
		return sb->s_uuid_len;
#endif
	return sizeof(sb->s_uuid);
}

#endif /* _FATTR_COMPAT_H */
