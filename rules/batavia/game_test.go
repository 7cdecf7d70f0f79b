package batavia

import (
	"encoding/json"
	"strings"
	"testing"

	"spicebot/rules"
)

// The game's frame: id, player counts, the quick-start option, refusals of bad setups, and
// move texts that read back.
func TestGameFrame(t *testing.T) {
	if Game.ID() != "batavia" || Game.Name() != "Batavia" {
		t.Fatal(Game.ID(), Game.Name())
	}
	if lo, hi := Game.Players(); lo != 3 || hi != 5 {
		t.Fatal(lo, hi)
	}
	for _, n := range []int{2, 6} {
		if _, err := Game.New(n, nil, 1); err == nil {
			t.Errorf("a %d-player game was set up", n)
		}
	}
	if _, err := Game.New(4, rules.Options{"blackbeard": true}, 1); err == nil {
		t.Error("an unknown option was accepted")
	}
	st, err := Game.New(4, rules.Options{OptQuickStart: true}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s := st.(*State); s.FaceUp != NumHexes || s.Track != quickStartLayout() {
		t.Fatal("quick start is not the fixed face-up layout")
	}
	for _, text := range []string{"pass", "bid 4", "draw", "lay D3", "done", "sail N", "exchange", "keep"} {
		m, err := Game.ParseMove(text)
		if err != nil || m.String() != text {
			t.Errorf("ParseMove(%q) = %v, %v", text, m, err)
		}
	}
	for _, text := range []string{"", "bid", "bid x", "bid 0", "lay", "lay X3", "lay D0", "lay D23", "sail Q", "pass now", "fly"} {
		if _, err := Game.ParseMove(text); rules.Reason(err) == "" {
			t.Errorf("ParseMove(%q) gave no reason: %v", text, err)
		}
	}
	for id, want := range map[string]string{"P01": "British trading post (tea)", "P35": "Swedish trading post (pepper)",
		"target": "Target counter", "N": "Dutch", "P36": "", "S12": ""} {
		if got := english(Game.Term(id)); got != want {
			t.Errorf("Term(%q) = %q, want %q", id, got, want)
		}
	}
}

// Load refuses a state that breaks an invariant: a lost card, a counter twice, a note too many.
func TestLoadRefusesBrokenStates(t *testing.T) {
	st, _ := Game.New(4, nil, 3)
	good, _ := json.Marshal(st)
	if _, err := Game.Load(good); err != nil {
		t.Fatal(err)
	}
	for name, breakIt := range map[string]func(s *State){
		"lost card":          func(s *State) { s.Stack = s.Stack[1:] },
		"counter twice":      func(s *State) { s.Track[1] = s.Track[0] },
		"extra note":         func(s *State) { s.Seats[0].Notes++ },
		"crate missing":      func(s *State) { s.Seats[1].Crates-- },
		"unknown phase":      func(s *State) { s.Phase = "tea time" },
		"merchant on a post": func(s *State) { s.Seats[2].Pos = 3 },
	} {
		s := &State{}
		if err := json.Unmarshal(good, s); err != nil {
			t.Fatal(err)
		}
		breakIt(s)
		bad, _ := json.Marshal(s)
		if _, err := Game.Load(bad); err == nil || !strings.Contains(err.Error(), "load batavia") {
			t.Errorf("%s: Load accepted it (%v)", name, err)
		}
	}
}
