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
	"encoding/binary"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Derivation domains. Every pseudo-random value in a dump is the keccak256 of
// one of these tags, the seed and an index, so that a dump is a pure function
// of its flags and later stages can re-derive any key or address without
// reading the population back.
const (
	domainSender   = "dumpgen/sender"
	domainAccount  = "dumpgen/account"
	domainHolder   = "dumpgen/holder"
	domainAmount   = "dumpgen/amount"
	domainSalt     = "dumpgen/salt"
	domainValue    = "dumpgen/value"
	domainMiner    = "dumpgen/coinbase"
	domainWorkload = "dumpgen/workload"
)

// derive returns keccak256(domain || seed || index), with seed and index as
// 8-byte big endian integers.
func derive(domain string, seed, index uint64) common.Hash {
	var buf [16]byte
	binary.BigEndian.PutUint64(buf[:8], seed)
	binary.BigEndian.PutUint64(buf[8:], index)
	return crypto.Keccak256Hash([]byte(domain), buf[:])
}

// deriveAddress returns the address at the given index of a domain: the low
// 20 bytes of the derived hash, which spreads addresses over the key space.
func deriveAddress(domain string, seed, index uint64) common.Address {
	return common.BytesToAddress(derive(domain, seed, index).Bytes())
}

// senderKey returns the private key of the index'th transaction sender of
// the given seed. A hash that is not a valid secp256k1 scalar (probability
// about 2^-128) is rehashed until it is.
func senderKey(seed, index uint64) (*ecdsa.PrivateKey, error) {
	h := derive(domainSender, seed, index)
	for i := 0; i < 16; i++ {
		key, err := crypto.ToECDSA(h.Bytes())
		if err == nil {
			return key, nil
		}
		h = crypto.Keccak256Hash(h.Bytes())
	}
	return nil, fmt.Errorf("no valid sender key for seed %d index %d", seed, index)
}
