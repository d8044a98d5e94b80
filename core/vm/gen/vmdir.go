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
	"os"
	"path/filepath"
)

// vmDirTrimmed finds the core/vm directory when the generator was built with
// -trimpath, where its own source path is an import path and says nothing
// about the file system. go test runs the generator's tests in core/vm/gen
// and go generate runs it in core/vm, so the working directory is one of the
// two.
func vmDirTrimmed() string {
	wd, err := os.Getwd()
	if err != nil {
		fatalf("cannot resolve generator source path (built with -trimpath): %v", err)
	}
	dir, err := vmDirFrom(wd)
	if err != nil {
		fatalf("%v", err)
	}
	return dir
}

// vmDirFrom returns the core/vm directory given a working directory that is
// core/vm or core/vm/gen.
func vmDirFrom(wd string) (string, error) {
	switch {
	case filepath.Base(wd) == "gen" && filepath.Base(filepath.Dir(wd)) == "vm":
		return filepath.Dir(wd), nil
	case filepath.Base(wd) == "vm" && filepath.Base(filepath.Dir(wd)) == "core":
		return wd, nil
	}
	return "", fmt.Errorf("built with -trimpath, the generator finds core/vm from the working directory, which must be core/vm or core/vm/gen, not %s", wd)
}
