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

	"github.com/urfave/cli/v2"

	"statelab/core/balsidecar"
)

var (
	convertInFlag = &cli.StringFlag{
		Name:     "in",
		Usage:    "sidecar to read (JSON or binary)",
		Required: true,
	}
	convertToFlag = &cli.StringFlag{
		Name:        "to",
		Usage:       "form to write: json or binary",
		DefaultText: "by --out's name",
	}
	convertTypeFlag = &cli.StringFlag{
		Name:        "type",
		Usage:       "type to lower the sidecar to: 1 or 3 (a sidecar cannot be raised)",
		DefaultText: "the input's",
	}
)

var convertCommand = &cli.Command{
	Name:   "convert",
	Usage:  "write a sidecar in the other form, or lowered to a lower type",
	Flags:  []cli.Flag{convertInFlag, outFlag, convertToFlag, convertTypeFlag},
	Action: convertAction,
}

func convertAction(ctx *cli.Context) error {
	if err := noArgs(ctx); err != nil {
		return err
	}
	in, to := ctx.String(convertInFlag.Name), ctx.String(convertToFlag.Name)
	if to != "" && to != "json" && to != "binary" {
		return fmt.Errorf("invalid --%s %q (want json or binary)", convertToFlag.Name, to)
	}
	var typ balsidecar.Type
	if ctx.IsSet(convertTypeFlag.Name) {
		var err error
		if typ, err = sidecarType(ctx, convertTypeFlag); err != nil {
			return err
		}
	}
	f, err := balsidecar.Load(in)
	if err != nil {
		return err
	}
	if typ != 0 {
		if typ > f.Type {
			return fmt.Errorf("%s is type %d, it cannot be converted up to type %d", in, f.Type, typ)
		}
		if err := f.Downgrade(typ); err != nil {
			return err
		}
	}
	return writeFile(ctx.String(outFlag.Name), to, f, ctx.App.Writer)
}
