#!/bin/bash
# prep.sh GETH BIN OUT DUMPDIR [GD]: geth init, population import and
# `chaininfo persist`, as tools/bench prepares a datadir (BIN holds chaininfo).
set -e
GETH=$1; BIN=$2; OUT=$3; D=$4; GD=${5:-}
rm -rf "$OUT"; mkdir -p "$OUT"
args=(); [ -n "$GD" ] && args=(--bintrie.groupdepth="$GD")
"$GETH" --datadir "$OUT/datadir" "${args[@]}" init "$D/genesis.json" > "$OUT/init.log" 2>&1
"$GETH" import --datadir "$OUT/datadir" "$D/population.rlp" > "$OUT/population.log" 2>&1
"$BIN/chaininfo" persist --datadir "$OUT/datadir" > "$OUT/persist.log" 2>&1
echo "prepared $OUT"
