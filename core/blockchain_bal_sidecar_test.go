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

package core

import (
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"
)

// balTestChain makes blocks that each increment slot 1 of a contract and pay
// a fresh address, a reference chain that imported them, and a Type-4
// sidecar of them read from the reference chain's pre-block states.
func balTestChain(t *testing.T, n int) (*Genesis, []*types.Block, *BlockChain, *balsidecar.File) {
	t.Helper()
	var (
		key, _   = crypto.HexToECDSA("b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291")
		sender   = crypto.PubkeyToAddress(key.PublicKey)
		contract = common.HexToAddress("0xc0de")
		slot     = common.BigToHash(big.NewInt(1))
		// PUSH1 1 SLOAD PUSH1 1 ADD PUSH1 1 SSTORE STOP
		code  = common.FromHex("0x60015460010160015500")
		gspec = &Genesis{
			Config: params.TestChainConfig,
			Alloc: types.GenesisAlloc{
				sender:   {Balance: big.NewInt(1e18)},
				contract: {Code: code, Storage: map[common.Hash]common.Hash{slot: common.BigToHash(big.NewInt(5))}},
			},
		}
		signer = types.LatestSigner(gspec.Config)
	)
	_, blocks, _ := GenerateChainWithGenesis(gspec, ethash.NewFaker(), n, func(i int, b *BlockGen) {
		tx, _ := types.SignTx(types.NewTransaction(b.TxNonce(sender), contract, nil, 100000, b.BaseFee(), nil), signer, key)
		b.AddTx(tx)
		tx, _ = types.SignTx(types.NewTransaction(b.TxNonce(sender), common.Address{byte(i + 1), 0xee}, big.NewInt(1000), 21000, b.BaseFee(), nil), signer, key)
		b.AddTx(tx)
	})
	ref, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ref.Stop)
	if _, err := ref.InsertChain(blocks); err != nil {
		t.Fatal(err)
	}
	file := &balsidecar.File{Type: balsidecar.TypeFullPrestate}
	for i, block := range blocks {
		parent := ref.GetHeaderByHash(block.ParentHash())
		statedb, err := ref.StateAt(parent.Root, parent.Number, parent.Time)
		if err != nil {
			t.Fatal(err)
		}
		entry := &balsidecar.Block{Number: block.NumberU64(), Hash: block.Hash()}
		for _, addr := range []common.Address{sender, contract, {byte(i + 1), 0xee}, block.Coinbase()} {
			a := &balsidecar.Account{Address: addr}
			if !statedb.Exist(addr) {
				a.Absent = true
			} else {
				a.Nonce = statedb.GetNonce(addr)
				a.Balance = statedb.GetBalance(addr).Clone()
				a.CodeHash = statedb.GetCodeHash(addr)
				a.StorageRoot = statedb.GetStorageRoot(addr)
			}
			if addr == contract {
				a.Slots = []common.Hash{slot}
				a.Values = []common.Hash{statedb.GetState(addr, slot)}
			}
			entry.Accounts = append(entry.Accounts, a)
		}
		file.Blocks = append(file.Blocks, entry)
	}
	if err := file.Validate(); err != nil {
		t.Fatal(err)
	}
	head, _ := ref.State()
	if v := head.GetState(contract, slot); v != common.BigToHash(big.NewInt(int64(5+n))) {
		t.Fatalf("contract slot is %x after %d blocks, want %d: the test chain does not exercise storage", v, n, 5+n)
	}
	return gspec, blocks, ref, file
}

// importWithSidecar inserts blocks into a fresh chain that applies file as
// the given type.
func importWithSidecar(t *testing.T, gspec *Genesis, blocks []*types.Block, file *balsidecar.File, typ balsidecar.Type) (*BlockChain, *BALSidecar, error) {
	t.Helper()
	return importWithSidecarFetch(t, gspec, blocks, file, typ, BALFetchBefore)
}

// importWithSidecarFetch is importWithSidecar with the given fetch mode.
func importWithSidecarFetch(t *testing.T, gspec *Genesis, blocks []*types.Block, file *balsidecar.File, typ balsidecar.Type, fetch BALFetchMode) (*BlockChain, *BALSidecar, error) {
	t.Helper()
	s, err := NewBALSidecar(file, "test.bal", BALSidecarConfig{Type: typ, Workers: DefaultBALWorkers, Fetch: fetch})
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.BALSidecar = s
	chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(chain.Stop)
	_, err = chain.InsertChain(blocks)
	return chain, s, err
}

// TestBALSidecarSameRoot inserts a chain with each sidecar type (Type 1
// with its slots fetched before execution and beside it), one block left out
// of the sidecar: every block is accepted, the head is the reference chain's,
// and the blocks with and without an entry are counted.
func TestBALSidecarSameRoot(t *testing.T) {
	gspec, blocks, ref, file := balTestChain(t, 4)
	file.Blocks = append(file.Blocks[:1], file.Blocks[2:]...) // block 2 unlisted
	for _, c := range []struct {
		typ   balsidecar.Type
		fetch BALFetchMode
	}{
		{balsidecar.TypeKeys, BALFetchBeside},
		{balsidecar.TypeKeys, BALFetchBefore},
		{balsidecar.TypeSlotValues, BALFetchBefore},
		{balsidecar.TypeFullPrestate, BALFetchBefore},
	} {
		chain, s, err := importWithSidecarFetch(t, gspec, blocks, file, c.typ, c.fetch)
		if err != nil {
			t.Fatalf("type %d, fetch %s: %v", c.typ, c.fetch, err)
		}
		if got, want := chain.CurrentBlock().Root, ref.CurrentBlock().Root; got != want {
			t.Fatalf("type %d, fetch %s: head root %x, want %x", c.typ, c.fetch, got, want)
		}
		if used, missing, _ := s.Counts(); used != 3 || missing != 1 {
			t.Errorf("type %d, fetch %s: %d blocks with an entry, %d without; want 3 and 1", c.typ, c.fetch, used, missing)
		}
	}
}

// TestBALSidecarSlotsFromTrie inserts a chain with a Type-1 sidecar that marks
// what each block writes, with --bal.fetch trie: the written slot of every
// block is read from its warmed storage trie instead of fetched, nothing is
// read from the database during execution, and the head is the reference
// chain's. Without write sets the mode fetches the slots before execution.
func TestBALSidecarSlotsFromTrie(t *testing.T) {
	gspec, blocks, ref, file := balTestChain(t, 4)
	markAllWritten(file)
	chain, s, err := importWithSidecarFetch(t, gspec, blocks, file, balsidecar.TypeKeys, BALFetchTrie)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := chain.CurrentBlock().Root, ref.CurrentBlock().Root; got != want {
		t.Fatalf("head root %x, want %x", got, want)
	}
	if n := s.SlotsFromTrie(); n != int64(len(blocks)) {
		t.Errorf("%d slots read from the warmed tries, want %d (one per block)", n, len(blocks))
	}
	if accounts, slots, code := s.ExecutionReads(); accounts != 0 || slots != 0 || code != 0 {
		t.Errorf("execution read %d accounts, %d slots, %d codes from the database", accounts, slots, code)
	}
	file.Writes = false
	chain, s, err = importWithSidecarFetch(t, gspec, blocks, file, balsidecar.TypeKeys, BALFetchTrie)
	if err != nil || chain.CurrentBlock().Root != ref.CurrentBlock().Root {
		t.Fatalf("without write sets: %v", err)
	}
	if n := s.SlotsFromTrie(); n != 0 {
		t.Errorf("without write sets: %d slots read from tries", n)
	}
}

// TestBALSidecarWrongValue corrupts block 3's pre-block values: blocks 1 and 2
// are inserted, block 3 is rejected, and the error names it and the sidecar.
func TestBALSidecarWrongValue(t *testing.T) {
	for _, typ := range []balsidecar.Type{balsidecar.TypeSlotValues, balsidecar.TypeFullPrestate} {
		gspec, blocks, _, file := balTestChain(t, 4)
		for _, a := range file.Blocks[2].Accounts {
			if typ == balsidecar.TypeSlotValues && len(a.Values) > 0 {
				a.Values[0][31]++
			}
			if typ == balsidecar.TypeFullPrestate && !a.Absent && a.Nonce > 0 {
				a.Balance = new(uint256.Int).AddUint64(a.Balance, 1)
			}
		}
		chain, s, err := importWithSidecar(t, gspec, blocks, file, typ)
		if err == nil {
			t.Fatalf("type %d: wrong values accepted", typ)
		}
		if n := chain.CurrentBlock().Number.Uint64(); n != 2 {
			t.Errorf("type %d: head at block %d, want the last good block 2", typ, n)
		}
		msg := s.ExplainError(err).Error()
		if want := "block 3 (" + blocks[2].Hash().Hex() + ")"; !strings.Contains(msg, want) || !strings.Contains(msg, "likely cause") {
			t.Errorf("type %d: error %q does not name %s and the sidecar", typ, msg, want)
		}
	}
	// Type 1 carries no values, so a failure is never blamed on it.
	gspec, blocks, _, file := balTestChain(t, 2)
	_, s, err := importWithSidecar(t, gspec, blocks, file, balsidecar.TypeKeys)
	if err != nil || s.ExplainError(nil) != nil {
		t.Fatalf("type 1 import: %v", err)
	}
}

// TestBALSidecarHashMismatch checks that an entry whose hash differs from the
// block's is refused, naming the block.
func TestBALSidecarHashMismatch(t *testing.T) {
	gspec, blocks, _, file := balTestChain(t, 3)
	file.Blocks[1].Hash = common.Hash{0xba, 0xd}
	chain, _, err := importWithSidecar(t, gspec, blocks, file, balsidecar.TypeKeys)
	if err == nil || !strings.Contains(err.Error(), "entry for block 2 has hash") {
		t.Fatalf("mismatch not refused: %v", err)
	}
	if n := chain.CurrentBlock().Number.Uint64(); n != 1 {
		t.Errorf("head at block %d, want 1", n)
	}
}

// TestNewBALSidecarArgs checks the type and worker arguments and the fetch
// mode's flag values.
func TestNewBALSidecarArgs(t *testing.T) {
	file := &balsidecar.File{Type: balsidecar.TypeSlotValues}
	for _, c := range []struct {
		typ     balsidecar.Type
		workers int
		ok      bool
	}{{0, 1, true}, {1, 25, true}, {3, 25, true}, {4, 25, false}, {2, 25, false}, {1, 0, true}, {1, -1, false}} {
		s, err := NewBALSidecar(file, "f", BALSidecarConfig{Type: c.typ, Workers: c.workers})
		if (err == nil) != c.ok {
			t.Errorf("type %d, %d workers: error %v", c.typ, c.workers, err)
		}
		if err == nil && c.typ == 0 && s.Type() != file.Type {
			t.Errorf("default type %d, want the file's %d", s.Type(), file.Type)
		}
		if err == nil && c.workers == 0 && s.Workers() != DefaultBALWorkers {
			t.Errorf("default workers %d, want %d", s.Workers(), DefaultBALWorkers)
		}
	}
	for text, ok := range map[string]bool{"beside": true, "before": true, "trie": true, "off": false, "": false} {
		var mode BALFetchMode
		if err := mode.UnmarshalText([]byte(text)); (err == nil) != ok || (ok && mode.String() != text) {
			t.Errorf("fetch mode %q: %v, error %v", text, mode, err)
		}
	}
}

// TestBALSidecarIgnoredAndUnused imports Amsterdam blocks, which carry their
// own access lists, with a sidecar that also lists them and two blocks beyond
// the import: the three entries are counted as ignored, the two as unused,
// and the chain is the one generated.
func TestBALSidecarIgnoredAndUnused(t *testing.T) {
	env := newBALTestEnv(nil)
	engine := beacon.New(ethash.NewFaker())
	to := common.HexToAddress("0x7e57")
	_, blocks, _ := GenerateChainWithGenesis(env.gspec, engine, 3, func(i int, b *BlockGen) {
		tx, _ := types.SignTx(types.NewTransaction(b.TxNonce(env.from), to, big.NewInt(1000), 21000, b.BaseFee(), nil), env.signer, env.key)
		b.AddTx(tx)
	})
	file := &balsidecar.File{Type: balsidecar.TypeKeys}
	for n := uint64(1); n <= 5; n++ {
		hash := common.Hash{byte(n)}
		if n <= uint64(len(blocks)) {
			hash = blocks[n-1].Hash()
		}
		file.Blocks = append(file.Blocks, &balsidecar.Block{Number: n, Hash: hash, Accounts: []*balsidecar.Account{{Address: env.from}, {Address: to}}})
	}
	// Executed in parallel, the blocks ignore their entries; executed
	// sequentially, they use them.
	for _, parallel := range []bool{true, false} {
		s, err := NewBALSidecar(file, "test.bal", BALSidecarConfig{Workers: DefaultBALWorkers})
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultConfig()
		cfg.VmConfig.DisableParallelExecution = !parallel
		cfg.BALSidecar = s
		chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), env.gspec, engine, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := chain.InsertChain(blocks); err != nil {
			t.Fatalf("parallel %v: %v", parallel, err)
		}
		if head := chain.CurrentBlock(); head.Hash() != blocks[len(blocks)-1].Hash() {
			t.Fatalf("parallel %v: head %x, want %x", parallel, head.Hash(), blocks[len(blocks)-1].Hash())
		}
		wantUsed, wantIgnored := int64(0), int64(3)
		if !parallel {
			wantUsed, wantIgnored = 3, 0
		}
		if used, missing, ignored := s.Counts(); used != wantUsed || missing != 0 || ignored != wantIgnored {
			t.Errorf("parallel %v: %d used, %d missing, %d ignored; want %d, 0, %d", parallel, used, missing, ignored, wantUsed, wantIgnored)
		}
		if n := s.Unused(); n != 2 {
			t.Errorf("parallel %v: %d entries unused, want 2", parallel, n)
		}
		chain.Stop()
	}
}
