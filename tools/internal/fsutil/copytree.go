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

// Package fsutil holds the file-system helpers that statelab's tools share.
package fsutil

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// CopyTree copies the directories and regular files under src to dst, which must
// not exist. Permission bits are kept, plus the owner's write bit, so that a copy
// of a read-only tree (a Go module directory) can be changed. Sockets and named
// pipes, such as a geth.ipc left by a running or crashed geth, are skipped;
// symbolic links and devices are refused. Sparse or preallocated space is not
// copied.
func CopyTree(src, dst string) error {
	return CloneTree(src, dst, nil)
}

// CloneTree is CopyTree, except that the files for which shared reports true
// (given their path relative to src) are hard links to src's, not copies. It is
// for files that are never written after they are made, such as a database's
// sorted tables: the clone then costs only the other files' bytes, and a change
// in either tree replaces such a file rather than writing it. Where a link
// cannot be made (another file system), the file is copied. A nil shared
// copies every file.
func CloneTree(src, dst string, shared func(rel string) bool) error {
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("copying %s: %s already exists", src, dst)
	}
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		mode := info.Mode()
		switch {
		case mode.IsDir():
			return os.Mkdir(target, mode.Perm()|0o700)
		case mode.IsRegular():
			if shared != nil && shared(rel) && os.Link(path, target) == nil {
				return nil
			}
			return copyFile(path, target, mode.Perm())
		case mode&(fs.ModeSocket|fs.ModeNamedPipe) != 0:
			return nil
		default:
			return fmt.Errorf("copying %s: not a regular file or directory (%s)", path, mode.Type())
		}
	})
}

// CopyFile copies the regular file src to dst, which must not exist, keeping its
// permission bits plus the owner's write bit.
func CopyFile(src, dst string) error {
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	return copyFile(src, dst, info.Mode().Perm())
}

// copyFile copies one regular file to a new file with the given permissions and
// the owner's write bit.
func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, perm|0o200)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
