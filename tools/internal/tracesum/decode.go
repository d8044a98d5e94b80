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
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// envelope is one top-level JSON value of an export. The formats have
// disjoint keys, so one decoding pass both detects the format and reads it:
//
//	{"data":[trace...]}                  Jaeger API v1, Jaeger UI download
//	{"traceID":..., "spans":[...]}       a single Jaeger v1 trace
//	{"result":{"resourceSpans":[...]}}   Jaeger API v3 (OTLP JSON)
//	{"resourceSpans":[...]}              OTLP JSON (OpenTelemetry file export)
type envelope struct {
	Data          *[]jaegerTrace  `json:"data"`
	Errors        []jaegerError   `json:"errors"`
	TraceID       string          `json:"traceID"`
	Spans         *[]jaegerSpan   `json:"spans"`
	Result        json.RawMessage `json:"result"`        // OTLP TracesData, decoded by ptrace
	ResourceSpans json.RawMessage `json:"resourceSpans"` // the value itself is TracesData
	Error         *v3Error        `json:"error"`
}

// v3Error is the error object of a Jaeger API v3 response.
type v3Error struct {
	HTTPCode int    `json:"httpCode"`
	Message  string `json:"message"`
}

// formatV1 and formatOTLP name the two export formats.
const (
	formatV1   = "jaeger-v1"
	formatOTLP = "otlp"
)

// decodeTraces parses an export: one or more JSON values (OTLP file exports
// have one per line), each in either format.
func decodeTraces(data []byte) ([]*trace, error) {
	var (
		ts  = newTraceSet()
		dec = json.NewDecoder(bytes.NewReader(data))
	)
	for n := 0; ; n++ {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			if n == 0 {
				return nil, errors.New("no JSON value (empty input)")
			}
			return ts.traces(), nil
		}
		if err != nil {
			return nil, jsonError(data, err)
		}
		var env envelope
		if err := json.Unmarshal(raw, &env); err != nil {
			return nil, jsonError(data, offsetError{err, dec.InputOffset() - int64(len(raw))})
		}
		if err := env.addTo(ts, raw); err != nil {
			return nil, fmt.Errorf("JSON value %d: %v", n+1, err)
		}
	}
}

// addTo adds the traces of env, decoded from raw, to ts.
func (env *envelope) addTo(ts *traceSet, raw []byte) error {
	switch {
	case env.Data != nil:
		for i := range *env.Data {
			if err := addJaegerTrace(ts, &(*env.Data)[i]); err != nil {
				return err
			}
		}
		return nil
	case env.Spans != nil:
		return addJaegerTrace(ts, &jaegerTrace{TraceID: env.TraceID, Spans: *env.Spans})
	case isJSONValue(env.Result):
		return addOTLP(ts, env.Result)
	case isJSONValue(env.ResourceSpans):
		return addOTLP(ts, raw)
	case env.Error != nil:
		return fmt.Errorf("Jaeger error %d: %s", env.Error.HTTPCode, env.Error.Message)
	case len(env.Errors) > 0:
		return fmt.Errorf("Jaeger errors: %s", joinErrors(env.Errors))
	}
	return errors.New(`unrecognized format: want Jaeger JSON {"data":[...]} or OTLP JSON {"result":{"resourceSpans":[...]}} / {"resourceSpans":[...]}`)
}

// isJSONValue reports whether a field held a JSON value other than null.
func isJSONValue(raw json.RawMessage) bool {
	return len(raw) > 0 && string(raw) != "null"
}

func joinErrors(errs []jaegerError) string {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.String()
	}
	return strings.Join(msgs, "; ")
}

// offsetError is an error of decoding the JSON value that starts at byte base of the
// input: its offsets count from there.
type offsetError struct {
	error
	base int64
}

func (e offsetError) Unwrap() error { return e.error }

// jsonError rewrites a decoding error to name its byte offset, line and column.
func jsonError(data []byte, err error) error {
	var (
		base   int64
		inner  offsetError
		syntax *json.SyntaxError
		typ    *json.UnmarshalTypeError
	)
	if errors.As(err, &inner) {
		base, err = inner.base, inner.error
	}
	switch {
	case errors.As(err, &syntax):
		return fmt.Errorf("malformed JSON at %s: %v", position(data, base+syntax.Offset-1), err)
	case errors.As(err, &typ):
		return fmt.Errorf("malformed JSON near %s: field %s: cannot use a JSON %s as %s", position(data, base+typ.Offset-1), typ.Field, typ.Value, typ.Type)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("malformed JSON at %s: unexpected end of input (truncated?)", position(data, int64(len(data))))
	}
	return fmt.Errorf("malformed JSON: %v", err)
}

// position formats the offset of a byte of data (0-based) with its line and
// column (1-based).
func position(data []byte, offset int64) string {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("byte offset %d (line %d, column %d)", offset, line, col)
}
