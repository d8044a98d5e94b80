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

func TestCheckBinaryTreeKind(t *testing.T) {
	for _, tc := range []struct {
		name      string
		depth     bool   // a group depth is recorded
		kind      string // the recorded kind, "" for none
		isPBT     bool
		recorded  string // the kind refused, "" if accepted
		requested string
	}{
		{name: "fresh datadir, partitioned", isPBT: true},
		{name: "fresh datadir, EIP-7864"},
		{name: "predates the record", depth: true, isPBT: true, recorded: BinaryTrieEIP7864, requested: BinaryTreeEIP8297},
		{name: "predates the record, EIP-7864", depth: true},
		{name: "partitioned as partitioned", depth: true, kind: BinaryTreeEIP8297, isPBT: true},
		{name: "partitioned as EIP-7864", depth: true, kind: BinaryTreeEIP8297, recorded: BinaryTreeEIP8297, requested: BinaryTrieEIP7864},
		{name: "EIP-7864 as partitioned", depth: true, kind: BinaryTrieEIP7864, isPBT: true, recorded: BinaryTrieEIP7864, requested: BinaryTreeEIP8297},
	} {
		db := rawdb.NewMemoryDatabase()
		if tc.depth {
			rawdb.WriteBinTrieGroupDepth(db, 5)
		}
		if tc.kind != "" {
			rawdb.WriteBinaryTreeKind(db, tc.kind)
		}
		err := CheckBinaryTreeKind(db, tc.isPBT)
		var kindErr *BinaryTreeKindError
		switch {
		case tc.recorded == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.recorded != "" && !errors.As(err, &kindErr):
			t.Errorf("%s: error %v, want a kind error", tc.name, err)
		case tc.recorded != "" && (kindErr.Recorded != tc.recorded || kindErr.Requested != tc.requested):
			t.Errorf("%s: %+v", tc.name, kindErr)
		}
	}
}

func TestRecordBinaryTreeKind(t *testing.T) {
	for _, config := range []*Config{PBTDefaults, UBTDefaults, HashDefaults} {
		disk := rawdb.NewMemoryDatabase()
		db := NewDatabase(disk, config)
		db.RecordBinaryTreeKind(disk)
		kind, ok := rawdb.ReadBinaryTreeKind(disk)
		switch {
		case !config.IsUBT && ok:
			t.Errorf("a Merkle-Patricia database records kind %q", kind)
		case config.IsUBT && kind != binaryTreeKind(config.IsPBT):
			t.Errorf("IsPBT %v: records %q", config.IsPBT, kind)
		}
		db.Close()
	}
}
