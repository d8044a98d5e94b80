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
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// withSidecar returns args with the --bal.file value replaced by path.
func withSidecar(args []string, path string) []string {
	out := slices.Clone(args)
	i := slices.Index(out, "--bal.file")
	out[i+1] = path
	return out
}

// sidecarOutcome classifies an import given a disturbed sidecar: refused
// (non-zero exit, the sidecar named, no block imported) or completed at the
// clean root, with the sidecar's entries used or not. Anything else fails t.
func sidecarOutcome(t *testing.T, f *faultImport, datadir, sidecar string, res *result) string {
	t.Helper()
	if strings.Contains(res.stderr, "panic:") {
		t.Fatalf("panic\n%s", tail(res.stderr, 20))
	}
	if res.code != 0 {
		if !strings.Contains(res.stderr, sidecar) {
			t.Fatalf("refused without naming the sidecar %s\n%s", sidecar, tail(res.stderr, 10))
		}
		if h := head(t, datadir); h.Number != 0 {
			t.Fatalf("the refused import moved the head to block %d", h.Number)
		}
		return "refused: " + sidecarError(res.stderr)
	}
	checkFaultHead(t, f, datadir)
	m := sidecarReport.FindStringSubmatch(res.stdout)
	switch {
	case m == nil:
		t.Fatalf("completed without the sidecar report\n%s", tail(res.stdout, 10))
	case m[1] == "0":
		return "completed, no entry (normal reads, reported)"
	}
	return "completed, entry used"
}

// sidecarReport is import's summary of the sidecar's use.
var sidecarReport = regexp.MustCompile(`BAL sidecar: ([0-9]+) blocks executed with an entry, ([0-9]+) without one`)

// sidecarError returns the gist of a sidecar refusal: the error after the
// file name.
func sidecarError(stderr string) string {
	line := lastLine(stderr)
	if i := strings.LastIndex(line, ": "); i >= 0 {
		line = line[i+2:]
	}
	return line
}

// TestFaultSidecarChanged disturbs the Type-4 sidecar of an import with every
// feature on, on MPT and on the binary trie at GD-6:
//   - changed under the import: once geth imports, the file is truncated and
//     then overwritten with garbage; the import must complete at the clean
//     root with the entry it loaded at start;
//   - truncated before the import at seeded random offsets: each import must
//     refuse, naming the file, without importing a block, or complete at the
//     clean root and report which blocks ran without an entry;
//   - rewritten in place, non-atomically, while imports start: the same.
func TestFaultSidecarChanged(t *testing.T) {
	n, seed := max(faultCount(t)/10, 5), faultSeed(t)
	j := startMemoryJaeger(t, filepath.Join(t.TempDir(), "jaeger"), "--max-traces", "200")
	for ki, kind := range []string{"mpt", "ubt"} {
		t.Run(kind, func(t *testing.T) {
			f := setupFaultImport(t, kind)
			good, err := os.ReadFile(f.sidecar)
			if err != nil {
				t.Fatal(err)
			}
			outcomes := map[string]int{}
			var mu sync.Mutex
			tally := func(o string) {
				mu.Lock()
				outcomes[o]++
				mu.Unlock()
			}

			t.Run("changed-under-import", func(t *testing.T) {
				datadir := filepath.Join(t.TempDir(), "datadir")
				copyTree(t, f.base, datadir)
				sidecar := filepath.Join(t.TempDir(), "workload.bal")
				if err := os.WriteFile(sidecar, good, 0o644); err != nil {
					t.Fatal(err)
				}
				p := startProc(t, nil, "geth", withSidecar(f.args(datadir, j.otlpHTTP), sidecar)...)
				if !p.waitLog("Importing blockchain", time.Minute) {
					t.Fatalf("the import did not start\n%s", tail(p.stderrSoFar(), 10))
				}
				if err := os.Truncate(sidecar, int64(len(good)/2)); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(sidecar, []byte("garbage"), 0o644); err != nil {
					t.Fatal(err)
				}
				o := sidecarOutcome(t, f, datadir, sidecar, p.wait(t))
				if o != "completed, entry used" {
					t.Fatalf("the import did not use the entry it loaded: %s", o)
				}
				tally("changed under the import: " + o)
			})

			rng := rand.New(rand.NewPCG(seed, uint64(10+ki)))
			t.Run("truncated", func(t *testing.T) {
				for i := 0; i < n; i++ {
					at := rng.IntN(len(good))
					t.Run(fmt.Sprintf("at-%d", at), func(t *testing.T) {
						datadir := filepath.Join(t.TempDir(), "datadir")
						copyTree(t, f.base, datadir)
						sidecar := filepath.Join(t.TempDir(), "workload.bal")
						if err := os.WriteFile(sidecar, good[:at], 0o644); err != nil {
							t.Fatal(err)
						}
						res := run(t, "geth", withSidecar(f.args(datadir, j.otlpHTTP), sidecar)...)
						o := sidecarOutcome(t, f, datadir, sidecar, res)
						t.Logf("truncated at %d of %d bytes: %s", at, len(good), o)
						tally("truncated: " + o)
					})
				}
			})

			t.Run("rewritten-while-read", func(t *testing.T) {
				sidecar := filepath.Join(t.TempDir(), "workload.bal")
				if err := os.WriteFile(sidecar, good, 0o644); err != nil {
					t.Fatal(err)
				}
				var stop atomic.Bool
				var wg sync.WaitGroup
				wg.Add(1)
				go func() { // rewrites the file in place, in four pieces
					defer wg.Done()
					for !stop.Load() {
						fd, err := os.OpenFile(sidecar, os.O_WRONLY|os.O_TRUNC, 0o644)
						if err != nil {
							return
						}
						for k := 0; k < 4; k++ {
							fd.Write(good[k*len(good)/4 : (k+1)*len(good)/4])
							time.Sleep(time.Millisecond)
						}
						fd.Close()
					}
				}()
				defer func() { stop.Store(true); wg.Wait() }()
				for i := 0; i < n; i++ {
					t.Run(fmt.Sprint(i), func(t *testing.T) {
						datadir := filepath.Join(t.TempDir(), "datadir")
						copyTree(t, f.base, datadir)
						res := run(t, "geth", withSidecar(f.args(datadir, j.otlpHTTP), sidecar)...)
						o := sidecarOutcome(t, f, datadir, sidecar, res)
						t.Logf("rewritten while read: %s", o)
						tally("rewritten while read: " + o)
					})
				}
			})

			logOutcomes(t, fmt.Sprintf("FAULTS sidecar %s: seed %d, %d-byte Type-4 sidecar", kind, seed, len(good)), outcomes)
		})
	}
}
