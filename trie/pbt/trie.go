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
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/trie"
	"github.com/ethereum/go-ethereum/trie/bintrie"
	"github.com/ethereum/go-ethereum/trie/trienode"
	"github.com/ethereum/go-ethereum/triedb/database"
	"github.com/holiman/uint256"
)

// errUnsupported is returned by the operations the tree does not offer yet.
var errUnsupported = errors.New("pbt: not supported by the partitioned binary tree")

// Trie is the state trie of a partitioned-binary-tree state: accounts,
// storage and code in one EIP-8297 tree, stored in the node database as
// records of groupDepth levels.
//
// A Trie is not safe for concurrent use; Copy gives an independent one.
type Trie struct {
	tree       Tree
	reader     *trie.Reader
	tracer     *trie.PrevalueTracer
	groupDepth int
}

// New opens the tree with the given root from db. groupDepth is the depth of
// its records, 1 to MaxGroupDepth; it must be the one the tree was stored with.
func New(root common.Hash, db database.NodeDatabase, groupDepth int) (*Trie, error) {
	if groupDepth < 1 || groupDepth > MaxGroupDepth {
		return nil, fmt.Errorf("pbt: group depth %d out of range (1 to %d)", groupDepth, MaxGroupDepth)
	}
	reader, err := trie.NewReader(root, common.Hash{}, db)
	if err != nil {
		return nil, err
	}
	t := &Trie{reader: reader, tracer: trie.NewPrevalueTracer(), groupDepth: groupDepth}
	t.tree.resolve = t.resolve
	if root != (common.Hash{}) && root != types.EmptyRootHash {
		t.tree.root = &hashedNode{h: root}
	}
	return t, nil
}

// resolve loads the record at path.
func (t *Trie) resolve(path []byte, hash common.Hash) (node, error) {
	blob, err := t.reader.Node(path, hash)
	if err != nil {
		return nil, err
	}
	t.tracer.Put(path, blob)
	n, err := decodeRecord(blob, path, hash)
	if err != nil {
		return nil, fmt.Errorf("record at path of %d bits: %w", len(path), err)
	}
	return n, nil
}

// GroupDepth returns the depth of the tree's records.
func (t *Trie) GroupDepth() int { return t.groupDepth }

// GetKey returns the key: the tree keeps no preimages.
func (t *Trie) GetKey(key []byte) []byte { return key }

// GetAccount returns the account at addr, nil if it does not exist. An
// account exists when its header holds a code hash or a delegation leaf.
// Its storage root is left zero: storage is in the same tree.
func (t *Trie) GetAccount(addr common.Address) (*types.StateAccount, error) {
	header := HeaderKey(addr, BasicDataLeafKey)
	basic, err := t.tree.Get(header)
	if err != nil {
		return nil, err
	}
	header[AccountKeyLength-1] = CodeHashLeafKey
	codeHash, err := t.tree.Get(header)
	if err != nil {
		return nil, err
	}
	if codeHash == nil {
		header[AccountKeyLength-1] = DelegationLeafKey
		delegation, err := t.tree.Get(header)
		if err != nil || delegation == nil {
			return nil, err
		}
		codeHash = crypto.Keccak256(delegation[:DelegationSize])
	}
	acc := &types.StateAccount{Balance: new(uint256.Int), CodeHash: codeHash}
	if basic != nil {
		acc.Nonce = binary.BigEndian.Uint64(basic[BasicDataNonceOffset:])
		acc.Balance.SetBytes(basic[BasicDataBalanceOffset:])
	}
	return acc, nil
}

// GetStorage returns the value of slot key of addr, nil if it is zero.
func (t *Trie) GetStorage(addr common.Address, key []byte) ([]byte, error) {
	return t.tree.Get(StorageSlotKey(addr, common.BytesToHash(key)))
}

// UpdateAccount writes the header of addr: its basic data and its code hash.
// An account that holds a delegation for the same code keeps the delegation
// leaf instead of a code hash leaf; UpdateContractCode installs and clears
// delegations.
//
// The state passes codeLen 0 for an account whose code it did not load, such
// as a contract that only received a balance; the stored code size is kept
// then, since code with a hash other than the empty one is never empty.
func (t *Trie) UpdateAccount(addr common.Address, acc *types.StateAccount, codeLen int) error {
	if codeLen == 0 && !bytes.Equal(acc.CodeHash, types.EmptyCodeHash[:]) {
		stored, err := t.tree.Get(BasicDataKey(addr))
		if err != nil {
			return err
		}
		if stored != nil {
			codeLen = int(binary.BigEndian.Uint32(stored[BasicDataCodeSizeOffset:]))
		}
	}
	basic, err := BasicData(uint32(codeLen), acc.Nonce, acc.Balance)
	if err != nil {
		return fmt.Errorf("account %x: %w", addr, err)
	}
	if err := t.write(BasicDataKey(addr), basic[:]); err != nil {
		return err
	}
	delegation, err := t.tree.Get(DelegationKey(addr))
	if err != nil {
		return err
	}
	if delegation != nil && bytes.Equal(crypto.Keccak256(delegation[:DelegationSize]), acc.CodeHash) {
		return nil
	}
	if delegation != nil {
		if err := t.tree.Delete(DelegationKey(addr)); err != nil {
			return err
		}
	}
	return t.write(CodeHashKey(addr), acc.CodeHash)
}

// UpdateContractCode writes the code of addr: a delegation indicator to the
// header's delegation leaf, other code as chunks in the code zone under its
// hash, where contracts with the same code share them.
func (t *Trie) UpdateContractCode(addr common.Address, codeHash common.Hash, code []byte) error {
	if IsDelegation(code) {
		value := DelegationValue(code)
		if err := t.tree.Insert(DelegationKey(addr), value[:]); err != nil {
			return err
		}
		return t.tree.Delete(CodeHashKey(addr))
	}
	if err := t.tree.Delete(DelegationKey(addr)); err != nil {
		return err
	}
	chunks := bintrie.ChunkifyCode(code)
	for i := 0; i*32 < len(chunks); i++ {
		if err := t.write(CodeChunkKey(codeHash, uint64(i)), chunks[i*32:(i+1)*32]); err != nil {
			return fmt.Errorf("code of %x: %w", addr, err)
		}
	}
	return nil
}

// UpdateStorage sets slot key of addr. A zero value deletes the slot.
func (t *Trie) UpdateStorage(addr common.Address, key, value []byte) error {
	var v [32]byte
	copy(v[32-min(len(value), 32):], value)
	return t.write(StorageSlotKey(addr, common.BytesToHash(key)), v[:])
}

// DeleteStorage deletes slot key of addr.
func (t *Trie) DeleteStorage(addr common.Address, key []byte) error {
	return t.tree.Delete(StorageSlotKey(addr, common.BytesToHash(key)))
}

// DeleteAccount removes the header of addr and its storage bucket. Its code
// stays: other accounts may hold the same code.
func (t *Trie) DeleteAccount(addr common.Address) error {
	header := HeaderKey(addr, 0)
	if err := t.tree.DeletePrefix(header[:AccountKeyLength-1]); err != nil {
		return err
	}
	bucket := make([]byte, 1+common.HashLength)
	bucket[0] = StorageZone
	copy(bucket[1:], header[1:AccountKeyLength-1])
	return t.tree.DeletePrefix(bucket)
}

// write sets key to value, or deletes key for a zero value: the EIP's
// state_write, under which no leaf holds 32 zero bytes.
func (t *Trie) write(key, value []byte) error {
	if isZero(value) {
		return t.tree.Delete(key)
	}
	return t.tree.Insert(key, value)
}

func isZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// Hash returns the root hash.
func (t *Trie) Hash() common.Hash { return t.tree.Hash() }

// Commit returns the root and the records of the changed subtrees, with the
// deletions of the records left stale. The trie stays usable.
func (t *Trie) Commit(bool) (common.Hash, *trienode.NodeSet) {
	root := t.tree.Hash()
	nodes := trienode.NewNodeSet(common.Hash{})
	t.tree.commit(t.groupDepth,
		func(path []byte, hash common.Hash, blob []byte) {
			nodes.AddNode(path, trienode.NewNodeWithPrev(hash, blob, t.tracer.Get(path)))
		},
		func(path []byte) {
			nodes.AddNode(path, trienode.NewDeletedWithPrev(t.tracer.Get(path)))
		})
	return root, nodes
}

// PrefetchAccount loads the headers of the accounts.
func (t *Trie) PrefetchAccount(addresses []common.Address) error {
	for _, addr := range addresses {
		if _, err := t.GetAccount(addr); err != nil {
			return err
		}
	}
	return nil
}

// PrefetchStorage loads the slots of addr.
func (t *Trie) PrefetchStorage(addr common.Address, keys [][]byte) error {
	for _, key := range keys {
		if _, err := t.GetStorage(addr, key); err != nil {
			return err
		}
	}
	return nil
}

// UpdateAccountBatch updates accounts in order.
func (t *Trie) UpdateAccountBatch(addresses []common.Address, accounts []*types.StateAccount, codeLens []int) error {
	if len(addresses) != len(accounts) || len(addresses) != len(codeLens) {
		return fmt.Errorf("pbt: %d addresses, %d accounts, %d code lengths", len(addresses), len(accounts), len(codeLens))
	}
	for i, addr := range addresses {
		if err := t.UpdateAccount(addr, accounts[i], codeLens[i]); err != nil {
			return err
		}
	}
	return nil
}

// UpdateStorageBatch updates slots of addr in order.
func (t *Trie) UpdateStorageBatch(addr common.Address, keys [][]byte, values [][]byte) error {
	if len(keys) != len(values) {
		return fmt.Errorf("pbt: %d keys, %d values", len(keys), len(values))
	}
	for i, key := range keys {
		if err := t.UpdateStorage(addr, key, values[i]); err != nil {
			return err
		}
	}
	return nil
}

// Witness returns the records loaded since the trie was opened.
func (t *Trie) Witness() map[string][]byte { return t.tracer.Values() }

// NodeIterator is not supported yet.
func (t *Trie) NodeIterator([]byte) (trie.NodeIterator, error) { return nil, errUnsupported }

// Prove is not supported yet.
func (t *Trie) Prove([]byte, ethdb.KeyValueWriter) error { return errUnsupported }

// IsUBT reports true: like EIP-7864's, the tree is unified, one tree for
// accounts and storage, so accounts have no storage trie of their own.
func (t *Trie) IsUBT() bool { return true }

// Copy returns an independent copy. Loaded nodes are copied; the reader is
// shared.
func (t *Trie) Copy() *Trie {
	c := &Trie{reader: t.reader, tracer: t.tracer.Copy(), groupDepth: t.groupDepth}
	c.tree.root = copyNode(t.tree.root)
	c.tree.resolve = c.resolve
	if t.tree.stale != nil {
		c.tree.stale = make(map[string]struct{}, len(t.tree.stale))
		for p := range t.tree.stale {
			c.tree.stale[p] = struct{}{}
		}
	}
	return c
}
