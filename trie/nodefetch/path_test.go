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

package nodefetch

import (
	"sync"
	"testing"
)

func TestPathNames(t *testing.T) {
	want := []string{"reader", "prefetcher", "update", "commit"}
	for p := Path(0); p < NumPaths; p++ {
		if p.String() != want[p] {
			t.Errorf("Path(%d) = %q, want %q", p, p, want[p])
		}
	}
	if NumPaths.String() != "unknown" {
		t.Errorf("out-of-range path = %q, want unknown", NumPaths)
	}
}

func TestTag(t *testing.T) {
	var nilTag *Tag
	nilTag.Set(PathReader) // does nothing
	if nilTag.Path() != PathUpdate {
		t.Errorf("nil tag path = %v, want update", nilTag.Path())
	}
	tag := NewTag(PathPrefetcher)
	if tag.Path() != PathPrefetcher {
		t.Errorf("new tag path = %v, want prefetcher", tag.Path())
	}
	var wg sync.WaitGroup
	wg.Go(func() { tag.Set(PathUpdate) })
	wg.Wait()
	if tag.Path() != PathUpdate {
		t.Errorf("tag path after Set = %v, want update", tag.Path())
	}
}
