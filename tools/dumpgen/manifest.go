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
	"fmt"

	"github.com/ethereum/go-ethereum/version"

	"statelab/tools/internal/dumpmanifest"
)

// importNote is the manifest's import field.
const importNote = "geth init the genesis, import the population file, then import one workload file " +
	"(into a copy of the population datadir per workload). Every workload file branches off the " +
	"population head: its first block's parent is the population's last block. Importing several " +
	"workload files into one datadir, in files order, also works: the last one imported becomes the head."

// generatorName identifies the tool and the geth release it generated with.
func generatorName() string {
	return fmt.Sprintf("statelab dumpgen (go-ethereum %d.%d.%d)", version.Major, version.Minor, version.Patch)
}

// segmentFile returns the manifest entry of a segment written to file.
func segmentFile(file, role, workload string, seg *segment) dumpmanifest.File {
	return dumpmanifest.File{
		File:       file,
		Role:       role,
		Workload:   workload,
		FirstBlock: seg.FirstBlock,
		LastBlock:  seg.LastBlock,
		ParentHash: seg.ParentHash,
		HeadRoot:   seg.HeadRoot,
		HeadHash:   seg.HeadHash,
		GasUsed:    seg.GasUsed,
		TxCount:    int(seg.TxCount),
		SlotReads:  seg.SlotReads,
		SlotWrites: seg.SlotWrites,
	}
}
