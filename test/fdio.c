// SPDX-License-Identifier: GPL-2.0
/* Whole reads and writes on file descriptors: see fdio.h. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "fdio.h"

int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t w = write(fd, p, len);

		if (w <= 0)
			return -1;
		p += w;
		len -= w;
	}
	return 0;
}

int read_full(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len) {
		ssize_t r = read(fd, p, len);

		if (r <= 0)
			return -1;
		p += r;
		len -= r;
	}
	return 0;
}

long read_long(const char *file)
{
	char buf[32] = "";
	int fd = open(file, O_RDONLY);
	long v = -1;

	if (fd >= 0) {
		if (read(fd, buf, sizeof(buf) - 1) > 0)
			v = atol(buf);
		close(fd);
	}
	return v;
}
