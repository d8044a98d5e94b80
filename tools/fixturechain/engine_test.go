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
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/beacon/engine"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/tests"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/chainfile"
	"statelab/tools/internal/dumpmanifest"
)

// pragueChain makes a Prague chain of n blocks from a genesis shaped as
// execution-spec-tests builds an engine_x group's (extra data 0x00, time 0),
// with the system contracts, a fresh fee recipient per block and a contract
// creation. It returns the genesis and the blocks' newPayloadV4 calls.
func pragueChain(t *testing.T, n int) (*core.Genesis, []*types.Block, []map[string]any) {
	t.Helper()
	key, _ := crypto.GenerateKey()
	sender := crypto.PubkeyToAddress(key.PublicKey)
	config := tests.Forks["Prague"]
	genesis := &core.Genesis{
		Config: config, GasLimit: 60_000_000, BaseFee: big.NewInt(7), Difficulty: new(big.Int),
		ExtraData: []byte{0}, Coinbase: common.Address{0x12},
		ExcessBlobGas: new(uint64), BlobGasUsed: new(uint64),
		Alloc: types.GenesisAlloc{
			sender:                           {Balance: big.NewInt(1e18)},
			params.BeaconRootsAddress:        {Nonce: 1, Code: params.BeaconRootsCode, Balance: common.Big0},
			params.HistoryStorageAddress:     {Nonce: 1, Code: params.HistoryStorageCode, Balance: common.Big0},
			params.WithdrawalQueueAddress:    {Nonce: 1, Code: params.WithdrawalQueueCode, Balance: common.Big0},
			params.ConsolidationQueueAddress: {Nonce: 1, Code: params.ConsolidationQueueCode, Balance: common.Big0},
			common.HexToAddress("0x00000000219ab540356cBB839Cbe05303d7705Fa"): {Code: []byte{0x00}, Balance: common.Big0},
		},
	}
	_, blocks, _ := core.GenerateChainWithGenesis(genesis, beacon.New(ethash.NewFaker()), n, func(i int, b *core.BlockGen) {
		b.SetCoinbase(common.Address{0xc0, byte(i)})
		signer := types.LatestSigner(config)
		inner := &types.DynamicFeeTx{
			ChainID: config.ChainID, Nonce: uint64(i), Gas: 100_000, GasFeeCap: b.BaseFee(), GasTipCap: big.NewInt(1),
		}
		if i == 0 {
			inner.Data = []byte{0x60, 0x00, 0x60, 0x00, 0xf3} // create an empty contract
		} else {
			inner.To, inner.Value = &common.Address{0xaa, byte(i)}, big.NewInt(1)
		}
		tx, err := types.SignNewTx(key, signer, inner)
		if err != nil {
			t.Fatal(err)
		}
		b.AddTx(tx)
	})
	calls := make([]map[string]any, len(blocks))
	for i, b := range blocks {
		data := engine.BlockToExecutableData(b, new(big.Int), nil, [][]byte{}).ExecutionPayload
		calls[i] = map[string]any{
			"params":                   []any{data, []common.Hash{}, b.BeaconRoot(), []hexutil.Bytes{}},
			"newPayloadVersion":        "4",
			"forkchoiceUpdatedVersion": "3",
		}
	}
	return genesis, blocks, calls
}

// checkChainDir checks a converted chain directory: its genesis hashes to
// the blocks' parent and its blocks are the chain's.
func checkChainDir(t *testing.T, dir string, blocks []*types.Block) {
	t.Helper()
	genesis, got := readChainDir(t, dir)
	if hash := genesis.ToBlock().Hash(); hash != blocks[0].ParentHash() {
		t.Fatalf("genesis hash %x, want %x", hash, blocks[0].ParentHash())
	}
	if len(got) != len(blocks) {
		t.Fatalf("%d blocks, want %d", len(got), len(blocks))
	}
	for i := range blocks {
		if got[i].Hash() != blocks[i].Hash() {
			t.Fatalf("block %d: hash %x, want %x", i+1, got[i].Hash(), blocks[i].Hash())
		}
	}
	insertAll(t, genesis, got)
}

// readChainDir reads a converted chain directory's genesis and blocks.
func readChainDir(t *testing.T, dir string) (*core.Genesis, []*types.Block) {
	t.Helper()
	genesis := new(core.Genesis)
	blob, err := os.ReadFile(filepath.Join(dir, "genesis.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(blob, genesis); err != nil {
		t.Fatal(err)
	}
	blocks, err := blockfile.ReadFile(filepath.Join(dir, chainfile.BlocksFile))
	if err != nil {
		t.Fatal(err)
	}
	return genesis, blocks
}

// insertAll inserts the blocks on the genesis as geth import does; every
// block must insert.
func insertAll(t *testing.T, genesis *core.Genesis, blocks []*types.Block) {
	t.Helper()
	chain, err := core.NewBlockChain(rawdb.NewMemoryDatabase(), genesis, beacon.New(ethash.NewFaker()), core.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Stop()
	if n, err := chain.InsertChain(blocks); err != nil {
		t.Fatalf("block %d: %v", n+1, err)
	}
}

// TestEngineFormats converts the engine formats: blockchain_test_engine (a
// genesis header and newPayload calls) and blockchain_test_engine_x (a
// pre-allocation group named by hash, in the release's pre_alloc directory).
func TestEngineFormats(t *testing.T) {
	genesis, blocks, calls := pragueChain(t, 3)
	head := genesis.ToBlock().Header()
	in, out := t.TempDir(), t.TempDir()
	writeJSON(t, filepath.Join(in, "engine", "a.json"), map[string]any{"engine-test": map[string]any{
		"network": "Prague",
		"genesisBlockHeader": map[string]any{
			"coinbase": head.Coinbase, "difficulty": "0x0", "extraData": hexutil.Bytes(head.Extra),
			"gasLimit": hexutil.Uint64(head.GasLimit), "gasUsed": "0x0", "hash": head.Hash(),
			"mixHash": head.MixDigest, "nonce": "0x0000000000000000", "parentHash": head.ParentHash,
			"timestamp": "0x0", "baseFeePerGas": "0x7", "blobGasUsed": "0x0", "excessBlobGas": "0x0",
		},
		"pre":               genesis.Alloc,
		"lastblockhash":     blocks[len(blocks)-1].Hash(),
		"engineNewPayloads": calls,
	}})
	group := map[string]any{
		"network": "Prague", "pre": genesis.Alloc, "testIds": []string{"engine-x-test"},
		"environment": map[string]any{
			"currentCoinbase": genesis.Coinbase, "currentGasLimit": hexutil.Uint64(genesis.GasLimit),
			"currentNumber": "0x00", "currentTimestamp": "0x00", "currentRandom": "0x00", "currentDifficulty": "0x00",
			"currentBaseFee": "0x07", "currentExcessBlobGas": "0x00", "currentBlobGasUsed": "0x00",
		},
	}
	writeJSON(t, filepath.Join(in, "engine_x", "pre_alloc", "0x1234.json"), group)
	engineX := map[string]any{
		"network": "Prague", "preHash": "0x1234", "lastblockhash": blocks[len(blocks)-1].Hash(), "engineNewPayloads": calls,
	}
	writeJSON(t, filepath.Join(in, "engine_x", "benchmark", "sub", "b.json"), map[string]any{
		"engine-x-test": engineX,
		"engine-x-nogroup": map[string]any{
			"network": "Prague", "preHash": "0x9999", "lastblockhash": blocks[len(blocks)-1].Hash(), "engineNewPayloads": calls,
		},
	})
	var buf bytes.Buffer
	if err := newApp(&buf).Run([]string{"fixturechain", "--out", out, in}); err != nil {
		t.Fatal(err)
	}
	checkChainDir(t, filepath.Join(out, "engine-test"), blocks)
	checkChainDir(t, filepath.Join(out, "engine-x-test"), blocks)
	for _, want := range []string{"2 chains written", "skipped 1 tests: pre-allocation group missing", "engine-x-nogroup: "} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, buf.String())
		}
	}
	// A payload with a wrong block hash skips its test as invalid, naming it
	// and the block.
	bad := engineX
	badCalls := append([]map[string]any{}, calls...)
	data := *calls[1]["params"].([]any)[0].(*engine.ExecutableData)
	data.GasUsed++
	badCalls[1] = map[string]any{"params": []any{&data, []common.Hash{}, blocks[1].BeaconRoot(), []hexutil.Bytes{}}, "newPayloadVersion": 4}
	bad["engineNewPayloads"] = badCalls
	writeJSON(t, filepath.Join(in, "engine_x", "benchmark", "sub", "b.json"), map[string]any{"engine-x-test": bad})
	buf.Reset()
	err := newApp(&buf).Run([]string{"fixturechain", "--out", t.TempDir(), filepath.Join(in, "engine_x", "benchmark")})
	if err == nil || !strings.Contains(buf.String(), "engine-x-test: block 2 (payload 2): blockhash mismatch") {
		t.Errorf("a payload with a wrong hash: err %v, output:\n%s", err, buf.String())
	}
}

// writePayloadSet writes the calls as a gas-benchmarks payload set: setup
// holds all blocks but the last, testing the last, each file ending with a
// forkchoiceUpdated to its last block. It returns the testing file.
func writePayloadSet(t *testing.T, root, name string, blocks []*types.Block, calls []map[string]any) string {
	t.Helper()
	line := func(method string, params any) string {
		blob, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
		if err != nil {
			t.Fatal(err)
		}
		return string(blob) + "\n"
	}
	var setup, testing strings.Builder
	for i, c := range calls {
		w := &setup
		if i == len(calls)-1 {
			w = &testing
		}
		w.WriteString(line("engine_newPayloadV4", c["params"]))
		if i == len(calls)-2 || i == len(calls)-1 {
			w.WriteString(line("engine_forkchoiceUpdatedV3", []any{map[string]any{
				"headBlockHash": blocks[i].Hash(), "safeBlockHash": common.Hash{}, "finalizedBlockHash": common.Hash{},
			}, nil}))
		}
	}
	for phase, content := range map[string]string{"setup": setup.String(), "testing": testing.String()} {
		dir := filepath.Join(root, phase, "000001")
		os.MkdirAll(dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(root, "testing", "000001", name+".txt")
}

// TestPayloadSets converts gas-benchmarks payload sets (setup, testing and
// cleanup files of Engine API requests) with the genesis they were made for,
// and refuses bad input with an error naming the file, test and block.
func TestPayloadSets(t *testing.T) {
	genesis, blocks, calls := pragueChain(t, 3)
	root, out := t.TempDir(), t.TempDir()
	name := "tests_benchmark_x.py__test_y[fork_Prague-benchmark]-gas-value_60M"
	testingFile := writePayloadSet(t, root, name, blocks, calls)
	genesisFile := filepath.Join(t.TempDir(), "genesis.json")
	writeJSON(t, genesisFile, genesis)

	if err := run([]string{"--out", out, root}); err == nil || !strings.Contains(err.Error(), "need --genesis") {
		t.Fatalf("payload files without --genesis: %v", err)
	}
	if err := run([]string{"--out", out, "--genesis", genesisFile, root}); err != nil {
		t.Fatal(err)
	}
	checkChainDir(t, filepath.Join(out, (&chain{name: name}).dirName()), blocks)

	// A truncated testing file: the error names it, the line, the test and
	// the block before.
	whole, _ := os.ReadFile(testingFile)
	os.WriteFile(testingFile, whole[:len(whole)/2], 0o644)
	err := run([]string{"--out", t.TempDir(), "--genesis", genesisFile, root})
	wantTrunc := fmt.Sprintf("%s line 1: test %q: not a whole JSON-RPC request (a truncated file?) after block 2", testingFile, name)
	if err == nil || !strings.Contains(err.Error(), wantTrunc) {
		t.Errorf("truncated file: %v, want %q", err, wantTrunc)
	}
	os.WriteFile(testingFile, whole, 0o644)

	// Another genesis: the error names the test, block 1 and both hashes.
	other := *genesis
	other.GasLimit++
	otherFile := filepath.Join(t.TempDir(), "other.json")
	writeJSON(t, otherFile, &other)
	err = run([]string{"--out", t.TempDir(), "--genesis", otherFile, root})
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("test %q: block 1: its parent is %x, but the genesis %s hashes to %x", name, blocks[0].ParentHash(), otherFile, other.ToBlock().Hash())) {
		t.Errorf("another genesis: %v", err)
	}

	// A genesis that schedules no Prague has no requests hash: another genesis.
	cancun := *genesis
	cfg := *genesis.Config
	cfg.PragueTime = nil
	cancun.Config = &cfg
	cancunFile := filepath.Join(t.TempDir(), "cancun.json")
	writeJSON(t, cancunFile, &cancun)
	err = run([]string{"--out", t.TempDir(), "--genesis", cancunFile, root})
	if err == nil || !strings.Contains(err.Error(), "the payload set was made for another genesis") {
		t.Errorf("a Cancun genesis: %v", err)
	}

	// A block sent with the version of a fork the genesis does not put it in.
	os.WriteFile(testingFile, bytes.Replace(whole, []byte("engine_newPayloadV4"), []byte("engine_newPayloadV5"), 1), 0o644)
	err = run([]string{"--out", t.TempDir(), "--genesis", genesisFile, root})
	if want := fmt.Sprintf("test %q: block 3: sent as engine_newPayloadV5, but the genesis %s puts it in Prague, which takes engine_newPayloadV4", name, genesisFile); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("wrong version: %v, want %q", err, want)
	}

	// An LFS pointer as genesis, and a method that is not the engine API's.
	lfs := filepath.Join(t.TempDir(), "lfs.json")
	os.WriteFile(lfs, []byte("version https://git-lfs.github.com/spec/v1\noid sha256:9c2e\nsize 58401709\n"), 0o644)
	if err := run([]string{"--out", t.TempDir(), "--genesis", lfs, root}); err == nil || !strings.Contains(err.Error(), "Git LFS pointer") {
		t.Errorf("LFS genesis: %v", err)
	}
	os.WriteFile(testingFile, []byte(`{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}`+"\n"), 0o644)
	if err := run([]string{"--out", t.TempDir(), "--genesis", genesisFile, root}); err == nil || !strings.Contains(err.Error(), `method "eth_blockNumber"`) {
		t.Errorf("other method: %v", err)
	}
}

// TestUnknownForkOnly checks that a fixture for a fork geth does not have is
// named with its blocks, and that a run converting nothing fails.
func TestUnknownForkOnly(t *testing.T) {
	fx, _ := testFixture(t, 2)
	fx["network"] = "Glamsterdam"
	in := filepath.Join(t.TempDir(), "new.json")
	writeJSON(t, in, map[string]any{"future-test": fx})
	var buf bytes.Buffer
	err := newApp(&buf).Run([]string{"fixturechain", "--out", t.TempDir(), in})
	if err == nil || !strings.Contains(err.Error(), "no chain written") {
		t.Errorf("err %v, want no chain written", err)
	}
	if want := `future-test: network "Glamsterdam" (blocks 1 to 2)`; !strings.Contains(buf.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, buf.String())
	}
}

// TestShippedEESTSubset converts the EEST benchmark tests shipped as test
// data, one or two of each fixture format, and inserts every chain: each
// must reach its fixture's expected head.
func TestShippedEESTSubset(t *testing.T) {
	out := t.TempDir()
	var buf bytes.Buffer
	if err := newApp(&buf).Run([]string{"fixturechain", "--out", out, filepath.Join("testdata", "eest")}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "5 chains written") || strings.Contains(buf.String(), "skipped") {
		t.Fatalf("want the 5 tests converted, none skipped:\n%s", buf.String())
	}
	dirs, _ := os.ReadDir(out)
	formats := make(map[string]int)
	for _, d := range dirs {
		dir := filepath.Join(out, d.Name())
		genesis, blocks := readChainDir(t, dir)
		insertAll(t, genesis, blocks)
		m, err := dumpmanifest.Read(filepath.Join(dir, dumpmanifest.FileName))
		if err != nil {
			t.Fatal(err)
		}
		if head := blocks[len(blocks)-1]; head.Hash() != m.Files[0].HeadHash || head.Root() != m.Files[0].HeadRoot {
			t.Errorf("%s: head %x root %x, manifest %x %x", d.Name(), head.Hash(), head.Root(), m.Files[0].HeadHash, m.Files[0].HeadRoot)
		}
		formats[strings.Split(strings.SplitN(m.Test, "-blockchain_test", 2)[1], "-")[0]]++
	}
	if formats[""] != 2 || formats["_engine"] != 2 || formats["_engine_x"] != 1 {
		t.Errorf("tests by format %v, want 2 blockchain_test, 2 engine, 1 engine_x", formats)
	}
}

// TestAccessListFromFixture converts an EEST Amsterdam test whose block's
// access list the fixture gives beside the RLP: the written block carries
// it, as geth export writes Amsterdam blocks, and it hashes to the header's
// commitment. A list that does not skips the test, naming the block.
func TestAccessListFromFixture(t *testing.T) {
	src, err := filepath.Glob(filepath.Join("testdata", "eest-amsterdam", "*", "*", "*", "*", "*", "bal_empty_block_no_coinbase.json"))
	if err != nil || len(src) != 1 {
		t.Fatalf("shipped Amsterdam fixture: %v %v", src, err)
	}
	out := t.TempDir()
	if err := run([]string{"--out", out, src[0]}); err != nil {
		t.Fatal(err)
	}
	dirs, _ := os.ReadDir(out)
	if len(dirs) != 1 {
		t.Fatalf("%d chains written, want 1", len(dirs))
	}
	blocks, err := blockfile.ReadFile(filepath.Join(out, dirs[0].Name(), chainfile.BlocksFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		list, want := b.AccessList(), b.Header().BlockAccessListHash
		if list == nil || want == nil || list.Hash() != *want {
			t.Fatalf("block %d: access list %v, header commits to %v", b.NumberU64(), list, want)
		}
	}
	// A storage read the header does not commit to.
	blob, _ := os.ReadFile(src[0])
	tampered := bytes.Replace(blob, []byte(`"storageReads": [`), []byte(`"storageReads": [
       "0x0777",`), 1)
	if bytes.Equal(tampered, blob) {
		t.Fatal("the fixture has no storage reads to tamper with")
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, tampered, 0o644)
	var buf bytes.Buffer
	err = newApp(&buf).Run([]string{"fixturechain", "--out", t.TempDir(), bad})
	if err == nil || !strings.Contains(buf.String(), "block 1: the fixture's block access list hashes to") {
		t.Errorf("tampered list: %v\n%s", err, buf.String())
	}
}
