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

import "encoding/json"

// span is one span of a trace, whichever export format it came from. Times
// are in nanoseconds; attribute values are int64, float64, string or bool.
type span struct {
	traceID  string
	id       string
	parentID string // empty for a root span
	name     string
	start    int64 // unix nanoseconds
	duration int64 // nanoseconds
	failed   bool  // the span's status is an error
	attrs    map[string]any
}

// end returns the span's end time in unix nanoseconds.
func (s *span) end() int64 {
	return s.start + s.duration
}

// contains reports whether o runs within s.
func (s *span) contains(o *span) bool {
	return o.start >= s.start && o.end() <= s.end()
}

// intAttr returns the integer attribute key, if the span has it.
func (s *span) intAttr(key string) (int64, bool) {
	switch v := s.attrs[key].(type) {
	case int64:
		return v, true
	case float64:
		return int64(v), true
	}
	return 0, false
}

// intOr returns the integer attribute key, or 0.
func (s *span) intOr(key string) int64 {
	v, _ := s.intAttr(key)
	return v
}

// strAttr returns the string attribute key, or "".
func (s *span) strAttr(key string) string {
	v, _ := s.attrs[key].(string)
	return v
}

// trace is the spans sharing one trace ID.
type trace struct {
	id     string
	format string // formatV1 or formatOTLP: the format its first span came in
	spans  []*span
}

// traceSet collects spans into traces, in order of first appearance, keeping
// one span per span ID (exports may repeat spans).
type traceSet struct {
	order []*trace
	byID  map[string]*trace
	seen  map[string]bool // traceID/spanID
}

func newTraceSet() *traceSet {
	return &traceSet{byID: make(map[string]*trace), seen: make(map[string]bool)}
}

// add files s, read in format, under its trace.
func (ts *traceSet) add(s *span, format string) {
	key := s.traceID + "/" + s.id
	if ts.seen[key] {
		return
	}
	ts.seen[key] = true
	t := ts.byID[s.traceID]
	if t == nil {
		t = &trace{id: s.traceID, format: format}
		ts.byID[s.traceID] = t
		ts.order = append(ts.order, t)
	}
	t.spans = append(t.spans, s)
}

// traces returns the collected traces.
func (ts *traceSet) traces() []*trace {
	return ts.order
}

// intsAttr returns the integer array attribute key: an OTLP array, or the
// JSON text Jaeger's v1 API gives arrays as.
func (s *span) intsAttr(key string) ([]int64, bool) {
	switch v := s.attrs[key].(type) {
	case []int64:
		return v, true
	case string:
		var out []int64
		if err := json.Unmarshal([]byte(v), &out); err == nil {
			return out, true
		}
	}
	return nil, false
}
