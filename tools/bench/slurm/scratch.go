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

package slurm

import (
	"fmt"
	"os"

	"statelab/tools/bench/study"
	"statelab/tools/internal/fsutil"
	"statelab/tools/internal/statekind"
	"statelab/tools/internal/statewriter"
)

// dumpBytesPerEntry bounds a population dump's bytes per entry when the
// population is made of blocks (about 90 measured at 10^7); a dump with the
// population in its genesis is a few MB whatever its size.
const dumpBytesPerEntry = 150

// chainDatadirFactor bounds a [chain] study's datadir by its block files'
// size.
const chainDatadirFactor = 10

// ScratchNeed bounds the scratch a lane needs on its node: every prepared
// datadir of the study's matrix at the scale (the direct writer's bound,
// which also holds for an imported population), the dumps, and the scratch
// copy each run starts from (hard links, so only its small files).
func ScratchNeed(s *study.Study, sc study.Scale) uint64 {
	datadirs := map[string]statekind.Trie{}
	for _, c := range s.Expand(sc) {
		datadirs[c.DatadirKey()] = c.Trie
	}
	var need uint64
	if s.Chain != nil {
		var files uint64
		for _, path := range s.Chain.Files() {
			if fi, err := os.Stat(path); err == nil {
				files += uint64(fi.Size())
			}
		}
		chains := uint64(max(len(s.Chain.Fixtures), 1)) // a fixture is a chain of its own
		return files + uint64(len(datadirs))*chains*(files*chainDatadirFactor+64<<20)
	}
	entries := uint64(max(sc.Entries, 0))
	for _, trie := range datadirs {
		need += statewriter.SizeBound(trie == statekind.UBT, entries)
	}
	if !sc.GenesisPlaced() {
		need += uint64(len(s.TriesAt(sc))) * entries * dumpBytesPerEntry
	}
	return need + 256<<20
}

// checkScratch refuses a study whose lanes would not fit the scratch of
// the partition's nodes: their TmpDisk (the size of Slurm's TmpFS) when the
// cluster configures it, else the free space of --scratch as this machine
// sees it, if it does.
func checkScratch(p *Partition, scratch string, need uint64) error {
	if p.TmpDiskMB > 0 {
		if have := uint64(p.TmpDiskMB) << 20; have < need {
			return fmt.Errorf("--scratch %s: the study's datadirs need about %s on every node, and the nodes of partition %s have %s of scratch (TmpDisk in slurm.conf)", scratch, gb(need), p.Name, gb(have))
		}
		return nil
	}
	free, err := fsutil.FreeSpace(scratch)
	if err != nil {
		return nil // not visible from here: the lanes check it on their nodes as they prepare
	}
	if free < need {
		return fmt.Errorf("--scratch %s: the study's datadirs need about %s on every node, and %s has %s free here", scratch, gb(need), scratch, gb(free))
	}
	return nil
}

// gb formats bytes for an error or progress line.
func gb(b uint64) string {
	if b < 1<<30 {
		return fmt.Sprintf("%.0f MB", float64(b)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(b)/1e9)
}
