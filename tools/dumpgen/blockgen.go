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

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus"
	"github.com/ethereum/go-ethereum/consensus/misc/eip1559"
	"github.com/ethereum/go-ethereum/consensus/misc/eip4844"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/types/bal"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/params"
)

// blockBuilder is what a filler uses of a block under construction. Both
// blockGen and core.BlockGen implement it.
type blockBuilder interface {
	SetPoS()
	SetCoinbase(addr common.Address)
	Gas() uint64
	BaseFee() *big.Int
	AddTx(tx *types.Transaction)
}

// chainReader serves the headers of the blocks generated so far to the
// consensus engine and the EVM. It is used from the generating goroutine
// only.
type chainReader struct {
	config  *params.ChainConfig
	engine  consensus.Engine
	head    *types.Header
	headers map[common.Hash]*types.Header
	numbers map[uint64]*types.Header
}

func newChainReader(config *params.ChainConfig, engine consensus.Engine, head *types.Header) *chainReader {
	cr := &chainReader{config: config, engine: engine, headers: make(map[common.Hash]*types.Header), numbers: make(map[uint64]*types.Header)}
	cr.add(head)
	return cr
}

func (cr *chainReader) add(h *types.Header) {
	cr.head = h
	cr.headers[h.Hash()] = h
	cr.numbers[h.Number.Uint64()] = h
}

func (cr *chainReader) Config() *params.ChainConfig              { return cr.config }
func (cr *chainReader) Engine() consensus.Engine                 { return cr.engine }
func (cr *chainReader) CurrentHeader() *types.Header             { return cr.head }
func (cr *chainReader) GetHeaderByNumber(n uint64) *types.Header { return cr.numbers[n] }
func (cr *chainReader) GetHeaderByHash(h common.Hash) *types.Header {
	return cr.headers[h]
}
func (cr *chainReader) GetHeader(h common.Hash, n uint64) *types.Header {
	if hdr := cr.headers[h]; hdr != nil && hdr.Number.Uint64() == n {
		return hdr
	}
	return nil
}

// blockGen builds one block on a state, the way core.GenerateChain's
// BlockGen does, so that the blocks are the same; unlike GenerateChain it
// leaves committing the state to the caller, who keeps one trie database
// open for many blocks. Failures are recorded, not panicked.
type blockGen struct {
	chain    *chainReader
	header   *types.Header
	statedb  *state.StateDB
	gasPool  *core.GasPool
	txs      []*types.Transaction
	receipts []*types.Receipt
	bal      *bal.ConstructionBlockAccessList
	err      error
}

// newBlockGen starts a block on top of parent, whose post state statedb
// holds, and runs the pre-transaction system calls.
func newBlockGen(chain *chainReader, parent *types.Block, statedb *state.StateDB) *blockGen {
	b := &blockGen{chain: chain, statedb: statedb, header: makeHeader(chain, parent), bal: bal.NewConstructionBlockAccessList()}
	config := chain.config
	if config.IsPrague(b.header.Number, b.header.Time) || config.IsUBT(b.header.Number, b.header.Time) {
		core.ProcessParentBlockHash(b.header.ParentHash, b.systemEVM(), b.bal) // EIP-2935
	}
	return b
}

// makeHeader is core's chainMaker.makeHeader.
func makeHeader(chain *chainReader, parent *types.Block) *types.Header {
	config := chain.config
	time := parent.Time() + 10 // block time is fixed at 10 seconds
	parentHeader := parent.Header()
	header := &types.Header{
		ParentHash: parent.Hash(),
		Coinbase:   parent.Coinbase(),
		Difficulty: chain.engine.CalcDifficulty(chain, time, parentHeader),
		GasLimit:   parent.GasLimit(),
		Number:     new(big.Int).Add(parent.Number(), common.Big1),
		Time:       time,
	}
	if config.IsLondon(header.Number) {
		header.BaseFee = eip1559.CalcBaseFee(config, parentHeader)
		if !config.IsLondon(parent.Number()) {
			parentGasLimit := parent.GasLimit() * config.ElasticityMultiplier()
			header.GasLimit = core.CalcGasLimit(parentGasLimit, parentGasLimit)
		}
	}
	if config.IsCancun(header.Number, header.Time) {
		excessBlobGas := eip4844.CalcExcessBlobGas(config, parentHeader, time)
		header.ExcessBlobGas = &excessBlobGas
		header.BlobGasUsed = new(uint64)
		header.ParentBeaconRoot = new(common.Hash)
	}
	if config.IsAmsterdam(header.Number, header.Time) {
		var slot uint64
		if parentHeader.SlotNumber != nil {
			slot = *parentHeader.SlotNumber + 1
		}
		header.SlotNumber = &slot
	}
	if header.Difficulty == nil {
		header.Difficulty = big.NewInt(0) // post-merge
	}
	return header
}

// systemEVM returns an EVM for a system call on the block.
func (b *blockGen) systemEVM() *vm.EVM {
	blockContext := core.NewEVMBlockContext(b.header, b.chain, &b.header.Coinbase)
	blockContext.Random = &common.Hash{} // enable post-merge instruction set
	return vm.NewEVM(blockContext, b.statedb, b.chain.config, vm.Config{})
}

func (b *blockGen) SetPoS() { b.header.Difficulty = new(big.Int) }

func (b *blockGen) SetCoinbase(addr common.Address) {
	b.header.Coinbase = addr
	b.gasPool = core.NewGasPool(b.header.GasLimit)
}

func (b *blockGen) Gas() uint64 { return b.header.GasLimit - b.header.GasUsed }

func (b *blockGen) BaseFee() *big.Int { return new(big.Int).Set(b.header.BaseFee) }

// AddTx executes tx on the block. An invalid transaction is recorded as the
// block's error, and later ones are ignored.
func (b *blockGen) AddTx(tx *types.Transaction) {
	if b.err != nil {
		return
	}
	if b.gasPool == nil {
		b.SetCoinbase(common.Address{})
	}
	blockContext := core.NewEVMBlockContext(b.header, b.chain, &b.header.Coinbase)
	evm := vm.NewEVM(blockContext, b.statedb, b.chain.config, vm.Config{})
	b.statedb.SetTxContext(tx.Hash(), len(b.txs), uint32(len(b.txs)+1))
	receipt, txBAL, err := core.ApplyTransaction(context.Background(), evm, b.gasPool, b.statedb, b.header, tx)
	if err != nil {
		b.err = fmt.Errorf("block %d tx %d (%x): %w", b.header.Number, len(b.txs), tx.Hash(), err)
		return
	}
	b.header.GasUsed = b.gasPool.Used()
	if b.statedb.Database().Type().Is(state.TypeUBT) {
		b.statedb.AccessEvents().Merge(evm.AccessEvents)
	}
	b.txs = append(b.txs, tx)
	b.receipts = append(b.receipts, receipt)
	if b.header.BlobGasUsed != nil {
		*b.header.BlobGasUsed += receipt.BlobGasUsed
	}
	b.bal.Merge(txBAL)
}

// finish runs the post-transaction system calls and assembles the block.
// The state is left uncommitted.
func (b *blockGen) finish() (*types.Block, error) {
	if b.err != nil {
		return nil, b.err
	}
	if b.header.ParentBeaconRoot != nil {
		core.ProcessBeaconBlockRoot(*b.header.ParentBeaconRoot, b.systemEVM(), b.bal) // EIP-4788
	}
	var blockLogs []*types.Log
	for _, r := range b.receipts {
		blockLogs = append(blockLogs, r.Logs...)
	}
	blockContext := core.NewEVMBlockContext(b.header, b.chain, &b.header.Coinbase)
	evm := vm.NewEVM(blockContext, b.statedb, b.chain.config, vm.Config{})
	requests, postBAL, err := core.PostExecution(context.Background(), b.chain.config, b.header.Number, b.header.Time, blockLogs, nil, evm, uint32(len(b.txs)+1))
	if err != nil {
		return nil, fmt.Errorf("block %d post-execution: %w", b.header.Number, err)
	}
	if requests != nil {
		reqHash := types.CalcRequestsHash(requests)
		b.header.RequestsHash = &reqHash
	}
	b.bal.Merge(postBAL)

	body := types.Body{Transactions: b.txs}
	if b.chain.config.IsShanghai(b.header.Number, b.header.Time) {
		body.Withdrawals = make([]*types.Withdrawal, 0)
	}
	b.chain.engine.Finalize(b.chain, b.header, b.statedb, &body)
	return core.AssembleBlock(b.chain, b.header, b.statedb, &body, b.receipts, b.bal), nil
}
