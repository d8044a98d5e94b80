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

package study

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"statelab/tools/internal/statekind"
)

// FixturePrestate is the file of a fixture chain directory that holds the
// state its benchmark block runs on, which dumpgen merges into a population.
const FixturePrestate = "prestate.json"

// validateFixtures checks the study's merged fixtures and resolves their
// directories against the study file's. A merged fixture takes the dump's
// chain config from its test, so the study is MPT only, with the fixtures'
// forks, and its population is in the genesis.
func (s *Study) validateFixtures() error {
	if s.Chain != nil {
		return errors.New("a [chain] study has no dumpgen population to merge fixtures into (use [chain.fixtures] to run them alone)")
	}
	if !slices.Equal(s.Tries, []statekind.Trie{statekind.MPT}) {
		return fmt.Errorf("tries must be [\"mpt\"]: a fixture's chain (its fork) has no binary trie")
	}
	if s.Fork != ForkDefault {
		return fmt.Errorf("fork %q: the fixtures' chain config decides the forks", s.Fork)
	}
	for name, sc := range s.Scales {
		if !sc.GenesisPlaced() {
			return fmt.Errorf("scale.%s has population %q: merged fixtures need the population in the genesis", name, sc.Population)
		}
	}
	for name, dir := range s.Fixtures {
		if slices.Contains(knownWorkloads, name) {
			return fmt.Errorf("%s is a dumpgen workload's name", name)
		}
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(filepath.Dir(s.Path), dir)
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return err
		}
		s.Fixtures[name] = abs
		for _, f := range []string{FixtureGenesis, FixturePrestate, FixtureBenchmark} {
			if _, err := os.Stat(filepath.Join(abs, f)); err != nil {
				return fmt.Errorf("%s: %v (a directory fixturechain wrote)", name, err)
			}
		}
	}
	return nil
}
