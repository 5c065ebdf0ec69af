/* SPDX-License-Identifier: GPL-2.0 */
/* The suites of fattr-check, in the order check_main.c runs them. */
#ifndef FATTR_TEST_SUITES_H
#define FATTR_TEST_SUITES_H

#include <check.h>

/* Timeout of every test, in seconds (TCG VMs are slow). */
#define TEST_TIMEOUT 120

Suite *tree_suite(void);
Suite *mnt_suite(void);
Suite *sizes_suite(void);
Suite *ns_suite(void);
Suite *values_suite(void);
Suite *facts_suite(void);
Suite *idmap_suite(void);
Suite *opts_suite(void);
Suite *realfs_suite(void);	/* the mounts of test/vm-realfs.sh */
Suite *at_suite(void);
Suite *fault_suite(void);
Suite *trust_suite(void);
Suite *open_suite(void);
Suite *columns_suite(void);
Suite *renderer_suite(void);
Suite *churn_suite(void);
Suite *changes_suite(void);
Suite *unload_suite(void);	/* last: it removes and reloads fattr */

#endif /* FATTR_TEST_SUITES_H */
