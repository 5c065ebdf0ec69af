#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check.sh [TAG...]
#
# The full test suite: checkpatch on the kernel code, then
# scripts/vm-test.sh's check and stress runs on each kernel TAG (default:
# `scripts/kernels.sh check`, what `make check` and CI run; `make
# check-all` passes `scripts/kernels.sh all`), then one summary line per
# kernel and run and a total.  Exits non-zero if anything failed.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FATTR_CACHE:-/var/cache/fattr}
# shellcheck disable=SC2046
[ $# -gt 0 ] || set -- $("$top/scripts/kernels.sh" check)

"$top/scripts/deps.sh"
if "$top/scripts/checkpatch.sh"; then
	summary="checkpatch: clean
"
	host_failed=0
else
	summary="checkpatch: FAILED
"
	host_failed=1
fi

# The test helpers the stress run's threads share, under
# ThreadSanitizer on the host (test/threads.c).
if make -s -C "$top/test" fattr-threads && "$top/test/fattr-threads"; then
	summary="${summary}host: fattr-threads PASS
"
else
	summary="${summary}host: fattr-threads FAILED
"
	host_failed=1
fi

# The fuzzer's column oracle on a made-up mountinfo (test/fuzz.c
# --self-check): a wrong expected value, size rule or near miss fails it.
if make -s -C "$top/test" fuzz-self-check; then
	summary="${summary}host: fuzz self-check PASS
"
else
	summary="${summary}host: fuzz self-check FAILED
"
	host_failed=1
fi

failed=0

# vm_run TAG RUN TITLE: one VM run; sets verdict (with the reason of a
# failure the harness itself names: fetch, build, boot), counts a
# failure.  The run's own output is kept in $cache/run/TAG-RUN.log, its
# console in $cache/run/TAG-RUN.console.log.
vm_run() {
	echo "=== fattr $3 on Debian kernel $1"
	mkdir -p "$cache/run"
	out=$cache/run/$1-$2.log
	{ "$top/scripts/vm-test.sh" "$1" "$2" 2>&1; echo "rc=$?" >"$out.rc"; } |
		tee "$out"
	if [ "$(cat "$out.rc")" = rc=0 ]; then
		verdict=PASS
	else
		why=$(grep -E '^(vm-test|vm-boot|fetch-kernel|debian-chroot|userland|vm-image): ' \
			"$out" | tail -n 1)
		verdict="FAIL${why:+ ($why)}"
		failed=$((failed + 1))
	fi
	rm -f "$out.rc"
	# The whole console, which the kernel's next run replaces.
	cp "$cache/run/$1/console.log" "$cache/run/$1-$2.console.log" 2>/dev/null
}

# The last line of the run's console log that begins with $1.
last_line() {
	grep -E "^$1" "$cache/run/$tag/console.log" 2>/dev/null | tail -n 1
}

for tag in "$@"; do
	vm_run "$tag" check tests
	checks=$(last_line '[0-9]+%: Checks: ')
	shell=$(last_line 'getfattr-test: ')
	compat32=$(last_line 'compat32: ')
	confined=$(last_line 'fattr-confined: ')
	summary="$summary$tag: $verdict; ${checks:-no Check summary}; ${shell:-no getfattr-test summary}; ${compat32:-no compat32 summary}; ${confined:-no fattr-confined summary}
"
	# The fuzzer, mount churn and rmmod cycles at CI size (test/vm-stress.sh;
	# FATTR_STRESS=full for the full size).
	vm_run "$tag" stress stress
	fuzz=$(last_line 'fuzz: ')
	# The parts that failed, and the first failure a part printed: CI
	# shows only this summary.
	parts=$(grep -E '^fattr-vm: stress: [a-z]+ FAILED' \
		"$cache/run/$tag/console.log" 2>/dev/null |
		awk '{ printf "%s%s", n++ ? "," : "", $3 }')
	first=$(grep -E '^(stress|fuzz): FAIL' \
		"$cache/run/$tag/console.log" 2>/dev/null | head -n 1 |
		cut -c 1-160)
	summary="$summary$tag stress: $verdict; ${fuzz:-no fuzz summary}${parts:+; failed: $parts}${first:+; first: $first}
"
done

echo "=== summary"
printf '%s' "$summary"
echo "total: $failed failed runs of $(($# * 2)) (check and stress on $# kernels)"
[ "$failed" -eq 0 ] && [ "$host_failed" -eq 0 ]
