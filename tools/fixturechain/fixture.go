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
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/types/bal"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/tests"
)

// fixtureHeader holds the genesis header fields of a blockchain test that
// the genesis block is built from.
type fixtureHeader struct {
	Coinbase      common.Address        `json:"coinbase"`
	Difficulty    *math.HexOrDecimal256 `json:"difficulty"`
	ExtraData     hexutil.Bytes         `json:"extraData"`
	GasLimit      math.HexOrDecimal64   `json:"gasLimit"`
	GasUsed       math.HexOrDecimal64   `json:"gasUsed"`
	Hash          common.Hash           `json:"hash"`
	MixHash       common.Hash           `json:"mixHash"`
	Nonce         hexutil.Bytes         `json:"nonce"`
	ParentHash    common.Hash           `json:"parentHash"`
	Timestamp     math.HexOrDecimal64   `json:"timestamp"`
	BaseFee       *math.HexOrDecimal256 `json:"baseFeePerGas"`
	BlobGasUsed   *math.HexOrDecimal64  `json:"blobGasUsed"`
	ExcessBlobGas *math.HexOrDecimal64  `json:"excessBlobGas"`
}

// fixtureBlock is one entry of a test's blocks: its RLP, whether the block
// is meant to be rejected, and an Amsterdam block's EIP-7928 access list,
// which the fixture gives beside the RLP rather than in it.
type fixtureBlock struct {
	RLP             hexutil.Bytes      `json:"rlp"`
	ExpectException string             `json:"expectException"`
	AccessList      *fixtureAccessList `json:"blockAccessList"`
}

// fixture is one blockchain test, named by its key in the file.
type fixture struct {
	name          string
	file          string
	Network       string             `json:"network"`
	Genesis       fixtureHeader      `json:"genesisBlockHeader"`
	Pre           types.GenesisAlloc `json:"pre"`
	LastBlockHash common.Hash        `json:"lastblockhash"`
	Blocks        []fixtureBlock     `json:"blocks"`

	// The engine formats (blockchain_test_engine, blockchain_test_engine_x)
	// give the blocks as newPayload calls; engine_x names its genesis by the
	// hash of a pre-allocation group instead of giving a header.
	Payloads []enginePayload `json:"engineNewPayloads"`
	PreHash  string          `json:"preHash"`
}

// readFixtures reads the tests of one fixture file, sorted by name.
func readFixtures(file string) ([]*fixture, error) {
	blob, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(blob, []byte(lfsPointer)) {
		return nil, skip(lfsReason, "%s", file)
	}
	var byName map[string]*fixture
	if err := json.Unmarshal(blob, &byName); err != nil {
		return nil, fmt.Errorf("%s: not blockchain test JSON: %v", file, err)
	}
	names := make([]string, 0, len(byName))
	for name, f := range byName {
		if f == nil || f.Network == "" || (f.Genesis.Hash == (common.Hash{}) && f.PreHash == "") {
			return nil, fmt.Errorf("%s: test %q has no network, genesisBlockHeader or preHash: not a blockchain test", file, name)
		}
		f.name, f.file = name, file
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]*fixture, len(names))
	for i, name := range names {
		out[i] = byName[name]
	}
	return out, nil
}

// lfsPointer starts a Git LFS pointer file: a clone or snapshot without the
// large file it stands for.
const lfsPointer = "version https://git-lfs.github.com/spec/"

// lfsReason is the skip reason of a fixture file that is an LFS pointer.
const lfsReason = "file is a Git LFS pointer, not the fixture (git lfs pull fetches it)"

// skipError is why a test (or a whole file) is not converted; its reason
// groups the counts.
type skipError struct {
	reason string
	detail string
}

func (e *skipError) Error() string { return e.reason + ": " + e.detail }

func skip(reason, format string, args ...any) error {
	return &skipError{reason: reason, detail: fmt.Sprintf(format, args...)}
}

// skipReason is the reason a skip error groups under, or the error itself.
func skipReason(err error) string {
	var s *skipError
	if errors.As(err, &s) {
		return s.reason
	}
	return err.Error()
}

// chain is a converted test: its genesis and its blocks, genesis excluded.
type chain struct {
	name    string
	genesis *core.Genesis
	blocks  []*types.Block
}

// convert checks that the test is one chain of valid blocks from its genesis
// to its expected head, and returns it. groups holds the pre-allocation
// groups of engine_x tests.
func (f *fixture) convert(groups *preAllocs) (*chain, error) {
	config, ok := tests.Forks[f.Network]
	if !ok {
		return nil, skip(unknownForkReason, "%s: network %q (blocks 1 to %d)", f.name, f.Network, f.blockCount())
	}
	if ttd := config.TerminalTotalDifficulty; ttd == nil || ttd.Sign() != 0 {
		return nil, skip("blocks before the merge (geth imports proof-of-stake chains only)", "%s: %s", f.name, f.Network)
	}
	genesis, genesisHash, err := f.genesisOf(groups)
	if err != nil {
		return nil, err
	}
	genesis.Config = config
	if hash := genesis.ToBlock().Hash(); hash != genesisHash {
		return nil, skip("genesis hash differs from the fixture's", "%s: %x, fixture says %x", f.name, hash, genesisHash)
	}
	blocks, err := f.decodeBlocks()
	if err != nil {
		return nil, err
	}
	if len(blocks) == 0 {
		return nil, skip("no blocks", "%s", f.name)
	}
	parent := genesisHash
	for i, block := range blocks {
		if block.ParentHash() != parent {
			return nil, skip("not one chain (side blocks or reorgs)", "%s: block %d", f.name, i+1)
		}
		parent = block.Hash()
	}
	if parent != f.LastBlockHash {
		return nil, skip("last block is not the expected head", "%s", f.name)
	}
	return &chain{name: f.name, genesis: genesis, blocks: blocks}, nil
}

// withAccessList embeds the fixture's access list in a block that commits
// to one, as geth export writes an Amsterdam block, after checking it
// against the header's hash. A block whose RLP carries its list already, or
// that commits to none, is returned as it is.
func withAccessList(block *types.Block, list *bal.BlockAccessList) (*types.Block, error) {
	want := block.Header().BlockAccessListHash
	if want == nil || block.AccessList() != nil {
		return block, nil
	}
	if list == nil {
		return nil, fmt.Errorf("header commits to block access list %x, and the fixture gives none", *want)
	}
	if got := list.Hash(); got != *want {
		return nil, fmt.Errorf("the fixture's block access list hashes to %x, the header commits to %x", got, *want)
	}
	return block.WithAccessList(list), nil
}

// unknownForkReason is the skip reason of a test whose network geth does not
// know: a fork newer than this geth, or one its tests package does not name.
const unknownForkReason = "network unknown to geth's tests package (a fork this geth does not have)"

// blockCount is how many blocks the test gives, in either format.
func (f *fixture) blockCount() int {
	if len(f.Payloads) > 0 {
		return len(f.Payloads)
	}
	return len(f.Blocks)
}

// genesisOf returns the test's genesis without a chain config, and the hash
// its first block must have as parent: the header's for the formats that
// give one, the first payload's parent for engine_x, whose group genesis
// carries no hash.
func (f *fixture) genesisOf(groups *preAllocs) (*core.Genesis, common.Hash, error) {
	if f.PreHash == "" {
		return f.genesis(), f.Genesis.Hash, nil
	}
	group, err := groups.lookup(f.file, f.PreHash)
	if s := (*skipError)(nil); errors.As(err, &s) {
		return nil, common.Hash{}, skip(s.reason, "%s: %s", f.name, s.detail)
	}
	if err != nil {
		return nil, common.Hash{}, err
	}
	if group.Network != f.Network {
		return nil, common.Hash{}, fmt.Errorf("%s: test %q is %s, its pre-allocation group %s is %s", f.file, f.name, f.Network, f.PreHash, group.Network)
	}
	if len(f.Payloads) == 0 {
		return nil, common.Hash{}, skip("no blocks", "%s", f.name)
	}
	var first struct {
		ParentHash common.Hash `json:"parentHash"`
	}
	if len(f.Payloads[0].Params) > 0 {
		json.Unmarshal(f.Payloads[0].Params[0], &first)
	}
	return group.genesis(), first.ParentHash, nil
}

// decodeBlocks returns the test's blocks, decoded from their RLP or built
// from their payloads. A block the test expects to be rejected, or one that
// does not decode, skips the test.
func (f *fixture) decodeBlocks() ([]*types.Block, error) {
	if len(f.Payloads) > 0 {
		blocks := make([]*types.Block, 0, len(f.Payloads))
		for i := range f.Payloads {
			p := &f.Payloads[i]
			if p.ValidationError != "" {
				return nil, skip("has invalid blocks", "%s: block %s: %s", f.name, payloadNumber(p), p.ValidationError)
			}
			block, err := p.block()
			if err != nil {
				return nil, skip("has invalid blocks", "%s: block %s (payload %d): %v", f.name, payloadNumber(p), i+1, err)
			}
			blocks = append(blocks, block)
		}
		return blocks, nil
	}
	blocks := make([]*types.Block, 0, len(f.Blocks))
	for i, b := range f.Blocks {
		if b.ExpectException != "" {
			return nil, skip("has invalid blocks", "%s: block %d: %s", f.name, i+1, b.ExpectException)
		}
		block := new(types.Block)
		if err := rlp.DecodeBytes(b.RLP, block); err != nil {
			return nil, skip("has invalid blocks", "%s: block %d: %v", f.name, i+1, err)
		}
		var list *bal.BlockAccessList
		if b.AccessList != nil {
			list = &b.AccessList.list
		}
		block, err := withAccessList(block, list)
		if err != nil {
			return nil, skip("has invalid blocks", "%s: block %d: %v", f.name, i+1, err)
		}
		blocks = append(blocks, block)
	}
	return blocks, nil
}

// genesis returns the genesis of the fixture's header and pre-state, as
// geth's tests package builds it, without a chain config.
func (f *fixture) genesis() *core.Genesis {
	h := f.Genesis
	g := &core.Genesis{
		Timestamp:  uint64(h.Timestamp),
		ParentHash: h.ParentHash,
		ExtraData:  h.ExtraData,
		GasLimit:   uint64(h.GasLimit),
		GasUsed:    uint64(h.GasUsed),
		Difficulty: (*big.Int)(h.Difficulty),
		Mixhash:    h.MixHash,
		Coinbase:   h.Coinbase,
		Alloc:      f.Pre,
		BaseFee:    (*big.Int)(h.BaseFee),
	}
	if g.Difficulty == nil {
		g.Difficulty = new(big.Int)
	}
	g.Nonce = new(big.Int).SetBytes(h.Nonce).Uint64()
	g.BlobGasUsed, g.ExcessBlobGas = optionalUint64(h.BlobGasUsed), optionalUint64(h.ExcessBlobGas)
	return g
}

// optionalUint64 converts a header field a fork may lack.
func optionalUint64(v *math.HexOrDecimal64) *uint64 {
	if v == nil {
		return nil
	}
	u := uint64(*v)
	return &u
}

// maxDirName keeps directory names well under the 255 bytes file systems allow;
// execution-spec-tests' names run longer.
const maxDirName = 160

// dirName is the test's directory name: its name with path separators and
// characters shells stumble on replaced, and a long name cut short and ended
// with a hash of the whole name so that names stay distinct.
func (c *chain) dirName() string {
	name := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, c.name)
	if len(name) > maxDirName {
		sum := sha256.Sum256([]byte(c.name))
		name = name[:maxDirName-17] + "-" + hex.EncodeToString(sum[:8])
	}
	return name
}
