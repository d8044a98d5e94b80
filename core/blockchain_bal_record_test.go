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
	"crypto/ecdsa"
	"encoding/binary"
	"math/big"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/core/vm/program"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
)

// balCaseKinds are the state kinds the recording tests run on.
var balCaseKinds = []string{"mpt-path", "mpt-hash", "ubt"}

// balCaseConfig returns the chain config and blockchain config of a kind.
func balCaseConfig(kind string) (*params.ChainConfig, *BlockChainConfig) {
	switch kind {
	case "mpt-hash":
		return params.MergedTestChainConfig, DefaultConfig().WithStateScheme(rawdb.HashScheme)
	case "ubt":
		cfg := DefaultConfig().WithStateScheme(rawdb.PathScheme)
		cfg.SnapshotLimit = 0
		cfg.BinTrieGroupDepth = 6
		return testUBTChainConfig, cfg
	default:
		return params.MergedTestChainConfig, DefaultConfig().WithStateScheme(rawdb.PathScheme)
	}
}

// balCaseChain makes blocks in the shapes that made sidecars wrong before
// block-level pre-state was recorded: a fee recipient and withdrawal
// recipients that do not exist before their block, accounts created and
// funded within a block and spending in it, a contract created by a
// transaction and called in the same block, a CREATE2 child that
// self-destructs in its constructor (EIP-6780) paying a fresh beneficiary, a
// slot written and read back by a later transaction, a slot cleared to zero,
// a transfer to a precompile, a call that writes and reads and then reverts,
// an empty pre-existing account touched (EIP-158 deletes it), system calls
// (EIP-4788, EIP-2935) and, on Prague chains, an EIP-7002 withdrawal request.
func balCaseChain(t *testing.T, kind string, n int) (*Genesis, []*types.Block) {
	t.Helper()
	config, _ := balCaseConfig(kind)
	var (
		keys    = []*ecdsa.PrivateKey{balTestKey(0), balTestKey(1)}
		senders = []common.Address{crypto.PubkeyToAddress(keys[0].PublicKey), crypto.PubkeyToAddress(keys[1].PublicKey)}
		// store: SSTORE(cd[32], SLOAD(cd[0]) + cd[64]): writes, copies and clears slots.
		storeAddr = common.HexToAddress("0x5107e")
		store     = program.New().Push(64).Op(vm.CALLDATALOAD).Push(0).Op(vm.CALLDATALOAD).Op(vm.SLOAD).Op(vm.ADD).
				Push(32).Op(vm.CALLDATALOAD).Op(vm.SSTORE).Op(vm.STOP).Bytes()
		// reverter: calls store with its own calldata, reads the balance of
		// the address in cd[96], then reverts.
		reverterAddr = common.HexToAddress("0x2e7e2")
		reverter     = program.New().Push(96).Push(0).Push(0).Op(vm.CALLDATACOPY).
				Push(0).Push(0).Push(96).Push(0).Push(0).Push(storeAddr).Op(vm.GAS).Op(vm.CALL).Op(vm.POP).
				Push(96).Op(vm.CALLDATALOAD).Op(vm.BALANCE).Op(vm.POP).
				Push(0).Push(0).Op(vm.REVERT).Bytes()
		// factory: CREATE2(value, calldata as init code, salt = block number).
		factoryAddr = common.HexToAddress("0xfac7")
		factory     = program.New().Op(vm.CALLDATASIZE).Push(0).Push(0).Op(vm.CALLDATACOPY).
				Op(vm.NUMBER).Op(vm.CALLDATASIZE).Push(0).Op(vm.CALLVALUE).Op(vm.CREATE2).Op(vm.POP).Op(vm.STOP).Bytes()
		// counter: the runtime of contracts created by transactions.
		counter = program.New().Push(0).Op(vm.SLOAD).Push(1).Op(vm.ADD).Push(0).Op(vm.SSTORE).Op(vm.STOP).Bytes()
		empty   = common.HexToAddress("0xe4e4")
		alloc   = types.GenesisAlloc{
			senders[0]:                       {Balance: big.NewInt(1e18)},
			senders[1]:                       {Balance: big.NewInt(1e18)},
			storeAddr:                        {Code: store, Storage: map[common.Hash]common.Hash{common.HexToHash("0x01"): {0x11}, common.HexToHash("0x02"): {0x22}}},
			reverterAddr:                     {Code: reverter},
			factoryAddr:                      {Code: factory},
			empty:                            {Balance: new(big.Int)},
			params.BeaconRootsAddress:        {Nonce: 1, Code: params.BeaconRootsCode},
			params.HistoryStorageAddress:     {Nonce: 1, Code: params.HistoryStorageCode},
			params.WithdrawalQueueAddress:    {Nonce: 1, Code: params.WithdrawalQueueCode},
			params.ConsolidationQueueAddress: {Nonce: 1, Code: params.ConsolidationQueueCode},
		}
		gspec  = &Genesis{Config: config, Alloc: alloc, GasLimit: 30_000_000, BaseFee: big.NewInt(params.InitialBaseFee)}
		signer = types.LatestSigner(config)
	)
	word := func(v uint64) []byte { return common.BigToHash(new(big.Int).SetUint64(v)).Bytes() }
	call := func(b *BlockGen, from int, to *common.Address, value int64, data []byte) {
		tx := types.MustSignNewTx(keys[from], signer, &types.DynamicFeeTx{
			ChainID: config.ChainID, Nonce: b.TxNonce(senders[from]), To: to, Value: big.NewInt(value),
			Gas: 1_000_000, GasFeeCap: big.NewInt(10 * params.GWei), GasTipCap: big.NewInt(params.GWei), Data: data,
		})
		b.AddTx(tx)
	}
	_, blocks, _ := GenerateChainWithGenesis(gspec, beacon.New(ethash.NewFaker()), n, func(i int, b *BlockGen) {
		u := uint64(i)
		b.SetCoinbase(common.Address{0xcb, byte(i)})
		// A fresh account, funded and spending in the same block.
		fresh := balTestKey(100 + i)
		freshAddr := crypto.PubkeyToAddress(fresh.PublicKey)
		call(b, 0, &freshAddr, 1e16, nil)
		b.AddTx(types.MustSignNewTx(fresh, signer, &types.DynamicFeeTx{
			ChainID: config.ChainID, Nonce: 0, To: &common.Address{0xf0, byte(i)}, Value: big.NewInt(1e15),
			Gas: 100_000, GasFeeCap: big.NewInt(10 * params.GWei), GasTipCap: big.NewInt(params.GWei),
		}))
		// A new slot, then read back into another slot by a later transaction.
		call(b, 0, &storeAddr, 0, append(append(word(0xdead), word(10+u)...), word(u+1)...))
		call(b, 1, &storeAddr, 0, append(append(word(10+u), word(100+u)...), word(0)...))
		if i == 0 {
			// Slot 1 cleared to zero.
			call(b, 0, &storeAddr, 0, append(append(word(0xdead), word(1)...), word(0)...))
		}
		// A transaction that reverts after a call that wrote and read.
		call(b, 1, &reverterAddr, 0, append(append(append(word(2), word(200+u)...), word(5)...), common.LeftPadBytes([]byte{0xaa, byte(i)}, 32)...))
		// A CREATE2 child that self-destructs in its constructor.
		call(b, 0, &factoryAddr, 1000, program.New().Selfdestruct(common.Address{0xbe, byte(i)}).Bytes())
		// A contract created by a transaction, then called.
		created := crypto.CreateAddress(senders[1], b.TxNonce(senders[1]))
		call(b, 1, nil, 0, program.New().Sstore(0, 42).ReturnViaCodeCopy(counter).Bytes())
		call(b, 0, &created, 0, nil)
		// Value to a precompile.
		call(b, 1, &common.Address{4}, 1, nil)
		if i == 1 {
			call(b, 0, &empty, 0, nil) // EIP-158: the empty account is deleted
		}
		if config.IsPrague(b.Number(), b.Timestamp()) && i == 2 {
			data := make([]byte, 56)
			data[0] = 0xab
			binary.BigEndian.PutUint64(data[48:], 1e9)
			call(b, 0, &params.WithdrawalQueueAddress, 1, data)
		}
		if config.IsShanghai(b.Number(), b.Timestamp()) {
			b.AddWithdrawal(&types.Withdrawal{Validator: u, Address: common.Address{0x77, byte(i)}, Amount: 1e9})
		}
	})
	return gspec, blocks
}

// balTestKey is a deterministic private key.
func balTestKey(i int) *ecdsa.PrivateKey {
	key, err := crypto.ToECDSA(crypto.Keccak256([]byte{0x5e, byte(i)}))
	if err != nil {
		panic(err)
	}
	return key
}

// recordBALSidecar imports blocks into a fresh chain that records their
// pre-state, and returns the chain, the sidecar's path and its content.
func recordBALSidecar(t *testing.T, kind string, gspec *Genesis, blocks []*types.Block, name string) (*BlockChain, string, *balsidecar.File) {
	t.Helper()
	_, cfg := balCaseConfig(kind)
	path := filepath.Join(t.TempDir(), name)
	r, err := NewBALRecorder(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg.BALRecorder = r
	chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, beacon.New(ethash.NewFaker()), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(chain.Stop)
	if _, err := chain.InsertChain(blocks); err != nil {
		r.Abort()
		t.Fatalf("%s: reference import: %v", kind, err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	file, err := balsidecar.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(file.Blocks) != len(blocks) || file.Type != balsidecar.TypeFullPrestate {
		t.Fatalf("%s: recorded %d blocks of type %d, want %d of type 4", kind, len(file.Blocks), file.Type, len(blocks))
	}
	return chain, path, file
}

// TestBALRecordSameRoot records the pre-state of the case chain and imports it
// again with the recording as a Type-1, 3 and 4 sidecar, on MPT (path and hash
// scheme) and on the binary trie, with the write sets warmed beside execution
// (and for Type 4 also before it, and not at all): every import must reach
// the recording chain's head root, and Type 4 must read no account, slot or
// code from the database.
func TestBALRecordSameRoot(t *testing.T) {
	for _, kind := range balCaseKinds {
		t.Run(kind, func(t *testing.T) {
			gspec, blocks := balCaseChain(t, kind, 4)
			ref, path, recorded := recordBALSidecar(t, kind, gspec, blocks, "rec.bal.json")
			checkRecordedCases(t, gspec.Config, blocks, recorded)
			runs := []struct {
				typ  balsidecar.Type
				warm BALWarmMode
			}{
				{balsidecar.TypeKeys, BALWarmBeside}, {balsidecar.TypeSlotValues, BALWarmBeside},
				{balsidecar.TypeFullPrestate, BALWarmBeside}, {balsidecar.TypeFullPrestate, BALWarmBefore}, {balsidecar.TypeFullPrestate, BALWarmOff},
			}
			for _, run := range runs {
				typ := run.typ
				file, err := balsidecar.Load(path)
				if err != nil {
					t.Fatal(err)
				}
				if err := file.Downgrade(typ); err != nil {
					t.Fatal(err)
				}
				s, err := NewBALSidecar(file, "rec.bal.json", BALSidecarConfig{Type: typ, Workers: DefaultBALWorkers, Fetch: BALFetchTrie, Warm: run.warm})
				if err != nil {
					t.Fatal(err)
				}
				_, cfg := balCaseConfig(kind)
				cfg.BALSidecar = s
				chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, beacon.New(ethash.NewFaker()), cfg)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := chain.InsertChain(blocks); err != nil {
					t.Fatalf("type %d: %v", typ, s.ExplainError(err))
				}
				if got, want := chain.CurrentBlock().Root, ref.CurrentBlock().Root; got != want {
					t.Fatalf("type %d: head root %x, want %x", typ, got, want)
				}
				if used, missing, _ := s.Counts(); used != int64(len(blocks)) || missing != 0 {
					t.Errorf("type %d: %d blocks with an entry, %d without", typ, used, missing)
				}
				if a, sl, c := s.ExecutionReads(); typ == balsidecar.TypeFullPrestate && a+sl+c != 0 {
					t.Errorf("type 4 import read from the database: %d accounts, %d slots, %d codes", a, sl, c)
				}
				// Listed slots never reach the database, also those of
				// contracts the block creates (Type 1 reads the written
				// ones from the warmed tries, or injects zero).
				if _, sl, _ := s.ExecutionReads(); sl != 0 {
					t.Errorf("type %d import read %d listed slots from the database", typ, sl)
				}
				chain.Stop()
			}
		})
	}
}

// checkRecordedCases checks some of the pre-state the case chain must record,
// so that the same-root test cannot pass on a chain that lost its cases.
func checkRecordedCases(t *testing.T, config *params.ChainConfig, blocks []*types.Block, f *balsidecar.File) {
	t.Helper()
	find := func(n int, addr common.Address) *balsidecar.Account {
		for _, a := range f.Blocks[n].Accounts {
			if a.Address == addr {
				return a
			}
		}
		t.Fatalf("block %d: %s not recorded", n+1, addr.Hex())
		return nil
	}
	for n, block := range blocks {
		if a := find(n, block.Coinbase()); !a.Absent {
			t.Errorf("block %d: fresh fee recipient %s recorded as existing", n+1, a.Address.Hex())
		}
		if a := find(n, common.Address{0x77, byte(n)}); !a.Absent {
			t.Errorf("block %d: fresh withdrawal recipient recorded as existing", n+1)
		}
		if a := find(n, common.Address{0xbe, byte(n)}); !a.Absent {
			t.Errorf("block %d: self-destruct beneficiary recorded as existing", n+1)
		}
		if a := find(n, params.HistoryStorageAddress); len(a.Slots) != 1 {
			t.Errorf("block %d: EIP-2935 system call: %d slots recorded, want 1", n+1, len(a.Slots))
		}
		if config.IsCancun(block.Number(), block.Time()) {
			if a := find(n, params.BeaconRootsAddress); len(a.Slots) != 2 {
				t.Errorf("block %d: EIP-4788 system call: %d slots recorded, want 2", n+1, len(a.Slots))
			}
		}
	}
	// Write sets: what the block changes, not what it only reads or what a
	// reverted call wrote.
	slotWritten := func(a *balsidecar.Account, slot uint64) (listed, written bool) {
		key := common.BigToHash(new(big.Int).SetUint64(slot))
		for i, k := range a.Slots {
			if k == key {
				return true, a.SlotWritten[i]
			}
		}
		return false, false
	}
	for n := range blocks {
		u := uint64(n)
		store := find(n, common.HexToAddress("0x5107e"))
		for _, c := range []struct {
			slot    uint64
			written bool
		}{{10 + u, true}, {100 + u, true}, {0xdead, false}, {200 + u, false}} {
			if listed, written := slotWritten(store, c.slot); !listed || written != c.written {
				t.Errorf("block %d: store slot %#x listed %v written %v, want listed and written %v", n+1, c.slot, listed, written, c.written)
			}
		}
		if a := find(n, blocks[n].Coinbase()); !a.Written {
			t.Errorf("block %d: fee recipient not marked written", n+1)
		}
		if a := find(n, common.HexToAddress("0x2e7e2")); a.Written {
			t.Errorf("block %d: reverter marked written", n+1)
		}
	}
	if a := find(1, common.HexToAddress("0xe4e4")); a.Absent || a.Balance == nil || !a.Balance.IsZero() || a.CodeHash != types.EmptyCodeHash {
		t.Errorf("empty pre-existing account recorded as %+v, want existing and empty", a)
	}
}
