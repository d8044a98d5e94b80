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

// fakejaeger stands in for a Jaeger binary in the tests of tracing/jaeger.sh: the
// pinned build on its cold path, or a binary the user provides. `fakejaeger
// version` prints Jaeger's version JSON with $FAKEJAEGER_VERSION; otherwise it
// writes its arguments, one per line, to $FAKEJAEGER_ARGS (if set) and answers
// Jaeger's query API health probe (/api/services) and its home page (the UI if
// $FAKEJAEGER_UI is set, else the placeholder page of a build without UI assets)
// on the endpoint its command line sets for Jaeger's query API, as
// tracing/jaeger.sh gives it (--set=extensions.jaeger_query.http.endpoint="HOST:PORT"),
// until it is killed.
package main

import (
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "version" {
		fmt.Printf(`{"gitCommit":"","gitVersion":%q,"buildDate":""}`+"\n", os.Getenv("FAKEJAEGER_VERSION"))
		return
	}
	if path := os.Getenv("FAKEJAEGER_ARGS"); path != "" {
		if err := os.WriteFile(path, []byte(strings.Join(os.Args[1:], "\n")+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	endpoint, err := queryEndpoint(os.Args[1:])
	if err != nil {
		log.Fatalf("fakejaeger: %v", err)
	}
	http.HandleFunc("/api/services", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"data":[],"total":0}`)
	})
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if os.Getenv("FAKEJAEGER_UI") != "" {
			fmt.Fprint(w, `<!doctype html><html><head><title>Jaeger UI</title></head><body><div id="jaeger-ui-root"></div></body></html>`)
			return
		}
		fmt.Fprint(w, `<h1>This is not the Jaeger UI you are looking for!</h1>`)
	})
	log.Fatal(http.ListenAndServe(endpoint, nil))
}

// queryEndpoint returns the address the command line sets for the query API:
// the last --set of its key, a YAML double-quoted string.
func queryEndpoint(args []string) (string, error) {
	const key = "--set=extensions.jaeger_query.http.endpoint="
	endpoint := ""
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, key); ok {
			s, err := strconv.Unquote(v)
			if err != nil {
				return "", fmt.Errorf("%s: %v", a, err)
			}
			endpoint = s
		}
	}
	if endpoint == "" {
		return "", fmt.Errorf("no %s... in %q", key, args)
	}
	if _, _, err := net.SplitHostPort(endpoint); err != nil {
		return "", err
	}
	return endpoint, nil
}
