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
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/node"
	"github.com/urfave/cli/v2"
)

// blockTracingFor parses args with the telemetry flags, fills the telemetry
// settings from them as the node's configuration does, and returns what
// blockTracingFlags makes of them.
func blockTracingFor(t *testing.T, args []string) (node.OpenTelemetryConfig, telemetry.BlockTracing, error) {
	t.Helper()
	var (
		cfg     = node.DefaultConfig
		tracing telemetry.BlockTracing
		err     error
	)
	app := cli.NewApp()
	app.Flags = TelemetryFlags
	app.Action = func(ctx *cli.Context) error {
		setOpenTelemetry(ctx, &cfg)
		tracing, _, err = blockTracingFlags(ctx, cfg.OpenTelemetry)
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	if runErr := app.Run(append([]string{"geth"}, args...)); runErr != nil {
		t.Fatal(runErr)
	}
	return cfg.OpenTelemetry, tracing, err
}

func TestBlockTracingFlags(t *testing.T) {
	cfg, tracing, err := blockTracingFor(t, []string{"--rpc.telemetry", "--rpc.telemetry.endpoint", "grpc://127.0.0.1:4317", "--rpc.telemetry.level", "block", "--rpc.telemetry.sample-ratio", "0.5"})
	if err != nil || !cfg.Enabled || cfg.Endpoint != "grpc://127.0.0.1:4317" || cfg.SampleRatio != 0.5 || tracing.Level != telemetry.LevelBlock {
		t.Errorf("got %+v, %+v, %v", cfg, tracing, err)
	}
	_, tracing, err = blockTracingFor(t, []string{"--rpc.telemetry", "--rpc.telemetry.level", "node", "--rpc.telemetry.fetch-span-threshold", "1ms"})
	if err != nil || tracing.Level != telemetry.LevelNode || tracing.FetchSpanThreshold != time.Millisecond {
		t.Errorf("node level: got %+v, %v", tracing, err)
	}
	// --rpc.telemetry alone traces blocks at the default level, phase.
	if _, tracing, err = blockTracingFor(t, []string{"--rpc.telemetry"}); err != nil || tracing.Level != telemetry.LevelPhase {
		t.Errorf("default level: got %+v, %v", tracing, err)
	}
	// Without --rpc.telemetry, blocks are not traced whatever the level.
	if cfg, tracing, err = blockTracingFor(t, []string{"--rpc.telemetry.level", "phase"}); err != nil || cfg.Enabled || tracing.Level != telemetry.LevelOff {
		t.Errorf("off: got %+v, %+v, %v", cfg, tracing, err)
	}
}

func TestBlockTracingFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rpc.telemetry", "--rpc.telemetry.level", "trie"}, "--rpc.telemetry.level"},
		{[]string{"--rpc.telemetry", "--rpc.telemetry.sample-ratio", "2"}, "--rpc.telemetry.sample-ratio"},
		{[]string{"--rpc.telemetry", "--rpc.telemetry.fetch-span-threshold", "-1ms"}, "--rpc.telemetry.fetch-span-threshold"},
	} {
		_, _, err := blockTracingFor(t, tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %s", tc.args, err, tc.want)
		}
	}
}
