#!/usr/bin/env bash
# telemetry-cost.sh: the cost of --rpc.telemetry, measured side by side with tools/bench ab
# (cold cache, first run discarded, medians and bootstrap CIs of the ratio):
#   - MPT: unpatched upstream geth against statelab geth with telemetry off, and at the
#     block, phase and node levels exporting to Jaeger (import wall time; upstream logs
#     no per-block JSON in batch imports);
#   - MPT: node level against telemetry off, the same binary (mpt-node-off);
#   - binary trie at GD-6: statelab geth telemetry off against phase and node levels
#     (per-block total ms from the slow-block JSON, and wall time).
# Needs root (drop_caches), ./build.sh done, and Jaeger running (tracing/jaeger.sh start).
#
#   tracing/telemetry-cost.sh WORKDIR        # RUNS=6 ENTRIES=20000 BLOCKS=2 by default
#   BLOCKS=8 tracing/telemetry-cost.sh WORKDIR   # a longer import: fixed start-up and
#                                                # shutdown costs weigh less in wall time
#   ROWS="mpt-node ubt-node" tracing/telemetry-cost.sh WORKDIR   # only those comparisons
#
# Prepared datadirs get chaininfo persist (bench), so the population's state is
# read from disk rather than loaded from pathdb's journal in every run.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:?usage: tracing/telemetry-cost.sh WORKDIR}
RUNS=${RUNS:-6}
ENTRIES=${ENTRIES:-20000}
BLOCKS=${BLOCKS:-2}
# dumps of another length than the first measurements' 2 blocks get their own directory
suffix=""
[ "$BLOCKS" = 2 ] || suffix="-${BLOCKS}b"
ENDPOINT=${STATELAB_TELEMETRY_ENDPOINT:-http://127.0.0.1:${STATELAB_JAEGER_OTLP_HTTP_PORT:-4318}}
BIN=$ROOT/build/bin
# Telemetry flags of the B side: the same binary, so that the two sides load
# the same program (a wrapper script would leave the real binary evicted by the
# cache drop and charge its loading to B).
tel() { echo "--rpc.telemetry --rpc.telemetry.level $1 --rpc.telemetry.endpoint $ENDPOINT"; }
for trie in mpt ubt; do
	[ -f "$WORK/$trie$suffix/manifest.json" ] || "$ROOT/build/bin/dumpgen" --trie $trie --entries "$ENTRIES" \
		--workloads erc20_approve --workload-blocks "$BLOCKS" --out "$WORK/$trie$suffix" --force
done
ROWS=${ROWS:-}
ab() { # name trie A B [B's flags]
	case " ${ROWS:-$1} " in *" $1 "*) ;; *) return 0 ;; esac
	echo "=== $1: $4 ${5:-} against $3 on $2"
	"$BIN/bench" ab --a "$BIN/$3" --b "$BIN/$4" --b-args "${5:-}" --bin "$BIN" \
		--dump "$WORK/$2$suffix/workload_erc20_approve.rlp" \
		--groupdepth 6 --runs "$RUNS" --work "$WORK/work" --out "$WORK/results$suffix/$1"
}
ab mpt-off mpt geth-upstream geth
ab mpt-phase mpt geth-upstream geth "$(tel phase)"
ab mpt-node mpt geth-upstream geth "$(tel node)"
ab mpt-block mpt geth-upstream geth "$(tel block)"
ab mpt-node-off mpt geth geth "$(tel node)"
ab ubt-phase ubt geth geth "$(tel phase)"
ab ubt-node ubt geth geth "$(tel node)"
