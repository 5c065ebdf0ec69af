#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The run inside the VM for scripts/vm-test.sh TAG profile: where the
# time of each way of listing the mounts goes, by perf's cpu-clock
# sampling (Debian's linux-perf, put into the image by vm-image.sh) of
# fattr-bench --spin, at each N of $sizes (and of a key read from the
# mount, key-prop, and of the verdict every key pays, event).  It
# prints, per way and N, the calls' mean time, then the symbols by their
# own share of the samples, by the places in them, and by their share
# with their callees.  Profiling is not a test: the run fails only if a
# way fails.

sizes="1000 10000"
ways="mntns listmount col-attr lmsm-basic key-prop event"
secs=10

echo 0 >/proc/sys/kernel/kptr_restrict
echo -1 >/proc/sys/kernel/perf_event_paranoid
status=0
for n in $sizes; do
	for way in $ways; do
		out=/tmp/spin.out
		/test/fattr-bench --spin "$way" "$n" "$secs" >$out 2>&1 &
		spin=$!
		# It makes its mounts first; sample only its calls.
		until grep -q ready $out || ! kill -0 $spin 2>/dev/null; do
			sleep 1
		done
		if ! grep -q ready $out; then
			cat $out
			status=1
			continue
		fi
		# A way this kernel lacks (listmount(2) before 6.8) ends at once.
		sleep 1
		if grep -q 'not implemented' $out; then
			wait $spin
			echo "=== $way, $n mounts: n/a (this kernel lacks it)"
			continue
		fi
		perf record -q -e cpu-clock -F 1000 -g -p $spin \
			-o /tmp/perf.data -- sleep $((secs - 1)) 2>/dev/null
		wait $spin || { cat $out; status=1; continue; }
		echo "=== $way, $n mounts: $(grep -v ready $out)"
		echo "--- self"
		perf report -i /tmp/perf.data --stdio --no-children -g none \
			--sort sym --percent-limit 0.7 2>/dev/null |
			grep -v -e '^#' -e '^$' | head -30
		echo "--- places (symbol+offset: objdump -d of the run's fattr.ko)"
		perf report -i /tmp/perf.data --stdio --no-children -g none \
			--sort symoff --percent-limit 0.5 2>/dev/null |
			grep -v -e '^#' -e '^$' | head -40
		echo "--- with callees"
		perf report -i /tmp/perf.data --stdio --children -g none \
			--sort sym --percent-limit 2 2>/dev/null |
			grep -v -e '^#' -e '^$' | head -40
	done
done
exit $status
