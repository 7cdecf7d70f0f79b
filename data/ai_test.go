package data

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestAITurns: AI turns are synced to the seats that must decide, claimed once per lease (a
// lease that ran out is claimed again by another owner), given back, finished only by their
// holder, and found by AIGames for games with AI seats or stand-ins.
func TestAITurns(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	plain := playing(t, s, "c1", 3)
	if gs, err := s.AIGames(ctx); err != nil || len(gs) != 0 {
		t.Fatalf("AIGames without AI seats: %v %v", gs, err)
	}
	// A started game with an AI seat.
	g, err := s.CreateLobby(ctx, Game{ChannelID: "c2", Game: "borneo", Players: 3}, Seat{UserID: "u0", Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SeatAll(ctx, g.ID, []Seat{{UserID: "u1", Name: "Bob"}, {UserID: "ai:easy:1", Name: "AI 1 (easy)"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(ctx, g.ID, []string{"u0", "ai:easy:1", "u1"}, 1, []byte(`{}`), 0); err != nil {
		t.Fatal(err)
	}
	gs, err := s.AIGames(ctx)
	if err != nil || len(gs) != 1 || gs[0] != (AIGame{ID: g.ID}) {
		t.Fatalf("AIGames = %+v %v, want game %d", gs, err, g.ID)
	}

	t0 := time.UnixMilli(1_000_000)
	at := func(d time.Duration) func(int) time.Time { return func(int) time.Time { return t0.Add(d) } }
	if err := s.SyncAITurns(ctx, g.ID, []int{1}, at(3*time.Second)); err != nil {
		t.Fatal(err)
	}
	// Syncing again keeps the due time.
	if err := s.SyncAITurns(ctx, g.ID, []int{1}, at(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if next, ok, err := s.NextAITurn(ctx); err != nil || !ok || !next.Equal(t0.Add(3*time.Second)) {
		t.Fatalf("NextAITurn = %v %v %v", next, ok, err)
	}
	// Not due yet: nothing is claimed; due within the lead: claimed once.
	if got, err := s.ClaimAITurns(ctx, t0, t0.Add(time.Second), "a", time.Minute, 5); err != nil || len(got) != 0 {
		t.Fatalf("claim before due = %v %v", got, err)
	}
	got, err := s.ClaimAITurns(ctx, t0.Add(2500*time.Millisecond), t0.Add(3*time.Second), "a", time.Minute, 5)
	if err != nil || len(got) != 1 || got[0].GameID != g.ID || got[0].Seat != 1 || !got[0].Due.Equal(t0.Add(3*time.Second)) {
		t.Fatalf("claim = %+v %v", got, err)
	}
	if again, _ := s.ClaimAITurns(ctx, t0.Add(4*time.Second), t0.Add(4*time.Second), "b", time.Minute, 5); len(again) != 0 {
		t.Fatalf("a held turn was claimed again: %+v", again)
	}
	// Only the holder finishes it; another owner's finish changes nothing.
	if err := s.FinishAITurn(ctx, g.ID, 1, "b"); err != nil || count(t, s, "ai_turns", "") != 1 {
		t.Fatalf("finish by another owner: %v, %d rows", err, count(t, s, "ai_turns", ""))
	}
	// The lease runs out: another owner claims it.
	got, _ = s.ClaimAITurns(ctx, t0.Add(2*time.Minute), t0.Add(2*time.Minute), "b", time.Minute, 5)
	if len(got) != 1 {
		t.Fatalf("a turn whose lease ran out was not claimed again: %+v", got)
	}
	// Given back, due again at once, claimed by a.
	if err := s.RetryAITurn(ctx, g.ID, 1, "b", t0); err != nil {
		t.Fatal(err)
	}
	if got, _ = s.ClaimAITurns(ctx, t0.Add(2*time.Minute), t0.Add(2*time.Minute), "a", time.Minute, 5); len(got) != 1 {
		t.Fatalf("a given-back turn was not claimed: %+v", got)
	}
	if err := s.FinishAITurn(ctx, g.ID, 1, "a"); err != nil || count(t, s, "ai_turns", "") != 0 {
		t.Fatalf("finish: %v, %d rows", err, count(t, s, "ai_turns", ""))
	}
	// Sync drops the turns of seats that no longer decide.
	_ = s.SyncAITurns(ctx, g.ID, []int{0, 1}, at(0))
	_ = s.SyncAITurns(ctx, g.ID, []int{1}, at(0))
	if turns, _ := s.AITurns(ctx, g.ID); len(turns) != 1 || turns[0].Seat != 1 {
		t.Fatalf("turns after sync = %+v", turns)
	}

	// Stand-ins: once per seat, cleared once, only in a game being played; they make a game an
	// AI game.
	if ok, err := s.SetStandIn(ctx, plain.ID, 2, "away"); err != nil || !ok {
		t.Fatalf("SetStandIn = %v %v", ok, err)
	}
	if ok, _ := s.SetStandIn(ctx, plain.ID, 2, "away"); ok {
		t.Error("a second stand-in for the same seat was added")
	}
	if gs, _ := s.AIGames(ctx); len(gs) != 2 || gs[0].ID != plain.ID || gs[0].StandIns != 1 {
		t.Errorf("AIGames with a stand-in = %+v", gs)
	}
	if sis, _ := s.StandIns(ctx, plain.ID); len(sis) != 1 || sis[0].Seat != 2 || sis[0].Why != "away" {
		t.Errorf("StandIns = %+v", sis)
	}
	_ = s.SyncAITurns(ctx, plain.ID, []int{2}, at(0))
	if ok, err := s.ClearStandIn(ctx, plain.ID, 2); err != nil || !ok {
		t.Fatalf("ClearStandIn = %v %v", ok, err)
	}
	if ok, _ := s.ClearStandIn(ctx, plain.ID, 2); ok {
		t.Error("a stand-in was cleared twice")
	}
	if turns, _ := s.AITurns(ctx, plain.ID); len(turns) != 0 {
		t.Errorf("the AI's pending turn for a seat whose owner is back stayed: %+v", turns)
	}
	lob := lobby(t, s, "c3", 3, 1)
	if _, err := s.SetStandIn(ctx, lob.ID, 0, ""); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("SetStandIn in a lobby: %v, want ErrNotPlaying", err)
	}
}
