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

package netutil

import (
	"net"
	"strconv"
	"testing"
)

func TestFreePort(t *testing.T) {
	port, err := FreePort()
	if err != nil {
		t.Fatal(err)
	}
	if port <= 0 || port > 65535 {
		t.Fatalf("port %d out of range", port)
	}
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		t.Fatalf("the free port %d cannot be bound: %v", port, err)
	}
	l.Close()
}

func TestFreePortOutsideEphemeralRange(t *testing.T) {
	low, ok := ephemeralLow()
	if !ok || low <= lastPort {
		t.Skipf("the kernel's ephemeral range (from %d) covers FreePort's ports", low)
	}
	seen := map[int]bool{}
	for range 50 {
		port, err := FreePort()
		if err != nil {
			t.Fatal(err)
		}
		if port < firstPort || port > lastPort {
			t.Errorf("port %d outside [%d, %d], where no outgoing connection takes it", port, firstPort, lastPort)
		}
		if seen[port] {
			t.Errorf("port %d returned twice", port)
		}
		seen[port] = true
	}
}

func TestFreePortSkipsBoundPorts(t *testing.T) {
	low, ok := ephemeralLow()
	if !ok || low <= lastPort {
		t.Skipf("the kernel's ephemeral range (from %d) covers FreePort's ports", low)
	}
	// Bind all of FreePort's range but one port: it must return that one.
	var listeners []net.Listener
	defer func() {
		for _, l := range listeners {
			l.Close()
		}
	}()
	free := -1
	for port := firstPort; port <= lastPort; port++ {
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err != nil {
			continue // taken already
		}
		if free < 0 && !given[port] {
			free = port
			l.Close()
			continue
		}
		listeners = append(listeners, l)
	}
	if free < 0 {
		t.Skip("no port of the range left to test with")
	}
	port, err := FreePort()
	if err != nil {
		t.Fatal(err)
	}
	if port != free {
		t.Errorf("FreePort returned %d, want %d, the one port of its range not bound", port, free)
	}
}
