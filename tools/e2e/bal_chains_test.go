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
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/types/bal"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/holiman/uint256"

	"statelab/core/balsidecar"
	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/fsutil"
)

// balChainKinds are the datadir kinds the sidecar tests run on: MPT under
// both schemes and the binary trie at group depth 6.
var balChainKinds = []string{"mpt-path", "mpt-hash", "ubt"}

func kindFlags(kind string) (trie string, flags []string) {
	switch kind {
	case "mpt-hash":
		return "mpt", []string{"--state.scheme=hash"}
	case "ubt":
		return "ubt", []string{"--bintrie.groupdepth=6"}
	}
	return "mpt", []string{"--state.scheme=path"}
}

// caseChain is a chain made by chaingen (geth's chain maker, with fresh fee
// recipients, accounts created and destroyed within blocks, system calls and
// requests) and a datadir at its genesis.
type caseChain struct {
	dir      string
	manifest string
	chain    string // the blocks
	genesis  string // datadir after geth init; copied, never imported into
	flags    []string
}

// caseChainBlocks is the length of every case chain.
const caseChainBlocks = 8

var (
	caseChainsMu sync.Mutex
	caseChains   = map[string]*caseChain{}
)

// setupCaseChain makes (once per kind) a chaingen chain and an initialized
// datadir. The kind amsterdamCaseKind is an MPT chain with Amsterdam at
// genesis, every block carrying its EIP-7928 access list.
func setupCaseChain(t *testing.T, kind string) *caseChain {
	t.Helper()
	caseChainsMu.Lock()
	defer caseChainsMu.Unlock()
	if c, ok := caseChains[kind]; ok {
		return c
	}
	dir := filepath.Join(e2eScratch(t), "cases-"+kind)
	trie, flags := kindFlags(kind)
	c := &caseChain{dir: filepath.Join(dir, "chain"), flags: flags, genesis: filepath.Join(dir, "genesis-datadir")}
	args := []string{"--trie", trie, "--blocks", fmt.Sprint(caseChainBlocks), "--out", c.dir}
	if kind == amsterdamCaseKind {
		args = append(args, "--fork", "amsterdam")
	}
	mustRun(t, "chaingen", args...)
	c.manifest, c.chain = filepath.Join(c.dir, "manifest.json"), filepath.Join(c.dir, "chain.rlp")
	mustRun(t, "geth", append(append([]string{"--datadir", c.genesis}, flags...), "init", filepath.Join(c.dir, "genesis.json"))...)
	caseChains[kind] = c
	return c
}

// e2eScratch returns the directory TestMain removes, creating it once.
func e2eScratch(t *testing.T) string {
	t.Helper()
	dumpsMu.Lock()
	defer dumpsMu.Unlock()
	if dumpDir == "" {
		dir, err := os.MkdirTemp("", "statelab-e2e-")
		if err != nil {
			t.Fatal(err)
		}
		dumpDir = dir
	}
	return dumpDir
}

func (c *caseChain) copyGenesis(t *testing.T) string {
	t.Helper()
	return copyDatadir(t, c.genesis)
}

// copyDatadir copies a stopped datadir into the test's temporary directory.
func copyDatadir(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "datadir")
	if err := fsutil.CopyTree(src, dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

// checkNoDatabaseReads fails unless every block of a Type-4 import read no
// account, slot or code from the database during execution.
func checkNoDatabaseReads(t *testing.T, res *result, blocks int) {
	t.Helper()
	figs := balFiguresOf(t, res.stderr)
	if len(figs) != blocks {
		t.Fatalf("%d bal objects logged, want %d", len(figs), blocks)
	}
	for i, f := range figs {
		if f.DBAccountReads != 0 || f.DBSlotReads != 0 || f.DBCodeReads != 0 {
			t.Errorf("block %d of the import: %d accounts, %d slots, %d codes read from the database during execution", i+1, f.DBAccountReads, f.DBSlotReads, f.DBCodeReads)
		}
	}
	if !strings.Contains(res.stdout, "read from the database during execution: 0 accounts, 0 slots, 0 codes") {
		t.Errorf("import summary does not report zero database reads:\n%s", tail(res.stdout, 5))
	}
}

// balVariant is one way to import with a sidecar: its type (0 for none) and
// further flags.
type balVariant struct {
	typ   int
	extra []string
}

// balVariants are every BAL type, Type 1 with each fetch mode: the written
// slots read from the warmed tries (the default), every slot fetched before
// execution, and beside it.
var balVariants = []balVariant{{1, nil}, {1, []string{"--bal.fetch", "before"}}, {1, []string{"--bal.fetch", "beside"}}, {3, nil}, {4, nil}}

// importEachType imports chain into a new datadir (from newDatadir) with
// each variant of the sidecar: every import must reach the manifest's head,
// and a Type-4 import of its blocks must read no state from the database.
func importEachType(t *testing.T, newDatadir func() string, flags []string, sidecar, chain, manifest string, blocks int, variants []balVariant) {
	t.Helper()
	for _, v := range variants {
		datadir := newDatadir()
		args := append(append([]string{"--datadir", datadir}, flags...), "import", "--nocompaction", "--debug.logslowblock", "0")
		if v.typ > 0 {
			args = append(append(args, "--bal.file", sidecar, "--bal.type", fmt.Sprint(v.typ)), v.extra...)
		}
		res := run(t, "geth", append(args, chain)...)
		if res.code != 0 {
			t.Fatalf("type %d %v: import failed:\n%s", v.typ, v.extra, tail(res.stderr, 15))
		}
		if res := run(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", manifest); res.code != 0 {
			t.Fatalf("type %d %v: head is not the manifest's:\n%s", v.typ, v.extra, tail(res.stdout+res.stderr, 10))
		}
		if v.typ == 4 {
			checkNoDatabaseReads(t, res, blocks)
		}
	}
}

// TestBALCaseChains makes a Type-4 sidecar of a chaingen chain with balgen
// offline and imports the chain with it as Type 1 (slots fetched before
// and beside execution), 3 and 4, on MPT under both schemes and on the binary trie at GD-6: every import must reach the
// chain's head root, and the Type-4 import must read no state from the
// database. These chains have what dumpgen's do not: fee recipients and
// accounts that do not exist before their block, contracts created and
// self-destructed within one, system calls and requests.
func TestBALCaseChains(t *testing.T) {
	for _, kind := range balChainKinds {
		t.Run(kind, func(t *testing.T) {
			c := setupCaseChain(t, kind)
			sidecar := filepath.Join(t.TempDir(), "chain.bal")
			mustRun(t, "balgen", "offline", "--datadir", c.genesis, "--dump", c.chain, "--out", sidecar, "--type", "4", "--geth", bin(t, "geth"))
			f, err := balsidecar.Load(sidecar)
			if err != nil {
				t.Fatal(err)
			}
			importEachType(t, func() string { return c.copyGenesis(t) }, c.flags, sidecar, c.chain, c.manifest, len(f.Blocks),
				append([]balVariant{{typ: 0}}, balVariants...))
		})
	}
}

// serveIPC starts geth on a datadir with only its IPC endpoint (no HTTP, no
// network, no port to race for) and returns the endpoint's path.
func serveIPC(t *testing.T, datadir string, flags ...string) string {
	t.Helper()
	sock, err := os.MkdirTemp("", "ipc") // unix socket paths must be short
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sock) })
	ipc := filepath.Join(sock, "geth.ipc")
	args := append(append([]string{"--datadir", datadir}, flags...), "--ipcpath", ipc,
		"--port", "0", "--nodiscover", "--maxpeers", "0", "--authrpc.port", "0", "--syncmode", "full")
	geth := exec.Command(bin(t, "geth"), args...)
	logs := new(strings.Builder)
	geth.Stdout, geth.Stderr = logs, logs
	if err := geth.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { geth.Wait(); close(done) }()
	t.Cleanup(func() {
		geth.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(time.Minute):
			geth.Process.Kill()
			<-done
		}
	})
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		select {
		case <-done:
			t.Fatalf("geth exited:\n%s", tail(logs.String(), 15))
		default:
		}
		if client, err := rpc.Dial(ipc); err == nil {
			var n string
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err = client.CallContext(ctx, &n, "eth_blockNumber")
			cancel()
			client.Close()
			if err == nil {
				return ipc
			}
		}
	}
	t.Fatalf("geth did not answer on %s within a minute:\n%s", ipc, tail(logs.String(), 15))
	return ""
}

// TestBALOnlineCaseChains serves an imported chaingen chain over IPC and runs
// balgen online against it. Its values come from the parent state, so every
// value it lists must equal the offline recording's, every key it lists must
// be one the offline recording lists too, and a Type-4 import with it must
// reach the head root.
func TestBALOnlineCaseChains(t *testing.T) {
	for _, kind := range []string{"mpt-path", "ubt"} {
		t.Run(kind, func(t *testing.T) {
			c := setupCaseChain(t, kind)
			offline := filepath.Join(t.TempDir(), "offline.bal")
			mustRun(t, "balgen", "offline", "--datadir", c.genesis, "--dump", c.chain, "--out", offline, "--type", "4", "--geth", bin(t, "geth"))
			// A node with the chain: under the path scheme it keeps the
			// states of the last 128 blocks, every parent state here.
			served := c.copyGenesis(t)
			mustRun(t, "geth", append(append([]string{"--datadir", served}, c.flags...), "import", "--nocompaction", c.chain)...)
			ipc := serveIPC(t, served, c.flags...)
			online := filepath.Join(t.TempDir(), "online.bal.json")
			want, err := balsidecar.Load(offline)
			if err != nil {
				t.Fatal(err)
			}
			first, last := want.Blocks[0].Number, want.Blocks[len(want.Blocks)-1].Number
			mustRun(t, "balgen", "online", "--rpc", ipc, "--from", fmt.Sprint(first), "--to", fmt.Sprint(last), "--type", "4", "--out", online)
			got, err := balsidecar.Load(online)
			if err != nil {
				t.Fatal(err)
			}
			compareSidecars(t, got, want)

			datadir := c.copyGenesis(t)
			res := run(t, "geth", append(append([]string{"--datadir", datadir}, c.flags...), "import", "--nocompaction", "--bal.file", online, c.chain)...)
			if res.code != 0 {
				t.Fatalf("import with the online sidecar failed:\n%s", tail(res.stderr, 15))
			}
			mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", c.manifest)
		})
	}
}

// compareSidecars checks that every account and slot got lists is listed in
// want with the same pre-block values, and marked written wherever want
// marks it written.
func compareSidecars(t *testing.T, got, want *balsidecar.File) {
	t.Helper()
	if len(got.Blocks) != len(want.Blocks) {
		t.Fatalf("%d blocks, want %d", len(got.Blocks), len(want.Blocks))
	}
	for i, gb := range got.Blocks {
		wb := want.Blocks[i]
		if gb.Number != wb.Number || gb.Hash != wb.Hash {
			t.Fatalf("block %d (%s), want %d (%s)", gb.Number, gb.Hash.Hex(), wb.Number, wb.Hash.Hex())
		}
		index := make(map[string]*balsidecar.Account)
		for _, a := range wb.Accounts {
			index[a.Address.Hex()] = a
		}
		for _, ga := range gb.Accounts {
			wa := index[ga.Address.Hex()]
			if wa == nil {
				t.Errorf("block %d: %s listed online but not read by the block", gb.Number, ga.Address.Hex())
				continue
			}
			if ga.Absent != wa.Absent || ga.Nonce != wa.Nonce || ga.CodeHash != wa.CodeHash ||
				(ga.Balance == nil) != (wa.Balance == nil) || (ga.Balance != nil && !ga.Balance.Eq(wa.Balance)) {
				t.Errorf("block %d: %s online %+v, recorded %+v", gb.Number, ga.Address.Hex(), ga, wa)
			}
			if wa.Written && !ga.Written {
				t.Errorf("block %d: %s written by the block, not marked written online", gb.Number, ga.Address.Hex())
			}
			slots := make(map[string]string)
			written := make(map[string]bool)
			for j, k := range wa.Slots {
				slots[k.Hex()] = wa.Values[j].Hex()
				written[k.Hex()] = wa.SlotWritten[j]
			}
			for j, k := range ga.Slots {
				if v, ok := slots[k.Hex()]; !ok {
					t.Errorf("block %d: %s slot %s listed online but not read by the block", gb.Number, ga.Address.Hex(), k.Hex())
				} else if v != ga.Values[j].Hex() {
					t.Errorf("block %d: %s slot %s online %s, recorded %s", gb.Number, ga.Address.Hex(), k.Hex(), ga.Values[j].Hex(), v)
				} else if written[k.Hex()] && !ga.SlotWritten[j] {
					t.Errorf("block %d: %s slot %s written by the block, not marked written online", gb.Number, ga.Address.Hex(), k.Hex())
				}
			}
		}
	}
}

// TestBALRecordRefusals checks geth import --bal.record's refusals and that a
// failed import leaves no sidecar behind.
func TestBALRecordRefusals(t *testing.T) {
	c := setupCaseChain(t, "mpt-path")
	dir := t.TempDir()
	out := filepath.Join(dir, "rec.bal")
	datadir := c.copyGenesis(t)
	mustFail(t, []string{"--bal.record and --bal.file cannot be used together"},
		"geth", "--datadir", datadir, "import", "--bal.record", out, "--bal.file", out, c.chain)
	mustFail(t, []string{"--bal.record", "does not exist"},
		"geth", "--datadir", datadir, "import", "--bal.record", filepath.Join(dir, "no", "such", "dir", "x.bal"), c.chain)
	// A chain file whose second half is garbage: the import fails, and the
	// sidecar of the blocks that did import is not written.
	raw, err := os.ReadFile(c.chain)
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "broken.rlp")
	if err := os.WriteFile(broken, append(raw[:len(raw)/2], 0xff, 0xff, 0xff), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run(t, "geth", "--datadir", datadir, "import", "--nocompaction", "--bal.record", out, broken)
	if res.code == 0 {
		t.Fatal("import of a broken chain file succeeded")
	}
	if !strings.Contains(res.stdout, "not written (the import failed)") {
		t.Errorf("no word on the discarded sidecar:\n%s", tail(res.stdout, 5))
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "broken.rlp" {
			t.Errorf("failed import left %s behind", e.Name())
		}
	}
}

// TestBALOfflineRefusedChain gives balgen offline a chain whose last block
// has a wrong state root: its one-line error must name the geth command, the
// exit status and geth's reason (the block and the root mismatch), not the
// statistics geth prints after a failed import.
func TestBALOfflineRefusedChain(t *testing.T) {
	c := setupCaseChain(t, "mpt-path")
	blocks, err := blockfile.ReadFile(c.chain)
	if err != nil {
		t.Fatal(err)
	}
	last := blocks[len(blocks)-1]
	header := last.Header()
	header.Root = common.Hash{0x01}
	blocks[len(blocks)-1] = types.NewBlockWithHeader(header).WithBody(*last.Body())
	bad := filepath.Join(t.TempDir(), "bad-root.rlp")
	if err := blockfile.WriteFile(bad, blocks); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"balgen: geth import " + bad + " (into a copy of " + c.genesis + "): exit status 1: ",
		fmt.Sprintf("invalid block %d: ", last.NumberU64()),
		"invalid merkle root",
	}
	res := mustFail(t, want, "balgen", "offline", "--datadir", c.genesis, "--dump", bad, "--out", filepath.Join(t.TempDir(), "bad.bal"), "--geth", bin(t, "geth"))
	lines := strings.Split(strings.TrimSpace(res.stderr), "\n")
	if errLine := lines[len(lines)-1]; !strings.HasPrefix(errLine, want[0]) || !strings.Contains(errLine, want[2]) {
		t.Errorf("the error is not balgen's last line, on one line:\n%s", tail(res.stderr, 10))
	} else if res.reason != errLine {
		t.Errorf("the harness reads balgen's reason as %q, want its error line", res.reason)
	}
	for _, stat := range []string{"GC pause", "Compactions:", "Block cache:"} {
		if strings.Contains(res.stderr, stat) {
			t.Errorf("the error shows geth's statistics (%q):\n%s", stat, tail(res.stderr, 10))
		}
	}
}

// TestBALFromEIP7928 turns each block's recorded access set into a standard
// EIP-7928 block access list (what a node building Amsterdam blocks would
// give), converts those with balgen eip7928 into a Type-1 sidecar, and
// imports the chain with it: the head root must be the chain's, with the
// listed state fetched and the write set warmed.
func TestBALFromEIP7928(t *testing.T) {
	c := setupCaseChain(t, "mpt-path")
	dir := t.TempDir()
	recorded := filepath.Join(dir, "rec.bal")
	mustRun(t, "balgen", "offline", "--datadir", c.genesis, "--dump", c.chain, "--out", recorded, "--geth", bin(t, "geth"))
	f, err := balsidecar.Load(recorded)
	if err != nil {
		t.Fatal(err)
	}
	var lists bytes.Buffer
	for _, b := range f.Blocks {
		list := bal.NewConstructionBlockAccessList()
		for _, a := range b.Accounts {
			list.AccountRead(a.Address)
			if a.Written {
				list.BalanceChange(1, a.Address, uint256.NewInt(1))
			}
			for i, key := range a.Slots {
				if a.SlotWritten[i] {
					list.StorageWrite(1, a.Address, key, common.Hash{1})
				} else {
					list.StorageRead(a.Address, key)
				}
			}
		}
		if err := rlp.Encode(&lists, list.ToEncodingObj()); err != nil {
			t.Fatal(err)
		}
	}
	in := filepath.Join(dir, "lists.rlp")
	if err := os.WriteFile(in, lists.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sidecar := filepath.Join(dir, "eip7928.bal")
	mustRun(t, "balgen", "eip7928", "--in", in, "--dump", c.chain, "--out", sidecar)
	datadir := c.copyGenesis(t)
	res := run(t, "geth", append(append([]string{"--datadir", datadir}, c.flags...), "import", "--nocompaction", "--debug.logslowblock", "0", "--bal.file", sidecar, c.chain)...)
	if res.code != 0 {
		t.Fatalf("import with the EIP-7928 sidecar failed:\n%s", tail(res.stderr, 15))
	}
	mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", c.manifest)
	figs := balFiguresOf(t, res.stderr)
	if len(figs) != len(f.Blocks) {
		t.Fatalf("%d bal objects logged, want %d", len(figs), len(f.Blocks))
	}
	for i, fig := range figs {
		if fig.Type != 1 || fig.SlotsFetched == 0 || fig.WarmSlots == 0 {
			t.Errorf("block %d: %+v, want type 1 with slots fetched and a write set warmed", i+1, fig)
		}
	}
}
