#!/bin/bash
# layers.sh: the same 450-block population import with pathdb's in-memory diff
# layers capped at 16, then 128 (the default), with the experimental geth.
set -e
G=/work/exp/geth-layers
GEN=/work/medium/work/dumps/ubt-10000000-150-gas5000000/genesis.json
for r in 1 2; do
  for n in 16 128; do
    D=/work/imp/dd-l$n; rm -rf $D
    $G --datadir $D --bintrie.groupdepth=6 init $GEN > /work/imp/init.log 2>&1
    sync; echo 3 > /proc/sys/vm/drop_caches
    STATELAB_PATHDB_DIFFLAYERS=$n /usr/bin/time -f "layers $n round $r: wall %e s, user %U s, sys %S s, maxrss %M KB" -a -o /work/imp/times.txt \
      $G import --datadir $D /work/imp/ubtpop450.rlp > /work/imp/import-l$n-$r.log 2>&1
    tail -1 /work/imp/times.txt
  done
done
rm -rf /work/imp/dd-*
