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
	"path/filepath"

	"github.com/urfave/cli/v2"

	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
)

var reportCommand = &cli.Command{
	Name:   "report",
	Usage:  "rewrite the report, plots and benchstat file of --out from its runs.json and meta.json",
	Flags:  []cli.Flag{outFlag},
	Action: rewriteReport,
}

// rewriteReport rewrites a report from its raw runs.
func rewriteReport(ctx *cli.Context) error {
	out, err := requireOut(ctx)
	if err != nil {
		return err
	}
	runs, err := record.Read(filepath.Join(out, "runs.json"))
	if err != nil {
		return err
	}
	meta, err := report.ReadMeta(filepath.Join(out, "meta.json"))
	if err != nil {
		return err
	}
	return report.WriteOutputs(out, meta, runs)
}
