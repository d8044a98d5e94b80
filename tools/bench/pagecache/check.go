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

package pagecache

import (
	"fmt"

	"statelab/tools/internal/statekind"
)

// Check records the page-cache state of a run's datadir before and after
// it was made cold (or warm), and the host's Cached figure.
type Check struct {
	State          statekind.Cache `json:"state"`
	ResidentBefore int64           `json:"resident_before"`
	ResidentAfter  int64           `json:"resident_after"`
	DatadirBytes   int64           `json:"datadir_bytes"`
	MemCachedAfter int64           `json:"mem_cached_after"`
}

// coldLimit is the datadir residency a cold run tolerates: 1% of its bytes,
// at least four pages (a file being written back as the drop runs).
func coldLimit(total int64) int64 {
	return max(total/100, 4*4096)
}

// MakeCold drops the page cache and verifies that dir's files left it. A drop
// that fails, or leaves more than coldLimit of dir cached, is an error: a
// study must not silently measure a warm cache.
func MakeCold(pc Cache, dir string) (Check, error) {
	check := Check{State: statekind.Cold}
	before, _, err := pc.Resident(dir)
	if err != nil {
		return check, fmt.Errorf("page-cache residency of %s: %v", dir, err)
	}
	check.ResidentBefore = before
	if err := pc.Drop(); err != nil {
		return check, fmt.Errorf("dropping the page cache: %v", err)
	}
	after, total, err := pc.Resident(dir)
	if err != nil {
		return check, fmt.Errorf("page-cache residency of %s: %v", dir, err)
	}
	check.ResidentAfter, check.DatadirBytes = after, total
	check.MemCachedAfter = memCached()
	if after > coldLimit(total) {
		return check, fmt.Errorf("page cache drop did not take effect: %d of %d bytes of %s still cached after sync and drop_caches (limit %d)", after, total, dir, coldLimit(total))
	}
	return check, nil
}

// MakeWarm reads dir's files into the page cache and verifies that at least
// 90% of their bytes are resident.
func MakeWarm(pc Cache, dir string, warm func(string) error) (Check, error) {
	check := Check{State: statekind.Warm}
	before, _, err := pc.Resident(dir)
	if err != nil {
		return check, fmt.Errorf("page-cache residency of %s: %v", dir, err)
	}
	check.ResidentBefore = before
	// On a shared machine another process may drop the page cache between
	// the warming and the check: warm again, up to warmAttempts times.
	var after, total int64
	for attempt := 0; attempt < warmAttempts; attempt++ {
		if err := warm(dir); err != nil {
			return check, fmt.Errorf("warming %s: %v", dir, err)
		}
		if after, total, err = pc.Resident(dir); err != nil {
			return check, fmt.Errorf("page-cache residency of %s: %v", dir, err)
		}
		if after*10 >= total*9 {
			break
		}
	}
	check.ResidentAfter, check.DatadirBytes = after, total
	check.MemCachedAfter = memCached()
	if after*10 < total*9 {
		return check, fmt.Errorf("warming %s left only %d of %d bytes cached (%d attempts)", dir, after, total, warmAttempts)
	}
	return check, nil
}

// warmAttempts is how many times MakeWarm reads a datadir in before it
// gives up on 90% residency.
const warmAttempts = 3
