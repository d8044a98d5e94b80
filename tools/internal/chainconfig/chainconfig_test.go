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

package chainconfig

import (
	"math/big"
	"testing"
)

// TestNew checks the forks each kind turns on at genesis.
func TestNew(t *testing.T) {
	ubt := New(true, big.NewInt(7))
	if !ubt.IsUBT(big.NewInt(0), 0) || ubt.IsCancun(big.NewInt(0), 0) || ubt.ChainID.Int64() != 7 {
		t.Errorf("binary-trie config: ubt %v, cancun %v, chain id %v", ubt.IsUBT(big.NewInt(0), 0), ubt.IsCancun(big.NewInt(0), 0), ubt.ChainID)
	}
	mpt := New(false, big.NewInt(7))
	if mpt.IsUBT(big.NewInt(0), 0) || !mpt.IsPrague(big.NewInt(0), 0) || mpt.BlobScheduleConfig.Cancun == nil {
		t.Errorf("Merkle-Patricia config: ubt %v, prague %v", mpt.IsUBT(big.NewInt(0), 0), mpt.IsPrague(big.NewInt(0), 0))
	}
	if err := mpt.CheckConfigForkOrder(); err != nil {
		t.Errorf("Merkle-Patricia fork order: %v", err)
	}
	if err := ubt.CheckConfigForkOrder(); err != nil {
		t.Errorf("binary-trie fork order: %v", err)
	}
}

// TestWithAmsterdam checks that every fork up to Amsterdam is active at
// genesis, in an order geth accepts, with a blob schedule for each blob
// fork, and that the config it was given is left as it was.
func TestWithAmsterdam(t *testing.T) {
	base := New(false, big.NewInt(7))
	cfg := WithAmsterdam(base)
	zero := big.NewInt(0)
	if !cfg.IsCancun(zero, 0) || !cfg.IsPrague(zero, 0) || !cfg.IsOsaka(zero, 0) || !cfg.IsBPO2(zero, 0) || !cfg.IsAmsterdam(zero, 0) || cfg.IsBogota(zero, 0) {
		t.Errorf("forks at genesis: %v", cfg)
	}
	if err := cfg.CheckConfigForkOrder(); err != nil {
		t.Errorf("fork order: %v", err)
	}
	if base.IsOsaka(zero, 0) || base.IsAmsterdam(zero, 0) || base.BlobScheduleConfig.BPO1 != nil {
		t.Errorf("WithAmsterdam changed its argument: %v", base)
	}
	if cfg.ChainID.Int64() != 7 || cfg.IsUBT(zero, 0) {
		t.Errorf("chain id %v, ubt %v", cfg.ChainID, cfg.IsUBT(zero, 0))
	}
}
