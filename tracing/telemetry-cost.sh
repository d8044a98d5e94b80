#!/usr/bin/env bash
# telemetry-cost.sh: the cost of --telemetry, measured side by side with tools/bench ab
# (cold cache, first run discarded, medians and bootstrap CIs of the ratio):
#   - MPT: unpatched upstream geth against statelab geth with telemetry off, and at the
#     block, phase and node levels exporting to Jaeger (import wall time; upstream logs
#     no per-block JSON in batch imports);
#   - binary trie at GD-6: statelab geth telemetry off against phase and node levels
#     (per-block total ms from the slow-block JSON, and wall time).
# Needs root (drop_caches), ./build.sh done, and Jaeger running (tracing/jaeger.sh start).
#
#   tracing/telemetry-cost.sh WORKDIR        # RUNS=6 ENTRIES=20000 by default
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:?usage: tracing/telemetry-cost.sh WORKDIR}
RUNS=${RUNS:-6}
ENTRIES=${ENTRIES:-20000}
ENDPOINT=${STATELAB_TELEMETRY_ENDPOINT:-http://127.0.0.1:${STATELAB_JAEGER_OTLP_HTTP_PORT:-4318}}
BIN=$WORK/bin
mkdir -p "$BIN"
cp "$ROOT/build/bin/geth" "$ROOT/build/bin/geth-upstream" "$BIN/"
for level in block phase node; do
	printf '#!/bin/sh\nexec %s/geth --telemetry --telemetry.level %s --telemetry.endpoint %s "$@"\n' "$BIN" "$level" "$ENDPOINT" >"$BIN/geth-$level"
	chmod +x "$BIN/geth-$level"
done
for trie in mpt ubt; do
	[ -f "$WORK/$trie/manifest.json" ] || "$ROOT/build/bin/dumpgen" --trie $trie --entries "$ENTRIES" \
		--workloads erc20_approve --workload-blocks 2 --out "$WORK/$trie" --force
done
ab() { # name trie A B
	echo "=== $1: $3 against $4 on $2"
	"$ROOT/build/bin/bench" ab --a "$BIN/$3" --b "$BIN/$4" --dump "$WORK/$2/workload_erc20_approve.rlp" \
		--groupdepth 6 --runs "$RUNS" --work "$WORK/work" --out "$WORK/results/$1"
}
ab mpt-off mpt geth-upstream geth
ab mpt-phase mpt geth-upstream geth-phase
ab mpt-node mpt geth-upstream geth-node
ab mpt-block mpt geth-upstream geth-block
ab ubt-phase ubt geth geth-phase
ab ubt-node ubt geth geth-node
