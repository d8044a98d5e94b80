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

package statewriter

import (
	"errors"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
)

// TestSourceOrderChecked checks that the writer refuses a source whose
// streams are out of order or carry a value the tries cannot hold, naming
// the account and the slot, rather than writing a wrong trie.
func TestSourceOrderChecked(t *testing.T) {
	acct := func(h byte, slots ...Slot) *HashedAccount {
		a := &HashedAccount{Hash: common.Hash{h}}
		if len(slots) > 0 {
			a.Storage = SliceSeq(slots)
		}
		return a
	}
	failing := errors.New("source failed")
	for _, tc := range []struct {
		name     string
		accounts []*HashedAccount
		err      error
		want     string
	}{
		{"accounts descending", []*HashedAccount{acct(2), acct(1)}, nil, "accounts out of order: 01"},
		{"an account twice", []*HashedAccount{acct(1), acct(1)}, nil, "accounts out of order"},
		{"slots descending", []*HashedAccount{acct(1, Slot{common.Hash{9}, []byte{1}}, Slot{common.Hash{8}, []byte{1}})}, nil, "account 01000000"},
		{"zero value", []*HashedAccount{acct(1, Slot{common.Hash{9}, nil})}, nil, "non-zero value without leading zeros"},
		{"leading zero", []*HashedAccount{acct(1, Slot{common.Hash{9}, []byte{0, 1}})}, nil, "slot 09"},
		{"source error", nil, failing, "source failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := Source{Accounts: SliceSeq(tc.accounts), Stems: SliceSeq[*Stem](nil)}
			if tc.err != nil {
				src.Accounts = func(yield func(*HashedAccount, error) bool) { yield(nil, tc.err) }
			}
			for name, write := range map[string]func() error{
				"mpt": func() error { _, err := writeMPT(rawdb.NewMemoryDatabase(), src); return err },
				"ubt": func() error {
					db := rawdb.NewMemoryDatabase()
					_, err := writeUBT(db, db, 6, src)
					return err
				},
			} {
				if err := write(); err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%s: err = %v, want one saying %q", name, err, tc.want)
				}
			}
		})
	}
	if _, err := writeUBT(rawdb.NewMemoryDatabase(), rawdb.NewMemoryDatabase(), 6, Source{}); err == nil {
		t.Error("a binary-trie state without stems was written")
	}
}
