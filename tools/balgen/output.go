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
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"statelab/core/balsidecar"
)

// writeFile writes f to path atomically, in the form named by to ("json",
// "binary", or "" to choose by the name: .json is JSON). It validates f first.
func writeFile(path, to string, f *balsidecar.File, out io.Writer) error {
	if err := f.Validate(); err != nil {
		return fmt.Errorf("refusing to write an invalid sidecar: %w", err)
	}
	if to == "" {
		to = "binary"
		if strings.HasSuffix(path, ".json") {
			to = "json"
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".balgen-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 1<<20)
	if to == "json" {
		err = balsidecar.EncodeJSON(w, f)
	} else {
		err = balsidecar.EncodeBinary(w, f)
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	var accounts, slots int
	for _, b := range f.Blocks {
		accounts += len(b.Accounts)
		slots += b.Slots()
	}
	fmt.Fprintf(out, "balgen: wrote %s (%s, type %d): %d blocks, %d accounts, %d slots\n", path, to, f.Type, len(f.Blocks), accounts, slots)
	return nil
}
