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

package state

import (
	"errors"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/overlay"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/database"
)

// ubtBalanceSize is the size of the balance field in a binary-trie account's
// basic data leaf (EIP-7864).
const ubtBalanceSize = 16

// errUBTFlatBalance is returned for an account whose balance does not fit the
// binary trie's balance field: the trie holds a truncated balance, so the
// trie reader must answer.
var errUBTFlatBalance = errors.New("balance exceeds the binary trie's 16-byte field")

// ubtFlatReader serves binary-trie state from the flat state of the path
// database, answering as the binary-trie reader does:
//   - an account's storage root is left zero: binary-trie accounts have no
//     storage trie of their own, and a state object whose root is the empty
//     root skips storage prefetching;
//   - an account whose balance exceeds 16 bytes is refused, so that the trie,
//     which stores a truncated balance, answers.
//
// Storage slots are read as flatReader reads them. Where the flat state does
// not cover a key (a database that was not created empty), the reads fail and
// the next reader answers. It is safe for concurrent use.
type ubtFlatReader struct {
	flat *flatReader
}

func newUBTFlatReader(reader database.StateReader) *ubtFlatReader {
	return &ubtFlatReader{flat: newFlatReader(reader)}
}

// Account implements StateReader.
func (r *ubtFlatReader) Account(addr common.Address) (*types.StateAccount, error) {
	acct, err := r.flat.Account(addr)
	if err != nil || acct == nil {
		return acct, err
	}
	if acct.Balance.ByteLen() > ubtBalanceSize {
		return nil, errUBTFlatBalance
	}
	acct.Root = common.Hash{}
	return acct, nil
}

// Storage implements StateReader.
func (r *ubtFlatReader) Storage(addr common.Address, key common.Hash) (common.Hash, error) {
	return r.flat.Storage(addr, key)
}

// inUBTTransition reports whether the state at root is in the middle of the
// conversion from a Merkle base: its binary-trie flat state then lacks the
// accounts not yet converted, and only the transition trie can answer.
func inUBTTransition(db *triedb.Database, root common.Hash) bool {
	return overlay.LoadTransitionState(db.Disk(), root, true).InTransition()
}
