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
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/params"
	"github.com/urfave/cli/v2"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

const (
	defaultSeed           = 1
	defaultGasTarget      = 100_000_000
	defaultWorkloadBlocks = 2

	// maxWorkloadBlocks bounds --workload-blocks.
	maxWorkloadBlocks = 1 << 20

	// maxEntries bounds --entries so that the population's progress
	// arithmetic (products of two entry counts) cannot overflow.
	maxEntries = 1 << 32

	// maxGasTarget bounds --gas-target far below the 2^63-1 gas limit cap.
	maxGasTarget = 1 << 40
)

// config holds the validated command line of a dumpgen run.
type config struct {
	trie      statekind.Trie
	fork      forkKind
	entries   uint64
	out       string
	seed      uint64
	gasTarget uint64
	force     bool

	// workloadGas is the gas each workload block is filled to, at most
	// gasTarget (0: gasTarget): smaller blocks scale a workload down with
	// the state.
	workloadGas uint64

	placement string // dumpmanifest.PlacementGenesis, or "": the population's blocks create it
	shape     string // shapeDumpgen or shapeMainnet; "" is dumpgen's

	workloads      []string   // names, in manifest order
	fixtures       []*fixture // benchmark tests merged into the genesis, workloads after workloads
	workloadBlocks uint64

	flushBlocks int // blocks between state flushes, 0 for none; not a flag, tests vary it

	// genesisJSONEntries bounds the populations placed in the genesis whose
	// genesis.json holds the whole alloc; 0: maxGenesisJSONEntries. Not a
	// flag, tests vary it.
	genesisJSONEntries uint64
}

// description is the help's account of what dumpgen writes.
const description = `Writes an offline synthetic chain for geth import to DIR: genesis.json,
population.rlp (blocks creating N state entries), one workload_NAME.rlp per
workload (K blocks on top of the population head) and manifest.json.
Workloads: erc20_balanceof, erc20_approve, mixed_sload_sstore,
sload_benchmark, sstore_variants (keys of the ERC20 holders or of one
contract's slots), uniform_read, uniform_write (keys drawn uniformly from
every entry of the population: accounts, holders and slots).

With --fork amsterdam (MPT only), every fork up to Amsterdam is active at
genesis and every block carries its EIP-7928 block access list, as geth
export writes it; transactions pay Amsterdam's state gas, so blocks of the
same gas target hold fewer writes of new state.

Import: geth init genesis.json, geth import population.rlp, then import ONE
workload file per copy of that datadir. Importing several workload files
into one datadir also works: each is a branch off the population head and
the last one imported becomes the head.`

// configFromFlags validates the command line. Errors name the offending flag.
func configFromFlags(ctx *cli.Context) (*config, error) {
	var (
		wlBlocks  = ctx.Int64(workloadBlocksFlag.Name)
		wlGas     = ctx.Uint64(workloadGasFlag.Name)
		workloads = ctx.String(workloadsFlag.Name)
	)
	cfg, err := chainFromFlags(ctx)
	if err != nil {
		return nil, err
	}
	cfg.force = ctx.Bool(forceFlag.Name)
	cfg.flushBlocks = defaultFlushBlocks
	switch placement := ctx.String(populationFlag.Name); placement {
	case "blocks":
	case dumpmanifest.PlacementGenesis:
		cfg.placement = placement
	default:
		return nil, fmt.Errorf("invalid --population %q: must be \"blocks\" or \"genesis\"", placement)
	}
	if len(cfg.fixtures) > 0 && cfg.placement != dumpmanifest.PlacementGenesis {
		return nil, errors.New("--fixture needs --population genesis: the fixtures' pre-states join the population there, and their blocks follow the genesis")
	}
	if cfg.shape == shapeMainnet && cfg.placement != dumpmanifest.PlacementGenesis {
		return nil, fmt.Errorf("--shape %s needs --population genesis: its contracts are placed in the genesis state", shapeMainnet)
	}
	gas := cfg.fork.gas()
	if cfg.workloads, err = parseWorkloads(workloads, cfg.shape == shapeMainnet); err != nil {
		return nil, err
	}
	for _, name := range cfg.workloads {
		targets, err := cfg.targets()
		if err != nil {
			return nil, err
		}
		if err := checkWorkloadFits(name, targets); err != nil {
			return nil, err
		}
	}
	if wlBlocks <= 0 || wlBlocks > maxWorkloadBlocks {
		return nil, fmt.Errorf("invalid --workload-blocks %d: must be between 1 and %d", wlBlocks, maxWorkloadBlocks)
	}
	cfg.workloadBlocks = uint64(wlBlocks)
	if wlGas != 0 {
		if wlGas < gas.minGasTarget() || wlGas > cfg.gasTarget {
			return nil, fmt.Errorf("invalid --workload-gas-target %d: must be between %d and --gas-target %d%s", wlGas, gas.minGasTarget(), cfg.gasTarget, forkNote(cfg.fork))
		}
		cfg.workloadGas = wlGas
	}
	return cfg, nil
}

// chainFromFlags validates the flags that describe the chain and its
// population (--trie, --fork, --entries, --seed, --gas-target) and --out.
func chainFromFlags(ctx *cli.Context) (*config, error) {
	if err := unexpectedArgs(ctx); err != nil {
		return nil, err
	}
	var (
		trie    = ctx.String(trieFlag.Name)
		fork    = ctx.String(forkFlag.Name)
		entries = ctx.Int64(entriesFlag.Name)
	)
	cfg := &config{
		out:       ctx.String(outFlag.Name),
		seed:      ctx.Uint64(seedFlag.Name),
		gasTarget: ctx.Uint64(gasTargetFlag.Name),
	}
	if trie == "" {
		return nil, fmt.Errorf("missing --trie: must be %q or %q", statekind.UBT, statekind.MPT)
	}
	if err := cfg.trie.UnmarshalText([]byte(trie)); err != nil {
		return nil, fmt.Errorf("invalid --trie: %v", err)
	}
	var err error
	if cfg.fork, err = parseForkKind(fork); err != nil {
		return nil, err
	}
	if err := checkForkFits(cfg.fork, cfg.trie); err != nil {
		return nil, err
	}
	gas := cfg.fork.gas()
	if entries <= 0 || entries > maxEntries {
		return nil, fmt.Errorf("invalid --entries %d: must be between 1 and %d", entries, uint64(maxEntries))
	}
	cfg.entries = uint64(entries)
	if cfg.out == "" {
		return nil, errors.New("missing --out: an output directory is required")
	}
	if cfg.gasTarget < gas.minGasTarget() || cfg.gasTarget > maxGasTarget {
		return nil, fmt.Errorf("invalid --gas-target %d: must be between %d and %d%s", cfg.gasTarget, gas.minGasTarget(), uint64(maxGasTarget), forkNote(cfg.fork))
	}
	switch shape := ctx.String(shapeFlag.Name); shape {
	case shapeDumpgen:
	case shapeMainnet:
		cfg.shape = shape
	default:
		return nil, fmt.Errorf("invalid --shape %q: must be %q or %q", shape, shapeDumpgen, shapeMainnet)
	}
	if _, err := cfg.mainnetShape(); err != nil {
		return nil, fmt.Errorf("invalid --entries %d: %v", entries, err)
	}
	if err := cfg.fixturesFromFlags(ctx.StringSlice(fixtureFlag.Name), fork != ""); err != nil {
		return nil, err
	}
	return cfg, nil
}

// fixturesFromFlags reads the --fixture values: benchmark tests whose chain
// the dump takes, so MPT only and with the fixtures' forks.
func (c *config) fixturesFromFlags(specs []string, forkSet bool) error {
	seen := make(map[string]bool)
	for _, spec := range specs {
		fx, err := parseFixture(spec)
		if err != nil {
			return err
		}
		if seen[fx.name] {
			return fmt.Errorf("invalid --fixture %s: a second fixture named %s", spec, fx.name)
		}
		seen[fx.name] = true
		c.fixtures = append(c.fixtures, fx)
	}
	if len(c.fixtures) == 0 {
		return nil
	}
	if c.trie != statekind.MPT {
		return fmt.Errorf("--fixture needs --trie mpt: the fixtures' chain config (%s) has no binary trie", c.fixtures[0].genesis.Config.LatestFork(0))
	}
	if forkSet {
		return errors.New("--fixture and --fork: the fixtures' chain config decides the forks")
	}
	return checkFixturesAgree(c.fixtures)
}

// chainConfig returns the dump's chain config: the fixtures' when there are
// any, else the trie's with the fork's rules.
func (c *config) chainConfig() *params.ChainConfig {
	if len(c.fixtures) > 0 {
		return c.fixtures[0].genesis.Config
	}
	return chainConfig(c.trie, c.fork)
}

// fixtureDirs returns the fixtures' names and chain directories, for the
// manifest.
func (c *config) fixtureDirs() map[string]string {
	if len(c.fixtures) == 0 {
		return nil
	}
	dirs := make(map[string]string, len(c.fixtures))
	for _, fx := range c.fixtures {
		dirs[fx.name] = fx.dir
	}
	return dirs
}

// targets returns the entries of each kind of the population.
func (c *config) targets() ([numKinds]uint64, error) {
	if c.shape != shapeMainnet {
		return splitEntries(c.entries), nil
	}
	s, err := c.mainnetShape()
	if err != nil {
		return [numKinds]uint64{}, err
	}
	return s.targets(), nil
}

// mainnetShape returns the population's mainnet shape, nil for dumpgen's.
func (c *config) mainnetShape() (*mainnetShape, error) {
	if c.shape != shapeMainnet {
		return nil, nil
	}
	return newMainnetShape(c.entries)
}

// forkNote names a fork other than the default in an error about a bound
// that depends on it.
func forkNote(f forkKind) string {
	if f == forkDefault {
		return ""
	}
	return fmt.Sprintf(" with --fork %s", f)
}

// workloadGasTarget is the gas each workload block is filled to.
func (c *config) workloadGasTarget() uint64 {
	if c.workloadGas == 0 {
		return c.gasTarget
	}
	return c.workloadGas
}
