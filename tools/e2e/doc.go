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
// Package e2e holds statelab's end-to-end tests. They run the binaries that
// ./build.sh builds (geth, dumpgen, chaininfo in $STATELAB_BIN) on chains that
// dumpgen generates, and are compiled only with the e2e build tag:
//
//	STATELAB_BIN=build/bin go test -tags e2e ./tools/e2e
//
// Their other settings are flags of the test binary, which go test passes on:
// -faults and -faults.seed (the fault tests' kill points, docs/faults.md),
// -fixtures (the consensus tests' chains TestBALFixtureChains checks, opt-in),
// -equivalence.entries (the population on which TestGenesisPlacedDatadirs
// holds the direct writer to geth init: 2x10^4, or 10^6 in the long mode)
// and -artifacts (where the browser tests keep their screenshots), e.g.
//
//	STATELAB_BIN=build/bin go test -tags e2e ./tools/e2e -run TestFault -faults 500
//
// Their Jaeger is tracing/jaeger.sh's, on free ports; it reads STATELAB_CACHE
// and STATELAB_JAEGER_BIN as it does for a user.
//
// One check needs no binaries and has no build tag, so go test ./... runs it:
// TestEnvironmentVariables holds README.md's table of STATELAB_* variables to
// the repository (envvars_test.go).
package e2e
