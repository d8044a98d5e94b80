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

package statewriter

import (
	"iter"
)

const (
	prefetchChunk  = 1024 // items a channel send carries
	prefetchChunks = 8    // chunks produced ahead of the consumer
)

// prefetch returns seq as a stream that a goroutine of its own produces ahead
// of the consumer, in chunks: a source deriving its keys (hashing addresses,
// sorting runs, merging streams) then runs beside the writer hashing the
// trie, on another core. Items come in the same order, the first error ends
// the stream. The returned stream is iterated once; stop ends the producer
// and must be called when the consumer is done, even early.
func prefetch[T any](seq iter.Seq2[T, error]) (out iter.Seq2[T, error], stop func()) {
	type item struct {
		v   T
		err error
	}
	var (
		chunks = make(chan []item, prefetchChunks)
		free   = make(chan []item, prefetchChunks+2)
		quit   = make(chan struct{})
		exited = make(chan struct{})
	)
	go func() {
		defer close(exited)
		defer close(chunks)
		buf := make([]item, 0, prefetchChunk)
		send := func() bool {
			select {
			case chunks <- buf:
			case <-quit:
				return false
			}
			select {
			case buf = <-free:
				buf = buf[:0]
			default:
				buf = make([]item, 0, prefetchChunk)
			}
			return true
		}
		for v, err := range seq {
			buf = append(buf, item{v, err})
			if err != nil {
				break
			}
			if len(buf) == prefetchChunk && !send() {
				return
			}
		}
		if len(buf) > 0 {
			send()
		}
	}()
	out = func(yield func(T, error) bool) {
		for buf := range chunks {
			for i := range buf {
				it := buf[i]
				buf[i] = item{} // let the item go when the consumer does
				if !yield(it.v, it.err) || it.err != nil {
					return
				}
			}
			select {
			case free <- buf:
			default:
			}
		}
	}
	var stopped bool
	stop = func() {
		if !stopped {
			stopped = true
			close(quit)
			<-exited
		}
	}
	return out, stop
}

// accountRecord is an account or one of its slots, in a stream that carries
// both: an account with storage is followed by its slots, then by a record
// ending them.
type accountRecord struct {
	account    *HashedAccount // an account, its Storage nil
	hasStorage bool
	slot       Slot
	storageEnd bool
}

// flattenAccounts turns accounts with their storage into one stream of
// records, iterating each account's storage right after the account.
func flattenAccounts(accounts iter.Seq2[*HashedAccount, error]) iter.Seq2[accountRecord, error] {
	return func(yield func(accountRecord, error) bool) {
		for a, err := range accounts {
			if err != nil {
				yield(accountRecord{}, err)
				return
			}
			acct := *a
			acct.Storage = nil
			if !yield(accountRecord{account: &acct, hasStorage: a.Storage != nil}, nil) {
				return
			}
			if a.Storage == nil {
				continue
			}
			for s, err := range a.Storage {
				if !yield(accountRecord{slot: s}, err) || err != nil {
					return
				}
			}
			if !yield(accountRecord{storageEnd: true}, nil) {
				return
			}
		}
	}
}

// unflattenAccounts turns a stream of records back into accounts with their
// storage. An account's storage is read, if at all, before the next account:
// what is left unread is skipped.
func unflattenAccounts(records iter.Seq2[accountRecord, error]) iter.Seq2[*HashedAccount, error] {
	return func(yield func(*HashedAccount, error) bool) {
		next, stop := iter.Pull2(records)
		defer stop()
		for {
			r, err, ok := next()
			switch {
			case !ok:
				return
			case err != nil:
				yield(nil, err)
				return
			case r.account == nil:
				continue // a slot, or the end of a storage, left unread
			}
			a := r.account
			if r.hasStorage {
				a.Storage = func(yield func(Slot, error) bool) {
					for {
						r, err, ok := next()
						if !ok || r.storageEnd || (err == nil && !yield(r.slot, nil)) {
							return
						}
						if err != nil {
							yield(Slot{}, err)
							return
						}
					}
				}
			}
			if !yield(a, nil) {
				return
			}
		}
	}
}

// prefetchAccounts is prefetch for accounts with their storage: the
// consumer reads each account's storage, if at all, before the next account.
func prefetchAccounts(accounts iter.Seq2[*HashedAccount, error]) (iter.Seq2[*HashedAccount, error], func()) {
	records, stop := prefetch(flattenAccounts(accounts))
	return unflattenAccounts(records), stop
}
