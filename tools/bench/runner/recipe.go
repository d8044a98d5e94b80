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
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"statelab/tools/bench/report"
	"statelab/tools/internal/statekind"
)

// What a study or comparison records of how it was made, in runs.json,
// meta.json and study.toml, is its recipe and names no path of the machine
// it ran on (the results dataset refuses one): binaries by their path
// relative to --bin, as a study file names them; dumps, sidecars and
// prepared datadirs relative to --work; the study file relative to the
// directory bench runs in; an A/B comparison by its bench ab command line.
// The runner itself works with absolute paths throughout.

// below returns path relative to dir when path lies in dir.
func below(dir, path string) (string, bool) {
	absDir, err1 := filepath.Abs(dir)
	absPath, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return "", false
	}
	rel, err := filepath.Rel(absDir, absPath)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// binName names a geth binary as a study file does: by its path relative
// to the binary directory bin ("geth", "geth-upstream"), else by its file
// name.
func binName(bin, path string) string {
	if rel, ok := below(bin, path); ok {
		return rel
	}
	return filepath.Base(path)
}

// workName names a file of bench's work (a dump, a prepared datadir) by its
// path relative to the work directory ("dumps/mpt-20000-2/workload_erc20_approve.rlp"),
// else by its directory's name and its own ("mpt/workload_erc20_approve.rlp"):
// dumpgen makes a dump a directory of its own.
func workName(work, path string) string {
	if rel, ok := below(work, path); ok {
		return rel
	}
	clean := filepath.Clean(path)
	return filepath.ToSlash(filepath.Join(filepath.Base(filepath.Dir(clean)), filepath.Base(clean)))
}

// studyName names a study file by its path relative to the directory bench
// runs in (the repository's root, for tools/bench/studies), else by its
// file name.
func studyName(path string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, ok := below(wd, path); ok {
			return rel
		}
	}
	return filepath.Base(path)
}

// command is the bench ab command line of the comparison, which the report
// gives as its study: the binaries by name in --bin, the dump, genesis and
// population relative to --work, and every setting of the runs, with the
// trie the manifest gives (from --trie, the dump's manifest or its genesis).
func (s *ABSpec) command(trie statekind.Trie) string {
	args := []string{"bench", "ab", "--a", binName(s.Bin, s.A), "--b", binName(s.Bin, s.B)}
	if len(s.ArgsA) > 0 {
		args = append(args, "--a-args", strings.Join(s.ArgsA, " "))
	}
	if len(s.ArgsB) > 0 {
		args = append(args, "--b-args", strings.Join(s.ArgsB, " "))
	}
	args = append(args, "--dump", workName(s.Work, s.Dump))
	if s.Genesis != "" {
		args = append(args, "--genesis", workName(s.Work, s.Genesis))
	}
	for _, p := range s.Population {
		args = append(args, "--population", workName(s.Work, p))
	}
	args = append(args, "--trie", trie.String())
	if trie == statekind.UBT {
		args = append(args, "--groupdepth", strconv.Itoa(s.GroupDepth))
	}
	args = append(args, "--runs", strconv.Itoa(s.Runs))
	if s.MemLimit != "" {
		args = append(args, "--mem-limit", s.MemLimit)
	}
	if s.GethCache != "" {
		args = append(args, "--geth-cache", s.GethCache)
	}
	for i, a := range args {
		args[i] = shellQuote(a)
	}
	return strings.Join(args, " ")
}

// shellQuote quotes an argument for a POSIX shell when it needs it.
func shellQuote(arg string) string {
	if arg != "" && !strings.ContainsAny(arg, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
		return arg
	}
	return "'" + strings.ReplaceAll(arg, "'", `'\''`) + "'"
}

// resolveBinary is the binary --a or --b names: a file, else one of that
// name in the binary directory, as a study file's binaries are (so that
// the command line a comparison records runs again as it is).
func resolveBinary(bin, name string) string {
	if fi, err := os.Stat(name); (err != nil || !fi.Mode().IsRegular()) && !strings.ContainsRune(name, filepath.Separator) {
		if _, err := os.Stat(filepath.Join(bin, name)); err == nil {
			return absPath(filepath.Join(bin, name))
		}
	}
	return absPath(name)
}

// keepStudyFile copies the study file that runs into the results directory
// as report.StudyFile.
func keepStudyFile(path, out string) error {
	blob, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, report.StudyFile), blob, 0o644)
}
