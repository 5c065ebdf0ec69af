// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall hooks: getxattr(2), lgetxattr(2), fgetxattr(2) and, from
 * 6.13, getxattrat(2) entry points, for 64-bit and 32-bit callers,
 * redirected through ftrace.
 *
 * One ftrace_ops for all entry points, with SAVE_REGS | RECURSION |
 * IPMODIFY: one trampoline, and one RCU-tasks wait to unregister, which
 * matters to rmmod under load.  Its callback reads the first byte of the
 * name: anything but ':' stays on the kernel's own path and never enters
 * the module.  A ':' name, or a byte not in memory yet, goes to the
 * entry's handler here.
 *
 * The module never calls the original entry: that would be an indirect
 * call, which IBT allows only onto an ENDBR, and the 32-bit entries of
 * IBT kernels have none (6.12: they are reached through a switch, not a
 * table).  A call the handler finds is not for it after all is restarted
 * instead, transparently, as a syscall interrupted by a signal is.
 *
 * io_uring's IORING_OP_GETXATTR calls the xattr code below these entry
 * points and is not served.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/compat.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/namei.h>
#include <linux/path.h>
#include <linux/ptrace.h>
#include <linux/uaccess.h>
#include <linux/xattr.h>
#include <uapi/linux/fattr.h>

#include "arch.h"
#include "compat.h"
#include "fattr.h"

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
	/* a 32-bit (compat) entry point, which may be absent */
	bool compat;
	/* where a call of this entry goes: its handler (FATTR_HANDLER) */
	unsigned long entry;
	unsigned long ip;	/* its fentry site: learnt on its first call */
};

enum {
	FATTR_SYS_GETXATTR,
	FATTR_SYS_LGETXATTR,
	FATTR_SYS_FGETXATTR,
#ifdef FATTR_ARCH_COMPAT_SYS
	FATTR_COMPAT_GETXATTR,
	FATTR_COMPAT_LGETXATTR,
	FATTR_COMPAT_FGETXATTR,
#endif
#ifdef FATTR_HAVE_XATTR_ARGS
	FATTR_SYS_GETXATTRAT,
#ifdef FATTR_ARCH_COMPAT_SYS
	FATTR_COMPAT_GETXATTRAT,
#endif
#endif
	FATTR_NR_HOOKS
};

static struct fattr_hook fattr_hooks[FATTR_NR_HOOKS];

/*
 * Argument @n of the syscall, from the user registers it was entered with.
 * notrace, like every function of the module the ftrace callback calls;
 * the kernel's own that it calls (try_module_get(), on s390 the user
 * copy) are covered by the ops' recursion guard.
 */
static notrace unsigned long fattr_arg(const struct fattr_hook *h,
				       const struct pt_regs *regs, int n)
{
	return fattr_arch_syscall_arg(regs, n, h->compat);
}

/*
 * Pointer argument @n: a compat caller's as compat_ptr() makes it, which
 * on s390 cuts it to 31 bits, as the compat entry points do.
 */
static notrace void __user *fattr_arg_ptr(const struct fattr_hook *h,
					  const struct pt_regs *regs, int n)
{
#ifdef CONFIG_COMPAT
	if (h->compat)
		return compat_ptr((compat_uptr_t)fattr_arg(h, regs, n));
#endif
	return (void __user *)fattr_arg(h, regs, n);
}

static notrace const char __user *fattr_arg_name(const struct fattr_hook *h,
						 const struct pt_regs *regs)
{
	return fattr_arg_ptr(h, regs, h->target == FATTR_AT ? 3 : 1);
}

/* A call, decoded as its entry point decodes it. */
struct fattr_req {
	int dfd;
	const char __user *pathname;
	unsigned int lookup;	/* LOOKUP_* flags for pathname */
	bool by_fd;		/* the file is dfd itself */
	bool empty_path;	/* AT_EMPTY_PATH: a NULL or "" path is dfd */
	void __user *value;
	size_t size;
};

/*
 * 6.13 reworked fs/xattr.c around path_getxattrat(), with getxattrat(2)
 * and struct xattr_args: the name is read before the file is looked up
 * (until 6.12 after), and fgetxattr() became path_getxattrat(fd, NULL,
 * AT_EMPTY_PATH, ...).
 */
#ifdef FATTR_HAVE_XATTR_ARGS
#define FATTR_GETXATTRAT_REWORK	true
#else
#define FATTR_GETXATTRAT_REWORK	false
#endif
#define FATTR_NAME_FIRST	FATTR_GETXATTRAT_REWORK

/* getxattr(path, name, value, size), lgetxattr() alike. */
static long fattr_decode_path(const struct fattr_hook *h,
			      const struct pt_regs *regs, struct fattr_req *req)
{
	*req = (struct fattr_req) {
		.dfd = AT_FDCWD,
		.pathname = fattr_arg_ptr(h, regs, 0),
		.lookup = h->target == FATTR_PATH ? LOOKUP_FOLLOW : 0,
		.value = fattr_arg_ptr(h, regs, 2),
		.size = fattr_arg(h, regs, 3),
	};
	return 0;
}

/*
 * fgetxattr(fd, name, value, size).  Since the 6.13 rework a negative fd
 * is the working directory for AT_FDCWD, else EBADF, as for getxattrat()
 * with AT_EMPTY_PATH and a NULL path; before, any negative fd was EBADF.
 */
static long fattr_decode_fd(const struct fattr_hook *h,
			    const struct pt_regs *regs, struct fattr_req *req)
{
	*req = (struct fattr_req) {
		.dfd = (int)fattr_arg(h, regs, 0),
		.by_fd = !FATTR_GETXATTRAT_REWORK,
		.empty_path = FATTR_GETXATTRAT_REWORK,
		.value = fattr_arg_ptr(h, regs, 2),
		.size = fattr_arg(h, regs, 3),
	};
	return 0;
}

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
	int err;

	if (usize < XATTR_ARGS_SIZE_VER0)
		return -EINVAL;
	if (usize > PAGE_SIZE)
		return -E2BIG;
	err = copy_struct_from_user(&args, sizeof(args),
				    fattr_arg_ptr(h, regs, 4), usize);
	if (err)
		return err;
	if (args.flags)
		return -EINVAL;
	if (at_flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;

	*req = (struct fattr_req) {
		.dfd = (int)fattr_arg(h, regs, 0),
		.pathname = fattr_arg_ptr(h, regs, 1),
		.lookup = at_flags & AT_SYMLINK_NOFOLLOW ? 0 : LOOKUP_FOLLOW,
		.empty_path = at_flags & AT_EMPTY_PATH,
		.value = u64_to_user_ptr(args.value),
		.size = args.size,
	};
	if (req->empty_path)
		req->lookup |= LOOKUP_EMPTY;
	return 0;
}
#endif

/* The call, decoded as its entry point decodes it. */
static long fattr_decode(const struct fattr_hook *h,
			 const struct pt_regs *regs, struct fattr_req *req)
{
#ifdef FATTR_HAVE_XATTR_ARGS
	if (h->target == FATTR_AT)
		return fattr_decode_at(h, regs, req);
#endif
	if (h->target == FATTR_FD)
		return fattr_decode_fd(h, regs, req);
	return fattr_decode_path(h, regs, req);
}

/*
 * The file the call names, as the kernel resolves it, with @extra
 * LOOKUP_* flags for a path (LOOKUP_REVAL, LOOKUP_AUTOMOUNT).
 *
 * Return: 0 with *@by_name set if a path was looked up, or a negative
 * errno.
 */
static int fattr_resolve(const struct fattr_req *req, unsigned int extra,
			 struct path *path, bool *by_name)
{
	bool by_fd = req->by_fd;
	struct file *file;
	char c = 0;

	*by_name = false;
	/*
	 * getxattrat() with AT_EMPTY_PATH (getname_maybe_null(), read after
	 * the name): a NULL or empty path names dfd itself; a NULL path with
	 * a negative dfd is the working directory for AT_FDCWD, else EBADF.
	 */
	if (req->empty_path) {
		if (req->pathname && get_user(c, req->pathname))
			return -EFAULT;
		if (!req->pathname && req->dfd < 0) {
			if (req->dfd != AT_FDCWD)
				return -EBADF;
			get_fs_pwd(current->fs, path);
			return 0;
		}
		by_fd = req->dfd >= 0 && !c;
	}
	if (!by_fd) {
		unsigned int lookup = req->lookup | extra;

		/*
		 * The kernel reads the path once (getname_maybe_null()):
		 * one that was not empty above is not "dfd itself" if
		 * another thread empties it now.
		 */
		if (c)
			lookup &= ~LOOKUP_EMPTY;
		*by_name = true;
		return user_path_at(req->dfd, req->pathname, lookup, path);
	}
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
 * Restarted calls, by task: the callback leaves the next entry of a task
 * it finds here, if it has the same name pointer, to the kernel without
 * reading the name, so that however the callback and the handler came to
 * disagree (a page evicted in a loop, a tag check), a call is restarted
 * once at most.  A slot another task takes meanwhile costs that task's
 * call one more restart, not correctness.  A mark the task never comes
 * back for (it exited, or a signal handler longjmp()ed out of the call)
 * is taken by its next entry: only an entry with the same name pointer
 * is then left to the kernel, as for a restart.
 */
#define FATTR_RESTART_BITS	6

struct fattr_restarted {
	const struct task_struct *task;
	u64 start;			/* its start_time: not a reused one */
	const char __user *name;
};

static struct fattr_restarted fattr_restarted[1 << FATTR_RESTART_BITS];

static notrace struct fattr_restarted *fattr_restart_slot(void)
{
	return &fattr_restarted[hash_ptr(current, FATTR_RESTART_BITS)];
}

static void fattr_mark_restart(const char __user *uname)
{
	struct fattr_restarted *r = fattr_restart_slot();

	WRITE_ONCE(r->name, uname);
	WRITE_ONCE(r->start, current->start_time);
	WRITE_ONCE(r->task, current);
}

/*
 * Whether this entry is the restart of a call with name @uname.  A mark
 * is for the task's next entry only, whatever that is: it is taken here.
 */
static notrace bool fattr_take_restart(const char __user *uname)
{
	struct fattr_restarted *r = fattr_restart_slot();

	if (likely(READ_ONCE(r->task) != current))
		return false;
	WRITE_ONCE(r->task, NULL);
	return READ_ONCE(r->name) == uname &&
	       READ_ONCE(r->start) == current->start_time;
}

/*
 * Has the syscall entered again from user space, where the callback
 * will leave a name that is not fattr's to the kernel: the restart of
 * arch_do_signal_or_restart(), which TIF_NOTIFY_SIGNAL brings about
 * without a signal (5.11+), transparently, as for a syscall interrupted
 * by a signal.  Not set_notify_signal(current): it calls wake_up_state(),
 * which is not exported, and the current task needs neither a wakeup nor
 * a kick.
 */
static long fattr_restart(const char __user *uname)
{
	fattr_mark_restart(uname);
	set_thread_flag(TIF_NOTIFY_SIGNAL);
	return -ERESTARTNOINTR;
}

/*
 * Serves a call the callback sent here, with the kernel's errors in the
 * kernel's order.  The name is read once, into @name, and only that copy
 * decides: a name that is not fattr's after all (the callback could not
 * read it without a fault, or another thread changed it since) has the
 * call restarted, as a whole, for the kernel.
 */
static long fattr_serve(const struct fattr_hook *h, const struct pt_regs *regs)
{
	const char __user *uname = fattr_arg_name(h, regs);
	/* Read only once fattr_import_name() wrote it: not cleared per call. */
	char name[XATTR_NAME_MAX + 1] __uninitialized;
	bool imported = false, by_name;
	unsigned int extra = 0;
	struct fattr_req req;
	struct path path;
	long ret;

	ret = fattr_decode(h, regs, &req);
	if (!ret && FATTR_NAME_FIRST) {
		ret = fattr_import_name(name, uname);
		imported = !ret;
	}
	if (ret)
		return ret;
	if (imported && name[0] != FATTR_SEP)
		return fattr_restart(uname);
	/* Values of statfs(2) are looked up as statfs(2) looks up. */
	if (imported && fattr_name_automounts(name))
		extra |= LOOKUP_AUTOMOUNT;
retry:
	ret = fattr_resolve(&req, extra, &path, &by_name);
	if (ret)
		return ret;
	if (!imported) {
		ret = fattr_import_name(name, uname);
		if (ret)
			goto out;
		imported = true;
		if (name[0] != FATTR_SEP) {
			path_put(&path);
			return fattr_restart(uname);
		}
		/* Until 6.12 the file came first: look it up again. */
		if (by_name && fattr_name_automounts(name) &&
		    (READ_ONCE(path.dentry->d_flags) & DCACHE_NEED_AUTOMOUNT)) {
			path_put(&path);
			extra |= LOOKUP_AUTOMOUNT;
			goto retry;
		}
	}
	ret = fattr_getxattr(&path, name, req.value, req.size);
out:
	path_put(&path);
	/* fs/xattr.c: a lookup once more with LOOKUP_REVAL on ESTALE. */
	if (by_name && retry_estale(ret, req.lookup | extra)) {
		extra |= LOOKUP_REVAL;
		goto retry;
	}
	return ret;
}

/*
 * Where the callback sends a ':' name, or one it could not read.  It runs
 * with a module reference taken by the callback, so that rmmod cannot
 * free this text under it.
 */
static long fattr_handle(struct fattr_hook *h, const struct pt_regs *regs)
{
	long ret = fattr_serve(h, regs);

	module_put(THIS_MODULE);
	return ret;
}

/*
 * A handler per hook, and where the callback sends its calls: the handler
 * itself, or its trampoline (arch.h).
 */
#define FATTR_HANDLER(idx)						\
static __used noinline long						\
fattr_handler_##idx(const struct pt_regs *regs)				\
{									\
	return fattr_handle(&fattr_hooks[idx], regs);			\
}									\
FATTR_ARCH_TRAMPOLINE(fattr_entry_##idx, fattr_handler_##idx)

FATTR_HANDLER(FATTR_SYS_GETXATTR);
FATTR_HANDLER(FATTR_SYS_LGETXATTR);
FATTR_HANDLER(FATTR_SYS_FGETXATTR);
#ifdef FATTR_ARCH_COMPAT_SYS
FATTR_HANDLER(FATTR_COMPAT_GETXATTR);
FATTR_HANDLER(FATTR_COMPAT_LGETXATTR);
FATTR_HANDLER(FATTR_COMPAT_FGETXATTR);
#endif
#ifdef FATTR_HAVE_XATTR_ARGS
FATTR_HANDLER(FATTR_SYS_GETXATTRAT);
#ifdef FATTR_ARCH_COMPAT_SYS
FATTR_HANDLER(FATTR_COMPAT_GETXATTRAT);
#endif
#endif

#define FATTR_HOOK(idx, name, tgt, is_compat)				\
	[idx] = {							\
		.func = name,						\
		.target = tgt,						\
		.compat = is_compat,					\
		.entry = FATTR_ARCH_ENTRY(fattr_entry_##idx,		\
					  fattr_handler_##idx),		\
	}

static struct fattr_hook fattr_hooks[FATTR_NR_HOOKS] = {
	FATTR_HOOK(FATTR_SYS_GETXATTR, FATTR_ARCH_SYS("getxattr"), FATTR_PATH,
		   false),
	FATTR_HOOK(FATTR_SYS_LGETXATTR, FATTR_ARCH_SYS("lgetxattr"),
		   FATTR_LPATH, false),
	FATTR_HOOK(FATTR_SYS_FGETXATTR, FATTR_ARCH_SYS("fgetxattr"), FATTR_FD,
		   false),
#ifdef FATTR_ARCH_COMPAT_SYS
	FATTR_HOOK(FATTR_COMPAT_GETXATTR, FATTR_ARCH_COMPAT_SYS("getxattr"),
		   FATTR_PATH, true),
	FATTR_HOOK(FATTR_COMPAT_LGETXATTR, FATTR_ARCH_COMPAT_SYS("lgetxattr"),
		   FATTR_LPATH, true),
	FATTR_HOOK(FATTR_COMPAT_FGETXATTR, FATTR_ARCH_COMPAT_SYS("fgetxattr"),
		   FATTR_FD, true),
#endif
#ifdef FATTR_HAVE_XATTR_ARGS
	FATTR_HOOK(FATTR_SYS_GETXATTRAT, FATTR_ARCH_SYS("getxattrat"),
		   FATTR_AT, false),
#ifdef FATTR_ARCH_COMPAT_SYS
	FATTR_HOOK(FATTR_COMPAT_GETXATTRAT,
		   FATTR_ARCH_COMPAT_SYS("getxattrat"), FATTR_AT, true),
#endif
#endif
};

/*
 * The hook of the entry traced at @ip, on the first call of that entry:
 * named with sprint_symbol_no_offset() (exported, unlike any lookup by
 * name), out of line, off the callback's common path.
 */
static noinline notrace struct fattr_hook *fattr_hook_learn(unsigned long ip)
{
	char sym[KSYM_SYMBOL_LEN];
	struct fattr_hook *h;

	sprint_symbol_no_offset(sym, ip);
	for (h = fattr_hooks; h < fattr_hooks + FATTR_NR_HOOKS; h++) {
		if (!strcmp(sym, h->func)) {
			WRITE_ONCE(h->ip, ip);
			return h;
		}
	}
	return NULL;
}

/* The hook of the entry traced at @ip. */
static notrace struct fattr_hook *fattr_hook_of(unsigned long ip)
{
	struct fattr_hook *h;

	for (h = fattr_hooks; h < fattr_hooks + FATTR_NR_HOOKS; h++)
		if (READ_ONCE(h->ip) == ip)
			return h;
	return fattr_hook_learn(ip);
}

/*
 * The name's first byte, without faulting, read as the syscall reads it:
 * access_ok() untags the address as the syscall does (arm64 with
 * PR_TAGGED_ADDR_ENABLE; x86 with LAM, 6.4+), and the load goes through
 * the tagged pointer, so that an MTE tag check passes where the syscall's
 * does.  copy_from_user_nofault() is the same but for its __access_ok(),
 * which refuses a tagged address, and its nmi_uaccess_okay() (not
 * exported on x86), which matters in NMI context only: this runs at a
 * syscall's entry.
 *
 * Return: true if @c holds the byte.
 */
static notrace bool fattr_peek(const char __user *uname, char *c)
{
	unsigned long left;

	if (!access_ok(uname, 1))
		return false;
	pagefault_disable();
	left = __copy_from_user_inatomic(c, uname, 1);
	pagefault_enable();
	return !left;
}

static void notrace fattr_ftrace_cb(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *ops,
				    struct fattr_ftrace_regs *fregs)
{
	/* The entry's only argument: the user registers of the syscall. */
	const struct pt_regs *uregs =
		(const struct pt_regs *)fattr_ftrace_arg0(fregs);
	const char __user *uname;
	struct fattr_hook *h;
	char c;

	if (!uregs)
		return;
	h = fattr_hook_of(ip);
	if (!h)
		return;

	uname = fattr_arg_name(h, uregs);
	/* The handler restarted this call: the kernel's, whatever it is. */
	if (fattr_take_restart(uname))
		return;
	if (fattr_peek(uname, &c) && c != FATTR_SEP)
		return;

	/* Dropped by fattr_handle(); fails once rmmod has begun. */
	if (!try_module_get(THIS_MODULE))
		return;
	fattr_set_instruction_pointer(fregs, h->entry);
}

static struct ftrace_ops fattr_ops = {
	.func = fattr_ftrace_cb,
	.flags = FATTR_FTRACE_OPS_FL_REGS | FATTR_FTRACE_OPS_FL_RECURSION |
		 FTRACE_OPS_FL_IPMODIFY,
};

void fattr_hooks_exit(void)
{
	unregister_ftrace_function(&fattr_ops);
	fattr_ftrace_free_filter(&fattr_ops);
	/*
	 * unregister_ftrace_function() waited for tasks in the trampoline.
	 * A task may still be between the module_put() of fattr_handle()
	 * and its return; it has not scheduled voluntarily since, which is
	 * what RCU-tasks waits for.
	 */
	synchronize_rcu_tasks();
}

/**
 * fattr_hooks_init() - hook the getxattr entry points
 *
 * Return: 0, or a negative errno after logging why.
 */
int __init fattr_hooks_init(void)
{
	struct fattr_hook *h;
	int err;

	for (h = fattr_hooks; h < fattr_hooks + FATTR_NR_HOOKS; h++) {
		err = ftrace_set_filter(&fattr_ops, (unsigned char *)h->func,
					strlen(h->func), 0);
		/* Compat entries may be absent (x86: no IA32_EMULATION). */
		if (err && !h->compat) {
			pr_err("cannot trace %s (%d)\n", h->func, err);
			goto fail;
		}
	}
	err = register_ftrace_function(&fattr_ops);
	if (err == -EBUSY)
		pr_err("a getxattr entry point is already modified by another ftrace IPMODIFY user (livepatch?)\n");
	else if (err)
		pr_err("cannot hook the getxattr entry points (%d)\n", err);
	if (!err)
		return 0;
fail:
	fattr_ftrace_free_filter(&fattr_ops);
	return err;
}
