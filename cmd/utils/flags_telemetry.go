// Copyright 2026 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.

package utils

import (
	"fmt"

	"github.com/ethereum/go-ethereum/internal/flags"
	"github.com/ethereum/go-ethereum/internal/telemetry/tracesetup"
	"github.com/ethereum/go-ethereum/log"
	"github.com/ethereum/go-ethereum/node"
	"github.com/urfave/cli/v2"
)

// Block tracing is configured with the --rpc.telemetry flags, which set up the
// process's one tracer provider (tracesetup): when telemetry is enabled,
// block processing is traced too, at --rpc.telemetry.level.
var (
	RPCTelemetryLevelFlag = &cli.StringFlag{
		Name:     "rpc.telemetry.level",
		Usage:    "How much of block processing is traced when telemetry is enabled: off, block, phase (execution, trie update, rehash and commit) or node (plus a summary of the trie node fetches and a span for each slow one)",
		Value:    node.DefaultConfig.OpenTelemetry.BlockLevel.String(),
		Category: flags.APICategory,
	}
	RPCTelemetryFetchSpanThresholdFlag = &cli.DurationFlag{
		Name:     "rpc.telemetry.fetch-span-threshold",
		Usage:    "At level node, the trie node fetches at least this slow get a span each (0: every fetch); all are counted in the block span",
		Value:    node.DefaultConfig.OpenTelemetry.FetchSpanThreshold,
		Category: flags.APICategory,
	}
	// BlockTelemetryFlags configure block tracing, beside upstream's
	// telemetry flags.
	BlockTelemetryFlags = []cli.Flag{RPCTelemetryLevelFlag, RPCTelemetryFetchSpanThresholdFlag}

	// TelemetryFlags are all telemetry flags, for commands that process
	// blocks without serving RPC, such as geth import.
	TelemetryFlags = append([]cli.Flag{
		RPCTelemetryFlag,
		RPCTelemetryEndpointFlag,
		RPCTelemetryUserFlag,
		RPCTelemetryPasswordFlag,
		RPCTelemetryInstanceIDFlag,
		RPCTelemetryTagsFlag,
		RPCTelemetrySampleRatioFlag,
	}, BlockTelemetryFlags...)
)

// setBlockTelemetry applies the block tracing flags to the telemetry
// settings. Bad values are errors naming the flag.
func setBlockTelemetry(ctx *cli.Context, tcfg *node.OpenTelemetryConfig) error {
	if ctx.IsSet(RPCTelemetryLevelFlag.Name) {
		if err := tcfg.BlockLevel.UnmarshalText([]byte(ctx.String(RPCTelemetryLevelFlag.Name))); err != nil {
			return fmt.Errorf("invalid --%s: %w", RPCTelemetryLevelFlag.Name, err)
		}
	}
	if ctx.IsSet(RPCTelemetryFetchSpanThresholdFlag.Name) {
		threshold := ctx.Duration(RPCTelemetryFetchSpanThresholdFlag.Name)
		if threshold < 0 {
			return fmt.Errorf("invalid --%s %v: negative duration", RPCTelemetryFetchSpanThresholdFlag.Name, threshold)
		}
		tcfg.FetchSpanThreshold = threshold
	}
	if !tcfg.Enabled {
		for _, f := range BlockTelemetryFlags {
			if name := f.Names()[0]; ctx.IsSet(name) {
				log.Warn(fmt.Sprintf("Ignoring --%s without --%s", name, RPCTelemetryFlag.Name))
			}
		}
	}
	return nil
}

// StartImportTelemetry starts telemetry with the settings cfg for a command
// without a node, such as geth import, whose chain traces its blocks as
// cfg.BlockTracing says (MakeChain). It exits with an error naming the flag if
// one is bad, and returns a function that flushes and stops telemetry; call it
// when the command is done.
func StartImportTelemetry(cfg node.OpenTelemetryConfig) func() {
	if !cfg.Enabled {
		return func() {}
	}
	if cfg.SampleRatio < 0 || cfg.SampleRatio > 1 {
		Fatalf("Telemetry: invalid --%s %v (want 0.0 to 1.0)", RPCTelemetrySampleRatioFlag.Name, cfg.SampleRatio)
	}
	service, err := tracesetup.NewService(cfg, tracesetup.Options{})
	if err != nil {
		Fatalf("Telemetry: --%s: %v", RPCTelemetryEndpointFlag.Name, err)
	}
	if err := service.Start(); err != nil {
		Fatalf("Telemetry: --%s: %v", RPCTelemetryEndpointFlag.Name, err)
	}
	return func() { service.Stop() }
}
