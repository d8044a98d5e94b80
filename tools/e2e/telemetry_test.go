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

//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/netutil"
)

// jaeger is a Jaeger instance started for one test, on free 127.0.0.1 ports.
type jaeger struct {
	otlpHTTP string // http://127.0.0.1:port
	otlpGRPC string // grpc://127.0.0.1:port
	query    string // http://127.0.0.1:port
}

func freePort(t *testing.T) int {
	t.Helper()
	port, err := netutil.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	return port
}

// startJaeger starts the pinned Jaeger with its memory store through
// tracing/jaeger.sh (which builds it once and caches it) and stops it when the
// test ends.
func startJaeger(t *testing.T) *jaeger {
	t.Helper()
	r := newJaegerShRun(t, t.TempDir(), os.Environ(), "--storage", "memory", "--bin", "pinned")
	if out, err := r.start(t); err != nil {
		t.Fatalf("jaeger.sh start: %v\n%s", err, out)
	}
	return r.jaeger
}

// jaegerSpan is a span in Jaeger's /api/traces JSON.
type jaegerSpan struct {
	SpanID        string `json:"spanID"`
	OperationName string `json:"operationName"`
	References    []struct {
		RefType string `json:"refType"`
		SpanID  string `json:"spanID"`
	} `json:"references"`
	Tags []struct {
		Key   string `json:"key"`
		Value any    `json:"value"`
	} `json:"tags"`
}

func (s *jaegerSpan) tag(key string) (any, bool) {
	for _, tag := range s.Tags {
		if tag.Key == key {
			return tag.Value, true
		}
	}
	return nil, false
}

func (s *jaegerSpan) intTag(key string) int64 {
	v, _ := s.tag(key)
	switch v := v.(type) {
	case float64:
		return int64(v)
	case string:
		n, _ := strconv.ParseInt(v, 10, 64)
		return n
	}
	return -1
}

type jaegerTrace struct {
	TraceID string       `json:"traceID"`
	Spans   []jaegerSpan `json:"spans"`
}

// traces returns the traces Jaeger holds for service, waiting until want
// complete block traces have arrived (export is asynchronous, and Jaeger stores
// a trace's spans as their batches come in, the block span last) or a timeout.
func (j *jaeger) traces(t *testing.T, service string, want int) []jaegerTrace {
	t.Helper()
	var traces []jaegerTrace
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		resp, err := http.Get(fmt.Sprintf("%s/api/traces?service=%s&limit=1000&lookback=2h", j.query, service))
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			Data []jaegerTrace `json:"data"`
		}
		err = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("decoding Jaeger's /api/traces: %v", err)
		}
		traces = body.Data
		if len(traces) >= want && !slices.ContainsFunc(traces, missingBlockSpan) {
			break
		}
	}
	return traces
}

// missingBlockSpan reports whether a trace lacks its block span so far.
func missingBlockSpan(tr jaegerTrace) bool {
	return !slices.ContainsFunc(tr.Spans, func(s jaegerSpan) bool { return s.OperationName == "core.blockchain.ProcessBlock" })
}

// importTraced imports files into datadir with node-level telemetry exported
// to endpoint under the given service name, or without telemetry if endpoint
// is empty. Every node fetch gets a span (--rpc.telemetry.fetch-span-threshold 0),
// the heaviest span load, which the fetch checks and the pages want.
func importTraced(t *testing.T, datadir, endpoint, service string, files ...string) *result {
	t.Helper()
	args := []string{"--datadir", datadir, "import", "--nocompaction"}
	if endpoint != "" {
		args = append(args, "--rpc.telemetry", "--rpc.telemetry.endpoint", endpoint, "--rpc.telemetry.level", "node", "--rpc.telemetry.fetch-span-threshold", "0")
	}
	args = append(args, files...)
	cmd := exec.Command(bin(t, "geth"), args...)
	cmd.Env = append(os.Environ(), "OTEL_SERVICE_NAME="+service)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := &result{args: append([]string{"geth"}, args...), stdout: stdout.String(), stderr: stderr.String()}
	if exit, ok := err.(*exec.ExitError); ok {
		res.code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		res.maxRSS = ru.Maxrss * 1024
	}
	return res
}

// blockCount sums the blocks of the given manifest files.
func blockCount(t *testing.T, d *dump, files ...string) int {
	t.Helper()
	m, err := dumpmanifest.Read(d.manifest)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range m.Files {
		for _, want := range files {
			if filepath.Base(want) == f.File {
				n += int(f.LastBlock - f.FirstBlock + 1)
			}
		}
	}
	return n
}

// TestTelemetryInJaeger imports a small dump with node-level telemetry into
// Jaeger, for the binary trie and for MPT, and checks what Jaeger's query API
// returns: one trace per block, the expected spans, as many node-fetch spans
// as the trie layer counted, and the same head root as without telemetry.
// The binary trie's spans go over OTLP/HTTP, MPT's over OTLP/gRPC.
func TestTelemetryInJaeger(t *testing.T) {
	j := startJaeger(t)
	for _, kind := range []string{"ubt", "mpt"} {
		t.Run(kind, func(t *testing.T) {
			d := generated(t, kind)
			datadir := t.TempDir()
			var flags []string
			if kind == "ubt" {
				flags = []string{"--bintrie.groupdepth=6"}
			}
			mustRun(t, "geth", append(append([]string{"--datadir", datadir}, flags...), "init", d.genesis)...)
			files := append(d.population(), filepath.Join(d.dir, d.workloads()[0].File))
			service := "geth-e2e-" + kind
			endpoint := map[string]string{"ubt": j.otlpHTTP, "mpt": j.otlpGRPC}[kind]
			res := importTraced(t, datadir, endpoint, service, files...)
			if res.code != 0 {
				t.Fatalf("import exit %d\n%s", res.code, tail(res.stderr, 20))
			}
			if strings.Contains(res.stderr, "were not exported") {
				t.Fatalf("spans were dropped:\n%s", tail(res.stderr, 5))
			}
			mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", d.workloads()[0].File)

			blocks := blockCount(t, d, files...)
			traces := j.traces(t, service, blocks)
			if len(traces) != blocks {
				t.Fatalf("Jaeger holds %d traces, want one per imported block (%d)", len(traces), blocks)
			}
			seen := map[int64]bool{}
			for _, tr := range traces {
				number := checkJaegerBlockTrace(t, kind, tr)
				if seen[number] {
					t.Errorf("block %d has more than one trace", number)
				}
				seen[number] = true
			}
		})
	}
}

// checkJaegerBlockTrace checks one block's trace and returns its number.
func checkJaegerBlockTrace(t *testing.T, kind string, tr jaegerTrace) int64 {
	t.Helper()
	var (
		names = map[string]int{}
		root  *jaegerSpan
	)
	for i := range tr.Spans {
		s := &tr.Spans[i]
		names[s.OperationName]++
		if s.OperationName == "core.blockchain.ProcessBlock" {
			root = s
		}
	}
	if root == nil || names["core.blockchain.ProcessBlock"] != 1 {
		t.Fatalf("trace %s: want one block span, got %d", tr.TraceID, names["core.blockchain.ProcessBlock"])
	}
	number := root.intTag("block.number")
	for _, name := range []string{"bc.processor.Process", "bc.validator.ValidateState",
		"state.trie.update", "state.trie.hash", "state.trie.commit", "triedb.commit"} {
		if names[name] == 0 {
			t.Errorf("block %d: no %s span", number, name)
		}
	}
	if names["state.read"] != 0 {
		t.Errorf("block %d: a state.read span; state reads are block span attributes", number)
	}
	if _, ok := root.tag("state.storage_read_us"); !ok {
		t.Errorf("block %d: no state.storage_read_us on the block span", number)
	}
	spans, aggregated, dropped := int64(names["trie.node.fetch"]), root.intTag("trie.node_fetches_aggregated"), root.intTag("trie.node_fetch_spans_dropped")
	if fetches := root.intTag("trie.node_fetches"); spans+aggregated+dropped != fetches || root.intTag("trie.node_fetch_spans") != spans {
		t.Errorf("block %d: %d trie.node.fetch spans in Jaeger (%d emitted), %d aggregated, %d dropped; the trie layer counted %d",
			number, spans, root.intTag("trie.node_fetch_spans"), aggregated, dropped, fetches)
	}
	wantKind := map[string]string{"ubt": "binary", "mpt": "mpt"}[kind]
	for i := range tr.Spans {
		s := &tr.Spans[i]
		switch s.OperationName {
		case "trie.node.fetch":
			if v, _ := s.tag("trie.kind"); v != wantKind {
				t.Fatalf("block %d: node fetch of kind %v, want %s", number, v, wantKind)
			}
			if src, _ := s.tag("node.source"); src != "diff" && src != "dirty" && src != "clean" && src != "disk" {
				t.Fatalf("block %d: node fetch from %v", number, src)
			}
		case "state.trie.hash":
			if kind == "ubt" && s.intTag("bintrie.group_depth") != 6 {
				t.Errorf("block %d: rehash span without group depth 6", number)
			}
			if _, ok := s.tag("trie.hash_ops"); !ok {
				t.Errorf("block %d: rehash span without hash ops", number)
			}
		case "triedb.commit":
			if s.intTag("trie.bytes_written") <= 0 {
				t.Errorf("block %d: triedb commit wrote no bytes", number)
			}
		}
	}
	return number
}

// TestTelemetryCollectorDown imports with the collector unreachable and with
// a collector that never answers: import completes with the right head, one
// warning is logged, dropped spans are reported at exit, and memory stays
// within bounds of an import without telemetry.
func TestTelemetryCollectorDown(t *testing.T) {
	d := generated(t, "ubt")
	files := append(d.population(), filepath.Join(d.dir, d.workloads()[0].File))

	base := t.TempDir()
	mustRun(t, "geth", "--datadir", base, "--bintrie.groupdepth=6", "init", d.genesis)
	off := importTraced(t, base, "", "", files...)
	if off.code != 0 {
		t.Fatalf("import without telemetry: exit %d\n%s", off.code, tail(off.stderr, 20))
	}
	// The span queue holds at most 65536 spans of about 1 KB each.
	const queueBound = 256 << 20

	stalled := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // so that the server notices the client leaving
		<-r.Context().Done()        // never answers
	}))
	defer stalled.Close()

	for name, endpoint := range map[string]string{
		"unreachable": fmt.Sprintf("http://127.0.0.1:%d", freePort(t)),
		"stalled":     stalled.URL,
	} {
		t.Run(name, func(t *testing.T) {
			datadir := t.TempDir()
			mustRun(t, "geth", "--datadir", datadir, "--bintrie.groupdepth=6", "init", d.genesis)
			start := time.Now()
			res := importTraced(t, datadir, endpoint, "geth-e2e-down", files...)
			if res.code != 0 {
				t.Fatalf("import exit %d with the collector %s\n%s", res.code, name, tail(res.stderr, 20))
			}
			mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", d.workloads()[0].File)
			if n := strings.Count(res.stderr, "OpenTelemetry export failed"); n != 1 {
				t.Errorf("%d export warnings, want 1\n%s", n, tail(res.stderr, 20))
			}
			if !strings.Contains(res.stderr, "OpenTelemetry spans were not exported") {
				t.Errorf("no report of unexported spans at exit\n%s", tail(res.stderr, 10))
			}
			t.Logf("collector %s: import took %v, max RSS %d MB (%d MB without telemetry)",
				name, time.Since(start).Round(time.Millisecond), res.maxRSS>>20, off.maxRSS>>20)
			if res.maxRSS > off.maxRSS+queueBound {
				t.Errorf("max RSS %d MB with the collector %s, %d MB without telemetry: more than the queue's bound",
					res.maxRSS>>20, name, off.maxRSS>>20)
			}
		})
	}
}
