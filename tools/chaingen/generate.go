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
	"maps"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/core/vm/program"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/chainconfig"
	"statelab/tools/internal/statekind"

	"github.com/holiman/uint256"
)

// chain is a generated chain: its genesis and blocks.
type chain struct {
	trie    statekind.Trie
	genesis *core.Genesis
	blocks  []*types.Block
}

// fork is the chain's fork as dumpgen's manifest key spells it: "amsterdam",
// or empty for the trie's own rules.
func (c *chain) fork() string {
	if c.genesis.Config.AmsterdamTime != nil {
		return "amsterdam"
	}
	return ""
}

// forkName is the chain's fork for people: "default" for the trie's own rules.
func (c *chain) forkName() string {
	if f := c.fork(); f != "" {
		return f
	}
	return "default"
}

func (c *chain) txs() int {
	n := 0
	for _, b := range c.blocks {
		n += len(b.Transactions())
	}
	return n
}

// Fixed accounts of the genesis.
var (
	storeAddr    = common.BytesToAddress([]byte("chaingen store"))
	reverterAddr = common.BytesToAddress([]byte("chaingen reverter"))
	factoryAddr  = common.BytesToAddress([]byte("chaingen factory"))
	deployerAddr = common.BytesToAddress([]byte("chaingen deployer"))
	bombAddr     = common.BytesToAddress([]byte("chaingen bomb"))
	emptyAddr    = common.BytesToAddress([]byte("chaingen empty"))
	// a precompile that exists (funded in genesis) and one that does not
	fundedPrecompile = common.BytesToAddress([]byte{1})
	absentPrecompile = common.BytesToAddress([]byte{4})
)

// Contract code, built with geth's core/vm/program.
var (
	// store: SSTORE(cd[32], SLOAD(cd[0]) + cd[64]): writes, copies and clears slots.
	storeCode = program.New().Push(64).Op(vm.CALLDATALOAD).Push(0).Op(vm.CALLDATALOAD).Op(vm.SLOAD).Op(vm.ADD).
			Push(32).Op(vm.CALLDATALOAD).Op(vm.SSTORE).Op(vm.STOP).Bytes()
	// reverter: calls store with cd[0:96], reads the balance of cd[96], reverts.
	reverterCode = program.New().Push(96).Push(0).Push(0).Op(vm.CALLDATACOPY).
			Push(0).Push(0).Push(96).Push(0).Push(0).Push(storeAddr).Op(vm.GAS).Op(vm.CALL).Op(vm.POP).
			Push(96).Op(vm.CALLDATALOAD).Op(vm.BALANCE).Op(vm.POP).
			Push(0).Push(0).Op(vm.REVERT).Bytes()
	// factory: CREATE2 with the call's value, the calldata as init code, salt = block number.
	factoryCode = program.New().Op(vm.CALLDATASIZE).Push(0).Push(0).Op(vm.CALLDATACOPY).
			Op(vm.NUMBER).Op(vm.CALLDATASIZE).Push(0).Op(vm.CALLVALUE).Op(vm.CREATE2).Op(vm.POP).Op(vm.STOP).Bytes()
	// deployer: CREATE with the calldata as init code.
	deployerCode = program.New().Op(vm.CALLDATASIZE).Push(0).Push(0).Op(vm.CALLDATACOPY).
			Op(vm.CALLDATASIZE).Push(0).Push(0).Op(vm.CREATE).Op(vm.POP).Op(vm.STOP).Bytes()
	// bomb: SELFDESTRUCT to cd[0].
	bombCode = program.New().Push(0).Op(vm.CALLDATALOAD).Op(vm.SELFDESTRUCT).Bytes()
	// counter: increments slot 0; the runtime of contracts the chain creates.
	counterCode = program.New().Push(0).Op(vm.SLOAD).Push(1).Op(vm.ADD).Push(0).Op(vm.SSTORE).Op(vm.STOP).Bytes()
	// counterInit: stores 42 in slot 0 and returns counterCode.
	counterInit = program.New().Sstore(0, 42).ReturnViaCodeCopy(counterCode).Bytes()
)

// chainConfig returns the config of a kind (see chainconfig.New): merged at
// genesis with Prague (all system contracts) for mpt; for ubt, the binary trie
// from genesis on Shanghai, as dumpgen's chains.
// With amsterdam, every fork up to Amsterdam is active at genesis.
func chainConfig(trie statekind.Trie, amsterdam bool) *params.ChainConfig {
	config := chainconfig.New(trie == statekind.UBT, big.NewInt(1337))
	if amsterdam {
		config = chainconfig.WithAmsterdam(config)
	}
	return config
}

// key returns a deterministic private key for a role and index.
func key(role string, i int) *ecdsa.PrivateKey {
	k, err := crypto.ToECDSA(crypto.Keccak256([]byte(fmt.Sprintf("statelab chaingen %s %d", role, i))))
	if err != nil {
		panic(err)
	}
	return k
}

// fresh returns an address no genesis account has, for a role and block.
func fresh(role string, i int) common.Address {
	return common.BytesToAddress(crypto.Keccak256([]byte(fmt.Sprintf("statelab chaingen fresh %s %d", role, i))))
}

func word(v uint64) []byte { return common.BigToHash(new(big.Int).SetUint64(v)).Bytes() }

// storeCall is the calldata of store: slot dst = slot src + add.
func storeCall(src, dst, add uint64) []byte {
	return append(append(word(src), word(dst)...), word(add)...)
}

// generate makes a chain of n blocks of the given kind. A scenario that does
// not fit the chain config panics in the chain maker; that is reported as an
// error.
func generate(trie statekind.Trie, amsterdam bool, n int) (c *chain, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("generating the %s chain: %v", trie, r)
		}
	}()
	config := chainConfig(trie, amsterdam)
	senders := []*ecdsa.PrivateKey{key("sender", 0), key("sender", 1), key("sender", 2)}
	alloc := types.GenesisAlloc{
		storeAddr: {Code: storeCode, Storage: map[common.Hash]common.Hash{
			common.BigToHash(big.NewInt(1)): common.BigToHash(big.NewInt(0x11)),
			common.BigToHash(big.NewInt(2)): common.BigToHash(big.NewInt(0x22)),
			common.BigToHash(big.NewInt(3)): common.BigToHash(big.NewInt(0x33)),
		}, Balance: new(big.Int)},
		reverterAddr:     {Code: reverterCode, Balance: new(big.Int)},
		factoryAddr:      {Code: factoryCode, Balance: new(big.Int)},
		deployerAddr:     {Code: deployerCode, Nonce: 1, Balance: new(big.Int)},
		bombAddr:         {Code: bombCode, Balance: big.NewInt(1e9)},
		emptyAddr:        {Balance: new(big.Int)},
		fundedPrecompile: {Balance: big.NewInt(1)},
	}
	for _, k := range senders {
		alloc[crypto.PubkeyToAddress(k.PublicKey)] = types.Account{Balance: new(big.Int).Mul(big.NewInt(1e6), big.NewInt(params.Ether))}
	}
	if config.PragueTime != nil {
		alloc[params.BeaconRootsAddress] = types.Account{Nonce: 1, Code: params.BeaconRootsCode, Balance: new(big.Int)}
		alloc[params.WithdrawalQueueAddress] = types.Account{Nonce: 1, Code: params.WithdrawalQueueCode, Balance: new(big.Int)}
		alloc[params.ConsolidationQueueAddress] = types.Account{Nonce: 1, Code: params.ConsolidationQueueCode, Balance: new(big.Int)}
	}
	alloc[params.HistoryStorageAddress] = types.Account{Nonce: 1, Code: params.HistoryStorageCode, Balance: new(big.Int)}
	if amsterdam {
		maps.Copy(alloc, core.SystemContractAllocs()) // EIP-8282's builder request queues among them
	}

	genesis := &core.Genesis{Config: config, Alloc: alloc, GasLimit: 100_000_000, BaseFee: big.NewInt(params.InitialBaseFee), Difficulty: big.NewInt(0)}
	g := &blockGen{config: config, signer: types.LatestSigner(config), senders: senders, deployerNonce: 1}
	_, blocks, _ := core.GenerateChainWithGenesis(genesis, beacon.New(ethash.NewFaker()), n, g.block)
	return &chain{trie: trie, genesis: genesis, blocks: blocks}, nil
}

// blockGen adds the scenarios of every block; it remembers what earlier
// blocks created.
type blockGen struct {
	config        *params.ChainConfig
	signer        types.Signer
	senders       []*ecdsa.PrivateKey
	deployerNonce uint64
	deployed      []common.Address // counters CREATEd by the deployer
}

func (g *blockGen) send(b *core.BlockGen, from *ecdsa.PrivateKey, to *common.Address, value *big.Int, gas uint64, data []byte) {
	addr := crypto.PubkeyToAddress(from.PublicKey)
	b.AddTx(types.MustSignNewTx(from, g.signer, &types.DynamicFeeTx{
		ChainID: g.config.ChainID, Nonce: b.TxNonce(addr), To: to, Value: value, Gas: gas,
		GasFeeCap: big.NewInt(50 * params.GWei), GasTipCap: big.NewInt(params.GWei), Data: data,
	}))
}

const txGas = 3_000_000

// transferGas is the gas of a value transfer that may create its recipient:
// 21000, and under Amsterdam the EIP-8037 state gas of a new account.
func (g *blockGen) transferGas(b *core.BlockGen) uint64 {
	if g.config.IsAmsterdam(b.Number(), b.Timestamp()) {
		return params.TxGas + params.AccountCreationSize*params.CostPerStateByte
	}
	return params.TxGas
}

func (g *blockGen) block(i int, b *core.BlockGen) {
	var (
		u        = uint64(i)
		s0, s1   = g.senders[0], g.senders[1]
		prague   = g.config.IsPrague(b.Number(), b.Timestamp())
		one      = big.NewInt(1)
		none     = new(big.Int)
		store    = storeAddr
		reverter = reverterAddr
	)
	b.SetCoinbase(fresh("coinbase", i))

	// An account funded by one transaction and spending in the next.
	k := key("fresh", i)
	kAddr := crypto.PubkeyToAddress(k.PublicKey)
	g.send(b, s0, &kAddr, big.NewInt(params.Ether), g.transferGas(b), nil)
	to := fresh("recipient", i)
	g.send(b, k, &to, big.NewInt(1e15), g.transferGas(b), nil)
	g.send(b, k, &store, none, txGas, storeCall(0xdead, 1000+u, u+7))

	// Slots: written, read back by a later transaction, cleared, rewritten unchanged.
	g.send(b, s0, &store, none, txGas, storeCall(0xdead, 10+u, u+1))
	g.send(b, s1, &store, none, txGas, storeCall(10+u, 100+u, 0))
	switch i % 3 {
	case 0:
		g.send(b, s1, &store, none, txGas, storeCall(0xdead, 1+u%3, 0)) // clear a genesis slot
	case 1:
		g.send(b, s1, &store, none, txGas, storeCall(3, 3, 0)) // slot 3 = slot 3 + 0
	}
	// A call that writes and reads, then reverts; a transaction out of gas.
	revert := append(storeCall(2, 200+u, 5), common.LeftPadBytes(fresh("balance", i).Bytes(), 32)...)
	g.send(b, s1, &reverter, none, txGas, revert)
	g.send(b, s0, &store, none, g.intrinsic(storeCall(1, 300+u, 1), &store)+5000, storeCall(1, 300+u, 1))

	// Contracts: a CREATE2 child that self-destructs in its constructor, a
	// contract created by a transaction and called at once, a CREATE child
	// called in a later block, a pre-existing contract that self-destructs.
	factory, deployer, bomb := factoryAddr, deployerAddr, bombAddr
	g.send(b, s0, &factory, big.NewInt(1000), txGas, program.New().Selfdestruct(fresh("beneficiary", i)).Bytes())
	created := crypto.CreateAddress(crypto.PubkeyToAddress(s1.PublicKey), b.TxNonce(crypto.PubkeyToAddress(s1.PublicKey)))
	g.send(b, s1, nil, none, txGas, counterInit)
	g.send(b, s0, &created, none, txGas, nil)
	for _, c := range g.deployed {
		g.send(b, s0, &c, none, txGas, nil)
	}
	g.send(b, s1, &deployer, none, txGas, counterInit)
	g.deployed = append(g.deployed, crypto.CreateAddress(deployerAddr, g.deployerNonce))
	g.deployerNonce++
	if i%2 == 1 {
		g.send(b, s0, &bomb, big.NewInt(500), txGas, common.LeftPadBytes(fresh("bomb", i).Bytes(), 32))
	}

	// Value to precompiles, one existing and one absent.
	funded, absent := fundedPrecompile, absentPrecompile
	g.send(b, s1, &funded, one, txGas, nil)
	g.send(b, s1, &absent, one, txGas, nil)

	// EIP-158 deletes a touched empty account. Not on Amsterdam chains: geth
	// v1.17.10's BAL-driven parallel processor skips the list's unchanged
	// accounts when it applies the list, so it keeps the account and reaches
	// another root than sequential execution (docs/bal-sidecar.md says how
	// to see it).
	if i == 1 && !g.config.IsAmsterdam(b.Number(), b.Timestamp()) {
		empty := emptyAddr
		g.send(b, s0, &empty, none, 21000, nil)
	}
	if prague {
		g.delegate(b, i)
		g.requests(b, i)
	}
	if g.config.IsShanghai(b.Number(), b.Timestamp()) {
		b.AddWithdrawal(&types.Withdrawal{Validator: u, Address: fresh("withdrawal", i), Amount: 1e9})
		b.AddWithdrawal(&types.Withdrawal{Validator: u + 1000, Address: crypto.PubkeyToAddress(s1.PublicKey), Amount: 1})
	}
}

// delegate sends an EIP-7702 transaction that delegates a fresh account to
// the store contract and calls it, then calls it again from another sender.
func (g *blockGen) delegate(b *core.BlockGen, i int) {
	authority := key("authority", i)
	authAddr := crypto.PubkeyToAddress(authority.PublicKey)
	auth, err := types.SignSetCode(authority, types.SetCodeAuthorization{
		ChainID: *uint256.MustFromBig(g.config.ChainID), Address: storeAddr, Nonce: 0,
	})
	if err != nil {
		panic(err)
	}
	s2 := g.senders[2]
	b.AddTx(types.MustSignNewTx(s2, g.signer, &types.SetCodeTx{
		ChainID: uint256.MustFromBig(g.config.ChainID), Nonce: b.TxNonce(crypto.PubkeyToAddress(s2.PublicKey)),
		GasTipCap: uint256.NewInt(params.GWei), GasFeeCap: uint256.NewInt(50 * params.GWei), Gas: txGas,
		To: authAddr, Value: uint256.NewInt(0), Data: storeCall(0, 1, 9), AuthList: []types.SetCodeAuthorization{auth},
	}))
	g.send(b, g.senders[0], &authAddr, big.NewInt(0), txGas, storeCall(1, 2, 1))
}

// requests sends an EIP-7002 withdrawal request and an EIP-7251
// consolidation request in some blocks; the post-block system calls dequeue
// them.
func (g *blockGen) requests(b *core.BlockGen, i int) {
	if i%3 == 2 {
		data := make([]byte, 56)
		copy(data, crypto.Keccak256([]byte{byte(i)}))
		binary.BigEndian.PutUint64(data[48:], 1e9)
		to := params.WithdrawalQueueAddress
		g.send(b, g.senders[2], &to, big.NewInt(1), txGas, data)
	}
	if i%4 == 3 {
		data := make([]byte, 96)
		copy(data, crypto.Keccak256([]byte{byte(i), 1}))
		copy(data[48:], crypto.Keccak256([]byte{byte(i), 2}))
		to := params.ConsolidationQueueAddress
		g.send(b, g.senders[2], &to, big.NewInt(1), txGas, data)
	}
}

// intrinsic returns the intrinsic gas of a call with data. Under Amsterdam it
// is at least the calldata floor (EIP-7623, EIP-7976), which a transaction's
// gas must cover before it runs; earlier chains keep the intrinsic gas alone,
// so that their blocks do not change.
func (g *blockGen) intrinsic(data []byte, to *common.Address) uint64 {
	rules := g.config.Rules(big.NewInt(1), true, 0)
	gas, err := core.IntrinsicGas(data, nil, nil, common.Address{}, to, uint256.NewInt(0), rules)
	if err != nil {
		panic(err)
	}
	if rules.IsAmsterdam {
		floor, err := core.FloorDataGas(rules, common.Address{}, to, uint256.NewInt(0), data, nil)
		if err != nil {
			panic(err)
		}
		gas = max(gas, floor)
	}
	return gas
}
