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
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"statelab/tools/internal/netutil"
)

// jaegerPorts are the ports a Jaeger of run's listens on, on 127.0.0.1; 0
// asks for a free port. tracing/jaeger.sh reads them from STATELAB_JAEGER_*.
type jaegerPorts struct {
	otlpGRPC, otlpHTTP, query, queryGRPC, health int
}

// env returns the ports as the variables tracing/jaeger.sh reads.
func (p jaegerPorts) env() []string {
	return []string{
		fmt.Sprintf("STATELAB_JAEGER_OTLP_GRPC_PORT=%d", p.otlpGRPC),
		fmt.Sprintf("STATELAB_JAEGER_OTLP_HTTP_PORT=%d", p.otlpHTTP),
		fmt.Sprintf("STATELAB_JAEGER_QUERY_PORT=%d", p.query),
		fmt.Sprintf("STATELAB_JAEGER_QUERY_GRPC_PORT=%d", p.queryGRPC),
		fmt.Sprintf("STATELAB_JAEGER_HEALTH_PORT=%d", p.health),
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
// clash with a Jaeger the user runs. It is used by one goroutine.
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

// env is the environment of jaeger.sh: its directory and ports. Everything
// else (STATELAB_JAEGER_BIN, STATELAB_CACHE, ...) comes from the caller's.
func (j *jaegerRun) env() []string {
	return append([]string{"STATELAB_JAEGER_DIR=" + j.dir}, j.ports.env()...)
}

// start starts Jaeger and returns once it answers on its query API.
func (j *jaegerRun) start() error {
	return j.ws.stream(j.ws.root, j.env(), j.script(), "start")
}

// stop stops Jaeger if it runs (also after a failed or interrupted start). It
// does not use the workspace's context, which is done when run is
// interrupted, the moment Jaeger most needs stopping.
func (j *jaegerRun) stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), jaegerStopTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, j.script(), "stop")
	cmd.Dir = j.ws.root
	cmd.Env = append(os.Environ(), j.env()...)
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
	return fmt.Sprintf("STATELAB_JAEGER_DIR=%s tracing/jaeger.sh stop", j.dir)
}
