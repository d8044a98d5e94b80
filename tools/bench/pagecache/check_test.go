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

package pagecache

import (
	"errors"
	"strings"
	"testing"

	"statelab/tools/internal/statekind"
)

// fakeCache is a page cache whose drop may fail loudly or silently.
type fakeCache struct {
	resident, total int64
	dropErr         error
	silent          bool // Drop returns nil but evicts nothing
	drops           int
}

func (f *fakeCache) Drop() error {
	f.drops++
	if f.dropErr != nil {
		return f.dropErr
	}
	if !f.silent {
		f.resident = 0
	}
	return nil
}

func (f *fakeCache) Resident(string) (int64, int64, error) {
	return f.resident, f.total, nil
}

func TestMakeCold(t *testing.T) {
	pc := &fakeCache{resident: 8 << 20, total: 10 << 20}
	check, err := MakeCold(pc, "/d")
	if err != nil {
		t.Fatal(err)
	}
	if pc.drops != 1 || check.ResidentBefore != 8<<20 || check.ResidentAfter != 0 || check.State != statekind.Cold {
		t.Errorf("check %+v after %d drops", check, pc.drops)
	}
}

func TestMakeColdSilentFailure(t *testing.T) {
	pc := &fakeCache{resident: 8 << 20, total: 10 << 20, silent: true}
	_, err := MakeCold(pc, "/d")
	if err == nil || !strings.Contains(err.Error(), "did not take effect") || !strings.Contains(err.Error(), "/d") {
		t.Errorf("silent drop failure: error %v", err)
	}
}

func TestMakeColdDropError(t *testing.T) {
	pc := &fakeCache{resident: 1, total: 10, dropErr: errors.New("permission denied")}
	if _, err := MakeCold(pc, "/d"); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("drop error: %v", err)
	}
}

func TestColdLimit(t *testing.T) {
	if coldLimit(100<<20) != 1<<20 || coldLimit(1000) != 4*4096 {
		t.Errorf("limits %d %d", coldLimit(100<<20), coldLimit(1000))
	}
	// A few pages left behind in a small datadir pass; a tenth does not.
	pc := &fakeCache{resident: 3 * 4096, total: 1 << 20, silent: true}
	if _, err := MakeCold(pc, "/d"); err != nil {
		t.Errorf("3 pages of 1 MiB: %v", err)
	}
	pc = &fakeCache{resident: 100 << 10, total: 1 << 20, silent: true}
	if _, err := MakeCold(pc, "/d"); err == nil {
		t.Error("100 KiB of 1 MiB resident passed as cold")
	}
}

func TestMakeWarm(t *testing.T) {
	pc := &fakeCache{total: 100}
	fill := func(string) error { pc.resident = 95; return nil }
	if _, err := MakeWarm(pc, "/d", fill); err != nil {
		t.Errorf("95%% resident: %v", err)
	}
	pc = &fakeCache{total: 100}
	half := func(string) error { pc.resident = 50; return nil }
	if _, err := MakeWarm(pc, "/d", half); err == nil {
		t.Error("50% resident passed as warm")
	}
	// A drop of the page cache by another process after the first
	// warming: the second warming passes.
	pc = &fakeCache{total: 100}
	n := 0
	dropped := func(string) error {
		if n++; n > 1 {
			pc.resident = 100
		}
		return nil
	}
	if check, err := MakeWarm(pc, "/d", dropped); err != nil || n != 2 || check.ResidentAfter != 100 {
		t.Errorf("warmed again after a drop: %d warmings, %+v, %v", n, check, err)
	}
}
