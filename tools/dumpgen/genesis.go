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
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

// senderBalance is the genesis balance of every transaction sender:
// one billion ether, far more than any population spends.
var senderBalance = new(big.Int).Mul(big.NewInt(1_000_000_000), big.NewInt(params.Ether))

// makeGenesis assembles the genesis of a dump: the senders' funds, the token,
// sequential slot, driver, airdrop and sampler contracts and the system contracts the
// configured forks call (EIP-4788 beacon roots, EIP-2935 block hashes,
// EIP-7002/7251 queues; from Amsterdam every contract of
// core.SystemContractAllocs, among them EIP-8282's builder request queues).
// The block gas limit is twice the gas target, so that blocks filled up to
// the target keep the EIP-1559 base fee from rising.
func makeGenesis(config *params.ChainConfig, gasTarget uint64, senders []common.Address) *core.Genesis {
	alloc := types.GenesisAlloc{
		tokenAddress:   {Code: tokenCode, Nonce: 1, Balance: common.Big0},
		slotsAddress:   {Code: slotsCode, Nonce: 1, Balance: common.Big0},
		driverAddress:  {Code: driverCode, Nonce: 1, Balance: common.Big0},
		airdropAddress: {Code: airdropCode, Nonce: 1, Balance: common.Big0},
		samplerAddress: {Code: samplerCode, Nonce: 1, Balance: new(big.Int).Set(samplerBalance)},

		params.BeaconRootsAddress:        {Code: params.BeaconRootsCode, Nonce: 1, Balance: common.Big0},
		params.HistoryStorageAddress:     {Code: params.HistoryStorageCode, Nonce: 1, Balance: common.Big0},
		params.WithdrawalQueueAddress:    {Code: params.WithdrawalQueueCode, Nonce: 1, Balance: common.Big0},
		params.ConsolidationQueueAddress: {Code: params.ConsolidationQueueCode, Nonce: 1, Balance: common.Big0},
	}
	if config.IsAmsterdam(common.Big0, 0) {
		maps.Copy(alloc, core.SystemContractAllocs())
	}
	for _, addr := range senders {
		alloc[addr] = types.Account{Balance: new(big.Int).Set(senderBalance)}
	}
	return &core.Genesis{
		Config:     config,
		Timestamp:  0,
		ExtraData:  []byte("statelab dumpgen"),
		GasLimit:   2 * gasTarget,
		Difficulty: big.NewInt(0),
		BaseFee:    big.NewInt(params.InitialBaseFee),
		Alloc:      alloc,
	}
}

// genesis returns the genesis of the dump cfg describes: makeGenesis's, and
// on a mainnet shape the contract its mainnet_read workload calls.
func (c *config) genesis(chainCfg *params.ChainConfig, senders []common.Address) *core.Genesis {
	g := makeGenesis(chainCfg, c.gasTarget, senders)
	if c.shape == shapeMainnet {
		g.Alloc[mainnetReaderAddress] = types.Account{Code: mainnetReaderCode, Nonce: 1, Balance: common.Big0}
	}
	return g
}

// encodeGenesis renders a genesis as indented JSON. encoding/json sorts the
// allocation by address, so the output is deterministic.
func encodeGenesis(g *core.Genesis) ([]byte, error) {
	raw, err := json.Marshal(g)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// decodedGenesisHash decodes a genesis.json blob the way geth init does and
// returns the hash of the genesis block it specifies.
func decodedGenesisHash(blob []byte) (common.Hash, error) {
	g := new(core.Genesis)
	if err := json.Unmarshal(blob, g); err != nil {
		return common.Hash{}, fmt.Errorf("invalid genesis json: %w", err)
	}
	return g.ToBlock().Hash(), nil
}

// checkGenesisRoundTrip fails unless blob decodes to the genesis block want.
func checkGenesisRoundTrip(blob []byte, want common.Hash) error {
	have, err := decodedGenesisHash(blob)
	if err != nil {
		return err
	}
	if have != want {
		return fmt.Errorf("genesis.json does not round-trip: decoded genesis hash %x, chain built on %x", have, want)
	}
	return nil
}
