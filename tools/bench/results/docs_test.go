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

package results

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"statelab/tools/bench/record"
)

// The documentation's checks: every relative link resolves, every plot
// kept is shown, and every table the readings quote from the dataset is
// what the command their "How" gives prints.

// repoRoot is the repository's root, from this package's directory.
const repoRoot = "../../.."

// markdownFiles are the documents whose links are checked: the READMEs that
// link into docs/, and everything under docs/.
func markdownFiles(t *testing.T) []string {
	files := []string{filepath.Join(repoRoot, "README.md"), filepath.Join(repoRoot, "tools", "bench", "README.md")}
	err := filepath.WalkDir(filepath.Join(repoRoot, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// parsed is a Markdown document's link targets and code: code spans and
// the lines of code blocks, each a line of text.
type parsed struct {
	links, images []string
	code          []string
}

// parseMarkdown reads a document with goldmark.
func parseMarkdown(t *testing.T, path string) parsed {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var p parsed
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	err = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			p.links = append(p.links, string(n.Destination))
		case *ast.Image:
			p.images = append(p.images, string(n.Destination))
		case *ast.CodeSpan:
			var b bytes.Buffer
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					b.Write(t.Segment.Value(src))
				}
			}
			p.code = append(p.code, b.String())
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			lines := n.Lines()
			var block strings.Builder
			for i := range lines.Len() {
				seg := lines.At(i)
				block.Write(seg.Value(src))
			}
			// A backslash at a line's end continues the command.
			p.code = append(p.code, strings.Split(strings.ReplaceAll(block.String(), "\\\n", " "), "\n")...)
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// localTarget is the file a relative link points at, "" for a link to
// elsewhere (a URL, an anchor in the same document).
func localTarget(from, dest string) string {
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(from), filepath.FromSlash(u.Path))
}

// TestDocLinks checks that every relative link and image of the
// documentation points at a file or directory that exists.
func TestDocLinks(t *testing.T) {
	for _, file := range markdownFiles(t) {
		p := parseMarkdown(t, file)
		for _, dest := range append(p.links, p.images...) {
			target := localTarget(file, dest)
			if target == "" {
				continue
			}
			if _, err := os.Stat(target); err != nil {
				rel, _ := filepath.Rel(repoRoot, file)
				t.Errorf("%s: link %s: %v", rel, dest, err)
			}
		}
	}
}

// readings are the Markdown files of docs/results.
func readings(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join(repoRoot, "docs", "results", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no readings in docs/results: %v", err)
	}
	return files
}

// TestPlotsShown checks that every plot kept under docs/results/plots is
// shown by a reading: the plots that no reading needs are regenerated, not
// kept.
func TestPlotsShown(t *testing.T) {
	shown := map[string]bool{}
	for _, file := range readings(t) {
		for _, dest := range parseMarkdown(t, file).images {
			if target := localTarget(file, dest); target != "" {
				shown[filepath.Clean(target)] = true
			}
		}
	}
	err := filepath.WalkDir(filepath.Join(repoRoot, "docs", "results", "plots"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !shown[filepath.Clean(path)] {
			t.Errorf("%s is kept but no reading shows it", path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// docCommand is a `bench results ratios` or `blocks` command as a document
// gives it, parsed with its flags.
type docCommand struct {
	line, sub            string
	studies, pairs, wls  []string
	segments             []string
	metric, base, column string
	fromBlock            int
	each                 bool
}

// multi is a repeatable string flag.
type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// parseCommand parses a line of code that runs bench results ratios or
// blocks; ok is false for any other line.
func parseCommand(line string) (c docCommand, ok bool, err error) {
	const prefix = "go run ./tools/bench results "
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i] // a shell comment
	}
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, prefix) {
		return c, false, nil
	}
	args := strings.Fields(strings.TrimPrefix(line, prefix))
	if len(args) == 0 || (args[0] != "ratios" && args[0] != "blocks") {
		return c, false, nil
	}
	c.line, c.sub = line, args[0]
	fs := flag.NewFlagSet(c.sub, flag.ContinueOnError)
	fs.SetOutput(new(bytes.Buffer))
	fs.Var((*multi)(&c.studies), "study", "")
	fs.Var((*multi)(&c.pairs), "pair", "")
	fs.Var((*multi)(&c.wls), "workload", "")
	fs.Var((*multi)(&c.segments), "segment", "")
	fs.StringVar(&c.metric, "metric", "total_ms", "")
	fs.StringVar(&c.base, "baseline", "", "")
	fs.StringVar(&c.column, "column", "total_ms", "")
	fs.IntVar(&c.fromBlock, "from-block", 0, "")
	fs.BoolVar(&c.each, "each", false, "")
	if err := fs.Parse(args[1:]); err != nil {
		return c, true, err
	}
	if fs.NArg() > 0 {
		return c, true, fmt.Errorf("arguments %v left over", fs.Args())
	}
	return c, true, nil
}

// run prints what the command prints, from the dataset.
func (c docCommand) run(d *Dataset) (string, error) {
	var ss []*Study
	for _, id := range c.studies {
		s, err := d.Study(id)
		if err != nil {
			return "", err
		}
		ss = append(ss, s)
	}
	if len(ss) == 0 {
		return "", fmt.Errorf("no --study")
	}
	var pooled []*record.Run
	for _, s := range ss {
		pooled = append(pooled, s.Runs...)
	}
	var out bytes.Buffer
	switch c.sub {
	case "ratios":
		spec := RatioSpec{Metric: c.metric, FromBlock: c.fromBlock, Baseline: c.base, Workloads: c.wls}
		for _, p := range c.pairs {
			v, ref, _ := strings.Cut(p, ":")
			spec.Pairs = append(spec.Pairs, [2]string{v, ref})
		}
		if spec.Baseline == "" && len(spec.Pairs) == 0 {
			spec.Baseline = ss[0].Meta.Baseline
		}
		rs, err := Ratios(pooled, spec)
		if err != nil {
			return "", err
		}
		name := spec.Metric
		if spec.FromBlock > 1 {
			name = fmt.Sprintf("%s (blocks %d-n)", name, spec.FromBlock)
		}
		WriteRatios(&out, name, rs)
	case "blocks":
		var segs []Segment
		for _, s := range c.segments {
			seg, err := ParseSegment(s)
			if err != nil {
				return "", err
			}
			segs = append(segs, seg)
		}
		if len(c.wls) > 0 {
			pooled = slices.DeleteFunc(pooled, func(r *record.Run) bool { return !slices.Contains(c.wls, r.Workload) })
		}
		bms, err := PerBlock(pooled, c.column)
		if err != nil {
			return "", err
		}
		WriteBlockTable(&out, c.column, bms, segs, c.each)
	}
	return out.String(), nil
}

// TestReadingTables runs every `bench results ratios` and `blocks` command
// the readings give and checks that each row of a table they quote in that
// form is printed by one of them: the readings' figures are the dataset's.
func TestReadingTables(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the whole dataset")
	}
	d, err := Load(filepath.Join(repoRoot, "docs", "results", "dataset"))
	if err != nil {
		t.Fatal(err)
	}
	files := append(readings(t), filepath.Join(repoRoot, "README.md"))
	for _, file := range files {
		rel, _ := filepath.Rel(repoRoot, file)
		printed := map[string]bool{}
		for _, line := range parseMarkdown(t, file).code {
			c, ok, err := parseCommand(line)
			if !ok {
				continue
			}
			if err != nil {
				t.Errorf("%s: %s: %v", rel, line, err)
				continue
			}
			out, err := c.run(d)
			if err != nil {
				t.Errorf("%s: %s: %v", rel, line, err)
				continue
			}
			for _, row := range strings.Split(out, "\n") {
				printed[row] = true
			}
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inTable := false
		for n, row := range strings.Split(string(src), "\n") {
			switch {
			case strings.HasPrefix(row, "| workload | variant | n | median ") || strings.HasPrefix(row, "| workload | variant | runs | blocks |"):
				inTable = true
			case !strings.HasPrefix(row, "|"):
				inTable = false
			}
			if inTable && !printed[row] {
				t.Errorf("%s line %d: no command of the document prints\n%s", rel, n+1, row)
			}
		}
	}
}
