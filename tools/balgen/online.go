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
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/holiman/uint256"
	"github.com/urfave/cli/v2"

	"statelab/core/balsidecar"
)

var (
	rpcFlag = &cli.StringFlag{
		Name:     "rpc",
		Usage:    "JSON-RPC endpoint with the debug and eth APIs: http(s)://, ws(s):// or the path of geth.ipc",
		Required: true,
	}
	fromFlag = &cli.Uint64Flag{
		Name:     "from",
		Usage:    "first block (above genesis)",
		Required: true,
	}
	toFlag = &cli.Uint64Flag{
		Name:     "to",
		Usage:    "last block",
		Required: true,
	}
)

var onlineCommand = &cli.Command{
	Name:   "online",
	Usage:  "list what blocks of a running node read, with their values at each block's parent",
	Flags:  []cli.Flag{rpcFlag, fromFlag, toFlag, outFlag, typeFlag},
	Action: onlineAction,
}

func onlineAction(ctx *cli.Context) error {
	if err := noArgs(ctx); err != nil {
		return err
	}
	from, to := ctx.Uint64(fromFlag.Name), ctx.Uint64(toFlag.Name)
	if from == 0 || to < from {
		return fmt.Errorf("invalid block range --%s %d --%s %d (want 0 < --%s <= --%s)", fromFlag.Name, from, toFlag.Name, to, fromFlag.Name, toFlag.Name)
	}
	typ, err := sidecarType(ctx, typeFlag)
	if err != nil {
		return err
	}
	f, err := traceRange(ctx.String(rpcFlag.Name), from, to, typ, ctx.App.ErrWriter)
	if err != nil {
		return err
	}
	return writeFile(ctx.String(outFlag.Name), "", f, ctx.App.Writer)
}

// traceRange builds a sidecar of blocks from..to of the node at url (an HTTP
// or WebSocket endpoint, or the path of geth.ipc) in two steps per block:
//
//  1. Which state the block reads: the union of its transactions' prestates,
//     traced with the prestateTracer in both modes (diff mode adds accounts
//     that were empty when first touched, which the plain mode leaves out),
//     plus what the block reads outside its transactions: the fee recipient,
//     the withdrawal recipients, and the system contracts with the slots
//     their calls read (EIP-4788, EIP-2935, and the EIP-7002/7251 queue
//     heads). State read only by a request queue that holds requests, and
//     accounts the tracer leaves out, are read normally on import.
//     The diff mode also gives the write set: the accounts and slots the
//     transactions change; system-call slots, the fee recipient and the
//     withdrawal recipients are counted as written.
//  2. The values of that state at the parent block, from eth_getProof (which
//     tells an absent account from an existing empty one), or, on a node that
//     serves no proofs (a binary-trie node in geth v1.17), from eth_getBalance,
//     eth_getTransactionCount, eth_getCode and eth_getStorageAt: then an
//     account with zero nonce and balance, no code and no listed storage is
//     left out of a Type-4 entry, as its existence is unknown.
//
// Values from the parent state are the block-level pre-state by definition,
// whatever the transactions do to them. geth import --bal.record (balgen
// offline) lists exactly what each block reads, and needs no RPC.
func traceRange(url string, from, to uint64, typ balsidecar.Type, progress io.Writer) (*balsidecar.File, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 24*time.Hour)
	defer cancel()
	client, err := rpc.DialContext(ctx, url)
	if err != nil {
		return nil, err
	}
	defer client.Close()

	src := &prestateSource{client: client, proofs: true, progress: progress}
	f := &balsidecar.File{Type: typ, Writes: true}
	start, last := time.Now(), time.Now()
	for n := from; n <= to; n++ {
		b, err := src.block(ctx, n, typ)
		if err != nil {
			return nil, fmt.Errorf("block %d: %v", n, err)
		}
		f.Blocks = append(f.Blocks, b)
		if time.Since(last) > 8*time.Second || n == to {
			fmt.Fprintf(progress, "balgen: traced blocks %d..%d of %d..%d (%s)\n", from, n, from, to, time.Since(start).Round(time.Second))
			last = time.Now()
		}
	}
	if src.unlisted > 0 {
		fmt.Fprintf(progress, "balgen: %d accounts that look empty were left out (without eth_getProof an absent account cannot be told from an existing empty one); import reads them from the database\n", src.unlisted)
	}
	return f, nil
}

// prestateSource reads blocks, traces and pre-block state from a node.
type prestateSource struct {
	client   *rpc.Client
	proofs   bool // false once eth_getProof failed: use the plain getters
	progress io.Writer
	unlisted int // empty-looking accounts left out of Type-4 entries (no proofs)
}

// rpcBlock is the part of eth_getBlockByNumber's answer that says what a
// block reads outside its transactions.
type rpcBlock struct {
	Hash             common.Hash         `json:"hash"`
	Miner            common.Address      `json:"miner"`
	Timestamp        hexutil.Uint64      `json:"timestamp"`
	ParentBeaconRoot *common.Hash        `json:"parentBeaconBlockRoot"`
	RequestsHash     *common.Hash        `json:"requestsHash"`
	Withdrawals      []*types.Withdrawal `json:"withdrawals"`
}

// prestateAccount is one account of the prestateTracer's result.
type prestateAccount struct {
	Storage map[common.Hash]common.Hash `json:"storage"`
}

type prestateTrace struct {
	TxHash common.Hash `json:"txHash"`
	Error  string      `json:"error"`
	Result struct {
		Plain map[common.Address]*prestateAccount
		Pre   map[common.Address]*prestateAccount `json:"pre"`
		Post  map[common.Address]*prestateAccount `json:"post"`
	} `json:"result"`
}

// keySet is the state a block reads: accounts and their storage keys, each
// marked if the block writes it.
type keySet map[common.Address]*keyedAccount

type keyedAccount struct {
	written bool
	slots   map[common.Hash]bool // key -> written
}

func (k keySet) add(addr common.Address, written bool, slots ...common.Hash) {
	a := k[addr]
	if a == nil {
		a = &keyedAccount{slots: make(map[common.Hash]bool)}
		k[addr] = a
	}
	a.written = a.written || written
	for _, s := range slots {
		a.slots[s] = a.slots[s] || written
	}
}

func (k keySet) addTraced(accounts map[common.Address]*prestateAccount, written bool) {
	for addr, a := range accounts {
		k.add(addr, written)
		if a != nil {
			for slot := range a.Storage {
				k.add(addr, written, slot)
			}
		}
	}
}

// block builds the sidecar entry of block n.
func (s *prestateSource) block(ctx context.Context, n uint64, typ balsidecar.Type) (*balsidecar.Block, error) {
	var blk *rpcBlock
	if err := s.client.CallContext(ctx, &blk, "eth_getBlockByNumber", hexutil.EncodeUint64(n), false); err != nil {
		return nil, err
	}
	if blk == nil {
		return nil, fmt.Errorf("not found")
	}
	keys := make(keySet)
	if err := s.traceKeys(ctx, n, keys); err != nil {
		return nil, err
	}
	parent := hexutil.EncodeUint64(n - 1)
	if err := s.addOutsideTransactions(ctx, n, parent, blk, keys); err != nil {
		return nil, err
	}
	b := &balsidecar.Block{Number: n, Hash: blk.Hash}
	for _, addr := range sortedAddresses(keys) {
		ka := keys[addr]
		a := &balsidecar.Account{Address: addr, Slots: sortedSlots(ka.slots), Written: ka.written}
		a.SlotWritten = make([]bool, len(a.Slots))
		for i, k := range a.Slots {
			a.SlotWritten[i] = ka.slots[k]
		}
		if typ >= balsidecar.TypeSlotValues {
			err := s.values(ctx, parent, a, typ)
			if errors.Is(err, errUnknownExistence) {
				s.unlisted++
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%s at block %d: %v", addr.Hex(), n-1, err)
			}
		}
		b.Accounts = append(b.Accounts, a)
	}
	return b, nil
}

// traceKeys adds the state the block's transactions read, traced with the
// prestateTracer in its plain and its diff mode.
func (s *prestateSource) traceKeys(ctx context.Context, n uint64, keys keySet) error {
	for _, diff := range []bool{false, true} {
		var traces []prestateTrace
		if diff {
			err := s.client.CallContext(ctx, &traces, "debug_traceBlockByNumber", hexutil.EncodeUint64(n),
				map[string]any{"tracer": "prestateTracer", "tracerConfig": map[string]any{"diffMode": true}})
			if err != nil {
				return fmt.Errorf("debug_traceBlockByNumber (diff mode): %v", err)
			}
		} else {
			var plain []struct {
				TxHash common.Hash                         `json:"txHash"`
				Error  string                              `json:"error"`
				Result map[common.Address]*prestateAccount `json:"result"`
			}
			if err := s.client.CallContext(ctx, &plain, "debug_traceBlockByNumber", hexutil.EncodeUint64(n), map[string]any{"tracer": "prestateTracer"}); err != nil {
				return fmt.Errorf("debug_traceBlockByNumber: %v", err)
			}
			for _, tr := range plain {
				traces = append(traces, prestateTrace{TxHash: tr.TxHash, Error: tr.Error})
				traces[len(traces)-1].Result.Plain = tr.Result
			}
		}
		for _, tr := range traces {
			if tr.Error != "" {
				return fmt.Errorf("trace of %s: %s", tr.TxHash.Hex(), tr.Error)
			}
			keys.addTraced(tr.Result.Plain, false)
			keys.addTraced(tr.Result.Pre, true) // diff mode lists what the transaction changes
			keys.addTraced(tr.Result.Post, true)
		}
	}
	return nil
}

// addOutsideTransactions adds the state a block reads outside its
// transactions: fee recipient, withdrawal recipients and system calls. A
// system contract is listed where it has code at the parent block.
func (s *prestateSource) addOutsideTransactions(ctx context.Context, n uint64, parent string, blk *rpcBlock, keys keySet) error {
	keys.add(blk.Miner, true)
	for _, w := range blk.Withdrawals {
		keys.add(w.Address, true)
	}
	deployed := func(addr common.Address) (bool, error) {
		var code hexutil.Bytes
		err := s.client.CallContext(ctx, &code, "eth_getCode", addr, parent)
		return len(code) > 0, err
	}
	var calls []systemCall
	if blk.ParentBeaconRoot != nil {
		ring := uint64(blk.Timestamp) % 8191
		calls = append(calls, systemCall{params.BeaconRootsAddress, []uint64{ring, ring + 8191}})
	}
	calls = append(calls, systemCall{params.HistoryStorageAddress, []uint64{(n - 1) % 8191}})
	if blk.RequestsHash != nil {
		calls = append(calls,
			systemCall{params.WithdrawalQueueAddress, []uint64{0, 1, 2, 3}},
			systemCall{params.ConsolidationQueueAddress, []uint64{0, 1, 2, 3}})
	}
	for _, c := range calls {
		ok, err := deployed(c.addr)
		if err != nil {
			return fmt.Errorf("eth_getCode %s: %v", c.addr.Hex(), err)
		}
		if !ok {
			continue
		}
		keys.add(c.addr, false)
		for _, slot := range c.slots {
			keys.add(c.addr, true, common.BigToHash(new(big.Int).SetUint64(slot)))
		}
	}
	return nil
}

// systemCall is a system contract and the slots its call reads.
type systemCall struct {
	addr  common.Address
	slots []uint64
}

type accountProof struct {
	Balance      *hexutil.Big   `json:"balance"`
	Nonce        hexutil.Uint64 `json:"nonce"`
	CodeHash     common.Hash    `json:"codeHash"`
	StorageHash  common.Hash    `json:"storageHash"`
	StorageProof []struct {
		Key   hexutil.Bytes `json:"key"`
		Value *hexutil.Big  `json:"value"`
	} `json:"storageProof"`
}

// errUnknownExistence says that an account's pre-block values are known but
// not whether it existed; a Type-4 entry cannot list it.
var errUnknownExistence = errors.New("existence unknown without a proof")

// values sets a's pre-block values at the parent block.
func (s *prestateSource) values(ctx context.Context, parent string, a *balsidecar.Account, typ balsidecar.Type) error {
	if s.proofs {
		var p accountProof
		err := s.client.CallContext(ctx, &p, "eth_getProof", a.Address, a.Slots, parent)
		if err == nil {
			return setFromProof(a, &p, typ)
		}
		s.proofs = false
		fmt.Fprintf(s.progress, "balgen: eth_getProof failed (%v); reading values with eth_getBalance, eth_getTransactionCount, eth_getCode and eth_getStorageAt\n", err)
	}
	return s.valuesFromGetters(ctx, parent, a, typ)
}

func setFromProof(a *balsidecar.Account, p *accountProof, typ balsidecar.Type) error {
	if len(p.StorageProof) != len(a.Slots) {
		return fmt.Errorf("eth_getProof returned %d storage proofs for %d keys", len(p.StorageProof), len(a.Slots))
	}
	for i := range a.Slots {
		a.Values = append(a.Values, common.BigToHash(p.StorageProof[i].Value.ToInt()))
	}
	if typ < balsidecar.TypeFullPrestate {
		return nil
	}
	if p.CodeHash == (common.Hash{}) { // geth's answer for an account that does not exist
		a.Absent = true
		return nil
	}
	bal, overflow := uint256.FromBig(p.Balance.ToInt())
	if overflow {
		return fmt.Errorf("balance %v overflows 256 bits", p.Balance)
	}
	a.Nonce, a.Balance, a.CodeHash, a.StorageRoot = uint64(p.Nonce), bal, p.CodeHash, p.StorageHash
	return nil
}

func (s *prestateSource) valuesFromGetters(ctx context.Context, parent string, a *balsidecar.Account, typ balsidecar.Type) error {
	for _, slot := range a.Slots {
		var v common.Hash
		if err := s.client.CallContext(ctx, &v, "eth_getStorageAt", a.Address, slot, parent); err != nil {
			return fmt.Errorf("eth_getStorageAt: %v", err)
		}
		a.Values = append(a.Values, v)
	}
	if typ < balsidecar.TypeFullPrestate {
		return nil
	}
	var (
		balance hexutil.Big
		nonce   hexutil.Uint64
		code    hexutil.Bytes
	)
	batch := []rpc.BatchElem{
		{Method: "eth_getBalance", Args: []any{a.Address, parent}, Result: &balance},
		{Method: "eth_getTransactionCount", Args: []any{a.Address, parent}, Result: &nonce},
		{Method: "eth_getCode", Args: []any{a.Address, parent}, Result: &code},
	}
	if err := s.client.BatchCallContext(ctx, batch); err != nil {
		return err
	}
	for _, e := range batch {
		if e.Error != nil {
			return fmt.Errorf("%s: %v", e.Method, e.Error)
		}
	}
	bal, overflow := uint256.FromBig(balance.ToInt())
	if overflow {
		return fmt.Errorf("balance %v overflows 256 bits", &balance)
	}
	if nonce == 0 && bal.IsZero() && len(code) == 0 {
		hasStorage := false
		for _, v := range a.Values {
			hasStorage = hasStorage || v != (common.Hash{})
		}
		if !hasStorage {
			// Without a proof, an absent account and an existing empty one
			// look the same, and injecting the wrong one changes the root:
			// leave the account out, to be read on import.
			return errUnknownExistence
		}
	}
	a.Nonce, a.Balance, a.CodeHash = uint64(nonce), bal, types.EmptyCodeHash
	if len(code) > 0 {
		a.CodeHash = crypto.Keccak256Hash(code)
	}
	return nil // storage root left zero: a binary-trie account has none
}

func sortedAddresses(keys keySet) []common.Address {
	addrs := make([]common.Address, 0, len(keys))
	for addr := range keys {
		addrs = append(addrs, addr)
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i].Cmp(addrs[j]) < 0 })
	return addrs
}

func sortedSlots(slots map[common.Hash]bool) []common.Hash {
	out := make([]common.Hash, 0, len(slots))
	for s := range slots {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Cmp(out[j]) < 0 })
	return out
}
