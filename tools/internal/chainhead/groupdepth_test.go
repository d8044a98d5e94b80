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

package chainhead

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ethereum/go-ethereum/core/rawdb"
)

// patchAccessor is the overlay file of the patch triedb-record-bintrie-groupdepth
// that declares the key, relative to this package.
var patchAccessor = filepath.Join("..", "..", "..", "core", "rawdb", "accessors_bintrie.go")

// TestGroupDepthKeyMatchesPatch reads the key the patch declares from its
// overlay file and fails if GroupDepthKey is not that key. (The end-to-end
// tests also read the depth back from datadirs the patched geth wrote.)
func TestGroupDepthKeyMatchesPatch(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), patchAccessor, nil, 0)
	if err != nil {
		t.Fatalf("reading the patch's accessor: %v", err)
	}
	key, ok := byteSliceVar(file, "binTrieGroupDepthKey")
	if !ok {
		t.Fatalf("%s declares no binTrieGroupDepthKey = []byte(\"...\"): update GroupDepthKey and this test to the patch", patchAccessor)
	}
	if key != string(GroupDepthKey) {
		t.Fatalf("the patch records the group depth under %q, GroupDepthKey is %q", key, GroupDepthKey)
	}
}

// byteSliceVar returns the string of a package variable declared as
// name = []byte("string").
func byteSliceVar(file *ast.File, name string) (string, bool) {
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		for _, spec := range gen.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, id := range vs.Names {
				if id.Name != name || i >= len(vs.Values) {
					continue
				}
				call, ok := vs.Values[i].(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return "", false
				}
				lit, ok := call.Args[0].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return "", false
				}
				s, err := strconv.Unquote(lit.Value)
				return s, err == nil
			}
		}
	}
	return "", false
}

// TestReadGroupDepth checks the three states of the record: absent, one
// byte, and malformed.
func TestReadGroupDepth(t *testing.T) {
	db := rawdb.NewMemoryDatabase()
	if gd, ok, err := ReadGroupDepth(db); gd != 0 || ok || err != nil {
		t.Errorf("empty database: %d %v %v, want none recorded", gd, ok, err)
	}
	db.Put(GroupDepthKey, []byte{6})
	if gd, ok, err := ReadGroupDepth(db); gd != 6 || !ok || err != nil {
		t.Errorf("recorded 6: %d %v %v", gd, ok, err)
	}
	db.Put(GroupDepthKey, []byte{6, 0})
	if _, _, err := ReadGroupDepth(db); err == nil {
		t.Error("a two-byte record was accepted")
	}
}
