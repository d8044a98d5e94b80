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
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// unignoredOverlayRoots returns the top-level directories holding overlay files
// that go.mod's ignore directive does not list. Overlay files are halves of geth
// packages: outside the assembled tree they cannot compile, so module statelab
// must ignore every directory they live in, or `go build ./...` fails at the
// repository's root.
func (ws *workspace) unignoredOverlayRoots(overlays []string) ([]string, error) {
	path := filepath.Join(ws.root, "go.mod")
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	mf, err := modfile.ParseLax(path, blob, nil)
	if err != nil {
		return nil, err
	}
	ignored := map[string]bool{}
	for _, ig := range mf.Ignore {
		ignored[strings.TrimPrefix(filepath.ToSlash(ig.Path), "./")] = true
	}
	var missing []string
	for _, o := range overlays {
		root, _, _ := strings.Cut(o, "/")
		if !ignored[root] && !slices.Contains(missing, root) {
			missing = append(missing, root)
		}
	}
	return missing, nil
}
