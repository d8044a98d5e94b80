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

package nodefetch

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

func TestKindNames(t *testing.T) {
	if KindBinary.String() != "binary" || KindMPT.String() != "mpt" {
		t.Errorf("kind names: %v %v", KindMPT, KindBinary)
	}
}

func TestRecorderLimit(t *testing.T) {
	r := NewRecorder(0, 3)
	for i := 0; i < 5; i++ {
		r.Add(Record{Depth: i})
	}
	if r.Fetches() != 5 {
		t.Errorf("fetches = %d, want 5", r.Fetches())
	}
	if n := len(r.Records()); n != 3 {
		t.Errorf("kept %d records, want 3", n)
	}
	if d := r.Summary().Dropped; d != 2 {
		t.Errorf("dropped = %d, want 2", d)
	}
	for i, rec := range r.Records() {
		if rec.Depth != i {
			t.Errorf("record %d has depth %d, want the first three kept in order", i, rec.Depth)
		}
	}
}

func TestRecorderConcurrent(t *testing.T) {
	var (
		r  = NewRecorder(0, 1<<20)
		wg sync.WaitGroup
	)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 1000; i++ {
				r.Add(Record{Start: time.Now()})
			}
		}()
	}
	wg.Wait()
	if r.Fetches() != 8000 || len(r.Records()) != 8000 {
		t.Errorf("fetches %d, records %d, want 8000 each", r.Fetches(), len(r.Records()))
	}
}

func TestContext(t *testing.T) {
	if FromContext(context.Background()) != nil {
		t.Fatal("a recorder in a context that has none")
	}
	r := NewRecorder(0, 1)
	if FromContext(NewContext(context.Background(), r)) != r {
		t.Fatal("FromContext does not return the recorder NewContext stored")
	}
}

func TestPhases(t *testing.T) {
	r := NewRecorder(0, 1)
	owner := common.HexToHash("0x01")
	r.AddPhase(owner, false, "span-a")
	r.AddPhase(common.Hash{}, true, "span-b")
	ph := r.Phases()
	if len(ph) != 2 || ph[0].Owner != owner || ph[0].AnyOwner || !ph[1].AnyOwner || ph[1].Span != "span-b" {
		t.Errorf("phases = %+v", ph)
	}
}
