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

package tracesum

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Source loads the traces that may hold the selected blocks: a trace file
// (NewFileSource) or Jaeger's query API (NewJaegerSource). A source may return
// more than was selected; the selection is applied afterwards. A Source is
// used by one goroutine at a time.
type Source interface {
	load(sel Selection) ([]*trace, error)
	String() string // names the source in messages
}

// NewFileSource returns the source of a trace export file: Jaeger JSON
// ({"data":[...]}) or OTLP JSON ({"result":...} or {"resourceSpans":...}, one
// per line), detected from its content.
func NewFileSource(path string) Source {
	return &fileSource{path: path}
}

// fileSource reads an export file in either format.
type fileSource struct {
	path string
}

func (f *fileSource) String() string {
	return "file " + f.path
}

func (f *fileSource) load(Selection) ([]*trace, error) {
	data, err := os.ReadFile(f.path)
	if err != nil {
		var perr *fs.PathError
		if errors.As(err, &perr) {
			err = perr.Err
		}
		return nil, fmt.Errorf("trace file %s: %v", f.path, err)
	}
	traces, err := decodeTraces(data)
	if err != nil {
		return nil, fmt.Errorf("trace file %s: %v", f.path, err)
	}
	return traces, nil
}
