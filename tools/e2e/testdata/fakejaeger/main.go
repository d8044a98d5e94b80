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

// fakejaeger stands in for the pinned Jaeger in the tests of tracing/jaeger.sh's
// cold path: it answers Jaeger's query API health probe (/api/services) on
// 127.0.0.1:$STATELAB_JAEGER_QUERY_PORT until it is killed.
package main

import (
	"fmt"
	"log"
	"net/http"
	"os"
)

func main() {
	port := os.Getenv("STATELAB_JAEGER_QUERY_PORT")
	if port == "" {
		log.Fatal("fakejaeger: STATELAB_JAEGER_QUERY_PORT is not set")
	}
	http.HandleFunc("/api/services", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"data":[],"total":0}`)
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}
