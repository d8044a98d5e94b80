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

// Package netutil holds the network helpers that statelab's tools share.
package netutil

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strings"
	"sync"
)

// The ports FreePort chooses from when the kernel's ephemeral range starts
// above them: below Jaeger's default query port (16686), and away from the
// ephemeral range, from which every outgoing connection takes its local port.
const (
	firstPort = 10000
	lastPort  = 13999
)

var (
	givenMu sync.Mutex
	given   = map[int]bool{} // ports FreePort has returned in this process
)

// FreePort returns a TCP port on 127.0.0.1 that was free when asked and that
// it has not returned before in this process.
//
// A port the kernel assigns (":0") comes from its ephemeral range, which
// outgoing connections draw from too: on a busy machine a client's connection
// can take the port between this call and the caller's bind (seen in CI, a
// Jaeger failing to listen). So FreePort picks, at random, a port below that
// range, in [firstPort, lastPort], which only a server binding it explicitly
// can take; it falls back to the kernel's choice where the ephemeral range
// covers those ports. Another process may still bind the port first; callers
// that start servers on it should fail clearly if the bind fails.
//
// It is safe for concurrent use.
func FreePort() (int, error) {
	if low, ok := ephemeralLow(); !ok || low <= lastPort {
		return kernelPort()
	}
	givenMu.Lock()
	defer givenMu.Unlock()
	n := lastPort - firstPort + 1
	start := rand.IntN(n)
	for i := range n {
		port := firstPort + (start+i)%n
		if given[port] {
			continue
		}
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			continue // in use
		}
		l.Close()
		given[port] = true
		return port, nil
	}
	return kernelPort()
}

// ephemeralLow returns the first port of the kernel's ephemeral range, if it
// can be read (Linux).
func ephemeralLow() (int, bool) {
	blob, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 0, false
	}
	var low, high int
	if _, err := fmt.Sscan(strings.TrimSpace(string(blob)), &low, &high); err != nil {
		return 0, false
	}
	return low, true
}

// kernelPort returns a port the kernel assigns.
func kernelPort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
