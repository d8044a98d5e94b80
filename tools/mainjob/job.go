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
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/chainhead"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/gethrun"
	"statelab/tools/internal/statekind"
	"statelab/tools/internal/tracesum"
)

// runService is the service name geth's spans carry in run (OTEL_SERVICE_NAME),
// which the summaries search for.
const runService = "statelab-run"

// spanWait bounds the wait for Jaeger to store the spans geth exported; it
// usually takes a second or two.
const spanWait = 2 * time.Minute

// gethTelemetryFlags are the flags that make geth import trace each block,
// with a span per trie node fetch, into the OTLP endpoint. They are written
// here only, so that renaming them (to upstream's --rpc.telemetry family) is a
// change of this function.
func gethTelemetryFlags(endpoint string) []string {
	return []string{"--rpc.telemetry", "--rpc.telemetry.level", "node", "--rpc.telemetry.endpoint", endpoint}
}

// mainJob is the README's main job: build the patched geth, generate a small
// binary-trie chain with dumpgen, geth init it at a group depth, start a Jaeger
// of its own, geth import the population and then each workload without
// naming the group depth again (the datadir records it), check after each
// file that the head is the manifest's and the datadir records the depth,
// and summarize the trace of every block once Jaeger holds every span geth
// exported. A mainJob runs once.
type mainJob struct {
	ws         *workspace
	groupDepth int
	entries    int
	out        string
	telemetry  bool
	keepJaeger bool
	ports      jaegerPorts
}

// newMainJob returns the job the flags describe, in the repository of -C,
// logging to stderr.
func newMainJob(ctx *cli.Context) (*mainJob, error) {
	ws, err := newWorkspace(ctx.Context, ctx.String(rootFlag.Name), os.Stderr)
	if err != nil {
		return nil, err
	}
	j := &mainJob{
		ws:         ws,
		groupDepth: ctx.Int(groupDepthFlag.Name),
		entries:    ctx.Int(entriesFlag.Name),
		out:        ctx.String(outFlag.Name),
		telemetry:  ctx.Bool(telemetryFlag.Name),
		keepJaeger: ctx.Bool(keepJaegerFlag.Name),
		ports: jaegerPorts{
			otlpGRPC:  ctx.Int(jaegerOTLPGRPCPortFlag.Name),
			otlpHTTP:  ctx.Int(jaegerOTLPHTTPPortFlag.Name),
			query:     ctx.Int(jaegerQueryPortFlag.Name),
			queryGRPC: ctx.Int(jaegerQueryGRPCPortFlag.Name),
			health:    ctx.Int(jaegerHealthPortFlag.Name),
		},
	}
	if j.out == "" {
		j.out = filepath.Join(ws.root, "out", "run")
	}
	return j, j.validate()
}

// validate checks the settings before anything is built or removed.
func (j *mainJob) validate() error {
	if j.groupDepth < 1 || j.groupDepth > 8 {
		return fmt.Errorf("invalid --groupdepth %d: want 1 to 8", j.groupDepth)
	}
	if j.entries < 1 {
		return fmt.Errorf("invalid --entries %d: want at least 1", j.entries)
	}
	abs, err := filepath.Abs(j.out)
	if err != nil {
		return err
	}
	if abs == "/" || abs == j.ws.root || strings.HasPrefix(j.ws.root, abs+string(filepath.Separator)) {
		return fmt.Errorf("invalid --out %s: it is emptied first, and holds the repository", j.out)
	}
	j.out = abs
	for _, p := range []struct {
		name string
		port int
	}{
		{jaegerOTLPGRPCPortFlag.Name, j.ports.otlpGRPC}, {jaegerOTLPHTTPPortFlag.Name, j.ports.otlpHTTP},
		{jaegerQueryPortFlag.Name, j.ports.query}, {jaegerQueryGRPCPortFlag.Name, j.ports.queryGRPC},
		{jaegerHealthPortFlag.Name, j.ports.health},
	} {
		if p.port < 0 || p.port > 65535 {
			return fmt.Errorf("invalid --%s %d: want a port, 1 to 65535", p.name, p.port)
		}
	}
	return nil
}

// Paths of the run's output.
func (j *mainJob) chainDir() string { return filepath.Join(j.out, "chain") }
func (j *mainJob) datadir() string  { return filepath.Join(j.out, "datadir") }

// run builds the binaries and runs the job with them.
func (j *mainJob) run() error {
	if err := j.build(); err != nil {
		return err
	}
	return j.execute()
}

// build assembles build/go-ethereum and builds geth, the tools and
// geth-upstream into build/bin, as ./build.sh does: with build/bin/patchset,
// which ./build.sh built before it handed over to this program.
func (j *mainJob) build() error {
	patchset := j.bin("patchset")
	if _, err := os.Stat(patchset); err != nil {
		return fmt.Errorf("no %s to build with (./build.sh run builds it first): %v", j.ws.relPath(patchset), err)
	}
	return j.ws.stream(j.ws.root, patchset, "-C", j.ws.root, "build")
}

// execute runs the job with the binaries in build/bin. However it ends, the
// Jaeger it started is stopped unless keepJaeger is set.
func (j *mainJob) execute() (err error) {
	if err := os.RemoveAll(j.out); err != nil {
		return err
	}
	if err := os.MkdirAll(j.out, 0o755); err != nil {
		return err
	}
	m, err := j.generate()
	if err != nil {
		return err
	}
	if err := j.init(m); err != nil {
		return err
	}
	var jaeger *jaegerRun
	if j.telemetry {
		if jaeger, err = newJaegerRun(j.ws, filepath.Join(j.out, "jaeger"), j.ports); err != nil {
			return err
		}
		j.ports = jaeger.ports // with the free ones chosen
		if !j.keepJaeger {
			defer func() {
				if serr := jaeger.stop(); err == nil {
					err = serr
				}
			}()
		}
		j.ws.logf("starting Jaeger for the traces (query API %s)", jaeger.queryURL())
		if err := jaeger.start(); err != nil {
			return err
		}
	}
	var exported int64
	for _, f := range m.Files {
		n, err := j.importFile(m, f, jaeger)
		if err != nil {
			return err
		}
		exported += n
	}
	j.ws.logf("done: every file reached its manifest head root at group depth %d (datadir %s)", j.groupDepth, j.datadir())
	if jaeger == nil {
		return nil
	}
	if err := j.summarize(jaeger, exported); err != nil {
		return fmt.Errorf("%v; Jaeger's log is %s", err, filepath.Join(jaeger.dir, "jaeger.log"))
	}
	if j.keepJaeger {
		j.ws.logf("traces: one per block, summarized in %s, drawn in %s; Jaeger keeps running (query API %s; stop it with %s)",
			j.path("traces.txt"), j.path("traces.html"), jaeger.queryURL(), jaeger.stopCommand())
	} else {
		j.ws.logf("traces: one per block, summarized in %s, drawn in %s; Jaeger stops now (query it while it runs with --keep-jaeger)",
			j.path("traces.txt"), j.path("traces.html"))
	}
	return nil
}

// path is a file of the run's output directory.
func (j *mainJob) path(name string) string {
	return filepath.Join(j.out, name)
}

// generate writes the UBT chain with dumpgen and reads its manifest, the one
// time the run reads it.
func (j *mainJob) generate() (*dumpmanifest.Manifest, error) {
	j.ws.logf("generating a UBT chain with %d state entries in %s", j.entries, j.chainDir())
	err := j.ws.stream(j.ws.root, j.bin("dumpgen"), "--trie", statekind.UBT.String(), "--entries", fmt.Sprint(j.entries), "--workload-blocks", "1", "--out", j.chainDir())
	if err != nil {
		return nil, err
	}
	return dumpmanifest.Read(filepath.Join(j.chainDir(), dumpmanifest.FileName))
}

// init runs geth init at the group depth and checks that the datadir records it.
func (j *mainJob) init(m *dumpmanifest.Manifest) error {
	j.ws.logf("geth init at group depth %d", j.groupDepth)
	if err := j.runLogged("init.log", nil, j.bin("geth"), "--datadir", j.datadir(), fmt.Sprintf("--bintrie.groupdepth=%d", j.groupDepth), "init", m.GenesisPath()); err != nil {
		return fmt.Errorf("geth init failed: %v", err)
	}
	head, err := chainhead.Read(j.datadir())
	if err != nil {
		return err
	}
	return j.checkGroupDepth("geth init", head)
}

// importFile imports one file of the manifest, without naming the group
// depth, and checks the head against the manifest and the group depth the
// datadir records. It returns the spans geth reports as exported.
func (j *mainJob) importFile(m *dumpmanifest.Manifest, f dumpmanifest.File, jaeger *jaegerRun) (int64, error) {
	j.ws.logf("geth import %s (the datadir records group depth %d)", f.File, j.groupDepth)
	args := []string{"--datadir", j.datadir(), "import", "--nocompaction"}
	if jaeger != nil {
		args = append(args, gethTelemetryFlags(jaeger.otlpEndpoint())...)
	}
	args = append(args, m.Path(f.File))
	logName := "import-" + strings.TrimSuffix(f.File, filepath.Ext(f.File)) + ".log"
	if err := j.runLogged(logName, []string{"OTEL_SERVICE_NAME=" + runService}, j.bin("geth"), args...); err != nil {
		return 0, fmt.Errorf("geth import failed: %v", err)
	}
	blob, err := os.ReadFile(j.path(logName))
	if err != nil {
		return 0, err
	}
	log := string(blob)
	if line := importDone(log); line != "" {
		fmt.Fprintln(j.ws.log, line)
	}
	var exported int64
	if jaeger != nil {
		report, ok := parseSpanReport(log)
		if !ok {
			return 0, fmt.Errorf("geth import of %s did not report the spans it exported; see %s", f.File, j.path(logName))
		}
		if lost := report.lost(); lost != "" {
			j.ws.logf("warning: %s: %s; the summaries of their blocks lack them", f.File, lost)
		}
		exported = report.exported
	}
	head, want, err := chainhead.Verify(j.datadir(), m, f.File)
	if err != nil {
		return 0, err
	}
	if err := j.checkGroupDepth("geth import "+f.File, head); err != nil {
		return 0, err
	}
	fmt.Fprintf(j.ws.log, "ok: block %d state root %s matches %s (group depth %d)\n", head.Number, head.Root.Hex(), want.File, head.GroupDepth)
	return exported, nil
}

// checkGroupDepth checks that the datadir records the run's group depth.
func (j *mainJob) checkGroupDepth(after string, head *chainhead.Head) error {
	if head.GroupDepth != j.groupDepth {
		return fmt.Errorf("after %s the datadir %s records group depth %d, want %d", after, j.datadir(), head.GroupDepth, j.groupDepth)
	}
	return nil
}

// summarize waits until Jaeger holds the spans geth exported, summarizes every
// block's trace into traces.txt and traces.html, and checks that every block
// was imported at the run's group depth.
func (j *mainJob) summarize(jaeger *jaegerRun, exported int64) error {
	src, err := tracesum.NewJaegerSource(tracesum.JaegerConfig{
		URL: jaeger.queryURL(), API: "v3", Service: runService, Limit: 1000, Lookback: 24 * time.Hour, Timeout: time.Minute,
	})
	if err != nil {
		return err
	}
	j.ws.logf("waiting for Jaeger to store the %d spans geth exported", exported)
	start := time.Now()
	stored, err := src.WaitForSpans(j.ws.ctx, exported, spanWait)
	if err != nil {
		return err
	}
	j.ws.logf("Jaeger holds %d spans of %s after %v", stored, runService, time.Since(start).Round(time.Millisecond))
	sums, err := tracesum.Summarize(src, tracesum.Selection{})
	if err != nil {
		return err
	}
	if err := j.checkTraceGroupDepths(sums); err != nil {
		return err
	}
	title := fmt.Sprintf("statelab run: blocks at group depth %d", j.groupDepth)
	if err := tracesum.WriteHTMLFile(j.path("traces.html"), title, sums); err != nil {
		return err
	}
	var text strings.Builder
	if err := tracesum.WriteText(&text, sums); err != nil {
		return err
	}
	return os.WriteFile(j.path("traces.txt"), []byte(text.String()), 0o644)
}

// checkTraceGroupDepths checks the group depth that each block's rehash spans
// report: every binary-trie block must have been imported at the run's depth.
func (j *mainJob) checkTraceGroupDepths(sums []tracesum.Labeled) error {
	want := []int64{int64(j.groupDepth)}
	for _, s := range sums {
		if gds := s.Rehash.GroupDepths; len(gds) > 0 && !slices.Equal(gds, want) {
			return fmt.Errorf("the trace of %s shows group depths %v, want %d", s.Label, gds, j.groupDepth)
		}
	}
	return nil
}

// bin is a binary of build/bin.
func (j *mainJob) bin(name string) string {
	return filepath.Join(j.ws.bin, name)
}

// runLogged runs a program with its output going to the log file name in the
// output directory; on failure the error gives the program's own reason
// (gethrun) and names the log. Interrupted, the program gets SIGTERM (geth
// shuts down cleanly on it), and SIGKILL 30 s later.
func (j *mainJob) runLogged(name string, env []string, prog string, args ...string) error {
	cmd := &gethrun.Cmd{Path: prog, Args: args, Env: env, Log: j.path(name)}
	return cmd.Run(j.ws.ctx)
}
