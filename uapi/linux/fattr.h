/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * fattr: kernel attributes through getxattr(2).
 *
 * With the fattr module loaded, getxattr(2), lgetxattr(2) and fgetxattr(2)
 * answer names that begin with FATTR_SEP from a read-only tree:
 *
 *   ":"                  "mnt:\0mntns:\0"
 *   ":mnt:"              the mount folder of the mount holding the path
 *   ":mntns:"            "ID:\0" for every mount of the caller's
 *                        mountinfo, in its order
 *   ":mntns:ID:"         the mount folder of mount ID
 *   ":mntns:all:KEY"     a column: for every mount ":mntns:" lists, in
 *                        its order, "ID\0=VALUE\0" (KEY's value), or
 *                        "ID\0!ERRNO\0" (the name of KEY's error there:
 *                        ENODATA, E2BIG or EIO); for the keys that
 *                        ":mntns:all:" lists
 *
 * A mount folder lists, in this order (unique_id only where the kernel
 * has it, Linux 6.8+):
 *
 *   info          the caller's mountinfo record, newline included
 *   id            field 1 of the record: the mount id
 *   parent        field 2: the parent's mount id
 *   dev           field 3: MAJOR:MINOR
 *   root          field 4, unescaped: the mount's root in its file system
 *   mountpoint    field 5, unescaped: relative to the caller's root
 *   options       field 6: the per-mount options
 *   propagation   the optional fields, space-separated; empty if private
 *   fstype        the file system type, with ".subtype" if it has one
 *   source        the mount source, unescaped
 *   superoptions  the super block options: the record's last field
 *   unique_id     the 64-bit mount id of statmount(2) and listmount(2)
 *   statfs:       a folder of statfs(2)'s figures of the path (":mnt:")
 *                 or of the mount's root (":mntns:ID:"): type, bsize,
 *                 frsize, blocks, bfree, bavail, files, ffree, namelen,
 *                 flags (f_flags, ST_VALID included), fsid
 *                 ("VAL0:VAL1", f_fsid.val[0] and val[1] unsigned)
 *
 * Values other than info have no terminator and no newline; numbers are
 * decimal, without sign or leading zeros.
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
#define FATTR_MNTNS_EVENT	":mntns_event"

/* Entry names inside folders. */
#define FATTR_ENTRY_MNT		"mnt:"
#define FATTR_ENTRY_MNTNS	"mntns:"
#define FATTR_ENTRY_MNTNS_EVENT	"mntns_event"
/* In ":mntns:", before a key: a column, that key of every mount. */
#define FATTR_ENTRY_ALL		"all:"

/* Entries of a mount folder (":mnt:", ":mntns:ID:"), in listing order. */
#define FATTR_ENTRY_INFO	"info"
#define FATTR_ENTRY_ID		"id"
#define FATTR_ENTRY_PARENT	"parent"
#define FATTR_ENTRY_DEV		"dev"
#define FATTR_ENTRY_ROOT	"root"
#define FATTR_ENTRY_MOUNTPOINT	"mountpoint"
#define FATTR_ENTRY_OPTIONS	"options"
#define FATTR_ENTRY_PROPAGATION	"propagation"
#define FATTR_ENTRY_FSTYPE	"fstype"
#define FATTR_ENTRY_SOURCE	"source"
#define FATTR_ENTRY_SUPEROPTIONS "superoptions"
#define FATTR_ENTRY_UNIQUE_ID	"unique_id"	/* Linux 6.8+ only */
#define FATTR_ENTRY_MNT_PARENT_ID "mnt_parent_id"	/* Linux 6.8+ only */
#define FATTR_ENTRY_MNT_NS_ID	"mnt_ns_id"
#define FATTR_ENTRY_MNT_ATTR	"mnt_attr"
#define FATTR_ENTRY_MNT_PROPAGATION "mnt_propagation"
#define FATTR_ENTRY_MNT_PEER_GROUP "mnt_peer_group"
#define FATTR_ENTRY_MNT_MASTER	"mnt_master"
#define FATTR_ENTRY_PROPAGATE_FROM	"propagate_from"
#define FATTR_ENTRY_SB_MAGIC	"sb_magic"
#define FATTR_ENTRY_SB_FLAGS	"sb_flags"
#define FATTR_ENTRY_FS_SUBTYPE	"fs_subtype"
#define FATTR_ENTRY_MNT_CHANGE	"mnt_change"	/* see fattr(7) */
#define FATTR_ENTRY_OPT_ARRAY	"opt_array"	/* a list: no export */
#define FATTR_ENTRY_OPT_SEC_ARRAY "opt_sec_array"	/* likewise */
#define FATTR_ENTRY_MNT_UIDMAP	"mnt_uidmap"	/* likewise; 5.12+ */
#define FATTR_ENTRY_MNT_GIDMAP	"mnt_gidmap"	/* likewise; 5.12+ */
#define FATTR_ENTRY_UUID	"uuid"
#define FATTR_ENTRY_BDEV	"bdev"
#define FATTR_ENTRY_STATFS	"statfs:"
#define FATTR_ENTRY_EXPORT	"export"	/* every other key, for sh */

/* Entries of a mount's "statfs:" folder, in listing order. */
#define FATTR_ENTRY_TYPE	"type"
#define FATTR_ENTRY_BSIZE	"bsize"
#define FATTR_ENTRY_FRSIZE	"frsize"
#define FATTR_ENTRY_BLOCKS	"blocks"
#define FATTR_ENTRY_BFREE	"bfree"
#define FATTR_ENTRY_BAVAIL	"bavail"
#define FATTR_ENTRY_FILES	"files"
#define FATTR_ENTRY_FFREE	"ffree"
#define FATTR_ENTRY_NAMELEN	"namelen"
#define FATTR_ENTRY_FLAGS	"flags"
#define FATTR_ENTRY_FSID	"fsid"

/* Full names of the keys of ":mnt:". */
#define FATTR_MNT_ID		":mnt:id"
#define FATTR_MNT_PARENT	":mnt:parent"
#define FATTR_MNT_DEV		":mnt:dev"
#define FATTR_MNT_ROOT		":mnt:root"
#define FATTR_MNT_MOUNTPOINT	":mnt:mountpoint"
#define FATTR_MNT_OPTIONS	":mnt:options"
#define FATTR_MNT_PROPAGATION	":mnt:propagation"
#define FATTR_MNT_FSTYPE	":mnt:fstype"
#define FATTR_MNT_SOURCE	":mnt:source"
#define FATTR_MNT_SUPEROPTIONS	":mnt:superoptions"
#define FATTR_MNT_UNIQUE_ID	":mnt:unique_id"
#define FATTR_MNT_STATFS	":mnt:statfs:"

/*
 * ":mntns:" FATTR_MNTNS_ID_FMT ":" and ":mntns:" FATTR_MNTNS_ID_FMT ":KEY"
 * name one mount by the id of the first field of its mountinfo record,
 * written in decimal without sign or leading zeros.
 */
#define FATTR_MNTNS_ID_FMT	"%d"

#endif /* _UAPI_LINUX_FATTR_H */
