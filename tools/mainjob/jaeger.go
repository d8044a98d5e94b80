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
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"statelab/tools/internal/netutil"
)

// jaegerPorts are the ports the run's Jaeger listens on, on 127.0.0.1; 0 asks
// for a free port.
type jaegerPorts struct {
	otlpGRPC, otlpHTTP, query, queryGRPC, health int
}

// options returns the ports as options of tracing/jaeger.sh start.
func (p jaegerPorts) options() []string {
	return []string{
		"--otlp-grpc-port", strconv.Itoa(p.otlpGRPC),
		"--otlp-http-port", strconv.Itoa(p.otlpHTTP),
		"--query-port", strconv.Itoa(p.query),
		"--query-grpc-port", strconv.Itoa(p.queryGRPC),
		"--health-port", strconv.Itoa(p.health),
	}
}

// resolve replaces every 0 port with a free one.
func (p jaegerPorts) resolve() (jaegerPorts, error) {
	for _, port := range []*int{&p.otlpGRPC, &p.otlpHTTP, &p.query, &p.queryGRPC, &p.health} {
		if *port != 0 {
			continue
		}
		free, err := netutil.FreePort()
		if err != nil {
			return p, fmt.Errorf("choosing a port for Jaeger: %v", err)
		}
		*port = free
	}
	return p, nil
}

// jaegerStopTimeout bounds jaeger.sh stop, which gives Jaeger 15 s to flush
// its store before killing it.
const jaegerStopTimeout = time.Minute

// jaegerRun is a Jaeger that tracing/jaeger.sh runs for one run, with its pid,
// log and Badger store in dir and on ports of its own, so that it does not
// clash with a Jaeger the user runs. Which binary runs is jaeger.sh's choice
// (STATELAB_JAEGER_BIN, a jaeger on PATH, the pinned build in STATELAB_CACHE).
// It is used by one goroutine.
type jaegerRun struct {
	ws    *workspace
	dir   string
	ports jaegerPorts
}

// newJaegerRun returns the Jaeger of a run in dir, on ports (0: a free one).
// It does not start it.
func newJaegerRun(ws *workspace, dir string, ports jaegerPorts) (*jaegerRun, error) {
	ports, err := ports.resolve()
	if err != nil {
		return nil, err
	}
	return &jaegerRun{ws: ws, dir: dir, ports: ports}, nil
}

// start starts Jaeger and returns once it answers on its query API.
func (j *jaegerRun) start() error {
	return j.ws.stream(j.ws.root, j.script(), append([]string{"start", "--dir", j.dir}, j.ports.options()...)...)
}

// stop stops Jaeger if it runs (also after a failed or interrupted start). It
// does not use the workspace's context, which is done when run is
// interrupted, the moment Jaeger most needs stopping.
func (j *jaegerRun) stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), jaegerStopTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, j.script(), "stop", "--dir", j.dir)
	cmd.Dir = j.ws.root
	cmd.Stdout, cmd.Stderr = j.ws.log, j.ws.log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("stopping Jaeger (%s): %v", j.dir, err)
	}
	return nil
}

// script is tracing/jaeger.sh.
func (j *jaegerRun) script() string {
	return filepath.Join(j.ws.root, "tracing", "jaeger.sh")
}

// otlpEndpoint is where geth exports its spans (OTLP over HTTP).
func (j *jaegerRun) otlpEndpoint() string {
	return fmt.Sprintf("http://127.0.0.1:%d", j.ports.otlpHTTP)
}

// queryURL is Jaeger's query API.
func (j *jaegerRun) queryURL() string {
	return fmt.Sprintf("http://127.0.0.1:%d", j.ports.query)
}

// stopCommand is how a user stops a Jaeger that run left running.
func (j *jaegerRun) stopCommand() string {
	return fmt.Sprintf("tracing/jaeger.sh stop --dir %s", j.dir)
}
