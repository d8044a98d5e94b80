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
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// spanCountLimit bounds the traces one span count reads: far more than the
// blocks of an import that is summarized afterwards.
const spanCountLimit = 100_000

// StoredSpans returns the number of spans Jaeger holds of the source's service
// from the last lookback, in every trace, not only those of blocks. It reads
// the v1 search, which returns whole traces, whatever the source's API.
func (j *JaegerSource) StoredSpans() (int64, error) {
	now := j.now()
	q := url.Values{
		"service": {j.service},
		"limit":   {strconv.Itoa(spanCountLimit)},
		"start":   {strconv.FormatInt(now.Add(-j.lookback).UnixMicro(), 10)},
		"end":     {strconv.FormatInt(now.UnixMicro(), 10)},
	}
	u := strings.TrimRight(j.base, "/") + "/api/traces?" + q.Encode()
	resp, err := j.client.Get(u)
	if err != nil {
		return 0, fmt.Errorf("cannot reach Jaeger: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("Jaeger %s: HTTP %d", u, resp.StatusCode)
	}
	var body struct {
		Data []struct {
			Spans []json.RawMessage `json:"spans"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return 0, fmt.Errorf("Jaeger %s: %v", u, err)
	}
	var n int64
	for _, t := range body.Data {
		n += int64(len(t.Spans))
	}
	return n, nil
}

// WaitForSpans waits until Jaeger holds at least want spans of the source's
// service, polling every settleInterval, and returns how many it holds. want
// is what the exporter reports as exported: geth import logs it once its
// exporter has flushed, and Jaeger stores what it received a while after
// answering the export. Fewer than want when wait has passed, or ctx ends,
// is an error naming both counts.
func (j *JaegerSource) WaitForSpans(ctx context.Context, want int64, wait time.Duration) (int64, error) {
	deadline := time.Now().Add(wait)
	for {
		n, err := j.StoredSpans()
		if err != nil {
			return 0, err
		}
		if n >= want {
			return n, nil
		}
		if !time.Now().Before(deadline) {
			return n, fmt.Errorf("Jaeger holds %d spans of service %q after %v, the exporter reported %d", n, j.service, wait, want)
		}
		select {
		case <-ctx.Done():
			return n, fmt.Errorf("Jaeger holds %d spans of service %q, the exporter reported %d: %w", n, j.service, want, ctx.Err())
		case <-time.After(settleInterval):
		}
	}
}
