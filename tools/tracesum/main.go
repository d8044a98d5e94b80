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
// emits with --rpc.telemetry (one trace per block, rooted at a
// core.blockchain.ProcessBlock span): where the block's time went, the trie
// node fetches by depth, source, trie kind, trie and phase, the bytes read and
// written and the rehash work. It reads Jaeger's query API (v1 JSON or v3 OTLP JSON) or
// an export file in either format, detected automatically.
//
//	tracesum --jaeger http://127.0.0.1:16686 [--block N | --trace ID] [--json]
//	tracesum --file trace.json [--block N | --trace ID] [--json]
//	tracesum ... --html page.html [--title T]
//	tracesum --from-json --html page.html run1.json run2.json ...
//
// The work is done by statelab/tools/internal/tracesum, which the main job
// also uses; this is its command line.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/cliutil"
	"statelab/tools/internal/tracesum"
)

// Flag categories of the help.
const (
	sourceCategory = "TRACES"
	selectCategory = "BLOCKS"
	outputCategory = "OUTPUT"
)

var (
	fileFlag = &cli.StringFlag{
		Name:     "file",
		Usage:    "trace export: Jaeger JSON ({\"data\":[...]}) or OTLP JSON ({\"result\":...} or {\"resourceSpans\":...}, one per line)",
		Category: sourceCategory,
	}
	jaegerFlag = &cli.StringFlag{
		Name:     "jaeger",
		Usage:    "Jaeger query service URL, e.g. http://127.0.0.1:16686",
		Category: sourceCategory,
	}
	apiFlag = &cli.StringFlag{
		Name:     "api",
		Usage:    "Jaeger query API: v3 (/api/v3/traces, OTLP JSON, nanosecond times) or v1 (/api/traces, Jaeger JSON, microsecond times, filters on block number)",
		Value:    "v3",
		Category: sourceCategory,
	}
	serviceFlag = &cli.StringFlag{
		Name:     "service",
		Usage:    "Jaeger service name of geth",
		Value:    "geth",
		Category: sourceCategory,
	}
	limitFlag = &cli.IntFlag{
		Name:     "limit",
		Usage:    "most traces to fetch from Jaeger when searching",
		Value:    20,
		Category: sourceCategory,
	}
	lookbackFlag = &cli.DurationFlag{
		Name:     "lookback",
		Usage:    "how far back to search Jaeger",
		Value:    24 * time.Hour,
		Category: sourceCategory,
	}
	timeoutFlag = &cli.DurationFlag{
		Name:     "timeout",
		Usage:    "timeout of a Jaeger request",
		Value:    time.Minute,
		Category: sourceCategory,
	}
	settleFlag = &cli.DurationFlag{
		Name:        "settle",
		Usage:       "with --jaeger, load again until the selected traces are complete and stop growing, for at most this long (Jaeger stores spans a while after geth exported them: use it right after an import)",
		DefaultText: "0, take the traces as found",
		Category:    sourceCategory,
	}
	blockFlag = &cli.Uint64Flag{
		Name:        "block",
		Usage:       "summarize this block number",
		DefaultText: "every block found",
		Category:    selectCategory,
	}
	traceFlag = &cli.StringFlag{
		Name:     "trace",
		Usage:    "summarize the block of this trace ID",
		Category: selectCategory,
	}
	jsonFlag = &cli.BoolFlag{
		Name:     "json",
		Usage:    "print a JSON array of summaries",
		Category: outputCategory,
	}
	htmlFlag = &cli.StringFlag{
		Name:     "html",
		Usage:    "also write the summaries as one self-contained HTML page to this file (charts of one block, or of several side by side)",
		Category: outputCategory,
	}
	titleFlag = &cli.StringFlag{
		Name:        "title",
		Usage:       "title of the HTML page",
		DefaultText: "the blocks shown",
		Category:    outputCategory,
	}
	fromJSONFlag = &cli.BoolFlag{
		Name:     "from-json",
		Usage:    "read the summaries from the arguments, files written by tracesum --json (e.g. a bench study's traces/*.json), instead of traces; each file's name labels its blocks",
		Category: outputCategory,
	}
)

// newApp returns the command line application, writing to out.
func newApp(out io.Writer) *cli.App {
	app := cliutil.NewApp("tracesum", "summarize the trace of imported blocks (geth --rpc.telemetry) from Jaeger or an export file")
	app.UsageText = "tracesum --jaeger http://127.0.0.1:16686 [--block N | --trace ID] [--json]\n" +
		"tracesum --file trace.json [--block N | --trace ID] [--json]\n" +
		"tracesum ... --html page.html [--title T]\n" +
		"tracesum --from-json --html page.html summaries.json..."
	app.Flags = []cli.Flag{fileFlag, jaegerFlag, apiFlag, serviceFlag, limitFlag, lookbackFlag, timeoutFlag, settleFlag, blockFlag, traceFlag, jsonFlag, htmlFlag, titleFlag, fromJSONFlag}
	app.Action = action
	app.Writer = out
	return app
}

func main() {
	cliutil.Exit("tracesum", newApp(os.Stdout).Run(os.Args))
}

// action loads the selected blocks' traces (or, with --from-json, earlier
// summaries), prints their summaries and writes the HTML page if asked.
func action(ctx *cli.Context) error {
	var (
		sums []tracesum.Labeled
		err  error
	)
	if ctx.Bool(fromJSONFlag.Name) {
		sums, err = tracesum.LoadSummaries(ctx.Args().Slice())
	} else {
		if err := cliutil.NoArgs(ctx); err != nil {
			return err
		}
		sums, err = summarizeSource(ctx)
	}
	if err != nil {
		return err
	}
	if path := ctx.String(htmlFlag.Name); path != "" {
		if err := tracesum.WriteHTMLFile(path, ctx.String(titleFlag.Name), sums); err != nil {
			return err
		}
	}
	if ctx.Bool(jsonFlag.Name) {
		return tracesum.WriteJSON(ctx.App.Writer, sums)
	}
	return tracesum.WriteText(ctx.App.Writer, sums)
}

// summarizeSource summarizes the blocks that the flags select from Jaeger or a
// trace file.
func summarizeSource(ctx *cli.Context) ([]tracesum.Labeled, error) {
	src, err := newSource(ctx)
	if err != nil {
		return nil, err
	}
	var sel tracesum.Selection
	if ctx.IsSet(blockFlag.Name) {
		sel = sel.WithBlock(ctx.Uint64(blockFlag.Name))
	}
	if id := ctx.String(traceFlag.Name); id != "" {
		sel = sel.WithTrace(id)
	}
	wait := ctx.Duration(settleFlag.Name)
	if wait <= 0 {
		return tracesum.Summarize(src, sel)
	}
	jaeger, ok := src.(*tracesum.JaegerSource)
	if !ok {
		return nil, errors.New("--settle applies to --jaeger only: a trace file does not change")
	}
	sums, note, err := tracesum.SummarizeSettled(jaeger, sel, wait)
	if note != "" {
		fmt.Fprintln(ctx.App.ErrWriter, "tracesum: warning:", note)
	}
	return sums, err
}

// newSource returns the source the flags name: exactly one of --file and
// --jaeger.
func newSource(ctx *cli.Context) (tracesum.Source, error) {
	file, base := ctx.String(fileFlag.Name), ctx.String(jaegerFlag.Name)
	switch {
	case file != "" && base != "":
		return nil, errors.New("give either --file or --jaeger, not both")
	case file != "":
		return tracesum.NewFileSource(file), nil
	case base == "":
		return nil, errors.New("give --file FILE or --jaeger URL")
	}
	jaeger, err := tracesum.NewJaegerSource(tracesum.JaegerConfig{
		URL:      base,
		API:      ctx.String(apiFlag.Name),
		Service:  ctx.String(serviceFlag.Name),
		Limit:    ctx.Int(limitFlag.Name),
		Lookback: ctx.Duration(lookbackFlag.Name),
		Timeout:  ctx.Duration(timeoutFlag.Name),
	})
	if err != nil {
		return nil, err
	}
	return jaeger, nil
}
