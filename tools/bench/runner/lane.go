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
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
	"statelab/tools/bench/study"
	"statelab/tools/internal/fsutil"
)

// Lane is one share of a study spread over several machines (a cluster
// job's): its own warm-up round, then every measured round r with
// (r-1) mod Count = Index, in the study's order. Lanes write each finished
// run into a Store that every lane and the gathering share; a lane started
// again skips the measured runs the store holds, so a killed or requeued
// lane resumes without running anything twice.
type Lane struct {
	Index, Count int
	Node         string       // where the lane runs; recorded in every run
	Store        record.Store // finished runs of every lane
	Failed       string       // directory of failure notes, one per failed run
	Info         string       // file the lane describes its node and scale model in
}

// LaneInfo is what a lane reports of itself for the gathering: the node and
// machine it ran on and the scale model its runs were bounded by.
type LaneInfo struct {
	Lane    int          `json:"lane"`
	Node    string       `json:"node"`
	Machine string       `json:"machine"`
	Model   *study.Model `json:"scale_model"`
	Date    time.Time    `json:"date"`
}

// WarmUpRun is the index of a lane's warm-up run: 0 for the first lane, as
// in a local study, and after every measured run for the others, so that
// every run of a configuration keeps its own index.
func WarmUpRun(lane, runs int) int {
	if lane == 0 {
		return 0
	}
	return runs - 1 + lane
}

// laneSchedule orders a lane's runs: its warm-up round, then its measured
// rounds, as schedule orders a whole study. Run indices are the study's.
func laneSchedule(n, runs int, order string, lane, lanes int) []scheduled {
	var out []scheduled
	for _, s := range warmUpsFirst(schedule(n, runs, order)) {
		switch {
		case s.run == 0:
			out = append(out, scheduled{s.config, WarmUpRun(lane, runs)})
		case (s.run-1)%lanes == lane:
			out = append(out, s)
		}
	}
	return out
}

// RunLane prepares the study on this machine (o.Work, its local scratch)
// and makes the lane's runs that the store does not hold yet. A failed run
// is noted in lane.Failed and the lane goes on with the next one; RunLane
// then fails, naming the runs that did.
func RunLane(s *study.Study, o StudyOptions, lane Lane) error {
	if lane.Count < 1 || lane.Index < 0 || lane.Index >= lane.Count {
		return fmt.Errorf("lane %d of %d", lane.Index, lane.Count)
	}
	sr, err := newStudyRun(s, o)
	if err != nil {
		return err
	}
	p, err := sr.prepare()
	if err != nil {
		return err
	}
	model, err := sr.resolveModel(p)
	if err != nil {
		return err
	}
	lr := &laneRun{sr: sr, p: p, lane: lane}
	defer sr.h.removeScratch()
	return lr.run(model)
}

// laneRun is one execution of a lane.
type laneRun struct {
	sr     *studyRun
	p      *preparedStudy
	lane   Lane
	failed []string
}

// run makes the lane's warm-ups (kept from an earlier start on the same
// node), calibrates the bound from them when the model asks for it, and then
// its measured runs not yet in the store.
func (lr *laneRun) run(model *study.Model) error {
	sc, h := lr.p.sc, lr.sr.h
	order := laneSchedule(len(lr.p.configs), sc.Runs, lr.sr.study.Order, lr.lane.Index, lr.lane.Count)
	warmUp := WarmUpRun(lr.lane.Index, sc.Runs)
	if err := lr.writeInfo(model); err != nil {
		return err
	}
	var warmUps []*record.Run
	calibrated := false
	for n, j := range order {
		c := lr.p.configs[j.config]
		isWarmUp := j.run == warmUp
		if model.Calibrate && !calibrated && !isWarmUp {
			if err := lr.sr.calibrate(model, lr.p.configs, warmUps); err != nil {
				return fmt.Errorf("study %s, lane %d: %v", lr.sr.study.Path, lr.lane.Index, err)
			}
			calibrated = true
		}
		if done, err := lr.lane.Store.Get(c.Label(), j.run); err == nil {
			if !isWarmUp {
				h.progress("%d/%d %s run %d: done before, skipped", n+1, len(order), c.Label(), j.run)
				continue
			}
			if done.Node == lr.lane.Node {
				h.progress("%d/%d %s warm-up (run %d): done before on this node, kept", n+1, len(order), c.Label(), j.run)
				warmUps = append(warmUps, done)
				continue
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		rec, err := lr.sr.measure(lr.p, j)
		if err != nil {
			if isWarmUp && model.Calibrate {
				return err // nothing to calibrate the lane's bound from
			}
			lr.fail(c, j.run, err)
			continue
		}
		rec.WarmUp, rec.Node = isWarmUp, lr.lane.Node
		if err := lr.lane.Store.Put(rec); err != nil {
			return err
		}
		os.Remove(lr.failedPath(c, j.run))
		if isWarmUp {
			warmUps = append(warmUps, rec)
		}
		h.progress("%d/%d %s run %d: %s", n+1, len(order), c.Label(), j.run, runLine(rec))
	}
	if err := lr.writeInfo(model); err != nil {
		return err
	}
	if len(lr.failed) > 0 {
		return fmt.Errorf("lane %d: %d runs failed (%s); running the study's command again runs them again", lr.lane.Index, len(lr.failed), strings.Join(lr.failed, "; "))
	}
	return nil
}

// fail notes a failed run for bench status and the lane's verdict.
func (lr *laneRun) fail(c study.Config, run int, err error) {
	what := err.Error()
	if prefix := fmt.Sprintf("%s run %d:", c.Label(), run); !strings.HasPrefix(what, prefix) {
		what = prefix + " " + what
	}
	lr.sr.h.progress("failed: %s", what)
	lr.failed = append(lr.failed, what)
	if lr.lane.Failed == "" {
		return
	}
	note := fmt.Sprintf("node %s, lane %d, %s\n%s\n", lr.lane.Node, lr.lane.Index, time.Now().UTC().Format(time.RFC3339), what)
	if err := os.MkdirAll(lr.lane.Failed, 0o755); err == nil {
		os.WriteFile(lr.failedPath(c, run), []byte(note), 0o644)
	}
}

// failedPath is where a failed run's note goes.
func (lr *laneRun) failedPath(c study.Config, run int) string {
	return failureNote(lr.lane.Failed, c.Label(), run)
}

// failureNote is the path of the note on a failed run in a directory of
// them: named as the run's file in the store, with .txt.
func failureNote(dir, label string, run int) string {
	return filepath.Join(dir, strings.TrimSuffix(record.FileName(label, run), ".json")+".txt")
}

// writeInfo records the lane's node, machine and scale model.
func (lr *laneRun) writeInfo(model *study.Model) error {
	if lr.lane.Info == "" {
		return nil
	}
	info := LaneInfo{Lane: lr.lane.Index, Node: lr.lane.Node, Machine: report.ThisMachine(), Model: model, Date: time.Now().UTC()}
	blob, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return err
	}
	return fsutil.WriteBytesAtomic(lr.lane.Info, blob)
}
