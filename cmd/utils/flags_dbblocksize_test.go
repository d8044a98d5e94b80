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

	"github.com/ethereum/go-ethereum/node"
	"github.com/urfave/cli/v2"
)

// dbBlockSizeFor parses args with --db.blocksize and returns the node config
// it makes.
func dbBlockSizeFor(t *testing.T, args []string) (*node.Config, error) {
	t.Helper()
	var (
		cfg = new(node.Config)
		err error
	)
	app := cli.NewApp()
	app.Flags = []cli.Flag{DBBlockSizeFlag}
	app.Action = func(ctx *cli.Context) error {
		err = setDBBlockSize(ctx, cfg)
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	if runErr := app.Run(append([]string{"geth"}, args...)); runErr != nil {
		t.Fatal(runErr)
	}
	return cfg, err
}

func TestDBBlockSizeFlag(t *testing.T) {
	if cfg, err := dbBlockSizeFor(t, nil); err != nil || cfg.DBBlockSize != 0 {
		t.Errorf("no flag: %d, %v; want 0 (the recorded size)", cfg.DBBlockSize, err)
	}
	for value, want := range map[string]int{"1KiB": 1 << 10, "4KiB": 4 << 10, "8KiB": 8 << 10, "16kib": 16 << 10, "65536": 64 << 10} {
		if cfg, err := dbBlockSizeFor(t, []string{"--db.blocksize", value}); err != nil || cfg.DBBlockSize != want {
			t.Errorf("--db.blocksize %s: %d, %v; want %d", value, cfg.DBBlockSize, err, want)
		}
	}
	for _, value := range []string{"", "0", "512", "3KiB", "128KiB", "16KB", "x"} {
		cfg, err := dbBlockSizeFor(t, []string{"--db.blocksize=" + value})
		if err == nil {
			t.Errorf("--db.blocksize=%s accepted as %d", value, cfg.DBBlockSize)
			continue
		}
		if !strings.Contains(err.Error(), "--db.blocksize") || !strings.Contains(err.Error(), "power of two") {
			t.Errorf("--db.blocksize=%s: error does not name the flag and the allowed sizes: %v", value, err)
		}
	}
}
