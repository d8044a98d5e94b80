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

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/blockfile"
)

// A fixture is a benchmark test merged into a dump (--fixture NAME=DIR): a
// chain directory that fixturechain wrote from an EEST test or a payload
// set. Its pre-state (the state its benchmark block runs on) joins the
// population in the genesis, the dump takes its chain config and genesis
// header fields, and its benchmark block's transactions are sealed again as
// workload NAME on top, so that the benchmark runs on a large state.
type fixture struct {
	name, dir string
	genesis   *core.Genesis      // the test's chain config and genesis header
	prestate  types.GenesisAlloc // the state its benchmark block runs on
	block     *types.Block       // the benchmark block
}

// The files of a fixturechain chain directory that --fixture reads.
const (
	fixtureGenesisFile   = "genesis.json"
	fixturePrestateFile  = "prestate.json"
	fixtureBenchmarkFile = "benchmark.rlp"
)

// parseFixture reads a --fixture NAME=DIR value.
func parseFixture(spec string) (*fixture, error) {
	name, dir, ok := strings.Cut(spec, "=")
	if !ok || name == "" || dir == "" {
		return nil, fmt.Errorf("invalid --fixture %q: want NAME=DIR, DIR a chain directory fixturechain wrote", spec)
	}
	if !validWorkloadName(name) {
		return nil, fmt.Errorf("invalid --fixture %q: the name must be letters, digits, - and _", spec)
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	fx := &fixture{name: name, dir: dir, genesis: new(core.Genesis)}
	read := func(file string, v any) error {
		blob, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return fmt.Errorf("--fixture %s: %v (a chain directory fixturechain wrote)", spec, err)
		}
		if err := json.Unmarshal(blob, v); err != nil {
			return fmt.Errorf("--fixture %s: %s: %v", spec, file, err)
		}
		return nil
	}
	if err := read(fixtureGenesisFile, fx.genesis); err != nil {
		return nil, err
	}
	if fx.genesis.Config == nil {
		return nil, fmt.Errorf("--fixture %s: %s has no chain config", spec, fixtureGenesisFile)
	}
	if err := read(fixturePrestateFile, &fx.prestate); err != nil {
		return nil, err
	}
	blocks, err := blockfile.ReadFile(filepath.Join(dir, fixtureBenchmarkFile))
	if err != nil {
		return nil, fmt.Errorf("--fixture %s: %v", spec, err)
	}
	if len(blocks) != 1 {
		return nil, fmt.Errorf("--fixture %s: %s holds %d blocks, want the one benchmark block", spec, fixtureBenchmarkFile, len(blocks))
	}
	fx.block = blocks[0]
	return fx, nil
}

// validWorkloadName reports whether name can name a workload file.
func validWorkloadName(name string) bool {
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// checkFixturesAgree fails unless every fixture has the first one's chain
// config and genesis base fee: the dump has one chain, and its base fee is
// what the fixtures' transactions were made to pay.
func checkFixturesAgree(fixtures []*fixture) error {
	first := fixtures[0]
	for _, fx := range fixtures[1:] {
		if !reflect.DeepEqual(first.genesis.Config, fx.genesis.Config) {
			return fmt.Errorf("--fixture %s and --fixture %s have different chain configs: a dump has one chain", first.name, fx.name)
		}
		if first.genesis.BaseFee.Cmp(fx.genesis.BaseFee) != 0 {
			return fmt.Errorf("--fixture %s and --fixture %s start from different base fees (%v, %v)", first.name, fx.name, first.genesis.BaseFee, fx.genesis.BaseFee)
		}
	}
	return nil
}

// mergeFixtures makes g the fixtures' chain: their chain config and base
// fee, the largest of their gas limits, the first one's other genesis header
// fields, and their pre-states added to g's alloc. An address in both is kept from
// the fixture when g holds it as a system contract (the fixture's has the
// state its setup left there), and is an error otherwise; so is an address
// two fixtures hold differently, but for a system contract, whose storage
// (recent block hashes and beacon roots) the first fixture's gives. The
// check of every sealed block's gas (fixtureRun.checkBlock) shows whether a
// benchmark depended on it.
func mergeFixtures(g *core.Genesis, fixtures []*fixture) error {
	if len(fixtures) == 0 {
		return nil
	}
	h := fixtures[0].genesis
	g.Config = h.Config
	g.Timestamp, g.ExtraData, g.Difficulty = h.Timestamp, h.ExtraData, h.Difficulty
	g.Mixhash, g.Coinbase, g.BaseFee = h.Mixhash, h.Coinbase, h.BaseFee
	g.ExcessBlobGas, g.BlobGasUsed = h.ExcessBlobGas, h.BlobGasUsed
	g.GasLimit = 0
	for _, fx := range fixtures {
		g.GasLimit = max(g.GasLimit, fx.genesis.GasLimit)
	}
	from := make(map[common.Address]string)
	for _, fx := range fixtures {
		for addr, acc := range fx.prestate {
			if other, ok := from[addr]; ok {
				if !systemContracts[addr] && !reflect.DeepEqual(g.Alloc[addr], acc) {
					return fmt.Errorf("--fixture %s and --fixture %s hold account %s differently", other, fx.name, addr)
				}
				continue
			}
			if _, ok := g.Alloc[addr]; ok && !systemContracts[addr] {
				return fmt.Errorf("--fixture %s: account %s is also one of the dump's own (a sender or contract)", fx.name, addr)
			}
			g.Alloc[addr] = acc
			from[addr] = fx.name
		}
	}
	return nil
}

// systemContracts are the addresses of the dump's alloc that a fixture's
// pre-state may hold with state of its own.
var systemContracts = func() map[common.Address]bool {
	m := map[common.Address]bool{
		params.BeaconRootsAddress: true, params.HistoryStorageAddress: true,
		params.WithdrawalQueueAddress: true, params.ConsolidationQueueAddress: true,
	}
	for addr := range core.SystemContractAllocs() {
		m[addr] = true
	}
	return m
}()

// fixtureRun is the filler of a fixture's workload: one block with the
// benchmark block's transactions in order and its fee recipient, sealed on
// the dump's genesis. It must not be shared.
type fixtureRun struct {
	fx   *fixture
	done bool
}

func newFixtureRun(fx *fixture) *fixtureRun { return &fixtureRun{fx: fx} }

func (r *fixtureRun) fillBlock(_ int, gen blockBuilder) {
	gen.SetCoinbase(r.fx.block.Coinbase())
	for _, tx := range r.fx.block.Transactions() {
		gen.AddTx(tx)
	}
	r.done = true
}

func (r *fixtureRun) finished() bool { return r.done }
func (r *fixtureRun) blocksLeft() uint64 {
	if r.done {
		return 0
	}
	return 1
}
func (r *fixtureRun) exact() bool                    { return true }
func (r *fixtureRun) failure() error                 { return nil }
func (r *fixtureRun) counts() (reads, writes uint64) { return 0, 0 }
func (r *fixtureRun) status() string                 { return "fixture " + r.fx.name }

// checkBlock compares the sealed block with the fixture's: the same gas,
// or the merged state changed what the transactions do. A benchmark's
// transactions may fail on purpose (run out of gas), so receipts are not
// required to succeed.
func (r *fixtureRun) checkBlock(block *types.Block, _ types.Receipts) error {
	if got, want := block.GasUsed(), r.fx.block.GasUsed(); got != want {
		return fmt.Errorf("fixture %s: its block sealed on the population used %d gas, the fixture's %d: the merged state changed what its transactions do", r.fx.name, got, want)
	}
	return nil
}

// forkLabel names the dump's rules in dumpgen's log: the fork flag's, or
// the fixtures' latest fork.
func (c *config) forkLabel() string {
	if len(c.fixtures) > 0 {
		return fmt.Sprintf("%s (the fixtures' chain)", c.fixtures[0].genesis.Config.LatestFork(c.fixtures[0].genesis.Timestamp))
	}
	return c.fork.String()
}
