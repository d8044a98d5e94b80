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

package pbt

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/trie/bintrie"
	"github.com/holiman/uint256"
)

// vectorFile is testdata/eip8297_vectors.json, exported from the EIP-8297
// reference implementation in execution-specs (see testdata/NOTICE.md).
type vectorFile struct {
	Meta        map[string]string `json:"meta"`
	EmptyRoot   common.Hash       `json:"empty_root"`
	TrieVectors []struct {
		Name    string `json:"name"`
		Entries []struct {
			Key   hexutil.Bytes `json:"key"`
			Value hexutil.Bytes `json:"value"`
		} `json:"entries"`
		Root common.Hash `json:"root"`
	} `json:"trie_vectors"`
	SequenceVectors []struct {
		Seed int64 `json:"seed"`
		Ops  []struct {
			Op    string        `json:"op"`
			Key   hexutil.Bytes `json:"key"`
			Value hexutil.Bytes `json:"value"`
		} `json:"ops"`
		RootsAfter []common.Hash `json:"roots_after"`
	} `json:"sequence_vectors"`
	EmbeddingVectors struct {
		Address              common.Address `json:"address"`
		BasicDataKey         hexutil.Bytes  `json:"basic_data_key"`
		CodeHashKey          hexutil.Bytes  `json:"code_hash_key"`
		DelegationKey        hexutil.Bytes  `json:"delegation_key"`
		DelegationDesignator hexutil.Bytes  `json:"delegation_designator"`
		DelegationValue      hexutil.Bytes  `json:"delegation_value"`
		Slots                []struct {
			Slot json.Number   `json:"slot"` // up to 2**255: not a float64
			Key  hexutil.Bytes `json:"key"`
		} `json:"slots"`
		Chunks []struct {
			Chunk uint64        `json:"chunk"`
			Key   hexutil.Bytes `json:"key"`
		} `json:"chunks"`
	} `json:"embedding_vectors"`
	BasicDataVectors []struct {
		CodeSize uint32        `json:"code_size"`
		Nonce    uint64        `json:"nonce"`
		Balance  json.Number   `json:"balance"`
		Value    hexutil.Bytes `json:"value"`
	} `json:"basic_data_vectors"`
	ChunkifyVectors []struct {
		Name   string          `json:"name"`
		Code   hexutil.Bytes   `json:"code"`
		Chunks []hexutil.Bytes `json:"chunks"`
	} `json:"chunkify_vectors"`
}

// vectorCodeHash is the code hash the exporter derives the chunk keys from;
// the file does not carry it.
var vectorCodeHash = common.Hash(bytes.Repeat([]byte{0xbb}, 32))

func loadVectors(t *testing.T) *vectorFile {
	t.Helper()
	raw, err := os.ReadFile("testdata/eip8297_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	v := new(vectorFile)
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatal(err)
	}
	if len(v.TrieVectors) == 0 || len(v.SequenceVectors) == 0 || len(v.EmbeddingVectors.Slots) == 0 ||
		len(v.EmbeddingVectors.Chunks) == 0 || len(v.BasicDataVectors) == 0 || len(v.ChunkifyVectors) == 0 {
		t.Fatal("vector file lacks a section")
	}
	return v
}

// TestTrieVectors builds each vector's entry set in insertion order and in
// reverse, and checks the root.
func TestTrieVectors(t *testing.T) {
	v := loadVectors(t)
	if (new(Tree)).Hash() != v.EmptyRoot {
		t.Fatalf("empty root %x, want %x", (new(Tree)).Hash(), v.EmptyRoot)
	}
	for _, tv := range v.TrieVectors {
		for _, reverse := range []bool{false, true} {
			var tree Tree
			for i := range tv.Entries {
				e := tv.Entries[i]
				if reverse {
					e = tv.Entries[len(tv.Entries)-1-i]
				}
				if err := tree.Insert(e.Key, e.Value); err != nil {
					t.Fatalf("%s: insert %x: %v", tv.Name, e.Key, err)
				}
			}
			if got := tree.Hash(); got != tv.Root {
				t.Errorf("%s (reverse %v): root %x, want %x", tv.Name, reverse, got, tv.Root)
			}
			for _, e := range tv.Entries {
				if got, _ := tree.Get(e.Key); !bytes.Equal(got, e.Value) {
					t.Errorf("%s: get %x = %x, want %x", tv.Name, e.Key, got, e.Value)
				}
			}
		}
	}
}

// TestSequenceVectors applies each sequence of sets and deletes and checks
// the root after every step, hashing after each step so that cached hashes
// are exercised across merges and splits.
func TestSequenceVectors(t *testing.T) {
	v := loadVectors(t)
	for _, sv := range v.SequenceVectors {
		if len(sv.Ops) != len(sv.RootsAfter) {
			t.Fatalf("seed %d: %d ops, %d roots", sv.Seed, len(sv.Ops), len(sv.RootsAfter))
		}
		var tree Tree
		for i, op := range sv.Ops {
			var err error
			switch op.Op {
			case "set":
				err = tree.Insert(op.Key, op.Value)
			case "delete":
				err = tree.Delete(op.Key)
			default:
				t.Fatalf("seed %d op %d: unknown op %q", sv.Seed, i, op.Op)
			}
			if err != nil {
				t.Fatalf("seed %d op %d: %v", sv.Seed, i, err)
			}
			if got := tree.Hash(); got != sv.RootsAfter[i] {
				t.Fatalf("seed %d op %d (%s %x): root %x, want %x", sv.Seed, i, op.Op, op.Key, got, sv.RootsAfter[i])
			}
		}
	}
}

func TestEmbeddingVectors(t *testing.T) {
	ev := loadVectors(t).EmbeddingVectors
	addr := ev.Address
	check := func(what string, got, want []byte) {
		t.Helper()
		if !bytes.Equal(got, want) {
			t.Errorf("%s: got %x, want %x", what, got, want)
		}
	}
	check("basic data key", BasicDataKey(addr), ev.BasicDataKey)
	check("code hash key", CodeHashKey(addr), ev.CodeHashKey)
	check("delegation key", DelegationKey(addr), ev.DelegationKey)
	if !IsDelegation(ev.DelegationDesignator) {
		t.Errorf("%x is not recognised as a delegation", ev.DelegationDesignator)
	}
	dv := DelegationValue(ev.DelegationDesignator)
	check("delegation value", dv[:], ev.DelegationValue)
	for _, sv := range ev.Slots {
		slot, err := uint256.FromDecimal(sv.Slot.String())
		if err != nil {
			t.Fatalf("slot %s: %v", sv.Slot, err)
		}
		check("slot "+sv.Slot.String(), StorageSlotKey(addr, slot.Bytes32()), sv.Key)
	}
	for _, cv := range ev.Chunks {
		check("chunk", CodeChunkKey(vectorCodeHash, cv.Chunk), cv.Key)
	}
}

func TestBasicDataVectors(t *testing.T) {
	for _, bv := range loadVectors(t).BasicDataVectors {
		balance, err := uint256.FromDecimal(bv.Balance.String())
		if err != nil {
			t.Fatal(err)
		}
		got, err := BasicData(bv.CodeSize, bv.Nonce, balance)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got[:], bv.Value) {
			t.Errorf("basic data %d/%d/%s: got %x, want %x", bv.CodeSize, bv.Nonce, bv.Balance, got, bv.Value)
		}
	}
}

// TestChunkifyVectors checks that EIP-7864's chunking, which EIP-8297 keeps,
// matches the reference.
func TestChunkifyVectors(t *testing.T) {
	for _, cv := range loadVectors(t).ChunkifyVectors {
		chunks := bintrie.ChunkifyCode(cv.Code)
		if len(chunks) != 32*len(cv.Chunks) {
			t.Fatalf("%s: %d chunks, want %d", cv.Name, len(chunks)/32, len(cv.Chunks))
		}
		for i, want := range cv.Chunks {
			if got := chunks[32*i : 32*i+32]; !bytes.Equal(got, want) {
				t.Errorf("%s chunk %d: got %x, want %x", cv.Name, i, got, want)
			}
		}
	}
}
