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

// Command mainjob is the README's main job, which ./build.sh run runs: it
// builds the patched geth and the tools (./build.sh's build), generates a small
// binary-trie chain with dumpgen, geth inits it at a group depth, imports it
// traced into a Jaeger of its own (tracing/jaeger.sh), verifies every head
// against the manifest and the group depth the datadir records, and summarizes
// the trace of every block into traces.txt and traces.html.
//
//	./build.sh run [flags]      (mainjob [-C DIR] [flags])
//
// It runs in the repository root (or -C DIR); the build is build/bin/patchset's,
// which ./build.sh builds before it hands over. Every setting is a flag
// (./build.sh run -h); none has an environment variable.
package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/cliutil"
)

const (
	runCategory    = "RUN"
	jaegerCategory = "JAEGER"
)

var (
	rootFlag = &cli.StringFlag{
		Name:  "C",
		Usage: "statelab repository root",
		Value: ".",
	}
	groupDepthFlag = &cli.IntFlag{
		Name:     "groupdepth",
		Usage:    "binary trie group depth geth init records in the datadir (1 to 8); the imports take it from there",
		Value:    6,
		Category: runCategory,
	}
	entriesFlag = &cli.IntFlag{
		Name:     "entries",
		Usage:    "state entries of the generated UBT chain (dumpgen --entries)",
		Value:    2000,
		Category: runCategory,
	}
	outFlag = &cli.StringFlag{
		Name:        "out",
		Usage:       "output directory, emptied first: chain/, datadir/, jaeger/, the logs, traces.txt and traces.html",
		DefaultText: "out/run in the repository",
		Category:    runCategory,
	}
	telemetryFlag = &cli.BoolFlag{
		Name:     "telemetry",
		Usage:    "trace every block at node level into a Jaeger of the run's own and summarize the traces (--telemetry=false: neither)",
		Value:    true,
		Category: runCategory,
	}
	keepJaegerFlag = &cli.BoolFlag{
		Name:     "keep-jaeger",
		Usage:    "leave the run's Jaeger running at the end, to query it",
		Category: runCategory,
	}
	jaegerOTLPGRPCPortFlag  = portFlag("jaeger.otlp-grpc-port", "OTLP gRPC receiver")
	jaegerOTLPHTTPPortFlag  = portFlag("jaeger.otlp-http-port", "OTLP HTTP receiver, geth's endpoint")
	jaegerQueryPortFlag     = portFlag("jaeger.query-port", "query API, read by the summaries")
	jaegerQueryGRPCPortFlag = portFlag("jaeger.query-grpc-port", "query gRPC API")
	jaegerHealthPortFlag    = portFlag("jaeger.health-port", "health check")
)

// portFlag is a flag of one of the ports of the run's Jaeger.
func portFlag(name, what string) *cli.IntFlag {
	return &cli.IntFlag{
		Name:        name,
		Usage:       "port of Jaeger's " + what + " on 127.0.0.1",
		DefaultText: "a free port",
		Category:    jaegerCategory,
	}
}

// newApp returns the command line application.
func newApp() *cli.App {
	app := cliutil.NewApp("mainjob", "the README's main job: build, generate a small UBT chain, init it at a group depth, import it traced, verify every head, summarize every block")
	app.UsageText = "./build.sh run [flags]  (mainjob [-C DIR] [flags])"
	app.Description = "The Jaeger is tracing/jaeger.sh's, with its run directory and Badger store in OUT/jaeger, on\n" +
		"the ports of the --jaeger.* flags. The binary is jaeger.sh's choice: STATELAB_JAEGER_BIN, else a Jaeger v2\n" +
		"on PATH, else the pinned build, cached in STATELAB_CACHE (README.md, \"Jaeger\")."
	app.Flags = []cli.Flag{rootFlag, groupDepthFlag, entriesFlag, outFlag, telemetryFlag, keepJaegerFlag,
		jaegerOTLPGRPCPortFlag, jaegerOTLPHTTPPortFlag, jaegerQueryPortFlag, jaegerQueryGRPCPortFlag, jaegerHealthPortFlag}
	app.Action = func(ctx *cli.Context) error {
		if ctx.NArg() > 0 {
			return fmt.Errorf("run takes no arguments (got %q)", ctx.Args().Slice())
		}
		job, err := newMainJob(ctx)
		if err != nil {
			return err
		}
		return job.run()
	}
	return app
}

func main() {
	cliutil.RunInterruptible(newApp(), "build.sh run", os.Args)
}
