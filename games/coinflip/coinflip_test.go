package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden transcripts")

func play(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestTranscripts(t *testing.T) {
	cases := map[string][]string{
		"seed1.golden":           {"-seed", "1"},
		"seed7-p6-s3-r12.golden": {"-seed", "7", "-players", "6", "-score", "3", "-rounds", "12"},
	}
	for file, args := range cases {
		for _, mode := range [][]string{nil, {"-sequential"}} {
			out, errs, code := play(t, append(args, mode...)...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			path := filepath.Join("testdata", file)
			if *update && mode == nil {
				os.WriteFile(path, []byte(out), 0o644)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if out != string(want) {
				t.Errorf("%v %v: transcript differs from %s\ngot:\n%s", args, mode, path, out)
			}
		}
	}
}

var (
	reRound  = regexp.MustCompile(`^Begin round (\d+) of (\d+)$`)
	reScore  = regexp.MustCompile(`^(.+) (scored|did not score) a point! Their score is: (\d+)$`)
	reJoin   = regexp.MustCompile(`^(.+) joined the game!$`)
	reWinner = regexp.MustCompile(`^(.+) won the game!$`)
)

// TestRuleInvariants plays many seeded games with varied rules and checks
// the transcript against the rules, independently of the implementation.
func TestRuleInvariants(t *testing.T) {
	for seed := range 240 {
		rounds, players, winScore := 1+seed%12, 2+seed%5, 1+seed%5
		args := []string{"-seed", strconv.Itoa(seed), "-rounds", strconv.Itoa(rounds),
			"-players", strconv.Itoa(players), "-score", strconv.Itoa(winScore)}
		out, errs, code := play(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if err := checkTranscript(out, rounds, players, winScore); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
}

func checkTranscript(out string, maxRounds, maxPlayers, winScore int) error {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "Seed ") {
		return fmt.Errorf("first line %q does not print the seed", lines[0])
	}
	lines = lines[1:]
	scores := map[string]int{"Alice": 0, "Bob": 0}
	seated := []string{"Alice", "Bob"}
	round := 0
	var winners []string
	ranOut := false
	for i, l := range lines {
		if len(winners) > 0 || ranOut {
			if m := reWinner.FindStringSubmatch(l); m != nil && len(winners) > 0 {
				continue
			}
			return fmt.Errorf("line %d %q after the game ended", i, l)
		}
		switch {
		case reRound.MatchString(l):
			m := reRound.FindStringSubmatch(l)
			n, _ := strconv.Atoi(m[1])
			if n != round+1 || m[2] != strconv.Itoa(maxRounds) {
				return fmt.Errorf("line %q: want round %d of %d", l, round+1, maxRounds)
			}
			round = n
		case reScore.MatchString(l):
			m := reScore.FindStringSubmatch(l)
			got, _ := strconv.Atoi(m[3])
			if m[2] == "scored" {
				scores[m[1]]++
			}
			if _, ok := scores[m[1]]; !ok || got != scores[m[1]] {
				return fmt.Errorf("line %q: score should be %d", l, scores[m[1]])
			}
		case reJoin.MatchString(l):
			name := reJoin.FindStringSubmatch(l)[1]
			seated = append(seated, name)
			if name != fmt.Sprintf("Player %d", len(seated)) {
				return fmt.Errorf("line %q: expected Player %d", l, len(seated))
			}
			if len(seated) > maxPlayers {
				return fmt.Errorf("%d players seated, max %d", len(seated), maxPlayers)
			}
			scores[name] = 0
		case reWinner.MatchString(l):
			// All winners are announced together, in seat order.
			for _, p := range seated {
				if scores[p] == winScore {
					winners = append(winners, p)
				}
			}
			for j, w := range winners {
				if i+j >= len(lines) || lines[i+j] != w+" won the game!" {
					return fmt.Errorf("winners should be %v, in seat order", winners)
				}
			}
		case l == "Ran out of rounds. Nobody wins!":
			if round != maxRounds {
				return fmt.Errorf("ran out of rounds at round %d of %d", round, maxRounds)
			}
			ranOut = true
		default:
			return fmt.Errorf("unexpected line %q", l)
		}
		// The game must end in the round a player reaches the score.
		if reRound.MatchString(l) && round > 1 {
			for p, s := range scores {
				if s >= winScore {
					return fmt.Errorf("round %d began although %s had %d points", round, p, s)
				}
			}
		}
	}
	if len(winners) == 0 && !ranOut {
		return fmt.Errorf("the game did not end")
	}
	if round > maxRounds {
		return fmt.Errorf("played %d rounds, max %d", round, maxRounds)
	}
	return nil
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-rounds", "-1"},
		{"-rounds", "0"},
		{"-players", "1"},
		{"-score", "0"},
		{"-seed", "x"},
		{"extra"},
	} {
		_, errs, code := play(t, args...)
		if code != 2 || !strings.Contains(errs, "Usage") && !strings.Contains(errs, "usage") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with usage", args, code, errs)
		}
	}
}

func TestScheduleFlag(t *testing.T) {
	out, _, code := play(t, "-schedule")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"BeforeRound → Update → AfterRound → GameOverCheck", ".UpdateScore ", "CheckWinner ↔ ", "AddPlayer on resource main.GameState"} {
		if !strings.Contains(out, want) {
			t.Errorf("schedule lacks %q:\n%s", want, out)
		}
	}
}

func TestRandomSeedIsPrinted(t *testing.T) {
	out, _, _ := play(t)
	var seed uint64
	if _, err := fmt.Sscanf(out, "Seed %d", &seed); err != nil {
		t.Fatalf("no seed line: %q", out)
	}
	again, _, _ := play(t, "-seed", strconv.FormatUint(seed, 10))
	if again != out {
		t.Fatalf("replaying seed %d gave a different game", seed)
	}
}
