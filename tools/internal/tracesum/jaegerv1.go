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
	"encoding/json"
	"fmt"
	"strings"
)

// jaegerTrace is a trace in the JSON model of Jaeger's query API v1
// (/api/traces) and of the Jaeger UI's JSON download. Jaeger keeps its own
// decoder of this model in an internal package (internal/uimodel), which other
// modules cannot import, so these few types read the fields tracesum needs;
// OTLP JSON, the pinned Jaeger's v3 API, is decoded by the collector's ptrace.
type jaegerTrace struct {
	TraceID string       `json:"traceID"`
	Spans   []jaegerSpan `json:"spans"`
}

// jaegerSpan is a span in Jaeger's v1 JSON model; times are microseconds.
type jaegerSpan struct {
	TraceID       string            `json:"traceID"`
	SpanID        string            `json:"spanID"`
	OperationName string            `json:"operationName"`
	References    []jaegerReference `json:"references"`
	StartTime     int64             `json:"startTime"`
	Duration      int64             `json:"duration"`
	Tags          []jaegerTag       `json:"tags"`
}

// jaegerReference links a span to another; CHILD_OF names the parent.
type jaegerReference struct {
	RefType string `json:"refType"`
	TraceID string `json:"traceID"`
	SpanID  string `json:"spanID"`
}

// jaegerTag is a typed key-value pair; Value's JSON type follows Type.
type jaegerTag struct {
	Key   string          `json:"key"`
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

// jaegerError is an entry of the errors list of a v1 API response.
type jaegerError struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
}

func (e jaegerError) String() string {
	return fmt.Sprintf("%d %s", e.Code, e.Msg)
}

// addJaegerTrace converts t into spans of ts.
func addJaegerTrace(ts *traceSet, t *jaegerTrace) error {
	for i := range t.Spans {
		s, err := t.Spans[i].span(t.TraceID)
		if err != nil {
			return fmt.Errorf("trace %s, span %d: %v", t.TraceID, i, err)
		}
		ts.add(s, formatV1)
	}
	return nil
}

// span converts a v1 span; traceID is the trace's, used if the span lacks one.
func (js *jaegerSpan) span(traceID string) (*span, error) {
	s := &span{
		traceID:  js.TraceID,
		id:       js.SpanID,
		name:     js.OperationName,
		start:    js.StartTime * 1000,
		duration: js.Duration * 1000,
		attrs:    make(map[string]any, len(js.Tags)),
	}
	if s.traceID == "" {
		s.traceID = traceID
	}
	if s.traceID == "" || s.id == "" {
		return nil, fmt.Errorf("span %q has no traceID or spanID", js.OperationName)
	}
	for _, ref := range js.References {
		if ref.RefType == "CHILD_OF" || (s.parentID == "" && ref.RefType == "FOLLOWS_FROM") {
			s.parentID = ref.SpanID
		}
	}
	for _, tag := range js.Tags {
		v, err := tag.value()
		if err != nil {
			return nil, fmt.Errorf("span %s (%s), tag %q: %v", s.id, s.name, tag.Key, err)
		}
		s.attrs[tag.Key] = v
	}
	s.failed = isErrorTag(s.attrs)
	return s, nil
}

// value decodes the tag's value according to its type.
func (t *jaegerTag) value() (any, error) {
	switch strings.ToLower(t.Type) {
	case "int64":
		var n json.Number
		if err := json.Unmarshal(t.Value, &n); err != nil {
			return nil, err
		}
		return numberValue(n)
	case "float64":
		var f float64
		err := json.Unmarshal(t.Value, &f)
		return f, err
	case "bool":
		var b bool
		err := json.Unmarshal(t.Value, &b)
		return b, err
	default: // string, binary
		var str string
		if err := json.Unmarshal(t.Value, &str); err != nil {
			return string(t.Value), nil
		}
		return str, nil
	}
}

// numberValue returns n as an int64 if it is an integer, else as a float64.
func numberValue(n json.Number) (any, error) {
	if i, err := n.Int64(); err == nil {
		return i, nil
	}
	return n.Float64()
}

// isErrorTag reports whether Jaeger's tags mark the span as failed.
func isErrorTag(attrs map[string]any) bool {
	if b, ok := attrs["error"].(bool); ok && b {
		return true
	}
	return attrs["otel.status_code"] == "ERROR"
}
