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

// blockInfo identifies a block and its load, from the block span.
type blockInfo struct {
	Number   int64  `json:"number"` // -1 if the span lacks block.number
	Hash     string `json:"hash"`
	GasUsed  int64  `json:"gas_used"`
	GasLimit int64  `json:"gas_limit"`
	TxCount  int64  `json:"tx_count"`
	TxSpans  int    `json:"tx_spans"` // core.ApplyTransactionWithEVM spans
	Level    string `json:"telemetry_level"`
	TrieKind string `json:"trie_kind,omitempty"`
	StartNS  int64  `json:"start_unix_ns"`
}

// readSummary is the block's state reads, from the aggregate state.read span.
type readSummary struct {
	Accounts       int64 `json:"accounts_loaded"`
	AccountReadUS  int64 `json:"account_read_us"`
	Storage        int64 `json:"storage_loaded"`
	StorageReadUS  int64 `json:"storage_read_us"`
	Code           int64 `json:"code_loaded"`
	CodeReadUS     int64 `json:"code_read_us"`
	AccountsUpdate int64 `json:"accounts_updated"`
	StorageUpdate  int64 `json:"storage_updated"`
}

// info returns the block's identity and load.
func (b *blockSpans) info() blockInfo {
	r := b.root
	info := blockInfo{
		Number:   b.number(),
		Hash:     r.strAttr("block.hash"),
		GasUsed:  r.intOr("block.gas_used"),
		GasLimit: r.intOr("block.gas_limit"),
		TxCount:  r.intOr("block.tx_count"),
		TxSpans:  len(b.named("core.ApplyTransactionWithEVM")),
		Level:    r.strAttr("telemetry.level"),
		StartNS:  r.start,
	}
	for _, name := range []string{opTrieCommit, opTriedb, opTrieUpdate, opNodeFetch} {
		if spans := b.named(name); len(spans) > 0 {
			info.TrieKind = spans[0].strAttr("trie.kind")
			break
		}
	}
	return info
}

// reads returns the block's state reads: counts and times from the state.read
// span, falling back to the block span's counts, and the update counts.
func (b *blockSpans) reads() readSummary {
	src := b.root
	if spans := b.named(opStateRead); len(spans) > 0 {
		src = spans[0]
	}
	return readSummary{
		Accounts:       src.intOr("state.accounts_loaded"),
		AccountReadUS:  src.intOr("state.account_read_us"),
		Storage:        src.intOr("state.storage_loaded"),
		StorageReadUS:  src.intOr("state.storage_read_us"),
		Code:           src.intOr("state.code_loaded"),
		CodeReadUS:     src.intOr("state.code_read_us"),
		AccountsUpdate: b.root.intOr("state.accounts_updated"),
		StorageUpdate:  b.root.intOr("state.storage_updated"),
	}
}
