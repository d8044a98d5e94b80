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

// Command patchset keeps statelab's patch series: it checks the series, assembles
// build/go-ethereum from the pinned upstream module and patches/, writes the
// assembled tree back (export), writes upstream pull requests (pr), proves that
// every patch stands alone (check) and runs the test suite (test). ./build.sh
// builds it and runs it; the commands are those of ./build.sh but run, the
// main job, which is tools/mainjob's:
//
//	patchset build           assemble build/go-ethereum, build build/bin/{geth,evm,geth-upstream} and the tools
//	patchset assemble        only assemble build/go-ethereum
//	patchset lint            the series checks and the overlay rule (no assembly)
//	patchset test            lint, module checks, assembly, export round trip, geth's tests of the
//	                         touched packages, statelab's tests, end-to-end tests
//	patchset check           each patch alone on pristine upstream after its dependencies
//	patchset export          write the assembled tree back to patches/, the overlay files, the overview
//	                         and README.md's patch table
//	patchset pr NAME         write build/pr/NAME.patch and build/pr/NAME.md
//	patchset overview        regenerate docs/fork-overview.md and README.md's patch table from patches/
//
// The program runs in the repository root (or -C DIR). Every setting is a flag,
// some with an environment variable (patchset -h, patchset check -h).
package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/cliutil"
)

var (
	rootFlag = &cli.StringFlag{
		Name:  "C",
		Usage: "statelab repository root",
		Value: ".",
	}
	discardFlag = &cli.BoolFlag{
		Name:    "discard",
		Usage:   "let assembly throw away commits and changes in build/go-ethereum that were not exported",
		EnvVars: []string{"STATELAB_DISCARD"},
	}
	checkJobsFlag = &cli.IntFlag{
		Name:  "jobs",
		Usage: "patches checked at a time, each in a worktree of its own; more than 1 pays only with CPUs to spare, as each worktree compiles its own copy of every package it changes (the build cache keys packages by directory)",
		Value: 1,
	}
	checkApplyOnlyFlag = &cli.BoolFlag{
		Name:  "apply-only",
		Usage: "only apply every pull request alone after its dependencies, without compiling or testing (seconds)",
	}
	checkPatchFlag = &cli.StringFlag{
		Name:        "patch",
		Usage:       "check only the patch of this name",
		DefaultText: "every patch",
	}
)

// Commands without flags of their own; check and pr are below.
var (
	buildCommand = wsCommand("build", "assemble build/go-ethereum and build geth, evm, geth-upstream and the tools (the default)", func(ws *workspace, _ *cli.Context) error {
		if err := ws.assemble(); err != nil {
			return err
		}
		return ws.buildBinaries()
	})
	assembleCommand = wsCommand("assemble", "only assemble build/go-ethereum", func(ws *workspace, _ *cli.Context) error {
		return ws.assemble()
	})
	lintCommand = wsCommand("lint", "the series checks and the overlay rule (no assembly)", func(ws *workspace, _ *cli.Context) error {
		return ws.lintOrFail()
	})
	testCommand = wsCommand("test", "the test suite (what CI runs)", func(ws *workspace, _ *cli.Context) error {
		return ws.test()
	})
	exportCommand = wsCommand("export", "write build/go-ethereum back to patches/, the overlay files, docs/fork-overview.md and README.md's patch table", func(ws *workspace, _ *cli.Context) error {
		return ws.export()
	})
	overviewCommand = wsCommand("overview", "regenerate docs/fork-overview.md and README.md's patch table from patches/", func(ws *workspace, _ *cli.Context) error {
		return ws.writeOverview()
	})
	checkCommand = withFlags(wsCommand("check", "each patch alone on pristine upstream after its declared dependencies", func(ws *workspace, ctx *cli.Context) error {
		if jobs := ctx.Int(checkJobsFlag.Name); jobs < 1 || jobs > 64 {
			return fmt.Errorf("invalid --%s %d (want 1 to 64)", checkJobsFlag.Name, jobs)
		}
		if ctx.Bool(checkApplyOnlyFlag.Name) {
			if err := ws.assemble(); err != nil {
				return err
			}
			return ws.checkPRsApply()
		}
		return ws.check(ctx.String(checkPatchFlag.Name), ctx.Int(checkJobsFlag.Name))
	}), checkPatchFlag, checkJobsFlag, checkApplyOnlyFlag)
	prCommand = &cli.Command{
		Name:         "pr",
		Usage:        "write build/pr/NAME.patch (git am-able on upstream) and build/pr/NAME.md (PR body)",
		ArgsUsage:    "NAME",
		OnUsageError: cliutil.UsageError,
		Action: func(ctx *cli.Context) error {
			ws, err := workspaceOf(ctx)
			if err != nil {
				return err
			}
			if ctx.NArg() != 1 {
				names, _ := ws.seriesNames()
				return fmt.Errorf("usage: ./build.sh pr NAME (names: %v)", names)
			}
			return ws.pr(ctx.Args().First())
		},
	}
)

// newApp returns the command line application.
func newApp() *cli.App {
	app := cliutil.NewApp("patchset", "keep statelab's patch series (./build.sh runs it)")
	app.UsageText = "./build.sh [command] [flags]  (patchset [-C DIR] [--discard] command [flags])"
	app.Flags = []cli.Flag{rootFlag, discardFlag}
	app.Commands = []*cli.Command{buildCommand, assembleCommand, lintCommand, testCommand, checkCommand, exportCommand, prCommand, overviewCommand}
	app.Action = func(ctx *cli.Context) error {
		switch {
		case ctx.Args().First() == "help":
			return cli.ShowAppHelp(ctx)
		case ctx.NArg() > 0:
			return fmt.Errorf("unknown command %q (see ./build.sh help)", ctx.Args().First())
		}
		return buildCommand.Action(ctx)
	}
	return app
}

func main() {
	cliutil.RunInterruptible(newApp(), "build.sh", os.Args)
}

// wsCommand returns a command that takes no arguments and runs action on the
// workspace the global flags name.
func wsCommand(name, usage string, action func(*workspace, *cli.Context) error) *cli.Command {
	return &cli.Command{
		Name:         name,
		Usage:        usage,
		OnUsageError: cliutil.UsageError,
		Action: func(ctx *cli.Context) error {
			if ctx.NArg() > 0 {
				return fmt.Errorf("%s takes no arguments (got %q)", name, ctx.Args().Slice())
			}
			ws, err := workspaceOf(ctx)
			if err != nil {
				return err
			}
			return action(ws, ctx)
		},
	}
}

// withFlags gives a command flags.
func withFlags(cmd *cli.Command, flags ...cli.Flag) *cli.Command {
	cmd.Flags = append(cmd.Flags, flags...)
	return cmd
}

// workspaceOf returns the workspace of the global flags, logging to stderr.
func workspaceOf(ctx *cli.Context) (*workspace, error) {
	ws, err := newWorkspace(ctx.Context, ctx.String(rootFlag.Name), os.Stderr)
	if err != nil {
		return nil, err
	}
	ws.discard = ctx.Bool(discardFlag.Name)
	return ws, nil
}
