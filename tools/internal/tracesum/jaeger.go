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
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// blockOperation is the name of the span of one block.
const blockOperation = "core.blockchain.ProcessBlock"

// JaegerSource queries Jaeger's HTTP query API, v1 (Jaeger's JSON model) or
// v3 (OTLP JSON). A selected trace is fetched by ID; a selected block number is
// searched with v1, which filters on it, and its traces fetched by ID;
// otherwise the source searches the service's block spans of the last
// lookback. A JaegerSource is used by one goroutine at a time.
type JaegerSource struct {
	base     string // e.g. http://127.0.0.1:16686
	api      string // "v1" or "v3"
	service  string
	limit    int
	lookback time.Duration
	client   *http.Client
	now      func() time.Time
}

// JaegerConfig says which Jaeger to query and how.
type JaegerConfig struct {
	URL      string        // query service, e.g. http://127.0.0.1:16686
	API      string        // "v3" (/api/v3/traces, OTLP JSON, nanosecond times) or "v1" (/api/traces, microseconds)
	Service  string        // geth's service name (OTEL_SERVICE_NAME; "geth" by default)
	Limit    int           // most traces a search returns, at least 1
	Lookback time.Duration // how far back a search reaches
	Timeout  time.Duration // of one request
}

// NewJaegerSource returns the source of the Jaeger cfg names. Errors name the
// tracesum flag of the bad setting.
func NewJaegerSource(cfg JaegerConfig) (*JaegerSource, error) {
	if cfg.API != "v1" && cfg.API != "v3" {
		return nil, fmt.Errorf("--api %q: want v1 or v3", cfg.API)
	}
	if cfg.Limit < 1 {
		return nil, errors.New("--limit must be at least 1")
	}
	return &JaegerSource{
		base:     cfg.URL,
		api:      cfg.API,
		service:  cfg.Service,
		limit:    cfg.Limit,
		lookback: cfg.Lookback,
		client:   &http.Client{Timeout: cfg.Timeout},
		now:      time.Now,
	}, nil
}

func (j *JaegerSource) String() string {
	return "Jaeger at " + j.base
}

func (j *JaegerSource) load(sel Selection) ([]*trace, error) {
	if j.api == "v3" && sel.hasBlock && sel.traceID == "" {
		return j.loadBlockV3(sel)
	}
	return j.get(j.url(sel), sel)
}

// loadBlockV3 finds the traces of the selected block with a v1 search, which
// Jaeger filters on the block number (a v3 search cannot filter on attributes,
// so it would return up to --limit whole traces, each of tens of thousands of
// spans at node level), then fetches each trace by ID from v3 for its
// nanosecond times.
func (j *JaegerSource) loadBlockV3(sel Selection) ([]*trace, error) {
	v1 := *j
	v1.api = "v1"
	found, err := v1.get(v1.url(sel), sel)
	if err != nil {
		return nil, err
	}
	var out []*trace
	for _, t := range found {
		id := Selection{traceID: fullTraceID(t.id)}
		traces, err := j.get(j.url(id), id)
		if err != nil {
			return nil, err
		}
		out = append(out, traces...)
	}
	return out, nil
}

// fullTraceID pads a hex trace ID to the 32 digits of a 128-bit ID: Jaeger's
// v1 model drops the leading zeros of its high half.
func fullTraceID(id string) string {
	if len(id) < 32 {
		return strings.Repeat("0", 32-len(id)) + id
	}
	return id
}

// get fetches and decodes one query of sel.
func (j *JaegerSource) get(u string, sel Selection) ([]*trace, error) {
	resp, err := j.client.Get(u)
	if err != nil {
		return nil, fmt.Errorf("cannot reach Jaeger: %v", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("Jaeger %s: reading response: %v", u, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, j.statusError(u, sel, resp.StatusCode, body)
	}
	traces, err := decodeTraces(body)
	if err != nil {
		return nil, fmt.Errorf("Jaeger %s: %v", u, err)
	}
	return traces, nil
}

// searchHint tells how to widen a search; a trace fetched by ID needs none.
func (j *JaegerSource) searchHint(sel Selection) string {
	if sel.traceID != "" {
		return ""
	}
	return fmt.Sprintf("searched at most %d traces of service %q from the last %s (raise --limit or --lookback)", j.limit, j.service, j.lookback)
}

// errNoTraces is returned when Jaeger has no trace for a query.
var errNoTraces = errors.New("no traces found")

// statusError turns a failed response into an error naming the URL. A search
// that finds nothing (v3 answers 404) is errNoTraces.
func (j *JaegerSource) statusError(u string, sel Selection, code int, body []byte) error {
	msg := strings.TrimSpace(string(body))
	var env envelope
	if json.Unmarshal(body, &env) == nil {
		switch {
		case env.Error != nil:
			msg = env.Error.Message
		case len(env.Errors) > 0:
			msg = joinErrors(env.Errors)
		}
	}
	if code == http.StatusNotFound {
		if sel.traceID != "" {
			return fmt.Errorf("trace %s not found in Jaeger (%s): %s", sel.traceID, u, msg)
		}
		return fmt.Errorf("Jaeger %s: %w", u, errNoTraces)
	}
	return fmt.Errorf("Jaeger %s: HTTP %d: %s", u, code, msg)
}

// url returns the query for sel.
func (j *JaegerSource) url(sel Selection) string {
	base := strings.TrimRight(j.base, "/")
	if j.api == "v3" {
		if sel.traceID != "" {
			return base + "/api/v3/traces/" + url.PathEscape(sel.traceID)
		}
		return base + "/api/v3/traces?" + j.v3Query().Encode()
	}
	if sel.traceID != "" {
		return base + "/api/traces/" + url.PathEscape(sel.traceID)
	}
	return base + "/api/traces?" + j.v1Query(sel).Encode()
}

// v1Query searches block spans, filtered by block number if one is selected.
func (j *JaegerSource) v1Query(sel Selection) url.Values {
	now := j.now()
	q := url.Values{
		"service":   {j.service},
		"operation": {blockOperation},
		"limit":     {strconv.Itoa(j.limit)},
		"start":     {strconv.FormatInt(now.Add(-j.lookback).UnixMicro(), 10)},
		"end":       {strconv.FormatInt(now.UnixMicro(), 10)},
	}
	if sel.hasBlock {
		tags, _ := json.Marshal(map[string]string{"block.number": strconv.FormatUint(sel.block, 10)})
		q.Set("tags", string(tags))
	}
	return q
}

// v3Query searches block spans. Jaeger 1.76 calls the result limit
// num_traces; older releases called it search_depth.
func (j *JaegerSource) v3Query() url.Values {
	now := j.now().UTC()
	return url.Values{
		"query.service_name":   {j.service},
		"query.operation_name": {blockOperation},
		"query.start_time_min": {now.Add(-j.lookback).Format(time.RFC3339Nano)},
		"query.start_time_max": {now.Format(time.RFC3339Nano)},
		"query.num_traces":     {strconv.Itoa(j.limit)},
		"query.search_depth":   {strconv.Itoa(j.limit)},
	}
}
