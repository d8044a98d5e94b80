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

package vm

// GenEIP4762Fork returns the opcode metadata of the EIP-4762 instruction set,
// the table a binary-trie (UBT) chain runs, for the interpreter code
// generator. GenForks cannot give it: LookupInstructionSet has no verkle
// table and hands back Cancun's for IsUBT. The generator compares it with
// its cases to find the opcodes EIP-4762 repoints (PUSH, CODECOPY, the state
// accesses), which the EIP-4762 lane of the generated loop sends through the
// table instead. It is not used at runtime.
func GenEIP4762Fork() GenFork {
	set := newVerkleInstructionSet()
	return genFork("EIP4762", "IsEIP4762", &set)
}
