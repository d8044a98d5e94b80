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

package pathdb

import (
	"bytes"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/triedb/database"
)

// TestNodeWithSource checks that the reader names where a node was found: a
// diff layer before the state is committed, the clean cache or disk after.
func TestNodeWithSource(t *testing.T) {
	tester := newTester(t, &testerConfig{layers: 2})
	defer tester.release()

	root := tester.roots[len(tester.roots)-1]
	read := func() database.NodeSource {
		t.Helper()
		r, err := tester.db.NodeReader(root)
		if err != nil {
			t.Fatal(err)
		}
		sr, ok := r.(database.NodeSourceReader)
		if !ok {
			t.Fatalf("%T does not implement database.NodeSourceReader", r)
		}
		blob, source, err := sr.NodeWithSource(common.Hash{}, nil, root)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := r.Node(common.Hash{}, nil, root)
		if err != nil || !bytes.Equal(plain, blob) {
			t.Fatalf("Node and NodeWithSource disagree: %x, %v vs %x", plain, err, blob)
		}
		return source
	}
	if source := read(); source != database.NodeSourceDiff {
		t.Errorf("root node before commit found in %v, want diff", source)
	}
	if err := tester.db.Commit(root, false); err != nil {
		t.Fatal(err)
	}
	if source := read(); source != database.NodeSourceClean && source != database.NodeSourceDisk {
		t.Errorf("root node after commit found in %v, want clean or disk", source)
	}
}

// TestNodeLocSource checks that every location pathdb reports maps to its own
// source.
func TestNodeLocSource(t *testing.T) {
	for loc, want := range map[string]database.NodeSource{
		locDiffLayer:  database.NodeSourceDiff,
		locDirtyCache: database.NodeSourceDirty,
		locCleanCache: database.NodeSourceClean,
		locDiskLayer:  database.NodeSourceDisk,
		"":            database.NodeSourceUnknown,
	} {
		if got := (nodeLoc{loc: loc}).source(); got != want {
			t.Errorf("location %q: source %v, want %v", loc, got, want)
		}
		if loc != "" && want.String() != loc {
			t.Errorf("source %v is named %q, pathdb's location %q", want, want.String(), loc)
		}
	}
}
