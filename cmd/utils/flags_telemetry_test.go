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

	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/node"
	"github.com/urfave/cli/v2"
)

// telemetryConfigFor parses args with the telemetry flags and returns what
// applyTelemetryFlags makes of them, starting from the --rpc.telemetry
// settings ncfg.
func telemetryConfigFor(t *testing.T, args []string, ncfg node.OpenTelemetryConfig) (node.OpenTelemetryConfig, telemetry.BlockLevel, error) {
	t.Helper()
	var (
		tracing telemetry.BlockTracing
		cfgErr  error
	)
	app := cli.NewApp()
	app.Flags = TelemetryFlags
	app.Action = func(ctx *cli.Context) error {
		tracing, _, cfgErr = applyTelemetryFlags(ctx, &ncfg)
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	if err := app.Run(append([]string{"geth"}, args...)); err != nil {
		t.Fatal(err)
	}
	return ncfg, tracing.Level, cfgErr
}

func TestTelemetryConfig(t *testing.T) {
	cfg, level, err := telemetryConfigFor(t, []string{"--telemetry", "--telemetry.endpoint", "grpc://127.0.0.1:4317", "--telemetry.level", "node", "--telemetry.sample-ratio", "0.5"}, node.OpenTelemetryConfig{SampleRatio: 1})
	if err != nil || !cfg.Enabled || cfg.Endpoint != "grpc://127.0.0.1:4317" || cfg.SampleRatio != 0.5 || level != telemetry.LevelNode {
		t.Errorf("got %+v, %v, %v", cfg, level, err)
	}
	// --rpc.telemetry alone enables block tracing at the default level,
	// phase, and keeps its endpoint.
	cfg, level, err = telemetryConfigFor(t, nil, node.OpenTelemetryConfig{Enabled: true, Endpoint: "http://collector:4318"})
	if err != nil || cfg.Endpoint != "http://collector:4318" || level != telemetry.LevelPhase {
		t.Errorf("rpc telemetry: got %+v, %v, %v", cfg, level, err)
	}
	// Without either, telemetry stays off.
	cfg, level, err = telemetryConfigFor(t, []string{"--telemetry.level", "node"}, node.OpenTelemetryConfig{})
	if err != nil || cfg.Enabled || level != telemetry.LevelOff {
		t.Errorf("off: got %+v, %v, %v", cfg, level, err)
	}
}

func TestTelemetryConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		ncfg node.OpenTelemetryConfig
		want string
	}{
		{[]string{"--telemetry", "--telemetry.level", "trie"}, node.OpenTelemetryConfig{}, "--telemetry.level"},
		{[]string{"--telemetry", "--telemetry.sample-ratio", "2"}, node.OpenTelemetryConfig{}, "--telemetry.sample-ratio"},
		{[]string{"--telemetry", "--telemetry.fetch-span-threshold", "-1ms"}, node.OpenTelemetryConfig{}, "--telemetry.fetch-span-threshold"},
		{[]string{"--telemetry", "--telemetry.endpoint", "http://a:4318"}, node.OpenTelemetryConfig{Endpoint: "http://b:4318"}, "--rpc.telemetry.endpoint"},
	} {
		_, _, err := telemetryConfigFor(t, tc.args, tc.ncfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %s", tc.args, err, tc.want)
		}
	}
}
