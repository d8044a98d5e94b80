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

package triedb

import (
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/core/rawdb"
)

func TestResolveBinTrieGroupDepth(t *testing.T) {
	tests := []struct {
		recorded  int // 0: nothing recorded
		requested int // 0: not configured
		want      int
		mismatch  bool
		invalid   bool
	}{
		{recorded: 0, requested: 0, want: DefaultBinTrieGroupDepth},
		{recorded: 0, requested: 3, want: 3},
		{recorded: 6, requested: 0, want: 6},
		{recorded: 6, requested: 6, want: 6},
		{recorded: 6, requested: 3, mismatch: true},
		{recorded: 1, requested: 8, mismatch: true},
		{recorded: 0, requested: 9, invalid: true},
		{recorded: 6, requested: -1, invalid: true},
		{recorded: 9, requested: 0, invalid: true},
	}
	for _, tt := range tests {
		db := rawdb.NewMemoryDatabase()
		if tt.recorded != 0 {
			rawdb.WriteBinTrieGroupDepth(db, tt.recorded)
		}
		have, err := ResolveBinTrieGroupDepth(db, tt.requested)
		var mismatch *GroupDepthMismatchError
		switch {
		case tt.mismatch:
			if !errors.As(err, &mismatch) || mismatch.Recorded != tt.recorded || mismatch.Requested != tt.requested {
				t.Errorf("recorded %d, requested %d: have %d, %v; want a mismatch error", tt.recorded, tt.requested, have, err)
			}
		case tt.invalid:
			if err == nil || errors.As(err, &mismatch) {
				t.Errorf("recorded %d, requested %d: have %d, %v; want an invalid depth error", tt.recorded, tt.requested, have, err)
			}
		case err != nil || have != tt.want:
			t.Errorf("recorded %d, requested %d: have %d, %v; want %d", tt.recorded, tt.requested, have, err, tt.want)
		}
	}
}
