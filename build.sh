#!/usr/bin/env bash
# build.sh: statelab's one entry point.
#
#   ./build.sh            assemble build/go-ethereum, build build/bin/{geth,evm,geth-upstream} and the tools
#   ./build.sh test       series checks, module checks, assembly, export round trip, geth's tests of
#                         every touched package, statelab's tests, end-to-end tests
#   ./build.sh check      each patch alone on pristine upstream (after its declared
#                         dependencies): applies, compiles, passes its packages' tests
#                         (--jobs N patches at a time, default 1)
#                         (an upstream test that fails is rerun once, alone; one that
#                         then passes is named as flaky in the log, one that fails
#                         again fails the check; statelab's tests, overlays too, get none)
#   ./build.sh export     write the assembled tree's commits back to patches/ and overlay dirs
#   ./build.sh pr NAME    write build/pr/NAME.patch (git am-able) and build/pr/NAME.md (PR body)
#   ./build.sh overview   regenerate docs/fork-overview.md and README's patch table (export does this too)
#   ./build.sh lint       only the series checks and the overlay rule (no build)
#   ./build.sh assemble   only assemble build/go-ethereum (no build)
#   ./build.sh run        the main job on small defaults: build, dumpgen, init at GD-6, import
#                         traced into a Jaeger of its own, verify, summarize (run -h: its flags)
#
# The work is done by Go programs with their own tests: tools/patchset (every
# command but run) and tools/mainjob (run, which builds with patchset); this
# script builds them and hands over. The upstream version is read from go.mod;
# nothing else names it.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BIN=$ROOT/build/bin

# -trimpath keeps go's build and test caches valid wherever the tree lives (CI clones elsewhere).
export GOFLAGS="-trimpath ${GOFLAGS:-}"

die() { printf 'build.sh: error: %s\n' "$*" >&2; exit 1; }

# Everything temporary (check worktrees, go's and the tests' scratch files) goes
# into one directory that is removed however the script ends; git forgets the
# check worktrees in it. (mainjob stops the Jaeger it starts itself.)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/statelab-build.XXXXXX")
export TMPDIR=$TMP
cleanup() {
	local rc=$?
	rm -rf "$TMP"
	if [ -d "$ROOT/build/go-ethereum/.git" ]; then
		git -C "$ROOT/build/go-ethereum" worktree prune || true
	fi
	exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# tool NAME builds tools/NAME into build/bin.
tool() {
	mkdir -p "$BIN"
	(cd "$ROOT" && go build -o "$BIN/$1" "./tools/$1") || die "building tools/$1 failed"
}

# run builds tools/mainjob, and tools/patchset that it builds the rest with,
# and runs the main job; its flags are checked before anything else is built.
run() {
	tool patchset
	tool mainjob
	"$BIN/mainjob" -C "$ROOT" "$@"
}

case "${1:-build}" in
-h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' ;;
run) shift && run "$@" ;;
*) tool patchset && "$BIN/patchset" -C "$ROOT" "$@" ;;
esac
