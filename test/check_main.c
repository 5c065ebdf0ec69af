// SPDX-License-Identifier: GPL-2.0
/*
 * check_main.c: runs every suite of fattr-check in fork mode and prints
 * Check's summary line ("100%: Checks: N, Failures: 0, Errors: 0").
 * Exits non-zero if any test failed.
 *
 * Usage: fattr-check            all suites
 *        CK_RUN_SUITE=mnt ...   one suite (Check's own variables work)
 */
#include <stdio.h>
#include <stdlib.h>

#include "suites.h"
#include "util.h"

int main(void)
{
	SRunner *sr;
	int failed;

	if (!fattr_loaded())
		fprintf(stderr, "fattr-check: fattr is not loaded, "
			"most tests will fail\n");
	sr = srunner_create(tree_suite());
	srunner_add_suite(sr, mnt_suite());
	srunner_add_suite(sr, sizes_suite());
	srunner_add_suite(sr, ns_suite());
	srunner_add_suite(sr, values_suite());
	srunner_add_suite(sr, facts_suite());
	srunner_add_suite(sr, idmap_suite());
	srunner_add_suite(sr, opts_suite());
	srunner_add_suite(sr, realfs_suite());
	srunner_add_suite(sr, at_suite());
	srunner_add_suite(sr, fault_suite());
	srunner_add_suite(sr, trust_suite());
	srunner_add_suite(sr, open_suite());
	srunner_add_suite(sr, columns_suite());
	srunner_add_suite(sr, renderer_suite());
	srunner_add_suite(sr, churn_suite());
	srunner_add_suite(sr, changes_suite());
	srunner_add_suite(sr, unload_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
