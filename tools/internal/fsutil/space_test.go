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

package fsutil

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestFreeSpace asks for a directory and for a path below it that does not
// exist yet: both are on the same file system, which statfs describes.
func TestFreeSpace(t *testing.T) {
	dir := t.TempDir()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{dir, filepath.Join(dir, "not", "yet")} {
		free, err := FreeSpace(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := st.Bavail * uint64(st.Bsize); free == 0 || free > 2*want || want > 2*free {
			t.Errorf("%s: %d bytes free, statfs says %d", path, free, want)
		}
	}
}
