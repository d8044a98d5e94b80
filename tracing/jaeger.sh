#!/usr/bin/env bash
# jaeger.sh: the Jaeger statelab collects traces in. It runs a Jaeger v2 binary the
# user provides (an official release, which has the UI) or else the pinned build
# (built from the Go module proxy and cached, no UI), with tracing/jaeger.yaml and a
# trace store, listening on 127.0.0.1 only unless asked otherwise.
#
#   tracing/jaeger.sh build                build the pinned Jaeger (once) and print its path
#   tracing/jaeger.sh start [options]      start Jaeger in the background (pid, log and the
#                                          store under --dir) and print where it listens
#   tracing/jaeger.sh stop [--dir DIR]     stop the Jaeger started with that --dir
#   tracing/jaeger.sh status [--dir DIR]   exit 0 if it runs and answers on its query API
#   tracing/jaeger.sh which [--bin PATH]   print the binary start would run, and its version
#
# Options of start (--opt VALUE or --opt=VALUE):
#   --dir DIR            the run directory: pid, log, the query address status reads, and
#                        Badger's directory by default ($STATELAB_CACHE/jaeger-run)
#   --bin PATH           a Jaeger v2 binary, e.g. an official release's jaeger; "pinned"
#                        forces the pinned build. Default: $STATELAB_JAEGER_BIN, else
#                        `jaeger` on PATH if it is Jaeger v2, else the pinned build.
#   --storage KIND       badger (default: on disk, survives a restart, bounded memory) or
#                        memory (for tests: fast, volatile)
#   --data DIR           Badger's directory (DIR/badger of --dir); one Jaeger at a time
#   --retention DUR      how long Badger keeps spans (72h)
#   --memory-limit M     with Badger, the Go memory limit (GOMEMLIMIT) Jaeger runs under
#                        (512MiB; "off": none). Without it Jaeger's heap holds garbage up
#                        to twice its live size between collections.
#   --max-traces N       with memory, the traces (one per block) it keeps (100000)
#   --host ADDR          address every port listens on (127.0.0.1); any other exposes the
#                        OTLP receivers and the query API to the network
#   --otlp-grpc-port N   OTLP gRPC receiver (4317)
#   --otlp-http-port N   OTLP HTTP receiver (4318), geth's --rpc.telemetry.endpoint
#   --query-port N       query API /api/traces, /api/v3/traces, and the UI if the binary
#                        has it (16686)
#   --query-grpc-port N  query gRPC API (16685)
#   --health-port N      health check (13133)
#
# The options reach Jaeger as --set overrides of jaeger.yaml and the store's YAML
# (Jaeger v2 is an OpenTelemetry Collector). Two environment variables, in README.md's
# table: STATELAB_CACHE (where the pinned build is cached) and STATELAB_JAEGER_BIN
# (--bin's default; it also replaces `build`, as CI does).
set -euo pipefail

JAEGER_MODULE=github.com/jaegertracing/jaeger
JAEGER_VERSION=v1.76.0 # the one pin; jaeger v1.76.0 is the Jaeger v2 binary (cmd/jaeger)
JAEGER_V2_VERSION=v2.13.0 # the release name of the same commit, as official binaries report it
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${STATELAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/statelab}
PINNED=$CACHE/jaeger-$JAEGER_VERSION/jaeger

# The settings, at their defaults; parse_options sets them from the command line.
RUNDIR=$CACHE/jaeger-run
BIN=${STATELAB_JAEGER_BIN:-}
STORAGE=badger
DATA="" # $RUNDIR/badger unless --data
RETENTION=72h
MEMORY_LIMIT=512MiB
MAX_TRACES=100000
HOST=127.0.0.1
OTLP_GRPC_PORT=4317
OTLP_HTTP_PORT=4318
QUERY_PORT=16686
QUERY_GRPC_PORT=16685
HEALTH_PORT=13133

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
	# Each build writes a binary of its own and renames it into place, so builds
	# that run at once (two first runs on one cache) both succeed.
	(
		mod=$(mktemp -d) &&
			tmp="$PINNED.tmp.$BASHPID" &&
			trap 'rm -rf "$mod" "$tmp"' EXIT &&
			cd "$mod" &&
			go mod init statelab-jaeger-build >/dev/null 2>&1 &&
			go get -tool "$JAEGER_MODULE/cmd/jaeger@$JAEGER_VERSION" >&2 &&
			go build -trimpath -o "$tmp" "$JAEGER_MODULE/cmd/jaeger" >&2 &&
			mv "$tmp" "$PINNED"
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

# choose_binary prints the Jaeger binary to run: the one --bin (or STATELAB_JAEGER_BIN)
# names (an error if it is not Jaeger v2), else `jaeger` on PATH if it is Jaeger v2,
# else the pinned build (built on first use).
choose_binary() {
	local bin=$BIN version
	if [ "$bin" = pinned ]; then
		build
		return 0
	fi
	if [ -n "$bin" ]; then
		[ -x "$bin" ] && [ ! -d "$bin" ] || die "--bin/STATELAB_JAEGER_BIN $bin: no such executable"
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

# parse_options ALLOWED ARGS... sets the settings from the options in ARGS, each of
# which must be one of ALLOWED (a space-separated list of option names).
parse_options() {
	local allowed=" $1 "
	shift
	while [ $# -gt 0 ]; do
		case "$1" in
		--*=*) set -- "${1%%=*}" "${1#*=}" "${@:2}" ;;
		esac
		case "$allowed" in
		*" $1 "*) ;;
		*) die "unknown option $1 of $CMD (see the top of tracing/jaeger.sh)" ;;
		esac
		[ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value"
		case "$1" in
		--dir) RUNDIR=$2 ;;
		--bin) BIN=$2 ;;
		--storage) STORAGE=$2 ;;
		--data) DATA=$2 ;;
		--retention) RETENTION=$2 ;;
		--memory-limit) MEMORY_LIMIT=$2 ;;
		--max-traces) MAX_TRACES=$2 ;;
		--host) HOST=$2 ;;
		--otlp-grpc-port) OTLP_GRPC_PORT=$2 ;;
		--otlp-http-port) OTLP_HTTP_PORT=$2 ;;
		--query-port) QUERY_PORT=$2 ;;
		--query-grpc-port) QUERY_GRPC_PORT=$2 ;;
		--health-port) HEALTH_PORT=$2 ;;
		esac
		shift 2
	done
}

# START_OPTIONS are the options of start.
START_OPTIONS="--dir --bin --storage --data --retention --memory-limit --max-traces --host"
START_OPTIONS+=" --otlp-grpc-port --otlp-http-port --query-port --query-grpc-port --health-port"

# check_port NAME VALUE refuses a value of a port option that is not a port.
check_port() {
	case "$2" in
	"" | *[!0-9]*) die "$1 $2: want a port, 1 to 65535" ;;
	esac
	[ "$2" -ge 1 ] && [ "$2" -le 65535 ] || die "$1 $2: want a port, 1 to 65535"
}

# endpoint PORT is HOST:PORT as a collector's endpoint, an IPv6 address in brackets.
endpoint() {
	case "$HOST" in
	\[*) echo "$HOST:$1" ;;
	*:*) echo "[$HOST]:$1" ;;
	*) echo "$HOST:$1" ;;
	esac
}

# query_url is the query API's URL: on the listen address, or on 127.0.0.1 when Jaeger
# listens on every address.
query_url() {
	case "$HOST" in
	0.0.0.0 | "::" | "[::]") echo "http://127.0.0.1:$QUERY_PORT" ;;
	*) echo "http://$(endpoint "$QUERY_PORT")" ;;
	esac
}

# yaml_string prints its argument as a YAML double-quoted string.
yaml_string() {
	local v=${1//\\/\\\\}
	printf '"%s"' "${v//\"/\\\"}"
}

# answers says whether the Jaeger of the run directory runs and answers on the query
# API that start wrote down.
answers() {
	[ -f "$RUNDIR/pid" ] && [ -f "$RUNDIR/query" ] && kill -0 "$(cat "$RUNDIR/pid")" 2>/dev/null &&
		curl -fsS -o /dev/null "$(cat "$RUNDIR/query")/api/services" 2>/dev/null
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

# SETS are start's --set overrides of the YAML; STORE_CONFIG is the store's YAML,
# STORE describes the store and MEMLIMIT is Jaeger's GOMEMLIMIT ("": none).
SETS=()
STORE_CONFIG="" STORE="" MEMLIMIT=""

# set_value KEY VALUE adds an override of the YAML key (dot-separated) to SETS.
set_value() {
	SETS+=("--set=$1=$2")
}

# configure checks start's settings and turns them into SETS and the store's config.
configure() {
	check_port --otlp-grpc-port "$OTLP_GRPC_PORT"
	check_port --otlp-http-port "$OTLP_HTTP_PORT"
	check_port --query-port "$QUERY_PORT"
	check_port --query-grpc-port "$QUERY_GRPC_PORT"
	check_port --health-port "$HEALTH_PORT"
	set_value receivers.otlp.protocols.grpc.endpoint "$(yaml_string "$(endpoint "$OTLP_GRPC_PORT")")"
	set_value receivers.otlp.protocols.http.endpoint "$(yaml_string "$(endpoint "$OTLP_HTTP_PORT")")"
	set_value extensions.jaeger_query.http.endpoint "$(yaml_string "$(endpoint "$QUERY_PORT")")"
	set_value extensions.jaeger_query.grpc.endpoint "$(yaml_string "$(endpoint "$QUERY_GRPC_PORT")")"
	set_value extensions.healthcheckv2.http.endpoint "$(yaml_string "$(endpoint "$HEALTH_PORT")")"
	local backend=extensions.jaeger_storage.backends.statelab
	case "$STORAGE" in
	badger)
		DATA=${DATA:-$RUNDIR/badger}
		case "$RETENTION" in
		*[0-9]h | *[0-9]m | *[0-9]s) ;;
		*) die "--retention $RETENTION: want a duration such as 72h or 90m" ;;
		esac
		case "$MEMORY_LIMIT" in
		off) MEMLIMIT="" ;;
		*[0-9]B | *[0-9][KMGT]iB) MEMLIMIT=$MEMORY_LIMIT ;;
		*) die "--memory-limit $MEMORY_LIMIT: want a size such as 512MiB or 2GiB, or off" ;;
		esac
		mkdir -p "$DATA" || die "cannot create the Badger directory $DATA"
		DATA=$(cd "$DATA" && pwd)
		set_value "$backend".badger.directories.keys "$(yaml_string "$DATA/keys")"
		set_value "$backend".badger.directories.values "$(yaml_string "$DATA/values")"
		set_value "$backend".badger.ttl.spans "$RETENTION"
		STORE_CONFIG=$HERE/storage-badger.yaml
		STORE="Badger in $DATA, retention $RETENTION${MEMLIMIT:+, memory limit $MEMLIMIT}"
		;;
	memory)
		case "$MAX_TRACES" in
		"" | *[!0-9]* | 0) die "--max-traces $MAX_TRACES: want a number of traces, at least 1" ;;
		esac
		set_value "$backend".memory.max_traces "$MAX_TRACES"
		STORE_CONFIG=$HERE/storage-memory.yaml
		STORE="memory, at most $MAX_TRACES traces, lost at stop"
		;;
	*) die "--storage $STORAGE: want badger or memory" ;;
	esac
}

start() {
	parse_options "$START_OPTIONS" "$@"
	configure
	local bin
	bin=$(choose_binary)
	mkdir -p "$RUNDIR"
	if [ -f "$RUNDIR/pid" ] && kill -0 "$(cat "$RUNDIR/pid")" 2>/dev/null; then
		die "already running (pid $(cat "$RUNDIR/pid")); stop it first"
	fi
	case "$HOST" in
	127.* | localhost | ::1 | "[::1]") ;;
	*) note "listening on $HOST: the OTLP receivers and the query API are reachable from the network" ;;
	esac
	# Another program on the query port would answer for a Jaeger that failed to start.
	if curl -fsS -o /dev/null "$(query_url)/" 2>/dev/null; then
		die "something already answers on $(query_url); give another --query-port"
	fi
	query_url >"$RUNDIR/query"
	# A GOMEMLIMIT the user exported wins over the default limit.
	GOMEMLIMIT=${GOMEMLIMIT:-$MEMLIMIT} "$bin" --config "$HERE/jaeger.yaml" --config "$STORE_CONFIG" "${SETS[@]}" >"$RUNDIR/jaeger.log" 2>&1 &
	echo $! >"$RUNDIR/pid"
	local i
	for i in $(seq 1 150); do
		if answers; then
			note "Jaeger up (pid $(cat "$RUNDIR/pid"), $bin): OTLP $(endpoint "$OTLP_GRPC_PORT") (grpc), :$OTLP_HTTP_PORT (http); query API $(query_url); $(ui_note); store: $STORE"
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
	local bin version
	bin=$(choose_binary)
	version=$(jaeger_version "$bin") || version="?"
	echo "$bin ${version:-(no version: built from source)}"
}

CMD=${1:-}
[ $# = 0 ] || shift
case "$CMD" in
build)
	parse_options "" "$@"
	build
	;;
start) start "$@" ;;
stop)
	parse_options --dir "$@"
	stop
	;;
status)
	parse_options --dir "$@"
	answers
	;;
which)
	parse_options --bin "$@"
	which_binary
	;;
*) die "usage: tracing/jaeger.sh build|start [options]|stop [--dir DIR]|status [--dir DIR]|which [--bin PATH]" ;;
esac
