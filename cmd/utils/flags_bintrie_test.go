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
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/node"
	"github.com/urfave/cli/v2"
)

// runWithFlags runs a cli app that has the state flags and calls fn in its action.
func runWithFlags(t *testing.T, args []string, fn func(*cli.Context)) error {
	t.Helper()
	app := cli.NewApp()
	app.Flags = []cli.Flag{BinTrieGroupDepthFlag, StateSchemeFlag}
	app.Action = func(ctx *cli.Context) error {
		fn(ctx)
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	return app.Run(append([]string{"geth"}, args...))
}

func TestBinTrieGroupDepthFlagRange(t *testing.T) {
	for depth := -1; depth <= 10; depth++ {
		ran := false
		err := runWithFlags(t, []string{fmt.Sprintf("--bintrie.groupdepth=%d", depth)}, func(*cli.Context) { ran = true })
		valid := depth >= 1 && depth <= 8
		if valid && (err != nil || !ran) {
			t.Errorf("depth %d: refused (%v)", depth, err)
		}
		if !valid {
			if err == nil || ran {
				t.Errorf("depth %d: accepted", depth)
			} else if !strings.Contains(err.Error(), "--bintrie.groupdepth") || !strings.Contains(err.Error(), "between 1 and 8") {
				t.Errorf("depth %d: error does not name the flag and range: %v", depth, err)
			}
		}
	}
}

// TestMakeTrieDatabaseGroupDepth checks that trie databases built from flags (init,
// dump and friends) get the configured group depth instead of zero.
func TestMakeTrieDatabaseGroupDepth(t *testing.T) {
	for _, scheme := range []string{rawdb.PathScheme, rawdb.HashScheme} {
		for _, depth := range []int{1, 6, 8} {
			stack, err := node.New(&node.Config{DataDir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			args := []string{fmt.Sprintf("--bintrie.groupdepth=%d", depth), "--state.scheme=" + scheme}
			var have int
			err = runWithFlags(t, args, func(ctx *cli.Context) {
				tdb := MakeTrieDatabase(ctx, stack, rawdb.NewMemoryDatabase(), false, false, true)
				have = tdb.BinTrieGroupDepth()
				tdb.Close()
			})
			stack.Close()
			if err != nil {
				t.Fatal(err)
			}
			if have != depth {
				t.Errorf("scheme %s: trie database has group depth %d, want %d", scheme, have, depth)
			}
		}
	}
}
