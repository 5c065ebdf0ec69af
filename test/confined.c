// SPDX-License-Identifier: GPL-2.0
/*
 * confined.c: fattr for confined callers.  fattr must answer a caller
 * exactly when the caller itself may open its /proc/self/mountinfo, and
 * fail with EACCES when that open fails with EACCES, whatever confines
 * it.  Built static as fattr-confined (run by test/vm-confined.sh), it
 * compares, in one process, that open with getxattr of ":mnt:info" of
 * "/" and /tmp, ":mntns:" and one ":mntns:ID:info".  Modes:
 *
 *   check [allow|deny [PROFILE [ID]]]
 *	the rule, as the caller stands; with allow or deny, the open must
 *	also succeed or fail with EACCES; with PROFILE, the caller must be
 *	confined by that AppArmor profile; ID is a mount id for
 *	":mntns:ID:info" when mountinfo cannot be read.
 *   apparmor PROFILE allow|deny
 *	has AppArmor confine its next exec by PROFILE, then execs
 *	"check allow|deny PROFILE ID" (ID: the mount of "/").
 *   landlock-allow, landlock-noproc, landlock-proconly
 *	Landlock handling reads and writes of files, reads of directories;
 *	granting reads beneath "/", beneath every top-level entry of "/"
 *	but /proc, or beneath /proc only.  Then "check allow" (allow,
 *	proconly) or "check deny" (noproc).
 *   landlock-chroot
 *	as landlock-noproc, then chroot into a directory without /proc:
 *	the caller can read no mountinfo at all (none in its root, and
 *	Landlock refuses it mount(2)), so fattr must give EACCES.
 *   landlock-allow-chroot
 *	as landlock-allow (reads granted beneath "/"), then the same.
 *   chroot
 *	unconfined, chrooted into a directory without /proc: EACCES too
 *	(it reads no mountinfo there; fattr's private procfs instance
 *	gives no LSM verdict, doc/design.md "Security model").
 *   apparmor-chroot PROFILE
 *	has AppArmor confine its next exec by PROFILE, then execs
 *	"chroot-check PROFILE": the label is PROFILE's, the caller's
 *	own open of /proc/self/mountinfo is refused, and, chrooted into a
 *	directory without /proc, every name that shows mounts gives
 *	EACCES.  vm-confined.sh's PROFILE has attach_disconnected, a
 *	rule reading every file and deny rules for mountinfo: AppArmor
 *	then names an open on fattr's private instance
 *	"/<tgid>/task/<tid>/mountinfo", which that rule allows (fattr
 *	served the caller there before 2026-12-06).
 *
 * Every expected value is the kernel's own answer: mountinfo, statx.
 * Prints one line per failure and, last, "confined: N passed, M failed";
 * exits non-zero if any check failed.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "procfs.h"

#define VALUE_MAX 65536
#define MOUNTINFO "/proc/self/mountinfo"

/* x86_64's numbers, in case libc's headers predate Landlock. */
#define NR_CREATE_RULESET 444
#define NR_ADD_RULE 445
#define NR_RESTRICT_SELF 446

/* Landlock's first ABI: file system rights only. */
struct ll_ruleset_attr {
	uint64_t handled_access_fs;
};

struct ll_path_beneath_attr {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

#define LL_READ (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR)
/* Handled, never granted: shows that the domain is in force. */
#define LL_HANDLED (LL_READ | LANDLOCK_ACCESS_FS_WRITE_FILE)

static const char *mode = "?";
static int passed, failed;

static void check(int ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("confined: %s: FAIL: ", mode);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static void info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void info(const char *fmt, ...)
{
	va_list ap;

	printf("confined: %s: ", mode);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static void summary(void)
{
	printf("confined: %d passed, %d failed (%s)\n", passed, failed, mode);
}

static void die(const char *what)
{
	printf("confined: %s: FAIL: %s: %s\n", mode, what, strerror(errno));
	failed++;
	summary();
	exit(1);
}

static const char *err_name(int err)
{
	return err ? strerror(err) : "success";
}

static char val[VALUE_MAX + 1];

/* getxattr(@path, @name): its length, or -errno. */
static ssize_t ask(const char *path, const char *name)
{
	ssize_t ret;

	memset(val, 0, sizeof(val));
	ret = getxattr(path, name, val, VALUE_MAX);
	return ret < 0 ? -errno : ret;
}

/* Up to 200 bytes of @p on one line: NUL as ^@, newline as \n. */
static const char *shown(const char *p, size_t len, char out[420])
{
	char *o = out;
	size_t i;

	for (i = 0; i < len && i < 200; i++) {
		if (p[i] == '\0' || p[i] == '\n') {
			*o++ = p[i] ? '\\' : '^';
			*o++ = p[i] ? 'n' : '@';
		} else {
			*o++ = p[i];
		}
	}
	strcpy(o, i < len ? "..." : "");
	return out;
}

/* @ret (from ask()) is exactly the @len bytes at @exp. */
static void expect_value(ssize_t ret, const char *exp, size_t len,
			 const char *what)
{
	char a[420], b[420];

	if (ret < 0) {
		check(0, "%s: %s, expected %zu bytes \"%s\"", what,
		      strerror(-ret), len, shown(exp, len, b));
		return;
	}
	check((size_t)ret == len && !memcmp(val, exp, len),
	      "%s: %zd bytes \"%s\", expected %zu bytes \"%s\"", what,
	      ret, shown(val, ret, a), len, shown(exp, len, b));
}

static void expect_eacces(ssize_t ret, const char *what)
{
	check(ret == -EACCES, "%s: %s, expected %s (as the open)", what,
	      ret < 0 ? strerror(-ret) : "a value", strerror(EACCES));
}

/* The record of the mount holding @path: statx's, else by mount point. */
static const char *record_of(const struct mountinfo *mi, const char *path,
			     size_t *len)
{
	int id = path_mnt_id(path, 0);

	if (id >= 0)
		return mi_find(mi, id, len);
	return mi_find_point(mi, path, len);
}

/*
 * What the LSM lets through here besides fattr (for the log): statx, and
 * getxattr of an ordinary absent name.
 */
static void probe(const char *path)
{
	int id = path_mnt_id(path, 0);
	ssize_t r = ask(path, "user.fattr_absent");

	info("%s: statx %s, getxattr(user.fattr_absent) %s", path,
	     id < 0 ? strerror(-id) : "ok", r < 0 ? strerror(-r) : "a value");
}

/*
 * The rule.  @expect: 'a' (the open must succeed), 'd' (it must fail
 * with EACCES) or 0; @id0: a mount id for ":mntns:ID:info" if mountinfo
 * cannot be read (0: that of "/", now).
 */
static void test_rule(int expect, int id0)
{
	const char *paths[] = { "/", "/tmp" };
	struct mountinfo mi = { NULL, 0 };
	int fd = open(MOUNTINFO, O_RDONLY | O_CLOEXEC);
	int err = fd < 0 ? errno : 0;
	char name[64], what[96];
	const char *line;
	size_t i, len;
	ssize_t ret;

	if (fd >= 0) {
		mi.buf = read_all(fd, &mi.len);
		if (!mi.buf)
			die("reading " MOUNTINFO);
		close(fd);
	}
	info("open(" MOUNTINFO "): %s", err_name(err));
	if (expect == 'a')
		check(!err, "open(" MOUNTINFO "): %s, expected success (not "
		      "confined as intended)", strerror(err));
	if (expect == 'd')
		check(err == EACCES, "open(" MOUNTINFO "): %s, expected %s "
		      "(not confined as intended)", err_name(err),
		      strerror(EACCES));
	if (err && err != EACCES) {
		check(0, "open(" MOUNTINFO "): %s: the rule says nothing",
		      strerror(err));
		return;
	}
	for (i = 0; i < sizeof(paths) / sizeof(*paths); i++) {
		probe(paths[i]);
		snprintf(what, sizeof(what), "getxattr(\"%s\", \":mnt:info\")",
			 paths[i]);
		ret = ask(paths[i], ":mnt:info");
		if (err) {
			expect_eacces(ret, what);
			continue;
		}
		line = record_of(&mi, paths[i], &len);
		check(line != NULL, "%s: no record in mountinfo", what);
		if (line)
			expect_value(ret, line, len, what);
	}

	ret = ask("/", ":mntns:");
	if (err) {
		expect_eacces(ret, "getxattr(\"/\", \":mntns:\")");
	} else {
		char *exp = ids_listing(&mi, &len);

		expect_value(ret, exp, len, "getxattr(\"/\", \":mntns:\")");
		free(exp);
	}

	/* ":mntns_event" reads no record, but tells of the mounts. */
	ret = ask("/", ":mntns_event");
	if (err)
		expect_eacces(ret, "getxattr(\"/\", \":mntns_event\")");
	else
		check(ret > 0 && strspn(val, "0123456789") == (size_t)ret,
		      "getxattr(\"/\", \":mntns_event\"): %s",
		      ret < 0 ? strerror(-ret) : "not a number");

	if (!err) {
		line = record_of(&mi, "/", &len);
		id0 = line ? atoi(line) : 0;
	} else if (!id0) {
		id0 = path_mnt_id("/", 0);
	}
	check(id0 > 0, "no mount id for \":mntns:ID:info\"");
	if (id0 > 0) {
		snprintf(name, sizeof(name), ":mntns:%d:info", id0);
		snprintf(what, sizeof(what), "getxattr(\"/\", \"%s\")", name);
		ret = ask("/", name);
		if (err)
			expect_eacces(ret, what);
		else
			expect_value(ret, line, len, what);
	}
	mi_free(&mi);
}

/* The AppArmor label of this task is @profile, enforced. */
static void test_label(const char *profile)
{
	const char *files[] = { "/proc/self/attr/apparmor/current",
				"/proc/self/attr/current" };
	size_t i, len, n = strlen(profile);
	char *label = NULL;
	int fd = -1;

	for (i = 0; i < 2 && fd < 0; i++)
		fd = open(files[i], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		check(0, "no AppArmor label: %s", strerror(errno));
		return;
	}
	label = read_all(fd, &len);
	close(fd);
	if (!label)
		die("reading the AppArmor label");
	if (len && label[len - 1] == '\n')
		label[--len] = '\0';
	info("AppArmor label \"%s\"", label);
	check(len > n && !strncmp(label, profile, n) &&
	      !strcmp(label + n, " (enforce)"),
	      "AppArmor label \"%s\", expected \"%s (enforce)\"", label,
	      profile);
	free(label);
}

/*
 * Confine the next exec by @profile; exec "check @expect @profile ID",
 * or "chroot-check @profile" if @expect is NULL.
 */
static void apparmor_exec(const char *profile, const char *expect)
{
	int fd = open("/proc/self/attr/apparmor/exec", O_WRONLY | O_CLOEXEC);
	char cmd[256], id[16], self[256];
	ssize_t n;

	/* Before 5.8, only the attr file shared by all LSMs. */
	if (fd < 0 && errno == ENOENT)
		fd = open("/proc/self/attr/exec", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		die("opening AppArmor's attr/exec");
	n = snprintf(cmd, sizeof(cmd), "exec %s", profile);
	if (write(fd, cmd, n) != n)
		die(cmd);
	close(fd);
	snprintf(id, sizeof(id), "%d", path_mnt_id("/", 0));
	/* By its name, not /proc/self/exe: the log's comm= is then ours. */
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n < 0)
		die("readlink /proc/self/exe");
	self[n] = '\0';
	fflush(stdout);
	if (!expect)
		execl(self, "fattr-confined", "chroot-check", profile,
		      (char *)NULL);
	else
		execl(self, "fattr-confined", "check", expect, profile, id,
		      (char *)NULL);
	die(self);
}

static void ll_rule(int rfd, const char *path, uint64_t access)
{
	struct ll_path_beneath_attr pb = {
		.allowed_access = access,
		.parent_fd = open(path, O_PATH | O_CLOEXEC),
	};

	if (pb.parent_fd < 0)
		die(path);
	if (syscall(NR_ADD_RULE, rfd, LANDLOCK_RULE_PATH_BENEATH, &pb, 0))
		die("landlock_add_rule");
	close(pb.parent_fd);
}

enum ll_mode { LL_ALL, LL_NOPROC, LL_PROCONLY };

/* Grants reads beneath "/", each entry of "/" but /proc, or /proc. */
static void landlock(enum ll_mode how)
{
	struct ll_ruleset_attr attr = { .handled_access_fs = LL_HANDLED };
	long abi = syscall(NR_CREATE_RULESET, NULL, 0,
			   LANDLOCK_CREATE_RULESET_VERSION);
	int rfd, rules = 0;

	/* Debian's kernels have it: unavailable is a failure, not a skip. */
	if (abi < 1)
		die("Landlock unavailable");
	info("Landlock ABI %ld", abi);
	rfd = syscall(NR_CREATE_RULESET, &attr, sizeof(attr), 0);
	if (rfd < 0)
		die("landlock_create_ruleset");
	if (how != LL_NOPROC) {
		ll_rule(rfd, how == LL_ALL ? "/" : "/proc", LL_READ);
		rules++;
	} else {
		DIR *d = opendir("/");
		struct dirent *e;
		char path[300];
		struct stat st;

		if (!d)
			die("opendir /");
		while ((e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")
			    || !strcmp(e->d_name, "proc"))
				continue;
			snprintf(path, sizeof(path), "/%s", e->d_name);
			if (lstat(path, &st))
				die(path);
			if (S_ISDIR(st.st_mode))
				ll_rule(rfd, path, LL_READ);
			else if (S_ISREG(st.st_mode))
				ll_rule(rfd, path,
					LANDLOCK_ACCESS_FS_READ_FILE);
			else
				continue;
			rules++;
		}
		closedir(d);
	}
	info("%d rules", rules);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		die("PR_SET_NO_NEW_PRIVS");
	if (syscall(NR_RESTRICT_SELF, rfd, 0))
		die("landlock_restrict_self");
	close(rfd);
}

/*
 * In force: writing is handled and never granted; reading /tmp is
 * granted unless @how is LL_PROCONLY.
 */
static void test_domain(enum ll_mode how)
{
	int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	int err = fd < 0 ? errno : 0;

	check(err == EACCES, "open(\"/dev/null\", O_WRONLY): %s, expected "
	      "%s (no Landlock domain)", err_name(err), strerror(EACCES));
	if (fd >= 0)
		close(fd);
	fd = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	err = fd < 0 ? errno : 0;
	if (how == LL_PROCONLY)
		check(err == EACCES, "open(\"/tmp\"): %s, expected %s",
		      err_name(err), strerror(EACCES));
	else
		check(!err, "open(\"/tmp\"): %s, expected success",
		      strerror(err));
	if (fd >= 0)
		close(fd);
}

#define NOPROC_DIR "/tmp/fattr-confined-noproc"

static void make_noproc_dir(void)
{
	if (mkdir(NOPROC_DIR, 0755) && errno != EEXIST)
		die(NOPROC_DIR);
}

/*
 * Chrooted into NOPROC_DIR, where there is no /proc: the caller has no
 * mountinfo of its own to read, so every ':' name that shows mounts
 * gives EACCES: ":mnt:info" of "/", ":mntns:", ":mntns_event" and
 * ":mntns:ID:info" of the mount of the new root.
 */
static void expect_refused_in_chroot(void)
{
	char name[64], what[96];
	int err, id;

	if (chroot(NOPROC_DIR) || chdir("/"))
		die("chroot");
	err = access(MOUNTINFO, F_OK) ? errno : 0;
	check(err == ENOENT, "access(" MOUNTINFO ") in the chroot: %s, "
	      "expected %s", err_name(err), strerror(ENOENT));
	expect_eacces(ask("/", ":mnt:info"), "getxattr(\"/\", \":mnt:info\")");
	expect_eacces(ask("/", ":mntns:"), "getxattr(\"/\", \":mntns:\")");
	expect_eacces(ask("/", ":mntns_event"),
		      "getxattr(\"/\", \":mntns_event\")");
	id = path_mnt_id("/", 0);
	check(id > 0, "statx(\"/\") in the chroot: %s", strerror(-id));
	snprintf(name, sizeof(name), ":mntns:%d:info", id);
	snprintf(what, sizeof(what), "getxattr(\"/\", \"%s\")", name);
	expect_eacces(ask("/", name), what);
}

/*
 * Landlock (without /proc, or reads beneath "/"), chrooted where there
 * is no /proc: Landlock refuses mount(2) too, so the caller can read no
 * mountinfo at all.
 */
static void test_landlock_chroot(enum ll_mode how)
{
	int err;

	make_noproc_dir();
	landlock(how);
	if (mkdir(NOPROC_DIR "/proc", 0755) && errno != EEXIST)
		die("mkdir /proc");
	err = mount("proc", NOPROC_DIR "/proc", "proc", 0, NULL) ? errno : 0;
	check(err == EPERM, "mount proc in the chroot: %s, expected %s (the "
	      "caller could read a mountinfo)", err_name(err),
	      strerror(EPERM));
	if (!err)
		umount2(NOPROC_DIR "/proc", MNT_DETACH);
	expect_refused_in_chroot();
}

/*
 * Confined by AppArmor's @profile (which must refuse the caller's own
 * open of its mountinfo), then chrooted where there is no /proc.
 */
static void test_apparmor_chroot(const char *profile)
{
	int fd, err;

	test_label(profile);
	fd = open(MOUNTINFO, O_RDONLY | O_CLOEXEC);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	check(err == EACCES, "open(" MOUNTINFO "): %s, expected %s (not "
	      "confined as intended)", err_name(err), strerror(EACCES));
	fd = open("/proc/thread-self/mountinfo", O_RDONLY | O_CLOEXEC);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	check(err == EACCES, "open(\"/proc/thread-self/mountinfo\"): %s, "
	      "expected %s (not confined as intended)", err_name(err),
	      strerror(EACCES));
	expect_refused_in_chroot();
}

static void usage(void)
{
	printf("usage: fattr-confined check [allow|deny [PROFILE [ID]]]\n"
	       "       fattr-confined apparmor PROFILE allow|deny\n"
	       "       fattr-confined landlock-allow|landlock-noproc|"
	       "landlock-proconly|landlock-chroot|landlock-allow-chroot\n"
	       "       fattr-confined chroot\n"
	       "       fattr-confined apparmor-chroot|chroot-check PROFILE\n");
	exit(2);
}

static int expectation(const char *s)
{
	if (!strcmp(s, "allow"))
		return 'a';
	if (!strcmp(s, "deny"))
		return 'd';
	usage();
	return 0;
}

int main(int argc, char **argv)
{
	static char buf[300];
	int expect = 0;

	if (argc < 2)
		usage();
	mode = argv[1];
	if (!strcmp(mode, "check")) {
		if (argc > 2)
			expect = expectation(argv[2]);
		if (argc > 3) {
			snprintf(buf, sizeof(buf), "apparmor %s", argv[3]);
			mode = buf;
			test_label(argv[3]);
		}
		test_rule(expect, argc > 4 ? atoi(argv[4]) : 0);
	} else if (!strcmp(mode, "apparmor") && argc == 4) {
		expectation(argv[3]);
		apparmor_exec(argv[2], argv[3]);
	} else if (!strcmp(mode, "landlock-chroot")) {
		test_landlock_chroot(LL_NOPROC);
	} else if (!strcmp(mode, "landlock-allow-chroot")) {
		test_landlock_chroot(LL_ALL);
	} else if (!strcmp(mode, "chroot") && argc == 2) {
		make_noproc_dir();
		expect_refused_in_chroot();
	} else if (!strcmp(mode, "apparmor-chroot") && argc == 3) {
		make_noproc_dir();
		apparmor_exec(argv[2], NULL);
	} else if (!strcmp(mode, "chroot-check") && argc == 3) {
		snprintf(buf, sizeof(buf), "apparmor-chroot %s", argv[2]);
		mode = buf;
		test_apparmor_chroot(argv[2]);
	} else if (!strncmp(mode, "landlock-", 9)) {
		enum ll_mode how = !strcmp(mode, "landlock-allow") ? LL_ALL :
				   !strcmp(mode, "landlock-noproc") ?
				   LL_NOPROC : LL_PROCONLY;
		int id0 = path_mnt_id("/", 0);

		if (how == LL_PROCONLY && strcmp(mode, "landlock-proconly"))
			usage();
		landlock(how);
		test_domain(how);
		test_rule(how == LL_NOPROC ? 'd' : 'a', id0);
	} else {
		usage();
	}
	summary();
	return failed ? 1 : 0;
}
