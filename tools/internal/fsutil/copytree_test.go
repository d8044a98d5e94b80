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
	"net"
	"os"
	"path/filepath"
	"testing"
)

func TestCopyTree(t *testing.T) {
	src := t.TempDir()
	mustWrite(t, filepath.Join(src, "a.txt"), "a", 0o644)
	mustWrite(t, filepath.Join(src, "sub", "b.txt"), "b", 0o444) // read-only, as in the module cache
	l, err := net.Listen("unix", filepath.Join(src, "geth.ipc"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()

	dst := filepath.Join(t.TempDir(), "copy")
	if err := CopyTree(src, dst); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a.txt": "a", "sub/b.txt": "b"} {
		got, err := os.ReadFile(filepath.Join(dst, name))
		if err != nil || string(got) != want {
			t.Errorf("%s: got %q, %v; want %q", name, got, err, want)
		}
	}
	info, err := os.Stat(filepath.Join(dst, "sub", "b.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o644 {
		t.Errorf("copy of a read-only file has mode %v, want 0644 (owner-writable)", info.Mode().Perm())
	}
	if _, err := os.Lstat(filepath.Join(dst, "geth.ipc")); !os.IsNotExist(err) {
		t.Errorf("the socket was copied (err %v)", err)
	}
	if err := CopyTree(src, dst); err == nil {
		t.Error("CopyTree over an existing destination succeeded")
	}
}

func TestCopyTreeRefusesSymlinks(t *testing.T) {
	src := t.TempDir()
	if err := os.Symlink("/etc/passwd", filepath.Join(src, "link")); err != nil {
		t.Fatal(err)
	}
	if err := CopyTree(src, filepath.Join(t.TempDir(), "copy")); err == nil {
		t.Fatal("a symbolic link was copied")
	}
}

func mustWrite(t *testing.T, path, content string, perm os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
}

func TestCloneTree(t *testing.T) {
	src := t.TempDir()
	mustWrite(t, filepath.Join(src, "db", "000001.sst"), "table", 0o644)
	mustWrite(t, filepath.Join(src, "db", "MANIFEST-000002"), "manifest", 0o644)

	dst := filepath.Join(t.TempDir(), "clone")
	shared := func(rel string) bool { return filepath.Ext(rel) == ".sst" }
	if err := CloneTree(src, dst, shared); err != nil {
		t.Fatal(err)
	}
	for name, wantLinked := range map[string]bool{"db/000001.sst": true, "db/MANIFEST-000002": false} {
		a, err := os.Stat(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.Stat(filepath.Join(dst, name))
		if err != nil {
			t.Fatal(err)
		}
		if linked := os.SameFile(a, b); linked != wantLinked {
			t.Errorf("%s: linked %v, want %v", name, linked, wantLinked)
		}
	}
	// A change to the clone's copied file leaves the source's alone, and
	// removing the clone's link leaves the source's table.
	mustWrite(t, filepath.Join(dst, "db", "MANIFEST-000002"), "changed", 0o644)
	if err := os.RemoveAll(dst); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"db/000001.sst": "table", "db/MANIFEST-000002": "manifest"} {
		if got, err := os.ReadFile(filepath.Join(src, name)); err != nil || string(got) != want {
			t.Errorf("source %s: got %q, %v; want %q", name, got, err, want)
		}
	}
}
