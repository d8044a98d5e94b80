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
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// browserPage is what headless Chromium saw of a page.
type browserPage struct {
	figures  map[string]string // data-fig attribute -> the element's text
	problems []string          // console errors, uncaught exceptions, requests other than the page
	charts   int               // SVG charts drawn with a non-zero size
}

// chromium returns the path of Debian's chromium. .ci/run installs it, so in
// CI a missing browser fails the test; elsewhere the test is skipped.
func chromium(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (.ci/run installs Debian's chromium package)")
		}
		t.Skip("chromium is not installed (apt-get install chromium)")
	}
	return path
}

// artifactsFlag is the browser tests' setting, a flag of the test binary (go
// test passes it on): go test -tags e2e ./tools/e2e -run Chromium -artifacts DIR.
var artifactsFlag = flag.String("artifacts", "", "where the browser tests keep screenshots and pages (default: out/e2e-artifacts in the repository)")

// artifactDir is where the browser tests keep their screenshots: -artifacts,
// else out/e2e-artifacts in the repository.
func artifactDir(t *testing.T) string {
	t.Helper()
	dir := *artifactsFlag
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "out", "e2e-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// openInChromium loads file in headless Chromium and returns what it saw: the
// console errors, uncaught exceptions and any request for something other than
// the page itself, the text of every element with a data-fig attribute, and
// how many charts it drew. It saves a full-page screenshot to shot.
func openInChromium(t *testing.T, file, shot string) *browserPage {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()

	var (
		mu   sync.Mutex
		page = &browserPage{}
		url  = "file://" + file
	)
	report := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		page.problems = append(page.problems, fmt.Sprintf(format, args...))
	}
	// chromedp enables the runtime, log and network domains of the tab.
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				report("console.%s: %s", ev.Type, strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			report("uncaught exception: %s (line %d)", ev.ExceptionDetails.Text, ev.ExceptionDetails.LineNumber)
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError {
				report("console error (%s): %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			if ev.Request.URL != url && !strings.HasPrefix(ev.Request.URL, "data:") {
				report("request for %s", ev.Request.URL)
			}
		}
	})
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	// The browser lives as long as ctx; the timeout bounds the page's actions.
	tctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("main"))); err != nil {
		t.Fatalf("chromium on %s: %v", file, err)
	}
	figs, err := chromedp.Run(tctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll('[data-fig]')].map(e => [e.dataset.fig, e.textContent.trim()]))`))
	if err != nil {
		t.Fatalf("reading the figures of %s: %v", file, err)
	}
	page.charts, err = chromedp.Run(tctx, chromedp.Evaluate[int](`[...document.querySelectorAll('svg')].filter(s => { const r = s.getBoundingClientRect(); return r.width > 100 && r.height > 20; }).length`))
	if err != nil {
		t.Fatalf("counting the charts of %s: %v", file, err)
	}
	png, err := chromedp.Run(tctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot of %s: %v", file, err)
	}
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot of %s: %s", filepath.Base(file), shot)
	page.figures = figs
	mu.Lock()
	defer mu.Unlock()
	return page
}

// checkPage fails the test if Chromium saw a problem on the page, drew fewer
// than minCharts charts, or shows figures that differ from tracesum's text
// (the figures of the blocks in text, in order, keyed as the page keys them).
func checkPage(t *testing.T, page *browserPage, text string, minCharts int) {
	t.Helper()
	for _, p := range page.problems {
		t.Errorf("chromium: %s", p)
	}
	if page.charts < minCharts {
		t.Errorf("chromium drew %d charts, want at least %d", page.charts, minCharts)
	}
	want := textFigures(t, text)
	if len(want) == 0 {
		t.Fatalf("no figures in tracesum's text:\n%s", text)
	}
	var keys []string
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		got, ok := page.figures[k]
		switch {
		case !ok:
			t.Errorf("the page does not show %s (text: %s)", k, want[k])
		case got != want[k]:
			t.Errorf("the page shows %s = %q, tracesum's text %q", k, got, want[k])
		}
	}
	for k := range page.figures {
		if _, ok := want[k]; !ok {
			t.Errorf("the page shows %s = %q, which tracesum's text does not", k, page.figures[k])
		}
	}
	t.Logf("%d figures on the page match tracesum's text", len(want))
}

var (
	blockHeaderRE = regexp.MustCompile(`(?m)^Block ([0-9,?]+)  `)
	timeRowRE     = regexp.MustCompile(`^  (total|execution \(excl\. reads\)|state reads|trie update|rehash|trie commit|triedb commit|other) +(.*)$`)
	checkRE       = regexp.MustCompile(`^  check: ([0-9,]+) trie\.node\.fetch spans (?:\+ ([0-9,]+) aggregated \+ [0-9,-]+ dropped )?(?:=|!=) trie\.node_fetches ([0-9,]+) .*(ok|MISMATCH)$`)
	noCounterRE   = regexp.MustCompile(`^  check: ([0-9,]+) trie\.node\.fetch spans, no trie\.node_fetches counter$`)
	depthHeadRE   = regexp.MustCompile(`^  by depth \((\S+) trie, `)
	groupHeadRE   = regexp.MustCompile(`^  by (source|trie kind|trie|phase)$`)
	pathHeadRE    = regexp.MustCompile(`^  by code path +count +bytes +repeats `)
	pathRowRE     = regexp.MustCompile(`^    (\S+) +([0-9,]+) +[0-9,]+ +([0-9,]+) +[0-9,]+ +[0-9,]+$`)
	repeatsRE     = regexp.MustCompile(`^  repeats: ([0-9,]+) of [0-9,]+ fetches`)
	groupRowRE    = regexp.MustCompile(`^    (\S.*?) +([0-9,]+) +([0-9,]+) +[0-9.]+ +[0-9.]+`)
	bytesReadRE   = regexp.MustCompile(`^  read +([0-9,]+) B `)
	bytesWriteRE  = regexp.MustCompile(`^  written +([0-9,]+) B `)
	rehashRE      = regexp.MustCompile(`: ([0-9,]+) nodes hashed, ([0-9,]+) hash ops`)
	balRE         = regexp.MustCompile(`^  type ([0-9]+), prefetch ([0-9.]+) ms:`)
)

// textFigures reads the figures of tracesum's text output, block i's keyed
// "bI/...", as the HTML page's data-fig attributes are.
func textFigures(t *testing.T, text string) map[string]string {
	t.Helper()
	figs := map[string]string{}
	starts := blockHeaderRE.FindAllStringSubmatchIndex(text, -1)
	for i, m := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		id := fmt.Sprintf("b%d", i)
		if n := text[m[2]:m[3]]; n != "?" {
			figs[id+"/block"] = strings.ReplaceAll(n, ",", "")
		}
		section, kind := "", ""
		for _, line := range strings.Split(text[m[0]:end], "\n") {
			switch {
			case strings.HasPrefix(line, "Time "):
				section = "time"
			case line == "State" || line == "Bytes" || line == "Rehash" || line == "BAL" || strings.HasPrefix(line, "Node fetches"):
				section = strings.ToLower(strings.Fields(line)[0])
			}
			if g := timeRowRE.FindStringSubmatch(line); g != nil && section == "time" {
				f := strings.Fields(g[2])
				if g[1] != "other" {
					f = f[1:] // the span count
				}
				if len(f) >= 3 {
					figs[id+"/time/"+g[1]+"/span_ms"] = f[0]
					figs[id+"/time/"+g[1]+"/attr_ms"] = f[2]
				}
				continue
			}
			switch section {
			case "node":
				if g := checkRE.FindStringSubmatch(line); g != nil {
					figs[id+"/fetch/spans"], figs[id+"/fetch/counted"], figs[id+"/check"] = g[1], g[3], g[4]
					if g[2] != "" {
						figs[id+"/fetch/aggregated"] = g[2]
					}
				} else if g := noCounterRE.FindStringSubmatch(line); g != nil {
					figs[id+"/fetch/spans"], figs[id+"/check"] = g[1], "-"
				} else if g := depthHeadRE.FindStringSubmatch(line); g != nil {
					kind = g[1]
				} else if g := groupHeadRE.FindStringSubmatch(line); g != nil {
					kind = "group:" + g[1]
				} else if pathHeadRE.MatchString(line) {
					kind = "group:path"
				} else if g := repeatsRE.FindStringSubmatch(line); g != nil {
					figs[id+"/repeats/count"] = g[1]
				} else if g := pathRowRE.FindStringSubmatch(line); g != nil && kind == "group:path" {
					figs[id+"/path/"+g[1]+"/count"], figs[id+"/path/"+g[1]+"/repeats"] = g[2], g[3]
				} else if g := groupRowRE.FindStringSubmatch(line); g != nil {
					switch {
					case kind == "group:source":
						figs[id+"/source/"+g[1]] = g[2]
					case !strings.HasPrefix(kind, "group:") && kind != "":
						figs[id+"/depth/"+kind+"/"+g[1]] = g[2]
					}
				}
			case "bytes":
				if g := bytesReadRE.FindStringSubmatch(line); g != nil {
					figs[id+"/bytes/read"] = g[1]
				}
				if g := bytesWriteRE.FindStringSubmatch(line); g != nil {
					figs[id+"/bytes/written"] = g[1]
				}
			case "rehash":
				if g := rehashRE.FindStringSubmatch(line); g != nil {
					figs[id+"/rehash/nodes_hashed"], figs[id+"/rehash/hash_ops"] = g[1], g[2]
				}
			case "bal":
				if g := balRE.FindStringSubmatch(line); g != nil {
					figs[id+"/bal/type"], figs[id+"/bal/prefetch_ms"] = g[1], g[2]
				}
			}
		}
	}
	return figs
}

// TestTracePageInChromium imports a small chain with node-level telemetry into
// Jaeger, writes tracesum's HTML page of every block and of the workload block
// alone, opens both in headless Chromium and checks that they render without
// a console error or a request, and that every figure shown is the one
// tracesum's text prints. The screenshots are kept as artifacts.
func TestTracePageInChromium(t *testing.T) {
	chromium(t)
	j := startJaeger(t)
	d := generated(t, "ubt")
	datadir := t.TempDir()
	mustRun(t, "geth", "--datadir", datadir, "--bintrie.groupdepth=6", "init", d.genesis)
	files := append(d.population(), filepath.Join(d.dir, d.workloads()[0].File))
	service := "geth-e2e-page"
	if res := importTraced(t, datadir, j.otlpHTTP, service, files...); res.code != 0 {
		t.Fatalf("import exit %d\n%s", res.code, tail(res.stderr, 20))
	}
	blocks := blockCount(t, d, files...)
	if n := len(j.traces(t, service, blocks)); n != blocks {
		t.Fatalf("Jaeger holds %d traces, want %d", n, blocks)
	}
	dir, artifacts := t.TempDir(), artifactDir(t)
	for _, tc := range []struct {
		name  string
		args  []string
		multi bool
	}{
		{"blocks", nil, true},
		{"block", []string{"--block", fmt.Sprint(blocks)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := filepath.Join(dir, tc.name+".html")
			args := append([]string{"--jaeger", j.query, "--service", service, "--limit", "100", "--html", page}, tc.args...)
			text := mustRun(t, "tracesum", args...).stdout
			info, err := os.Stat(page)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d bytes", filepath.Base(page), info.Size())
			copyFile(t, page, filepath.Join(artifacts, "tracesum-"+tc.name+".html"))
			seen := openInChromium(t, page, filepath.Join(artifacts, "tracesum-"+tc.name+".png"))
			minCharts := 4 // waterfall, depth, sources, phases
			if tc.multi {
				minCharts = 5 + 4*blocks // the comparison's five charts, then every block's
			}
			checkPage(t, seen, text, minCharts)
		})
	}
}
