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
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
)

// markAllWritten gives every entry of file a write set of all its accounts
// and slots.
func markAllWritten(file *balsidecar.File) {
	file.Writes = true
	for _, entry := range file.Blocks {
		for _, a := range entry.Accounts {
			a.Written = true
			a.SlotWritten = make([]bool, len(a.Slots))
			for i := range a.SlotWritten {
				a.SlotWritten[i] = true
			}
		}
	}
}

// importWithWarm inserts blocks into a fresh chain that applies file as
// Type 1 with the given warm mode.
func importWithWarm(t *testing.T, gspec *Genesis, blocks []*types.Block, file *balsidecar.File, mode BALWarmMode) *BlockChain {
	t.Helper()
	s, err := NewBALSidecar(file, "test.bal", BALSidecarConfig{Type: balsidecar.TypeKeys, Workers: DefaultBALWorkers, Warm: mode})
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
	if _, err := chain.InsertChain(blocks); err != nil {
		t.Fatalf("warm %v: %v", mode, err)
	}
	return chain
}

// TestBALSidecarWarmModes inserts a chain whose sidecar has write sets with
// each warm mode: the head is the reference chain's in every mode.
func TestBALSidecarWarmModes(t *testing.T) {
	gspec, blocks, ref, file := balTestChain(t, 4)
	markAllWritten(file)
	for _, mode := range []BALWarmMode{BALWarmBeside, BALWarmBefore, BALWarmOff} {
		chain := importWithWarm(t, gspec, blocks, file, mode)
		if got, want := chain.CurrentBlock().Root, ref.CurrentBlock().Root; got != want {
			t.Errorf("warm %v: head root %x, want %x", mode, got, want)
		}
	}
}

// TestBALWarmSet checks which part of an entry is warmed: the written
// accounts and slots, nothing when warming is off or the file has no write
// sets.
func TestBALWarmSet(t *testing.T) {
	var (
		a, b   = common.Address{0xa}, common.Address{0xb}
		k1, k2 = common.Hash{1}, common.Hash{2}
		file   = &balsidecar.File{Type: balsidecar.TypeKeys, Writes: true}
		entry  = &balsidecar.Block{Accounts: []*balsidecar.Account{
			{Address: a, Written: true},
			{Address: b, Slots: []common.Hash{k1, k2}, SlotWritten: []bool{false, true}},
		}}
	)
	s := &BALSidecar{file: file, warm: BALWarmBefore}
	set := s.warmSet(entry)
	if set == nil || len(set.accounts) != 1 || set.accounts[0] != a || set.slotCount != 1 || set.slots[b][0] != k2 || !set.wait {
		t.Fatalf("warm set %+v, want account %x and slot %x of %x, waited for", set, a, k2, b)
	}
	s.warm = BALWarmOff
	if set := s.warmSet(entry); set != nil {
		t.Errorf("warming off: warm set %+v", set)
	}
	s.warm, file.Writes = BALWarmBeside, false
	if set := s.warmSet(entry); set != nil {
		t.Errorf("no write sets: warm set %+v", set)
	}
	for text, ok := range map[string]bool{"beside": true, "before": true, "off": true, "trie": false, "": false} {
		var mode BALWarmMode
		if err := mode.UnmarshalText([]byte(text)); (err == nil) != ok || (ok && mode.String() != text) {
			t.Errorf("warm mode %q: %v, error %v", text, mode, err)
		}
	}
}
