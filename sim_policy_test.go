package main

import (
	"regexp"
	"strings"
	"testing"
)

// Issue 22: sim plays The Dutch East Indies to the end at every player count, its random players
// following the game's own playout policy (ai.Guided), and says so; a game without one (Borneo)
// keeps uniformly random moves and says nothing of a policy.
func TestSimPlaysGuidedGameToTheEnd(t *testing.T) {
	for _, players := range []string{"2", "3", "4"} {
		code, out, stderr := runMain(t, "sim", "--game", "dutch-east-indies", "--players", players, "--games", "3", "--seed", "1")
		if code != 0 {
			t.Fatalf("%s players: exit %d: %s", players, code, stderr)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 4 {
			t.Fatalf("%s players: want 3 game lines and a summary, got:\n%s", players, out)
		}
		for _, l := range lines[:3] {
			if !regexp.MustCompile(`^seed \d+: winner seat \d scores \[[0-8 ]+\] moves \d+$`).MatchString(l) {
				t.Errorf("%s players: bad game line %q", players, l)
			}
		}
		if !strings.Contains(lines[3], "random players follow the game's own playout policy") {
			t.Errorf("%s players: the summary does not say the policy played: %q", players, lines[3])
		}
	}
	code, out, _ := runMain(t, "sim", "--game", "dutch-east-indies", "--players", "3", "--games", "1", "--ai", "easy,random,random", "--iterations", "4")
	if code != 0 || !strings.Contains(out, "random players follow the game's own playout policy") {
		t.Errorf("sim --ai: exit %d, the header does not say the policy played:\n%s", code, out)
	}
	_, out, _ = runMain(t, "sim", "--game", "borneo", "--players", "3", "--games", "1")
	if strings.Contains(out, "policy") {
		t.Errorf("borneo's sim speaks of a policy:\n%s", out)
	}
}
