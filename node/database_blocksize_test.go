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

package node

import (
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	pebblev2 "github.com/cockroachdb/pebble/v2"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/ethdb/pebble"
)

// openTestPebble opens the pebble database in dir as a node does, with the
// configured block size.
func openTestPebble(dir string, blockSize int, readonly bool) (ethdb.KeyValueStore, error) {
	return openKeyValueDatabase(internalOpenOptions{
		directory:       dir,
		blockSize:       blockSize,
		DatabaseOptions: DatabaseOptions{Cache: 16, Handles: 16, ReadOnly: readonly},
	})
}

// mustOpenTestPebble is openTestPebble that fails the test on an error.
func mustOpenTestPebble(t *testing.T, dir string, blockSize int, readonly bool) ethdb.KeyValueStore {
	t.Helper()
	db, err := openTestPebble(dir, blockSize, readonly)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// writeAndCompact writes 8 MiB of incompressible values, compacts the whole key
// space (which flushes the memtable and rewrites every table) and closes db.
func writeAndCompact(t *testing.T, db ethdb.KeyValueStore) {
	t.Helper()
	value := make([]byte, 256)
	for i := 0; i < 32<<10; i++ {
		key := make([]byte, 32)
		rand.Read(key)
		rand.Read(value)
		if err := db.Put(key, value); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Compact(nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// quietPebbleLogger keeps pebble's recovery messages out of the test output.
type quietPebbleLogger struct{}

func (quietPebbleLogger) Infof(format string, args ...interface{})  {}
func (quietPebbleLogger) Errorf(format string, args ...interface{}) {}
func (quietPebbleLogger) Fatalf(format string, args ...interface{}) {
	panic(fmt.Sprintf(format, args...))
}

// meanDataBlock returns the mean size of the data blocks of the tables of the
// closed pebble database in dir.
func meanDataBlock(t *testing.T, dir string) float64 {
	t.Helper()
	db, err := pebblev2.Open(dir, &pebblev2.Options{ReadOnly: true, Logger: quietPebbleLogger{}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	levels, err := db.SSTables(pebblev2.WithProperties())
	if err != nil {
		t.Fatal(err)
	}
	var data, blocks uint64
	for _, tables := range levels {
		for _, table := range tables {
			data += table.Properties.DataSize
			blocks += table.Properties.NumDataBlocks
		}
	}
	if blocks == 0 {
		t.Fatal("no data blocks in", dir)
	}
	return float64(data) / float64(blocks)
}

// checkMeanDataBlock checks that the tables in dir have data blocks of size
// want: pebble finishes a block at the target size or a little before it.
func checkMeanDataBlock(t *testing.T, dir string, want pebble.BlockSize) {
	t.Helper()
	mean := meanDataBlock(t, dir)
	if mean < 0.85*float64(want) || mean > 1.1*float64(want) {
		t.Fatalf("mean data block %.0f bytes, want about %d", mean, int(want))
	}
}

// recordedBlockSize returns the block size recorded in the closed pebble
// database in dir, 0 if none.
func recordedBlockSize(t *testing.T, dir string) int {
	t.Helper()
	var size int
	err := pebble.View(dir, func(db ethdb.KeyValueReader) (err error) {
		size, _, err = rawdb.ReadPebbleBlockSize(db)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return size
}

// dirState is the name, size and modification time of every file in dir but
// the lock file, which every open of a database locks.
func dirState(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	state := make(map[string]string)
	for _, e := range entries {
		if e.Name() == "LOCK" {
			continue
		}
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		state[e.Name()] = fmt.Sprintf("%s %d", info.ModTime().Format(time.RFC3339Nano), info.Size())
	}
	return state
}

// expectRefusal opens dir with the block size and expects an error that
// contains every one of want, with the directory left as it was.
func expectRefusal(t *testing.T, dir string, blockSize int, readonly bool, want ...string) {
	t.Helper()
	before := dirState(t, dir)
	db, err := openTestPebble(dir, blockSize, readonly)
	if err == nil {
		db.Close()
		t.Fatalf("opening with block size %d (readonly %v) succeeded, want a refusal", blockSize, readonly)
	}
	for _, w := range append(want, dir) {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error does not contain %q: %v", w, err)
		}
	}
	if after := dirState(t, dir); !reflect.DeepEqual(before, after) {
		t.Fatalf("refused open changed the database:\nbefore %v\nafter  %v", before, after)
	}
}

// TestPebbleBlockSizeRecorded checks that a database records the block size it
// is created with, is opened with it when none is configured, and refuses
// another without writing anything.
func TestPebbleBlockSizeRecorded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "chaindata")
	writeAndCompact(t, mustOpenTestPebble(t, dir, 16<<10, false))
	if size := recordedBlockSize(t, dir); size != 16<<10 {
		t.Fatalf("recorded block size %d, want 16KiB", size)
	}
	checkMeanDataBlock(t, dir, 16<<10)

	// The log holds unflushed writes now, which pebble would write out as a
	// table while it opens.
	db := mustOpenTestPebble(t, dir, 0, false)
	if err := db.Put([]byte("unflushed"), []byte{1}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, readonly := range []bool{false, true} {
		expectRefusal(t, dir, 4<<10, readonly, "--db.blocksize=16KiB", "--db.blocksize=4KiB")
		expectRefusal(t, dir, 64<<10, readonly, "--db.blocksize=16KiB", "--db.blocksize=64KiB")
	}
	mustOpenTestPebble(t, dir, 16<<10, true).Close()
	mustOpenTestPebble(t, dir, 0, true).Close()

	// Without a configured size, and with the same one, tables get the
	// recorded size.
	writeAndCompact(t, mustOpenTestPebble(t, dir, 0, false))
	checkMeanDataBlock(t, dir, 16<<10)
	writeAndCompact(t, mustOpenTestPebble(t, dir, 16<<10, false))
	checkMeanDataBlock(t, dir, 16<<10)
	if size := recordedBlockSize(t, dir); size != 16<<10 {
		t.Fatalf("recorded block size %d, want 16KiB", size)
	}
}

// TestPebbleBlockSizeDefaultRecorded checks that a database created without a
// configured size records the default and refuses any other.
func TestPebbleBlockSizeDefaultRecorded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "chaindata")
	writeAndCompact(t, mustOpenTestPebble(t, dir, 0, false))
	if size := recordedBlockSize(t, dir); size != int(pebble.DefaultBlockSize) {
		t.Fatalf("recorded block size %d, want the default", size)
	}
	checkMeanDataBlock(t, dir, pebble.DefaultBlockSize)
	expectRefusal(t, dir, 8<<10, false, "--db.blocksize=4KiB", "--db.blocksize=8KiB")
	mustOpenTestPebble(t, dir, 4<<10, false).Close()
}

// TestPebbleBlockSizeUnrecorded checks a database created without the record,
// as geth did before: it is taken to have the default size, any other is
// refused, and no record is written to it.
func TestPebbleBlockSizeUnrecorded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "chaindata")
	db, err := pebble.New(dir, 16, 16, "", false)
	if err != nil {
		t.Fatal(err)
	}
	writeAndCompact(t, db)
	for _, readonly := range []bool{false, true} {
		expectRefusal(t, dir, 16<<10, readonly, "records no block size", "--db.blocksize=4KiB", "--db.blocksize=16KiB")
	}
	writeAndCompact(t, mustOpenTestPebble(t, dir, 0, false))
	mustOpenTestPebble(t, dir, 4<<10, false).Close()
	checkMeanDataBlock(t, dir, pebble.DefaultBlockSize)
	if size := recordedBlockSize(t, dir); size != 0 {
		t.Fatalf("a block size of %d was recorded in a database created without one", size)
	}
}

// TestPebbleBlockSizeInvalid checks that sizes out of range and a block size
// for leveldb are refused before a database is created.
func TestPebbleBlockSizeInvalid(t *testing.T) {
	for _, size := range []int{512, 3000, 12 << 10, 128 << 10} {
		dir := filepath.Join(t.TempDir(), "chaindata")
		if db, err := openTestPebble(dir, size, false); err == nil {
			db.Close()
			t.Errorf("block size %d accepted", size)
		} else if !strings.Contains(err.Error(), "db.blocksize") {
			t.Errorf("block size %d: error does not name db.blocksize: %v", size, err)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("block size %d: database created", size)
		}
	}
	dir := filepath.Join(t.TempDir(), "chaindata")
	_, err := openKeyValueDatabase(internalOpenOptions{directory: dir, dbEngine: rawdb.DBLeveldb, blockSize: 16 << 10})
	if err == nil || !strings.Contains(err.Error(), "db.blocksize applies to pebble") {
		t.Fatalf("leveldb with a block size: %v, want a refusal", err)
	}
}
