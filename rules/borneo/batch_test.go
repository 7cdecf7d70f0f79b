package borneo

import (
	"encoding/json"
	"strings"
	"testing"

	"spicebot/rules"
)

// moves parses move texts.
func moves(t *testing.T, texts ...string) []rules.Move {
	t.Helper()
	out := make([]rules.Move, len(texts))
	for i, x := range texts {
		m, err := Game.ParseMove(x)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = m
	}
	return out
}

// A mission is paid in one multi-pick (issue 8): the payments carry one Multi bounded by the
// units still owed, and the batch completes the mission at once. A batch with a card that is no
// longer useful fails with a clear sentence and changes nothing.
func TestMissionPaidInOneBatch(t *testing.T) {
	s := missionState(t, "S04 S09 S10 S07 S08", "M01", false)
	play(t, s, 0, "mission M01")
	var multi *rules.Multi
	for _, m := range s.Legal(0) {
		c := s.Describe(0, m)
		if m.String() == "cancel" {
			if c.Multi != nil || enText(c.Path[0].Option) != "Cancel the mission" {
				t.Errorf("cancel: %+v", c)
			}
			continue
		}
		if c.Multi == nil || (multi != nil && *c.Multi != *multi) {
			t.Fatalf("payment %s: multi %+v, want one equal Multi on every payment", m, c.Multi)
		}
		multi = c.Multi
		if want := "Paying for [[M01]], still owed: 1 pepper, 1 cinnamon, 1 cloves, 1 nutmeg. Which warehouse cards do you pay?"; enText(c.Path[0].Prompt) != want {
			t.Errorf("prompt %q", c.Path[0].Prompt)
		}
	}
	if multi == nil || multi.Min != 1 || multi.Max != 4 {
		t.Fatalf("multi %+v, want 1..4", multi)
	}
	before, _ := json.Marshal(s)
	// S08 is a second cinnamon: once S04 has paid the cinnamon it no longer helps.
	_, _, err := rules.ApplyBatch(Game, s, 0, moves(t, "pay S04", "pay S09", "pay S08"), "")
	if err == nil || rules.Reason(err) == "" {
		t.Fatalf("a batch with a useless card: %v", err)
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		t.Fatal("a failed batch changed the state")
	}
	st, recs, err := rules.ApplyBatch(Game, s, 0, moves(t, "pay S04", "pay S09", "pay S10", "pay S07"), "")
	if err != nil || len(recs) != 4 {
		t.Fatalf("batch: %v %v", recs, err)
	}
	if got := st.(*State); !equalInts(got.Seats[0].Missions, ids(t, "M01")) || got.Phase != PhaseCompany {
		t.Errorf("missions %v phase %s", got.Seats[0].Missions, got.Phase)
	}
}

// Discarding down to six is one multi-pick of exactly the excess.
func TestDiscardsInOneBatch(t *testing.T) {
	s := crafted(t, 3, "H01 H03 H05")
	s.Seats[0].Hand = ids(t, "S02 S03 S04 S05 S06 S07 S08")
	s.Deck = ids(t, "S50 S51")
	play(t, s, 0, "ship S02 H03")
	if s.Phase != PhaseDiscard {
		t.Fatalf("phase %s", s.Phase)
	}
	c := s.Describe(0, s.Legal(0)[0])
	if c.Multi == nil || c.Multi.Min != 2 || c.Multi.Max != 2 || enText(c.Path[0].Prompt) != "You hold 8 cards. Which 2 cards do you discard?" || c.Irreversible {
		t.Fatalf("discard choice %+v", c)
	}
	st, _, err := rules.ApplyBatch(Game, s, 0, moves(t, "discard S03", "discard S04"), "")
	if err != nil || st.(*State).Turn != 1 || st.(*State).Phase != PhaseMission {
		t.Fatalf("batch: %v", err)
	}
}

// The pirate trade is its own path: card → spice, outside the multi-pick.
func TestPirateTradePath(t *testing.T) {
	s := missionState(t, "S02 S04 S10 S21", "M01", true)
	play(t, s, 0, "mission M01")
	m, _ := Game.ParseMove("pay S21 nutmeg")
	c := s.Describe(0, m)
	got := expandChoice(c)
	if c.Multi != nil || len(got) != 4 || !strings.HasSuffix(got[1], "→ Trade a card with the pirates") ||
		got[2] != "Which card do you trade with the pirates? → cinnamon · flags 🟥🟥🟥, below 🟦" || got[3] != "Which spice does it count as? → nutmeg" {
		t.Errorf("trade: %q multi %v", got, c.Multi)
	}
}

// TurnNumber counts player turns: a fight, its defence and the picks of a distribution are
// part of the turn; the next player's turn is the next number.
func TestTurnNumber(t *testing.T) {
	st, _ := Game.New(3, nil, 11)
	s := st.(*State)
	for i := 1; s.Phase == PhasePlacement; i++ {
		if s.TurnNumber() != i {
			t.Fatalf("placement %d: turn %d", i, s.TurnNumber())
		}
		play(t, s, s.Placement[0], s.Legal(s.Placement[0])[0].String())
	}
	if s.TurnNumber() != 10 {
		t.Fatalf("first turn after 9 placements is %d, want 10", s.TurnNumber())
	}
	f := fightState(t, []int{1, 2, 0}, "S02 S41 S03", "S11 S36")
	f.Deck = ids(t, "S50 S51")
	f.Turns = 20
	for _, x := range []string{"fight Y3 Y1", "play S02", "done", "1 play S11", "1 done", "1 keep S11", "ship S41 H01"} {
		if f.TurnNumber() != 21 {
			t.Fatalf("before %q: turn %d, want 21", x, f.TurnNumber())
		}
		seat := rules.Seat(0)
		if x[0] == '1' {
			seat, x = 1, x[2:]
		}
		play(t, f, seat, x)
	}
	if f.TurnNumber() != 22 || f.Turn != 1 {
		t.Errorf("after the turn: turn %d, seat %d", f.TurnNumber(), f.Turn)
	}
}

// BenchmarkBorneoDescribe describes every legal move of the seat to act at the start of a
// mid-game turn (what a menu is built from).
func BenchmarkBorneoDescribe(b *testing.B) {
	st, _ := Game.New(4, rules.Options{OptBlackbeard: true}, 9)
	s := st.(*State)
	rng := rules.NewRNG(3)
	for i := 0; i < 80 || s.Phase != PhaseMission; i++ {
		if _, err := rules.RandomStep(s, &rng); err != nil {
			b.Fatal(err)
		}
	}
	seat := s.Active()[0]
	ms := s.Legal(seat)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, m := range ms {
			s.Describe(seat, m)
		}
	}
	b.ReportMetric(float64(len(ms)), "moves")
}
