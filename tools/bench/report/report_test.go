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

package report

import (
	"bytes"
	"strings"
	"testing"

	"statelab/tools/bench/pagecache"
	"statelab/tools/bench/record"
)

// TestJournalShare checks that the protocol names the largest journal share
// of the runs, and says nothing without a journal.
func TestJournalShare(t *testing.T) {
	runs := []*record.Run{
		{Journal: 10e6, Cache: pagecache.Check{DatadirBytes: 40e6}},
		{Journal: 30e6, Cache: pagecache.Check{DatadirBytes: 40e6}},
		{Journal: 0, Cache: pagecache.Check{DatadirBytes: 0}},
	}
	var buf bytes.Buffer
	writeJournalShare(&buf, runs)
	if !strings.Contains(buf.String(), "up to 30.0 MB of the 40.0 MB datadir (75%)") {
		t.Errorf("journal share: %q", buf.String())
	}
	buf.Reset()
	writeJournalShare(&buf, []*record.Run{{Journal: 74, Cache: pagecache.Check{DatadirBytes: 40e6}}})
	if !strings.Contains(buf.String(), "at most 74 bytes of the 40.0 MB datadir: the population's state is on disk") {
		t.Errorf("persisted state: %q", buf.String())
	}
	for _, none := range [][]*record.Run{runs[2:], {{Journal: 0, Cache: pagecache.Check{DatadirBytes: 40e6}}}} {
		buf.Reset()
		writeJournalShare(&buf, none)
		if buf.Len() != 0 {
			t.Errorf("no journal or no datadir size, but wrote %q", buf.String())
		}
	}
}
