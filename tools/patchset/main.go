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
// builds it and runs it; the commands are those of ./build.sh:
//
//	patchset build           assemble build/go-ethereum, build build/bin/{geth,evm,geth-upstream} and the tools
//	patchset assemble        only assemble build/go-ethereum
//	patchset lint            the series checks and the overlay rule (no assembly)
//	patchset test            lint, module checks, assembly, export round trip, geth's tests of the
//	                         touched packages, statelab's tests, end-to-end tests
//	patchset check           each patch alone on pristine upstream after its dependencies
//	patchset export          write the assembled tree back to patches/, the overlay files and the overview
//	patchset pr NAME         write build/pr/NAME.patch and build/pr/NAME.md
//	patchset overview        regenerate docs/fork-overview.md from patches/
//
// The program runs in the repository root (or -C DIR). Environment:
// STATELAB_DISCARD=1 lets assembly throw away unexported work in the tree;
// STATELAB_CHECK=NAME checks one patch only.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// errUsage marks a command line that names no known command.
var errUsage = errors.New("usage")

func main() {
	root := flag.String("C", ".", "statelab repository root")
	flag.Usage = usage
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	ws, err := newWorkspace(ctx, *root, os.Stderr)
	if err == nil {
		err = run(ws, flag.Args())
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "build.sh: error: %v\n", err)
		if errors.Is(err, errUsage) {
			usage()
		}
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprint(os.Stderr, `usage: ./build.sh [command]

  build         assemble build/go-ethereum and build geth, evm, geth-upstream and the tools (default)
  assemble      only assemble build/go-ethereum
  lint          the series checks and the overlay rule (no assembly)
  test          the test suite (what CI runs)
  check         each patch alone on pristine upstream after its declared dependencies
  export        write build/go-ethereum back to patches/, the overlay files and docs/fork-overview.md
  pr NAME       write build/pr/NAME.patch (git am-able on upstream) and build/pr/NAME.md (PR body)
  overview      regenerate docs/fork-overview.md
  run           the README's main job (build.sh itself runs it)
`)
}

// run runs one command.
func run(ws *workspace, args []string) error {
	cmd := "build"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	if cmd != "pr" && len(args) > 0 {
		return fmt.Errorf("%s takes no arguments (got %q)", cmd, args)
	}
	switch cmd {
	case "build":
		if err := ws.assemble(); err != nil {
			return err
		}
		return ws.buildBinaries()
	case "assemble":
		return ws.assemble()
	case "lint":
		return ws.lintOrFail()
	case "test":
		return ws.test()
	case "check":
		return ws.check(os.Getenv("STATELAB_CHECK"))
	case "export":
		return ws.export()
	case "pr":
		if len(args) != 1 {
			names, _ := ws.seriesNames()
			return fmt.Errorf("usage: ./build.sh pr NAME (names: %v)", names)
		}
		return ws.pr(args[0])
	case "overview":
		return ws.writeOverview()
	case "help", "-h", "--help":
		usage()
		return nil
	default:
		return fmt.Errorf("unknown command %q (%w below)", cmd, errUsage)
	}
}
