//go:build !js

package net

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"
)

// attackEnv names the server a child process of the test binary attacks
// (TestSiegeAttackers); attackScaleEnv is its startAttacks scale.
const (
	attackEnv      = "GLUE_NET_SIEGE_URL"
	attackScaleEnv = "GLUE_NET_SIEGE_SCALE"
)

// attackProcess starts the attackers of a siege in a child process, as
// they would be on another machine: the server's process then spends its
// CPU on the server's side of the attacks only, and the two processes
// share the machine's cores as the OS schedules them. The returned
// function stops the attackers and returns what each attack did, and the
// child's CPU time.
func attackProcess(t testing.TB, url string, scale int) func() []string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestSiegeAttackers$", "-test.v")
	cmd.Env = append(os.Environ(), attackEnv+"="+url, attackScaleEnv+"="+strconv.Itoa(scale))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var lines []string
	read := make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if l := sc.Text(); len(l) > 7 && l[:7] == "attack " {
				lines = append(lines, l[7:])
			}
		}
	}()
	var once sync.Once
	stop := func() []string {
		once.Do(func() {
			stdin.Close()
			<-read
			if err := cmd.Wait(); err != nil {
				t.Errorf("attacker process: %v", err)
			}
			lines = append(lines, "attacker process CPU "+(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()).Round(time.Millisecond).String())
		})
		return lines
	}
	t.Cleanup(func() { stop() })
	return stop
}

// TestSiegeAttackers is the child process of attackProcess: it runs
// startAttacks against the server named by the environment until its
// standard input ends, then prints what each attack did. Without the
// environment it is skipped.
func TestSiegeAttackers(t *testing.T) {
	url := os.Getenv(attackEnv)
	if url == "" {
		t.Skip("the attackers' process of BenchmarkAttacksBesideWatchers")
	}
	scale, err := strconv.Atoi(os.Getenv(attackScaleEnv))
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	go func() {
		bufio.NewReader(os.Stdin).ReadString(0) // until the parent closes it
		stop()
	}()
	var wg sync.WaitGroup
	attacks := startAttacks(ctx, &wg, url, scale)
	wg.Wait()
	for _, a := range attacks {
		os.Stdout.WriteString("attack " + a.String() + "\n")
	}
}
