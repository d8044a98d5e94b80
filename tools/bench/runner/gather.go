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
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
	"statelab/tools/bench/study"
)

// Progress is how far a study spread over lanes has come, by configuration.
type Progress struct {
	Configs []ConfigProgress
	Runs    []*record.Run // every finished run in the store
}

// ConfigProgress counts one configuration's runs.
type ConfigProgress struct {
	Label    string
	Measured int      // finished measured runs
	Want     int      // measured runs the study asks for
	WarmUps  int      // finished warm-ups (one per lane that started)
	Missing  []int    // measured runs not finished
	Failed   []string // notes of failed runs not finished since
}

// Done reports whether every measured run of every configuration finished.
func (p *Progress) Done() bool {
	for _, c := range p.Configs {
		if c.Measured < c.Want {
			return false
		}
	}
	return true
}

// Measured counts the measured runs finished.
func (p *Progress) Measured() int {
	n := 0
	for _, c := range p.Configs {
		n += c.Measured
	}
	return n
}

// Missing counts the measured runs not finished.
func (p *Progress) Missing() int {
	n := 0
	for _, c := range p.Configs {
		n += c.Want - c.Measured
	}
	return n
}

// LaneMissing reports whether a lane of lanes has runs to make: measured
// runs of its rounds not in the store.
func (p *Progress) LaneMissing(lane, lanes int) bool {
	for _, c := range p.Configs {
		for _, r := range c.Missing {
			if (r-1)%lanes == lane {
				return true
			}
		}
	}
	return false
}

// StudyProgress reads a lane-spread study's store and failure notes against
// its matrix at the scale. Runs in the store that the matrix does not have
// are refused: the store belongs to another study or scale.
func StudyProgress(s *study.Study, scale string, lanes int, store record.Store, failedDir string) (*Progress, error) {
	sc, err := s.Scale(scale)
	if err != nil {
		return nil, err
	}
	runs, err := store.All()
	if err != nil {
		return nil, err
	}
	configs := s.Expand(sc)
	labels := make([]string, len(configs))
	p := &Progress{Runs: runs}
	for i, c := range configs {
		labels[i] = c.Label()
		cp := ConfigProgress{Label: c.Label(), Want: sc.Runs - 1}
		for r := 1; r < sc.Runs; r++ {
			if store.Has(c.Label(), r) {
				cp.Measured++
			} else {
				cp.Missing = append(cp.Missing, r)
				if note, err := os.ReadFile(failureNote(failedDir, c.Label(), r)); err == nil {
					cp.Failed = append(cp.Failed, strings.TrimSpace(string(note)))
				}
			}
		}
		for l := range lanes {
			if store.Has(c.Label(), WarmUpRun(l, sc.Runs)) {
				cp.WarmUps++
			}
		}
		p.Configs = append(p.Configs, cp)
	}
	for _, r := range runs {
		if !slices.Contains(labels, r.Config.Label()) || r.Run < 0 || r.Run >= sc.Runs-1+lanes {
			return nil, fmt.Errorf("%s holds run %d of %s, which study %s at scale %s over %d lanes does not have", store.Dir, r.Run, r.Config.Label(), s.Name, scale, lanes)
		}
	}
	record.SortByRun(p.Runs, labels)
	return p, nil
}

// GatherOptions says where a lane-spread study's pieces are.
type GatherOptions struct {
	Scale  string
	Out    string // report directory, as in StudyOptions
	Bin    string
	Lanes  int
	Store  record.Store
	Failed string   // failure notes
	Infos  []string // the lanes' LaneInfo files, by lane
}

// GatherStudy writes the report of a study whose lanes finished: runs.json
// with every run of every lane, then the report, plots and benchstat file,
// as RunStudy does. It fails, writing nothing, while measured runs are
// missing.
func GatherStudy(s *study.Study, o GatherOptions) error {
	p, err := StudyProgress(s, o.Scale, o.Lanes, o.Store, o.Failed)
	if err != nil {
		return err
	}
	if !p.Done() {
		var missing []string
		for _, c := range p.Configs {
			for _, r := range c.Missing {
				missing = append(missing, fmt.Sprintf("%s run %d", c.Label, r))
			}
		}
		if len(missing) > 5 {
			missing = append(missing[:5], "...")
		}
		return fmt.Errorf("study %s: %d measured runs are not finished (%s); run the same bench run command again to make them", s.Name, p.Missing(), strings.Join(missing, ", "))
	}
	sc, err := s.Scale(o.Scale)
	if err != nil {
		return err
	}
	if err := s.ResolveBinaries(o.Bin); err != nil {
		return err
	}
	infos, err := readLaneInfos(o.Infos)
	if err != nil {
		return err
	}
	sr := &studyRun{study: s, scale: o.Scale, h: &harness{bin: o.Bin}}
	meta := sr.meta(sc)
	meta.Machine = lanesMachine(infos)
	if len(infos) > 0 {
		meta.Model = infos[0].Model
	}
	if err := record.Write(filepath.Join(o.Out, "runs.json"), p.Runs); err != nil {
		return err
	}
	return report.WriteOutputs(o.Out, meta, p.Runs)
}

// readLaneInfos reads the lanes' descriptions that exist, in lane order.
func readLaneInfos(paths []string) ([]LaneInfo, error) {
	var infos []LaneInfo
	for _, path := range paths {
		blob, err := os.ReadFile(path)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var info LaneInfo
		if err := json.Unmarshal(blob, &info); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		infos = append(infos, info)
	}
	return infos, nil
}

// lanesMachine names where a lane-spread study ran, for the protocol.
func lanesMachine(infos []LaneInfo) string {
	var nodes []string
	for _, in := range infos {
		n := fmt.Sprintf("%s (%s)", in.Node, in.Machine)
		if !slices.Contains(nodes, n) {
			nodes = append(nodes, n)
		}
	}
	if len(nodes) == 0 {
		return ""
	}
	return "Slurm node " + strings.Join(nodes, ", ")
}
