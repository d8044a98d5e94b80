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
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/rpc"

	"statelab/core/balsidecar"
	"statelab/tools/internal/fsutil"
	"statelab/tools/internal/netutil"
)

// defaultGeth is the geth binary offline runs: $STATELAB_BIN/geth when set
// (as ./build.sh test sets it), else build/bin/geth.
func defaultGeth() string {
	if dir := os.Getenv("STATELAB_BIN"); dir != "" {
		return filepath.Join(dir, "geth")
	}
	return filepath.Join("build", "bin", "geth")
}

// offline replays dump on a copy of datadir with geth, then traces the dump's
// blocks on the copy. datadir is only read.
func offline(geth, datadir, dump string, typ int) (*balsidecar.File, error) {
	if _, err := os.Stat(filepath.Join(datadir, "geth", "chaindata")); err != nil {
		return nil, fmt.Errorf("%s is not a geth datadir: %v", datadir, err)
	}
	if _, err := os.Stat(geth); err != nil {
		return nil, fmt.Errorf("geth binary: %v (set --geth)", err)
	}
	from, to, err := dumpRange(dump)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "balgen-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	copyDir := filepath.Join(tmp, "datadir")
	if err := fsutil.CopyTree(datadir, copyDir); err != nil {
		return nil, fmt.Errorf("copying %s: %v", datadir, err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(geth, "--datadir", copyDir, "import", "--nocompaction", dump)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("replaying %s on a copy of %s: %v\n%s", dump, datadir, err, lastLines(stderr.String(), 10))
	}
	url, stop, err := serve(geth, copyDir)
	if err != nil {
		return nil, err
	}
	defer stop()
	return traceRange(url, from, to, typ)
}

// dumpRange returns the first and last block numbers of an RLP dump.
func dumpRange(path string) (from, to uint64, err error) {
	fh, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer fh.Close()
	var r io.Reader = fh
	if strings.HasSuffix(path, ".gz") {
		if r, err = gzip.NewReader(fh); err != nil {
			return 0, 0, err
		}
	}
	stream := rlp.NewStream(r, 0)
	for i := 0; ; i++ {
		raw, err := stream.Raw()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, 0, fmt.Errorf("%s: block %d of the file: %v", path, i, err)
		}
		content, _, err := rlp.SplitList(raw)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: block %d of the file: %v", path, i, err)
		}
		var h types.Header
		if err := rlp.DecodeBytes(firstItem(content), &h); err != nil {
			return 0, 0, fmt.Errorf("%s: block %d of the file: %v", path, i, err)
		}
		n := h.Number.Uint64()
		if n == 0 {
			continue
		}
		if from == 0 || n < from {
			from = n
		}
		if n > to {
			to = n
		}
	}
	if from == 0 {
		return 0, 0, fmt.Errorf("%s holds no block above genesis", path)
	}
	return from, to, nil
}

func firstItem(list []byte) []byte {
	_, _, rest, err := rlp.Split(list)
	if err != nil {
		return list
	}
	return list[:len(list)-len(rest)]
}

// serve starts geth on datadir with the eth and debug APIs on a localhost
// HTTP port, without networking, and waits until it answers.
func serve(geth, datadir string) (string, func(), error) {
	httpPort, err := netutil.FreePort()
	if err != nil {
		return "", nil, err
	}
	authPort, err := netutil.FreePort()
	if err != nil {
		return "", nil, err
	}
	var logs bytes.Buffer
	cmd := exec.Command(geth, "--datadir", datadir, "--http", "--http.addr", "127.0.0.1",
		"--http.port", strconv.Itoa(httpPort), "--http.api", "eth,debug",
		"--authrpc.port", strconv.Itoa(authPort), "--port", "0", "--nodiscover", "--maxpeers", "0", "--ipcdisable")
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() {
		cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-exited:
		case <-time.After(60 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	}
	url := fmt.Sprintf("http://127.0.0.1:%d", httpPort)
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return "", nil, fmt.Errorf("geth exited while starting: %v\n%s", err, lastLines(logs.String(), 10))
		case <-time.After(300 * time.Millisecond):
		}
		client, err := rpc.Dial(url)
		if err != nil {
			continue
		}
		var n string
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err = client.CallContext(ctx, &n, "eth_blockNumber")
		cancel()
		client.Close()
		if err == nil {
			return url, stop, nil
		}
	}
	stop()
	return "", nil, fmt.Errorf("geth did not serve %s within 90s\n%s", url, lastLines(logs.String(), 10))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
