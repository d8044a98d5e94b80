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

// TestDecodeMeta checks that a meta.json read back has its node's sizes,
// which the scale-model table needs, and that the protocol names the
// machine the meta gives.
func TestDecodeMeta(t *testing.T) {
	meta, err := DecodeMeta([]byte(`{"title":"t","scale_model":{"node":{"name":"n","ram":"64GiB","state":"360GB","cache_mb":4096}},"machine":"linux/arm64 with 64 CPUs"}`))
	if err != nil {
		t.Fatal(err)
	}
	if meta.Model.Node.RAMBytes() != 64<<30 || meta.Model.Node.ProcessBytes() != 8<<30 {
		t.Errorf("node sizes %d, %d", meta.Model.Node.RAMBytes(), meta.Model.Node.ProcessBytes())
	}
	if _, err := DecodeMeta([]byte(`{"scale_model":{"node":{"ram":"1GB","state":"1MB","cache_mb":1}}}`)); err == nil {
		t.Error("a node whose memory holds its state was accepted")
	}
	var buf bytes.Buffer
	writeProtocol(&buf, meta, &Analysis{}, nil)
	if !strings.Contains(buf.String(), "on linux/arm64 with 64 CPUs") {
		t.Errorf("protocol: %s", buf.String())
	}
}
