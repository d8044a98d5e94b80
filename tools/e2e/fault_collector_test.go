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
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// spanCounts are the counts geth logs at exit ("OpenTelemetry spans were not
// exported" or "OpenTelemetry spans exported").
type spanCounts struct {
	ended, exported, failed, dropped int64
	reported                         bool
}

var (
	notExportedLine = regexp.MustCompile(`OpenTelemetry spans were not exported .*ended=([0-9,]+) exported=([0-9,]+) failed=([0-9,]+) dropped=([0-9,]+)`)
	exportedLine    = regexp.MustCompile(`OpenTelemetry spans exported .*spans=([0-9,]+)`)
)

func parseCount(s string) int64 {
	n, _ := strconv.ParseInt(regexp.MustCompile(`,`).ReplaceAllString(s, ""), 10, 64)
	return n
}

func spanCountsOf(stderr string) spanCounts {
	if m := notExportedLine.FindStringSubmatch(stderr); m != nil {
		return spanCounts{ended: parseCount(m[1]), exported: parseCount(m[2]), failed: parseCount(m[3]), dropped: parseCount(m[4]), reported: true}
	}
	if m := exportedLine.FindStringSubmatch(stderr); m != nil {
		n := parseCount(m[1])
		return spanCounts{ended: n, exported: n, reported: true}
	}
	return spanCounts{}
}

// blockNumbers returns the block numbers Jaeger holds complete traces of.
func (j *jaeger) blockNumbers(t *testing.T, service string) []int64 {
	t.Helper()
	resp, err := http.Get(fmt.Sprintf("%s/api/traces?service=%s&limit=100000&lookback=2h", j.query, service))
	if err != nil {
		return nil // down
	}
	defer resp.Body.Close()
	var body struct {
		Data []jaegerTrace `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return nil
	}
	var numbers []int64
	for _, tr := range body.Data {
		for i := range tr.Spans {
			if tr.Spans[i].OperationName == "core.blockchain.ProcessBlock" {
				numbers = append(numbers, tr.Spans[i].intTag("block.number"))
			}
		}
	}
	slices.Sort(numbers)
	return numbers
}

// TestFaultCollectorRestart kills Jaeger with SIGKILL while a binary-trie
// import at GD-6 exports node-level spans to it, and starts it again on the
// same ports a second later. The import must complete at the manifest's
// root; the blocks imported after the restart must have complete traces in
// the new Jaeger (its memory store lost the earlier ones); and geth's exit
// report must account for every span ended: exported, failed or dropped.
func TestFaultCollectorRestart(t *testing.T) {
	dir := t.TempDir()
	chain := filepath.Join(dir, "chain")
	mustRun(t, "dumpgen", "--trie", "ubt", "--entries", "32000", "--gas-target", "2500000", "--workloads", "none", "--out", chain)
	d := &dump{dir: chain, manifest: filepath.Join(chain, "manifest.json"), genesis: filepath.Join(chain, "genesis.json")}
	d.files = manifestFiles(t, d.manifest)
	blocks := blockCount(t, d, d.population()...)

	j := startMemoryJaeger(t, filepath.Join(dir, "jaeger"))
	datadir := filepath.Join(dir, "datadir")
	mustRun(t, "geth", "--datadir", datadir, "--bintrie.groupdepth=6", "init", d.genesis)
	const service = "geth-e2e-fault-collector"
	args := append([]string{"--datadir", datadir, "import", "--nocompaction",
		"--rpc.telemetry", "--rpc.telemetry.endpoint", j.otlpHTTP, "--rpc.telemetry.level", "node"}, d.population()...)
	// Export every 200 ms (the SDK's default is 5 s, longer than a quiet
	// machine's whole import of this chain).
	p := startProc(t, []string{"OTEL_SERVICE_NAME=" + service, "OTEL_BSP_SCHEDULE_DELAY=200"}, "geth", args...)

	// Kill Jaeger once it holds a few blocks.
	var before []int64
	for deadline := time.Now().Add(2 * time.Minute); len(before) < 3; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Jaeger holds no block after 2 minutes")
		}
		select {
		case <-p.done:
			t.Fatalf("the import of %d blocks ended before Jaeger held 3 of them: the chain is too short for this test", blocks)
		default:
		}
		before = j.blockNumbers(t, service)
	}
	// geth is stopped (SIGSTOP) around each change of the collector, so that
	// however fast the machine imports, the collector dies and comes back in
	// the middle of the import, and geth runs for a while with it dead.
	p.pause(t)
	pid := jaegerPID(t, j.dir)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	// Where nothing reaps orphans (PID 1 of a container), the killed Jaeger
	// stays a zombie and jaeger.sh takes it for running: remove its pid file
	// once it is dead.
	for !deadProcess(pid) {
		time.Sleep(50 * time.Millisecond)
	}
	os.Remove(filepath.Join(j.dir, "pid"))
	p.resume(t)
	time.Sleep(300 * time.Millisecond) // importing, with the collector dead
	p.pause(t)
	if out, err := j.start(t); err != nil {
		t.Fatalf("jaeger.sh start after the kill: %v\n%s", err, out)
	}
	restarted := time.Now()
	p.resume(t)
	res := p.wait(t)
	if res.code != 0 {
		t.Fatalf("import exit %d after the collector restart\n%s", res.code, tail(res.stderr, 20))
	}
	if !p.exitedAfter(restarted) {
		t.Fatalf("the import of %d blocks ended before Jaeger was back: the chain is too short for this test", blocks)
	}
	mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest)

	counts := spanCountsOf(res.stderr)
	if !counts.reported {
		t.Fatalf("geth reported no span counts at exit\n%s", tail(res.stderr, 10))
	}
	if counts.ended != counts.exported+counts.failed+counts.dropped {
		t.Errorf("span counts do not add up: ended %d, exported %d, failed %d, dropped %d", counts.ended, counts.exported, counts.failed, counts.dropped)
	}
	// The new Jaeger must hold the last block, complete, and blocks after
	// the restart.
	var after []int64
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		if after = j.blockNumbers(t, service); len(after) > 0 && after[len(after)-1] == int64(blocks) {
			break
		}
	}
	if len(after) == 0 || after[len(after)-1] != int64(blocks) {
		t.Fatalf("Jaeger restarted holds blocks %v, want the last block %d among them", after, blocks)
	}
	// The traces that straddle the kill may lack spans; the last block's
	// must be complete.
	for _, tr := range j.traces(t, service, len(after)) {
		if slices.ContainsFunc(tr.Spans, func(s jaegerSpan) bool {
			return s.OperationName == "core.blockchain.ProcessBlock" && s.intTag("block.number") == int64(blocks)
		}) {
			checkJaegerBlockTrace(t, "ubt", tr)
		}
	}
	t.Logf("FAULTS collector-restart ubt gd-6: %d blocks; Jaeger killed at block %d (%v after start), back after geth ran 300 ms without it; "+
		"it holds %d blocks (%d..%d) after the restart; geth reports %d spans ended, %d exported, %d failed, %d dropped",
		blocks, before[len(before)-1], killed.Sub(p.started).Round(time.Millisecond), len(after), after[0], after[len(after)-1],
		counts.ended, counts.exported, counts.failed, counts.dropped)
}

// deadProcess reports whether pid has exited (gone, or a zombie).
func deadProcess(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	// pid (comm) state ...: the state follows the last ')'.
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] == 'Z' || stat[i+2] == 'X'
}
