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

import "testing"

// TestParseSpanReport reads both forms of geth's span report, with and without
// thousands separators, and the import's duration line.
func TestParseSpanReport(t *testing.T) {
	for _, tc := range []struct {
		log  string
		want spanReport
		ok   bool
		lost string
	}{
		{
			log:  "INFO [12-04|15:03:00.000] OpenTelemetry spans exported             endpoint=http://127.0.0.1:4318 spans=12,345\n",
			want: spanReport{ended: 12345, exported: 12345}, ok: true,
		},
		{
			log:  "INFO [12-04|15:03:00.000] OpenTelemetry spans exported endpoint=http://h spans=7\n",
			want: spanReport{ended: 7, exported: 7}, ok: true,
		},
		{
			log:  "WARN [12-04|15:03:00.000] OpenTelemetry spans were not exported    endpoint=http://h ended=1,200 exported=1000 failed=150 dropped=50\n",
			want: spanReport{ended: 1200, exported: 1000, failed: 150, dropped: 50}, ok: true,
			lost: "200 of 1200 spans were not exported (150 failed, 50 dropped)",
		},
		{log: "INFO [12-04|15:03:00.000] Imported new chain segment\n"},
	} {
		got, ok := parseSpanReport(tc.log)
		if got != tc.want || ok != tc.ok || got.lost() != tc.lost {
			t.Errorf("%q: %+v %v (lost %q), want %+v %v (lost %q)", tc.log, got, ok, got.lost(), tc.want, tc.ok, tc.lost)
		}
	}
	log := "INFO [x] Imported new chain segment\nImport done in 1.234s.\n\nObject memory: 1 MB\n"
	if got := importDone(log); got != "Import done in 1.234s." {
		t.Errorf("import line %q", got)
	}
}
