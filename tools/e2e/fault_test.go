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
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The fault tests (docs/faults.md) kill, starve and disturb an import that
// runs with every statelab feature on: node-level telemetry into a Jaeger, a
// Type-4 BAL sidecar recorded by geth import --bal.record, and on the binary
// trie the recorded group depth 6. Their common parts are here: the import
// under test (faultImport), the kill points and their report.

// faultImport is a chain with every feature's inputs, the datadir it is
// imported into (copied per run) and the import's flags.
type faultImport struct {
	kind     string // "mpt" or "ubt"
	dump     *dump
	flags    []string // geth flags before the command (the group depth)
	base     string   // datadir after geth init; copied, never imported into
	sidecar  string   // Type-4 binary sidecar of the workload, by --bal.record
	files    []string // population then workload
	workload string   // the workload's manifest name
	root     string   // the head state root of a clean import
}

var (
	faultImportsMu sync.Mutex
	faultImports   = map[string]*faultImport{}
)

// setupFaultImport prepares (once per kind) the shared dump's population and
// first workload, a datadir after geth init, the workload's sidecar recorded
// by a clean import, and the clean import's head root.
func setupFaultImport(t *testing.T, kind string) *faultImport {
	t.Helper()
	faultImportsMu.Lock()
	defer faultImportsMu.Unlock()
	if f, ok := faultImports[kind]; ok {
		return f
	}
	d := generated(t, kind)
	dir := filepath.Join(e2eScratch(t), "fault-"+kind)
	f := &faultImport{kind: kind, dump: d, base: filepath.Join(dir, "base"), sidecar: filepath.Join(dir, "workload.bal"),
		workload: d.workloads()[0].File}
	if kind == "ubt" {
		f.flags = []string{"--bintrie.groupdepth=6"}
	}
	f.files = append(d.population(), filepath.Join(d.dir, f.workload))
	mustRun(t, "geth", append(append([]string{"--datadir", f.base}, f.flags...), "init", d.genesis)...)

	// The clean import: the population, then the workload recording its sidecar.
	clean := filepath.Join(dir, "clean")
	copyTree(t, f.base, clean)
	mustRun(t, "geth", append([]string{"--datadir", clean, "import", "--nocompaction"}, d.population()...)...)
	mustRun(t, "geth", "--datadir", clean, "import", "--nocompaction", "--bal.record", f.sidecar, filepath.Join(d.dir, f.workload))
	f.root = checkFaultHead(t, f, clean)
	faultImports[kind] = f
	return f
}

// startMemoryJaeger starts the pinned Jaeger with its memory store on free
// ports from runDir, with extra options of jaeger.sh start, and stops it when
// the test ends. Unlike startJaeger it can be stopped and started again on the
// same ports (restart).
func startMemoryJaeger(t *testing.T, runDir string, extra ...string) *jaegerShRun {
	t.Helper()
	j := newJaegerShRun(t, runDir, os.Environ(), append([]string{"--storage", "memory", "--bin", "pinned"}, extra...)...)
	if out, err := j.start(t); err != nil {
		t.Fatalf("jaeger.sh start: %v\n%s", err, out)
	}
	return j
}

// args returns the import's command line on datadir, every feature on, its
// spans exported to endpoint.
func (f *faultImport) args(datadir, endpoint string) []string {
	args := append([]string{"--datadir", datadir}, f.flags...)
	args = append(args, "import", "--nocompaction",
		"--rpc.telemetry", "--rpc.telemetry.endpoint", endpoint, "--rpc.telemetry.level", "node",
		"--bal.file", f.sidecar, "--bal.type", "4")
	return append(args, f.files...)
}

// checkFaultHead checks that datadir is at the manifest's workload head (and on
// the binary trie records group depth 6) and returns its state root.
func checkFaultHead(t *testing.T, f *faultImport, datadir string) string {
	t.Helper()
	res := mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", f.dump.manifest, "--file", f.workload)
	if f.kind == "ubt" && !strings.Contains(res.stdout, "(group depth 6)") {
		t.Fatalf("datadir %s lost its group depth: %s", datadir, res.stdout)
	}
	h := head(t, datadir)
	if f.root != "" && h.StateRoot != f.root {
		t.Fatalf("head root %s, the clean import's %s", h.StateRoot, f.root)
	}
	return h.StateRoot
}

// checkReopens opens datadir again with geth, without flags (the recorded
// group depth applies), importing the workload once more (its blocks are
// known): geth must find the head state where the import left it, with no
// repair, and the head must stay.
func checkReopens(t *testing.T, f *faultImport, datadir string) {
	t.Helper()
	before := head(t, datadir)
	res := mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", f.files[len(f.files)-1])
	if r := repairOf(res.stderr); r != "" {
		t.Fatalf("datadir %s needed a repair when opened again after the restart: %s\n%s", datadir, r, tail(res.stderr, 20))
	}
	if after := head(t, datadir); after != before {
		t.Fatalf("opening datadir %s again moved its head from %+v to %+v", datadir, before, after)
	}
}

// The fault tests' settings, flags of the test binary (go test passes them
// on): go test -tags e2e ./tools/e2e -run TestFault -faults 500.
var (
	faultsFlag     = flag.Int("faults", 50, "kill points per trie kind of the fault tests (the long mode: 500)")
	faultsSeedFlag = flag.Uint64("faults.seed", 0, "seed of the fault tests' kill points, to replay a run (default: from the clock, logged)")
)

// faultCount returns the number of kill points per trie kind: -faults, 50
// unless given (the long mode runs 500).
func faultCount(t *testing.T) int {
	t.Helper()
	if *faultsFlag < 1 {
		t.Fatalf("-faults %d: want at least 1", *faultsFlag)
	}
	return *faultsFlag
}

// faultSeed returns the seed of the kill points: -faults.seed to replay a
// run, else the time. It is logged.
func faultSeed(t *testing.T) uint64 {
	t.Helper()
	seed := uint64(time.Now().UnixNano() % 1e9)
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "faults.seed" {
			seed = *faultsSeedFlag
		}
	})
	t.Logf("seed %d (replay with -faults.seed %d)", seed, seed)
	return seed
}

// killPoint is the outcome of one kill and restart.
type killPoint struct {
	index   int
	delay   time.Duration // after the start of geth
	phase   string        // what geth was doing: startup, population, workload, exiting, or finished (exited before the kill)
	repair  string        // what the restarted geth logged about its recovery, if anything
	failure string        // "" if the restart reached the clean import's root
}

// phaseOf names what an import was doing from its log so far.
func phaseOf(f *faultImport, stderr string) string {
	i := strings.LastIndex(stderr, "Importing blockchain")
	switch {
	case strings.Contains(stderr, "Import done"), strings.Contains(stderr, "Writing cached state to disk"), strings.Contains(stderr, "Blockchain stopped"):
		return "exiting"
	case i < 0:
		return "startup"
	case strings.Contains(stderr[i:], f.workload):
		return "workload"
	}
	return "population"
}

func repairOf(stderr string) string {
	var found []string
	for _, line := range strings.Split(stderr, "\n") {
		for _, r := range []string{"Head state missing, repairing", "Rewinding blockchain", "Rewound to block", "Truncating freezer", "Failed to load journal", "State is missing"} {
			if strings.Contains(line, r) && !slices.Contains(found, r) {
				found = append(found, r)
			}
		}
	}
	return strings.Join(found, "; ")
}

// TestFaultKillImport kills the importing geth with SIGKILL at seeded random
// points, on MPT and on the binary trie at GD-6, every feature on, and
// restarts the same import: it must exit 0 at the clean import's head root,
// with the group depth still recorded, and a later geth run must open the
// datadir without any repair (checkReopens). The kill delays are drawn uniformly over
// the time a clean import takes with as many imports running at once as the
// points do (calibrated first), so that the points fall in geth's startup,
// the population, the workload and the final flush of pathdb's buffer.
// -faults sets the number of points per kind (50; the long mode 500),
// -faults.seed replays a run.
func TestFaultKillImport(t *testing.T) {
	n, seed := faultCount(t), faultSeed(t)
	// One Jaeger for every import, keeping at most 200 traces so that
	// hundreds of imports do not grow it without bound.
	j := startMemoryJaeger(t, filepath.Join(t.TempDir(), "jaeger"), "--max-traces", "200")
	for ki, kind := range []string{"mpt", "ubt"} {
		t.Run(kind, func(t *testing.T) {
			f := setupFaultImport(t, kind)
			window := calibrateFaultImport(t, f, j.otlpHTTP)
			rng := rand.New(rand.NewPCG(seed, uint64(ki)))
			points := make([]*killPoint, n)
			for i := range points {
				points[i] = &killPoint{index: i, delay: time.Duration(rng.Int64N(int64(window)))}
			}
			start := time.Now()
			t.Run("points", func(t *testing.T) {
				for _, p := range points {
					t.Run(fmt.Sprintf("%03d", p.index), func(t *testing.T) {
						t.Parallel()
						runKillPoint(t, f, p, j.otlpHTTP)
					})
				}
			})
			reportKillPoints(t, kind, seed, window, points, time.Since(start))
		})
	}
}

// calibrateFaultImport runs two clean imports at once (as the points will)
// and returns the longest time one took; both must reach the clean root.
func calibrateFaultImport(t *testing.T, f *faultImport, endpoint string) time.Duration {
	t.Helper()
	var (
		mu     sync.Mutex
		window time.Duration
	)
	t.Run("calibrate", func(t *testing.T) {
		for i := 0; i < 2; i++ {
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				datadir := filepath.Join(t.TempDir(), "datadir")
				copyTree(t, f.base, datadir)
				start := time.Now()
				mustRun(t, "geth", f.args(datadir, endpoint)...)
				took := time.Since(start)
				checkFaultHead(t, f, datadir)
				mu.Lock()
				window = max(window, took)
				mu.Unlock()
			})
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	t.Logf("a clean import with every feature on takes up to %v", window.Round(time.Millisecond))
	return window
}

// runKillPoint copies the base datadir, starts the import, kills it after
// p.delay, restarts the same import and checks the result.
func runKillPoint(t *testing.T, f *faultImport, p *killPoint, endpoint string) {
	datadir := filepath.Join(t.TempDir(), "datadir")
	copyTree(t, f.base, datadir)
	args := f.args(datadir, endpoint)
	proc := startProc(t, nil, "geth", args...)
	exited := proc.killAfter(p.delay)
	p.phase = phaseOf(f, proc.stderrSoFar())
	if exited {
		p.phase = "finished"
	}
	res := run(t, "geth", args...)
	p.repair = repairOf(res.stderr)
	defer func() {
		if t.Failed() && p.failure == "" {
			p.failure = "check failed"
		}
	}()
	if res.code != 0 || strings.Contains(res.stderr, "panic:") {
		p.failure = fmt.Sprintf("restart exit %d", res.code)
		t.Fatalf("kill at %v (%s): the restarted import exited %d\n%s", p.delay, p.phase, res.code, tail(res.stderr, 20))
	}
	checkFaultHead(t, f, datadir)
	checkReopens(t, f, datadir)
	t.Logf("kill at %v during %s: restart reached the clean root%s", p.delay.Round(time.Millisecond), p.phase, func() string {
		if p.repair != "" {
			return " after geth's own recovery (" + p.repair + ")"
		}
		return ""
	}())
}

// reportKillPoints logs the points by phase: how many were killed in each,
// recovered, and how many the restart had to repair.
func reportKillPoints(t *testing.T, kind string, seed uint64, window time.Duration, points []*killPoint, took time.Duration) {
	t.Helper()
	type tally struct{ points, ok, repaired int }
	phases := map[string]*tally{}
	var delays []string
	for _, p := range points {
		tl := phases[p.phase]
		if tl == nil {
			tl = &tally{}
			phases[p.phase] = tl
		}
		tl.points++
		if p.failure == "" {
			tl.ok++
		}
		if p.repair != "" {
			tl.repaired++
		}
		delays = append(delays, fmt.Sprintf("%d:%dms", p.index, p.delay.Milliseconds()))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "FAULTS kill-import %s: %d points, seed %d, delays drawn in [0, %v), %v in all\n", kind, len(points), seed, window.Round(time.Millisecond), took.Round(time.Second))
	for _, ph := range []string{"startup", "population", "workload", "exiting", "finished"} {
		if tl := phases[ph]; tl != nil {
			fmt.Fprintf(&b, "  %-10s %3d killed, %3d recovered to the clean root, %3d with geth's own repair on restart\n", ph, tl.points, tl.ok, tl.repaired)
		}
	}
	fmt.Fprintf(&b, "  points (index:delay): %s", strings.Join(delays, " "))
	t.Log(b.String())
}

// TestFaultKillInit kills geth init of a binary-trie genesis at GD-6 at seeded
// random points. Afterwards the datadir either holds no genesis or holds it
// with depth 6 recorded; a second init at GD-6 succeeds (or refuses with a
// clear error), and an import without the flag then runs at depth 6 and
// reaches the manifest's root, never at another depth.
func TestFaultKillInit(t *testing.T) {
	n, seed := faultCount(t), faultSeed(t)
	d := generated(t, "ubt")
	// Calibrate: how long a clean init takes; two run at once in the points,
	// which makes each slower.
	start := time.Now()
	mustRun(t, "geth", "--datadir", filepath.Join(t.TempDir(), "clean"), "--bintrie.groupdepth=6", "init", d.genesis)
	window := time.Since(start) * 2
	rng := rand.New(rand.NewPCG(seed, 7))
	outcomes := map[string]int{}
	var mu sync.Mutex
	t.Run("points", func(t *testing.T) {
		for i := 0; i < n; i++ {
			delay := time.Duration(rng.Int64N(int64(window)))
			t.Run(fmt.Sprintf("%03d", i), func(t *testing.T) {
				t.Parallel()
				datadir := filepath.Join(t.TempDir(), "datadir")
				proc := startProc(t, nil, "geth", "--datadir", datadir, "--bintrie.groupdepth=6", "init", d.genesis)
				outcome := "killed"
				if proc.killAfter(delay) {
					outcome = "finished"
				}
				// What a killed init left: a genesis must come with its depth.
				if h := run(t, "chaininfo", "head", "--datadir", datadir); h.code == 0 {
					outcome += ", genesis written"
					var hd struct {
						GroupDepth int `json:"group_depth"`
					}
					if err := json.Unmarshal([]byte(h.stdout), &hd); err != nil || hd.GroupDepth != 6 {
						t.Fatalf("kill at %v: a genesis without group depth 6: %s", delay, h.stdout)
					}
				} else {
					outcome += ", no genesis"
				}
				res := run(t, "geth", "--datadir", datadir, "--bintrie.groupdepth=6", "init", d.genesis)
				switch {
				case strings.Contains(res.stderr, "panic:"):
					t.Fatalf("kill at %v: the second init panicked\n%s", delay, tail(res.stderr, 20))
				case res.code != 0:
					outcome += ", second init refused"
					t.Logf("kill at %v: second init refused: %s", delay, tail(res.stderr, 3))
				default:
					outcome += ", second init ok"
				}
				if res.code == 0 {
					for _, p := range d.population() {
						mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", p)
					}
					out := mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest).stdout
					if !strings.Contains(out, "(group depth 6)") {
						t.Fatalf("kill at %v: the import without the flag ran at another depth: %s", delay, out)
					}
				}
				t.Logf("kill at %v: %s", delay.Round(time.Millisecond), outcome)
				mu.Lock()
				outcomes[outcome]++
				mu.Unlock()
			})
		}
	})
	logOutcomes(t, fmt.Sprintf("FAULTS kill-init ubt gd-6: %d points, seed %d, delays drawn in [0, %v)", n, seed, window.Round(time.Millisecond)), outcomes)
}

// logOutcomes logs a fault test's summary: the header, then how many times
// each outcome occurred, in the order of their names.
func logOutcomes(t *testing.T, header string, outcomes map[string]int) {
	t.Helper()
	var b strings.Builder
	b.WriteString(header + "\n")
	for _, k := range slices.Sorted(maps.Keys(outcomes)) {
		fmt.Fprintf(&b, "  %3d %s\n", outcomes[k], k)
	}
	t.Log(b.String())
}
