// SPDX-License-Identifier: GPL-2.0
/*
 * The caller's mountinfo file: fattr's private procfs instance, the
 * caller's own open of its /proc/self/mountinfo (the LSMs' verdict on
 * every call), and the file a walk then drives (mountinfo.c).
 *
 * Runs in the caller's context, without namespace_sem or any lock of
 * fattr's: the opens may sleep (path lookup, LSM hooks, procfs's
 * ->open() takes the task's references), and nothing here is held past
 * the call (fattr_mi_close()).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/err.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/magic.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/nsproxy.h>
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "compat.h"
#include "mnt_walk.h"

static struct vfsmount *fattr_proc_mnt __ro_after_init;
/* procfs's mountinfo file_operations, to recognise the caller's own. */
static const struct file_operations *fattr_mountinfo_fops __ro_after_init;
/*
 * Credentials the private instance is opened with (see fattr_mi_open).
 * Not __ro_after_init: from 6.4 kmemleak does not scan a module's
 * ro_after_init memory, and would report the cred it alone points to.
 */
static const struct cred *fattr_kernel_cred;

/**
 * fattr_mountinfo_init() - mount fattr's private procfs instance
 *
 * Return: 0, or a negative errno after logging why.
 */
int __init fattr_mountinfo_init(void)
{
	struct file_system_type *proc = get_fs_type("proc");
	struct vfsmount *mnt;
	struct file *file;
	struct cred *cred;

	if (!proc) {
		pr_err("no procfs in this kernel\n");
		return -ENOENT;
	}
	/*
	 * A kernel-internal procfs mount, in the pid namespace of insmod
	 * (which main.c requires to be the initial one, so that every task
	 * has a pid in it).  It belongs to no mount namespace and is never
	 * seen by users.
	 */
	mnt = kern_mount(proc);
	/* put_filesystem() is not exported; it is this module_put(). */
	module_put(proc->owner);
	if (IS_ERR(mnt)) {
		pr_err("cannot mount a private procfs (%ld)\n", PTR_ERR(mnt));
		return PTR_ERR(mnt);
	}
	file = fattr_file_open_root_mnt(mnt, "thread-self/mountinfo", O_RDONLY, 0);
	if (IS_ERR(file) || file->f_op->read_iter != seq_read_iter) {
		pr_err("procfs has no mountinfo fattr can read\n");
		if (!IS_ERR(file))
			fput(file);
		kern_unmount(mnt);
		return -ENOENT;
	}
	fattr_mountinfo_fops = file->f_op;
	fput(file);
	/* prepare_kernel_cred(NULL) is refused since 6.2; &init_task is not. */
	cred = prepare_kernel_cred(&init_task);
	if (!cred) {
		kern_unmount(mnt);
		return -ENOMEM;
	}
	fattr_kernel_cred = cred;
	fattr_proc_mnt = mnt;
	return 0;
}

void fattr_mountinfo_exit(void)
{
	kern_unmount(fattr_proc_mnt);
	put_cred(fattr_kernel_cred);
	fattr_maps_exit();
}

/* Whether the dentry @d is named by the decimal @nr. */
static bool fattr_named_nr(const struct dentry *d, pid_t nr)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d", nr);

	return nr > 0 && d->d_name.len == len &&
	       !memcmp(d->d_name.name, buf, len);
}

/*
 * Whether the procfs mountinfo @path is current's own entry: @thread's
 * <tgid>/task/<tid>/mountinfo, else <tgid>/mountinfo, numbered in the
 * pid namespace of that procfs (proc_pid_ns(), 5.8+), where "self" and
 * "thread-self" lead.  Another task's file (bound over the caller's, or
 * reached through a "self" link of the caller's making) would be judged
 * by a label-based LSM (SELinux, Smack) as that task's, not the
 * caller's.  procfs never renames a pid's entries, and @path holds them.
 */
static bool fattr_own_entry(const struct path *path, bool thread)
{
	struct pid_namespace *ns = proc_pid_ns(path->dentry->d_sb);
	const struct dentry *d = path->dentry->d_parent;

	if (thread) {
		if (!fattr_named_nr(d, task_pid_nr_ns(current, ns)))
			return false;
		d = d->d_parent;
		if (d->d_name.len != 4 || memcmp(d->d_name.name, "task", 4))
			return false;
		d = d->d_parent;
	}
	/* <tgid> at the top, not <tgid>/task/<tgid>: the same file. */
	return d->d_parent == d->d_sb->s_root &&
	       fattr_named_nr(d, task_tgid_nr_ns(current, ns));
}

/*
 * The caller's own open of the procfs mountinfo at @name, resolved from
 * its root with its credentials, checked as the caller's open(2) with
 * O_RDONLY checks it (fs/namei.c, 5.10 to 7.x): may_open()'s
 * inode_permission(MAY_OPEN | MAY_READ) (the mode, and the LSMs' inode
 * hooks: SELinux's, Smack's), then dentry_open()'s security_file_open()
 * (AppArmor judges the path name, Landlock the hierarchy holding it), so
 * the outcome is the LSMs' verdict on the caller reading its mountinfo.
 * The caller chose what @name leads to (it may have bound or linked
 * anything over /proc in a namespace of its own): it must be procfs's
 * mountinfo and current's own entry (@thread: thread-self's), and
 * fattr_mi_open() reads the file only after fattr_same_walk().
 *
 * Return: the file, ERR_PTR(-EACCES) if an LSM (or the file's mode)
 * refuses it, ERR_PTR(-ENOMEM), or another error if there is no procfs
 * mountinfo at @name.
 */
static struct file *fattr_own_open(const char *name, bool thread)
{
	struct file *file;
	struct path path;
	int err;

	err = kern_path(name, LOOKUP_FOLLOW, &path);
	if (err)
		return ERR_PTR(err == -EPERM ? -EACCES : err);
	/*
	 * Not a procfs mountinfo (a file of that name in a chroot, or any
	 * procfs file linked there), or another task's: no verdict, and no
	 * ->open() of it.  procfs gives a pid's entries the file_operations
	 * of its table.
	 */
	if (path.dentry->d_sb->s_magic != PROC_SUPER_MAGIC ||
	    !d_is_reg(path.dentry) ||
	    d_inode(path.dentry)->i_fop != fattr_mountinfo_fops ||
	    !fattr_own_entry(&path, thread)) {
		path_put(&path);
		return ERR_PTR(-ENOENT);
	}
	err = fattr_path_permission(&path, MAY_OPEN | MAY_READ);
	if (err) {
		path_put(&path);
		return ERR_PTR(err == -EPERM ? -EACCES : err);
	}
	file = dentry_open(&path, O_RDONLY, current_cred());
	path_put(&path);
	if (IS_ERR(file))
		return PTR_ERR(file) == -EPERM ? ERR_PTR(-EACCES) : file;
	if (file->f_op != fattr_mountinfo_fops) {
		fput(file);
		return ERR_PTR(-ENOENT);
	}
	return file;
}

/*
 * Whether @err is the caller's verdict (or ends the call) rather than a
 * missing file.
 */
static bool fattr_is_verdict(int err)
{
	return !err || err == -EACCES || fattr_ends_call(err);
}

/*
 * Whether the mountinfo seq_file @m walks current's mount namespace from
 * current's root: then its walk is the one fattr's private instance
 * would make.  Both were taken from the file's task at open time
 * (fs/proc_namespace.c: mounts_open_common(), 5.10 to 7.x), and the file
 * holds references to them; no other task can change current->nsproxy.
 */
static bool fattr_same_walk(const struct seq_file *m)
{
	struct path root;
	bool same;

	if (fattr_seq_ns(m) != current->nsproxy->mnt_ns)
		return false;
	get_fs_root(current->fs, &root);
	same = path_equal(fattr_seq_root(m), &root);
	path_put(&root);
	return same;
}

/**
 * fattr_mi_open() - open the caller's mountinfo for a walk
 * @mi: receives the file to walk, unless @verdict
 * @verdict: only the verdict is wanted: nothing is opened once it is
 *	known, and @mi is left unset
 *
 * Which LSM verdict admits the read, and which file is walked:
 *   - the caller's own /proc/self/mountinfo, opened as above, if it has
 *     one; if its thread group leader has exited (its nsproxy is gone:
 *     EINVAL), its /proc/thread-self/mountinfo.  That file is walked if
 *     it walks the caller's namespace from the caller's root (the
 *     common case: one open per call, rendered with the caller's
 *     credentials as its own read is); else (a thread whose root
 *     differs from its leader's) it gives the verdict only;
 *   - else (no procfs mountinfo of its own there: a chroot without
 *     /proc, a file or another task's mountinfo bound over it, a procfs
 *     of a pid namespace it is not in) none: -EACCES, for every caller.
 *     The caller can read no mountinfo of its own there, and an open on
 *     fattr's private instance is no LSM's verdict (see below).
 * Where the caller's own file is not walked, fattr's private procfs
 * instance is, which no caller can reach or redirect: thread-self
 * resolves to the calling thread in the initial pid namespace.  Only
 * once the caller's own open admitted it, it is opened with kernel
 * credentials, which every LSM admits.
 *
 * Invariants (doc/design.md "Security model"): fattr walks only files it
 * opened itself (no position or state of a caller's file), and the walk's
 * mounts are the caller's, checked here, not assumed: the seq_file's
 * namespace must be current's.
 *
 * Return: 0, -EACCES, or another negative errno.
 */
int fattr_mi_open(struct fattr_mi *mi, bool verdict)
{
	const struct cred *old;
	struct file *file;
	int err;

	file = fattr_own_open("/proc/self/mountinfo", false);
	if (IS_ERR(file) && !fattr_is_verdict(PTR_ERR(file)) &&
	    !thread_group_leader(current))
		file = fattr_own_open("/proc/thread-self/mountinfo", true);
	if (IS_ERR(file)) {
		err = PTR_ERR(file);
		/*
		 * No procfs mountinfo of its own under the caller's root (a
		 * chroot without /proc): no open the caller's policy names,
		 * so no verdict.  An open of the private instance is none: LSMs
		 * judge a kern_mount's paths by rules written for others
		 * (AppArmor's attach_disconnected names it
		 * "/<tgid>/task/<tid>/mountinfo") or by none.  Fail closed.
		 */
		return fattr_is_verdict(err) ? err : -EACCES;
	}
	if (!verdict && fattr_same_walk(file->private_data))
		goto walk;
	fput(file);
	if (verdict)
		return 0;
	/* Admitted; the walk is the private instance's. */
	old = override_creds(fattr_kernel_cred);
	file = fattr_file_open_root_mnt(fattr_proc_mnt, "thread-self/mountinfo",
					O_RDONLY, 0);
	revert_creds(old);
	if (IS_ERR(file))
		return PTR_ERR(file);
	if (file->f_op != fattr_mountinfo_fops) {
		fput(file);
		return -EIO;
	}
	if (fattr_seq_ns(file->private_data) != current->nsproxy->mnt_ns) {
		pr_warn_once("a mountinfo file of another mount namespace\n");
		fput(file);
		return -EIO;
	}
walk:
	mi->file = file;
	mi->seq = file->private_data;
	mi->pos = 0;
	return 0;
}

/**
 * fattr_mi_close() - close what fattr_mi_open() opened
 * @mi: the walk, with namespace_sem not held
 *
 * A task's fput() releases the file on its way back to user space, before
 * the call returns (see doc/design.md on __fput_sync()).
 * The seq_file's buffer was fattr's (struct fattr_val): it is taken back
 * before the file's release frees it.
 */
void fattr_mi_close(struct fattr_mi *mi)
{
	/* The buffer is fattr's: seq_release() must not free it. */
	mi->seq->buf = NULL;
	mi->seq->size = 0;
	mi->seq->count = 0;
	fput(mi->file);
}

/**
 * fattr_mountinfo_verdict() - whether the caller may read its mountinfo
 *
 * Return: 0, -EACCES if the caller may not read it, or another errno.
 */
int fattr_mountinfo_verdict(void)
{
	/*
	 * The open every call makes, judged by the LSMs as the caller's own
	 * open of /proc/self/mountinfo (doc/design.md "Confined callers"),
	 * for names that read no record but tell of the caller's mounts, as
	 * mntns_event does.
	 */
	return fattr_mi_open(NULL, true);
}
