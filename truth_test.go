package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"spicebot/commands"
)

// TestCLIWords (issue 26, item 7): `games` prints words, never catalogue keys, in English and
// French; `sim` numbers the winners from 1 in its text and in --json alike; `render --lang fr`
// draws in French (a different image from the English one).
func TestCLIWords(t *testing.T) {
	for _, l := range []string{"en", "fr"} {
		code, out, stderr := runMain(t, "games", "--lang", l)
		if code != 0 || strings.Contains(out, "⟦") || !strings.Contains(out, "blackbeard") {
			t.Errorf("games --lang %s: exit %d %s\n%s", l, code, stderr, out)
		}
	}
	_, out, _ := runMain(t, "games", "--lang", "fr")
	if !strings.Contains(out, "Barbe Noire") {
		t.Errorf("games --lang fr is not French:\n%s", out)
	}
	_, text, _ := runMain(t, "sim", "--game", "borneo", "--players", "3", "--games", "4", "--seed", "7")
	_, js, _ := runMain(t, "sim", "--game", "borneo", "--players", "3", "--games", "4", "--seed", "7", "--json")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	winner := regexp.MustCompile(`winner (.*) scores`)
	for i, l := range strings.Split(strings.TrimSpace(js), "\n") {
		if !strings.HasPrefix(l, "{") {
			continue // the summary
		}
		var r simResult
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		var seats []string
		for _, w := range r.Winners {
			seats = append(seats, fmt.Sprintf("seat %d", w))
		}
		if got := winner.FindStringSubmatch(lines[i]); got == nil || got[1] != strings.Join(seats, " & ") {
			t.Errorf("game %d: text %q, json winners %v", i, lines[i], r.Winners)
		}
	}
	dir := t.TempDir()
	var pngs [2][]byte
	for i, l := range []string{"en", "fr"} {
		p := filepath.Join(dir, l+".png")
		if code, _, stderr := runMain(t, "render", "--game", "borneo", "--players", "3", "--lang", l, "--out", p); code != 0 {
			t.Fatalf("render --lang %s: %s", l, stderr)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		pngs[i] = b
	}
	if string(pngs[0]) == string(pngs[1]) {
		t.Error("render --lang fr drew the English image")
	}
}

// TestReadmeInviteURL: the README's invite URL asks for exactly the permissions the bot checks
// (commands.InvitePermissions), and so does the bot's own message without a token.
func TestReadmeInviteURL(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("permissions=%d", commands.InvitePermissions())
	found := regexp.MustCompile(`permissions=\d+`).FindAllString(string(b), -1)
	if len(found) == 0 {
		t.Fatal("the README has no invite URL")
	}
	for _, f := range found {
		if f != want {
			t.Errorf("README: %s, the bot checks %s", f, want)
		}
	}
	t.Setenv("DISCORD_TOKEN", "")
	if _, _, stderr := runMain(t, "serve"); !strings.Contains(stderr, want) {
		t.Errorf("serve without a token does not give the invite URL with %s:\n%s", want, stderr)
	}
}
