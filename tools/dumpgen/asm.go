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
	"fmt"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// assembler builds EVM bytecode with named jump labels. Label references are
// emitted as PUSH2 and resolved by code, so programs may jump forward. An
// assembler is used once, from one goroutine, at package initialisation;
// mistakes in a program are programming errors and panic.
type assembler struct {
	code   []byte
	labels map[string]int // label -> offset of its JUMPDEST
	refs   map[int]string // offset of a PUSH2 immediate -> label
}

func newAssembler() *assembler {
	return &assembler{labels: make(map[string]int), refs: make(map[int]string)}
}

// op appends opcodes without immediates.
func (a *assembler) op(ops ...vm.OpCode) *assembler {
	for _, op := range ops {
		if op.IsPush() && op != vm.PUSH0 {
			panic(fmt.Sprintf("asm: %v needs an immediate, use push", op))
		}
		a.code = append(a.code, byte(op))
	}
	return a
}

// push appends the shortest push of v: PUSH0 for zero (EIP-3855, Shanghai).
func (a *assembler) push(v uint64) *assembler {
	return a.pushWord(uint256.NewInt(v))
}

// pushWord appends the shortest push of a 256-bit word.
func (a *assembler) pushWord(v *uint256.Int) *assembler {
	if v.IsZero() {
		return a.op(vm.PUSH0)
	}
	return a.pushBytes(v.Bytes())
}

// pushBytes appends PUSHn of b, keeping leading zeros; len(b) must be 1..32.
func (a *assembler) pushBytes(b []byte) *assembler {
	if len(b) == 0 || len(b) > 32 {
		panic(fmt.Sprintf("asm: cannot push %d bytes", len(b)))
	}
	a.code = append(a.code, byte(vm.PUSH1)+byte(len(b)-1))
	a.code = append(a.code, b...)
	return a
}

// label defines name at the current offset and emits its JUMPDEST.
func (a *assembler) label(name string) *assembler {
	if _, dup := a.labels[name]; dup {
		panic("asm: duplicate label " + name)
	}
	a.labels[name] = len(a.code)
	return a.op(vm.JUMPDEST)
}

// pushLabel pushes the offset of a label, resolved by code.
func (a *assembler) pushLabel(name string) *assembler {
	a.code = append(a.code, byte(vm.PUSH2))
	a.refs[len(a.code)] = name
	a.code = append(a.code, 0, 0)
	return a
}

// jump emits an unconditional jump to a label.
func (a *assembler) jump(name string) *assembler {
	return a.pushLabel(name).op(vm.JUMP)
}

// jumpi emits a jump to a label taken if the top of the stack is nonzero.
func (a *assembler) jumpi(name string) *assembler {
	return a.pushLabel(name).op(vm.JUMPI)
}

// assemble resolves the labels and returns the bytecode.
func (a *assembler) assemble() []byte {
	for at, name := range a.refs {
		dest, ok := a.labels[name]
		if !ok {
			panic("asm: undefined label " + name)
		}
		if dest > 0xffff {
			panic("asm: program too large")
		}
		a.code[at], a.code[at+1] = byte(dest>>8), byte(dest)
	}
	return a.code
}
