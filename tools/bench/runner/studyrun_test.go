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
	"strings"
	"testing"

	"statelab/tools/bench/prepare"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

func TestSchedule(t *testing.T) {
	seq := schedule(2, 3, "sequential")
	inter := schedule(2, 3, "interleaved")
	wantSeq := []scheduled{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}
	wantInter := []scheduled{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}}
	for i := range wantSeq {
		if seq[i] != wantSeq[i] || inter[i] != wantInter[i] {
			t.Fatalf("schedules %v and %v, want %v and %v", seq, inter, wantSeq, wantInter)
		}
	}
}

// TestPrepareSidecarsNeedsBalgen checks that a BAL study without balgen is
// refused with a message naming the study and the binary.
func TestPrepareSidecarsNeedsBalgen(t *testing.T) {
	sr := &studyRun{study: &study.Study{Path: "bal.toml"}, h: &harness{work: &prepare.Workdir{Dir: t.TempDir()}}}
	configs := []study.Config{{Trie: statekind.MPT, Workload: "erc20_approve", BAL: "none"}, {Trie: statekind.MPT, Workload: "erc20_approve", BAL: "type1"}}
	err := sr.prepareSidecars(configs, prepare.TrieDumps(map[statekind.Trie]*dumpmanifest.Manifest{statekind.MPT: {Dir: "d"}}))
	if err == nil || !strings.Contains(err.Error(), "bal.toml") || !strings.Contains(err.Error(), "balgen") || !strings.Contains(err.Error(), "type1") {
		t.Errorf("error %v, want one naming the study, balgen and the type", err)
	}
	if err := sr.prepareSidecars(configs[:1], prepare.Dumps{}); err != nil {
		t.Errorf("study without BAL: %v", err)
	}
}
