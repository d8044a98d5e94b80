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
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// Small dumps keep the tests fast; a low gas target spreads them over
// several blocks and generation chunks.
const (
	testEntries   = 600
	testGasTarget = 1_000_000

	testWorkloadBlocks = 2
)

// testConfig returns the config of a small dump into a fresh directory.
func testConfig(t *testing.T, kind statekind.Trie) *config {
	t.Helper()
	return &config{
		trie:        kind,
		entries:     testEntries,
		out:         filepath.Join(t.TempDir(), "dump"),
		seed:        7,
		gasTarget:   testGasTarget,
		flushBlocks: defaultFlushBlocks,

		workloads:      append([]string(nil), workloadNames...),
		workloadBlocks: testWorkloadBlocks,
	}
}

// mustDump writes the dump of cfg and returns its manifest as read back
// from manifest.json.
func mustDump(t *testing.T, cfg *config) *dumpmanifest.Manifest {
	t.Helper()
	if _, err := makeDump(cfg, io.Discard); err != nil {
		t.Fatalf("makeDump(%s): %v", cfg.trie, err)
	}
	return readManifest(t, cfg.out)
}

// readManifest decodes dir/manifest.json.
func readManifest(t *testing.T, dir string) *dumpmanifest.Manifest {
	t.Helper()
	blob, err := os.ReadFile(filepath.Join(dir, dumpmanifest.FileName))
	if err != nil {
		t.Fatal(err)
	}
	m := new(dumpmanifest.Manifest)
	dec := json.NewDecoder(bytes.NewReader(blob))
	dec.DisallowUnknownFields()
	if err := dec.Decode(m); err != nil {
		t.Fatalf("decoding manifest: %v", err)
	}
	return m
}

// readDumpFile reads one file of a dump directory.
func readDumpFile(t *testing.T, dir, name string) []byte {
	t.Helper()
	blob, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return blob
}

// indexRange returns the indices first to first+count-1 in ascending order,
// for tests that need an explicit entry order.
func indexRange(first, count uint64) entryOrder {
	order := make(entryOrder, count)
	for j := range order {
		order[j] = uint32(first + uint64(j))
	}
	return order
}
