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
	"context"
	"fmt"
	"math/big"
	"sort"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/holiman/uint256"

	"statelab/core/balsidecar"
)

// prestateAccount is one account of the prestateTracer's result.
type prestateAccount struct {
	Balance *hexutil.Big                `json:"balance"`
	Nonce   uint64                      `json:"nonce"`
	Code    hexutil.Bytes               `json:"code"`
	Storage map[common.Hash]common.Hash `json:"storage"`
}

type txTrace struct {
	TxHash common.Hash                         `json:"txHash"`
	Result map[common.Address]*prestateAccount `json:"result"`
	Error  string                              `json:"error"`
}

type proof struct {
	StorageHash common.Hash `json:"storageHash"`
	CodeHash    common.Hash `json:"codeHash"`
}

// traceRange builds a sidecar of blocks from..to of the node at url.
//
// A block's list is the union of its transactions' prestates; the first
// transaction that touches an account or slot gives its pre-block value, as
// no earlier transaction changed it. State touched only outside transactions
// (system calls, withdrawals) is not listed and is read normally on import.
// For Type 4, storage roots come from eth_getProof at the parent block; on a
// node that serves no proofs (binary trie, where accounts have no storage
// root) they are left zero. An account with zero nonce and balance, no code
// and no storage is recorded as absent: after EIP-161 no such account exists.
func traceRange(url string, from, to uint64, typ int) (*balsidecar.File, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	client, err := rpc.DialContext(ctx, url)
	if err != nil {
		return nil, err
	}
	defer client.Close()

	f := &balsidecar.File{Type: typ}
	proofs := true
	for n := from; n <= to; n++ {
		var header *types.Header
		if err := client.CallContext(ctx, &header, "eth_getBlockByNumber", hexutil.EncodeUint64(n), false); err != nil {
			return nil, fmt.Errorf("block %d: %v", n, err)
		}
		if header == nil {
			return nil, fmt.Errorf("block %d: not found", n)
		}
		var traces []txTrace
		if err := client.CallContext(ctx, &traces, "debug_traceBlockByNumber", hexutil.EncodeUint64(n), map[string]any{"tracer": "prestateTracer"}); err != nil {
			return nil, fmt.Errorf("block %d: debug_traceBlockByNumber: %v", n, err)
		}
		b := &balsidecar.Block{Number: n, Hash: header.Hash()}
		index := make(map[common.Address]*balsidecar.Account)
		seenSlots := make(map[common.Address]map[common.Hash]bool)
		for _, tr := range traces {
			if tr.Error != "" {
				return nil, fmt.Errorf("block %d: trace of %s: %s", n, tr.TxHash.Hex(), tr.Error)
			}
			addrs := make([]common.Address, 0, len(tr.Result))
			for addr := range tr.Result {
				addrs = append(addrs, addr)
			}
			sort.Slice(addrs, func(i, j int) bool { return addrs[i].Cmp(addrs[j]) < 0 })
			for _, addr := range addrs {
				pre := tr.Result[addr]
				a, seen := index[addr]
				if !seen {
					a = &balsidecar.Account{Address: addr}
					if typ == balsidecar.TypeFullPrestate {
						setAccount(a, pre)
					}
					index[addr] = a
					seenSlots[addr] = make(map[common.Hash]bool)
					b.Accounts = append(b.Accounts, a)
				}
				keys := make([]common.Hash, 0, len(pre.Storage))
				for k := range pre.Storage {
					keys = append(keys, k)
				}
				sort.Slice(keys, func(i, j int) bool { return keys[i].Cmp(keys[j]) < 0 })
				for _, k := range keys {
					if seenSlots[addr][k] {
						continue
					}
					seenSlots[addr][k] = true
					a.Slots = append(a.Slots, k)
					if typ >= balsidecar.TypeSlotValues {
						a.Values = append(a.Values, pre.Storage[k])
					}
				}
			}
		}
		if typ == balsidecar.TypeFullPrestate {
			for _, a := range b.Accounts {
				if a.Absent {
					for i := range a.Values {
						if a.Values[i] != (common.Hash{}) {
							a.Absent = false
						}
					}
					if !a.Absent {
						a.Balance, a.CodeHash = new(uint256.Int), types.EmptyCodeHash
					}
				}
				if a.Absent || !proofs {
					continue
				}
				var p proof
				err := client.CallContext(ctx, &p, "eth_getProof", a.Address, []common.Hash{}, hexutil.EncodeBig(new(big.Int).SetUint64(n-1)))
				if err != nil {
					proofs = false
					fmt.Printf("balgen: eth_getProof failed (%v); storage roots left zero, as a binary-trie node needs\n", err)
					continue
				}
				a.StorageRoot = p.StorageHash
			}
		}
		f.Blocks = append(f.Blocks, b)
	}
	return f, nil
}

func setAccount(a *balsidecar.Account, pre *prestateAccount) {
	bal := new(uint256.Int)
	if pre.Balance != nil {
		bal, _ = uint256.FromBig(pre.Balance.ToInt())
	}
	if pre.Nonce == 0 && bal.IsZero() && len(pre.Code) == 0 {
		a.Absent = true
		return
	}
	a.Nonce, a.Balance = pre.Nonce, bal
	a.CodeHash = types.EmptyCodeHash
	if len(pre.Code) > 0 {
		a.CodeHash = crypto.Keccak256Hash(pre.Code)
	}
}
