#!/usr/bin/env bash
# jaeger.sh: the Jaeger statelab collects traces in. It runs a Jaeger v2 binary the
# user provides (an official release, which has the UI) or else the pinned build
# (built from the Go module proxy and cached, no UI), with tracing/jaeger.yaml and a
# trace store, listening on 127.0.0.1 only unless asked otherwise.
#
#   tracing/jaeger.sh build             build the pinned Jaeger (once) and print its path
#   tracing/jaeger.sh start [options]   start Jaeger in the background (pid and log under
#                                       $STATELAB_JAEGER_DIR) and print where it listens
#   tracing/jaeger.sh stop              stop it
#   tracing/jaeger.sh status            exit 0 if it answers on its query API
#   tracing/jaeger.sh which [--bin P]   print the binary start would run, and its version
#
# Options of start, each also an environment variable (the option wins):
#   --bin PATH         STATELAB_JAEGER_BIN        a Jaeger v2 binary, e.g. an official
#                      release's jaeger; "pinned" forces the pinned build. Unset: `jaeger`
#                      on PATH if it is Jaeger v2, else the pinned build.
#   --storage KIND     STATELAB_JAEGER_STORAGE    badger (default: on disk, survives a
#                      restart, bounded memory) or memory (for tests: fast, volatile)
#   --data DIR         STATELAB_JAEGER_DATA       Badger's directory (default
#                      $STATELAB_JAEGER_DIR/badger); one Jaeger at a time per directory
#   --retention DUR    STATELAB_JAEGER_RETENTION  how long Badger keeps spans (72h)
#   --host ADDR        STATELAB_JAEGER_HOST       address to listen on (127.0.0.1); any
#                      other exposes the OTLP receivers and the query API to the network
#   --memory-limit M   STATELAB_JAEGER_MEMORY_LIMIT  with Badger, the Go memory limit
#                      (GOMEMLIMIT) Jaeger runs under (512MiB; "off": none). Without it Jaeger's
#                      heap holds garbage up to twice its live size between collections.
#
# Ports (on that address): STATELAB_JAEGER_OTLP_GRPC_PORT (4317), _OTLP_HTTP_PORT (4318),
# _QUERY_PORT (16686: the query API /api/traces, /api/v3/traces, and the UI if the
# binary has it), _QUERY_GRPC_PORT (16685), _HEALTH_PORT (13133).
# README.md's "Environment variables" table lists these with every other STATELAB_*
# variable (./build.sh run sets the directory and the ports of its own Jaeger).
set -euo pipefail

JAEGER_MODULE=github.com/jaegertracing/jaeger
JAEGER_VERSION=v1.76.0 # the one pin; jaeger v1.76.0 is the Jaeger v2 binary (cmd/jaeger)
JAEGER_V2_VERSION=v2.13.0 # the release name of the same commit, as official binaries report it
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${STATELAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/statelab}
PINNED=$CACHE/jaeger-$JAEGER_VERSION/jaeger
RUNDIR=${STATELAB_JAEGER_DIR:-$CACHE/jaeger-run}

die() { printf 'jaeger.sh: error: %s\n' "$*" >&2; exit 1; }
note() { printf 'jaeger.sh: %s\n' "$*" >&2; }

# build compiles the pinned Jaeger inside a throwaway module, once; later calls reuse
# the cached binary. About 10 minutes on 2 cores the first time.
# STATELAB_JAEGER_BIN, when set to a binary, replaces the build (CI hands over the
# pinned binary it caches this way); start checks that binary's version.
build() {
	case "${STATELAB_JAEGER_BIN:-}" in
	"" | pinned) ;;
	*)
		[ -x "$STATELAB_JAEGER_BIN" ] && [ ! -d "$STATELAB_JAEGER_BIN" ] ||
			die "STATELAB_JAEGER_BIN=$STATELAB_JAEGER_BIN is not an executable file"
		echo "$STATELAB_JAEGER_BIN"
		return 0
		;;
	esac
	if [ -x "$PINNED" ]; then
		echo "$PINNED"
		return 0
	fi
	note "building $JAEGER_MODULE/cmd/jaeger@$JAEGER_VERSION (first time only, ~10 min)"
	mkdir -p "$(dirname "$PINNED")"
	# The throwaway module lives and dies with this subshell: its EXIT trap removes it
	# however the build ends. (A RETURN trap would stay armed after build() returns and
	# fire again, under set -u, when its caller returns.)
	# set -e does not apply inside a subshell on the left of ||, hence the && chain.
	(
		mod=$(mktemp -d) &&
			trap 'rm -rf "$mod" "$PINNED.tmp"' EXIT &&
			cd "$mod" &&
			go mod init statelab-jaeger-build >/dev/null 2>&1 &&
			go get -tool "$JAEGER_MODULE/cmd/jaeger@$JAEGER_VERSION" >&2 &&
			go build -trimpath -o "$PINNED.tmp" "$JAEGER_MODULE/cmd/jaeger" >&2 &&
			mv "$PINNED.tmp" "$PINNED"
	) || die "building Jaeger failed"
	echo "$PINNED"
}

# jaeger_version prints the version a Jaeger binary reports ("" for a build from
# source without version stamps), or fails if the binary does not answer as Jaeger.
jaeger_version() {
	local out
	out=$("$1" version 2>/dev/null) || return 1
	case "$out" in
	*'"gitVersion"'*) ;;
	*) return 1 ;;
	esac
	printf '%s\n' "$out" | sed -n 's/.*"gitVersion":"\([^"]*\)".*/\1/p' | head -1
}

# check_version explains whether version (of binary $2) can run statelab's config,
# written for Jaeger v2: it returns 0 for v2 releases and unstamped builds (with a note
# if not the pinned release), 1 otherwise, printing why.
check_version() {
	local version=$1 bin=$2
	case "$version" in
	"$JAEGER_V2_VERSION") return 0 ;;
	"") note "$bin reports no version (a build from source); statelab's config is checked against Jaeger $JAEGER_V2_VERSION" ;;
	v2.*) note "$bin is Jaeger $version; statelab's config is checked against $JAEGER_V2_VERSION (the pinned $JAEGER_VERSION)" ;;
	*)
		note "$bin is Jaeger $version, but statelab's config needs Jaeger v2 ($JAEGER_V2_VERSION, the same release as the pinned module $JAEGER_VERSION)"
		return 1
		;;
	esac
}

# choose_binary prints the Jaeger binary to run: the one named by --bin or
# STATELAB_JAEGER_BIN (an error if it is not Jaeger v2), else `jaeger` on PATH if it is
# Jaeger v2, else the pinned build (built on first use).
choose_binary() {
	local bin=${OPT_BIN:-${STATELAB_JAEGER_BIN:-}} version
	if [ "$bin" = pinned ]; then
		build
		return 0
	fi
	if [ -n "$bin" ]; then
		[ -x "$bin" ] && [ ! -d "$bin" ] || die "STATELAB_JAEGER_BIN/--bin $bin: no such executable"
		version=$(jaeger_version "$bin") || die "$bin does not answer 'version' as Jaeger does; give a Jaeger v2 binary ($JAEGER_V2_VERSION)"
		check_version "$version" "$bin" || die "refusing to run $bin"
		echo "$bin"
		return 0
	fi
	if bin=$(command -v jaeger 2>/dev/null) && version=$(jaeger_version "$bin"); then
		if check_version "$version" "$bin"; then
			echo "$bin"
			return 0
		fi
		note "not using $bin from PATH; falling back to the pinned build"
	fi
	build
}

# query_url is the query API's URL: on the listen address, or on 127.0.0.1 when Jaeger
# listens on every address.
query_url() {
	local host=${STATELAB_JAEGER_HOST:-127.0.0.1}
	case "$host" in
	0.0.0.0 | "::" | "[::]" | "") host=127.0.0.1 ;;
	*:*) host="[${host#[}" && host="${host%]}]" ;;
	esac
	echo "http://$host:${STATELAB_JAEGER_QUERY_PORT:-16686}"
}

status() {
	curl -fsS -o /dev/null "$(query_url)/api/services" 2>/dev/null
}

# ui_note says where the UI is, if the running binary serves it (the pinned build
# serves a placeholder page instead).
ui_note() {
	local page
	page=$(curl -fsS "$(query_url)/" 2>/dev/null) || page=""
	case "$page" in
	"" | *"not the Jaeger UI"*) echo "no UI in this build (give an official Jaeger $JAEGER_V2_VERSION release with --bin or on PATH for one)" ;;
	*) echo "UI $(query_url)/" ;;
	esac
}

# parse_start_options reads start's options into the STATELAB_JAEGER_* variables.
parse_start_options() {
	while [ $# -gt 0 ]; do
		[ $# -ge 2 ] || die "$1 needs a value"
		case "$1" in
		--bin) OPT_BIN=$2 ;;
		--storage) export STATELAB_JAEGER_STORAGE=$2 ;;
		--data) export STATELAB_JAEGER_DATA=$2 ;;
		--retention) export STATELAB_JAEGER_RETENTION=$2 ;;
		--host) export STATELAB_JAEGER_HOST=$2 ;;
		--memory-limit) export STATELAB_JAEGER_MEMORY_LIMIT=$2 ;;
		*) die "unknown option $1 (see the top of tracing/jaeger.sh)" ;;
		esac
		shift 2
	done
}

# storage_config prints the trace store's config file and describes the store,
# exporting what the config reads.
storage_config() {
	case "${STATELAB_JAEGER_STORAGE:-badger}" in
	badger)
		export STATELAB_JAEGER_DATA=${STATELAB_JAEGER_DATA:-$RUNDIR/badger}
		export STATELAB_JAEGER_RETENTION=${STATELAB_JAEGER_RETENTION:-72h}
		case "$STATELAB_JAEGER_RETENTION" in
		*[0-9]h | *[0-9]m | *[0-9]s) ;;
		*) die "STATELAB_JAEGER_RETENTION/--retention $STATELAB_JAEGER_RETENTION: want a duration such as 72h or 90m" ;;
		esac
		mkdir -p "$STATELAB_JAEGER_DATA" || die "cannot create the Badger directory $STATELAB_JAEGER_DATA"
		STATELAB_JAEGER_DATA=$(cd "$STATELAB_JAEGER_DATA" && pwd)
		echo "$HERE/storage-badger.yaml"
		STORE="Badger in $STATELAB_JAEGER_DATA, retention $STATELAB_JAEGER_RETENTION"
		MEMLIMIT=${STATELAB_JAEGER_MEMORY_LIMIT:-512MiB}
		case "$MEMLIMIT" in
		off) MEMLIMIT="" ;;
		*[0-9]B | *[0-9][KMGT]iB) STORE="$STORE, memory limit $MEMLIMIT" ;;
		*) die "STATELAB_JAEGER_MEMORY_LIMIT/--memory-limit $MEMLIMIT: want a size such as 512MiB or 2GiB, or off" ;;
		esac
		;;
	memory)
		echo "$HERE/storage-memory.yaml"
		STORE="memory, at most ${STATELAB_JAEGER_MAX_TRACES:-100000} traces, lost at stop"
		;;
	*) die "STATELAB_JAEGER_STORAGE/--storage ${STATELAB_JAEGER_STORAGE}: want badger or memory" ;;
	esac
}

start() {
	parse_start_options "$@"
	# jaeger.yaml's defaults apply to unset variables only: a variable set but empty
	# would make Jaeger listen on every address, or on a random port.
	export STATELAB_JAEGER_HOST=${STATELAB_JAEGER_HOST:-127.0.0.1}
	export STATELAB_JAEGER_OTLP_GRPC_PORT=${STATELAB_JAEGER_OTLP_GRPC_PORT:-4317}
	export STATELAB_JAEGER_OTLP_HTTP_PORT=${STATELAB_JAEGER_OTLP_HTTP_PORT:-4318}
	export STATELAB_JAEGER_QUERY_PORT=${STATELAB_JAEGER_QUERY_PORT:-16686}
	export STATELAB_JAEGER_QUERY_GRPC_PORT=${STATELAB_JAEGER_QUERY_GRPC_PORT:-16685}
	export STATELAB_JAEGER_HEALTH_PORT=${STATELAB_JAEGER_HEALTH_PORT:-13133}
	local bin storage
	bin=$(choose_binary)
	mkdir -p "$RUNDIR"
	if [ -f "$RUNDIR/pid" ] && kill -0 "$(cat "$RUNDIR/pid")" 2>/dev/null; then
		die "already running (pid $(cat "$RUNDIR/pid")); stop it first"
	fi
	STORE="" MEMLIMIT=""
	storage_config >"$RUNDIR/storage" # a file, so that STORE survives (no subshell)
	storage=$(cat "$RUNDIR/storage")
	local host=${STATELAB_JAEGER_HOST:-127.0.0.1}
	case "$host" in
	127.* | localhost | ::1 | "[::1]") ;;
	*) note "listening on $host: the OTLP receivers and the query API are reachable from the network" ;;
	esac
	# A GOMEMLIMIT the user exported wins over the default limit.
	GOMEMLIMIT=${GOMEMLIMIT:-$MEMLIMIT} "$bin" --config "$HERE/jaeger.yaml" --config "$storage" >"$RUNDIR/jaeger.log" 2>&1 &
	echo $! >"$RUNDIR/pid"
	local i
	for i in $(seq 1 150); do
		if status; then
			note "Jaeger up (pid $(cat "$RUNDIR/pid"), $bin): OTLP $host:${STATELAB_JAEGER_OTLP_GRPC_PORT:-4317} (grpc), :${STATELAB_JAEGER_OTLP_HTTP_PORT:-4318} (http); query API $(query_url); $(ui_note); store: $STORE"
			return 0
		fi
		kill -0 "$(cat "$RUNDIR/pid")" 2>/dev/null || { tail -20 "$RUNDIR/jaeger.log" >&2; die "Jaeger exited; see $RUNDIR/jaeger.log"; }
		sleep 0.2
	done
	stop
	die "Jaeger did not answer on $(query_url) within 30 s; see $RUNDIR/jaeger.log"
}

stop() {
	[ -f "$RUNDIR/pid" ] || return 0
	local pid
	pid=$(cat "$RUNDIR/pid")
	if kill -0 "$pid" 2>/dev/null; then
		# SIGTERM lets Badger flush its tables; give it time before SIGKILL.
		kill "$pid"
		local i
		for i in $(seq 1 150); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -9 "$pid" 2>/dev/null || true
	fi
	rm -f "$RUNDIR/pid"
}

which_binary() {
	parse_start_options "$@"
	local bin version
	bin=$(choose_binary)
	version=$(jaeger_version "$bin") || version="?"
	echo "$bin ${version:-(no version: built from source)}"
}

cmd=${1:-}
[ $# = 0 ] || shift
case "$cmd" in
build) build ;;
start) start "$@" ;;
stop) stop ;;
status) status ;;
which) which_binary "$@" ;;
*) die "usage: tracing/jaeger.sh build|start [options]|stop|status|which" ;;
esac
