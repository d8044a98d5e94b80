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
	"github.com/ethereum/go-ethereum/trie/nodefetch"
)

// TestNodeWithSource checks that the reader names where a node was found: a
// diff layer before the state is committed, the clean cache or disk after.
func TestNodeWithSource(t *testing.T) {
	tester := newTester(t, &testerConfig{layers: 2})
	defer tester.release()

	root := tester.roots[len(tester.roots)-1]
	read := func() ([]byte, string) {
		t.Helper()
		r, err := tester.db.NodeReader(root)
		if err != nil {
			t.Fatal(err)
		}
		sr, ok := r.(nodefetch.SourceReader)
		if !ok {
			t.Fatalf("%T does not implement nodefetch.SourceReader", r)
		}
		blob, source, err := sr.NodeWithSource(common.Hash{}, nil, root)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := r.Node(common.Hash{}, nil, root)
		if err != nil || !bytes.Equal(plain, blob) {
			t.Fatalf("Node and NodeWithSource disagree: %x, %v vs %x", plain, err, blob)
		}
		return blob, source
	}
	if _, source := read(); source != "diff" {
		t.Errorf("root node before commit found in %q, want diff", source)
	}
	if err := tester.db.Commit(root, false); err != nil {
		t.Fatal(err)
	}
	if _, source := read(); source != "clean" && source != "disk" {
		t.Errorf("root node after commit found in %q, want clean or disk", source)
	}
}
