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

	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/ptrace"
)

// addOTLP decodes OTLP JSON TracesData (the "result" of Jaeger's query API v3, or
// a line of an OpenTelemetry file export) with the collector's ptrace and adds its
// spans to ts.
func addOTLP(ts *traceSet, data []byte) error {
	td, err := (&ptrace.JSONUnmarshaler{}).UnmarshalTraces(data)
	if err != nil {
		return fmt.Errorf("OTLP JSON: %v", err)
	}
	rss := td.ResourceSpans()
	for i := range rss.Len() {
		sss := rss.At(i).ScopeSpans()
		for j := range sss.Len() {
			spans := sss.At(j).Spans()
			for k := range spans.Len() {
				s, err := otlpSpan(spans.At(k))
				if err != nil {
					return err
				}
				ts.add(s, formatOTLP)
			}
		}
	}
	return nil
}

// otlpSpan converts an OTLP span, keeping its scalar attributes.
func otlpSpan(sp ptrace.Span) (*span, error) {
	if sp.TraceID().IsEmpty() || sp.SpanID().IsEmpty() {
		return nil, fmt.Errorf("span %q has no traceId or spanId", sp.Name())
	}
	start, end := int64(sp.StartTimestamp()), int64(sp.EndTimestamp())
	s := &span{
		traceID:  sp.TraceID().String(),
		id:       sp.SpanID().String(),
		name:     sp.Name(),
		start:    start,
		duration: max(end-start, 0),
		failed:   sp.Status().Code() == ptrace.StatusCodeError,
		attrs:    make(map[string]any, sp.Attributes().Len()),
	}
	if !sp.ParentSpanID().IsEmpty() {
		s.parentID = sp.ParentSpanID().String()
	}
	for k, v := range sp.Attributes().All() {
		switch v.Type() {
		case pcommon.ValueTypeStr:
			s.attrs[k] = v.Str()
		case pcommon.ValueTypeInt:
			s.attrs[k] = v.Int()
		case pcommon.ValueTypeDouble:
			s.attrs[k] = v.Double()
		case pcommon.ValueTypeBool:
			s.attrs[k] = v.Bool()
		case pcommon.ValueTypeSlice:
			ints := make([]int64, 0, v.Slice().Len())
			for _, e := range v.Slice().All() {
				ints = append(ints, e.Int())
			}
			s.attrs[k] = ints
		}
	}
	return s, nil
}
