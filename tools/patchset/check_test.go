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
	"strings"
	"testing"
)

// TestCheck checks the fixture's patches alone, two at a time: they pass.
// A third patch that calls the first's new function without depending on it
// applies and compiles in the assembled tree, but not alone: check fails
// naming it, and the others' results are still printed whole.
func TestCheck(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	if err := f.ws.check("", 2); err != nil {
		t.Fatalf("check: %v\n%s", err, f.ws.log)
	}
	f.commit(testMessage("cmd/geth: call the feature", "cmd-geth-feature"), map[string]string{
		"core/uses.go": lgplHeader + "package core\n\n// Uses calls the feature.\nfunc Uses() error {\n\treturn feature()\n}\n",
	})
	if err := f.ws.export(); err != nil {
		t.Fatalf("export: %v\n%s", err, f.ws.log)
	}
	log := f.ws.log.(*strings.Builder)
	log.Reset()
	err := f.ws.check("", 2)
	if err == nil || !strings.Contains(err.Error(), "check failed: cmd-geth-feature") {
		t.Fatalf("check: %v, want a failure of cmd-geth-feature alone\n%s", err, log)
	}
	out := log.String()
	for _, want := range []string{"check: cmd-geth-feature: does not compile alone", "undefined: feature", "check core-feature: done in", "check core-genesis-feature: done in"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %q:\n%s", want, out)
		}
	}
	if err := f.ws.check("nope", 1); err == nil || !strings.Contains(err.Error(), `no patch named "nope"`) {
		t.Errorf("unknown patch: %v", err)
	}
}
