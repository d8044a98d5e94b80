#!/usr/bin/env bash
# bal-bench.sh: cold-cache `geth import` of one dumpgen workload with no BAL and with
# Type-1, 3 and 4 sidecars, on MPT (path scheme) and on the binary trie at GD-6, plus a
# warm-cache run without a BAL as the bound. Needs root (it drops the page cache) and
# the binaries of ./build.sh. Writes OUT/results.tsv and prints a markdown table of
# medians.
#
#   tools/bal-bench.sh [OUT]
#
# Environment: ENTRIES (200000), WORKLOAD (erc20_balanceof), BLOCKS (2), RUNS (5),
# TRIES ("mpt ubt").
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=$ROOT/build/bin
OUT=${1:-$ROOT/out/bal-bench}
ENTRIES=${ENTRIES:-200000}
WORKLOAD=${WORKLOAD:-erc20_balanceof}
BLOCKS=${BLOCKS:-2}
RUNS=${RUNS:-5}
TRIES=${TRIES:-mpt ubt}

[ "$(id -u)" = 0 ] || { echo "bal-bench.sh: must run as root (drops the page cache)" >&2; exit 1; }
mkdir -p "$OUT"
RESULTS=$OUT/results.tsv
[ -f "$RESULTS" ] || printf 'trie\tconfig\trun\twall_ms\tblocks_total_ms\tprefetch_ms\tdb_slot_reads\tcached_kb\n' >"$RESULTS"

cached_kb() { awk '/^Cached:/ {print $2}' /proc/meminfo; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }

for trie in $TRIES; do
	dir=$OUT/$trie
	chain=$dir/chain
	base=$dir/base
	flags=()
	[ "$trie" = ubt ] && flags=(--bintrie.groupdepth=6)
	if [ ! -f "$chain/manifest.json" ]; then
		"$BIN/dumpgen" --trie "$trie" --entries "$ENTRIES" --workloads "$WORKLOAD" \
			--workload-blocks "$BLOCKS" --out "$chain" --force
	fi
	work=$chain/workload_$WORKLOAD.rlp
	if [ ! -f "$base/.ready" ]; then
		rm -rf "$base"
		"$BIN/geth" --datadir "$base" "${flags[@]}" init "$chain/genesis.json" >/dev/null 2>&1
		for f in $("$BIN/chaininfo" files --manifest "$chain/manifest.json" --role population); do
			"$BIN/geth" --datadir "$base" import "$chain/$f" >"$dir/population.log" 2>&1
		done
		# Write the state geth journals at shutdown to disk: otherwise every
		# run loads it into memory at start and never reads it cold.
		"$BIN/chaininfo" persist --datadir "$base" >"$dir/persist.log"
		touch "$base/.ready"
	fi
	[ -f "$dir/work.bal" ] || "$BIN/balgen" offline --datadir "$base" --dump "$work" --out "$dir/work.bal" --type 4 --geth "$BIN/geth"

	for run in $(seq 1 "$RUNS"); do
		for cfg in none t1 t3 t4 warm; do
			rm -rf "$OUT/datadir"
			cp -a "$base" "$OUT/datadir"
			args=(--datadir "$OUT/datadir" import --nocompaction --debug.logslowblock 0)
			case $cfg in
			t1 | t3 | t4) args+=(--bal.file "$dir/work.bal" --bal.type "${cfg#t}") ;;
			esac
			sync
			if [ "$cfg" = warm ]; then
				find "$OUT/datadir" -type f -exec cat {} + >/dev/null
			else
				echo 3 >/proc/sys/vm/drop_caches
			fi
			cached=$(cached_kb)
			start=$(now_ms)
			"$BIN/geth" "${args[@]}" "$work" >"$OUT/import.out" 2>"$OUT/import.err"
			wall=$(($(now_ms) - start))
			"$BIN/chaininfo" verify --datadir "$OUT/datadir" --manifest "$chain/manifest.json" --file "$(basename "$work")" >/dev/null
			read -r total prefetch dbslots < <(python3 - "$OUT/import.err" <<'PY'
import json, re, sys
total = prefetch = dbslots = 0.0
for line in open(sys.argv[1]):
    m = re.search(r'(\{"level".*\})', line)
    if not m:
        continue
    try:
        e = json.loads(m.group(1))
    except ValueError:
        continue
    if e.get("msg") != "Slow block":
        continue
    total += e["timing"]["total_ms"]
    bal = e.get("bal") or {}
    prefetch += bal.get("prefetch_ms", 0)
    dbslots += bal.get("db_slot_reads", 0)
print(f"{total:.1f} {prefetch:.1f} {int(dbslots)}")
PY
)
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$trie" "$cfg" "$run" "$wall" "$total" "$prefetch" "$dbslots" "$cached" >>"$RESULTS"
			echo "bal-bench: $trie $cfg run $run: blocks ${total} ms (prefetch ${prefetch} ms), wall ${wall} ms, Cached ${cached} kB" >&2
		done
	done
	rm -rf "$OUT/datadir"
done

python3 - "$RESULTS" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
tries = sorted({r["trie"] for r in rows})
print("| trie | config | runs | median block time (ms) | median prefetch (ms) | median wall (ms) | reduction vs no BAL | ratio to warm bound |")
print("|---|---|---|---|---|---|---|---|")
for trie in tries:
    med = {}
    for cfg in ["none", "t1", "t3", "t4", "warm"]:
        rs = [r for r in rows if r["trie"] == trie and r["config"] == cfg]
        if not rs:
            continue
        med[cfg] = (statistics.median(float(r["blocks_total_ms"]) for r in rs),
                    statistics.median(float(r["prefetch_ms"]) for r in rs),
                    statistics.median(float(r["wall_ms"]) for r in rs), len(rs))
    for cfg, (t, p, w, n) in med.items():
        red = f"{100 * (1 - t / med['none'][0]):.0f}%" if "none" in med and cfg != "none" else ""
        ratio = f"{t / med['warm'][0]:.2f}x" if "warm" in med else ""
        print(f"| {trie} | {cfg} | {n} | {t:.0f} | {p:.0f} | {w:.0f} | {red} | {ratio} |")
PY
