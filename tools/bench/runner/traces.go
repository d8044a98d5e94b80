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

package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"statelab/tools/bench/command"
	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
)

// traceCollector gathers the traces of runs made with a telemetry level: the
// run exports its spans over OTLP to a Jaeger under a service name of its
// own, and after the import the collector asks tracesum for the summary of
// every block of that service, kept beside the report as
// traces/LABEL-runN.json (tracesum --json) and .txt.
//
// A collector is used by one study run at a time; it is not safe for
// concurrent use.
type traceCollector struct {
	jaeger   string        // Jaeger query URL, e.g. http://127.0.0.1:16686
	otlp     string        // OTLP endpoint geth exports to, e.g. http://127.0.0.1:4318
	tracesum string        // tracesum binary
	study    string        // study name, part of every service name
	wait     time.Duration // how long to wait for Jaeger to have every block
}

// check asks the collector's Jaeger for its services and, when its OTLP
// endpoint is OTLP/HTTP, sends it an empty export, so that a study stops
// before it prepares anything when no Jaeger answers, instead of after
// its first traced run.
func (tc *traceCollector) check() error {
	client := &http.Client{Timeout: 5 * time.Second}
	query := strings.TrimSuffix(tc.jaeger, "/") + "/api/services"
	resp, err := client.Get(query)
	if err != nil {
		return fmt.Errorf("no Jaeger answers at %s (tracing/jaeger.sh start): %v", tc.jaeger, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s, not a Jaeger query API", query, resp.Status)
	}
	if u, err := url.Parse(tc.otlp); err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return nil // an OTLP/gRPC endpoint: geth reports what it could not export
	}
	export := strings.TrimSuffix(tc.otlp, "/") + "/v1/traces"
	resp, err = client.Post(export, "application/x-protobuf", bytes.NewReader(nil))
	if err != nil {
		return fmt.Errorf("no OTLP receiver answers at %s (--otlp): %v", tc.otlp, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s to an empty export, not an OTLP/HTTP receiver (--otlp)", export, resp.Status)
	}
	return nil
}

// serviceName is the Jaeger service of one run: unique per study, label and
// run, and restricted to characters Jaeger's query API takes unescaped.
func (tc *traceCollector) serviceName(rec *record.Run, started time.Time) string {
	name := fmt.Sprintf("bench-%s-%s-run%d-%d", tc.study, rec.Config.Label(), rec.Run, started.Unix())
	return serviceUnsafe.ReplaceAllString(name, "_")
}

var serviceUnsafe = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// importSetup returns the flags and environment that make a run export its
// spans to the collector's Jaeger under service.
func (tc *traceCollector) importSetup(service string) (args, env []string) {
	return []string{"--rpc.telemetry.endpoint", tc.otlp}, []string{"OTEL_SERVICE_NAME=" + service}
}

// collect summarizes the run's traces into dir. Jaeger indexes spans a
// moment after geth has exported them, so collect retries until it finds one
// trace per block or the wait is over; finding fewer is an error, because the
// run's telemetry lost spans. tracesum --settle waits, within the same bound,
// for the spans below each block span.
func (tc *traceCollector) collect(dir, service string, rec *record.Run) (string, error) {
	blocks := len(rec.Blocks)
	args := []string{"--jaeger", tc.jaeger, "--service", service, "--limit", strconv.Itoa(blocks + 10), "--lookback", "2h",
		"--settle", tc.wait.String()}
	deadline := time.Now().Add(tc.wait)
	var (
		blob []byte
		n    int
		err  error
	)
	for {
		blob, err = command.Output(tc.tracesum, append(args, "--json")...)
		if err == nil {
			var sums []json.RawMessage
			if err = json.Unmarshal(blob, &sums); err == nil {
				if n = len(sums); n >= blocks {
					break
				}
			}
		}
		if time.Now().After(deadline) {
			if err != nil {
				return "", fmt.Errorf("collecting traces of %s from %s: %v", service, tc.jaeger, err)
			}
			return "", fmt.Errorf("collecting traces of %s from %s: %d block traces, want %d", service, tc.jaeger, n, blocks)
		}
		time.Sleep(500 * time.Millisecond)
	}
	base := strings.ReplaceAll(rec.Config.Label(), "/", "_") + fmt.Sprintf("-run%d", rec.Run)
	if err := os.MkdirAll(filepath.Join(dir, "traces"), 0o755); err != nil {
		return "", err
	}
	rel := filepath.Join("traces", base+".json")
	if err := os.WriteFile(filepath.Join(dir, rel), blob, 0o644); err != nil {
		return "", err
	}
	text, err := command.Output(tc.tracesum, args...)
	if err != nil {
		return "", fmt.Errorf("summarizing traces of %s: %v", service, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "traces", base+".txt"), text, 0o644); err != nil {
		return "", err
	}
	return rel, tc.writePage(dir)
}

// writePage draws the blocks of every run collected so far side by side
// (tracesum --html), one run after another in the order of their file names
// (label, then run), so that the page is current after each run.
func (tc *traceCollector) writePage(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "traces", "*.json"))
	if err != nil || len(files) == 0 {
		return err
	}
	args := append([]string{"--from-json", "--html", filepath.Join(dir, report.TracePage), "--title", "Traced blocks of study " + tc.study}, files...)
	if _, err := command.Output(tc.tracesum, args...); err != nil {
		return fmt.Errorf("drawing %s: %v", report.TracePage, err)
	}
	return nil
}

// readNodeFetches sums the node fetches by source over the block summaries
// of a tracesum --json file; nil if the traces have no node-level fetches.
func readNodeFetches(path string) (map[string]int64, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var sums []struct {
		Fetches *struct {
			BySource []struct {
				Key   string `json:"key"`
				Count int64  `json:"count"`
			} `json:"by_source"`
		} `json:"node_fetches"`
	}
	if err := json.Unmarshal(blob, &sums); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var out map[string]int64
	for _, s := range sums {
		if s.Fetches == nil {
			continue
		}
		if out == nil {
			out = map[string]int64{}
		}
		for _, g := range s.Fetches.BySource {
			out[g.Key] += g.Count
		}
	}
	return out, nil
}
