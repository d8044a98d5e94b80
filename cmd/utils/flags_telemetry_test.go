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

// runTelemetryFlags parses args with the telemetry flags and runs action.
func runTelemetryFlags(t *testing.T, args []string, action func(*cli.Context)) {
	t.Helper()
	app := cli.NewApp()
	app.Flags = TelemetryFlags
	app.Action = func(ctx *cli.Context) error {
		action(ctx)
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	if err := app.Run(append([]string{"geth"}, args...)); err != nil {
		t.Fatal(err)
	}
}

// blockTracingFor returns how a chain traces blocks with the node settings
// that args make from the defaults (setOpenTelemetry).
func blockTracingFor(t *testing.T, args []string) telemetry.BlockTracing {
	t.Helper()
	cfg := node.DefaultConfig
	runTelemetryFlags(t, args, func(ctx *cli.Context) { setOpenTelemetry(ctx, &cfg) })
	return cfg.OpenTelemetry.BlockTracing()
}

func TestBlockTracingFlags(t *testing.T) {
	if got := blockTracingFor(t, []string{"--rpc.telemetry", "--rpc.telemetry.level", "block"}); got.Level != telemetry.LevelBlock {
		t.Errorf("got %+v", got)
	}
	got := blockTracingFor(t, []string{"--rpc.telemetry", "--rpc.telemetry.level", "node", "--rpc.telemetry.fetch-span-threshold", "1ms"})
	if got.Level != telemetry.LevelNode || got.FetchSpanThreshold != time.Millisecond {
		t.Errorf("node level: got %+v", got)
	}
	// --rpc.telemetry alone traces blocks at the default level, phase.
	if got := blockTracingFor(t, []string{"--rpc.telemetry"}); got.Level != telemetry.LevelPhase {
		t.Errorf("default level: got %+v", got)
	}
	// Without --rpc.telemetry, blocks are not traced whatever the level.
	if got := blockTracingFor(t, []string{"--rpc.telemetry.level", "phase"}); got.Level != telemetry.LevelOff {
		t.Errorf("off: got %+v", got)
	}
}

func TestBlockTracingFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rpc.telemetry", "--rpc.telemetry.level", "trie"}, "--rpc.telemetry.level"},
		{[]string{"--rpc.telemetry", "--rpc.telemetry.fetch-span-threshold", "-1ms"}, "--rpc.telemetry.fetch-span-threshold"},
	} {
		var err error
		runTelemetryFlags(t, tc.args, func(ctx *cli.Context) {
			cfg := node.DefaultConfig.OpenTelemetry
			err = setBlockTelemetry(ctx, &cfg)
		})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %s", tc.args, err, tc.want)
		}
	}
}
