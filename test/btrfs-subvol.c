// SPDX-License-Identifier: GPL-2.0
/*
 * btrfs-subvol.c: fattr-subvol DIR NAME creates the btrfs subvolume NAME
 * in directory DIR (BTRFS_IOC_SUBVOL_CREATE), as `btrfs subvolume create
 * DIR/NAME` does.  test/vm-realfs.sh makes its subvolumes with it: the
 * VM has no btrfs-progs, and Debian 12's cannot make them in an image
 * without mounting it (see scripts/fs-images.sh).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/btrfs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct btrfs_ioctl_vol_args args = { 0 };
	int fd;

	if (argc != 3 || strlen(argv[2]) > BTRFS_PATH_NAME_MAX) {
		fprintf(stderr, "usage: fattr-subvol DIR NAME\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_DIRECTORY);
	if (fd < 0) {
		fprintf(stderr, "fattr-subvol: %s: %s\n", argv[1],
			strerror(errno));
		return 1;
	}
	strcpy(args.name, argv[2]);
	if (ioctl(fd, BTRFS_IOC_SUBVOL_CREATE, &args)) {
		fprintf(stderr, "fattr-subvol: %s/%s: %s\n", argv[1], argv[2],
			strerror(errno));
		return 1;
	}
	close(fd);
	return 0;
}
