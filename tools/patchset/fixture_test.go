// Copyright 2026 The go-ethereum Authors
// This file is part of the go-ethereum library.
//
// The go-ethereum library is free software: you can redistribute it and/or modify
// it under the terms of the GNU Lesser General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// The go-ethereum library is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU Lesser General Public License for more details.
//
// You should have received a copy of the GNU Lesser General Public License
// along with the go-ethereum library. If not, see <http://www.gnu.org/licenses/>.

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/internal/fsutil"
)

// The tests run the program on a fixture: a small fake upstream module and a
// statelab repository whose patches are made by committing in the assembled
// tree and exporting, as a developer does.

const lgplHeader = "// Copyright 2026 The go-ethereum Authors\n// This file is part of the go-ethereum library.\n//\n" +
	"// The go-ethereum library is free software: you can redistribute it and/or modify\n" +
	"// it under the terms of the GNU Lesser General Public License as published by\n" +
	"// the Free Software Foundation, either version 3 of the License, or\n// (at your option) any later version.\n\n"

// upstreamFiles is the fake upstream module.
// fixtureGoMod is the fixture repository's go.mod: it ignores the overlay roots.
const fixtureGoMod = "module statelab\n\ngo 1.25.0\n\nignore (\n\t./cmd\n\t./core\n)\n"

// fixtureReadme is the fixture repository's README.md, with an empty patch
// table that export fills.
const fixtureReadme = "# fixture\n\nThe patches:\n\n" + patchTableBeg + "\n" + patchTableEnd + "\n\nMore text.\n"

var upstreamFiles = map[string]string{
	"go.mod":             "module github.com/ethereum/go-ethereum\n\ngo 1.24\n",
	"core/blockchain.go": "package core\n\n// BlockChain is a chain.\ntype BlockChain struct {\n\tdepth int\n}\n\n// Insert inserts.\nfunc (bc *BlockChain) Insert() error {\n\treturn nil\n}\n\n// Stop stops.\nfunc (bc *BlockChain) Stop() {\n}\n",
	"core/genesis.go":    "package core\n\n// Commit commits the genesis.\nfunc Commit() error {\n\tone := 1\n\ttwo := 2\n\t_ = one + two\n\treturn nil\n}\n",
	"cmd/geth/main.go":   "package main\n\nfunc main() {\n}\n",
	"docs/README.md":     "upstream docs\n",
}

// fixture is a statelab repository with a fake upstream.
type fixture struct {
	t  *testing.T
	ws *workspace
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	upDir, root := t.TempDir(), t.TempDir()
	for name, content := range upstreamFiles {
		writeFile(t, filepath.Join(upDir, name), content)
	}
	writeFile(t, filepath.Join(root, "go.mod"), fixtureGoMod)
	writeFile(t, filepath.Join(root, "go.sum"), "")
	writeFile(t, filepath.Join(root, "patches", "series"), seriesHeader)
	writeFile(t, filepath.Join(root, readmeFile), fixtureReadme)
	ws, err := newWorkspace(context.Background(), root, &strings.Builder{})
	if err != nil {
		t.Fatal(err)
	}
	ws.up = &upstream{Path: upstreamModule, Version: "v1.0.0", Dir: upDir, Sum: "h1:fixture"}
	return &fixture{t: t, ws: ws}
}

// commit makes a commit in the assembled tree that writes the given files.
func (f *fixture) commit(msg string, files map[string]string) {
	f.t.Helper()
	for name, content := range files {
		writeFile(f.t, filepath.Join(f.ws.tree, name), content)
	}
	g := f.ws.git(f.ws.tree)
	if _, err := g.run("add", "-A"); err != nil {
		f.t.Fatal(err)
	}
	env := []string{"GIT_AUTHOR_DATE=2026-11-29T19:15:00Z", "GIT_COMMITTER_DATE=2026-11-29T19:15:00Z"}
	if _, err := g.runWith(env, msg, "commit", "-q", "-F", "-"); err != nil {
		f.t.Fatal(err)
	}
}

// message is a commit message that passes the series checks.
func testMessage(subject, name string, trailers ...string) string {
	return subject + "\n\nWhy: something was wrong.\n\nWhat: it is now right.\n\n" +
		"Measured: 2x faster (TestX).\n\nTested: go test ./core.\n\n" +
		"Related: https://github.com/ethereum/go-ethereum/pull/35152 does it differently.\n\n" +
		"Upstream-Status: Pending\nStatelab-Name: " + name + "\n" + strings.Join(trailers, "\n")
}

// twoPatches assembles the empty series and exports two patches: the first
// changes core/blockchain.go and adds core/feature.go, the second changes
// core/genesis.go and, with an ordinary hunk, the first's core/feature.go.
func (f *fixture) twoPatches() {
	f.t.Helper()
	f.mustAssemble()
	f.commit(testMessage("core: add a feature", "core-feature"), map[string]string{
		"core/blockchain.go":   strings.Replace(upstreamFiles["core/blockchain.go"], "\treturn nil\n}\n\n// Stop", "\treturn feature()\n}\n\n// Stop", 1),
		"core/feature.go":      lgplHeader + "package core\n\nfunc feature() error {\n\treturn nil\n}\n",
		"core/feature_test.go": lgplHeader + "package core\n",
	})
	f.commit(testMessage("core: use the feature at genesis", "core-genesis-feature", "Statelab-Depends: core-feature"), map[string]string{
		"core/genesis.go": strings.Replace(upstreamFiles["core/genesis.go"], "\treturn nil\n", "\treturn feature()\n", 1),
		"core/feature.go": lgplHeader + "package core\n\n// feature is the feature.\nfunc feature() error {\n\treturn nil\n}\n",
	})
	if err := f.ws.export(); err != nil {
		f.t.Fatalf("export: %v\n%s", err, f.ws.log)
	}
}

func (f *fixture) mustAssemble() {
	f.t.Helper()
	if err := f.ws.assemble(); err != nil {
		f.t.Fatalf("assemble: %v\n%s", err, f.ws.log)
	}
}

// read returns a repository file.
func (f *fixture) read(name string) string {
	f.t.Helper()
	blob, err := os.ReadFile(filepath.Join(f.ws.root, name))
	if err != nil {
		f.t.Fatal(err)
	}
	return string(blob)
}

// edit replaces old with new in a repository file.
func (f *fixture) edit(name, old, new string) {
	f.t.Helper()
	content := f.read(name)
	if !strings.Contains(content, old) {
		f.t.Fatalf("%s does not contain %q", name, old)
	}
	writeFile(f.t, filepath.Join(f.ws.root, name), strings.Replace(content, old, new, 1))
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gitAm applies patch files to a fresh checkout of the fake upstream.
func gitAm(t *testing.T, upDir string, patches ...string) error {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "upstream")
	if err := fsutil.CopyTree(upDir, dir); err != nil {
		t.Fatal(err)
	}
	g := git{ctx: context.Background(), dir: dir}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "upstream"}} {
		if _, err := g.run(args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range patches {
		if _, err := g.run("am", "-q", p); err != nil {
			return err
		}
	}
	return nil
}

func TestMain(m *testing.M) {
	// The program's git commands read no user configuration; neither do the
	// tests' own.
	os.Setenv("GIT_CONFIG_GLOBAL", "/dev/null")
	os.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	os.Exit(m.Run())
}
