#!/bin/bash
# probe.sh ROUNDS: population import (first 450 blocks of the 10^7 UBT population, GD-6)
# with and without the speculative block prefetcher, alternating.
set -e
G=/work/main/build/bin/geth
GEN=/work/medium/work/dumps/ubt-10000000-150-gas5000000/genesis.json
for r in $(seq 1 $1); do
  for v in default noprefetch; do
    D=/work/imp/dd-$v; rm -rf $D
    $G --datadir $D --bintrie.groupdepth=6 init $GEN > /work/imp/init.log 2>&1
    extra=""; [ $v = noprefetch ] && extra="--cache.noprefetch"
    sync; echo 3 > /proc/sys/vm/drop_caches
    /usr/bin/time -f "$v round $r: wall %e s, user %U s, sys %S s, maxrss %M KB" -a -o /work/imp/times.txt \
      $G import $extra --datadir $D /work/imp/ubtpop450.rlp > /work/imp/import-$v-$r.log 2>&1
    tail -1 /work/imp/times.txt
  done
done
rm -rf /work/imp/dd-*
