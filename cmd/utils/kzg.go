// Copyright 2015 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.

package utils

import (
	"github.com/ethereum/go-ethereum/crypto/kzg4844"
	"github.com/ethereum/go-ethereum/log"
	"github.com/urfave/cli/v2"
)

// InitKZGInBackground initializes the KZG library chosen by --crypto.kzg in a
// goroutine, so that a node has it ready once it executes blocks or verifies
// blob transactions: the setup takes 2-4 seconds of CPU. Commands that run
// without a node, such as import, leave it to the first use (SetEthConfig
// only selects the backend). It must run after SetEthConfig.
func InitKZGInBackground(ctx *cli.Context) {
	backend := ctx.String(CryptoKZGFlag.Name)
	go func() {
		log.Info("Initializing the KZG library", "backend", backend)
		if err := kzg4844.UseCKZG(backend == "ckzg"); err != nil {
			Fatalf("Failed to set KZG library implementation to %s: %v", backend, err)
		}
	}()
}
