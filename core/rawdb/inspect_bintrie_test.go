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

package rawdb

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethdb/memorydb"
	"github.com/ethereum/go-ethereum/log"
)

// TestInspectBinaryTrieFlatState checks that the inspector accounts for the
// flat state pathdb keeps in a binary trie's namespace: account and storage
// entries and the snapshot root and generator records, as it does for MPT.
func TestInspectBinaryTrieFlatState(t *testing.T) {
	db, err := Open(memorydb.New(), OpenOptions{Ancient: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	vdb := NewTable(db, string(VerklePrefix))
	account, slot := common.Hash{0x01}, common.Hash{0x02}
	WriteAccountSnapshot(vdb, account, []byte{0x01})
	WriteStorageSnapshot(vdb, account, slot, []byte{0x02})
	WriteSnapshotRoot(vdb, common.Hash{0x03})
	WriteSnapshotGenerator(vdb, []byte{0x04})

	var logs bytes.Buffer
	old := log.Root()
	log.SetDefault(log.NewLogger(log.NewTerminalHandler(&logs, false)))
	defer log.SetDefault(old)
	stdout := os.Stdout
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	os.Stdout = devnull
	err = InspectDatabase(db, nil, nil)
	os.Stdout = stdout
	devnull.Close()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(logs.String(), "unaccounted") {
		t.Errorf("binary trie flat state left unaccounted:\n%s", logs.String())
	}
	// A key the inspector does not know is still reported.
	vdb.Put([]byte("unknown"), []byte{0x05})
	logs.Reset()
	devnull, _ = os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	os.Stdout = devnull
	InspectDatabase(db, nil, nil)
	os.Stdout = stdout
	devnull.Close()
	if !strings.Contains(logs.String(), "unaccounted") {
		t.Errorf("an unknown key in the binary trie's namespace was not reported:\n%s", logs.String())
	}
}
