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
	"regexp"
	"strconv"
	"strings"
)

// spanReport is what geth import logs about its trace spans when it exits,
// after its exporter has flushed (tracesetup.Service.Stop): either
// "OpenTelemetry spans exported ... spans=N" or, when some were lost,
// "OpenTelemetry spans were not exported ... ended=E exported=X failed=F
// dropped=D". geth writes counts with thousands separators.
type spanReport struct {
	ended, exported, failed, dropped int64
}

var (
	notExportedLine = regexp.MustCompile(`OpenTelemetry spans were not exported .*ended=([0-9,]+) exported=([0-9,]+) failed=([0-9,]+) dropped=([0-9,]+)`)
	exportedLine    = regexp.MustCompile(`OpenTelemetry spans exported .*spans=([0-9,]+)`)
	importDoneLine  = regexp.MustCompile(`(?m)^Import done in .*$`)
)

// parseSpanReport finds geth's span report in an import log; ok is false if
// the log has none (the import ran without telemetry, or did not finish).
func parseSpanReport(log string) (r spanReport, ok bool) {
	if m := notExportedLine.FindStringSubmatch(log); m != nil {
		return spanReport{ended: count(m[1]), exported: count(m[2]), failed: count(m[3]), dropped: count(m[4])}, true
	}
	if m := exportedLine.FindStringSubmatch(log); m != nil {
		n := count(m[1])
		return spanReport{ended: n, exported: n}, true
	}
	return spanReport{}, false
}

// lost says how many spans did not reach the collector, "" if none.
func (r spanReport) lost() string {
	if r.failed+r.dropped == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %d spans were not exported (%d failed, %d dropped)", r.failed+r.dropped, r.ended, r.failed, r.dropped)
}

// importDone returns geth's "Import done in ..." line of an import log.
func importDone(log string) string {
	return importDoneLine.FindString(log)
}

// count parses a count that geth may have written with thousands separators.
func count(s string) int64 {
	n, _ := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	return n
}
