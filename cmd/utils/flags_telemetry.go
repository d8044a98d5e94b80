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

// Block telemetry flags. --telemetry traces block processing, in geth import
// and in the full node, and installs the process's tracer provider, so RPC
// spans are exported through it too. Without it, --rpc.telemetry keeps
// upstream's behaviour: RPC and engine API spans only.
var (
	TelemetryFlag = &cli.BoolFlag{
		Name:     "telemetry",
		Usage:    "Trace block processing (import and live) with OpenTelemetry; RPC spans are exported too",
		Category: flags.MetricsCategory,
	}
	TelemetryEndpointFlag = &cli.StringFlag{
		Name:     "telemetry.endpoint",
		Usage:    "OTLP endpoint, http://host:4318 or grpc://host:4317 (default: OTEL_EXPORTER_OTLP_ENDPOINT, else http://localhost:4318)",
		Category: flags.MetricsCategory,
	}
	TelemetrySampleRatioFlag = &cli.Float64Flag{
		Name:     "telemetry.sample-ratio",
		Usage:    "Fraction of blocks traced, 0.0 to 1.0 (default: OTEL_TRACES_SAMPLER, else 1.0)",
		Value:    1.0,
		Category: flags.MetricsCategory,
	}
	TelemetryLevelFlag = &cli.StringFlag{
		Name:     "telemetry.level",
		Usage:    "How much of each block is traced: block, phase (execution, reads, trie update/rehash/commit) or node (plus every trie node fetch)",
		Value:    telemetry.LevelPhase.String(),
		Category: flags.MetricsCategory,
	}
	// TelemetryFlags are the block telemetry flags, for commands that process blocks.
	TelemetryFlags = []cli.Flag{TelemetryFlag, TelemetryEndpointFlag, TelemetrySampleRatioFlag, TelemetryLevelFlag}
)

// nodeFetchQueueSize bounds the span queue at node level, where a block can
// end tens of thousands of spans at once; about 64 MB at most.
const nodeFetchQueueSize = 1 << 16

// StartTelemetry starts block telemetry as the flags ask, or returns nil when
// --telemetry is not given. ncfg holds the --rpc.telemetry.* settings: their
// credentials, instance ID and tags apply to block telemetry too, and it is
// disabled so that only one tracer provider is installed. Bad flag values are
// returned as errors naming the flag, before anything else is started.
func StartTelemetry(ctx *cli.Context, ncfg *node.OpenTelemetryConfig) (*tracesetup.Pipeline, error) {
	if !ctx.Bool(TelemetryFlag.Name) {
		for _, f := range TelemetryFlags[1:] {
			if name := f.Names()[0]; ctx.IsSet(name) {
				log.Warn(fmt.Sprintf("Ignoring --%s without --%s", name, TelemetryFlag.Name))
			}
		}
		return nil, nil
	}
	cfg, level, err := telemetryConfig(ctx, ncfg)
	if err != nil {
		return nil, err
	}
	pipeline, err := tracesetup.NewPipeline(cfg)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", TelemetryEndpointFlag.Name, err)
	}
	ncfg.Enabled = false
	telemetry.SetBlockLevel(level)
	return pipeline, nil
}

// telemetryConfig reads and checks the telemetry flags.
func telemetryConfig(ctx *cli.Context, ncfg *node.OpenTelemetryConfig) (tracesetup.PipelineConfig, telemetry.BlockLevel, error) {
	level, err := telemetry.ParseBlockLevel(ctx.String(TelemetryLevelFlag.Name))
	if err != nil {
		return tracesetup.PipelineConfig{}, 0, fmt.Errorf("--%s: %w", TelemetryLevelFlag.Name, err)
	}
	cfg := tracesetup.PipelineConfig{
		Endpoint:     ctx.String(TelemetryEndpointFlag.Name),
		AuthUser:     ncfg.AuthUser,
		AuthPassword: ncfg.AuthPassword,
		InstanceID:   ncfg.InstanceID,
		Tags:         ncfg.Tags,
	}
	switch {
	case cfg.Endpoint == "":
		cfg.Endpoint = ncfg.Endpoint
	case ncfg.Endpoint != "" && ncfg.Endpoint != cfg.Endpoint:
		return cfg, 0, fmt.Errorf("--%s %q and --%s %q differ: one process exports to one endpoint",
			TelemetryEndpointFlag.Name, cfg.Endpoint, RPCTelemetryEndpointFlag.Name, ncfg.Endpoint)
	}
	if ctx.IsSet(TelemetrySampleRatioFlag.Name) {
		cfg.SampleRatio, cfg.SampleSet = ctx.Float64(TelemetrySampleRatioFlag.Name), true
		if cfg.SampleRatio < 0 || cfg.SampleRatio > 1 {
			return cfg, 0, fmt.Errorf("--%s: invalid ratio %v (want 0.0 to 1.0)", TelemetrySampleRatioFlag.Name, cfg.SampleRatio)
		}
	}
	if level == telemetry.LevelNode {
		cfg.QueueSize = nodeFetchQueueSize
	}
	return cfg, level, nil
}

// StartImportTelemetry starts block telemetry for an offline command such as
// geth import, exiting with an error naming the flag if one is bad. The
// returned function flushes and stops it; call it when the command is done.
func StartImportTelemetry(ctx *cli.Context) func() {
	pipeline, err := StartTelemetry(ctx, &node.OpenTelemetryConfig{})
	if err != nil {
		Fatalf("Telemetry: %v", err)
	}
	if pipeline == nil {
		return func() {}
	}
	return func() { pipeline.Shutdown() }
}

// RegisterNodeTelemetry starts block telemetry for the full node and ties its
// shutdown to the node's.
func RegisterNodeTelemetry(ctx *cli.Context, stack *node.Node, ncfg *node.OpenTelemetryConfig) {
	pipeline, err := StartTelemetry(ctx, ncfg)
	if err != nil {
		Fatalf("Telemetry: %v", err)
	}
	if pipeline != nil {
		stack.RegisterLifecycle(pipeline)
	}
}
