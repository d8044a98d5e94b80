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
	"crypto/ecdsa"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
)

// numSenders is the number of funded transaction senders; transactions are
// assigned to them round robin.
const numSenders = 8

var (
	gasFeeCap = big.NewInt(10 * params.GWei) // above the base fee, which never rises
	gasTipCap = big.NewInt(1 * params.GWei)
)

// senders signs the transactions of a chain and tracks its senders' nonces.
// It is not safe for concurrent use; clone gives an independent copy, for
// a branch of the chain.
type senders struct {
	signer types.Signer
	keys   []*ecdsa.PrivateKey
	addrs  []common.Address
	nonces []uint64
	count  uint64 // transactions signed, picks the next sender
}

// newSenders derives the senders of seed.
func newSenders(config *params.ChainConfig, seed uint64) (*senders, error) {
	s := &senders{signer: types.LatestSigner(config), nonces: make([]uint64, numSenders)}
	for i := uint64(0); i < numSenders; i++ {
		key, err := senderKey(seed, i)
		if err != nil {
			return nil, err
		}
		s.keys = append(s.keys, key)
		s.addrs = append(s.addrs, crypto.PubkeyToAddress(key.PublicKey))
	}
	return s, nil
}

// clone returns a copy with its own nonces.
func (s *senders) clone() *senders {
	c := *s
	c.nonces = append([]uint64(nil), s.nonces...)
	return &c
}

// sign fills in chain id, nonce and fees of inner and signs it with the
// next sender, round robin.
func (s *senders) sign(inner *types.DynamicFeeTx) (*types.Transaction, error) {
	i := s.count % numSenders
	inner.ChainID = s.signer.ChainID()
	inner.Nonce = s.nonces[i]
	inner.GasTipCap, inner.GasFeeCap = gasTipCap, gasFeeCap
	tx, err := types.SignNewTx(s.keys[i], s.signer, inner)
	if err != nil {
		return nil, err
	}
	s.nonces[i]++
	s.count++
	return tx, nil
}
