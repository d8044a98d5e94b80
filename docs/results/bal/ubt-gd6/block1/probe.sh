#!/bin/bash
# The block-1 probe: 5 interleaved rounds of Type-4 and no BAL, each with a
# cold page cache and with the datadir read into the page cache first, on a
# fresh copy of the prepared datadir, without bench's harness.
#
#   probe.sh PREPARED_DATADIR WORKLOAD.rlp SIDECAR.bal OUTDIR     (as root)
#
# BAL_WORKERS sets --bal.workers (default 25, geth's default).
set -e
src=$1 dump=$2 sidecar=$3 out=$4
geth=${GETH:-build/bin/geth}
run() { # NAME SIDECAR|none cold|warm
	local dir=$out/$1 dd=$out/datadir
	rm -rf "$dir" "$dd"; mkdir -p "$dir"; cp -a "$src" "$dd"; sync
	if [ "$3" = cold ]; then
		echo 3 > /proc/sys/vm/drop_caches
	else
		find "$dd" -type f -exec cat {} + > /dev/null
	fi
	local args=(--bintrie.groupdepth=6 import --datadir "$dd" --nocompaction --debug.logslowblock 0)
	[ "$2" != none ] && args+=(--bal.file "$2" --bal.type 4 --bal.workers "${BAL_WORKERS:-25}")
	"$geth" "${args[@]}" "$dump" > "$dir/log" 2>&1
}
for i in 1 2 3 4 5; do
	run r$i-t4cold "$sidecar" cold
	run r$i-t4warm "$sidecar" warm
	run r$i-nonewarm none warm
	run r$i-nonecold none cold
done
rm -rf "$out/datadir"
