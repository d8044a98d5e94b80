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
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// TestPrestateRecorder checks that the recorder keeps the first answer for
// every account and slot, records absent accounts as nil, records a slot's
// account even when only the slot was read, and is safe for concurrent use.
func TestPrestateRecorder(t *testing.T) {
	base := prefillState(t, 4)
	rec := NewPrestateRecorder(base)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 4; i++ {
				addr := common.Address{byte(i + 1)}
				if i%2 == 0 {
					rec.Account(addr)
				}
				rec.Storage(addr, common.Hash{2})
			}
			rec.Account(common.Address{0x99})
		}()
	}
	wg.Wait()
	accounts, storage := rec.Prestate()
	if len(accounts) != 5 {
		t.Fatalf("%d accounts recorded, want 5", len(accounts))
	}
	if acct, ok := accounts[common.Address{0x99}]; !ok || acct != nil {
		t.Errorf("absent account recorded as %v (present %v), want nil", acct, ok)
	}
	for i := 0; i < 4; i++ {
		addr := common.Address{byte(i + 1)}
		acct := accounts[addr]
		if acct == nil || acct.Balance.Uint64() != uint64(100+i) {
			t.Errorf("account %d recorded as %+v", i, acct)
		}
		if v := storage[addr][common.Hash{2}]; v != (common.Hash{byte(i + 1), 2}) || len(storage[addr]) != 1 {
			t.Errorf("account %d: storage recorded as %v", i, storage[addr])
		}
	}
	// The recorded account is a copy: changing what the reader returned
	// does not change the record.
	acct, _ := rec.Account(common.Address{1})
	acct.Nonce = 77
	if accounts[common.Address{1}].Nonce == 77 {
		t.Error("recorded account aliases the returned one")
	}
}
