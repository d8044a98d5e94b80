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

package tracesum

import (
	"fmt"
	"time"
)

// settleInterval is the pause between two loads of traces that are still
// arriving.
const settleInterval = 500 * time.Millisecond

// settler loads the selected blocks from a collector that stores spans a
// while after the exporter sent them: Jaeger batches what it receives and
// can make a block searchable before every span of its trace is stored, so a
// summary taken right after an import may lack phases or fetches. It loads
// again, every settleInterval and for at most wait, until every selected
// block looks complete and its span count did not change since the previous
// load.
//
// A settler is used once, by one goroutine.
type settler struct {
	wait  time.Duration
	sleep func(time.Duration) // time.Sleep; tests replace it
	now   func() time.Time    // time.Now; tests replace it
}

// load returns the selected blocks of src, settled or as they were when the
// wait ran out; in that case note says which block is still arriving and why.
func (st *settler) load(src Source, sel Selection) (blocks []*blockSpans, note string, err error) {
	deadline := st.now().Add(st.wait)
	prev := -1
	for {
		if blocks, err = loadBlocks(src, sel); err != nil {
			return nil, "", err
		}
		count, reason := arrivalState(blocks)
		if reason == "" && count == prev {
			return blocks, "", nil
		}
		if reason == "" {
			reason = fmt.Sprintf("the selected traces grew from %d to %d spans since the previous load", prev, count)
			if prev < 0 {
				reason = "a trace is complete only once a second load finds the same spans"
			}
		}
		if !st.now().Before(deadline) {
			return blocks, fmt.Sprintf("traces still arriving after %v: %s", st.wait, reason), nil
		}
		prev = count
		st.sleep(settleInterval)
	}
}

// arrivalState returns the number of spans of blocks and, if one of them
// still lacks spans its block span accounts for, why.
func arrivalState(blocks []*blockSpans) (count int, reason string) {
	for _, b := range blocks {
		count += 1 + len(b.below) + b.orphans
		if reason == "" {
			reason = missingSpans(b)
		}
	}
	return count, reason
}

// missingSpans says which spans block b visibly lacks, "" if none: spans whose
// parent has not arrived, fetches its block span counted without their spans,
// or no span at all below the block span at a level that records phases.
func missingSpans(b *blockSpans) string {
	label := fmt.Sprintf("block %d (trace %s)", b.number(), b.traceID)
	if b.orphans > 0 {
		return fmt.Sprintf("%s: %d spans have a parent missing", label, b.orphans)
	}
	level := b.root.strAttr("telemetry.level")
	if len(b.below) == 0 && (level == "phase" || level == "node") {
		return fmt.Sprintf("%s: no span below the block span at telemetry level %s", label, level)
	}
	if fs := newFetchSummary(b); fs != nil && fs.Counted != nil {
		missing := *fs.Counted - fs.Spans - fs.unspanned()
		if fs.Aggregated == nil && fs.Dropped != nil {
			missing -= *fs.Dropped // over geth's span limit: never exported
		}
		if missing > 0 {
			return fmt.Sprintf("%s: %d of %d node fetches have no span yet", label, missing, *fs.Counted)
		}
	}
	return ""
}
