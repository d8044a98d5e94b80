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

	"github.com/ethereum/go-ethereum/core"
	"github.com/urfave/cli/v2"
)

// balExecutionFor parses args with the BAL execution flags and returns the
// chain options they make, or the error of the command line.
func balExecutionFor(t *testing.T, args []string) (*core.BlockChainConfig, error) {
	t.Helper()
	options := new(core.BlockChainConfig)
	app := cli.NewApp()
	app.Flags = []cli.Flag{BALParallelFlag, BALPrefetchWorkersFlag}
	app.Action = func(ctx *cli.Context) error {
		setBALExecution(ctx, options)
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	err := app.Run(append([]string{"geth"}, args...))
	return options, err
}

func TestBALExecutionFlags(t *testing.T) {
	options, err := balExecutionFor(t, nil)
	if err != nil || options.VmConfig.DisableParallelExecution || options.BALPrefetchWorkers != 0 {
		t.Errorf("defaults: %+v, %v; want parallel execution, one worker per CPU", options, err)
	}
	options, err = balExecutionFor(t, []string{"--bal.parallel=false", "--bal.prefetch-workers", "25"})
	if err != nil || !options.VmConfig.DisableParallelExecution || options.BALPrefetchWorkers != 25 {
		t.Errorf("set: %+v, %v; want sequential execution, 25 workers", options, err)
	}
	if _, err := balExecutionFor(t, []string{"--bal.prefetch-workers", "-1"}); err == nil || !strings.Contains(err.Error(), "--bal.prefetch-workers") {
		t.Errorf("negative workers: error %v, want one naming the flag", err)
	}
}
