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

// Package runner runs bench's measurements: a study's matrix at a scale
// (RunStudy) and the A/B comparison of two geth binaries (RunAB). It
// prepares what the runs start from (package prepare), then makes each run
// under the study protocol, a fresh clone of a prepared datadir, a verified
// cold or warm page cache (package pagecache), optionally a memory bound
// (package cgroup), one geth import with the per-block JSON, sampled while
// it runs, and writes the records and the report as the runs come.
package runner
