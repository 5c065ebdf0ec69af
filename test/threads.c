// SPDX-License-Identifier: GPL-2.0
/*
 * fattr-threads: the test helpers that the stress run's threads share
 * (procfs.c's once-only probes and mount folder), called by 8 threads at
 * once.  Built with ThreadSanitizer (test/Makefile) and run on the host
 * by scripts/check.sh: it needs no fattr, only the syscalls the probes
 * make.  Fails on a data race (ThreadSanitizer's exit code) or if any
 * thread got another folder than the one a later call returns.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "procfs.h"

#define THREADS 8

static pthread_barrier_t start;
static const char *seen[THREADS];
static size_t seen_len[THREADS];

static void *caller(void *arg)
{
	long i = (long)arg;

	pthread_barrier_wait(&start);
	seen[i] = mount_folder(&seen_len[i]);
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	const char *folder;
	size_t len;
	int bad = 0;
	long i;

	pthread_barrier_init(&start, NULL, THREADS);
	for (i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, caller, (void *)i);
	for (i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	folder = mount_folder(&len);
	for (i = 0; i < THREADS; i++)
		if (seen_len[i] != len || memcmp(seen[i], folder, len)) {
			printf("fattr-threads: thread %ld saw %zu bytes, not %zu\n",
			       i, seen_len[i], len);
			bad = 1;
		}
	printf("fattr-threads: %d threads, mount folder of %zu bytes: %s\n",
	       THREADS, len, bad ? "FAIL" : "PASS");
	return bad;
}
