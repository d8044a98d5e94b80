#!/bin/bash
# profile.sh GETH DATADIR DUMP OUT [geth args...]: one warm-cache geth import of
# DUMP into a copy of the prepared DATADIR, with a CPU profile (OUT.cpu) and the
# allocation profile of the whole process (OUT.allocs: /debug/pprof/allocs, the
# last snapshot taken every second before geth exits, i.e. all but its last
# fraction of a second, which is shutdown), the import log in OUT.log, and the
# top entries of both in OUT.cpu.txt and OUT.allocs.txt.
set -e
GETH=$1; DD=$2; DUMP=$3; OUT=$4; shift 4
PORT=${PPROF_PORT:-16061}
TMP=$(mktemp -d /tmp/bintrie-profile.XXXXXX)
cp -a "$DD" "$TMP/dd"
"$GETH" --datadir "$TMP/dd" import --nocompaction --debug.logslowblock 0 \
    --pprof --pprof.port "$PORT" --pprof.cpuprofile "$OUT.cpu" "$@" "$DUMP" > "$OUT.log" 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null; do
    curl -sf -o "$TMP/allocs" "http://127.0.0.1:$PORT/debug/pprof/allocs" && mv "$TMP/allocs" "$OUT.allocs" || true
    sleep 1
done
wait $pid
go tool pprof -top -nodecount=25 "$GETH" "$OUT.cpu" > "$OUT.cpu.txt" 2>/dev/null
go tool pprof -top -nodecount=25 -ignore=runtime/pprof -sample_index=alloc_space "$GETH" "$OUT.allocs" > "$OUT.allocs.txt" 2>/dev/null
rm -rf "$TMP"
