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

package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"statelab/tools/bench/report"
	"statelab/tools/bench/study"

	"statelab/tools/internal/statekind"
)

// TestNames checks how records name binaries, work files and study files:
// relative to their directory when below it, else by what names them
// without the machine.
func TestNames(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{binName("/work/main/build/bin", "/work/main/build/bin/geth-upstream"), "geth-upstream"},
		{binName("build/bin", "build/bin/geth"), "geth"},
		{binName("/bins", "/bins/exp/geth-sync"), "exp/geth-sync"},
		{binName("/work/main/build/bin", "/work/exp/geth-sync"), "geth-sync"},
		{workName("/work/benchwork/work", "/work/benchwork/work/dumps/mpt-20000-2/workload_erc20_approve.rlp"), "dumps/mpt-20000-2/workload_erc20_approve.rlp"},
		{workName("/w/work", "/w/work/datadirs/mpt-20000-pop997f06d9f3d7/mpt-a-846b3483"), "datadirs/mpt-20000-pop997f06d9f3d7/mpt-a-846b3483"},
		{workName("/work/telcost/work", "/work/telcost/mpt/workload_erc20_approve.rlp"), "mpt/workload_erc20_approve.rlp"},
		{workName("/w", "/w-other/chain.rlp"), "w-other/chain.rlp"},
		{studyName("/nowhere/exp/study.toml"), "study.toml"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	wd, _ := os.Getwd()
	if got := studyName(filepath.Join(wd, "testdata", "x.toml")); got != "testdata/x.toml" {
		t.Errorf("study file below the working directory: %q", got)
	}
}

// TestABCommand checks the command line a comparison records: machine-free,
// every setting of its runs, and the same arguments again when a shell
// splits it.
func TestABCommand(t *testing.T) {
	ubt, mptTrie := statekind.UBT, statekind.MPT
	s := &ABSpec{
		Bin: "/work/main/build/bin", Work: "/work/telcost/work",
		A: "/work/main/build/bin/geth", B: "/work/main/build/bin/geth",
		ArgsB: []string{"--rpc.telemetry", "--rpc.telemetry.level", "node", "--rpc.telemetry.endpoint", "http://127.0.0.1:4318"},
		Dump:  "/work/telcost/ubt/workload_erc20_approve.rlp", Trie: &ubt, GroupDepth: 6, Runs: 21, MemLimit: "1GiB",
	}
	const want = "bench ab --a geth --b geth --b-args '--rpc.telemetry --rpc.telemetry.level node --rpc.telemetry.endpoint http://127.0.0.1:4318' " +
		"--dump ubt/workload_erc20_approve.rlp --trie ubt --groupdepth 6 --runs 21 --mem-limit 1GiB"
	got := s.command(ubt)
	if got != want {
		t.Fatalf("command\n%s\nwant\n%s", got, want)
	}
	out, err := exec.Command("sh", "-c", "printf '%s\\n' "+strings.TrimPrefix(got, "bench ab ")).Output()
	if err != nil {
		t.Skipf("no sh: %v", err)
	}
	split := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if split[4] != "--b-args" || split[5] != strings.Join(s.ArgsB, " ") {
		t.Errorf("the shell splits the command into %q", split)
	}
	mpt := &ABSpec{Bin: "build/bin", Work: "w", A: "build/bin/geth-upstream", B: "build/bin/geth", Dump: "w/dumps/mpt-20000-2/workload_erc20_approve.rlp",
		Genesis: "g/genesis.json", Population: []string{"g/population.rlp"}, Trie: &mptTrie, GroupDepth: 5, Runs: 5}
	const wantMPT = "bench ab --a geth-upstream --b geth --dump dumps/mpt-20000-2/workload_erc20_approve.rlp --genesis g/genesis.json --population g/population.rlp --trie mpt --runs 5"
	if got := mpt.command(mptTrie); got != wantMPT {
		t.Errorf("command\n%s\nwant\n%s", got, wantMPT)
	}
	// Without --trie the trie is the one the manifest or the genesis gives.
	mpt.Trie = nil
	if got := mpt.command(mptTrie); got != wantMPT {
		t.Errorf("no --trie, an MPT genesis: command\n%s\nwant\n%s", got, wantMPT)
	}
}

// TestShellQuote checks that a quoted argument is one word to the shell,
// as it was.
func TestShellQuote(t *testing.T) {
	args := []string{"plain", "--flag=value", "", "two words", "it's", `$HOME`, "a\"b", "~x", "semi;colon"}
	var quoted []string
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	if shellQuote("plain") != "plain" || shellQuote("--flag=value") != "--flag=value" {
		t.Errorf("plain words quoted: %q", quoted[:2])
	}
	out, err := exec.Command("sh", "-c", "for a in "+strings.Join(quoted, " ")+"; do printf '%s|' \"$a\"; done").Output()
	if err != nil {
		t.Skipf("no sh: %v", err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "|"), "|")
	if !reflect.DeepEqual(got, args) {
		t.Errorf("the shell reads %q back as %q", quoted, got)
	}
}

// TestResolveBinary checks that --a and --b take a path, or a name in the
// binary directory.
func TestResolveBinary(t *testing.T) {
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "geth-upstream"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := resolveBinary(bin, "geth-upstream"); got != filepath.Join(bin, "geth-upstream") {
		t.Errorf("name in --bin: %s", got)
	}
	other := filepath.Join(t.TempDir(), "geth")
	if got := resolveBinary(bin, other); got != other {
		t.Errorf("path: %s", got)
	}
	if got := resolveBinary(bin, "missing"); got != absPath("missing") {
		t.Errorf("a name in neither place: %s, want it as given", got)
	}
}

// TestStudyMeta checks that a study's meta names its binaries as the study
// file does, whatever they resolved to, and that bench keeps the study
// file beside the results.
func TestStudyMeta(t *testing.T) {
	bin := t.TempDir()
	sr := &studyRun{
		study: &study.Study{Name: "s", Path: filepath.Join(t.TempDir(), "s.toml"), Geth: []study.Binary{
			{Name: "statelab", Path: filepath.Join(bin, "geth")},
			{Name: "exp", Path: "/work/exp/geth-sync", Args: []string{"--bal.warm", "before"}},
		}},
		scale: "smoke", h: &harness{bin: bin},
	}
	meta := sr.meta(study.Scale{Runs: 2})
	if meta.Study != "s.toml" || meta.Geth[0].Path != "geth" || meta.Geth[1].Path != "geth-sync" || meta.Geth[1].Args[1] != "before" {
		t.Errorf("meta %+v", meta)
	}
	if sr.study.Geth[0].Path != filepath.Join(bin, "geth") {
		t.Error("meta renamed the study's own binaries")
	}
	text := "name = \"s\"\n# as it ran\n"
	if err := os.WriteFile(sr.study.Path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := keepStudyFile(sr.study.Path, out); err != nil {
		t.Fatal(err)
	}
	if blob, _ := os.ReadFile(filepath.Join(out, report.StudyFile)); string(blob) != text {
		t.Errorf("kept %q, want %q", blob, text)
	}
}
