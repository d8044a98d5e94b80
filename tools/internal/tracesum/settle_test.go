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
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// arrivingSource returns one load after another, then the last one again,
// as a collector does whose store is still filling.
type arrivingSource struct {
	loads [][]*trace
	calls int
}

func (a *arrivingSource) String() string { return "arriving source" }

func (a *arrivingSource) load(Selection) ([]*trace, error) {
	i := min(a.calls, len(a.loads)-1)
	a.calls++
	return a.loads[i], nil
}

// fakeClock is a settler's clock that moves only when it sleeps.
type fakeClock struct{ at time.Time }

func (c *fakeClock) now() time.Time        { return c.at }
func (c *fakeClock) sleep(d time.Duration) { c.at = c.at.Add(d) }
func (c *fakeClock) settler(wait time.Duration) *settler {
	return &settler{wait: wait, sleep: c.sleep, now: c.now}
}

// nodeTrace is block 7's trace at telemetry level node, whose block span
// counts fetches node fetches, with the given spans below it: "exec" (the
// execution phase) and "fN" (the Nth fetch, under exec).
func nodeTrace(fetches int64, below ...string) *trace {
	tr := &trace{id: "t7"}
	tr.spans = append(tr.spans, &span{traceID: "t7", id: "b", name: blockOperation,
		attrs: map[string]any{"block.number": int64(7), "telemetry.level": "node", "trie.node_fetches": fetches}})
	for _, id := range below {
		parent, name := "exec", opNodeFetch
		if id == "exec" {
			parent, name = "b", opExecution
		}
		tr.spans = append(tr.spans, &span{traceID: "t7", id: id, parentID: parent, name: name, attrs: map[string]any{}})
	}
	return tr
}

func TestSettleWaitsForArrivingSpans(t *testing.T) {
	src := &arrivingSource{loads: [][]*trace{
		{nodeTrace(2)},                     // the block span alone
		{nodeTrace(2, "f1")},               // a fetch whose parent has not arrived
		{nodeTrace(2, "exec", "f1")},       // one fetch of two
		{nodeTrace(2, "exec", "f1", "f2")}, // complete, not yet confirmed
	}}
	clock := &fakeClock{at: time.Unix(0, 0)}
	blocks, note, err := clock.settler(time.Minute).load(src, Selection{})
	if err != nil || note != "" {
		t.Fatalf("settle: note %q, error %v", note, err)
	}
	if src.calls != 5 {
		t.Errorf("%d loads, want 5 (four arrivals and one that confirms the last)", src.calls)
	}
	if len(blocks) != 1 || len(blocks[0].below) != 3 {
		t.Fatalf("settled on %d blocks, want block 7 with its 3 spans below", len(blocks))
	}
	if sum := summarize(blocks[0]); !sum.Fetches.Complete || len(sum.Warnings) != 0 {
		t.Errorf("settled summary: fetches complete %v, warnings %q", sum.Fetches.Complete, sum.Warnings)
	}
}

func TestSettleReasons(t *testing.T) {
	for _, tc := range []struct {
		name string
		tr   *trace
		want string
	}{
		{"block span alone", nodeTrace(2), "no span below the block span at telemetry level node"},
		{"orphan", nodeTrace(1, "f1"), "1 spans have a parent missing"},
		{"fetch missing", nodeTrace(2, "exec", "f1"), "1 of 2 node fetches have no span yet"},
		{"complete", nodeTrace(1, "exec", "f1"), ""},
	} {
		_, reason := arrivalState(findBlocks([]*trace{tc.tr}))
		if tc.want == "" && reason != "" || !strings.Contains(reason, tc.want) {
			t.Errorf("%s: reason %q, want %q", tc.name, reason, tc.want)
		}
	}
}

func TestSettleGivesUp(t *testing.T) {
	src := &arrivingSource{loads: [][]*trace{{nodeTrace(3, "exec", "f1")}}}
	clock := &fakeClock{at: time.Unix(0, 0)}
	blocks, note, err := clock.settler(5*time.Second).load(src, Selection{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(note, "after 5s") || !strings.Contains(note, "2 of 3 node fetches have no span yet") {
		t.Errorf("note %q does not say what is still missing after the wait", note)
	}
	if len(blocks) != 1 {
		t.Errorf("%d blocks after giving up, want the incomplete block 7", len(blocks))
	}
	if want := int(5*time.Second/settleInterval) + 1; src.calls != want {
		t.Errorf("%d loads in 5 s, want %d", src.calls, want)
	}
}

func TestSettleBlockLevel(t *testing.T) {
	// A block-level trace has only its block span: complete as it is.
	tr := &trace{id: "t1", spans: []*span{{traceID: "t1", id: "b", name: blockOperation,
		attrs: map[string]any{"block.number": int64(1), "telemetry.level": "block"}}}}
	src := &arrivingSource{loads: [][]*trace{{tr}}}
	clock := &fakeClock{at: time.Unix(0, 0)}
	if _, note, err := clock.settler(time.Minute).load(src, Selection{}); err != nil || note != "" {
		t.Fatalf("note %q, error %v", note, err)
	}
	if src.calls != 2 {
		t.Errorf("%d loads, want 2", src.calls)
	}
}

func TestSettleJaeger(t *testing.T) {
	fake := &fakeJaeger{t: t}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	src, err := NewJaegerSource(JaegerConfig{URL: srv.URL, API: "v1", Service: "geth", Limit: 20, Lookback: time.Hour, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	sums, note, err := SummarizeSettled(src, Selection{}.WithBlock(7), 10*time.Second)
	if err != nil || note != "" || len(sums) != 1 || sums[0].Label != "block 7" {
		t.Fatalf("error %v, note %q, summaries %+v", err, note, sums)
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	if len(fake.queries) != 2 || !strings.HasPrefix(fake.queries[1], "/api/traces?") {
		t.Errorf("queries %q, want the search twice (a load and the one confirming it)", fake.queries)
	}
}
