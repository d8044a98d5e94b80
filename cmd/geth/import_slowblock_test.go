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
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rlp"
)

// TestImportLogsEveryBlock checks that geth import with --debug.logslowblock 0
// logs the per-block JSON of every block, although it inserts in batches.
func TestImportLogsEveryBlock(t *testing.T) {
	t.Parallel()
	const blocks = 20
	var (
		dir    = t.TempDir()
		config = &params.ChainConfig{
			ChainID:                 big.NewInt(1337),
			HomesteadBlock:          big.NewInt(0),
			EIP150Block:             big.NewInt(0),
			EIP155Block:             big.NewInt(0),
			EIP158Block:             big.NewInt(0),
			ByzantiumBlock:          big.NewInt(0),
			ConstantinopleBlock:     big.NewInt(0),
			PetersburgBlock:         big.NewInt(0),
			IstanbulBlock:           big.NewInt(0),
			MuirGlacierBlock:        big.NewInt(0),
			BerlinBlock:             big.NewInt(0),
			LondonBlock:             big.NewInt(0),
			ShanghaiTime:            new(uint64),
			TerminalTotalDifficulty: common.Big0,
			Ethash:                  new(params.EthashConfig),
		}
		gspec = &core.Genesis{Config: config, GasLimit: 30_000_000, Difficulty: common.Big0, BaseFee: big.NewInt(params.InitialBaseFee), Alloc: types.GenesisAlloc{}}
	)
	_, chain, _ := core.GenerateChainWithGenesis(gspec, beacon.New(ethash.NewFaker()), blocks, func(i int, b *core.BlockGen) {
		b.SetPoS()
	})
	genesis, stream := filepath.Join(dir, "genesis.json"), filepath.Join(dir, "chain.rlp")
	blob, err := json.Marshal(gspec)
	if err != nil {
		t.Fatal(err)
	}
	var enc []byte
	for _, block := range chain {
		b, err := rlp.EncodeToBytes(block)
		if err != nil {
			t.Fatal(err)
		}
		enc = append(enc, b...)
	}
	if err := os.WriteFile(genesis, blob, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stream, enc, 0o644); err != nil {
		t.Fatal(err)
	}
	datadir := t.TempDir()
	geth := runGeth(t, "--datadir", datadir, "init", genesis)
	geth.WaitExit()
	if geth.ExitStatus() != 0 {
		t.Fatalf("init failed:\n%s", geth.StderrText())
	}
	geth = runGeth(t, "--datadir", datadir, "--debug.logslowblock", "0", "import", "--nocompaction", stream)
	geth.WaitExit()
	stderr := geth.StderrText()
	if geth.ExitStatus() != 0 {
		t.Fatalf("import failed:\n%s", stderr)
	}
	seen := make(map[uint64]bool)
	for _, line := range strings.Split(stderr, "\n") {
		start := strings.Index(line, "{")
		if start < 0 || !strings.Contains(line, `"msg":"Slow block"`) {
			continue
		}
		var entry struct {
			Block struct {
				Number uint64 `json:"number"`
			} `json:"block"`
		}
		if err := json.Unmarshal([]byte(line[start:]), &entry); err != nil {
			t.Fatalf("slow-block entry is not JSON: %v\n%s", err, line)
		}
		seen[entry.Block.Number] = true
	}
	for n := uint64(1); n <= blocks; n++ {
		if !seen[n] {
			t.Errorf("no slow-block JSON for block %d", n)
		}
	}
}
