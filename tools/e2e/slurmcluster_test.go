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
//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slurmCluster is a one-node Slurm cluster started for a test: munged, slurmctld
// and slurmd, as root, on loopback ports of their own, with a munge key, state,
// spool, scratch and logs in Dir. Its client commands (sbatch, squeue, scontrol,
// sinfo, scancel) reach it through Env, which names its slurm.conf; that file
// also names its munged's socket (AuthInfo), so nothing is read from /etc.
//
// Completed jobs are purged after MinJobAge=5 s (at the next purge, at most a
// minute later), which keeps sbatch --wait polling every 2 s rather than 2, 8,
// then 32 s; squeue never lists completed jobs. A job starts about 1 s after it
// is submitted or the CPUs it needs are freed.
type slurmCluster struct {
	Dir       string // temp dir holding configs, state, logs, sockets
	Conf      string // path of the generated slurm.conf (SLURM_CONF)
	Partition string // the one partition's name, "bench"
	Node      string // the node's name
	TmpDiskMB int    // the node's TmpDisk, MB
	Munge     string // munged's socket (AuthInfo=socket=Munge)

	daemons []*slurmDaemon // in start order: munged, slurmctld, slurmd
}

// slurmDaemon is one of the cluster's daemons, run in the foreground as a child
// of the test.
type slurmDaemon struct {
	name string
	log  string // its stdout and stderr
	cmd  *exec.Cmd
	done chan struct{} // closed when it has exited
	err  error         // its exit, once done is closed
}

// slurmTools are the commands startSlurm needs.
var slurmTools = []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scontrol", "scancel"}

// startSlurm starts a one-node Slurm cluster, or skips the test when its
// daemons or client commands are not on PATH (apt-get install slurm-wlm munge)
// or the test does not run as root. It fails the test if the node is not idle
// within 60 s, with the daemons' log tails. tmpDiskMB is the node's TmpDisk, in
// MB, on the scratch directory Scratch (TmpFS); 0 means 100000. Slurm does not
// hold the node to its hardware (SlurmdParameters=config_overrides), so TmpDisk
// may exceed the file system. The test's cleanup cancels the jobs that are
// left, stops the daemons (SIGTERM, then SIGKILL after 5 s), kills any process
// still running with the cluster's SLURM_CONF (slurmstepd, job processes) and
// removes Dir.
func startSlurm(t *testing.T, tmpDiskMB int) *slurmCluster {
	t.Helper()
	for _, name := range slurmTools {
		if _, err := exec.LookPath(name); err != nil {
			t.Skipf("Slurm: %s is not on PATH (apt-get install slurm-wlm munge): %v", name, err)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("Slurm: the test cluster runs its daemons as root (SlurmUser=root)")
	}
	if tmpDiskMB <= 0 {
		tmpDiskMB = 100000
	}
	// A short directory: munged's and slurmstepd's unix sockets live in it, and
	// their paths must stay below 108 bytes, which t.TempDir does not promise.
	dir, err := os.MkdirTemp("/tmp", "slurm")
	if err != nil {
		t.Fatal(err)
	}
	c := &slurmCluster{
		Dir:       dir,
		Conf:      filepath.Join(dir, "slurm.conf"),
		Partition: "bench",
		Node:      "node1",
		TmpDiskMB: tmpDiskMB,
		Munge:     filepath.Join(dir, "munge.sock"),
	}
	t.Cleanup(func() { c.stop(t) })

	// munged wants its socket's directory searchable by all.
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}

	for _, sub := range []string{"state", "spool", "scratch"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	key := make([]byte, 1024)
	rand.Read(key)
	if err := os.WriteFile(filepath.Join(dir, "munge.key"), key, 0o400); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c.Conf, []byte(c.config(t)), 0o644); err != nil {
		t.Fatal(err)
	}

	deadline := time.Now().Add(60 * time.Second)
	// In the foreground munged logs to stderr alone; --log-file and the other
	// paths keep it off /etc, /run, /var/lib and /var/log.
	munged := c.start(t, "munged", "--foreground", "--force",
		"--key-file="+filepath.Join(dir, "munge.key"),
		"--socket="+c.Munge,
		"--pid-file="+filepath.Join(dir, "munged.pid"),
		"--log-file="+filepath.Join(dir, "munged.log"),
		"--seed-file="+filepath.Join(dir, "munged.seed"))
	c.await(t, deadline, "munged's socket", func() (bool, string) {
		conn, err := net.Dial("unix", c.Munge)
		if err != nil {
			return false, err.Error()
		}
		conn.Close()
		return true, ""
	}, munged)

	// slurmd registers with slurmctld as it starts, so slurmctld comes first.
	ctld := c.start(t, "slurmctld", "-D", "-c", "-f", c.Conf)
	c.await(t, deadline, "slurmctld", func() (bool, string) {
		out, err := c.output("scontrol", "ping")
		return err == nil && strings.Contains(out, "is UP"), out
	}, munged, ctld)

	slurmd := c.start(t, "slurmd", "-D", "-N", c.Node, "-f", c.Conf)
	c.await(t, deadline, "node "+c.Node+" idle", func() (bool, string) {
		out, err := c.output("sinfo", "-h", "-n", c.Node, "-o", "%T")
		return err == nil && strings.TrimSpace(out) == "idle", out
	}, munged, ctld, slurmd)
	return c
}

// config returns the cluster's slurm.conf.
func (c *slurmCluster) config(t *testing.T) string {
	t.Helper()
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	// slurmctld only runs on the host SlurmctldHost names, by its short name.
	host, _, _ = strings.Cut(host, ".")
	ports := freePorts(t, 2)
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	line("# Written by statelab's e2e tests (startSlurm) for a one-node test cluster.")
	line("ClusterName=statelab")
	line("SlurmctldHost=%s(127.0.0.1)", host)
	line("SlurmctldPort=%d", ports[0])
	line("SlurmdPort=%d", ports[1])
	line("SlurmUser=root")
	line("SlurmdUser=root")
	line("AuthType=auth/munge")
	line("CredType=cred/munge")
	line("AuthInfo=socket=%s", c.Munge)
	line("StateSaveLocation=%s", filepath.Join(c.Dir, "state"))
	line("SlurmdSpoolDir=%s", filepath.Join(c.Dir, "spool"))
	line("SlurmctldPidFile=%s", filepath.Join(c.Dir, "slurmctld.pid"))
	line("SlurmdPidFile=%s", filepath.Join(c.Dir, "slurmd.pid"))
	// No SlurmctldLogFile or SlurmdLogFile: in the foreground (-D) the daemons
	// then log to stderr alone, which start keeps in Dir/NAME.log.
	line("MailProg=/bin/true")
	line("ProctrackType=proctrack/linuxproc")
	line("TaskPlugin=task/none")
	line("SelectType=select/cons_tres")
	line("SelectTypeParameters=CR_Core")
	line("MpiDefault=none")
	line("JobAcctGatherType=jobacct_gather/none")
	line("AccountingStorageType=accounting_storage/none")
	line("ReturnToService=2")
	line("SlurmdParameters=config_overrides")
	line("MinJobAge=5")
	// Schedule batch jobs as they are submitted or others end, not up to 3 s later.
	line("SchedulerParameters=batch_sched_delay=0")
	line("TmpFS=%s", c.Scratch())
	line("NodeName=%s NodeAddr=127.0.0.1 CPUs=%d RealMemory=%d TmpDisk=%d State=UNKNOWN",
		c.Node, runtime.NumCPU(), memoryMB(t)/2, c.TmpDiskMB)
	line("PartitionName=%s Nodes=%s Default=YES MaxTime=INFINITE State=UP", c.Partition, c.Node)
	return b.String()
}

// Env returns os.Environ() with SLURM_CONF=c.Conf, for the client commands
// (sbatch, squeue, scontrol, sinfo, scancel) and the jobs they submit. It drops
// the inherited SLURM_*, SBATCH_*, SQUEUE_*, SINFO_*, SCONTROL_* and SCANCEL_*
// variables, which could point the commands elsewhere or change their output
// (as they would when the tests themselves run in a Slurm job).
func (c *slurmCluster) Env() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !slurmClientVar(name) {
			env = append(env, kv)
		}
	}
	return append(env, "SLURM_CONF="+c.Conf)
}

func slurmClientVar(name string) bool {
	for _, prefix := range []string{"SLURM_", "SBATCH_", "SQUEUE_", "SINFO_", "SCONTROL_", "SCANCEL_"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// Scratch is the node's scratch directory (TmpFS) under Dir.
func (c *slurmCluster) Scratch() string {
	return filepath.Join(c.Dir, "scratch")
}

// command returns a client command (sbatch, squeue, ...) for this cluster,
// run in Dir (so jobs without --chdir or --output run and write there).
func (c *slurmCluster) command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = c.Env()
	cmd.Dir = c.Dir
	return cmd
}

// output runs a client command for at most 30 s and returns its stdout and
// stderr, combined.
func (c *slurmCluster) output(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := c.command(ctx, name, args...).CombinedOutput()
	return string(out), err
}

// waitIdle waits up to timeout until squeue lists no jobs (pending, running or
// completing), or fails the test with squeue's output.
func (c *slurmCluster) waitIdle(t *testing.T, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		out, err := c.output("squeue", "-h")
		if err == nil && strings.TrimSpace(out) == "" {
			return
		}
		if time.Now().After(deadline) {
			if err == nil {
				out, err = c.output("squeue", "-r")
			}
			t.Fatalf("Slurm: jobs still queued after %v (squeue: %v):\n%s", timeout, err, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// start starts a daemon with the cluster's environment, its output in
// Dir/NAME.log. The daemon gets SIGTERM if the test binary dies first.
func (c *slurmCluster) start(t *testing.T, name string, args ...string) *slurmDaemon {
	t.Helper()
	d := &slurmDaemon{name: name, log: filepath.Join(c.Dir, name+".log"), done: make(chan struct{})}
	f, err := os.OpenFile(d.log, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d.cmd = exec.Command(name, args...)
	// SLURM_CONF also marks the daemons and what they start (slurmstepd and,
	// submitted with Env, the jobs) for stop's final sweep.
	d.cmd.Env = c.Env()
	d.cmd.Dir = c.Dir
	d.cmd.Stdout, d.cmd.Stderr = f, f // files, so Wait does not wait on grandchildren
	d.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := d.cmd.Start(); err != nil {
		t.Fatalf("Slurm: start %s: %v", name, err)
	}
	go func() {
		d.err = d.cmd.Wait()
		close(d.done)
	}()
	c.daemons = append(c.daemons, d)
	return d
}

// await polls ready until it reports true, or fails the test at the deadline or
// as soon as one of the daemons it needs has exited.
func (c *slurmCluster) await(t *testing.T, deadline time.Time, what string, ready func() (bool, string), needs ...*slurmDaemon) {
	t.Helper()
	for {
		ok, last := ready()
		if ok {
			return
		}
		for _, d := range needs {
			if d.exited() {
				t.Fatalf("Slurm: %s exited (%v) while waiting for %s in %s\n%s", d.name, d.err, what, c.Dir, c.logTails())
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("Slurm: no %s within 60 s in %s; last: %s\n%s", what, c.Dir, strings.TrimSpace(last), c.logTails())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// running reports whether the daemon called name was started and runs.
func (c *slurmCluster) running(name string) bool {
	for _, d := range c.daemons {
		if d.name == name {
			return !d.exited()
		}
	}
	return false
}

func (d *slurmDaemon) exited() bool {
	select {
	case <-d.done:
		return true
	default:
		return false
	}
}

// logTails returns the last lines of each daemon's log.
func (c *slurmCluster) logTails() string {
	var b strings.Builder
	for _, d := range c.daemons {
		data, err := os.ReadFile(d.log)
		if err != nil {
			fmt.Fprintf(&b, "--- %s: %v\n", d.name, err)
			continue
		}
		fmt.Fprintf(&b, "--- %s (%s):\n%s\n", d.name, d.log, tail(string(data), 20))
	}
	return b.String()
}

// stop cancels the jobs left, stops the daemons (slurmd and slurmctld, then
// munged), kills what is left with the cluster's SLURM_CONF and removes Dir.
func (c *slurmCluster) stop(t *testing.T) {
	// Jobs outlive slurmd (slurmstepd runs in a session of its own), so they
	// are cancelled first, while slurmd can still end them.
	if c.running("slurmctld") {
		if out, err := c.output("scancel", "--partition", c.Partition); err != nil {
			t.Logf("Slurm: scancel: %v: %s", err, out)
		}
		deadline := time.Now().Add(15 * time.Second)
		for c.running("slurmd") {
			out, err := c.output("squeue", "-h")
			if err == nil && strings.TrimSpace(out) == "" {
				break
			}
			if time.Now().After(deadline) {
				t.Logf("Slurm: jobs left after scancel (%v):\n%s", err, out)
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	var slurm, munge []*slurmDaemon
	for _, d := range c.daemons {
		if d.name == "munged" {
			munge = append(munge, d)
		} else {
			slurm = append(slurm, d)
		}
	}
	terminate(t, slurm)
	terminate(t, munge)
	if left := killStrays(c.Conf); len(left) > 0 {
		t.Logf("Slurm: killed processes of %s that outlived its daemons: %v", c.Dir, left)
	}
	if t.Failed() {
		t.Logf("Slurm daemons' logs:\n%s", c.logTails())
	}
	if err := os.RemoveAll(c.Dir); err != nil {
		t.Errorf("Slurm: %v", err)
	}
}

// terminate sends SIGTERM to the daemons, SIGKILL to those that have not exited
// 5 s later, and waits for all of them.
func terminate(t *testing.T, daemons []*slurmDaemon) {
	for _, d := range daemons {
		if !d.exited() {
			d.cmd.Process.Signal(syscall.SIGTERM)
		}
	}
	grace := time.After(5 * time.Second)
	for _, d := range daemons {
		select {
		case <-d.done:
			continue
		case <-grace:
		}
		t.Logf("Slurm: %s ignored SIGTERM for 5 s; killing it", d.name)
		d.cmd.Process.Kill()
		select {
		case <-d.done:
		case <-time.After(10 * time.Second):
			t.Errorf("Slurm: %s (pid %d) survived SIGKILL", d.name, d.cmd.Process.Pid)
		}
	}
}

// killStrays kills (SIGTERM, SIGKILL 2 s later) the processes other than the
// test's whose environment has SLURM_CONF=conf, and returns those that were
// there, as "PID COMMAND".
func killStrays(conf string) []string {
	strays := slurmProcesses(conf)
	if len(strays) == 0 {
		return nil
	}
	var found []string
	for pid, name := range strays {
		found = append(found, fmt.Sprintf("%d %s", pid, name))
		syscall.Kill(pid, syscall.SIGTERM)
	}
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end) && len(slurmProcesses(conf)) > 0; {
		time.Sleep(100 * time.Millisecond)
	}
	for pid := range slurmProcesses(conf) {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	return found
}

// slurmProcesses returns the live processes other than the test's whose
// environment has SLURM_CONF=conf, by pid, with their command lines.
func slurmProcesses(conf string) map[int]string {
	want := []byte("SLURM_CONF=" + conf)
	procs := make(map[int]string)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil || !hasEntry(env, want) {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		procs[pid] = strings.TrimSpace(string(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '})))
	}
	return procs
}

// hasEntry reports whether a NUL-separated environment holds the entry kv.
func hasEntry(env, kv []byte) bool {
	for _, e := range bytes.Split(env, []byte{0}) {
		if bytes.Equal(e, kv) {
			return true
		}
	}
	return false
}

// freePorts returns n distinct free TCP ports on 127.0.0.1.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// memoryMB returns the machine's memory (MemTotal), in MB.
func memoryMB(t *testing.T) int {
	t.Helper()
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				break
			}
			return max(kb/1024, 2)
		}
	}
	t.Fatalf("no MemTotal in /proc/meminfo:\n%s", data)
	return 0
}

var submitted = regexp.MustCompile(`Submitted batch job (\d+)`)

// TestSlurmCluster starts a cluster, runs a job, a failing job and a job array
// on it, checks its partition and TmpDisk, leaves a job running, and checks that
// the cleanup stops every process of the cluster and removes its directory.
func TestSlurmCluster(t *testing.T) {
	var (
		c       *slurmCluster
		pids    []int
		endBody time.Time
	)
	t.Run("cluster", func(t *testing.T) {
		start := time.Now()
		c = startSlurm(t, 12345)
		t.Logf("node idle %v after start", time.Since(start).Round(time.Millisecond))
		for _, d := range c.daemons {
			pids = append(pids, d.cmd.Process.Pid)
		}
		out := t.TempDir()

		mustSlurm := func(name string, args ...string) string {
			t.Helper()
			s, err := c.output(name, args...)
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, s)
			}
			return s
		}

		if s := mustSlurm("sinfo", "-h", "-p", c.Partition, "-o", "%d"); strings.TrimSpace(s) != "12345" {
			t.Errorf("sinfo -o %%d: TmpDisk %q, want 12345", s)
		}
		if s := mustSlurm("scontrol", "show", "partition", c.Partition); !strings.Contains(s, "PartitionName="+c.Partition) {
			t.Errorf("scontrol show partition %s:\n%s", c.Partition, s)
		}
		if s, err := c.output("scontrol", "show", "partition", "nosuch"); err == nil {
			t.Errorf("scontrol show partition nosuch: exit 0, want a failure:\n%s", s)
		}
		if s, err := c.output("sbatch", "--partition", c.Partition, "--tmp=20000", "--wrap", "true"); err == nil {
			t.Errorf("sbatch --tmp beyond TmpDisk: exit 0, want a failure:\n%s", s)
		}

		t0 := time.Now()
		job := filepath.Join(out, "job.out")
		s := mustSlurm("sbatch", "--wait", "--partition", c.Partition, "--exclusive", "--output", job, "--wrap", "hostname; id -u")
		if !submitted.MatchString(s) {
			t.Errorf("sbatch: no job id in %q", s)
		}
		data, err := os.ReadFile(job)
		if err != nil {
			t.Fatal(err)
		}
		if lines := strings.Fields(string(data)); len(lines) != 2 || lines[1] != "0" {
			t.Errorf("job output %q, want the host name and uid 0", data)
		}
		t.Logf("sbatch --wait: %v", time.Since(t0).Round(time.Millisecond))

		// sbatch --wait exits with the job's exit code.
		cmd := c.command(t.Context(), "sbatch", "--wait", "--output", "/dev/null", "--wrap", "exit 3")
		if err := cmd.Run(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 3 {
			t.Errorf("sbatch --wait of a job that exits 3: %v, want exit 3", err)
		}

		t0 = time.Now()
		s = mustSlurm("sbatch", "--partition", c.Partition, "--array=0-2", "--output", filepath.Join(out, "array-%A_%a.out"),
			"--wrap", fmt.Sprintf(`echo $SLURM_ARRAY_TASK_ID >%s/task-$SLURM_ARRAY_TASK_ID; sleep 1`, out))
		m := submitted.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("sbatch --array: no job id in %q", s)
		}
		t.Logf("squeue of array job %s:\n%s", m[1], mustSlurm("squeue", "-r", "-o", "%i %T %R"))
		c.waitIdle(t, 30*time.Second)
		for i := range 3 {
			data, err := os.ReadFile(filepath.Join(out, fmt.Sprintf("task-%d", i)))
			if err != nil || strings.TrimSpace(string(data)) != strconv.Itoa(i) {
				t.Errorf("array task %d: %q, %v", i, data, err)
			}
		}
		t.Logf("array of 3: %v", time.Since(t0).Round(time.Millisecond))

		// A job left running, for the cleanup to cancel.
		s = mustSlurm("sbatch", "--partition", c.Partition, "--output", "/dev/null", "--wrap", "sleep 600")
		m = submitted.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("sbatch: no job id in %q", s)
		}
		for end := time.Now().Add(20 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			if s := mustSlurm("squeue", "-h", "-j", m[1], "-o", "%T"); strings.TrimSpace(s) == "RUNNING" {
				break
			}
			if time.Now().After(end) {
				t.Fatalf("job %s not running after 20 s:\n%s", m[1], mustSlurm("squeue"))
			}
		}
		defer func() { endBody = time.Now() }()
		if len(slurmProcesses(c.Conf)) < 5 { // the daemons, slurmstepd, sh and sleep
			t.Errorf("processes of the cluster: %v, want the daemons and the job's", slurmProcesses(c.Conf))
		}
	})
	if c == nil {
		t.SkipNow() // or failed: startSlurm skipped or failed the subtest
	}
	if !endBody.IsZero() {
		t.Logf("cleanup: %v", time.Since(endBody).Round(time.Millisecond))
	}
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("daemon pid %d still there after cleanup: %v", pid, err)
		}
	}
	if left := slurmProcesses(c.Conf); len(left) > 0 {
		t.Errorf("processes of the cluster after cleanup: %v", left)
	}
	if _, err := os.Stat(c.Dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s after cleanup: %v", c.Dir, err)
	}
}
