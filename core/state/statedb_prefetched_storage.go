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
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/log"
)

// Slot values from the warmed write path.
//
// A Type-1 access list carries keys, not values, so the slots a block reads
// are fetched from the flat state before it executes. The slots it writes
// have their trie paths warmed as well, for the trie update and hashing, and
// the leaf a path ends in holds the value: reading it from the flat state too
// reads every written slot twice. With SetPrefetchValues, the prefetcher keeps
// the values its warming reads (or, for a batch too small to warm, its first
// serial pass), and LoadPrefetchedStorage makes them the block's committed
// values once they are all read, which is before the subfetcher's own serial
// pass over the batch: that pass then runs beside execution.

// SetPrefetchValues makes the prefetcher started next by StartPrefetcher keep
// the values of the storage slots it loads, for LoadPrefetchedStorage.
func (s *StateDB) SetPrefetchValues(keep bool) {
	s.prefetchValues = keep
}

// LoadPrefetchedStorage waits until the prefetcher has read the pre-block
// values of slots, scheduled with PrefetchAccessList, and keeps each as the
// committed value of its account, as a read by execution would.
//
// Slots it cannot serve that way are left to execution, which reads them
// through the state reader as usual: slots of an account absent before the
// block, of a trie the prefetcher failed to open or read, slots the
// prefetcher had already loaded before they were scheduled, and every slot if
// the prefetcher keeps no values or the state is not Merkle-Patricia (the
// binary trie's prefetcher holds one trie for every account and is not
// served). It returns the number of slots loaded.
//
// Call it from the goroutine that owns the state, before execution starts.
func (s *StateDB) LoadPrefetchedStorage(slots map[common.Address][]common.Hash) int {
	if s.prefetcher == nil || !s.prefetcher.keepValues || !s.db.Type().Is(TypeMPT) {
		return 0
	}
	loaded := 0
	for addr, keys := range slots {
		obj := s.getStateObject(addr)
		if obj == nil {
			continue
		}
		loaded += obj.loadPrefetchedStorage(s.prefetcher, keys)
	}
	return loaded
}

// loadPrefetchedStorage keeps the values of keys that the prefetcher read
// from the object's storage trie as its committed storage, and returns how
// many it kept. An empty storage trie holds only zero values.
func (s *stateObject) loadPrefetchedStorage(p *triePrefetcher, keys []common.Hash) int {
	if s.origin.Root == types.EmptyRootHash {
		for _, key := range keys {
			s.originStorage[key] = common.Hash{}
		}
		return len(keys)
	}
	sf := p.fetchers[p.trieID(s.addrHash(), s.origin.Root)]
	if sf == nil {
		return 0
	}
	sf.waitValues()

	sf.lock.Lock()
	defer sf.lock.Unlock()
	loaded := 0
	for _, key := range keys {
		if _, ok := s.originStorage[key]; ok {
			continue
		}
		if value, ok := sf.values[slotKey{s.address, key}]; ok {
			s.originStorage[key] = value
			loaded++
		}
	}
	return loaded
}

// readStorage reads the slots of owner on tr, a copy of the subfetcher's
// trie or the trie itself, and keeps their values: all of them, or those
// read before an error.
func (sf *subfetcher) readStorage(tr Trie, owner common.Address, slots [][]byte) error {
	var (
		values = make([]common.Hash, 0, len(slots))
		err    error
	)
	for _, key := range slots {
		var enc []byte
		if enc, err = tr.GetStorage(owner, key); err != nil {
			break
		}
		values = append(values, common.BytesToHash(enc))
	}
	sf.lock.Lock()
	for i, value := range values {
		sf.values[slotKey{owner, common.BytesToHash(slots[i])}] = value
	}
	sf.lock.Unlock()
	return err
}

// readValues reads the slots of a batch that was not warmed on tr and keeps
// their values.
func (sf *subfetcher) readValues(tr Trie, owners []common.Address, slots map[common.Address][][]byte) {
	for _, owner := range owners {
		if err := sf.readStorage(tr, owner, slots[owner]); err != nil {
			log.Error("Failed to read storage values", "addr", owner, "err", err)
		}
	}
}

// setValuesReady marks the values of the batch being loaded as all read.
func (sf *subfetcher) setValuesReady() {
	sf.lock.Lock()
	sf.valuesReady = true
	sf.idle.Broadcast()
	sf.lock.Unlock()
}

// waitValues blocks until the values of everything scheduled so far have
// been read (the batch may still be loading), or the loop has returned.
func (sf *subfetcher) waitValues() {
	sf.waitWhile(func() bool { return len(sf.tasks) > 0 || (sf.busy && !sf.valuesReady) })
}
