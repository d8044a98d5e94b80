#!/usr/bin/env bash
# build.sh: statelab's one entry point.
#
#   ./build.sh            assemble build/go-ethereum, build build/bin/{geth,evm,dumpgen,chaininfo}
#   ./build.sh test       series checks, overlay rule, export round trip, geth's tests of every
#                         touched package, statelab's tests, end-to-end smoke test
#   ./build.sh check      each patch alone on pristine upstream (after its declared
#                         dependencies): applies, builds, passes its packages' tests
#   ./build.sh export     write the assembled tree's commits back to patches/ and overlay dirs
#   ./build.sh pr NAME    write build/pr/NAME.patch, a self-contained git-am-able PR patch
#   ./build.sh overview   regenerate docs/fork-overview.md (export does this too)
#   ./build.sh lint       only the series checks and the overlay rule (no build)
#   ./build.sh assemble   only assemble build/go-ethereum (no build)
#   ./build.sh run        the main job on small defaults: build, dumpgen, init, import at GD-6
#
# The upstream version is read from go.mod; nothing else names it.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BUILD=$ROOT/build
TREE=$BUILD/go-ethereum
BIN=$BUILD/bin
STAMP=$BUILD/.assembled
UPSTREAM_MOD=github.com/ethereum/go-ethereum
# Top-level upstream directories that statelab never uses as overlay roots: build/ is our
# output directory and docs/ holds statelab's own documentation.
NOT_OVERLAY_ROOTS=" build docs "
# statelab's own Go packages. Overlay directories (cmd/, core/, ...) are not among them:
# their files only compile inside the assembled tree.
STATELAB_PKGS="./tools/..."

# Deterministic identity for the assembled tree's commits.
export GIT_COMMITTER_NAME=statelab GIT_COMMITTER_EMAIL=statelab@localhost
export GIT_AUTHOR_NAME=${GIT_AUTHOR_NAME:-statelab} GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL:-statelab@localhost}
GIT=(git -c core.autocrlf=false -c diff.renames=false -c core.quotepath=off -c advice.detachedHead=false -c init.defaultBranch=main -c commit.gpgsign=false)
# -trimpath keeps go's build and test caches valid wherever the tree lives (CI clones elsewhere).
export GOFLAGS="-trimpath ${GOFLAGS:-}"
FORMAT_PATCH=(format-patch --stdout --zero-commit --no-signature --full-index --always --stat=80 --subject-prefix=PATCH -N)

log()  { printf '==> %s\n' "$*" >&2; }
die()  { printf 'build.sh: error: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- upstream source

upstream_version() {
	(cd "$ROOT" && go list -m -f '{{.Version}}' "$UPSTREAM_MOD")
}

# upstream_dir prints the pristine module directory, downloading it if needed and
# checking its hash against go.sum.
upstream_dir() {
	local ver json dir sum want
	ver=$(upstream_version)
	json=$(cd "$ROOT" && go mod download -json "$UPSTREAM_MOD@$ver")
	dir=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' <<<"$json")
	sum=$(sed -n 's/^[[:space:]]*"Sum": "\(.*\)",\{0,1\}$/\1/p' <<<"$json")
	want=$(awk -v m="$UPSTREAM_MOD" -v v="$ver" '$1==m && $2==v {print $3}' "$ROOT/go.sum")
	[ -n "$dir" ] && [ -d "$dir" ] || die "go mod download gave no directory for $UPSTREAM_MOD@$ver"
	[ -n "$want" ] || die "go.sum has no hash for $UPSTREAM_MOD $ver"
	[ "$sum" = "$want" ] || die "$UPSTREAM_MOD@$ver: module hash $sum does not match go.sum ($want)"
	echo "$dir"
}

# overlay_roots lists the repo's directories that mirror an upstream top-level directory.
overlay_roots() {
	local up=$1 d
	for d in "$ROOT"/*/; do
		d=$(basename "$d")
		case "$NOT_OVERLAY_ROOTS" in *" $d "*) continue ;; esac
		[ -d "$up/$d" ] && echo "$d"
	done
	return 0
}

# overlay_files lists every overlay file in the repo, relative to ROOT, sorted.
overlay_files() {
	local up=$1 r
	for r in $(overlay_roots "$up"); do
		(cd "$ROOT" && find "$r" -type f)
	done | LC_ALL=C sort
}

series() {
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$ROOT/patches/series" 2>/dev/null || true
}

# trailer prints the values of a trailer key in a patch file or commit message on stdin.
trailer() {
	sed -n "s/^$1: *//p"
}

# patch_subject prints a patch file's subject, unfolded, without "[PATCH] ".
patch_subject() {
	awk '/^Subject: /{s=substr($0,10); while ((getline l) > 0 && l ~ /^ /) s = s l; print s; exit}' "$1" | sed 's/^\[PATCH\] //'
}

# patch_body prints a patch file's message body: after the subject, before "---".
patch_body() {
	awk '/^Subject: /{s=1; next} s==1 && /^ /{next} s==1{s=2} s==2 && /^---$/{exit} s==2' "$1"
}

patch_name() { # 0002-foo-bar.patch -> foo-bar
	local b=${1%.patch}
	echo "${b#[0-9][0-9][0-9][0-9]-}"
}

# ---------------------------------------------------------------- assemble

inputs_digest() {
	local up=$1
	{
		upstream_version
		sha256sum "$ROOT/build.sh"
		[ -f "$ROOT/patches/series" ] && sha256sum "$ROOT/patches/series"
		for p in $(series); do sha256sum "$ROOT/patches/$p"; done
		overlay_files "$up" | while read -r f; do (cd "$ROOT" && sha256sum "$f"); done
	} | sha256sum | cut -d' ' -f1
}

# tree_state prints "<HEAD> <dirty>" of the assembled tree, or nothing.
tree_head() {
	[ -d "$TREE/.git" ] || return 0
	"${GIT[@]}" -C "$TREE" rev-parse HEAD
}

tree_dirty() {
	[ -n "$("${GIT[@]}" -C "$TREE" status --porcelain --untracked-files=normal)" ]
}

# guard_tree refuses to throw away work in the assembled tree that is not exported.
guard_tree() {
	[ -d "$TREE/.git" ] || return 0
	[ -f "$STAMP" ] || return 0
	local head
	head=$(tree_head)
	if [ "$head" != "$(sed -n 2p "$STAMP")" ] || tree_dirty; then
		if [ "${STATELAB_DISCARD:-}" = 1 ]; then
			log "discarding unexported work in build/go-ethereum (STATELAB_DISCARD=1)"
			return 0
		fi
		die "build/go-ethereum has commits or changes that are not exported; run './build.sh export' first (or STATELAB_DISCARD=1 ./build.sh to throw them away)"
	fi
}

assemble() {
	local up digest
	up=$(upstream_dir)
	digest=$(inputs_digest "$up")
	if [ -f "$STAMP" ] && [ "$(sed -n 1p "$STAMP")" = "$digest" ] && [ -d "$TREE/.git" ] \
		&& [ "$(tree_head)" = "$(sed -n 2p "$STAMP")" ] && ! tree_dirty; then
		log "build/go-ethereum is up to date"
		return 0
	fi
	guard_tree
	check_overlay_rule "$up"
	log "assembling build/go-ethereum from $UPSTREAM_MOD@$(upstream_version)"
	rm -rf "$TREE"
	mkdir -p "$BUILD"
	cp -r "$up" "$TREE"
	chmod -R u+w "$TREE"
	(
		cd "$TREE"
		"${GIT[@]}" init -q
		"${GIT[@]}" add -A -f
		GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
			"${GIT[@]}" commit -q -m "upstream: $UPSTREAM_MOD $(upstream_version)"
		"${GIT[@]}" tag -f upstream >/dev/null
	)
	local p
	for p in $(series); do
		apply_patch "$ROOT/patches/$p" "$TREE"
	done
	printf '%s\n%s\n' "$digest" "$(tree_head)" >"$STAMP"
	log "applied $(series | wc -l) patches"
}

# apply_patch applies one patch file (hunks, zero fuzz) plus its declared overlay files
# as a single commit in the given tree.
apply_patch() {
	local patch=$1 tree=$2 f
	(
		cd "$tree"
		"${GIT[@]}" am -q --empty=keep --whitespace=nowarn --committer-date-is-author-date "$patch" ||
			{ "${GIT[@]}" am --abort 2>/dev/null || true; die "$(basename "$patch") does not apply to $UPSTREAM_MOD@$(upstream_version)"; }
		local files
		files=$(trailer Statelab-Overlay <"$patch")
		if [ -n "$files" ]; then
			for f in $files; do
				[ -f "$ROOT/$f" ] || die "$(basename "$patch") declares overlay file $f, which is missing"
				mkdir -p "$(dirname "$f")"
				cp "$ROOT/$f" "$f"
				"${GIT[@]}" add -f "$f"
			done
			GIT_COMMITTER_DATE=$("${GIT[@]}" log -1 --format=%aI) "${GIT[@]}" commit -q --amend --no-edit --allow-empty
		fi
	)
}

# ---------------------------------------------------------------- checks

check_overlay_rule() {
	local up=$1 f bad=0
	while read -r f; do
		[ -n "$f" ] || continue
		if [ -e "$up/$f" ]; then
			echo "overlay file $f already exists upstream: change it with a patch hunk instead" >&2
			bad=1
		fi
	done < <(overlay_files "$up")
	[ $bad = 0 ] || die "overlay rule violated"
}

# check_series validates patches/ against patches/series and the overlay files.
check_series() {
	local up=$1 fail=0 p n i=0 name subj owned=""
	err() { echo "series: $*" >&2; fail=1; }
	[ -f "$ROOT/patches/series" ] || die "patches/series is missing"
	for p in "$ROOT"/patches/*.patch; do
		[ -e "$p" ] || continue
		series | grep -qxF "$(basename "$p")" || err "$(basename "$p") is not listed in patches/series"
	done
	local seen=" "
	for p in $(series); do
		i=$((i + 1))
		n=$(printf '%04d' $i)
		[ -f "$ROOT/patches/$p" ] || { err "$p is listed in the series but missing"; continue; }
		case "$p" in "$n"-*.patch) ;; *) err "$p should be numbered $n (series position)" ;; esac
		name=$(patch_name "$p")
		local file=$ROOT/patches/$p
		subj=$(patch_subject "$file")
		[[ "$subj" =~ ^[a-z0-9/.,\ _-]+:\ [a-z] ]] || err "$p: subject '$subj' is not in geth style ('pkg/path: lower-case summary')"
		[ "$(trailer Statelab-Name <"$file")" = "$name" ] || err "$p: Statelab-Name trailer must be '$name'"
		grep -qE '^Upstream-Status: (Pending|Submitted \[.+\]|Accepted|Backport|Inappropriate \[.+\])$' "$file" ||
			err "$p: missing or malformed Upstream-Status: trailer"
		local body
		body=$(patch_body "$file" | grep -v -E '^(Upstream-Status|Statelab-[A-Za-z]+):' | grep -c '[a-z]' || true)
		[ "$body" -ge 2 ] || err "$p: the body must say why and what it measured"
		local dep
		for dep in $(trailer Statelab-Depends <"$file"); do
			case "$seen" in *" $dep "*) ;; *) err "$p: depends on '$dep', which is not an earlier patch" ;; esac
		done
		seen="$seen$name "
		local f
		for f in $(trailer Statelab-Overlay <"$file"); do
			[ -f "$ROOT/$f" ] || err "$p: overlay file $f is missing"
			case " $owned " in *" $f "*) err "$p: overlay file $f is claimed by two patches" ;; esac
			owned="$owned $f"
			# geth's headers: GPL-3.0 under cmd/, LGPL-3.0 for the library everywhere else.
			case "$f" in
			cmd/*.go) grep -q 'This file is part of go-ethereum.' "$ROOT/$f" || err "$f: missing geth's GPL-3.0 header (cmd/)" ;;
			*.go) grep -q 'GNU Lesser General Public License' "$ROOT/$f" || err "$f: missing geth's LGPL-3.0 header" ;;
			esac
		done
		grep -q '^diff --git' "$file" && ! grep -q '^index [0-9a-f]\{40\}\.\.[0-9a-f]\{40\}' "$file" &&
			err "$p: not exported by build.sh (abbreviated index lines)"
	done
	while read -r f; do
		[ -n "$f" ] || continue
		case " $owned " in *" $f "*) ;; *) err "overlay file $f belongs to no patch (add it to a patch's commit in build/go-ethereum and export)" ;; esac
	done < <(overlay_files "$up")
	[ $fail = 0 ] || die "series checks failed"
	log "series checks passed ($i patches, $(echo $owned | wc -w) overlay files)"
}

# ---------------------------------------------------------------- export

# export_to writes patches/ and overlay files for the assembled tree into DEST (a copy
# of the repo or the repo itself), removing what no commit produces any more.
export_to() {
	local dest=$1 up=$2 c i=0 name p added
	local tmpidx
	tmpidx=$(mktemp)
	mkdir -p "$dest/patches"
	local newseries="" newoverlays=""
	for c in $("${GIT[@]}" -C "$TREE" rev-list --reverse upstream..HEAD); do
		i=$((i + 1))
		name=$("${GIT[@]}" -C "$TREE" log -1 --format=%B "$c" | trailer Statelab-Name | head -1)
		[ -n "$name" ] || die "commit $("${GIT[@]}" -C "$TREE" log -1 --format='%h %s' "$c") has no 'Statelab-Name:' trailer"
		[[ "$name" =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "Statelab-Name '$name' must be lower-case words joined by '-'"
		p=$(printf '%04d-%s.patch' $i "$name")
		added=$("${GIT[@]}" -C "$TREE" diff --no-renames --name-only --diff-filter=A "$c^" "$c" | LC_ALL=C sort)
		local f
		for f in $("${GIT[@]}" -C "$TREE" diff --no-renames --name-only --diff-filter=MD "$c^" "$c"); do
			"${GIT[@]}" -C "$TREE" cat-file -e "upstream:$f" 2>/dev/null ||
				die "$p changes $f, an overlay file of an earlier patch; fold that change into the patch that adds $f"
		done
		for f in $added; do
			"${GIT[@]}" -C "$TREE" cat-file -e "upstream:$f" 2>/dev/null && die "$p re-adds upstream file $f"
			case "${f%%/*}" in tools | tracing | patches | bench | docs | build) die "$p adds $f: statelab's own files do not belong in the tree" ;; esac
		done
		# A commit holding only the upstream hunks, with the overlay list regenerated.
		local msg tree hunks
		msg=$("${GIT[@]}" -C "$TREE" log -1 --format=%B "$c" | grep -v '^Statelab-Overlay:')
		for f in $added; do
			msg=$(printf '%s\n' "$msg" | "${GIT[@]}" interpret-trailers --trailer "Statelab-Overlay: $f")
		done
		rm -f "$tmpidx"
		GIT_INDEX_FILE=$tmpidx "${GIT[@]}" -C "$TREE" read-tree "$c"
		[ -z "$added" ] || GIT_INDEX_FILE=$tmpidx "${GIT[@]}" -C "$TREE" rm -q --cached -- $added
		tree=$(GIT_INDEX_FILE=$tmpidx "${GIT[@]}" -C "$TREE" write-tree)
		hunks=$(
			export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE
			GIT_AUTHOR_NAME=$("${GIT[@]}" -C "$TREE" log -1 --format=%an "$c")
			GIT_AUTHOR_EMAIL=$("${GIT[@]}" -C "$TREE" log -1 --format=%ae "$c")
			GIT_AUTHOR_DATE=$("${GIT[@]}" -C "$TREE" log -1 --format=%aD "$c")
			printf '%s\n' "$msg" | GIT_COMMITTER_DATE="$GIT_AUTHOR_DATE" "${GIT[@]}" -C "$TREE" commit-tree "$tree" -p "$c^"
		)
		"${GIT[@]}" -C "$TREE" "${FORMAT_PATCH[@]}" -1 "$hunks" >"$dest/patches/$p.tmp"
		mv "$dest/patches/$p.tmp" "$dest/patches/$p"
		newseries="$newseries$p"$'\n'
		for f in $added; do
			mkdir -p "$dest/$(dirname "$f")"
			"${GIT[@]}" -C "$TREE" show "$c:$f" >"$dest/$f.tmp"
			mv "$dest/$f.tmp" "$dest/$f"
			newoverlays="$newoverlays$f"$'\n'
		done
	done
	rm -f "$tmpidx"
	{
		echo "# statelab patch series, applied in order onto the go-ethereum version pinned in go.mod."
		echo "# Generated by './build.sh export' from build/go-ethereum; edit there, not here."
		printf '%s' "$newseries"
	} >"$dest/patches/series"
	# Remove what no commit produces any more.
	for p in "$dest"/patches/*.patch; do
		[ -e "$p" ] || continue
		grep -qxF "$(basename "$p")" <<<"$newseries" || { log "removing stale $(basename "$p")"; rm -f "$p"; }
	done
	local f
	while read -r f; do
		[ -n "$f" ] || continue
		grep -qxF "$f" <<<"$newoverlays" || { log "removing stale overlay file $f"; rm -f "$dest/$f"; }
	done < <(ROOT=$dest overlay_files "$up")
	ROOT=$dest write_overview "$up" "$dest/docs/fork-overview.md"
}

cmd_export() {
	[ -d "$TREE/.git" ] || die "no assembled tree; run ./build.sh first"
	if tree_dirty; then
		die "build/go-ethereum has uncommitted changes; commit them (one commit per patch) before exporting"
	fi
	local up
	up=$(upstream_dir)
	export_to "$ROOT" "$up"
	printf '%s\n%s\n' "$(inputs_digest "$up")" "$(tree_head)" >"$STAMP"
	log "exported $(series | wc -l) patches"
}

# check_export_stable exports the assembled tree into a scratch copy of the repo and
# fails if anything differs from what is committed: export(assemble(x)) must be x.
check_export_stable() {
	local up=$1 scratch
	scratch=$(mktemp -d)
	(cd "$ROOT" && tar --exclude=./build --exclude=./.git -cf - .) | tar -C "$scratch" -xf -
	export_to "$scratch" "$up" 2>/dev/null
	if ! diff -r -q -x build -x .git "$ROOT" "$scratch" >/dev/null; then
		diff -r -u -x build -x .git "$ROOT" "$scratch" | head -50 >&2
		rm -rf "$scratch"
		die "export is not byte-stable: exporting the assembled tree changes the files above"
	fi
	rm -rf "$scratch"
	log "export round trip is byte-stable"
}

# ---------------------------------------------------------------- overview

write_overview() {
	local up=$1 out=$2 p file
	mkdir -p "$(dirname "$out")"
	{
		echo "# statelab fork overview"
		echo
		echo "Generated by \`./build.sh export\` from patches/ (do not edit). Base: \`$UPSTREAM_MOD\` at the"
		echo "version pinned in go.mod. Every file statelab changes or adds belongs to exactly one"
		echo "patch below; a change that belongs to none fails \`./build.sh test\`."
		echo
		echo "| # | patch | upstream status | depends on | upstream files | lines +/- | new files |"
		echo "|---|---|---|---|---|---|---|"
		for p in $(series); do
			file=$ROOT/patches/$p
			local adds dels nfiles status deps overlays
			read -r adds dels < <(awk '/^diff --git/{d=1} d&&/^\+[^+]/{a++} d&&/^\+$/{a++} d&&/^-[^-]/{r++} d&&/^-$/{r++} END{print a+0, r+0}' "$file")
			nfiles=$(grep -c '^diff --git' "$file" || true)
			status=$(trailer Upstream-Status <"$file")
			deps=$(trailer Statelab-Depends <"$file" | paste -sd, -)
			overlays=$(trailer Statelab-Overlay <"$file" | wc -l)
			echo "| ${p%%-*} | \`$(patch_name "$p")\` | $status | ${deps:--} | $nfiles | +$adds/-$dels | $overlays |"
		done
		echo
		for p in $(series); do
			file=$ROOT/patches/$p
			echo "## $(patch_name "$p")"
			echo
			echo "**$(patch_subject "$file")**"
			echo
			patch_body "$file" | grep -v -E '^(Upstream-Status|Statelab-[A-Za-z]+):' | sed -e '/./,$!d'
			echo
			echo "Upstream files changed:"
			echo
			grep '^diff --git' "$file" | sed 's|^diff --git a/\([^ ]*\) .*|- `\1`|' || echo "- (none)"
			echo
			echo "New files:"
			echo
			trailer Statelab-Overlay <"$file" | sed 's/.*/- `&`/' | grep . || echo "- (none)"
			echo
		done
	} >"$out"
}

# ---------------------------------------------------------------- build

build_bins() {
	mkdir -p "$BIN"
	log "building geth and evm"
	(cd "$TREE" && go build -o "$BIN/" ./cmd/geth ./cmd/evm)
	log "building statelab tools"
	(cd "$ROOT" && go build -o "$BIN/" $STATELAB_PKGS)
	build_upstream_geth
}

# build_upstream_geth builds unpatched upstream geth as build/bin/geth-upstream, from
# the pristine tree with upstream's own go.mod, for A/B runs and for showing that
# statelab's dumps are standard.
build_upstream_geth() {
	local wt=$BUILD/upstream
	if [ ! -d "$wt" ] || [ "$("${GIT[@]}" -C "$wt" rev-parse HEAD 2>/dev/null)" != "$("${GIT[@]}" -C "$TREE" rev-parse upstream)" ]; then
		rm -rf "$wt"
		"${GIT[@]}" -C "$TREE" worktree prune
		"${GIT[@]}" -C "$TREE" worktree add -q --detach "$wt" upstream
	fi
	log "building unpatched upstream geth (geth-upstream)"
	(cd "$wt" && go build -o "$BIN/geth-upstream" ./cmd/geth)
}

# touched_packages lists the upstream packages (./dir) that patches or overlays touch.
touched_packages() {
	"${GIT[@]}" -C "$TREE" diff --name-only upstream HEAD -- '*.go' | xargs -r -n1 dirname | LC_ALL=C sort -u | sed 's|^|./|'
}

# go_test runs go test and prints a one-line summary of passed/failed/skipped tests.
go_test() {
	local dir=$1 label=$2
	shift 2
	local json rc=0
	json=$(mktemp)
	(cd "$dir" && go test -json "$@") >"$json" || rc=$?
	local pass fail skip
	pass=$(grep -c '"Action":"pass","Package":"[^"]*","Test"' "$json" || true)
	fail=$(grep -c '"Action":"fail","Package":"[^"]*","Test"' "$json" || true)
	skip=$(grep -c '"Action":"skip","Package":"[^"]*","Test"' "$json" || true)
	if [ $rc != 0 ]; then
		# Show the output of failed tests and build errors.
		(cd "$dir" && go test "$@" 2>&1 | grep -v -E '^(ok|PASS|\?)[[:space:]]' | tail -80) >&2 || true
	fi
	grep -E '"Action":"(pass|fail)","Package":"[^"]*","Elapsed"' "$json" |
		sed -E 's/.*"Action":"([a-z]+)","Package":"([^"]+)","Elapsed":([0-9.]+).*/    \1 \2 (\3s)/' >&2 || true
	echo "$label: $pass passed, $fail failed, $skip skipped"
	rm -f "$json"
	return $rc
}

cmd_build() {
	assemble
	build_bins
	log "built: $(cd "$BIN" && echo *)"
}

# cmd_lint runs the checks that need no assembled tree: the overlay rule and the
# series checks.
cmd_lint() {
	local up
	up=$(upstream_dir)
	check_overlay_rule "$up"
	check_series "$up"
}

cmd_test() {
	local up
	up=$(upstream_dir)
	cmd_lint
	assemble
	check_export_stable "$up"
	build_bins
	local pkgs
	pkgs=$(touched_packages)
	log "geth's own tests of the touched packages: $(echo $pkgs)"
	go_test "$TREE" "upstream tests (patched tree)" -count=1 -timeout 30m $pkgs
	log "statelab's own tests"
	go_test "$ROOT" "statelab tests" -count=1 -timeout 20m $STATELAB_PKGS
	log "the pinned Jaeger for the telemetry end-to-end tests: $("$ROOT/tracing/jaeger.sh" build)"
	log "end-to-end smoke test"
	STATELAB_BIN=$BIN go_test "$ROOT/tools/e2e" "e2e smoke" -count=1 -timeout 20m -tags e2e ./...
}

# cmd_check applies each patch alone (after its declared dependencies) on pristine
# upstream, as the PR patches that 'pr' writes, then builds and runs its packages' tests.
cmd_check() {
	assemble
	local up wt p name deps pkgs fail=0
	up=$(upstream_dir)
	wt=$BUILD/check
	for p in $(series); do
		name=$(patch_name "$p")
		# STATELAB_CHECK=NAME checks one patch only (while developing it).
		if [ -n "${STATELAB_CHECK:-}" ] && [ "$name" != "$STATELAB_CHECK" ]; then
			continue
		fi
		log "check $p"
		rm -rf "$wt"
		"${GIT[@]}" -C "$TREE" worktree prune
		"${GIT[@]}" -C "$TREE" worktree add -q --detach "$wt" upstream
		deps=$(closure "$name")
		local d
		for d in $deps $name; do
			write_pr "$d" "$BUILD/pr/$d.patch"
			(cd "$wt" && "${GIT[@]}" am -q --empty=keep "$BUILD/pr/$d.patch") || {
				echo "check: $p: $d does not apply with git am on pristine upstream" >&2
				fail=1
				continue 2
			}
		done
		pkgs=$("${GIT[@]}" -C "$wt" diff --name-only HEAD~1 HEAD -- '*.go' | xargs -r -n1 dirname | LC_ALL=C sort -u | sed 's|^|./|')
		(cd "$wt" && go build ./... && go vet $pkgs) || { echo "check: $p does not build alone" >&2; fail=1; continue; }
		if [ -n "$pkgs" ]; then
			go_test "$wt" "check $name" -count=1 -timeout 30m $pkgs || { echo "check: $p: tests fail" >&2; fail=1; }
		fi
	done
	rm -rf "$wt"
	"${GIT[@]}" -C "$TREE" worktree prune
	[ $fail = 0 ] || die "check failed"
	log "every patch applies, builds and passes its tests alone"
}

# closure prints the transitive dependencies of a patch name, in series order.
closure() {
	local want=" $1 " p name changed=1
	while [ $changed = 1 ]; do
		changed=0
		for p in $(series); do
			name=$(patch_name "$p")
			case "$want" in *" $name "*) ;; *) continue ;; esac
			local d
			for d in $(trailer Statelab-Depends <"$ROOT/patches/$p"); do
				case "$want" in *" $d "*) ;; *) want="$want$d "; changed=1 ;; esac
			done
		done
	done
	for p in $(series); do
		name=$(patch_name "$p")
		[ "$name" != "$1" ] || continue
		case "$want" in *" $name "*) echo "$name" ;; esac
	done
}

# write_pr writes a self-contained PR patch for one feature: its commit in the assembled
# tree (hunks and overlay files), without statelab's bookkeeping trailers.
write_pr() {
	local name=$1 out=$2 c msg
	c=$("${GIT[@]}" -C "$TREE" log --format=%H --grep="^Statelab-Name: $name\$" upstream..HEAD | head -1)
	[ -n "$c" ] || die "no patch named '$name' (names: $(for p in $(series); do patch_name "$p"; done | tr '\n' ' '))"
	mkdir -p "$(dirname "$out")"
	# Upstream does not know statelab's names: a dependency is named by its subject.
	local deps="" d dc
	for d in $("${GIT[@]}" -C "$TREE" log -1 --format=%B "$c" | trailer Statelab-Depends); do
		dc=$("${GIT[@]}" -C "$TREE" log --format=%s --grep="^Statelab-Name: $d\$" upstream..HEAD | head -1)
		deps="${deps}Depends-On: \"${dc:-$d}\""$'\n'
	done
	"${GIT[@]}" -C "$TREE" "${FORMAT_PATCH[@]}" -1 "$c" |
		awk -v deps="$deps" '
			/^---$/ && !done { printf "%s", deps; done=1 }
			!done && /^Statelab-(Overlay|Name|Depends):/ { next }
			{ print }' >"$out"
}

cmd_pr() {
	[ $# = 1 ] || die "usage: ./build.sh pr NAME (names: $(for p in $(series); do patch_name "$p"; done | tr '\n' ' '))"
	assemble
	write_pr "$1" "$BUILD/pr/$1.patch"
	local deps
	deps=$(closure "$1" | paste -sd' ' -)
	log "wrote build/pr/$1.patch${deps:+ (apply after: $deps)}"
	echo "$BUILD/pr/$1.patch"
}

cmd_run() {
	cmd_build
	local out=${STATELAB_OUT:-$ROOT/out/run} gd=${STATELAB_GROUPDEPTH:-6} entries=${STATELAB_ENTRIES:-2000}
	rm -rf "$out"
	mkdir -p "$out"
	log "generating a UBT chain with $entries state entries in $out/chain"
	"$BIN/dumpgen" --trie ubt --entries "$entries" --workload-blocks 1 --out "$out/chain"
	log "geth init at group depth $gd"
	"$BIN/geth" --datadir "$out/datadir" --bintrie.groupdepth="$gd" init "$out/chain/genesis.json" 2>"$out/init.log" ||
		{ tail -20 "$out/init.log" >&2; die "geth init failed; see $out/init.log"; }
	# Traces: node-level telemetry into a Jaeger of its own (STATELAB_TELEMETRY=0: none).
	local telemetry=()
	if [ "${STATELAB_TELEMETRY:-1}" != 0 ]; then
		start_run_jaeger "$out/jaeger"
		# However the run ends, Jaeger does not outlive it (unless asked to).
		# The trap runs after cmd_run's locals are gone: expand them now.
		[ "${STATELAB_KEEP_JAEGER:-0}" = 1 ] ||
			trap "STATELAB_JAEGER_DIR=$(printf %q "$out/jaeger") $(printf %q "$ROOT/tracing/jaeger.sh") stop" EXIT
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
		"$BIN/tracesum" --jaeger "http://127.0.0.1:$STATELAB_JAEGER_QUERY_PORT" --service statelab-run --limit 1000 >"$out/traces.txt" ||
			die "tracesum failed; Jaeger's log is $out/jaeger/jaeger.log"
		log "traces: one per block, summarized in $out/traces.txt; Jaeger stops now (query it while it runs with STATELAB_KEEP_JAEGER=1)"
	fi
}

# start_run_jaeger starts the pinned Jaeger for 'run' on ports of its own (10000 above
# Jaeger's defaults unless STATELAB_JAEGER_*_PORT say otherwise), so that it does not
# clash with a Jaeger the user runs.
start_run_jaeger() {
	export STATELAB_JAEGER_DIR=$1
	export STATELAB_JAEGER_OTLP_GRPC_PORT=${STATELAB_JAEGER_OTLP_GRPC_PORT:-14317}
	export STATELAB_JAEGER_OTLP_HTTP_PORT=${STATELAB_JAEGER_OTLP_HTTP_PORT:-14318}
	export STATELAB_JAEGER_QUERY_PORT=${STATELAB_JAEGER_QUERY_PORT:-26686}
	export STATELAB_JAEGER_QUERY_GRPC_PORT=${STATELAB_JAEGER_QUERY_GRPC_PORT:-26685}
	export STATELAB_JAEGER_HEALTH_PORT=${STATELAB_JAEGER_HEALTH_PORT:-23133}
	log "starting Jaeger for the traces (query API http://127.0.0.1:$STATELAB_JAEGER_QUERY_PORT)"
	"$ROOT/tracing/jaeger.sh" start
}

main() {
	local cmd=${1:-build}
	[ $# = 0 ] || shift
	case "$cmd" in
	build) cmd_build ;;
	assemble) assemble ;;
	lint) cmd_lint ;;
	test) cmd_test ;;
	check) cmd_check ;;
	export) cmd_export ;;
	pr) cmd_pr "$@" ;;
	overview) write_overview "$(upstream_dir)" "$ROOT/docs/fork-overview.md" ;;
	run) cmd_run ;;
	-h | --help | help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' ;;
	*) die "unknown command '$cmd' (build, test, check, export, pr NAME, overview, lint, assemble, run)" ;;
	esac
}

main "$@"
