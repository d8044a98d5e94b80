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

package main

import (
	"fmt"
	"io"
	"iter"
	"sync/atomic"
	"time"

	"statelab/tools/internal/statewriter"
)

// writeProgressInterval is the time between two progress lines of a
// datadir write.
const writeProgressInterval = 10 * time.Second

// writeProgress counts what the writer has taken from a source: accounts and
// slots from the account stream (the flat state, and the MPT's tries), and
// stems from the stem stream (the binary trie). The streams are consumed by
// the writer's goroutines; a ticker goroutine prints the counts.
type writeProgress struct {
	entries       atomic.Uint64 // accounts and slots
	stems         atomic.Uint64
	expected      uint64 // accounts and slots the source holds, about
	expectedStems uint64 // stems the source holds, about; 0 for MPT
	start         time.Time
}

// countProgress returns the source with its streams counted, and prints a
// progress line to log every writeProgressInterval until stop is called.
// expected and expectedStems estimate the counts of the whole source.
func countProgress(src statewriter.Source, expected, expectedStems uint64, log io.Writer) (statewriter.Source, func()) {
	p := &writeProgress{expected: expected, expectedStems: expectedStems, start: time.Now()}
	return p.count(src), p.report(log, src.Stems != nil)
}

// count returns the source with its streams counted.
func (p *writeProgress) count(src statewriter.Source) statewriter.Source {
	out := statewriter.Source{Accounts: p.countAccounts(src.Accounts)}
	if src.Stems != nil {
		out.Stems = countSeq(src.Stems, &p.stems)
	}
	return out
}

// report prints a progress line to log every writeProgressInterval until
// the returned stop is called.
func (p *writeProgress) report(log io.Writer, stems bool) (stop func()) {
	done := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		tick := time.NewTicker(writeProgressInterval)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				fmt.Fprintln(log, p.line(stems))
			case <-done:
				return
			}
		}
	}()
	return func() { close(done); <-exited }
}

// line is a progress line: the entries and stems taken with their shares of
// those expected and an estimate of the time left from the rate so far of
// the stream furthest behind.
func (p *writeProgress) line(stems bool) string {
	n, elapsed := p.entries.Load(), time.Since(p.start)
	done := min(float64(n)/float64(max(p.expected, 1)), 1)
	s := fmt.Sprintf("dumpgen: writing datadir: %d/~%d entries (%.0f%%)", n, p.expected, 100*done)
	if stems {
		st := p.stems.Load()
		stemsDone := min(float64(st)/float64(max(p.expectedStems, 1)), 1)
		s += fmt.Sprintf(", %d/~%d trie stems (%.0f%%)", st, p.expectedStems, 100*stemsDone)
		done = min(done, stemsDone)
	}
	s += fmt.Sprintf(", elapsed %v", elapsed.Round(time.Second))
	if done > 0 && done < 1 {
		left := time.Duration(float64(elapsed) * (1 - done) / done)
		s += fmt.Sprintf(", about %v left", left.Round(time.Second))
	}
	return s
}

// countAccounts counts the accounts and their slots as they are taken.
func (p *writeProgress) countAccounts(accounts iter.Seq2[*statewriter.HashedAccount, error]) iter.Seq2[*statewriter.HashedAccount, error] {
	return func(yield func(*statewriter.HashedAccount, error) bool) {
		for a, err := range accounts {
			if err == nil {
				p.entries.Add(1)
				if a.Storage != nil {
					a.Storage = countSeq(a.Storage, &p.entries)
				}
			}
			if !yield(a, err) {
				return
			}
		}
	}
}

// countSeq counts the items taken from seq.
func countSeq[T any](seq iter.Seq2[T, error], n *atomic.Uint64) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for v, err := range seq {
			n.Add(1)
			if !yield(v, err) {
				return
			}
		}
	}
}
