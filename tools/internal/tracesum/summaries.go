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

// Package tracesum summarizes the traces of imported blocks that statelab's
// geth emits with --rpc.telemetry (one trace per block, rooted at a
// core.blockchain.ProcessBlock span): where the block's time went, the trie
// node fetches by depth, source, trie kind, trie and phase, the bytes read and
// written and the rehash work. It reads Jaeger's query API (v1 JSON or v3 OTLP
// JSON, NewJaegerSource) or an export file in either format (NewFileSource),
// and writes text, JSON and a self-contained HTML page. tools/tracesum is its
// command line; tools/mainjob summarizes its blocks with it.
//
//	sums, err := tracesum.Summarize(src, tracesum.Selection{}.WithBlock(3))
//	err = tracesum.WriteText(os.Stdout, sums)
package tracesum

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Summarize loads the blocks that sel picks from src and summarizes each,
// labeled by its block number.
func Summarize(src Source, sel Selection) ([]Labeled, error) {
	blocks, err := loadBlocks(src, sel)
	if err != nil {
		return nil, err
	}
	return labelBlocks(blocks), nil
}

// SummarizeSettled is Summarize for blocks that Jaeger may still be storing:
// it loads again, for at most wait, until every selected block looks complete
// and its span count stopped changing (see settler). If wait runs out first,
// it summarizes the blocks as found and note says which one is still arriving.
func SummarizeSettled(src *JaegerSource, sel Selection, wait time.Duration) (sums []Labeled, note string, err error) {
	st := &settler{wait: wait, sleep: time.Sleep, now: time.Now}
	blocks, note, err := st.load(src, sel)
	if err != nil {
		return nil, "", err
	}
	return labelBlocks(blocks), note, nil
}

// labelBlocks summarizes blocks, labeled by block number.
func labelBlocks(blocks []*blockSpans) []Labeled {
	sums := make([]Labeled, len(blocks))
	for i, b := range blocks {
		s := summarize(b)
		sums[i] = Labeled{Label: blockLabel(s), Summary: s}
	}
	return sums
}

// blockLabel names a block on the HTML page.
func blockLabel(s *Summary) string {
	if s.Block.Number < 0 {
		return "trace " + s.TraceID
	}
	return "block " + commas(s.Block.Number)
}

// loadBlocks loads the traces of src and returns the selected blocks.
func loadBlocks(src Source, sel Selection) ([]*blockSpans, error) {
	traces, err := src.load(sel)
	if errors.Is(err, errNoTraces) {
		traces, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	blocks, err := sel.apply(findBlocks(traces), src.String())
	if h, ok := src.(searchHinter); ok && err != nil {
		if hint := h.searchHint(sel); hint != "" {
			err = fmt.Errorf("%v; %s", err, hint)
		}
	}
	return blocks, err
}

// searchHinter is a source that can say how to widen a search that missed.
type searchHinter interface {
	searchHint(sel Selection) string
}

// WriteJSON writes the summaries as the indented JSON array that tracesum
// --json prints and LoadSummaries reads.
func WriteJSON(w io.Writer, sums []Labeled) error {
	plain := make([]*Summary, len(sums))
	for i, s := range sums {
		plain[i] = s.Summary
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(plain)
}

// LoadSummaries reads files written by tracesum --json, in the order given,
// labeling each block by its file's name (and its number, if the file holds
// several): a bench study keeps one such file per traced run.
func LoadSummaries(paths []string) ([]Labeled, error) {
	if len(paths) == 0 {
		return nil, errors.New("--from-json: give the files written by tracesum --json as arguments")
	}
	var out []Labeled
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("--from-json: %v", err)
		}
		var sums []*Summary
		if err := json.Unmarshal(data, &sums); err != nil {
			return nil, fmt.Errorf("--from-json: %s: not a tracesum --json file: %v", path, jsonError(data, err))
		}
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		for _, s := range sums {
			if s == nil || len(s.Time) == 0 {
				return nil, fmt.Errorf("--from-json: %s: a summary without a time breakdown (not written by tracesum --json?)", path)
			}
			label := name
			if len(sums) > 1 {
				label += " · " + blockLabel(s)
			}
			out = append(out, Labeled{Label: label, Summary: s})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--from-json: no summaries in %s", strings.Join(paths, ", "))
	}
	return out, nil
}
