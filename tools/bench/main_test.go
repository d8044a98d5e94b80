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
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/study"
)

// TestShippedStudies parses every study in studies/ as bench run does, and
// checks the smoke matrices the results were made with.
func TestShippedStudies(t *testing.T) {
	want := map[string]int{"groupdepth": 40, "ubt-vs-mpt": 15, "bal": 15, "bal-warm": 28, "groupdepth-traced": 6,
		"iobound-groupdepth": 12, "iobound-ubt-vs-mpt": 12, "iobound-bal": 20, "iobound-traced": 6,
		"bintrie-perf": 12, "bintrie-profile-traced": 10, "amsterdam": 84,
		"blocksize": 18, "inflight": 18, "redundant": 21, "telemetry-cost": 9, "large-bal": 8,
		"eest-state-access": 30, "eest-state-access-merged": 30, "ubt-reads": 4}
	files, err := filepath.Glob(filepath.Join("studies", "*.toml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no studies in studies/: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".toml")
		n, ok := want[name]
		if !ok {
			t.Errorf("study %s has no expected smoke matrix here", file)
			continue
		}
		delete(want, name)
		s, err := study.Load(stageFixtures(t, file), metrics.Names())
		if err != nil {
			t.Fatal(err)
		}
		sc, err := s.Scale("smoke")
		if err != nil {
			t.Fatal(err)
		}
		if got := len(s.Expand(sc)); got != n {
			t.Errorf("%s smoke: %d configurations, want %d", name, got, n)
		}
		for scale, sc := range s.Scales {
			if err := study.CheckBaseline(s.Baseline, s.Expand(sc)); err != nil {
				t.Errorf("%s scale %s: %v", name, scale, err)
			}
		}
	}
	for name := range want {
		t.Errorf("study %s.toml is missing from studies/", name)
	}
}

// stageFixtures returns the study file to load: the shipped one, or for a
// study of fixture chains (which fixturechain writes from a release this
// repository does not hold) a copy beside empty fixture directories at the
// same relative paths.
func stageFixtures(t *testing.T, file string) string {
	var s struct {
		Fixtures map[string]string `toml:"fixtures"`
		Chain    struct {
			Fixtures map[string]string `toml:"fixtures"`
		} `toml:"chain"`
	}
	if _, err := toml.DecodeFile(file, &s); err != nil {
		t.Fatal(err)
	}
	dirs := slices.Concat(slices.Collect(maps.Values(s.Fixtures)), slices.Collect(maps.Values(s.Chain.Fixtures)))
	if len(dirs) == 0 {
		return file
	}
	root := t.TempDir()
	staged := filepath.Join(root, "tools", "bench", "studies", filepath.Base(file))
	os.MkdirAll(filepath.Dir(staged), 0o755)
	blob, _ := os.ReadFile(file)
	os.WriteFile(staged, blob, 0o644)
	for _, dir := range dirs {
		dir = filepath.Join(filepath.Dir(staged), dir)
		os.MkdirAll(dir, 0o755)
		for _, f := range []string{study.FixtureGenesis, study.FixtureSetup, study.FixtureBenchmark, study.FixturePrestate} {
			os.WriteFile(filepath.Join(dir, f), nil, 0o644)
		}
	}
	return staged
}

// TestPrepareJobsRefused: run and ab refuse --prepare-jobs below 1 before
// they touch anything.
func TestPrepareJobsRefused(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	for _, args := range [][]string{
		{"bench", "run", "--prepare-jobs", "0", "--out", t.TempDir(), "--work", work, "study.toml"},
		{"bench", "ab", "--prepare-jobs", "-1", "--a", "a", "--b", "b", "--dump", "d.rlp", "--work", work},
	} {
		err := app.Run(args)
		if err == nil || !strings.Contains(err.Error(), "--prepare-jobs must be at least 1") {
			t.Errorf("%v: error %v", args[1:], err)
		}
		if _, err := os.Stat(work); !os.IsNotExist(err) {
			t.Errorf("%v: work directory made: %v", args[1:], err)
		}
	}
}

// TestABTrieRefused: ab refuses a --trie it does not know, naming the flag
// and the tries it knows, before it touches anything.
func TestABTrieRefused(t *testing.T) {
	work := filepath.Join(t.TempDir(), "work")
	err := app.Run([]string{"bench", "ab", "--trie", "verkle", "--a", "a", "--b", "b", "--dump", "d.rlp", "--work", work})
	if err == nil || err.Error() != `--trie: unknown trie "verkle" (want "mpt" or "ubt")` {
		t.Errorf("error %v", err)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Errorf("work directory made: %v", err)
	}
}
