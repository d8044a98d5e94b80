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
	"context"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"

	"statelab/tools/internal/chainhead"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
	"statelab/tools/internal/tracesum"
)

// The fake binaries of a run: dumpgen writes a prepared manifest, geth init
// copies a prepared datadir, and geth import logs what geth logs; each call
// of geth is recorded with its OTEL_SERVICE_NAME. FAKE_GETH_FAIL names a file
// whose import fails.
const (
	fakeDumpgen = `#!/bin/sh
while [ $# -gt 0 ]; do case "$1" in --out) out=$2; shift ;; esac; shift; done
mkdir -p "$out" && cp %q "$out/manifest.json"
`
	fakeGeth = `#!/bin/sh
echo "OTEL_SERVICE_NAME=$OTEL_SERVICE_NAME $*" >>%q
for a in "$@"; do last=$a; done
while [ $# -gt 0 ]; do case "$1" in --datadir) datadir=$2; shift ;; init | import) cmd=$1 ;; esac; shift; done
case $cmd in
init) cp -r %q "$datadir" ;;
import)
	case "$last" in *"$FAKE_GETH_FAIL") [ -n "$FAKE_GETH_FAIL" ] && { echo "Fatal: import failed" >&2; exit 1; } ;; esac
	echo "Import done in 1.5s."
	echo "INFO [12-04|15:03:00.000] OpenTelemetry spans exported             endpoint=http://x spans=12" >&2
	;;
esac
`
)

// runFixture is a workspace with fake binaries and a fake Jaeger query API that
// holds the 24 spans of the small trace fixture (block 7).
type runFixture struct {
	ws       *workspace
	gethLog  string
	query    int // port of the fake query API
	template string
}

func newRunFixture(t *testing.T, recordedDepth byte) *runFixture {
	t.Helper()
	f := &runFixture{ws: fakeRoot(t, context.Background())}
	dir := t.TempDir()
	f.gethLog = filepath.Join(dir, "geth-calls")
	f.template = filepath.Join(dir, "datadir")
	genesis := writeTestDatadir(t, f.template, recordedDepth)
	m := &dumpmanifest.Manifest{Genesis: "genesis.json", Trie: statekind.UBT, Files: []dumpmanifest.File{
		{File: "population.rlp", Role: dumpmanifest.RolePopulation, HeadRoot: genesis.Root(), HeadHash: genesis.Hash()},
		{File: "workload_a.rlp", Role: dumpmanifest.RoleWorkload, Workload: "a", HeadRoot: genesis.Root(), HeadHash: genesis.Hash()},
	}}
	manifest := filepath.Join(dir, "manifest.json")
	if err := m.WriteFile(manifest); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(f.ws.bin, "dumpgen"), fmt.Sprintf(fakeDumpgen, manifest), 0o755)
	writeFile(t, filepath.Join(f.ws.bin, "geth"), fmt.Sprintf(fakeGeth, f.gethLog, f.template), 0o755)

	testdata := filepath.Join("..", "internal", "tracesum", "testdata")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/api/traces" && r.URL.Query().Get("service") == runService && r.URL.Query().Get("operation") == "":
			http.ServeFile(w, r, filepath.Join(testdata, "small_v1.json"))
		case r.URL.Path == "/api/v3/traces" && r.URL.Query().Get("query.service_name") == runService:
			http.ServeFile(w, r, filepath.Join(testdata, "small_otlp.json"))
		default:
			http.Error(w, "unexpected query "+r.URL.RequestURI(), http.StatusBadRequest)
		}
	}))
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	f.query, _ = strconv.Atoi(port)
	return f
}

// writeTestDatadir commits a genesis into a new geth datadir with a group
// depth record and returns the genesis block.
func writeTestDatadir(t *testing.T, dir string, groupDepth byte) *types.Block {
	t.Helper()
	stack, err := node.New(&node.Config{DataDir: dir, Name: "geth"})
	if err != nil {
		t.Fatal(err)
	}
	defer stack.Close()
	db, err := stack.OpenDatabaseWithOptions("chaindata", node.DatabaseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	genesis := &core.Genesis{Config: params.TestChainConfig, GasLimit: 8_000_000, BaseFee: big.NewInt(params.InitialBaseFee)}
	block := genesis.MustCommit(db, triedb.NewDatabase(db, triedb.HashDefaults))
	if err := db.Put(chainhead.GroupDepthKey, []byte{groupDepth}); err != nil {
		t.Fatal(err)
	}
	return block
}

func (f *runFixture) job(t *testing.T, groupDepth int) *mainJob {
	t.Helper()
	j := &mainJob{ws: f.ws, groupDepth: groupDepth, entries: 10, out: filepath.Join(t.TempDir(), "run"), telemetry: true, ports: jaegerPorts{query: f.query}}
	if err := j.validate(); err != nil {
		t.Fatal(err)
	}
	return j
}

// gethCalls returns the recorded geth command lines.
func (f *runFixture) gethCalls(t *testing.T) []string {
	t.Helper()
	blob, err := os.ReadFile(f.gethLog)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(blob)), "\n")
}

// TestMainJob runs the main job on the fake binaries: geth init names the group
// depth and the imports do not, each import traces to the run's Jaeger as
// service statelab-run, every head is verified, the blocks are summarized
// once Jaeger holds the spans geth exported, and Jaeger is stopped.
func TestMainJob(t *testing.T) {
	f := newRunFixture(t, 6)
	j := f.job(t, 6)
	if err := j.execute(); err != nil {
		t.Fatal(err)
	}
	calls := f.gethCalls(t)
	if len(calls) != 3 {
		t.Fatalf("geth calls:\n%s\nwant init and two imports", strings.Join(calls, "\n"))
	}
	if !strings.Contains(calls[0], " --bintrie.groupdepth=6 init ") {
		t.Errorf("init %q does not name group depth 6", calls[0])
	}
	telemetry := strings.Join(gethTelemetryFlags(fmt.Sprintf("http://127.0.0.1:%d", j.ports.otlpHTTP)), " ")
	for i, file := range []string{"population.rlp", "workload_a.rlp"} {
		c := calls[1+i]
		if !strings.HasPrefix(c, "OTEL_SERVICE_NAME="+runService+" ") || !strings.Contains(c, " import --nocompaction "+telemetry+" ") ||
			!strings.HasSuffix(c, filepath.Join(j.chainDir(), file)) || strings.Contains(c, "groupdepth") {
			t.Errorf("import %d: %q, want %s traced to the run's Jaeger without a group depth", i+1, c, file)
		}
	}
	text, err := os.ReadFile(j.path("traces.txt"))
	if err != nil || !strings.Contains(string(text), "Block 7  0xabab") || !strings.Contains(string(text), "Node fetches") {
		t.Errorf("traces.txt (%v):\n%s", err, text)
	}
	if html, err := os.ReadFile(j.path("traces.html")); err != nil || !strings.Contains(string(html), "blocks at group depth 6") {
		t.Errorf("traces.html: %v", err)
	}
	for _, name := range []string{"init.log", "import-population.log", "import-workload_a.log"} {
		if _, err := os.Stat(j.path(name)); err != nil {
			t.Errorf("log %s: %v", name, err)
		}
	}
	if calls := jaegerCalls(t, f.ws); len(calls) != 2 || !strings.HasPrefix(calls[0], "start ") || !strings.HasPrefix(calls[1], "stop ") {
		t.Errorf("jaeger.sh calls %q, want start and stop", calls)
	}
}

// TestMainJobFailures checks that a run stops at the first problem with an
// error naming it, and stops its Jaeger however it ends.
func TestMainJobFailures(t *testing.T) {
	t.Run("recorded depth", func(t *testing.T) {
		f := newRunFixture(t, 6)
		err := f.job(t, 5).execute()
		if err == nil || !strings.Contains(err.Error(), "records group depth 6, want 5") {
			t.Errorf("a datadir recording another depth: %v", err)
		}
		if calls := jaegerCalls(t, f.ws); len(calls) != 0 {
			t.Errorf("Jaeger started before the datadir was checked: %q", calls)
		}
	})
	t.Run("import", func(t *testing.T) {
		t.Setenv("FAKE_GETH_FAIL", "workload_a.rlp")
		f := newRunFixture(t, 6)
		j := f.job(t, 6)
		err := j.execute()
		if err == nil || !strings.Contains(err.Error(), "geth import failed") || !strings.Contains(err.Error(), j.path("import-workload_a.log")) {
			t.Errorf("a failed import: %v", err)
		}
		if calls := jaegerCalls(t, f.ws); len(calls) != 2 || !strings.HasPrefix(calls[1], "stop ") {
			t.Errorf("jaeger.sh calls %q, want start and stop", calls)
		}
	})
	t.Run("spans missing", func(t *testing.T) {
		f := newRunFixture(t, 6)
		j := f.job(t, 6)
		j.ports.query = 1 // nothing answers: the spans never arrive
		if err := j.execute(); err == nil || !strings.Contains(err.Error(), "cannot reach Jaeger") {
			t.Errorf("an unreachable Jaeger: %v", err)
		}
		if calls := jaegerCalls(t, f.ws); len(calls) != 2 || !strings.HasPrefix(calls[1], "stop ") {
			t.Errorf("jaeger.sh calls %q, want start and stop", calls)
		}
	})
}

// TestCheckTraceGroupDepths refuses a block whose trace shows another depth.
func TestCheckTraceGroupDepths(t *testing.T) {
	j := &mainJob{groupDepth: 6}
	sum := func(label string, gds ...int64) tracesum.Labeled {
		s := &tracesum.Summary{}
		s.Rehash.GroupDepths = gds
		return tracesum.Labeled{Label: label, Summary: s}
	}
	if err := j.checkTraceGroupDepths([]tracesum.Labeled{sum("block 1", 6), sum("block 2")}); err != nil {
		t.Errorf("depth 6 and none (MPT): %v", err)
	}
	if err := j.checkTraceGroupDepths([]tracesum.Labeled{sum("block 1", 6), sum("block 2", 5)}); err == nil || !strings.Contains(err.Error(), "block 2") {
		t.Errorf("a block at depth 5: %v", err)
	}
}
