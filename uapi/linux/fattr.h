/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * fattr: kernel attributes through getxattr(2).
 *
 * With the fattr module loaded, getxattr(2), lgetxattr(2) and fgetxattr(2)
 * answer names that begin with FATTR_SEP from a read-only tree:
 *
 *   ":"               "mnt:\0mntns:\0"
 *   ":mnt:"           "info\0"
 *   ":mnt:info"       the caller's mountinfo record of the mount holding
 *                     the path, newline included
 *   ":mntns:"         "ID:\0" for every mount of the caller's mountinfo,
 *                     in its order
 *   ":mntns:ID:"      "info\0"
 *   ":mntns:ID:info"  the caller's mountinfo record of mount ID
 *
 * A name ending in FATTR_SEP is a folder: its value is the list of its
 * entries, each terminated by a NUL byte.  See fattr(7).
 */
#ifndef _UAPI_LINUX_FATTR_H
#define _UAPI_LINUX_FATTR_H

#define FATTR_SEP		':'
#define FATTR_SEP_STR		":"

/* Folders and attributes, as full names. */
#define FATTR_ROOT		FATTR_SEP_STR
#define FATTR_MNT		":mnt:"
#define FATTR_MNT_INFO		":mnt:info"
#define FATTR_MNTNS		":mntns:"

/* Entry names inside folders. */
#define FATTR_ENTRY_MNT		"mnt:"
#define FATTR_ENTRY_MNTNS	"mntns:"
#define FATTR_ENTRY_INFO	"info"

/*
 * ":mntns:" FATTR_MNTNS_ID_FMT ":" and ":mntns:" FATTR_MNTNS_ID_FMT ":info"
 * name one mount by the id of the first field of its mountinfo record,
 * written in decimal without sign or leading zeros.
 */
#define FATTR_MNTNS_ID_FMT	"%d"

#endif /* _UAPI_LINUX_FATTR_H */
