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

package state

import (
	"bytes"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/log"
	"github.com/ethereum/go-ethereum/trie"
	"github.com/ethereum/go-ethereum/trie/bintrie"
)

// Parallel warming of one trie.
//
// A subfetcher resolves its batch on its own trie, one key after another:
// the trie is not safe for concurrent use, and its resolved nodes are what
// the block's trie update and hashing later use. On a cold database that is
// one read in flight per trie, which serializes a contract with many written
// slots on a Merkle-Patricia state, and the whole block on the binary trie,
// where a single trie holds every account and slot.
//
// With workers > 1, a subfetcher given a large batch first warms it: the keys,
// in trie order, are split into chunks that workers resolve on copies of the
// trie, in parallel. The copies are discarded; what remains is the nodes in the
// trie database's caches (pathdb's and hashdb's clean caches, the page cache),
// so that the serial pass over the same keys on the subfetcher's own trie, and
// the trie update after it, find them in memory.
const (
	warmMinBatch = 64 // smallest batch worth warming in parallel
	warmMinChunk = 16 // fewest keys a worker takes at a time
)

// TrieWarmStats are the figures of parallel warming, summed over a block's
// tries: the distinct trie nodes the workers resolved, their size, and the
// wall time of the warming passes.
type TrieWarmStats struct {
	Nodes int64
	Bytes int64
	Time  time.Duration
}

// add accumulates o into s.
func (s *TrieWarmStats) add(o TrieWarmStats) {
	s.Nodes += o.Nodes
	s.Bytes += o.Bytes
	s.Time += o.Time
}

// warmItem is a chunk of keys of one trie: accounts, or slots of one account.
type warmItem struct {
	addrs []common.Address
	owner common.Address
	slots [][]byte
}

// load resolves a batch on the subfetcher's trie, warming it in parallel
// first when it is large enough. A subfetcher that keeps values has them
// once the warming, or a first serial pass, has read them.
func (sf *subfetcher) load(addrs []common.Address, owners []common.Address, slots map[common.Address][][]byte) {
	n := len(addrs)
	for _, owner := range owners {
		n += len(slots[owner])
	}
	warmed := sf.workers > 1 && n >= warmMinBatch
	if warmed {
		stats := sf.warm(sf.warmItems(addrs, owners, slots, n), n)
		sf.lock.Lock()
		sf.warmed.add(stats)
		sf.lock.Unlock()
	}
	if sf.values != nil {
		if !warmed {
			sf.readValues(sf.trie, owners, slots)
		}
		sf.setValuesReady()
	}
	if len(addrs) != 0 {
		if err := sf.trie.PrefetchAccount(addrs); err != nil {
			log.Error("Failed to prefetch accounts", "err", err)
		}
	}
	for _, owner := range owners {
		if err := sf.trie.PrefetchStorage(owner, slots[owner]); err != nil {
			log.Error("Failed to prefetch storage", "err", err)
		}
	}
}

// warmItems splits a batch into chunks of neighbouring keys: keys sorted in
// trie order, so that a worker's keys share upper nodes and the workers'
// paths overlap little.
func (sf *subfetcher) warmItems(addrs []common.Address, owners []common.Address, slots map[common.Address][][]byte, n int) []warmItem {
	size := max(warmMinChunk, (n+4*sf.workers-1)/(4*sf.workers))
	ubt := sf.db.Type().Is(TypeUBT)

	var items []warmItem
	sorted := slices.Clone(addrs)
	sortByTrieKey(sorted, func(a common.Address) []byte {
		if ubt {
			return bintrie.GetBinaryTreeKeyBasicData(a)
		}
		return crypto.Keccak256(a[:])
	})
	for start := 0; start < len(sorted); start += size {
		items = append(items, warmItem{addrs: sorted[start:min(start+size, len(sorted))]})
	}
	for _, owner := range owners {
		keys := slices.Clone(slots[owner])
		sortByTrieKey(keys, func(k []byte) []byte {
			if ubt {
				return bintrie.GetBinaryTreeKeyStorageSlot(owner, k)
			}
			return crypto.Keccak256(k)
		})
		for start := 0; start < len(keys); start += size {
			items = append(items, warmItem{owner: owner, slots: keys[start:min(start+size, len(keys))]})
		}
	}
	return items
}

// sortByTrieKey sorts keys by the trie key that key derives.
func sortByTrieKey[T any](keys []T, key func(T) []byte) {
	type keyed struct {
		k   []byte
		val T
	}
	tmp := make([]keyed, len(keys))
	for i, v := range keys {
		tmp[i] = keyed{key(v), v}
	}
	slices.SortFunc(tmp, func(a, b keyed) int { return bytes.Compare(a.k, b.k) })
	for i := range tmp {
		keys[i] = tmp[i].val
	}
}

// warm resolves the items, keys in all, on copies of the subfetcher's trie,
// over its workers, and returns what they read. GOMAXPROCS is raised while
// they read (warm_procs.go).
func (sf *subfetcher) warm(items []warmItem, keys int) TrieWarmStats {
	var (
		start   = time.Now()
		base    = trieWitness(sf.trie)
		next    = make(chan warmItem, len(items))
		results = make(chan map[string][]byte, sf.workers)
		wg      sync.WaitGroup
	)
	for _, it := range items {
		next <- it
	}
	defer ioProcs.raise(sf.workers, keys)()

	close(next)
	for w := 0; w < min(sf.workers, len(items)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr := mustCopyTrie(sf.trie)
			for it := range next {
				var err error
				switch {
				case it.addrs != nil:
					err = tr.PrefetchAccount(it.addrs)
				case sf.values != nil:
					err = sf.readStorage(tr, it.owner, it.slots)
				default:
					err = tr.PrefetchStorage(it.owner, it.slots)
				}
				if err != nil {
					log.Debug("Failed to warm trie paths", "owner", sf.owner, "err", err)
				}
			}
			results <- trieWitness(tr)
		}()
	}
	wg.Wait()
	close(results)

	stats := TrieWarmStats{Time: time.Since(start)}
	seen := make(map[string]struct{})
	for w := range results {
		for path, blob := range w {
			if _, ok := base[path]; ok {
				continue
			}
			if _, ok := seen[path]; !ok {
				seen[path] = struct{}{}
				stats.Nodes++
				stats.Bytes += int64(len(blob))
			}
		}
	}
	return stats
}

// trieWitness returns the nodes a trie has resolved, where the trie keeps
// them (nil for a transition trie, whose witness is not implemented).
func trieWitness(t Trie) map[string][]byte {
	switch t := t.(type) {
	case *trie.StateTrie:
		return t.Witness()
	case *bintrie.BinaryTrie:
		return t.Witness()
	}
	return nil
}

// setIdle marks the end of a batch.
func (sf *subfetcher) setIdle() {
	sf.lock.Lock()
	sf.busy = false
	sf.idle.Broadcast()
	sf.lock.Unlock()
}

// exit marks the end of the loop.
func (sf *subfetcher) exit() {
	sf.lock.Lock()
	sf.busy, sf.exited = false, true
	sf.idle.Broadcast()
	sf.lock.Unlock()
}

// waitIdle blocks until the subfetcher has loaded everything scheduled so
// far, or its loop has returned.
func (sf *subfetcher) waitIdle() {
	sf.waitWhile(func() bool { return sf.busy || len(sf.tasks) > 0 })
}

// waitWhile blocks while pending, evaluated under the subfetcher's lock each
// time idle is signalled, holds and the loop has not returned.
func (sf *subfetcher) waitWhile(pending func() bool) {
	sf.lock.Lock()
	defer sf.lock.Unlock()
	for pending() && !sf.exited {
		sf.idle.Wait()
	}
}

// waitIdle blocks until every subfetcher has loaded what was scheduled.
func (p *triePrefetcher) waitIdle() {
	for _, fetcher := range p.fetchers {
		fetcher.waitIdle()
	}
}

// warmStats sums the warming figures of every subfetcher. Figures of batches
// still loading are not included.
func (p *triePrefetcher) warmStats() TrieWarmStats {
	var stats TrieWarmStats
	for _, fetcher := range p.fetchers {
		fetcher.lock.Lock()
		stats.add(fetcher.warmed)
		fetcher.lock.Unlock()
	}
	return stats
}
