#!/bin/bash
# cold Type-4 imports of the MPT 10^6 10-block erc20_approve dump, bal.workers varied, interleaved
D=/work/balq2/work/datadirs/mpt-1000000-10/mpt-ahead-baade412/datadir
S=/work/balq2/work/sidecars/mpt-1000000-10/erc20_approve.bal
W=/work/balq2/work/dumps/mpt-1000000-10/workload_erc20_approve.rlp
for round in 1 2 3 4 5 6; do
  for w in 25 64 128; do
    rm -rf /tmp/wdd && cp -a $D /tmp/wdd && sync && echo 3 > /proc/sys/vm/drop_caches
    /work/main/build/bin/geth import --datadir /tmp/wdd --nocompaction --debug.logslowblock 0 --bal.file $S --bal.type 4 --bal.workers $w $W > /tmp/w-$w-$round.log 2>&1 || echo FAIL $w $round
  done
done
