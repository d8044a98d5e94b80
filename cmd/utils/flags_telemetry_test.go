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
// telemetryConfig makes of them.
func telemetryConfigFor(t *testing.T, args []string, ncfg node.OpenTelemetryConfig) (string, telemetry.BlockLevel, error) {
	t.Helper()
	var (
		endpoint string
		level    telemetry.BlockLevel
		cfgErr   error
	)
	app := cli.NewApp()
	app.Flags = TelemetryFlags
	app.Action = func(ctx *cli.Context) error {
		cfg, l, err := telemetryConfig(ctx, &ncfg)
		endpoint, level, cfgErr = cfg.Endpoint, l, err
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	if err := app.Run(append([]string{"geth", "--telemetry"}, args...)); err != nil {
		t.Fatal(err)
	}
	return endpoint, level, cfgErr
}

func TestTelemetryConfig(t *testing.T) {
	endpoint, level, err := telemetryConfigFor(t, []string{"--telemetry.endpoint", "grpc://127.0.0.1:4317", "--telemetry.level", "node"}, node.OpenTelemetryConfig{})
	if err != nil || endpoint != "grpc://127.0.0.1:4317" || level != telemetry.LevelNode {
		t.Errorf("got %q, %v, %v", endpoint, level, err)
	}
	// The default level is phase, and the RPC telemetry endpoint is used when
	// no block telemetry endpoint is given.
	endpoint, level, err = telemetryConfigFor(t, nil, node.OpenTelemetryConfig{Endpoint: "http://collector:4318"})
	if err != nil || endpoint != "http://collector:4318" || level != telemetry.LevelPhase {
		t.Errorf("defaults: got %q, %v, %v", endpoint, level, err)
	}
}

func TestTelemetryConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		ncfg node.OpenTelemetryConfig
		want string
	}{
		{[]string{"--telemetry.level", "trie"}, node.OpenTelemetryConfig{}, "--telemetry.level"},
		{[]string{"--telemetry.sample-ratio", "2"}, node.OpenTelemetryConfig{}, "--telemetry.sample-ratio"},
		{[]string{"--telemetry.endpoint", "http://a:4318"}, node.OpenTelemetryConfig{Endpoint: "http://b:4318"}, "--rpc.telemetry.endpoint"},
	} {
		_, _, err := telemetryConfigFor(t, tc.args, tc.ncfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %s", tc.args, err, tc.want)
		}
	}
}
