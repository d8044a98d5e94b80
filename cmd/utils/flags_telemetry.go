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
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/internal/telemetry/tracesetup"
	"github.com/ethereum/go-ethereum/log"
	"github.com/ethereum/go-ethereum/node"
	"github.com/urfave/cli/v2"
)

// Block telemetry flags. There is one tracer setup, upstream's
// (internal/telemetry/tracesetup, configured by --rpc.telemetry.*); the
// --telemetry flags are aliases of its flags, and --telemetry.level says how
// much of block processing it traces:
//
//	--telemetry                 = --rpc.telemetry (and block tracing at --telemetry.level)
//	--telemetry.endpoint        = --rpc.telemetry.endpoint
//	--telemetry.sample-ratio    = --rpc.telemetry.sample-ratio
//	--telemetry.level           block tracing whenever either enables telemetry (default phase)
//	--telemetry.fetch-span-threshold  at level node, which fetches get a span (default 100us)
//
// geth import has the --telemetry flags only.
var (
	TelemetryFlag = &cli.BoolFlag{
		Name:     "telemetry",
		Usage:    "Enable OpenTelemetry tracing, of block processing (import and live) and RPC calls (alias of --rpc.telemetry)",
		Category: flags.MetricsCategory,
	}
	TelemetryEndpointFlag = &cli.StringFlag{
		Name:     "telemetry.endpoint",
		Usage:    "OTLP endpoint, http://host:4318 or grpc://host:4317 (alias of --rpc.telemetry.endpoint; default: OTEL_EXPORTER_OTLP_ENDPOINT, else http://localhost:4318)",
		Category: flags.MetricsCategory,
	}
	TelemetrySampleRatioFlag = &cli.Float64Flag{
		Name:     "telemetry.sample-ratio",
		Usage:    "Fraction of traces (blocks) sampled, 0.0 to 1.0 (alias of --rpc.telemetry.sample-ratio)",
		Value:    node.DefaultConfig.OpenTelemetry.SampleRatio,
		Category: flags.MetricsCategory,
	}
	TelemetryLevelFlag = &cli.StringFlag{
		Name:     "telemetry.level",
		Usage:    "How much of each block is traced: block, phase (execution, trie update/rehash/commit) or node (plus a summary of the trie node fetches and a span for each slow one)",
		Value:    telemetry.LevelPhase.String(),
		Category: flags.MetricsCategory,
	}
	TelemetryFetchSpanThresholdFlag = &cli.DurationFlag{
		Name:     "telemetry.fetch-span-threshold",
		Usage:    "At level node, the trie node fetches at least this slow get a span each (0: every fetch); all are counted in the block span",
		Value:    telemetry.DefaultFetchSpanThreshold,
		Category: flags.MetricsCategory,
	}
	// TelemetryFlags are the block telemetry flags, for commands that process blocks.
	TelemetryFlags = []cli.Flag{TelemetryFlag, TelemetryEndpointFlag, TelemetrySampleRatioFlag, TelemetryLevelFlag, TelemetryFetchSpanThresholdFlag}
)

// nodeLevelQueueSize bounds the span queue at node level, where a block can
// end thousands of slow-fetch spans at once.
const nodeLevelQueueSize = 1 << 16

// applyTelemetryFlags folds the --telemetry flags into cfg, the settings of
// the --rpc.telemetry flags, and returns how to trace blocks (LevelOff when
// telemetry is not enabled) and the export options. Bad values are errors
// naming the flag.
func applyTelemetryFlags(ctx *cli.Context, cfg *node.OpenTelemetryConfig) (telemetry.BlockTracing, tracesetup.Options, error) {
	var (
		opts tracesetup.Options
		off  telemetry.BlockTracing
	)
	level, err := telemetry.ParseBlockLevel(ctx.String(TelemetryLevelFlag.Name))
	if err != nil {
		return off, opts, fmt.Errorf("--%s: %w", TelemetryLevelFlag.Name, err)
	}
	threshold := ctx.Duration(TelemetryFetchSpanThresholdFlag.Name)
	if threshold < 0 {
		return off, opts, fmt.Errorf("--%s: negative duration %v", TelemetryFetchSpanThresholdFlag.Name, threshold)
	}
	if ctx.Bool(TelemetryFlag.Name) {
		cfg.Enabled = true
	}
	if ctx.IsSet(TelemetryEndpointFlag.Name) {
		endpoint := ctx.String(TelemetryEndpointFlag.Name)
		if cfg.Endpoint != "" && cfg.Endpoint != endpoint {
			return off, opts, fmt.Errorf("--%s %q and --%s %q differ: one process exports to one endpoint",
				TelemetryEndpointFlag.Name, endpoint, RPCTelemetryEndpointFlag.Name, cfg.Endpoint)
		}
		cfg.Endpoint = endpoint
	}
	if ctx.IsSet(TelemetrySampleRatioFlag.Name) {
		ratio := ctx.Float64(TelemetrySampleRatioFlag.Name)
		if ratio < 0 || ratio > 1 {
			return off, opts, fmt.Errorf("--%s: invalid ratio %v (want 0.0 to 1.0)", TelemetrySampleRatioFlag.Name, ratio)
		}
		cfg.SampleRatio = ratio
	}
	if !cfg.Enabled {
		for _, f := range TelemetryFlags[1:] {
			if name := f.Names()[0]; ctx.IsSet(name) {
				log.Warn(fmt.Sprintf("Ignoring --%s without --%s", name, TelemetryFlag.Name))
			}
		}
		return off, opts, nil
	}
	if level == telemetry.LevelNode {
		opts.QueueSize = nodeLevelQueueSize
	}
	return telemetry.BlockTracing{Level: level, FetchSpanThreshold: threshold}, opts, nil
}

// NodeTelemetry folds the --telemetry flags into the node's OpenTelemetry
// settings, for tracesetup.SetupTelemetryWith, and returns the level to trace
// the node's chain at and the export options. It exits with an error naming
// the flag if one is bad.
func NodeTelemetry(ctx *cli.Context, cfg *node.OpenTelemetryConfig) (telemetry.BlockTracing, tracesetup.Options) {
	level, opts, err := applyTelemetryFlags(ctx, cfg)
	if err != nil {
		Fatalf("Telemetry: %v", err)
	}
	return level, opts
}

// StartImportTelemetry starts telemetry for an offline command such as geth
// import, exiting with an error naming the flag if one is bad. It returns the
// level to trace the command's chain at and a function that flushes and
// stops telemetry; call it when the command is done.
func StartImportTelemetry(ctx *cli.Context) (telemetry.BlockTracing, func()) {
	cfg := node.DefaultConfig.OpenTelemetry
	level, opts, err := applyTelemetryFlags(ctx, &cfg)
	if err != nil {
		Fatalf("Telemetry: %v", err)
	}
	if !cfg.Enabled {
		return level, func() {}
	}
	service, err := tracesetup.NewService(cfg, opts)
	if err != nil {
		Fatalf("Telemetry: --%s: %v", TelemetryEndpointFlag.Name, err)
	}
	if err := service.Start(); err != nil {
		Fatalf("Telemetry: --%s: %v", TelemetryEndpointFlag.Name, err)
	}
	return level, func() { service.Stop() }
}
