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
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"os"
	"strings"
	"time"
)

// The HTML page (tracesum --html FILE) shows the summaries as one
// self-contained file: inline CSS and SVG, no script and no fetch, so it opens
// from disk, in a mail or a CI artifact alike. One block gets its waterfall,
// time breakdown, node fetches by depth and by source, bytes, rehash work and
// BAL figures; several blocks (a range, or a bench study's runs) get the same
// figures side by side first, then each block's page below.
//
// Every figure the text output also prints carries a data-fig attribute naming
// it, and is formatted as the text prints it, so that a test can compare them.

//go:embed page/page.tmpl page/page.css
var pageFiles embed.FS

var pageTemplate = template.Must(template.New("page.tmpl").Funcs(template.FuncMap{
	"commas": commas,
	"ms":     ms,
	"msv":    msv,
	"pct":    pct,
	"size":   size,
	"plural": plural,
	"kind":   kindName,
	"unit":   depthUnit,
	"css":    func() template.CSS { return template.CSS(pageCSS) },
	"phase":  phaseLabel,
	"color":  phaseColor,
	"srccol": sourceColor,
	"f1":     func(v float64) string { return fmt.Sprintf("%.1f", v) },
	"check":  checkLine,
	"float":  func(v int64) float64 { return float64(v) },
	"deref":  func(p *int64) int64 { return *p },
}).ParseFS(pageFiles, "page/page.tmpl"))

var pageCSS = func() string {
	b, err := pageFiles.ReadFile("page/page.css")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// Labeled is a summary with the name it has on the page.
type Labeled struct {
	Label string // "block 3", or "gd6-run1 · block 3" for a bench run
	*Summary
}

// pageView is what the template draws.
type pageView struct {
	Title     string
	Generated string
	Blocks    []*blockView
	Compare   *compareView // nil for one block
}

// writeHTML writes the page of the summaries to w.
func writeHTML(w io.Writer, title string, sums []Labeled) error {
	view := &pageView{Title: title, Generated: time.Now().UTC().Format("2006-01-02 15:04 UTC")}
	for i, s := range sums {
		view.Blocks = append(view.Blocks, newBlockView(i, s))
	}
	if len(sums) > 1 {
		view.Compare = newCompareView(view.Blocks)
	}
	return pageTemplate.Execute(w, view)
}

// blockView is one block's section.
type blockView struct {
	ID        string // anchor
	Label     string
	S         *Summary
	Check     string // "ok", "MISMATCH" or "" without a counter
	Waterfall *waterfallChart
	Depths    []*depthChart
	Sources   *barChart
	Phases    *barChart // fetches by phase
}

func newBlockView(i int, s Labeled) *blockView {
	v := &blockView{ID: fmt.Sprintf("b%d", i), Label: s.Label, S: s.Summary, Waterfall: newWaterfallChart(s.Summary)}
	if fs := s.Fetches; fs != nil {
		v.Check = "-"
		if fs.Counted != nil {
			v.Check = "MISMATCH"
			if fs.Complete {
				v.Check = "ok"
			}
		}
		v.Depths = newDepthCharts(fs.ByDepth)
		v.Sources = newBarChart(fs.BySource, sourceColor)
		v.Phases = newBarChart(fs.ByPhase, func(string) string { return "#8c7aa9" })
	}
	return v
}

// depthUnit names the unit of trie.depth for a trie kind.
func depthUnit(kind string) string {
	if u := depthUnits[kind]; u != "" {
		return u
	}
	return "levels"
}

// phaseNames are the waterfall's names of the phase spans.
var phaseNames = map[string]string{
	blockOperation: "block",
	opExecution:    "execution",
	opStateRead:    "state reads",
	opValidate:     "validation",
	opTrieUpdate:   "trie update",
	opTrieHash:     "rehash",
	opTrieCommit:   "trie commit",
	opTriedb:       "triedb commit",
}

// phasePathLabel shortens a phase path ("bc.validator.ValidateState >
// state.trie.update") to the waterfall's names ("validation › trie update").
func phasePathLabel(path string) string {
	parts := strings.Split(path, " > ")
	for i, p := range parts {
		parts[i] = phaseLabel(p)
	}
	return strings.Join(parts, " › ")
}

func phaseLabel(name string) string {
	if l, ok := phaseNames[name]; ok {
		return l
	}
	return name
}

// phaseColors colour the phases alike in every chart; the keys are span
// names and time breakdown rows.
var phaseColors = map[string]string{
	blockOperation: "#5b6770", rowTotal: "#5b6770",
	opExecution: "#4e79a7", rowExecution: "#4e79a7",
	opStateRead: "#f28e2b", rowReads: "#f28e2b",
	opValidate:   "#9c755f",
	opTrieUpdate: "#59a14f", rowUpdate: "#59a14f",
	opTrieHash: "#e15759", rowRehash: "#e15759",
	opTrieCommit: "#76b7b2", rowCommit: "#76b7b2",
	opTriedb: "#edc948", rowTriedb: "#edc948",
	rowOther: "#bab0ac",
}

func phaseColor(name string) string {
	if c, ok := phaseColors[name]; ok {
		return c
	}
	return "#8c7aa9"
}

// sourceColors run from near (green) to far (red).
var sourceColors = map[string]string{"diff": "#59a14f", "dirty": "#8cd17d", "clean": "#4e79a7", "disk": "#e15759", "unknown": "#bab0ac"}

func sourceColor(src string) string {
	if c, ok := sourceColors[src]; ok {
		return c
	}
	return "#8c7aa9"
}

// WriteHTMLFile writes the page of sums to path, titled title (or after the
// blocks if empty).
func WriteHTMLFile(path, title string, sums []Labeled) error {
	if len(sums) == 0 {
		return errors.New("--html: no block to show")
	}
	if title == "" {
		title = defaultTitle(sums)
	}
	var buf bytes.Buffer
	if err := writeHTML(&buf, title, sums); err != nil {
		return fmt.Errorf("--html %s: %v", path, err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--html: %v", err)
	}
	return nil
}

// defaultTitle names the blocks of a page.
func defaultTitle(sums []Labeled) string {
	if len(sums) == 1 {
		return "Where the time of " + sums[0].Label + " went"
	}
	first, last := sums[0].Block.Number, sums[len(sums)-1].Block.Number
	if first >= 0 && last > first && int64(len(sums)) == last-first+1 {
		return fmt.Sprintf("Blocks %s to %s side by side", commas(first), commas(last))
	}
	return fmt.Sprintf("%d blocks side by side", len(sums))
}
