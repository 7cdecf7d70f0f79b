package ratings_test

import (
	"context"
	"testing"
	"time"

	"spicebot/ai"
	"spicebot/data"
	"spicebot/ratings"
	"spicebot/rules"
	"spicebot/rules/spicemerchant"
)

// TestResultStandInReplacementTimeout stores a paced game of Spice Merchant in which the AI
// stands in for Bo for two moves, Cy lets a deadline pass and is then replaced by Di (events as
// the bot records them), and checks what the ratings make of it: Bo keeps his result and his
// profile counts the AI's two moves; Di has the seat's result; Cy has no result but a timeout
// and a replacement; times to move are measured in the paced game; Cy gets no rating.
func TestResultStandInReplacementTimeout(t *testing.T) {
	ctx := context.Background()
	store := openStore(t)
	reg := registry()
	g := spicemerchant.Game
	const seed = 11
	users := []string{"10", "20", "30"} // Al, Bo, Cy; Di is "40"
	recs := aiGame(t, []ai.Level{ai.Random, ai.Random, ai.Random}, seed)
	row, err := store.CreateLobby(ctx, data.Game{GuildID: "g", ChannelID: "c", Game: g.ID(), Players: 3, Seed: seed},
		data.Seat{Seat: -1, UserID: users[0]})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SeatAll(ctx, row.ID, []data.Seat{{Seat: -1, UserID: users[1]}, {Seat: -1, UserID: users[2]}}); err != nil {
		t.Fatal(err)
	}
	st, _ := g.New(3, nil, seed)
	b, _ := rules.Marshal(st)
	if err := store.Start(ctx, row.ID, users, seed, b, 0); err != nil {
		t.Fatal(err)
	}
	if err := store.SetGamePace(ctx, data.GamePace{GameID: row.ID, Pace: "daily", Timeout: "ai", Away: "pause"}); err != nil {
		t.Fatal(err)
	}
	clock := time.Unix(1_700_000_000, 0)
	half := len(recs) / 2
	boAI, cyBefore, diAfter, boOwn := 0, 0, 0, 0
	commit := func(from, to int, seatUser func(i int, seat rules.Seat) string) {
		var ms []data.Move
		for i := from; i < to; i++ {
			if err := st.Apply(recs[i].Seat, mustParse(t, g, recs[i].Move)); err != nil {
				t.Fatal(err)
			}
			clock = clock.Add(2 * time.Minute)
			ms = append(ms, data.Move{Seat: int(recs[i].Seat), Move: recs[i].Move, UserID: seatUser(i, recs[i].Seat), At: clock})
		}
		b, _ := rules.Marshal(st)
		status := data.StatusPlaying
		if _, over := st.Outcome(); over {
			status = data.StatusFinished
		}
		if _, err := store.CommitMoves(ctx, row.ID, from, ms, b, to, status, nil); err != nil {
			t.Fatal(err)
		}
	}
	commit(0, half, func(i int, seat rules.Seat) string {
		switch {
		case seat == 1 && boAI < 2 && i > 0:
			boAI++
			return "ai:strong:stand-in"
		case seat == 1:
			boOwn++
		case seat == 2:
			cyBefore++
		}
		return users[seat]
	})
	if _, err := store.AddEvent(ctx, data.Event{GameID: row.ID, Version: half, Kind: "timeout",
		Text: rules.Msg("pace.event.timeout_ai", "Seat", rules.SeatRef(2))}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.ReplaceSeat(ctx, row.ID, 2, "30", "40", "Di", data.Event{Kind: "replace", UserID: "10",
		Text: rules.Msg("commands.replace.event_gave", "By", "<@10>", "Seat", 3, "Old", "<@30>", "New", "<@40>")}, nil); err != nil {
		t.Fatal(err)
	}
	commit(half, len(recs), func(_ int, seat rules.Seat) string {
		if seat == 2 {
			diAfter++
			return "40"
		}
		if seat == 1 {
			boOwn++
		}
		return users[seat]
	})
	if boAI != 2 || cyBefore == 0 || diAfter == 0 {
		t.Fatalf("the game does not exercise the case: AI moves %d, Cy's %d, Di's %d", boAI, cyBefore, diAfter)
	}

	r := ratings.New(store, reg, nil)
	if err := r.GameOver(ctx, row.ID); err != nil {
		t.Fatal(err)
	}
	prof := func(p string) ratings.GameProfile {
		t.Helper()
		pr, err := r.Profile(ctx, "g", p)
		if err != nil || len(pr.Games) != 1 {
			t.Fatalf("profile of %s: %+v, %v", p, pr, err)
		}
		return pr.Games[0]
	}
	bo := prof("20")
	if bo.Games != 1 || bo.AIMoves != 2 || bo.Moves != boOwn {
		t.Errorf("Bo's profile %+v: want 1 game, 2 moves by the AI and %d of his own", bo, boOwn)
	}
	if bo.AvgMove != 2*time.Minute || bo.TimedMoves != boOwn {
		t.Errorf("Bo's time to move %v over %d moves, want 2m0s over %d", bo.AvgMove, bo.TimedMoves, boOwn)
	}
	cy := prof("30")
	if cy.Games != 0 || cy.Timeouts != 1 || cy.Replaced != 1 || cy.Moves != cyBefore {
		t.Errorf("Cy's profile %+v: want no result, 1 timeout, replaced once, %d moves", cy, cyBefore)
	}
	di := prof("40")
	if di.Games != 1 || di.Moves != diAfter || di.Timeouts != 0 || di.Replaced != 0 {
		t.Errorf("Di's profile %+v: want the seat's result and %d moves", di, diAfter)
	}
	rts, err := store.Ratings(ctx, "g", g.ID())
	if err != nil {
		t.Fatal(err)
	}
	rated := map[string]bool{}
	for _, rt := range rts {
		rated[rt.Player] = true
	}
	if len(rts) != 3 || !rated["10"] || !rated["20"] || !rated["40"] {
		t.Errorf("rated players %v, want Al, Bo and Di", rated)
	}
}

func mustParse(t *testing.T, g rules.Game, text string) rules.Move {
	t.Helper()
	m, err := g.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestTwoSeatsOfOneAILevel: two AI seats of one level in a game are one identity; both seats are
// rated (each row keeps its own before and after) and the identity counts two games.
func TestTwoSeatsOfOneAILevel(t *testing.T) {
	ctx := context.Background()
	store := openStore(t)
	reg := registry()
	tb := &table{t: t, store: store, reg: reg, guild: "g", clock: time.Unix(1_700_000_000, 0)}
	users := []string{"ai:easy:1", "50", "ai:easy:2"}
	id := tb.add(spicemerchant.Game, users, 3, aiGame(t, []ai.Level{ai.Random, ai.Random, ai.Random}, 3), nil)
	r := ratings.New(store, reg, nil)
	if err := r.GameOver(ctx, id); err != nil {
		t.Fatal(err)
	}
	rts, err := store.PlayerRatings(ctx, "g", "ai:easy")
	if err != nil || len(rts) != 1 || rts[0].Games != 2 {
		t.Fatalf("ratings of ai:easy = %+v, %v; want one rating of 2 games", rts, err)
	}
	seats, err := store.PlayerSeats(ctx, "g", "ai:easy")
	if err != nil || len(seats) != 2 {
		t.Fatalf("rated seats of ai:easy = %+v, %v", seats, err)
	}
	m := r.Model()
	want := m.New()
	for _, st := range seats {
		if st.Before != m.New() {
			t.Errorf("seat %d rated from %+v, want a newcomer", st.Seat, st.Before)
		}
		want.Mu += st.After.Mu - st.Before.Mu
		want.Sigma *= st.After.Sigma / st.Before.Sigma
	}
	if rts[0].Skill != want {
		t.Errorf("ai:easy rated %+v, want both seats' changes %+v", rts[0].Skill, want)
	}
}
