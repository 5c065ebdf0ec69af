// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall hooks: getxattr(2), lgetxattr(2), fgetxattr(2) and, from
 * 6.13, getxattrat(2) entry points, for 64-bit and 32-bit callers,
 * redirected through ftrace.
 *
 * One ftrace_ops per entry point, with SAVE_REGS | RECURSION | IPMODIFY.
 * Its callback reads the first byte of the name: anything but ':' (or a
 * byte not in memory yet) stays on the kernel's own path and never enters
 * the module.  A ':' name is sent to the entry's handler here, which
 * serves it, or calls the original entry (which ftrace then lets through,
 * because the call comes from this module).
 *
 * io_uring's IORING_OP_GETXATTR calls the xattr code below these entry
 * points and is not served.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/namei.h>
#include <linux/path.h>
#include <linux/ptrace.h>
#include <linux/uaccess.h>
#include <linux/xattr.h>
#include <asm/ibt.h>
#include <uapi/linux/fattr.h>

#include "compat.h"
#include "fattr.h"

typedef long (*fattr_syscall_t)(const struct pt_regs *regs);

/* How the entry names its file. */
enum fattr_target {
	FATTR_PATH,		/* getxattr: a path, symlinks followed */
	FATTR_LPATH,		/* lgetxattr: a path, the link itself */
	FATTR_FD,		/* fgetxattr: a descriptor */
	FATTR_AT,		/* getxattrat (6.13): dfd, path, flags, args */
};

struct fattr_hook {
	const char *func;
	enum fattr_target target;
	/* 32-bit entry: arguments in bx, cx, dx, si, di, bp; may be absent */
	bool ia32;
	fattr_syscall_t handler;
	unsigned long orig;	/* the entry, ENDBR included: learnt on use */
	struct ftrace_ops ops;
	bool registered;
};

enum {
	FATTR_X64_GETXATTR,
	FATTR_X64_LGETXATTR,
	FATTR_X64_FGETXATTR,
	FATTR_IA32_GETXATTR,
	FATTR_IA32_LGETXATTR,
	FATTR_IA32_FGETXATTR,
#ifdef FATTR_HAVE_XATTR_ARGS
	FATTR_X64_GETXATTRAT,
	FATTR_IA32_GETXATTRAT,
#endif
	FATTR_NR_HOOKS
};

static struct fattr_hook fattr_hooks[FATTR_NR_HOOKS];

/* Argument @n of the syscall, from the user registers it was entered with. */
static unsigned long fattr_arg(const struct fattr_hook *h,
			       const struct pt_regs *regs, int n)
{
	if (h->ia32) {
		const unsigned long args[] = {
			regs->bx, regs->cx, regs->dx, regs->si, regs->di,
			regs->bp
		};

		return (u32)args[n];	/* compat pointers and sizes */
	}
	{
		const unsigned long args[] = {
			regs->di, regs->si, regs->dx, regs->r10, regs->r8,
			regs->r9
		};

		return args[n];
	}
}

static const char __user *fattr_arg_name(const struct fattr_hook *h,
					 const struct pt_regs *regs)
{
	return (const char __user *)fattr_arg(h, regs,
					      h->target == FATTR_AT ? 3 : 1);
}

/* A call, decoded as its entry point decodes it. */
struct fattr_req {
	int dfd;
	const char __user *pathname;
	unsigned int lookup;	/* LOOKUP_* flags for pathname */
	bool by_fd;		/* the file is dfd itself */
	void __user *value;
	size_t size;
};

#ifdef FATTR_HAVE_XATTR_ARGS
/*
 * getxattrat(dfd, pathname, at_flags, name, uargs, usize), with the
 * checks of fs/xattr.c in their order: usize, uargs, args.flags, at_flags.
 */
static long fattr_decode_at(const struct fattr_hook *h,
			    const struct pt_regs *regs, struct fattr_req *req)
{
	unsigned int at_flags = fattr_arg(h, regs, 2);
	size_t usize = fattr_arg(h, regs, 5);
	struct xattr_args args = { };
	char c;
	int err;

	if (usize < XATTR_ARGS_SIZE_VER0)
		return -EINVAL;
	if (usize > PAGE_SIZE)
		return -E2BIG;
	err = copy_struct_from_user(&args, sizeof(args),
				    (void __user *)fattr_arg(h, regs, 4), usize);
	if (err)
		return err;
	if (args.flags)
		return -EINVAL;
	if (at_flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;

	req->dfd = (int)fattr_arg(h, regs, 0);
	req->pathname = (const char __user *)fattr_arg(h, regs, 1);
	req->lookup = at_flags & AT_SYMLINK_NOFOLLOW ? 0 : LOOKUP_FOLLOW;
	req->value = u64_to_user_ptr(args.value);
	req->size = args.size;
	if (!(at_flags & AT_EMPTY_PATH))
		return 0;
	req->lookup |= LOOKUP_EMPTY;
	/* getname_maybe_null(): a NULL or empty path names dfd itself. */
	if (req->pathname && get_user(c, req->pathname))
		return -EFAULT;
	req->by_fd = req->dfd >= 0 && (!req->pathname || !c);
	return 0;
}
#endif

static long fattr_decode(const struct fattr_hook *h,
			 const struct pt_regs *regs, struct fattr_req *req)
{
	*req = (struct fattr_req) {
		.dfd = AT_FDCWD,
		.pathname = (const char __user *)fattr_arg(h, regs, 0),
		.lookup = h->target == FATTR_PATH ? LOOKUP_FOLLOW : 0,
		.by_fd = h->target == FATTR_FD,
		.value = (void __user *)fattr_arg(h, regs, 2),
		.size = fattr_arg(h, regs, 3),
	};
	if (req->by_fd)
		req->dfd = (int)fattr_arg(h, regs, 0);
#ifdef FATTR_HAVE_XATTR_ARGS
	if (h->target == FATTR_AT)
		return fattr_decode_at(h, regs, req);
#endif
	return 0;
}

/* The file the call names, as the kernel resolves it. */
static int fattr_resolve(const struct fattr_req *req, struct path *path)
{
	struct file *file;

	if (!req->by_fd)
		return user_path_at(req->dfd, req->pathname, req->lookup, path);
	/* fget() refuses O_PATH descriptors, as fdget() does. */
	file = fget(req->dfd);
	if (!file)
		return -EBADF;
	*path = file->f_path;
	path_get(path);
	fput(file);
	return 0;
}

/* The name, with the strncpy_from_user() rules of fs/xattr.c. */
static long fattr_import_name(char *name, const char __user *uname)
{
	long ret = strncpy_from_user(name, uname, XATTR_NAME_MAX + 1);

	if (ret == 0 || ret == XATTR_NAME_MAX + 1)
		return -ERANGE;
	return ret < 0 ? ret : 0;
}

/*
 * Until 6.12 the file is looked up before the name is read; from 6.13
 * (path_getxattrat(), with getxattrat()) the name comes first.
 */
#ifdef FATTR_HAVE_XATTR_ARGS
#define FATTR_NAME_FIRST	true
#else
#define FATTR_NAME_FIRST	false
#endif

/* Serves a ':' name, with the kernel's errors in the kernel's order. */
static long fattr_serve(const struct fattr_hook *h, const struct pt_regs *regs)
{
	const char __user *uname = fattr_arg_name(h, regs);
	char name[XATTR_NAME_MAX + 1];
	struct fattr_req req;
	struct path path;
	long ret;

	ret = fattr_decode(h, regs, &req);
	if (!ret && FATTR_NAME_FIRST)
		ret = fattr_import_name(name, uname);
	if (ret)
		return ret;
	ret = fattr_resolve(&req, &path);
	if (ret)
		return ret;
	if (!FATTR_NAME_FIRST)
		ret = fattr_import_name(name, uname);
	if (!ret)
		ret = fattr_getxattr(&path, name, req.value, req.size);
	path_put(&path);
	return ret;
}

/*
 * Where the callback sends a ':' name.  It runs with a module reference
 * taken by the callback, so that rmmod cannot free this text under it.
 */
static long fattr_handle(struct fattr_hook *h, const struct pt_regs *regs)
{
	const char __user *name = fattr_arg_name(h, regs);
	long ret;
	char c;

	/* The byte may have changed, or faulted in the callback: read again. */
	if (get_user(c, name) || c != FATTR_SEP)
		ret = ((fattr_syscall_t)READ_ONCE(h->orig))(regs);
	else
		ret = fattr_serve(h, regs);
	/* After the call: the call above must not become a tail call. */
	module_put(THIS_MODULE);
	return ret;
}

#define FATTR_HANDLER(idx)						\
static long fattr_handler_##idx(const struct pt_regs *regs)		\
{									\
	return fattr_handle(&fattr_hooks[idx], regs);			\
}

FATTR_HANDLER(FATTR_X64_GETXATTR)
FATTR_HANDLER(FATTR_X64_LGETXATTR)
FATTR_HANDLER(FATTR_X64_FGETXATTR)
FATTR_HANDLER(FATTR_IA32_GETXATTR)
FATTR_HANDLER(FATTR_IA32_LGETXATTR)
FATTR_HANDLER(FATTR_IA32_FGETXATTR)
#ifdef FATTR_HAVE_XATTR_ARGS
FATTR_HANDLER(FATTR_X64_GETXATTRAT)
FATTR_HANDLER(FATTR_IA32_GETXATTRAT)
#endif

#define FATTR_HOOK(idx, name, tgt, is_ia32)				\
	[idx] = {							\
		.func = name,						\
		.target = tgt,						\
		.ia32 = is_ia32,					\
		.handler = fattr_handler_##idx,				\
	}

static struct fattr_hook fattr_hooks[FATTR_NR_HOOKS] = {
	FATTR_HOOK(FATTR_X64_GETXATTR, "__x64_sys_getxattr", FATTR_PATH, false),
	FATTR_HOOK(FATTR_X64_LGETXATTR, "__x64_sys_lgetxattr", FATTR_LPATH,
		   false),
	FATTR_HOOK(FATTR_X64_FGETXATTR, "__x64_sys_fgetxattr", FATTR_FD, false),
	FATTR_HOOK(FATTR_IA32_GETXATTR, "__ia32_sys_getxattr", FATTR_PATH,
		   true),
	FATTR_HOOK(FATTR_IA32_LGETXATTR, "__ia32_sys_lgetxattr", FATTR_LPATH,
		   true),
	FATTR_HOOK(FATTR_IA32_FGETXATTR, "__ia32_sys_fgetxattr", FATTR_FD,
		   true),
#ifdef FATTR_HAVE_XATTR_ARGS
	FATTR_HOOK(FATTR_X64_GETXATTRAT, "__x64_sys_getxattrat", FATTR_AT,
		   false),
	FATTR_HOOK(FATTR_IA32_GETXATTRAT, "__ia32_sys_getxattrat", FATTR_AT,
		   true),
#endif
};

/**
 * fattr_entry_start() - the address to call a traced entry at
 * @ip: the entry's fentry site, as ftrace reports it
 *
 * On kernels built with IBT (Debian 6.12; not Debian 6.1) the fentry
 * site follows the entry's ENDBR64, and an indirect call must land on
 * that ENDBR.  is_endbr() is not enough: it also accepts the NOP that
 * replaces a sealed ENDBR, which an indirect call must not reach.
 *
 * Returns the address, or 0 if the entry cannot be called safely.
 */
static unsigned long fattr_entry_start(unsigned long ip)
{
#if HAS_KERNEL_IBT
	u32 insn;

	if (get_kernel_nofault(insn, (u32 *)(ip - ENDBR_INSN_SIZE)) ||
	    insn != gen_endbr())
		return 0;
	return ip - ENDBR_INSN_SIZE;
#else
	return ip;
#endif
}

static void notrace fattr_ftrace_cb(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *ops,
				    struct ftrace_regs *fregs)
{
	struct fattr_hook *h = container_of(ops, struct fattr_hook, ops);
	struct pt_regs *regs = ftrace_get_regs(fregs);	/* SAVE_REGS: set */
	const struct pt_regs *uregs;
	unsigned long orig;
	char c;

	/* The handler calling the original entry: let it run. */
	if (!regs || within_module(parent_ip, THIS_MODULE))
		return;

	/* The entry's only argument: the user registers of the syscall. */
	uregs = (const struct pt_regs *)regs->di;
	if (!copy_from_user_nofault(&c, fattr_arg_name(h, uregs), 1) &&
	    c != FATTR_SEP)
		return;

	orig = READ_ONCE(h->orig);
	if (unlikely(!orig)) {
		orig = fattr_entry_start(ip);
		if (!orig) {
			pr_warn_once("%s has no ENDBR; ':' names not served\n",
				     h->func);
			return;
		}
		WRITE_ONCE(h->orig, orig);
	}
	/* Dropped by fattr_handle(); fails once rmmod has begun. */
	if (!try_module_get(THIS_MODULE))
		return;
	fattr_set_instruction_pointer(fregs, (unsigned long)h->handler);
}

static void fattr_hook_unregister(struct fattr_hook *h)
{
	if (!h->registered)
		return;
	unregister_ftrace_function(&h->ops);
	ftrace_free_filter(&h->ops);
	h->registered = false;
}

static int fattr_hook_register(struct fattr_hook *h)
{
	int err;

	h->ops.func = fattr_ftrace_cb;
	h->ops.flags = FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_RECURSION |
		       FTRACE_OPS_FL_IPMODIFY;
	err = ftrace_set_filter(&h->ops, (unsigned char *)h->func,
				strlen(h->func), 0);
	if (err) {
		ftrace_free_filter(&h->ops);
		if (h->ia32)
			return 0;
		pr_err("cannot trace %s (%d)\n", h->func, err);
		return err;
	}
	err = register_ftrace_function(&h->ops);
	if (err) {
		ftrace_free_filter(&h->ops);
		if (err == -EBUSY)
			pr_err("%s is already modified by another ftrace IPMODIFY user (livepatch?)\n",
			       h->func);
		else
			pr_err("cannot hook %s (%d)\n", h->func, err);
		return err;
	}
	h->registered = true;
	return 0;
}

void fattr_hooks_exit(void)
{
	int i;

	for (i = 0; i < FATTR_NR_HOOKS; i++)
		fattr_hook_unregister(&fattr_hooks[i]);
	/*
	 * unregister_ftrace_function() waited for tasks in the trampolines.
	 * A task may still be between the module_put() of fattr_handle()
	 * and its return; it has not scheduled voluntarily since, which is
	 * what RCU-tasks waits for.
	 */
	synchronize_rcu_tasks();
}

int fattr_hooks_init(void)
{
	int i, err;

	for (i = 0; i < FATTR_NR_HOOKS; i++) {
		err = fattr_hook_register(&fattr_hooks[i]);
		if (err) {
			fattr_hooks_exit();
			return err;
		}
	}
	return 0;
}
