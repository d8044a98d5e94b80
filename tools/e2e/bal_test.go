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
//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/holiman/uint256"

	"statelab/core/balsidecar"
)

// balWorkload is the workload the BAL tests import: it reads and writes slots.
const balWorkload = "mixed_sload_sstore"

// balSetup is a datadir at the population head and a Type-4 sidecar of a
// two-block workload made by balgen offline from it.
type balSetup struct {
	dump    *dump
	base    string // datadir at the population head; copied, never imported into
	flags   []string
	work    string // workload file
	sidecar string // Type-4 JSON sidecar of the workload
	file    *balsidecar.File
}

var (
	balSetupsMu sync.Mutex
	balSetups   = map[string]*balSetup{}
)

// setupBAL makes (once per kind) a dump with a two-block workload, a base
// datadir and the workload's sidecar. kind is "mpt-path", "mpt-hash" or "ubt".
func setupBAL(t *testing.T, kind string) *balSetup {
	t.Helper()
	balSetupsMu.Lock()
	defer balSetupsMu.Unlock()
	if s, ok := balSetups[kind]; ok {
		return s
	}
	var err error
	// Under dumpDir, which TestMain removes.
	dumpsMu.Lock()
	if dumpDir == "" {
		if dumpDir, err = os.MkdirTemp("", "statelab-e2e-"); err != nil {
			dumpsMu.Unlock()
			t.Fatal(err)
		}
	}
	dumpsMu.Unlock()
	dir := filepath.Join(dumpDir, "bal-"+kind)

	trie, flags := "mpt", []string{"--state.scheme=path"}
	switch kind {
	case "mpt-hash":
		flags = []string{"--state.scheme=hash"}
	case "ubt":
		trie, flags = "ubt", []string{"--bintrie.groupdepth=6"}
	}
	d := &dump{dir: filepath.Join(dir, "dump"), manifest: filepath.Join(dir, "dump", "manifest.json"), genesis: filepath.Join(dir, "dump", "genesis.json")}
	mustRun(t, "dumpgen", "--trie", trie, "--entries", "2000", "--gas-target", "30000000",
		"--workloads", balWorkload+",erc20_approve", "--workload-blocks", "2", "--out", d.dir)
	d.files = manifestFiles(t, d.manifest)
	s := &balSetup{dump: d, base: filepath.Join(dir, "base"), flags: flags, sidecar: filepath.Join(dir, "work.bal.json")}
	s.work = filepath.Join(d.dir, "workload_"+balWorkload+".rlp")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "geth", append([]string{"--datadir", s.base}, append(flags, "init", d.genesis)...)...)
	for _, f := range d.population() {
		mustRun(t, "geth", "--datadir", s.base, "import", "--nocompaction", f)
	}
	before := treeDigest(t, s.base)
	mustRun(t, "balgen", "offline", "--datadir", s.base, "--dump", s.work, "--out", s.sidecar, "--type", "4", "--geth", bin(t, "geth"))
	if after := treeDigest(t, s.base); after != before {
		t.Fatalf("balgen offline changed datadir %s", s.base)
	}
	if s.file, err = balsidecar.Load(s.sidecar); err != nil {
		t.Fatal(err)
	}
	if len(s.file.Blocks) != 2 {
		t.Fatalf("sidecar lists %d blocks, want 2", len(s.file.Blocks))
	}
	balSetups[kind] = s
	return s
}

// copyDatadir copies the base datadir for one import.
func (s *balSetup) copyDatadir(t *testing.T) string {
	t.Helper()
	return copyDatadir(t, s.base)
}

// writeSidecar writes f in the form its name says (.json: JSON, else binary).
func writeSidecar(t *testing.T, f *balsidecar.File, path string) string {
	t.Helper()
	var buf bytes.Buffer
	var err error
	if strings.HasSuffix(path, ".json") {
		err = balsidecar.EncodeJSON(&buf, f)
	} else {
		err = balsidecar.EncodeBinary(&buf, f)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// treeDigest summarises a directory: every file's path, size and mtime.
func treeDigest(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if !d.IsDir() {
			fmt.Fprintf(&b, "%s %d %d\n", path, info.Size(), info.ModTime().UnixNano())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

type headInfo struct {
	Number    uint64 `json:"number"`
	StateRoot string `json:"state_root"`
}

func head(t *testing.T, datadir string) headInfo {
	t.Helper()
	var h headInfo
	res := mustRun(t, "chaininfo", "head", "--datadir", datadir)
	if err := json.Unmarshal([]byte(res.stdout), &h); err != nil {
		t.Fatalf("chaininfo head: %v\n%s", err, res.stdout)
	}
	return h
}

var balJSON = regexp.MustCompile(`"bal":(\{[^}]*\})`)

type balFigures struct {
	Type             int    `json:"type"`
	Ignored          string `json:"ignored"`
	Parallel         bool   `json:"parallel"`
	AccountsFetched  int    `json:"accounts_fetched"`
	SlotsFetched     int    `json:"slots_fetched"`
	AccountsInjected int    `json:"accounts_injected"`
	SlotsInjected    int    `json:"slots_injected"`
	SlotsFromTrie    int    `json:"slots_from_trie"`
	DBAccountReads   int64  `json:"db_account_reads"`
	DBSlotReads      int64  `json:"db_slot_reads"`
	DBCodeReads      int64  `json:"db_code_reads"`
	WarmSlots        int    `json:"warm_slots"`
	WarmNodes        int64  `json:"warm_nodes"`
}

// fromTrie returns the slots a Type-1 import with --bal.fetch trie reads from
// the warmed tries for a block: on MPT those the block writes, on the binary
// trie none.
func fromTrie(kind string, b *balsidecar.Block) int {
	if kind == "ubt" {
		return 0
	}
	n := 0
	for _, a := range b.Accounts {
		n += len(a.WrittenSlots())
	}
	return n
}

// balFiguresOf returns the "bal" objects of the slow-block JSON in a log.
func balFiguresOf(t *testing.T, log string) []balFigures {
	t.Helper()
	var out []balFigures
	for _, m := range balJSON.FindAllStringSubmatch(log, -1) {
		var f balFigures
		if err := json.Unmarshal([]byte(m[1]), &f); err != nil {
			t.Fatalf("bad bal object %s: %v", m[1], err)
		}
		out = append(out, f)
	}
	return out
}

// TestBALSameHeadRoot imports the workload without a sidecar and with each
// type (Type 1 from JSON, 3 and 4 from the binary form made by balgen
// convert), on MPT under both schemes and on the binary trie at GD-6. Every
// import must reach the manifest's root, and the slow-block JSON must show
// the listed state fetched or injected: with Type 1 on MPT, the written
// slots read from their warmed trie paths (--bal.fetch trie, the default).
// Type 1 is also imported with --bal.fetch before and beside, and Type 4 with
// each --bal.warm mode.
func TestBALSameHeadRoot(t *testing.T) {
	for _, kind := range []string{"mpt-path", "mpt-hash", "ubt"} {
		t.Run(kind, func(t *testing.T) {
			s := setupBAL(t, kind)
			binary := filepath.Join(t.TempDir(), "work.bal")
			mustRun(t, "balgen", "convert", "--in", s.sidecar, "--out", binary)
			if kind != "ubt" && fromTrie(kind, s.file.Blocks[0])+fromTrie(kind, s.file.Blocks[1]) == 0 {
				t.Fatal("the sidecar lists no written slot: --bal.fetch trie would not be exercised")
			}
			var want string
			for _, typ := range []int{0, 1, 3, 4} {
				datadir := s.copyDatadir(t)
				args := []string{"--datadir", datadir, "import", "--nocompaction", "--debug.logslowblock", "0"}
				switch typ {
				case 1:
					args = append(args, "--bal.file", s.sidecar, "--bal.type", "1")
				case 3, 4:
					args = append(args, "--bal.file", binary, "--bal.type", fmt.Sprint(typ))
				}
				res := mustRun(t, "geth", append(args, s.work)...)
				mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", s.dump.manifest, "--file", filepath.Base(s.work))
				h := head(t, datadir)
				if typ == 0 {
					want = h.StateRoot
				} else if h.StateRoot != want {
					t.Errorf("type %d: head root %s, without a sidecar %s", typ, h.StateRoot, want)
				}
				figs := balFiguresOf(t, res.stderr)
				if typ == 0 {
					if len(figs) != 0 {
						t.Errorf("no sidecar: %d bal objects logged", len(figs))
					}
					continue
				}
				if len(figs) != 2 {
					t.Fatalf("type %d: %d bal objects logged, want 2\n%s", typ, len(figs), tail(res.stderr, 5))
				}
				for i, f := range figs {
					listed := s.file.Blocks[i].Slots()
					switch {
					case f.Type != typ:
						t.Errorf("type %d: block %d logged type %d", typ, i, f.Type)
					case typ == 1 && (f.SlotsFetched+f.SlotsFromTrie != listed || f.SlotsFromTrie != fromTrie(kind, s.file.Blocks[i]) || f.AccountsFetched == 0 || f.SlotsInjected != 0):
						t.Errorf("type 1: block %d: %+v, want %d slots fetched or read from the tries (%d)", i, f, listed, fromTrie(kind, s.file.Blocks[i]))
					case typ == 3 && (f.SlotsInjected != listed || f.AccountsFetched == 0 || f.SlotsFetched != 0):
						t.Errorf("type 3: block %d: %+v, want %d slots injected, accounts fetched", i, f, listed)
					case typ == 4 && (f.SlotsInjected != listed || f.AccountsInjected == 0 || f.AccountsFetched != 0):
						t.Errorf("type 4: block %d: %+v, want %d slots and the accounts injected", i, f, listed)
					}
				}
				if !strings.Contains(res.stdout, "2 blocks executed with an entry, 0 without one") {
					t.Errorf("type %d: no sidecar summary in\n%s", typ, res.stdout)
				}
				if typ == 4 {
					checkNoDatabaseReads(t, res, 2)
				}
			}
			// Type 1 with every listed slot fetched, before execution and
			// beside it: the same root.
			for _, mode := range []string{"before", "beside"} {
				datadir := s.copyDatadir(t)
				res := mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", "--debug.logslowblock", "0",
					"--bal.file", binary, "--bal.type", "1", "--bal.fetch", mode, s.work)
				if h := head(t, datadir); h.StateRoot != want {
					t.Errorf("type 1, --bal.fetch %s: head root %s, without a sidecar %s", mode, h.StateRoot, want)
				}
				for i, f := range balFiguresOf(t, res.stderr) {
					if listed := s.file.Blocks[i].Slots(); f.SlotsFetched != listed || f.SlotsFromTrie != 0 {
						t.Errorf("type 1, --bal.fetch %s: block %d fetched %d slots and read %d from the tries, want %d fetched", mode, i, f.SlotsFetched, f.SlotsFromTrie, listed)
					}
				}
			}
			// The warming modes other than the default: the same root,
			// the write set warmed (before) or not (off).
			for _, mode := range []string{"before", "beside", "off"} {
				datadir := s.copyDatadir(t)
				res := mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", "--debug.logslowblock", "0",
					"--bal.file", binary, "--bal.type", "4", "--bal.warm", mode, s.work)
				if h := head(t, datadir); h.StateRoot != want {
					t.Errorf("type 4, --bal.warm %s: head root %s, without a sidecar %s", mode, h.StateRoot, want)
				}
				nodes := int64(0)
				for i, f := range balFiguresOf(t, res.stderr) {
					if warmed := f.WarmSlots > 0; warmed != (mode != "off") {
						t.Errorf("type 4, --bal.warm %s: block %d warmed %d slots", mode, i, f.WarmSlots)
					}
					nodes += f.WarmNodes
				}
				// The figures must survive the prefetcher's end in
				// IntermediateRoot (they were once always 0).
				if warmed := nodes > 0; warmed != (mode != "off") {
					t.Errorf("type 4, --bal.warm %s: %d trie nodes warmed", mode, nodes)
				}
				checkNoDatabaseReads(t, res, 2)
			}
		})
	}
}

// TestBALHashMismatch uses the workload's sidecar to import another workload
// with the same block numbers: refused, naming the block, before anything is
// imported; with --bal.skip-mismatch the import runs with normal reads.
func TestBALHashMismatch(t *testing.T) {
	s := setupBAL(t, "mpt-path")
	other := filepath.Join(s.dump.dir, "workload_erc20_approve.rlp")
	datadir := s.copyDatadir(t)
	before := head(t, datadir)
	n := s.file.Blocks[0].Number
	mustFail(t, []string{fmt.Sprintf("entry for block %d has hash %s", n, s.file.Blocks[0].Hash.Hex()), "refusing to import", "--bal.skip-mismatch"},
		"geth", "--datadir", datadir, "import", "--nocompaction", "--bal.file", s.sidecar, other)
	if h := head(t, datadir); h != before {
		t.Fatalf("refused import moved the head from %+v to %+v", before, h)
	}
	res := mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", "--bal.file", s.sidecar, "--bal.skip-mismatch", other)
	if !strings.Contains(res.stdout, "0 blocks executed with an entry, 2 without one") {
		t.Errorf("skipped entries not reported:\n%s", res.stdout)
	}
	if !strings.Contains(res.stderr, "Skipping BAL sidecar entry") {
		t.Errorf("no warning for the skipped entries:\n%s", tail(res.stderr, 10))
	}
	mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", s.dump.manifest, "--file", "workload_erc20_approve.rlp")
}

// TestBALMalformedFile checks that broken sidecars are refused with the entry,
// line or offset at fault, before the datadir is touched.
func TestBALMalformedFile(t *testing.T) {
	s := setupBAL(t, "mpt-path")
	good, err := os.ReadFile(s.sidecar)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(good), "\n")
	dir := t.TempDir()

	badHex := append([]string(nil), lines...)
	badHex[2] = strings.Replace(badHex[2], "0x", "0xzz", 1)
	truncated := string(good[:len(good)/2])

	var bin bytes.Buffer
	if err := balsidecar.EncodeBinary(&bin, s.file); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, content string
		want          []string
	}{
		{"bad-hex.json", strings.Join(badHex, "\n"), []string{"blocks[0]: block ", "accounts[0]: ", "common.Address"}},
		{"truncated.json", truncated, []string{"line ", fmt.Sprintf("offset %d", len(truncated)), "unexpected end of input"}},
		{"wrong-type.json", strings.Replace(string(good), "\"type\": 4", "\"type\": 2", 1), []string{"unsupported sidecar type 2 (want 1, 3 or 4)"}},
		{"truncated.bal", bin.String()[:bin.Len()-5], []string{"offset ", "truncated input"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			datadir := s.copyDatadir(t)
			before := treeDigest(t, datadir)
			path := filepath.Join(dir, c.name)
			if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			res := mustFail(t, append([]string{path}, c.want...), "geth", "--datadir", datadir, "import", "--nocompaction", "--bal.file", path, s.work)
			if strings.Contains(res.stdout+res.stderr, "Importing blockchain") {
				t.Error("import started despite the malformed sidecar")
			}
			if treeDigest(t, datadir) != before {
				t.Error("refused import changed the datadir")
			}
		})
	}
	// Bad flag values are refused before anything is opened.
	datadir := s.copyDatadir(t)
	mustFail(t, []string{"invalid --bal.type 2"}, "geth", "--datadir", datadir, "import", "--bal.file", s.sidecar, "--bal.type", "2", s.work)
	mustFail(t, []string{"invalid value 1025 for flag --bal.workers"}, "geth", "--datadir", datadir, "import", "--bal.file", s.sidecar, "--bal.workers", "1025", s.work)
	mustFail(t, []string{"--bal.type needs --bal.file"}, "geth", "--datadir", datadir, "import", "--bal.type", "1", s.work)
	mustFail(t, []string{"no such file"}, "geth", "--datadir", datadir, "import", "--bal.file", filepath.Join(dir, "missing.json"), s.work)
}

// TestBALWrongValues corrupts the pre-block values of the workload's second
// block: the first block imports, the second fails validation, the import
// exits non-zero naming the block and the sidecar, and the head stays at the
// first block.
func TestBALWrongValues(t *testing.T) {
	s := setupBAL(t, "mpt-path")
	for _, typ := range []int{3, 4} {
		t.Run(fmt.Sprintf("type-%d", typ), func(t *testing.T) {
			f, err := balsidecar.Load(s.sidecar)
			if err != nil {
				t.Fatal(err)
			}
			bad := f.Blocks[1]
			changed := 0
			for _, a := range bad.Accounts {
				if typ == 3 {
					for i := range a.Values {
						a.Values[i][31] ^= 1
						changed++
					}
				} else if !a.Absent {
					a.Balance = new(uint256.Int).AddUint64(a.Balance, 1)
					changed++
				}
			}
			if changed == 0 {
				t.Fatal("nothing to corrupt in the second block")
			}
			path := writeSidecar(t, f, filepath.Join(t.TempDir(), "bad.bal"))
			datadir := s.copyDatadir(t)
			mustFail(t, []string{fmt.Sprintf("block %d (%s)", bad.Number, bad.Hash.Hex()), "BAL sidecar " + path, "likely cause"},
				"geth", "--datadir", datadir, "import", "--nocompaction", "--bal.file", path, "--bal.type", fmt.Sprint(typ), s.work)
			if h := head(t, datadir); h.Number != f.Blocks[0].Number {
				t.Errorf("head at block %d after the failure, want the last good block %d", h.Number, f.Blocks[0].Number)
			}
		})
	}
}

// TestBALMissingBlocks imports the workload with a sidecar that lists only
// its first block: the second runs with normal reads and is counted.
func TestBALMissingBlocks(t *testing.T) {
	s := setupBAL(t, "ubt")
	f, err := balsidecar.Load(s.sidecar)
	if err != nil {
		t.Fatal(err)
	}
	f.Blocks = f.Blocks[:1]
	path := writeSidecar(t, f, filepath.Join(t.TempDir(), "first.bal.json"))
	datadir := s.copyDatadir(t)
	res := mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", "--debug.logslowblock", "0", "--bal.file", path, s.work)
	if !strings.Contains(res.stdout, "1 blocks executed with an entry, 1 without one") {
		t.Errorf("missing block not reported:\n%s", res.stdout)
	}
	if n := len(balFiguresOf(t, res.stderr)); n != 1 {
		t.Errorf("%d bal objects logged, want 1", n)
	}
	mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", s.dump.manifest, "--file", filepath.Base(s.work))
}
