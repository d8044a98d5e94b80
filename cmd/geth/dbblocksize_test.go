// Copyright 2026 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.

package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	pebblev2 "github.com/cockroachdb/pebble/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/ethdb/pebble"
	"github.com/ethereum/go-ethereum/params"
)

// writeBlockSizeGenesis writes a genesis whose state of 4,000 accounts with
// storage is a few MB of tables, enough for many data blocks of any size. The
// slots hold hashes, which do not compress, like most of a trie's bytes.
func writeBlockSizeGenesis(t *testing.T, path string) {
	t.Helper()
	alloc := make(types.GenesisAlloc)
	for i := 0; i < 4000; i++ {
		storage := make(map[common.Hash]common.Hash)
		for j := 0; j < 4; j++ {
			storage[common.BigToHash(big.NewInt(int64(j)))] = crypto.Keccak256Hash(big.NewInt(int64(i*4 + j)).Bytes())
		}
		alloc[common.BigToAddress(big.NewInt(int64(0x10000+i)))] = types.Account{Balance: big.NewInt(int64(i + 1)), Storage: storage}
	}
	blob, err := json.Marshal(&core.Genesis{
		Config:     params.MergedTestChainConfig,
		GasLimit:   30_000_000,
		Difficulty: common.Big0,
		BaseFee:    big.NewInt(params.InitialBaseFee),
		Alloc:      alloc,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, blob, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mustRunGeth runs geth to completion and fails the test if it exits non-zero.
func mustRunGeth(t *testing.T, args ...string) {
	t.Helper()
	geth := runGeth(t, args...)
	geth.WaitExit()
	if status := geth.ExitStatus(); status != 0 {
		t.Fatalf("geth %s: exit status %d\n%s", strings.Join(args, " "), status, geth.StderrText())
	}
}

// chaindataBlockSize returns the block size recorded in the chain database of
// a stopped geth (0 if none) and the mean size of its tables' data blocks.
func chaindataBlockSize(t *testing.T, datadir string) (recorded int, mean float64) {
	t.Helper()
	dir := filepath.Join(datadir, "geth", "chaindata")
	err := pebble.View(dir, func(db ethdb.KeyValueReader) (err error) {
		recorded, _, err = rawdb.ReadPebbleBlockSize(db)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
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
	if blocks < 50 {
		t.Fatalf("%d data blocks in %s, too few to tell their size", blocks, dir)
	}
	return recorded, float64(data) / float64(blocks)
}

// quietPebbleLogger keeps pebble's recovery messages out of the test output.
type quietPebbleLogger struct{}

func (quietPebbleLogger) Infof(format string, args ...interface{})  {}
func (quietPebbleLogger) Errorf(format string, args ...interface{}) {}
func (quietPebbleLogger) Fatalf(format string, args ...interface{}) {
	panic(fmt.Sprintf(format, args...))
}

// checkChaindataBlockSize checks the recorded block size of a compacted
// datadir and that its tables have data blocks of that size: pebble finishes
// a block at the target size or a little before it.
func checkChaindataBlockSize(t *testing.T, datadir string, want int) {
	t.Helper()
	recorded, mean := chaindataBlockSize(t, datadir)
	if recorded != want {
		t.Errorf("recorded block size %d, want %d", recorded, want)
	}
	if mean < 0.85*float64(want) || mean > 1.1*float64(want) {
		t.Errorf("mean data block %.0f bytes, want about %d", mean, want)
	}
}

// chaindataState is the name, size and modification time of every file of the
// chain database but its lock file.
func chaindataState(t *testing.T, datadir string) map[string]string {
	t.Helper()
	dir := filepath.Join(datadir, "geth", "chaindata")
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

// TestDBBlockSizeRecorded checks that a datadir remembers the block size of
// its chain database: later runs without the flag write tables of that size,
// and runs with another size are refused without touching the database.
func TestDBBlockSizeRecorded(t *testing.T) {
	t.Parallel()
	var (
		dir     = t.TempDir()
		genesis = filepath.Join(dir, "genesis.json")
		export  = filepath.Join(dir, "genesis.rlp")
		datadir = filepath.Join(dir, "datadir")
	)
	writeBlockSizeGenesis(t, genesis)
	mustRunGeth(t, "--datadir", datadir, "--db.blocksize=16KiB", "init", genesis)
	mustRunGeth(t, "--datadir", datadir, "export", export)

	before := chaindataState(t, datadir)
	want := []string{datadir, "--db.blocksize=16KiB", "--db.blocksize=4KiB"}
	for _, args := range [][]string{
		{"--datadir", datadir, "--db.blocksize=4KiB", "init", genesis},
		{"--datadir", datadir, "--db.blocksize=4KiB", "import", export},
		{"--datadir", datadir, "--db.blocksize=4KiB", "db", "compact"},
	} {
		geth := runGeth(t, args...)
		geth.WaitExit()
		stderr := geth.StderrText()
		if geth.ExitStatus() == 0 {
			t.Fatalf("geth %s: exit status 0, want a refusal", strings.Join(args, " "))
		}
		for _, w := range want {
			if !strings.Contains(stderr, w) {
				t.Errorf("geth %s: error does not contain %q:\n%s", strings.Join(args, " "), w, stderr)
			}
		}
		if strings.Contains(stderr, "goroutine ") {
			t.Errorf("panic trace:\n%s", stderr)
		}
	}
	if after := chaindataState(t, datadir); !reflect.DeepEqual(before, after) {
		t.Fatalf("refused runs changed the chain database:\nbefore %v\nafter  %v", before, after)
	}

	// Without the flag, and with the same size, the recorded size is used.
	mustRunGeth(t, "--datadir", datadir, "import", export)
	mustRunGeth(t, "--datadir", datadir, "--db.blocksize=16KiB", "db", "compact")
	checkChaindataBlockSize(t, datadir, 16<<10)
	mustRunGeth(t, "--datadir", datadir, "db", "compact")
	checkChaindataBlockSize(t, datadir, 16<<10)
}

// TestDBBlockSizeDefault checks that a datadir created without the flag
// records and writes pebble's default size.
func TestDBBlockSizeDefault(t *testing.T) {
	t.Parallel()
	var (
		dir     = t.TempDir()
		genesis = filepath.Join(dir, "genesis.json")
		datadir = filepath.Join(dir, "datadir")
	)
	writeBlockSizeGenesis(t, genesis)
	mustRunGeth(t, "--datadir", datadir, "init", genesis)
	mustRunGeth(t, "--datadir", datadir, "db", "compact")
	checkChaindataBlockSize(t, datadir, int(pebble.DefaultBlockSize))
}

// TestDBBlockSizeInvalid checks that block sizes out of range are refused with
// the flag named, before the datadir is created.
func TestDBBlockSizeInvalid(t *testing.T) {
	t.Parallel()
	for _, value := range []string{"0", "512", "3KiB", "128KiB", "16KB", "x"} {
		t.Run(value, func(t *testing.T) {
			t.Parallel()
			datadir := filepath.Join(t.TempDir(), "datadir")
			geth := runGeth(t, "--datadir", datadir, "--db.blocksize="+value, "init", "./testdata/clique.json")
			geth.WaitExit()
			stderr := geth.StderrText()
			if geth.ExitStatus() == 0 {
				t.Fatalf("geth accepted --db.blocksize=%s", value)
			}
			if !strings.Contains(stderr, "--db.blocksize") || !strings.Contains(stderr, "power of two") {
				t.Errorf("error does not name the flag and the allowed sizes:\n%s", stderr)
			}
			if strings.Contains(stderr, "goroutine ") {
				t.Errorf("panic trace for a bad flag value:\n%s", stderr)
			}
			if _, err := os.Stat(datadir); !os.IsNotExist(err) {
				t.Errorf("datadir was created for a refused flag value (stat: %v)", err)
			}
		})
	}
}
