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
	"bufio"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"iter"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
)

// spillPattern names the temporary directory of spilled orders.
const spillPattern = ".dumpgen-order-*"

// spillBucketEntries is at least how many entries a bucket of a spilled
// order holds on average: sorting one takes 16 bytes an entry, 64 MiB.
const spillBucketEntries = 1 << 22

// spilledOrder is the order of one kind's entries by trie key, kept on disk
// so that sorting a population takes memory for one bucket whatever its
// size (an external sort). The entries are split into buckets by the
// leading bits of their keys, each a file of (key, index) records; a bucket
// is read and sorted when the iteration reaches it. The keys are uniform
// hashes, so the buckets are about equal.
//
// It is made by one goroutine; its iterations may run at once with other
// spilled orders'.
type spilledOrder struct {
	files []string // by the keys' leading bits
	shift uint     // 64 - the number of those bits
}

// spillRecordSize is a record's size on disk: the key's leading 8 bytes and
// the index.
const spillRecordSize = 12

// spillOrder computes the keys of the entries 0 to n-1 on every CPU and
// writes them to buckets in dir, of about bucketEntries entries or fewer
// (a power of two of buckets).
func spillOrder(dir, name string, n, bucketEntries uint64, key func(i uint64) uint64) (*spilledOrder, error) {
	buckets := max((n+bucketEntries-1)/bucketEntries, 1)
	o := &spilledOrder{shift: 64 - uint(bits.Len64(buckets-1))} // at least the buckets needed
	if err := o.fill(dir, name, n, key); err != nil {
		return nil, err
	}
	return o, nil
}

// fill writes the buckets.
func (o *spilledOrder) fill(dir, name string, n uint64, key func(i uint64) uint64) error {
	buckets := make([]*spillBucket, 1<<(64-o.shift))
	for b := range buckets {
		path := filepath.Join(dir, fmt.Sprintf("%s-%04d", name, b))
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			closeBuckets(buckets[:b])
			o.remove()
			return err
		}
		o.files = append(o.files, path)
		buckets[b] = &spillBucket{f: f, w: bufio.NewWriterSize(f, 64<<10)}
	}
	workers := uint64(runtime.GOMAXPROCS(0))
	chunk := max((n+workers-1)/workers, 1)
	var wg sync.WaitGroup
	for start := uint64(0); start < n; start += chunk {
		wg.Add(1)
		go func(start, end uint64) {
			defer wg.Done()
			local := make([][]byte, len(buckets)) // records gathered per bucket
			for i := start; i < end; i++ {
				k := key(i)
				b := k >> o.shift // 0 when shift is 64
				local[b] = binary.BigEndian.AppendUint64(local[b], k)
				local[b] = binary.BigEndian.AppendUint32(local[b], uint32(i))
				if len(local[b]) >= 4<<10 {
					buckets[b].write(local[b])
					local[b] = local[b][:0]
				}
			}
			for b, recs := range local {
				buckets[b].write(recs)
			}
		}(start, min(start+chunk, n))
	}
	wg.Wait()
	if err := closeBuckets(buckets); err != nil {
		o.remove()
		return err
	}
	return nil
}

// spillBucket is a bucket file being written by the key workers.
type spillBucket struct {
	mu  sync.Mutex
	f   *os.File
	w   *bufio.Writer
	err error
}

func (b *spillBucket) write(recs []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err == nil {
		_, b.err = b.w.Write(recs)
	}
}

func closeBuckets(buckets []*spillBucket) error {
	var first error
	for _, b := range buckets {
		err := b.err
		if err == nil {
			err = b.w.Flush()
		}
		if cerr := b.f.Close(); err == nil {
			err = cerr
		}
		if first == nil && err != nil {
			first = fmt.Errorf("spill sort keys: %w", err)
		}
	}
	return first
}

// all yields the indices in the order of their keys, ties by index, as
// sortByKey orders them. A bucket that cannot be read ends the iteration
// with its error.
func (o *spilledOrder) all() iter.Seq2[uint32, error] {
	return func(yield func(uint32, error) bool) {
		var keyed []keyedIndex
		for _, path := range o.files {
			var err error
			if keyed, err = readBucket(path, keyed[:0]); err != nil {
				yield(0, err)
				return
			}
			slices.SortFunc(keyed, func(a, b keyedIndex) int {
				if c := cmp.Compare(a.key, b.key); c != 0 {
					return c
				}
				return cmp.Compare(a.index, b.index)
			})
			for _, k := range keyed {
				if !yield(k.index, nil) {
					return
				}
			}
		}
	}
}

// readBucket appends the records of a bucket file to keyed.
func readBucket(path string, keyed []keyedIndex) ([]keyedIndex, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var rec [spillRecordSize]byte
	for {
		if _, err := io.ReadFull(r, rec[:]); err == io.EOF {
			return keyed, nil
		} else if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		keyed = append(keyed, keyedIndex{key: binary.BigEndian.Uint64(rec[:8]), index: binary.BigEndian.Uint32(rec[8:])})
	}
}

// remove deletes the order's files.
func (o *spilledOrder) remove() {
	for _, path := range o.files {
		os.Remove(path)
	}
}
