#!/usr/bin/env bash
# jaeger.sh: the pinned Jaeger statelab collects traces in, built from the Go module proxy
# and cached, started and stopped on 127.0.0.1 only.
#
#   tracing/jaeger.sh build    build (once) and print the cached binary's path
#   tracing/jaeger.sh start    start it in the background (pid and log under $STATELAB_JAEGER_DIR)
#   tracing/jaeger.sh stop     stop it
#   tracing/jaeger.sh status   exit 0 if it answers on its query API
#
# Ports (all on 127.0.0.1): STATELAB_JAEGER_OTLP_GRPC_PORT (4317), _OTLP_HTTP_PORT (4318),
# _QUERY_PORT (16686, serves /api/traces and /api/v3/traces), _QUERY_GRPC_PORT (16685),
# _HEALTH_PORT (13133).
#
# STATELAB_JAEGER_BIN names a Jaeger binary to use instead of building one (CI
# points it at a binary it cached).
set -euo pipefail

JAEGER_MODULE=github.com/jaegertracing/jaeger
JAEGER_VERSION=v1.76.0 # the one pin; jaeger v1.76.0 is the Jaeger v2 binary (cmd/jaeger)
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${STATELAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/statelab}
BINARY=${STATELAB_JAEGER_BIN:-$CACHE/jaeger-$JAEGER_VERSION/jaeger}
RUNDIR=${STATELAB_JAEGER_DIR:-$CACHE/jaeger-run}
QUERY="http://127.0.0.1:${STATELAB_JAEGER_QUERY_PORT:-16686}"

die() { printf 'jaeger.sh: error: %s\n' "$*" >&2; exit 1; }

# build compiles the pinned Jaeger inside a throwaway module, once; later calls reuse
# the cached binary. About 10 minutes on 2 cores the first time.
build() {
	if [ -x "$BINARY" ]; then
		echo "$BINARY"
		return 0
	fi
	[ -z "${STATELAB_JAEGER_BIN:-}" ] || die "STATELAB_JAEGER_BIN=$STATELAB_JAEGER_BIN is not an executable file"
	echo "jaeger.sh: building $JAEGER_MODULE/cmd/jaeger@$JAEGER_VERSION (first time only, ~10 min)" >&2
	mkdir -p "$(dirname "$BINARY")"
	# The throwaway module lives and dies with this subshell: its EXIT trap removes it
	# however the build ends. (A RETURN trap would stay armed after build() returns and
	# fire again, under set -u, when its caller returns.)
	# set -e does not apply inside a subshell on the left of ||, hence the && chain.
	(
		mod=$(mktemp -d) &&
			trap 'rm -rf "$mod" "$BINARY.tmp"' EXIT &&
			cd "$mod" &&
			go mod init statelab-jaeger-build >/dev/null 2>&1 &&
			go get -tool "$JAEGER_MODULE/cmd/jaeger@$JAEGER_VERSION" >&2 &&
			go build -trimpath -o "$BINARY.tmp" "$JAEGER_MODULE/cmd/jaeger" >&2 &&
			mv "$BINARY.tmp" "$BINARY"
	) || die "building Jaeger failed"
	echo "$BINARY"
}

status() {
	curl -fsS -o /dev/null "$QUERY/api/services" 2>/dev/null
}

start() {
	build >/dev/null
	mkdir -p "$RUNDIR"
	if [ -f "$RUNDIR/pid" ] && kill -0 "$(cat "$RUNDIR/pid")" 2>/dev/null; then
		die "already running (pid $(cat "$RUNDIR/pid")); stop it first"
	fi
	"$BINARY" --config "$HERE/jaeger.yaml" >"$RUNDIR/jaeger.log" 2>&1 &
	echo $! >"$RUNDIR/pid"
	local i
	for i in $(seq 1 100); do
		if status; then
			echo "jaeger.sh: Jaeger $JAEGER_VERSION up (pid $(cat "$RUNDIR/pid")): OTLP 127.0.0.1:${STATELAB_JAEGER_OTLP_GRPC_PORT:-4317} (grpc), :${STATELAB_JAEGER_OTLP_HTTP_PORT:-4318} (http); query $QUERY" >&2
			return 0
		fi
		kill -0 "$(cat "$RUNDIR/pid")" 2>/dev/null || { tail -20 "$RUNDIR/jaeger.log" >&2; die "Jaeger exited; see $RUNDIR/jaeger.log"; }
		sleep 0.2
	done
	stop
	die "Jaeger did not answer on $QUERY within 20 s; see $RUNDIR/jaeger.log"
}

stop() {
	[ -f "$RUNDIR/pid" ] || return 0
	local pid
	pid=$(cat "$RUNDIR/pid")
	if kill -0 "$pid" 2>/dev/null; then
		kill "$pid"
		local i
		for i in $(seq 1 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -9 "$pid" 2>/dev/null || true
	fi
	rm -f "$RUNDIR/pid"
}

case "${1:-}" in
build) build ;;
start) start ;;
stop) stop ;;
status) status ;;
*) die "usage: tracing/jaeger.sh build|start|stop|status" ;;
esac
