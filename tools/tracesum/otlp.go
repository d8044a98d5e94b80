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

package main

import (
	"encoding/json"
	"fmt"
)

// otlpTraces is OTLP's TracesData in its JSON encoding, the "result" of
// Jaeger's query API v3 and each line of an OpenTelemetry file export.
type otlpTraces struct {
	ResourceSpans []otlpResourceSpans `json:"resourceSpans"`
}

// otlpResourceSpans groups the spans of one resource by scope.
type otlpResourceSpans struct {
	ScopeSpans []otlpScopeSpans `json:"scopeSpans"`
}

// otlpScopeSpans is the spans of one instrumentation scope.
type otlpScopeSpans struct {
	Spans []otlpSpan `json:"spans"`
}

// otlpSpan is an OTLP span. Integers may be JSON strings (proto3 JSON encodes
// 64-bit integers as strings) or numbers.
type otlpSpan struct {
	TraceID           string          `json:"traceId"`
	SpanID            string          `json:"spanId"`
	ParentSpanID      string          `json:"parentSpanId"`
	Name              string          `json:"name"`
	StartTimeUnixNano json.Number     `json:"startTimeUnixNano"`
	EndTimeUnixNano   json.Number     `json:"endTimeUnixNano"`
	Attributes        []otlpAttribute `json:"attributes"`
	Status            otlpStatus      `json:"status"`
}

// otlpAttribute is a key with an AnyValue.
type otlpAttribute struct {
	Key   string       `json:"key"`
	Value otlpAnyValue `json:"value"`
}

// otlpAnyValue holds one of the scalar values an attribute may have.
type otlpAnyValue struct {
	StringValue *string      `json:"stringValue"`
	IntValue    *json.Number `json:"intValue"`
	DoubleValue *json.Number `json:"doubleValue"`
	BoolValue   *bool        `json:"boolValue"`
}

// otlpStatus is a span status; Code is 2 or "STATUS_CODE_ERROR" on error.
type otlpStatus struct {
	Code json.RawMessage `json:"code"`
}

// otlpStatusError is the numeric OTLP status code of a failed span.
const otlpStatusError = 2

// addOTLP converts the spans of td into ts.
func addOTLP(ts *traceSet, td *otlpTraces) error {
	for _, rs := range td.ResourceSpans {
		for _, ss := range rs.ScopeSpans {
			for i := range ss.Spans {
				s, err := ss.Spans[i].span()
				if err != nil {
					return err
				}
				ts.add(s, formatOTLP)
			}
		}
	}
	return nil
}

// span converts an OTLP span.
func (sp *otlpSpan) span() (*span, error) {
	if sp.TraceID == "" || sp.SpanID == "" {
		return nil, fmt.Errorf("span %q has no traceId or spanId", sp.Name)
	}
	start, err := sp.StartTimeUnixNano.Int64()
	if err != nil {
		return nil, fmt.Errorf("span %s (%s): bad startTimeUnixNano: %v", sp.SpanID, sp.Name, err)
	}
	end, err := sp.EndTimeUnixNano.Int64()
	if err != nil {
		return nil, fmt.Errorf("span %s (%s): bad endTimeUnixNano: %v", sp.SpanID, sp.Name, err)
	}
	s := &span{
		traceID:  sp.TraceID,
		id:       sp.SpanID,
		parentID: sp.ParentSpanID,
		name:     sp.Name,
		start:    start,
		duration: max(end-start, 0),
		failed:   sp.Status.failed(),
		attrs:    make(map[string]any, len(sp.Attributes)),
	}
	for _, a := range sp.Attributes {
		v, err := a.Value.value()
		if err != nil {
			return nil, fmt.Errorf("span %s (%s), attribute %q: %v", s.id, s.name, a.Key, err)
		}
		if v != nil {
			s.attrs[a.Key] = v
		}
	}
	return s, nil
}

// value returns the scalar held, or nil for other kinds (arrays, maps).
func (v *otlpAnyValue) value() (any, error) {
	switch {
	case v.StringValue != nil:
		return *v.StringValue, nil
	case v.IntValue != nil:
		return numberValue(*v.IntValue)
	case v.DoubleValue != nil:
		return v.DoubleValue.Float64()
	case v.BoolValue != nil:
		return *v.BoolValue, nil
	}
	return nil, nil
}

// failed reports whether the status code is an error.
func (st *otlpStatus) failed() bool {
	if len(st.Code) == 0 {
		return false
	}
	var n int
	if json.Unmarshal(st.Code, &n) == nil {
		return n == otlpStatusError
	}
	var name string
	return json.Unmarshal(st.Code, &name) == nil && name == "STATUS_CODE_ERROR"
}
