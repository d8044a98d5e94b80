#!/usr/bin/env bash
# build.sh: statelab's one entry point.
#
#   ./build.sh            assemble build/go-ethereum, build build/bin/{geth,evm,geth-upstream} and the tools
#   ./build.sh test       series checks, module checks, assembly, export round trip, geth's tests of
#                         every touched package, statelab's tests, end-to-end tests
#   ./build.sh check      each patch alone on pristine upstream (after its declared
#                         dependencies): applies, builds, passes its packages' tests
#   ./build.sh export     write the assembled tree's commits back to patches/ and overlay dirs
#   ./build.sh pr NAME    write build/pr/NAME.patch (git am-able) and build/pr/NAME.md (PR body)
#   ./build.sh overview   regenerate docs/fork-overview.md (export does this too)
#   ./build.sh lint       only the series checks and the overlay rule (no build)
#   ./build.sh assemble   only assemble build/go-ethereum (no build)
#   ./build.sh run        the main job on small defaults: build, dumpgen, init, import at GD-6
#
# The work is done by tools/patchset (a Go program with its own tests); this
# script builds it, runs it, and runs the main job. The upstream version is read
# from go.mod; nothing else names it.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BIN=$ROOT/build/bin

# -trimpath keeps go's build and test caches valid wherever the tree lives (CI clones elsewhere).
export GOFLAGS="-trimpath ${GOFLAGS:-}"

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'build.sh: error: %s\n' "$*" >&2; exit 1; }

# Everything temporary (check worktrees, go's and the tests' scratch files) goes
# into one directory that is removed however the script ends; git forgets the
# check worktrees in it, and Jaeger started by 'run' is stopped (see cmd_run).
TMP=$(mktemp -d "${TMPDIR:-/tmp}/statelab-build.XXXXXX")
export TMPDIR=$TMP
JAEGER_STOP=""
cleanup() {
	local rc=$?
	if [ -n "$JAEGER_STOP" ]; then
		STATELAB_JAEGER_DIR=$JAEGER_STOP "$ROOT/tracing/jaeger.sh" stop || true
	fi
	rm -rf "$TMP"
	if [ -d "$ROOT/build/go-ethereum/.git" ]; then
		git -C "$ROOT/build/go-ethereum" worktree prune || true
	fi
	exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# patchset builds tools/patchset and runs it.
patchset() {
	mkdir -p "$BIN"
	(cd "$ROOT" && go build -o "$BIN/patchset" ./tools/patchset) || die "building tools/patchset failed"
	"$BIN/patchset" -C "$ROOT" "$@"
}

# cmd_run is the README's main job: build, generate a small UBT chain, init and
# import it at a group depth with node-level telemetry into a Jaeger of its own,
# check every head root against the manifest, and summarize each block's trace.
cmd_run() {
	patchset build
	local out=${STATELAB_OUT:-$ROOT/out/run} gd=${STATELAB_GROUPDEPTH:-6} entries=${STATELAB_ENTRIES:-2000}
	rm -rf "$out"
	mkdir -p "$out"
	log "generating a UBT chain with $entries state entries in $out/chain"
	"$BIN/dumpgen" --trie ubt --entries "$entries" --workload-blocks 1 --out "$out/chain"
	log "geth init at group depth $gd"
	"$BIN/geth" --datadir "$out/datadir" --bintrie.groupdepth="$gd" init "$out/chain/genesis.json" 2>"$out/init.log" ||
		{ tail -20 "$out/init.log" >&2; die "geth init failed; see $out/init.log"; }
	local telemetry=()
	if [ "${STATELAB_TELEMETRY:-1}" != 0 ]; then
		start_run_jaeger "$out/jaeger"
		telemetry=(--telemetry --telemetry.level node --telemetry.endpoint "http://127.0.0.1:$STATELAB_JAEGER_OTLP_HTTP_PORT")
	fi
	# The population, then each workload; every workload branches off the population
	# head, and geth follows the branch it imports last.
	local f
	for f in $("$BIN/chaininfo" files --manifest "$out/chain/manifest.json"); do
		log "geth import $f at group depth $gd"
		OTEL_SERVICE_NAME=statelab-run "$BIN/geth" --datadir "$out/datadir" --bintrie.groupdepth="$gd" import --nocompaction \
			"${telemetry[@]}" "$out/chain/$f" >"$out/import-${f%.rlp}.log" 2>&1 ||
			{ tail -20 "$out/import-${f%.rlp}.log" >&2; die "geth import failed; see $out/import-${f%.rlp}.log"; }
		grep -h 'Import done in' "$out/import-${f%.rlp}.log" >&2 || true
		"$BIN/chaininfo" verify --datadir "$out/datadir" --manifest "$out/chain/manifest.json" --file "$f"
	done
	log "done: every file reached its manifest head root at group depth $gd (datadir $out/datadir)"
	if [ ${#telemetry[@]} -gt 0 ]; then
		"$BIN/tracesum" --jaeger "http://127.0.0.1:$STATELAB_JAEGER_QUERY_PORT" --service statelab-run --limit 1000 --settle 30s \
			--html "$out/traces.html" --title "statelab run: blocks at group depth $gd" >"$out/traces.txt" ||
			die "tracesum failed; Jaeger's log is $out/jaeger/jaeger.log"
		if [ "${STATELAB_KEEP_JAEGER:-0}" = 1 ]; then
			log "traces: one per block, summarized in $out/traces.txt, drawn in $out/traces.html; Jaeger keeps running (query API http://127.0.0.1:$STATELAB_JAEGER_QUERY_PORT; stop it with STATELAB_JAEGER_DIR=$out/jaeger tracing/jaeger.sh stop)"
		else
			log "traces: one per block, summarized in $out/traces.txt, drawn in $out/traces.html; Jaeger stops now (query it while it runs with STATELAB_KEEP_JAEGER=1)"
		fi
	fi
}

# start_run_jaeger starts the pinned Jaeger for 'run' on ports of its own (10000 above
# Jaeger's defaults unless STATELAB_JAEGER_*_PORT say otherwise), so that it does not
# clash with a Jaeger the user runs. The EXIT trap stops it unless STATELAB_KEEP_JAEGER=1.
start_run_jaeger() {
	export STATELAB_JAEGER_DIR=$1
	export STATELAB_JAEGER_OTLP_GRPC_PORT=${STATELAB_JAEGER_OTLP_GRPC_PORT:-14317}
	export STATELAB_JAEGER_OTLP_HTTP_PORT=${STATELAB_JAEGER_OTLP_HTTP_PORT:-14318}
	export STATELAB_JAEGER_QUERY_PORT=${STATELAB_JAEGER_QUERY_PORT:-26686}
	export STATELAB_JAEGER_QUERY_GRPC_PORT=${STATELAB_JAEGER_QUERY_GRPC_PORT:-26685}
	export STATELAB_JAEGER_HEALTH_PORT=${STATELAB_JAEGER_HEALTH_PORT:-23133}
	[ "${STATELAB_KEEP_JAEGER:-0}" = 1 ] || JAEGER_STOP=$STATELAB_JAEGER_DIR
	log "starting Jaeger for the traces (query API http://127.0.0.1:$STATELAB_JAEGER_QUERY_PORT)"
	"$ROOT/tracing/jaeger.sh" start
}

case "${1:-build}" in
run)
	[ $# -le 1 ] || die "run takes no arguments"
	cmd_run
	;;
-h | --help | help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' ;;
*) patchset "$@" ;;
esac
