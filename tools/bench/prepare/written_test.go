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
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
	"statelab/tools/internal/statewriter"
)

// genesisManifest is the manifest of a dump whose population is in the
// genesis.
func genesisManifest(trie statekind.Trie) *dumpmanifest.Manifest {
	seed := uint64(7)
	return &dumpmanifest.Manifest{Trie: trie, Entries: 1000, Seed: &seed, GasTarget: 30_000_000, GenesisHash: common.Hash{0xaa},
		Population: &dumpmanifest.Population{Placement: dumpmanifest.PlacementGenesis}}
}

// TestWriteArgs checks the dumpgen datadir command line bench runs: the
// manifest's population, the configuration's depth (on the binary trie)
// and block size.
func TestWriteArgs(t *testing.T) {
	m := genesisManifest(statekind.UBT)
	m.Fork = "amsterdam"
	got := strings.Join(writeArgs("/d", study.Config{Trie: statekind.UBT, GroupDepth: 6, BlockSize: 16 << 10}, m), " ")
	want := "datadir --trie ubt --entries 1000 --seed 7 --gas-target 30000000 --out /d --fork amsterdam --bintrie.groupdepth 6 --db.blocksize 16384"
	if got != want {
		t.Errorf("args %q, want %q", got, want)
	}
	if got := strings.Join(writeArgs("/d", study.Config{Trie: statekind.MPT}, genesisManifest(statekind.MPT)), " "); strings.Contains(got, "groupdepth") || strings.Contains(got, "blocksize") {
		t.Errorf("MPT at the default block size: %q", got)
	}
}

// TestWrittenDatadirReuse checks that a prepared written datadir is reused
// when its provenance matches the manifest and the configuration, and
// refused, naming the difference, when it does not.
func TestWrittenDatadirReuse(t *testing.T) {
	m := genesisManifest(statekind.UBT)
	c := study.Config{Trie: statekind.UBT, GroupDepth: 6}
	record := func(p statewriter.Provenance) string {
		dir := t.TempDir()
		blob, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		putFile(t, filepath.Join(dir, "datadir", statewriter.ProvenanceFile), string(blob))
		putFile(t, filepath.Join(dir, preparedMark), "")
		return dir
	}
	pop := m.GenesisPopulation().JSON()
	good := statewriter.Provenance{Writer: statewriter.WriterVersion, Population: pop, PopulationHash: statewriter.PopulationHash(pop),
		GroupDepth: 6, BlockSize: study.DefaultBlockSize, GenesisHash: m.GenesisHash}
	if err := writeDatadir("", record(good), c, m, t.Logf); err != nil {
		t.Fatalf("matching datadir refused: %v", err)
	}
	for name, tc := range map[string]struct {
		change func(*statewriter.Provenance)
		want   string
	}{
		"group depth": {func(p *statewriter.Provenance) { p.GroupDepth = 5 }, "group depth 5"},
		"writer":      {func(p *statewriter.Provenance) { p.Writer = "statewriter/0" }, "written by statewriter/0"},
		"population": {func(p *statewriter.Provenance) {
			p.Population = []byte(`{"entries":2}`)
			p.PopulationHash = statewriter.PopulationHash(p.Population)
		}, "holds population"},
		"genesis": {func(p *statewriter.Provenance) { p.GenesisHash = common.Hash{1} }, "genesis"},
	} {
		p := good
		tc.change(&p)
		err := writeDatadir("", record(p), c, m, t.Logf)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "to prepare it anew") {
			t.Errorf("%s: err = %v, want one saying %q", name, err, tc.want)
		}
	}
}
