// Copyright 2026 The go-ethereum Authors
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

import "github.com/ethereum/go-ethereum/internal/flags"

// CachePrefetchWorkersFlag sets how many transactions the state prefetcher
// executes at once (BlockChainConfig.PrefetchWorkers), for the chains built
// from flags (geth import and the other offline commands).
var CachePrefetchWorkersFlag = NewWorkersFlag("cache.prefetch-workers",
	"Number of workers that execute a block's transactions in the state prefetcher, one transaction each (0: 4/5 of the CPUs)",
	0, flags.PerfCategory)
