package data

import (
	"context"
	"errors"
	"testing"

	"spicebot/rules"
)

// A game's web token is made once, found back, replaced by a reset (the old one then finds
// nothing), and its hash shows in the game's stamp.
func TestWebToken(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	g, err := s.CreateLobby(ctx, Game{GuildID: "g", ChannelID: "c", Game: "borneo", Options: rules.Options{}}, Seat{Seat: -1, UserID: "u0", Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.WebToken(ctx, g.ID)
	if err != nil || len(tok) != 22 {
		t.Fatalf("WebToken = %q, %v; want 22 characters", tok, err)
	}
	again, err := s.WebToken(ctx, g.ID)
	if err != nil || again != tok {
		t.Fatalf("WebToken again = %q, %v; want %q", again, err, tok)
	}
	got, _, err := s.GameByWebToken(ctx, tok)
	if err != nil || got.ID != g.ID {
		t.Fatalf("GameByWebToken = %d, %v; want game %d", got.ID, err, g.ID)
	}
	st, err := s.GameStamp(ctx, g.ID)
	if err != nil || st.TokenHash != WebTokenHash(tok) {
		t.Fatalf("GameStamp = %+v, %v; want the token's hash", st, err)
	}
	fresh, err := s.ResetWebToken(ctx, g.ID)
	if err != nil || fresh == tok || len(fresh) != 22 {
		t.Fatalf("ResetWebToken = %q, %v", fresh, err)
	}
	if _, _, err := s.GameByWebToken(ctx, tok); !errors.Is(err, ErrNoGame) {
		t.Fatalf("the reset token still finds a game: %v", err)
	}
	if _, _, err := s.GameByWebToken(ctx, "not-a-token-at-all-xxxx"); !errors.Is(err, ErrNoGame) {
		t.Fatalf("a wrong token: %v, want ErrNoGame", err)
	}
	if got, _, err := s.GameByWebToken(ctx, fresh); err != nil || got.ID != g.ID {
		t.Fatalf("the new token: %d, %v", got.ID, err)
	}
	if _, err := s.WebToken(ctx, 999); !errors.Is(err, ErrNoGame) {
		t.Fatalf("WebToken of no game: %v, want ErrNoGame", err)
	}
	if _, err := s.GameStamp(ctx, 999); !errors.Is(err, ErrNoGame) {
		t.Fatalf("GameStamp of no game: %v, want ErrNoGame", err)
	}
}
