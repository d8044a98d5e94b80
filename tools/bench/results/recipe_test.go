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

package results

import (
	"bufio"
	"fmt"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"statelab/tools/bench/study"
)

// TestMachinePaths checks which texts name a path of a machine: absolute
// and home paths anywhere in a text, but not the kernel's, URLs, units or
// relative paths.
func TestMachinePaths(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"/work/main/build/bin/geth", []string{"/work/main/build/bin/geth"}},
		{"bench ab --a geth --dump /tmp/d/w.rlp --runs 5", []string{"/tmp/d/w.rlp"}},
		{"--out=/srv/x", []string{"/srv/x"}},
		{`path = "/work/exp/geth-sync"` + "\n" + `path = "geth"`, []string{"/work/exp/geth-sync"}},
		{"name\n/dev/shm/work/datadirs/mpt", []string{"/dev/shm/work/datadirs/mpt"}},
		{"(~/.cache/statelab/jaeger)", []string{"~/.cache/statelab/jaeger"}},
		{"polls /proc/PID/io and /sys/block/vda/queue", nil},
		{"--rpc.telemetry.endpoint http://127.0.0.1:4318/v1/traces", nil},
		{"12 ms/block, 0.3 KB/slot, 1/2 of it", nil},
		{"geth-upstream build/bin/geth ./geth-after datadirs/mpt-20000/mpt-a-1234", nil},
	} {
		if got := MachinePaths(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("MachinePaths(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestCheckPortable checks that a study is refused without a recipe, with a
// malformed one, and with a machine's path in its meta, its study file or
// a run's cell, and taken with each kind of recipe.
func TestCheckPortable(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(s *Study)
		want string // "" for none
	}{
		{"study file", func(s *Study) {}, ""},
		{"ref", func(s *Study) { s.StudyFile, s.StudyRef = "", "0123abcd:tools/bench/studies/bal.toml" }, ""},
		{"ab command", func(s *Study) {
			s.StudyFile, s.Meta.Study = "", "bench ab --a geth-upstream --b geth --dump dumps/mpt-20000-2/workload_erc20_approve.rlp --runs 5"
		}, ""},
		{"ab flags with =", func(s *Study) { s.StudyFile, s.Meta.Study = "", "bench ab --a=geth --b=geth --dump=d/w.rlp" }, ""},
		{"no recipe", func(s *Study) { s.StudyFile, s.Meta.Study = "", "tools/bench/studies/bal.toml" }, "has no recipe"},
		{"blank study file", func(s *Study) { s.StudyFile = " \n" }, "has no recipe"},
		{"ref without commit", func(s *Study) { s.StudyFile, s.StudyRef = "", "tools/bench/studies/bal.toml" }, "want COMMIT:PATH"},
		{"ref to an absolute path", func(s *Study) { s.StudyFile, s.StudyRef = "", "0123abcd:/work/x.toml" }, "want COMMIT:PATH"},
		{"ab without dump", func(s *Study) { s.StudyFile, s.Meta.Study = "", "bench ab --a geth --b geth" }, "lacks --dump"},
		{"absolute dump", func(s *Study) {
			s.StudyFile, s.Meta.Study = "", "bench ab --a geth --b geth --dump /work/telcost/mpt/workload_erc20_approve.rlp"
		}, "/work/telcost/mpt/workload_erc20_approve.rlp"},
		{"binary in meta", func(s *Study) { s.Meta.Geth = []study.Binary{{Name: "statelab", Path: "/work/main/build/bin/geth"}} }, "/work/main/build/bin/geth"},
		{"binary in study file", func(s *Study) { s.StudyFile = "[[geth]]\nname = \"x\"\npath = \"/work/exp/geth-sync\"\n" }, "/work/exp/geth-sync"},
		{"binary in a run", func(s *Study) { s.Runs[2].Config.Geth.Path = "/tmp/s2/bin/geth" }, "/tmp/s2/bin/geth"},
		{"reference datadir", func(s *Study) {
			s.Meta.Model = &study.Model{RefDatadir: "/dev/shm/work/datadirs/mpt-1000000-3/mpt-beside-854467b6"}
		}, "/dev/shm/work/datadirs"},
	} {
		s := testStudy("s")
		tc.edit(s)
		err := s.checkPortable()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestAppendRefusesMachinePaths checks that Append checks the recipe and
// the paths before it writes anything.
func TestAppendRefusesMachinePaths(t *testing.T) {
	dir := t.TempDir()
	s := testStudy("s")
	s.Runs[0].Config.Geth.Path = "/work/main/build/bin/geth"
	if err := Append(dir, s); err == nil || !strings.Contains(err.Error(), "names paths of the machine") {
		t.Fatalf("Append: %v", err)
	}
	s = testStudy("s")
	s.StudyFile = ""
	if err := Append(dir, s); err == nil || !strings.Contains(err.Error(), "has no recipe") {
		t.Fatalf("Append: %v", err)
	}
	if ids, err := studyIDs(dir); err != nil || len(ids) != 0 {
		t.Errorf("a refused append left studies %v (%v)", ids, err)
	}
}

// TestDatasetRecipes checks the committed dataset: every study carries its
// recipe, every study file it names by COMMIT:PATH is in the repository's
// history, and no study names a path of the machine it ran on.
func TestDatasetRecipes(t *testing.T) {
	dir := filepath.Join(repoRoot, "docs", "results", "dataset")
	studies, err := readStudies(dir)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*Study{}
	for _, s := range studies {
		byID[s.ID] = s
	}
	if _, err := readRuns(filepath.Join(dir, RunsFile), byID); err != nil {
		t.Fatal(err)
	}
	var refs []string
	for _, s := range studies {
		if err := s.checkPortable(); err != nil {
			t.Error(err)
		}
		if s.StudyRef != "" {
			refs = append(refs, s.StudyRef)
		}
	}
	for ref, err := range missingInGit(t, refs) {
		t.Errorf("study_ref %s: %s (a shallow clone lacks the history: git fetch --unshallow)", ref, err)
	}
}

// missingInGit returns the refs (COMMIT:PATH) that name no file of the
// repository, with git's answer, asking git once for all of them.
func missingInGit(t *testing.T, refs []string) map[string]string {
	cmd := exec.Command("git", "cat-file", "--batch-check=%(objecttype)")
	cmd.Dir = repoRoot
	cmd.Stdin = strings.NewReader(strings.Join(refs, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git cat-file in %s: %v", repoRoot, err)
	}
	missing := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	n := 0
	for i := 0; sc.Scan(); i++ {
		if i >= len(refs) {
			t.Fatalf("git cat-file answered more lines than it was asked: %q", sc.Text())
		}
		if got := sc.Text(); got != "blob" {
			missing[refs[i]] = fmt.Sprintf("git cat-file says %q, want a file (blob)", got)
		}
		n = i + 1
	}
	if n != len(refs) {
		t.Fatalf("git cat-file answered %d of %d refs", n, len(refs))
	}
	return missing
}

// TestMissingInGit checks the check of a study_ref against the repository.
func TestMissingInGit(t *testing.T) {
	got := missingInGit(t, []string{"HEAD:go.mod", "HEAD:no/such/study.toml", "HEAD:tools"})
	if _, ok := got["HEAD:go.mod"]; ok || len(got) != 2 || got["HEAD:no/such/study.toml"] == "" || !strings.Contains(got["HEAD:tools"], "tree") {
		t.Errorf("missing %q, want the absent file and the directory", got)
	}
}
