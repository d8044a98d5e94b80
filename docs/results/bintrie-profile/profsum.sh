#!/bin/bash
# profsum.sh GETH PROFDIR OUTDIR: for each workload and trie, the CPU and
# allocation profiles of the repeated runs merged (go tool pprof accepts several),
# top entries by flat CPU and by allocated bytes, and the cumulative share of
# the parts of a block named below.
GETH=$1; D=$2; O=$3; mkdir -p "$O"
parts='core.\(\*BlockChain\).insertChain$|core/vm.\(\*EVM\).Call$|core/state.\(\*StateDB\).IntermediateRoot$|core/state.\(\*StateDB\).commitAndFlush$|core/state.\(\*triePrefetcher\)|core/state.\(\*subfetcher\).loop$|trie/bintrie.\(\*nodeStore\).resolve|trie/bintrie.DeserializeNode|trie/bintrie.\(\*nodeStore\).allocStem|trie/bintrie.\(\*StemNode\).Hash$|trie/bintrie.\(\*nodeStore\).hash|crypto/sha256|crypto/keccak.keccakF1600$|core/state.\(\*AccessEvents\)|core/vm.\(\*Contract\).chargeVerkleCodeChunkGas|runtime.gcBgMarkWorker$|runtime.mallocgc$|runtime.memclrNoHeapPointers$|trie.\(\*trie\).resolveAndTrack|trie.decodeNode$|cockroachdb/pebble.\(\*DB\).Get$|triedb/pathdb.\(\*reader\)'
for f in "$D"/*.1.cpu; do
  b=$(basename "$f" .1.cpu)
  go tool pprof -top -nodecount=15 "$GETH" "$D/$b".*.cpu 2>/dev/null | sed -n '/flat%/,$p' > "$O/$b.cpu.top.txt"
  go tool pprof -top -cum -nodecount=100000 "$GETH" "$D/$b".*.cpu 2>/dev/null | sed -n '5p' > "$O/$b.cpu.parts.txt"
  go tool pprof -top -cum -nodecount=100000 "$GETH" "$D/$b".*.cpu 2>/dev/null | grep -E "$parts" >> "$O/$b.cpu.parts.txt"
  go tool pprof -top -nodecount=12 -ignore=runtime/pprof -sample_index=alloc_space "$GETH" "$D/$b".*.allocs 2>/dev/null | sed -n '/Showing nodes/,$p' > "$O/$b.allocs.top.txt"
done
