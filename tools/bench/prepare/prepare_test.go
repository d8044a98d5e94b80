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

package prepare

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// TestRunJobsLimit: n jobs run at once, no more, and all of them run.
func TestRunJobsLimit(t *testing.T) {
	started := make(chan int, 6)
	release := make(chan struct{})
	jobs := make([]func() error, 6)
	for i := range jobs {
		jobs[i] = func() error {
			started <- i
			<-release
			return nil
		}
	}
	done := make(chan error)
	go func() { done <- runJobs(2, jobs) }()
	for range 2 {
		select {
		case <-started:
		case <-time.After(10 * time.Second):
			t.Fatal("two jobs did not start together")
		}
	}
	select {
	case i := <-started:
		t.Fatalf("job %d started while two ran", i)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := len(started) + 2; n != 6 {
		t.Errorf("%d jobs ran, want 6", n)
	}
}

// TestRunJobsError: a failure is returned, and no job starts after it.
func TestRunJobsError(t *testing.T) {
	var ran atomic.Int32
	fail := errors.New("dumpgen failed")
	jobs := []func() error{
		func() error { ran.Add(1); return fail },
		func() error { ran.Add(1); return nil },
		func() error { ran.Add(1); return nil },
	}
	if err := runJobs(0, jobs); err != fail { // 0: one at a time
		t.Fatalf("runJobs: %v, want %v", err, fail)
	}
	if n := ran.Load(); n != 1 {
		t.Errorf("%d jobs ran, want only the failing first one", n)
	}
	if err := runJobs(3, nil); err != nil {
		t.Errorf("no jobs: %v", err)
	}
}
