/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whole reads and writes on file descriptors, for the tests that pass
 * answers between processes over pipes, and a number read from a file.
 * Built into fattr-check, fattr-fuzz and fattr-stress.
 */
#ifndef FATTR_TEST_FDIO_H
#define FATTR_TEST_FDIO_H

#include <stddef.h>

/* Write all of @len bytes; -1 if a write fails or writes nothing. */
int write_all(int fd, const void *buf, size_t len);
/* Read exactly @len bytes; -1 on an error or an early end of file. */
int read_full(int fd, void *buf, size_t len);
/* The number a file starts with (e.g. /sys/module/fattr/refcnt), or -1. */
long read_long(const char *file);

#endif /* FATTR_TEST_FDIO_H */
