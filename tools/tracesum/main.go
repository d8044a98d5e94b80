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

// tracesum summarizes the traces of imported blocks that statelab's geth
// emits with --telemetry (one trace per block, rooted at a
// core.blockchain.ProcessBlock span): where the block's time went, the trie
// node fetches by depth, source, trie kind, trie and phase, the bytes read and
// written and the rehash work. It reads Jaeger's query API (v1 JSON or v3 OTLP JSON) or
// an export file in either format, detected automatically.
//
//	tracesum --jaeger http://127.0.0.1:16686 [--block N | --trace ID] [--json]
//	tracesum --file trace.json [--block N | --trace ID] [--json]
//	tracesum ... --html page.html [--title T]
//	tracesum --from-json --html page.html run1.json run2.json ...
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/urfave/cli/v2"
)

var (
	fileFlag = &cli.StringFlag{
		Name:  "file",
		Usage: "trace export: Jaeger JSON ({\"data\":[...]}) or OTLP JSON ({\"result\":...} or {\"resourceSpans\":...}, one per line)",
	}
	jaegerFlag = &cli.StringFlag{
		Name:  "jaeger",
		Usage: "Jaeger query service URL, e.g. http://127.0.0.1:16686",
	}
	apiFlag = &cli.StringFlag{
		Name:  "api",
		Usage: "Jaeger query API: v3 (/api/v3/traces, OTLP JSON, nanosecond times) or v1 (/api/traces, Jaeger JSON, microsecond times, filters on block number)",
		Value: "v3",
	}
	serviceFlag = &cli.StringFlag{
		Name:  "service",
		Usage: "Jaeger service name of geth",
		Value: "geth",
	}
	limitFlag = &cli.IntFlag{
		Name:  "limit",
		Usage: "most traces to fetch from Jaeger when searching",
		Value: 20,
	}
	lookbackFlag = &cli.DurationFlag{
		Name:  "lookback",
		Usage: "how far back to search Jaeger",
		Value: 24 * time.Hour,
	}
	timeoutFlag = &cli.DurationFlag{
		Name:  "timeout",
		Usage: "timeout of a Jaeger request",
		Value: time.Minute,
	}
	settleFlag = &cli.DurationFlag{
		Name:        "settle",
		Usage:       "with --jaeger, load again until the selected traces are complete and stop growing, for at most this long (Jaeger stores spans a while after geth exported them: use it right after an import)",
		DefaultText: "0, take the traces as found",
	}
	blockFlag = &cli.Uint64Flag{
		Name:        "block",
		Usage:       "summarize this block number",
		DefaultText: "every block found",
	}
	traceFlag = &cli.StringFlag{
		Name:  "trace",
		Usage: "summarize the block of this trace ID",
	}
	jsonFlag = &cli.BoolFlag{
		Name:  "json",
		Usage: "print a JSON array of summaries",
	}
	htmlFlag = &cli.StringFlag{
		Name:  "html",
		Usage: "also write the summaries as one self-contained HTML page to this file (charts of one block, or of several side by side)",
	}
	titleFlag = &cli.StringFlag{
		Name:        "title",
		Usage:       "title of the HTML page",
		DefaultText: "the blocks shown",
	}
	fromJSONFlag = &cli.BoolFlag{
		Name:  "from-json",
		Usage: "read the summaries from the arguments, files written by tracesum --json (e.g. a bench study's traces/*.json), instead of traces; each file's name labels its blocks",
	}
)

// newApp returns the command line application, writing to out.
func newApp(out io.Writer) *cli.App {
	return &cli.App{
		Name:  "tracesum",
		Usage: "summarize the trace of imported blocks (geth --telemetry) from Jaeger or an export file",
		UsageText: "tracesum --jaeger http://127.0.0.1:16686 [--block N | --trace ID] [--json]\n" +
			"tracesum --file trace.json [--block N | --trace ID] [--json]\n" +
			"tracesum ... --html page.html [--title T]\n" +
			"tracesum --from-json --html page.html summaries.json...",
		HideHelpCommand: true,
		Flags:           []cli.Flag{fileFlag, jaegerFlag, apiFlag, serviceFlag, limitFlag, lookbackFlag, timeoutFlag, settleFlag, blockFlag, traceFlag, jsonFlag, htmlFlag, titleFlag, fromJSONFlag},
		Action:          action,
		Writer:          out,
		ErrWriter:       os.Stderr,
	}
}

func main() {
	if err := newApp(os.Stdout).Run(os.Args); err != nil {
		fmt.Fprintln(os.Stderr, "tracesum:", err)
		os.Exit(1)
	}
}

// action loads the selected blocks' traces (or, with --from-json, earlier
// summaries), prints their summaries and writes the HTML page if asked.
func action(ctx *cli.Context) error {
	var (
		sums []labeled
		err  error
	)
	if ctx.Bool(fromJSONFlag.Name) {
		sums, err = loadSummaries(ctx.Args().Slice())
	} else {
		if ctx.NArg() > 0 {
			return fmt.Errorf("unexpected arguments %v", ctx.Args().Slice())
		}
		sums, err = summarizeSource(ctx)
	}
	if err != nil {
		return err
	}
	if path := ctx.String(htmlFlag.Name); path != "" {
		if err := writeHTMLFile(path, ctx.String(titleFlag.Name), sums); err != nil {
			return err
		}
	}
	plain := make([]*summary, len(sums))
	for i, s := range sums {
		plain[i] = s.summary
	}
	if ctx.Bool(jsonFlag.Name) {
		enc := json.NewEncoder(ctx.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(plain)
	}
	return printText(ctx.App.Writer, plain)
}

// summarizeSource summarizes the blocks that the flags select from Jaeger or a
// trace file, labeled by block number.
func summarizeSource(ctx *cli.Context) ([]labeled, error) {
	src, err := newSource(ctx)
	if err != nil {
		return nil, err
	}
	sel := selection{block: ctx.Uint64(blockFlag.Name), hasBlock: ctx.IsSet(blockFlag.Name), traceID: ctx.String(traceFlag.Name)}
	var blocks []*blockSpans
	if wait := ctx.Duration(settleFlag.Name); wait > 0 {
		if _, ok := src.(*jaegerSource); !ok {
			return nil, errors.New("--settle applies to --jaeger only: a trace file does not change")
		}
		st := &settler{wait: wait, sleep: time.Sleep, now: time.Now}
		var note string
		if blocks, note, err = st.load(src, sel); note != "" {
			fmt.Fprintln(ctx.App.ErrWriter, "tracesum: warning:", note)
		}
	} else {
		blocks, err = loadBlocks(src, sel)
	}
	if err != nil {
		return nil, err
	}
	sums := make([]labeled, len(blocks))
	for i, b := range blocks {
		s := summarize(b)
		sums[i] = labeled{Label: blockLabel(s), summary: s}
	}
	return sums, nil
}

// blockLabel names a block on the HTML page.
func blockLabel(s *summary) string {
	if s.Block.Number < 0 {
		return "trace " + s.TraceID
	}
	return "block " + commas(s.Block.Number)
}

// loadBlocks loads the traces of src and returns the selected blocks.
func loadBlocks(src source, sel selection) ([]*blockSpans, error) {
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
	searchHint(sel selection) string
}

// newSource returns the source the flags name: exactly one of --file and
// --jaeger.
func newSource(ctx *cli.Context) (source, error) {
	file, base := ctx.String(fileFlag.Name), ctx.String(jaegerFlag.Name)
	switch {
	case file != "" && base != "":
		return nil, errors.New("give either --file or --jaeger, not both")
	case file != "":
		return &fileSource{path: file}, nil
	case base == "":
		return nil, errors.New("give --file FILE or --jaeger URL")
	}
	api := ctx.String(apiFlag.Name)
	if api != "v1" && api != "v3" {
		return nil, fmt.Errorf("--api %q: want v1 or v3", api)
	}
	if ctx.Int(limitFlag.Name) < 1 {
		return nil, errors.New("--limit must be at least 1")
	}
	return &jaegerSource{
		base:     base,
		api:      api,
		service:  ctx.String(serviceFlag.Name),
		limit:    ctx.Int(limitFlag.Name),
		lookback: ctx.Duration(lookbackFlag.Name),
		client:   &http.Client{Timeout: ctx.Duration(timeoutFlag.Name)},
		now:      time.Now,
	}, nil
}
