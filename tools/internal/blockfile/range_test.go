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

package blockfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

// TestReadRange reads what a block file holds for import: a full export
// with its genesis block, the blocks after a chain's head, a gzipped tail,
// and files that are refused.
func TestReadRange(t *testing.T) {
	genesis, blocks := testChain(t, 12)
	dir := t.TempDir()
	write := func(name string, blocks []*types.Block) string {
		path := filepath.Join(dir, name)
		if err := WriteFile(path, blocks); err != nil {
			t.Fatal(err)
		}
		return path
	}
	full := write("full.rlp", append([]*types.Block{genesis}, blocks...))
	r, err := ReadRange(full, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.First != 1 || r.Last != 12 || r.Blocks != 12 || r.TxCount != 12 || r.GasUsed != 12*params.TxGas {
		t.Errorf("full export: %+v, want blocks 1..12 (the genesis skipped), 12 txs", r)
	}
	// Blocks the chain already has are skipped, as geth import skips them.
	if r, err = ReadRange(full, 8); err != nil || r.First != 9 || r.Last != 12 || r.Blocks != 4 || r.TxCount != 4 {
		t.Errorf("after block 8: %+v, %v; want blocks 9..12", r, err)
	}
	gz := write("tail.rlp.gz", blocks[5:])
	if r, err = ReadRange(gz, 5); err != nil || r.First != 6 || r.Last != 12 {
		t.Errorf("gzipped tail: %+v, %v; want blocks 6..12", r, err)
	}
	if _, err = ReadRange(full, 12); err == nil || !strings.Contains(err.Error(), "no block after block 12") {
		t.Errorf("nothing to import: %v", err)
	}
	gap := write("gap.rlp", []*types.Block{blocks[0], blocks[2]})
	if _, err = ReadRange(gap, 0); err == nil || !strings.Contains(err.Error(), "block record 2 is block 3 after block 1: not a consecutive chain") {
		t.Errorf("gap: %v", err)
	}
	junk := filepath.Join(dir, "junk.rlp")
	if err := os.WriteFile(junk, []byte("not rlp at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err = ReadRange(junk, 0); err == nil || !strings.Contains(err.Error(), junk+": block record 1") {
		t.Errorf("junk: %v, want an error naming the file and the record", err)
	}
	if _, err = ReadRange(full+".gz", 0); err == nil {
		t.Error("a missing file read without error")
	}
	notGzip := filepath.Join(dir, "plain.rlp.gz")
	if err := os.WriteFile(notGzip, []byte("plain"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err = ReadRange(notGzip, 0); err == nil || !strings.Contains(err.Error(), notGzip) {
		t.Errorf("a .gz file that is not gzip: %v, want an error naming the file", err)
	}
}
