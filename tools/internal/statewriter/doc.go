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

// Package statewriter writes a state straight into a new geth datadir, without
// executing a block: the path scheme's trie nodes (Merkle-Patricia, or the
// binary trie of EIP-7864 at a group depth), its flat state marked complete,
// the code, and a genesis block holding that state as the head. geth opens
// the result as it opens what geth init writes for the same accounts, and its
// keys are those geth writes (the tests compare them with geth's own genesis
// commit, key by key).
//
// The state comes as a Source: streams of accounts in address-hash order
// (with their storage in slot-hash order) and of binary-trie stems in key
// order, so that a state larger than memory can be written; FromAccounts
// makes one from accounts in memory. Tries are built bottom-up from keys in
// order (geth's stack trie for the MPT, BuildBinTrie for the binary trie), so
// each node is hashed and written once.
package statewriter
