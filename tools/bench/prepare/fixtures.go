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

package prepare

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"

	"statelab/tools/internal/dumpmanifest"
)

// FixtureArgs are dumpgen's flags that merge the fixtures (name, fixture
// chain directory) into a dump's population, in name order.
func FixtureArgs(fixtures map[string]string) []string {
	var args []string
	for _, name := range slices.Sorted(maps.Keys(fixtures)) {
		args = append(args, "--fixture", name+"="+fixtures[name])
	}
	return args
}

// fixturesKey names a set of merged fixtures in a dump's directory name: a
// hash of their names and directories.
func fixturesKey(fixtures map[string]string) string {
	h := sha256.New()
	for _, name := range slices.Sorted(maps.Keys(fixtures)) {
		h.Write([]byte(name + "=" + fixtures[name] + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil)[:6])
}

// sameFixtures reports whether a dump merged exactly the fixtures.
func sameFixtures(m *dumpmanifest.Manifest, fixtures map[string]string) bool {
	var have map[string]string
	if m.Population != nil {
		have = m.Population.Fixtures
	}
	return maps.Equal(have, fixtures)
}
