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
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadDir reads the fixture, and a copy of it whose meta names no
// machine: the machine then comes from report.md's protocol line.
func TestReadDir(t *testing.T) {
	s, err := ReadDir(fixture, "x")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Runs) != 8 || s.Meta.Machine != "linux/amd64 with 2 CPUs" || s.Runs[1].Figures["ms_per_slot"] == 0 {
		t.Fatalf("%d runs, machine %q, figures %v", len(s.Runs), s.Meta.Machine, s.Runs[1].Figures)
	}
	if s.Meta.Model.Node.RAMBytes() != 64<<30 {
		t.Errorf("node RAM %d: the meta's node sizes were not parsed", s.Meta.Model.Node.RAMBytes())
	}
	dir := t.TempDir()
	meta, _ := os.ReadFile(filepath.Join(fixture, "meta.json"))
	os.WriteFile(filepath.Join(dir, "meta.json"), []byte(strings.Replace(string(meta), `"machine"`, `"elsewhere"`, 1)), 0o644)
	runs, _ := os.ReadFile(filepath.Join(fixture, "runs.json.gz"))
	os.WriteFile(filepath.Join(dir, "runs.json.gz"), runs, 0o644)
	os.WriteFile(filepath.Join(dir, "report.md"), []byte("# t\n\n- study `s.toml`, generated 2026-12-01T17:00:38Z on linux/arm64 with 64 CPUs\n"), 0o644)
	s, err = ReadDir(dir, "x")
	if err != nil {
		t.Fatal(err)
	}
	if s.Meta.Machine != "linux/arm64 with 64 CPUs" {
		t.Errorf("machine %q, want the report's", s.Meta.Machine)
	}
	if _, err := ReadDir(t.TempDir(), "x"); err == nil || !strings.Contains(err.Error(), "has neither runs.json nor runs.json.gz") {
		t.Errorf("empty directory: %v", err)
	}
}

// TestStudyID checks ids of directories below the dataset's parent and
// elsewhere.
func TestStudyID(t *testing.T) {
	root := t.TempDir()
	for _, tc := range []struct{ dataset, dir, want string }{
		{filepath.Join(root, "docs/results/dataset"), filepath.Join(root, "docs/results/bal/fetch"), "bal/fetch"},
		{filepath.Join(root, "docs/results/dataset/"), filepath.Join(root, "docs/results/bal"), "bal"},
		{filepath.Join(root, "docs/results/dataset"), filepath.Join(root, "out/study-7"), "study-7"},
	} {
		if got := StudyID(tc.dataset, tc.dir); got != tc.want {
			t.Errorf("StudyID(%s, %s) = %s, want %s", tc.dataset, tc.dir, got, tc.want)
		}
	}
}
