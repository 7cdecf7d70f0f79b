package main

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func runMain(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestServeWithoutTokenExplainsAndExits2(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	code, _, stderr := runMain(t, "serve")
	if code != 2 {
		t.Fatalf("exit code %d, want 2", code)
	}
	for _, want := range []string{"DISCORD_TOKEN", "discord.com/developers/applications", "applications.commands"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("message lacks %q:\n%s", want, stderr)
		}
	}
}

func TestGamesListsEveryGame(t *testing.T) {
	code, out, _ := runMain(t, "games")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"borneo", "Borneo", "3-5 players", "blackbeard", "four-merchants", "spice-merchant", "3-4 players"} {
		if !strings.Contains(out, want) {
			t.Errorf("games output lacks %q:\n%s", want, out)
		}
	}
}

func TestSimPlaysCompleteGames(t *testing.T) {
	code, out, stderr := runMain(t, "sim", "--game", "borneo", "--players", "4", "--games", "5", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 6 {
		t.Fatalf("want 5 game lines and a summary, got:\n%s", out)
	}
	game := regexp.MustCompile(`^seed \d+: winner seat \d( & seat \d)* scores \[\d+ \d+ \d+ \d+\] moves \d+$`)
	for _, l := range lines[:5] {
		if !game.MatchString(l) {
			t.Errorf("bad game line %q", l)
		}
	}
	if !regexp.MustCompile(`^5 games, \d+ moves \(\d+\.\d a game\) in .*games/s, \d+ moves/s$`).MatchString(lines[5]) {
		t.Errorf("bad summary %q", lines[5])
	}
	// Same seeds, same games.
	_, again, _ := runMain(t, "sim", "--game", "borneo", "--players", "4", "--games", "5", "--seed", "1")
	if strings.Join(strings.Split(again, "\n")[:5], "\n") != strings.Join(lines[:5], "\n") {
		t.Error("sim is not reproducible from its seed")
	}
	code, out, _ = runMain(t, "sim", "--game", "spice-merchant", "--players", "3", "--games", "2", "--json")
	if code != 0 || !strings.Contains(out, `"winners"`) {
		t.Errorf("json sim: exit %d\n%s", code, out)
	}
	if code, _, stderr = runMain(t, "sim", "--game", "chess"); code != 1 || !strings.Contains(stderr, "unknown game") {
		t.Errorf("unknown game: exit %d %q", code, stderr)
	}
	if code, _, stderr = runMain(t, "sim", "--game", "borneo", "--players", "4", "--options", "four-merchants"); code != 1 {
		t.Errorf("four-merchants with 4 players accepted: %q", stderr)
	}
}

func TestRenderWritesBoardAndHand(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--game", "borneo", "--players", "4", "--seed", "1", "--moves", "40"},
		{"--game", "borneo", "--players", "4", "--seed", "1", "--moves", "40", "--seat", "2"},
		{"--game", "spice-merchant", "--players", "3", "--seed", "2", "--moves", "20"},
		{"--game", "borneo", "--players", "3", "--seed", "3", "--moves", "30", "--names", "Ann, Maximiliana Rosalind Okonkwo-Lee,"},
	} {
		out := filepath.Join(dir, "x.png")
		code, _, stderr := runMain(t, append([]string{"render", "--out", out}, args...)...)
		if code != 0 {
			t.Fatalf("render %v: exit %d: %s", args, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("render %v: %v", args, err)
		}
		if _, ok := img.(*image.Paletted); !ok || len(b) > 64<<10 {
			t.Errorf("render %v: a %T of %d bytes, want a paletted PNG of at most 64 KiB", args, img, len(b))
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	if code, _, _ := runMain(t, "dance"); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if code, _, _ := runMain(t); code != 2 {
		t.Errorf("no command: exit %d, want 2", code)
	}
}
