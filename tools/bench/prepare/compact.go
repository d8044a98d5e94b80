// Copyright 2026 The go-ethereum Authors
// This file is part of the go-ethereum library.
//
// The go-ethereum library is free software: you can redistribute it and/or modify
// it under the terms of the GNU Lesser General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// The go-ethereum library is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU Lesser General Public License for more details.
//
// You should have received a copy of the GNU Lesser General Public License
// along with the go-ethereum library. If not, see <http://www.gnu.org/licenses/>.

package prepare

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"statelab/tools/bench/command"
)

// The last step of preparing a datadir: compacting its key-value store.
//
// Geth closes pebble without flushing its memtable, so the writes of the
// population import and of chaininfo persist stay in the write-ahead log: at
// 10^6 entries about 135 MB of a 409 MB MPT datadir (54 MB for the binary
// trie). Every run's geth replayed that log at open, reading it from disk
// before the first block and writing it out again as level-0 tables, which
// then sat in the page cache: a third of a "cold" MPT state was warm, and the
// runs' disk reads were mostly start-up. geth db compact flushes the memtable
// and compacts every level, leaving the store as a long-running node has it.

// compactedMark marks a prepared datadir whose store has been compacted.
const compactedMark = "bench-compacted"

// maxPreparedWAL is the most write-ahead log a compacted datadir may keep.
const maxPreparedWAL = 1 << 20

// compactDatadir compacts the prepared datadir's key-value store with geth db
// compact, unless a previous call did, and checks that the write-ahead log is
// empty after it.
func compactDatadir(geth, dir string, progress func(string, ...any)) error {
	_, err := runOnce(dir, compactedMark, func() error {
		data := filepath.Join(dir, "datadir")
		before, err := walBytes(data)
		if err != nil {
			return err
		}
		progress("compacting the database of %s (%.1f MB of write-ahead log)", dir, float64(before)/1e6)
		if err := command.Run(filepath.Join(dir, "compact.log"), geth, "db", "compact", "--datadir", data); err != nil {
			return err
		}
		after, err := walBytes(data)
		if err != nil {
			return err
		}
		if after > maxPreparedWAL {
			return fmt.Errorf("prepared datadir %s: %d bytes of pebble write-ahead log remain after geth db compact (want at most %d; log %s)", data, after, maxPreparedWAL, filepath.Join(dir, "compact.log"))
		}
		return nil
	})
	return err
}

// walBytes returns the size of the pebble write-ahead log files (*.log) in
// the datadir's chain database.
func walBytes(datadir string) (int64, error) {
	chaindata := filepath.Join(datadir, "geth", "chaindata")
	entries, err := os.ReadDir(chaindata)
	if err != nil {
		return 0, fmt.Errorf("prepared datadir %s: %v", datadir, err)
	}
	var total int64
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".log") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			return 0, err
		}
		total += info.Size()
	}
	return total, nil
}
