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
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"statelab/tools/internal/cliutil"
)

// workspace is the statelab checkout the job runs in, the context that ends
// the job's programs when it is canceled, and where their progress goes. It is
// used by one goroutine.
type workspace struct {
	ctx  context.Context
	root string // the statelab repository
	bin  string // root/build/bin: the binaries ./build.sh builds
	log  io.Writer
}

func newWorkspace(ctx context.Context, root string, log io.Writer) (*workspace, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
		return nil, fmt.Errorf("%s is not the statelab repository: %v", abs, err)
	}
	return &workspace{ctx: ctx, root: abs, bin: filepath.Join(abs, "build", "bin"), log: log}, nil
}

// logf prints a progress line.
func (ws *workspace) logf(format string, args ...any) {
	fmt.Fprintf(ws.log, "==> "+format+"\n", args...)
}

// stream runs a program in dir with its output going to the log.
func (ws *workspace) stream(dir string, name string, args ...string) error {
	return cliutil.Stream(ws.ctx, ws.log, dir, name, args...)
}

// relPath shows a path relative to the repository root where it is inside it.
func (ws *workspace) relPath(p string) string {
	if rel, err := filepath.Rel(ws.root, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
