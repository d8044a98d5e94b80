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

// migrate45 is the one-off migration of docs/results/dataset for issue 45:
// every study gets its recipe and loses the paths of the machine it ran
// on. It loads the dataset, changes the studies' records only (the study
// file or its git reference, bench ab's command line, the binaries' and
// the reference datadir's paths, the commit written out in full; no
// figure), checks that every study file recipe expands, at the scale the
// study names, to exactly the configurations of its runs, and writes the
// dataset anew with results.Append, which reproduces an unchanged dataset
// byte for byte:
//
//	go run ./tools/bench/results/migrate45 docs/results/dataset
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/results"
	"statelab/tools/bench/study"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: migrate45 DATASET")
		os.Exit(2)
	}
	if err := migrate(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "migrate45:", err)
		os.Exit(1)
	}
}

func migrate(dir string) error {
	d, err := results.Load(dir)
	if err != nil {
		return err
	}
	for _, s := range d.Studies {
		how, err := migrateStudy(s)
		if err != nil {
			return fmt.Errorf("study %s: %v", s.ID, err)
		}
		fmt.Printf("%-52s %s\n", s.ID, how)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "dataset-migrated-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, s := range d.Studies {
		if err := results.Append(tmp, s); err != nil {
			return err
		}
	}
	for _, f := range []string{results.StudiesFile, results.RunsFile, results.BlocksFile} {
		if err := os.Rename(filepath.Join(tmp, f), filepath.Join(dir, f)); err != nil {
			return err
		}
	}
	return nil
}

// migrateStudy gives a study its recipe and names its binaries, study file
// and reference datadir without the machine; it says how.
func migrateStudy(s *results.Study) (string, error) {
	full, err := git("rev-parse", "--verify", s.Commit+"^{commit}")
	if err != nil {
		return "", err
	}
	s.Commit = strings.TrimSpace(full)
	origStudy := s.Meta.Study
	how, err := recipe(s)
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(s.Meta.Study, results.ABCommand) {
		s.Meta.Study = studyPath(s.Meta.Study)
	}
	for i := range s.Meta.Geth {
		s.Meta.Geth[i].Path = binaryName(s.Meta.Geth[i].Path)
	}
	for _, r := range s.Runs {
		r.Config.Geth.Path = binaryName(r.Config.Geth.Path)
	}
	if m := s.Meta.Model; m != nil && m.RefDatadir != "" {
		i := strings.Index(m.RefDatadir, "datadirs/")
		if i < 0 {
			return "", fmt.Errorf("reference datadir %s is not in a work directory's datadirs/", m.RefDatadir)
		}
		m.RefDatadir = m.RefDatadir[i:]
	}
	if s.Source == "" && (s.StudyFile != "" || s.StudyRef != "") {
		if err := checkMatrix(s); err != nil {
			return "", err
		}
		how += ", matrix checked"
	}
	if origStudy != s.Meta.Study {
		how += fmt.Sprintf(" (study %q was %q)", s.Meta.Study, origStudy)
	}
	return how, nil
}

// recipe sets the study's recipe: its own study file with the binaries'
// paths named relative to --bin, else a git reference, a reconstructed
// study file or bench ab's command line.
func recipe(s *results.Study) (string, error) {
	if s.StudyFile != "" {
		text := tomlBinaryPath.ReplaceAllStringFunc(s.StudyFile, func(line string) string {
			m := tomlBinaryPath.FindStringSubmatch(line)
			return m[1] + binaryName(m[2]) + m[3]
		})
		changed := text != s.StudyFile
		s.StudyFile = text
		if p := results.MachinePaths(text); len(p) > 0 {
			return "", fmt.Errorf("study file still names %v", p)
		}
		if changed {
			return "study file kept, binaries named relative to --bin", nil
		}
		return "study file kept", nil
	}
	if s.Source == "abwarm.py" {
		s.StudyRef = s.Commit + ":docs/results/bintrie-profile/abwarm.py"
		return "script " + s.StudyRef + ", command " + s.Meta.Study, exists(s.StudyRef)
	}
	if strings.HasPrefix(s.Meta.Study, results.ABCommand) {
		cmd, err := abCommand(s)
		if err != nil {
			return "", err
		}
		s.Meta.Study = cmd
		return "command line", nil
	}
	if p, ok := reconstructions[s.ID]; ok {
		return p.apply(s)
	}
	if ref, ok := otherRefs[s.ID]; ok {
		s.StudyRef = ref
		return "study file " + ref + " (the version that ran, not the one at the study's commit)", exists(ref)
	}
	path := studyPath(s.Meta.Study)
	if !strings.HasPrefix(path, "bench/studies/") && !strings.HasPrefix(path, "tools/bench/studies/") && !strings.HasPrefix(path, "docs/results/") {
		return "", fmt.Errorf("no recipe for study file %s", s.Meta.Study)
	}
	s.StudyRef = s.Commit + ":" + path
	return "study file " + s.StudyRef, exists(s.StudyRef)
}

// tomlBinaryPath is a study file's binary path line.
var tomlBinaryPath = regexp.MustCompile(`(?m)^(\s*path\s*=\s*")([^"]*)(")`)

// binaryName names a binary relative to --bin as bench now records it: an
// absolute path by its file name; a relative one is kept.
func binaryName(path string) string {
	if filepath.IsAbs(path) {
		return filepath.Base(path)
	}
	return path
}

// studyPath names a study file relative to the repository: from its
// bench/studies (or tools/bench/studies) on, else by its file name if it
// was absolute.
func studyPath(path string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	for _, dir := range []string{"/tools/bench/studies/", "/bench/studies/"} {
		if i := strings.Index(path, dir); i >= 0 {
			return path[i+1:]
		}
	}
	return filepath.Base(path)
}

// otherRefs are studies whose runs were made with a version of their study
// file later than the commit that first recorded them: groupdepth and
// ubt-vs-mpt were rerun with 5 measured runs (and groupdepth with one block
// per workload), and 8f6d7c2 recorded the rerun.
var otherRefs = map[string]string{
	"groupdepth": "8f6d7c2b2616f725c85152b3bfa38f64650c529d:bench/studies/groupdepth.toml",
	"ubt-vs-mpt": "8f6d7c2b2616f725c85152b3bfa38f64650c529d:bench/studies/ubt-vs-mpt.toml",
}

// reconstruction is a study file made again from the file of the
// repository it was edited from, when the file that ran was not kept.
type reconstruction struct {
	base  string      // COMMIT:PATH
	edits [][2]string // each replaced once
	why   string
}

const (
	balWarm0efc   = "0efcfafa03e35f34ac4ffbacf2eca4e1bfb4e4cc:bench/studies/bal-warm.toml"
	balWarmF30c   = "f30c667ccebe9be4d0f87eee5dac096fcafdd4b3:bench/studies/bal-warm.toml"
	ioboundBal    = "0efcfafa03e35f34ac4ffbacf2eca4e1bfb4e4cc:bench/studies/iobound-bal.toml"
	blocksize9b19 = "9b19efdcee1bbec43d79be2790645bed73a6152c:tools/bench/studies/blocksize.toml"
)

var (
	mptOnly  = [2]string{`tries = ["mpt", "ubt"]`, `tries = ["mpt"]`}
	ubtOnly  = [2]string{`tries = ["mpt", "ubt"]`, `tries = ["ubt"]`}
	warmOnly = [2]string{`cache = ["cold", "warm"]`, `cache = ["warm"]`}
	coldOnly = [2]string{`cache = ["cold", "warm"]`, `cache = ["cold"]`}
	noBAL    = [2]string{`bal = ["none", "type1", "type3", "type4"]`, `bal = ["none"]`}
)

var reconstructions = map[string]reconstruction{
	"bal/warm/mpt":         {balWarm0efc, [][2]string{mptOnly}, "MPT only"},
	"bal/warm/ubt":         {balWarm0efc, [][2]string{ubtOnly}, "the binary trie only"},
	"bal/warm/mpt-bound":   {balWarm0efc, [][2]string{mptOnly, warmOnly, noBAL}, "the warm-cache bound on MPT only"},
	"bal/warm/mpt-bound-2": {balWarm0efc, [][2]string{mptOnly, warmOnly, noBAL}, "the warm-cache bound on MPT only"},
	"bal/warm/ubt-bound":   {balWarm0efc, [][2]string{ubtOnly, warmOnly, noBAL}, "the warm-cache bound on the binary trie only"},
	"bal/warm/ubt-bound-2": {balWarm0efc, [][2]string{ubtOnly, warmOnly, noBAL}, "the warm-cache bound on the binary trie only"},
	"bal/warm/quiet/mpt":   {balWarmF30c, [][2]string{mptOnly}, "MPT only"},
	"bal/warm/quiet/ubt":   {balWarmF30c, [][2]string{ubtOnly}, "the binary trie only"},
	"bal/iobound":          {ioboundBal, [][2]string{mptOnly, coldOnly, {"runs = 3\n", "runs = 4\n"}}, "MPT only, cold runs only, 4 runs at scale smoke"},
	"bal/procs/first": {"e3366b25ea1ab75c23603188af80b27f449f54d3:docs/results/bal/procs/study.toml", nil,
		"the study file bal/procs kept, which bal/procs/first ran before it"},
	"blocksize/smoke-depths": {blocksize9b19, [][2]string{{"\n[scale.medium]\n", `
[scale.smoke-depths]
entries = 1_000_000
workload_blocks = 200
workload_gas = 1_000_000
runs = 6
tries = ["ubt"]
group_depths = [4, 5, 6, 7]
mem_limit = "auto"
geth_cache = "auto"

[scale.medium]
`}}, "a scale smoke-depths: the binary trie at GD-4 to GD-7, as the study's meta gives it"},
}

// apply makes the study file and keeps it as the study's.
func (rc reconstruction) apply(s *results.Study) (string, error) {
	commit, path, _ := strings.Cut(rc.base, ":")
	text, err := git("show", rc.base)
	if err != nil {
		return "", err
	}
	for _, e := range rc.edits {
		if strings.Count(text, e[0]) != 1 {
			return "", fmt.Errorf("%s has %q %d times", rc.base, e[0], strings.Count(text, e[0]))
		}
		text = strings.Replace(text, e[0], e[1], 1)
	}
	if len(rc.edits) == 0 {
		s.StudyRef = rc.base
		return "study file " + rc.base + " (" + rc.why + ")", nil
	}
	var edits []string
	for _, e := range rc.edits {
		edits = append(edits, strings.TrimSpace(e[1]))
	}
	header := fmt.Sprintf("# Reconstructed for the results dataset: the study file that ran, %s, was not\n"+
		"# kept. It is %s at %s (git show %s) with\n# %s; at the scale the study names, its matrix is the runs'.\n\n",
		studyPath(s.Meta.Study), path, commit[:12], rc.base, rc.why)
	s.StudyFile = header + text
	return fmt.Sprintf("reconstructed from %s: %s", rc.base, strings.Join(edits, "; ")), nil
}

// abRow is a comparison of tracing/telemetry-cost.sh: a row name, the
// binaries A and B and B's telemetry level ("" for none).
type abRow struct{ a, b, level string }

var abRows = map[string]abRow{
	"mpt-off":      {"geth-upstream", "geth", ""},
	"mpt-phase":    {"geth-upstream", "geth", "phase"},
	"mpt-node":     {"geth-upstream", "geth", "node"},
	"mpt-block":    {"geth-upstream", "geth", "block"},
	"mpt-node-off": {"geth", "geth", "node"},
	"ubt-phase":    {"geth", "geth", "phase"},
	"ubt-node":     {"geth", "geth", "node"},
	"node-nospans": {"geth", "geth", "node"}, // with --telemetry.fetch-span-threshold 1h
	"phase":        {"geth", "geth", "phase"}, // node-rework/diag: on the binary trie
}

// abCommand rebuilds the bench ab command line of a comparison as bench ab
// now records it: the binaries by name in --bin, the dump by its
// directory's name and its own, B's flags from tracing/telemetry-cost.sh
// at the study's commit (the endpoint as its ab.txt printed it, else the
// script's default), every setting of the runs.
func abCommand(s *results.Study) (string, error) {
	dump := strings.Fields(s.Meta.Study)[3] // "bench ab --dump PATH"
	dumpName := filepath.Base(filepath.Dir(dump)) + "/" + filepath.Base(dump)
	if strings.Contains(dump, "/work/dumps/") {
		dumpName = "dumps/" + dumpName // below bench's --work
	}
	trie := s.Runs[0].Config.Trie
	var a, b, bArgs string
	if s.ID == "ab-upstream-vs-statelab" {
		a, b = "geth-upstream", "geth"
	} else {
		row, ok := abRows[filepath.Base(s.ID)]
		if !ok {
			return "", fmt.Errorf("no row of telemetry-cost.sh for %s", s.ID)
		}
		a, b = row.a, row.b
		if row.level != "" {
			prefix := "--telemetry"
			if script, err := git("show", s.Commit+":tracing/telemetry-cost.sh"); err != nil {
				return "", err
			} else if strings.Contains(script, "--rpc.telemetry.level") {
				prefix = "--rpc.telemetry"
			}
			endpoint := "http://127.0.0.1:4318"
			if strings.HasPrefix(s.ID, "telemetry-cost/hash-counted/r20") {
				endpoint = "http://127.0.0.1:24318" // as their ab.txt printed it
			}
			bArgs = fmt.Sprintf("%s %s.level %s", prefix, prefix, row.level)
			if strings.HasSuffix(s.ID, "/node-nospans") {
				bArgs += " " + prefix + ".fetch-span-threshold 1h"
			}
			bArgs += fmt.Sprintf(" %s.endpoint %s", prefix, endpoint)
		}
	}
	if got := []string{s.Meta.Geth[0].Path, s.Meta.Geth[1].Path}; filepath.Base(got[0]) != a || filepath.Base(got[1]) != b {
		return "", fmt.Errorf("binaries %v, the row has %s and %s", got, a, b)
	}
	args := []string{"bench", "ab", "--a", a, "--b", b}
	if bArgs != "" {
		args = append(args, "--b-args", "'"+bArgs+"'")
	}
	args = append(args, "--dump", dumpName, "--trie", trie)
	if trie == "ubt" {
		args = append(args, "--groupdepth", fmt.Sprint(s.Runs[0].Config.GroupDepth))
	}
	args = append(args, "--runs", fmt.Sprint(s.Meta.Scale.Runs))
	return strings.Join(args, " "), nil
}

// titleScale is the scale a study's title names.
var titleScale = regexp.MustCompile(`^Study (\S+), scale ([^ ,]+)`)

// checkMatrix loads the study's study file and checks that at the scale
// its title names it has the study's scale and expands to the
// configurations of its runs, no more and no fewer.
func checkMatrix(s *results.Study) error {
	text := s.StudyFile
	if text == "" {
		var err error
		if text, err = git("show", s.StudyRef); err != nil {
			return err
		}
	}
	m := titleScale.FindStringSubmatch(s.Meta.Title)
	if m == nil {
		return fmt.Errorf("title %q names no scale", s.Meta.Title)
	}
	path := filepath.Join(os.TempDir(), "migrate45-study.toml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return err
	}
	defer os.Remove(path)
	st, err := study.Load(path, metrics.Names())
	if err != nil {
		return err
	}
	sc, err := st.Scale(m[2])
	if err != nil {
		return err
	}
	ms := s.Meta.Scale
	if sc.Entries != ms.Entries || sc.Runs != ms.Runs || sc.WorkloadBlocks != ms.WorkloadBlocks || sc.WorkloadGas != ms.WorkloadGas {
		return fmt.Errorf("scale %s of the study file is %+v, the study's meta has %+v", m[2], sc, ms)
	}
	// The runs table keeps no block size but in the variant's label.
	key := func(label string, c study.Config) string {
		return fmt.Sprintf("%s %s gd%d %s %s tel=%s %s %s %q", label, c.Trie, c.GroupDepth, c.Workload, c.BAL, c.Telemetry, c.Cache, c.Geth.Name, c.Geth.Args)
	}
	var want, have []string
	for _, c := range st.Expand(sc) {
		want = append(want, key(c.Label(), c))
	}
	for _, r := range s.Runs {
		have = append(have, key(r.Workload+"/"+r.Variant, r.Config))
	}
	slices.Sort(want)
	slices.Sort(have)
	have = slices.Compact(have)
	if !slices.Equal(want, have) {
		return fmt.Errorf("the study file's matrix at scale %s\n  %v\nis not the runs'\n  %v", m[2], want, have)
	}
	return nil
}

// exists fails if ref, COMMIT:PATH, names no file of the repository.
func exists(ref string) error {
	_, err := git("cat-file", "-e", ref)
	return err
}

// git runs git in the working directory and returns its output.
func git(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v", strings.Join(args, " "), err)
	}
	return string(out), nil
}
