package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// countGame is a tiny two-player game for testing the generic move UI: the player to move names a
// number from 1 to Moves; three moves end it. It exercises menus larger than Discord's limits.
type countGame struct{ moves int }

type countMove int

func (m countMove) String() string { return "n " + strconv.Itoa(int(m)) }

type countState struct {
	N       int   `json:"n"`
	Turn    int   `json:"turn"`
	V       int   `json:"v"`
	Sum     []int `json:"sum"`
	log     rules.Log
	options int
}

func (g countGame) ID() string              { return "count" }
func (g countGame) Name() string            { return "Count" }
func (g countGame) Players() (int, int)     { return 2, 2 }
func (g countGame) Options() []rules.Option { return nil }
func (g countGame) Rules() []rules.Topic {
	return []rules.Topic{{Key: "all", Title: "All", Text: "Name numbers."}}
}
func (g countGame) New(p int, _ rules.Options, _ uint64) (rules.State, error) {
	return &countState{N: g.moves, Sum: make([]int, p)}, nil
}
func (g countGame) Load(b []byte) (rules.State, error) {
	var s countState
	err := json.Unmarshal(b, &s)
	return &s, err
}
func (g countGame) ParseMove(text string) (rules.Move, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "n "))
	if err != nil || !strings.HasPrefix(text, "n ") {
		return nil, &rules.IllegalMoveError{Move: text, Reason: "Not a number move."}
	}
	return countMove(n), nil
}

func (s *countState) Players() int { return len(s.Sum) }
func (s *countState) Version() int { return s.V }
func (s *countState) Active() []rules.Seat {
	if s.V >= 3 {
		return nil
	}
	return []rules.Seat{rules.Seat(s.Turn)}
}
func (s *countState) Status() string { return rules.SeatRef(rules.Seat(s.Turn)) + " names a number." }
func (s *countState) Legal(seat rules.Seat) []rules.Move {
	if s.V >= 3 || int(seat) != s.Turn {
		return nil
	}
	out := make([]rules.Move, s.N)
	for i := range out {
		out[i] = countMove(i + 1)
	}
	return out
}
func (countGame) Term(id string) string { return id }

func (s *countState) TurnNumber() int { return s.V + 1 }

func (s *countState) Describe(seat rules.Seat, m rules.Move) rules.Choice {
	l := s.label(seat, m)
	return rules.Choice{Label: l, Path: []rules.Step{{Prompt: "Which number?", Option: l}}}
}

func (s *countState) label(_ rules.Seat, m rules.Move) string {
	return "Name " + strings.TrimPrefix(m.String(), "n ")
}
func (s *countState) Apply(seat rules.Seat, m rules.Move) error {
	if _, ok := rules.FindLegal(s, seat, m); !ok {
		return rules.Illegal(m, "It is not your turn.")
	}
	s.Sum[seat] += int(m.(countMove))
	s.V++
	s.Turn = 1 - s.Turn
	return nil
}
func (s *countState) View(rules.Seat) any               { return s.Sum }
func (s *countState) Private(rules.Seat) string         { return "" }
func (s *countState) Log(v rules.Seat) []rules.LogEntry { return s.log.For(v) }
func (s *countState) Hidden(rules.Seat) []string        { return nil }
func (s *countState) Outcome() (rules.Outcome, bool) {
	if s.V < 3 {
		return rules.Outcome{}, false
	}
	w := rules.Seat(0)
	if s.Sum[1] > s.Sum[0] {
		w = 1
	}
	return rules.Outcome{Scores: s.Sum, Winners: []rules.Seat{w}}, true
}

// startCount opens a store with a started two-player count game of n moves per turn.
func startCount(t *testing.T, n int) (*Service, *data.Store) {
	t.Helper()
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg := &rules.Registry{}
	reg.Register(countGame{moves: n})
	svc := New(store, reg, nil)
	do := func(user, sub string) Reply {
		r, err := svc.Handle(ctx, Request{Kind: KindCommand, ChannelID: "c1", GuildID: "g", UserID: user,
			UserName: user, Command: "game", Sub: sub, Options: map[string]any{"game": "count"}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	do("u1", "new")
	do("u2", "join")
	if r := do("u1", "start"); !strings.Contains(r.Content, "has started") {
		t.Fatalf("start: %q", r.Content)
	}
	return svc, store
}

func selects(r Reply) []discordgo.SelectMenu {
	var out []discordgo.SelectMenu
	for _, row := range r.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if s, ok := c.(discordgo.SelectMenu); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func buttons(r Reply) []discordgo.Button {
	var out []discordgo.Button
	for _, row := range r.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok {
				out = append(out, b)
			}
		}
	}
	return out
}

// TestMoveMenuPages checks the "Your move" menu of 130 moves: four selects of 25 on page one, a
// Next button, and the remaining 30 on page two, every option a legal move.
func TestMoveMenuPages(t *testing.T) {
	svc, store := startCount(t, 130)
	ctx := context.Background()
	row, seats, err := store.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	var mover string
	for _, s := range seats {
		if s.Seat == 0 {
			mover = s.UserID
		}
	}
	click := func(customID string, values ...string) Reply {
		r, err := svc.Handle(ctx, Request{Kind: KindComponent, ChannelID: "c1", UserID: mover, CustomID: customID, Values: values})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := click(CustomID{Action: ActYourMove, Game: row.ID, Version: 0}.String())
	sel := selects(r)
	if len(sel) != 4 {
		t.Fatalf("page 1 has %d selects, want 4", len(sel))
	}
	seen := map[string]bool{}
	ids := map[string]bool{}
	for _, s := range sel {
		if len(s.Options) != 25 {
			t.Errorf("select %s has %d options", s.CustomID, len(s.Options))
		}
		if ids[s.CustomID] {
			t.Errorf("custom_id %s used twice in one message", s.CustomID)
		}
		ids[s.CustomID] = true
		for _, o := range s.Options {
			seen[o.Value] = true
		}
	}
	bs := buttons(r)
	if len(bs) != 1 || !strings.Contains(bs[0].Label, "Next") {
		t.Fatalf("page 1 buttons = %+v", bs)
	}
	r2 := click(bs[0].CustomID)
	if r2.Type != ReplyUpdate {
		t.Errorf("page button answered with type %d, want an update", r2.Type)
	}
	sel2 := selects(r2)
	if len(sel2) != 2 || len(sel2[0].Options)+len(sel2[1].Options) != 30 {
		t.Fatalf("page 2 has %d selects", len(sel2))
	}
	for _, s := range sel2 {
		for _, o := range s.Options {
			seen[o.Value] = true
		}
	}
	if len(seen) != 130 {
		t.Fatalf("the pages offer %d distinct moves, want 130", len(seen))
	}
	if bs := buttons(r2); len(bs) != 1 || !strings.Contains(bs[0].Label, "Previous") {
		t.Errorf("page 2 buttons = %+v", bs)
	}
	// Picking from page 2 plays the move.
	played := click(sel2[1].CustomID, sel2[1].Options[0].Value)
	if !strings.HasPrefix(played.Content, "You played: Name 126") {
		t.Errorf("pick answered %q", played.Content)
	}
	// The autocomplete offers at most 25, filtered by what was typed.
	ac, _ := svc.Handle(ctx, Request{Kind: KindAutocomplete, ChannelID: "c1", UserID: seatUser(seats, 1), Command: "play",
		Focused: "move", Options: map[string]any{"move": "12"}})
	if len(ac.Choices) == 0 || len(ac.Choices) > 25 {
		t.Fatalf("autocomplete gave %d choices", len(ac.Choices))
	}
	for _, c := range ac.Choices {
		if !strings.Contains(c.Name, "12") {
			t.Errorf("choice %q does not match what was typed", c.Name)
		}
	}
	full, _ := svc.Handle(ctx, Request{Kind: KindAutocomplete, ChannelID: "c1", UserID: seatUser(seats, 1), Command: "play",
		Focused: "move", Options: map[string]any{"move": ""}})
	if len(full.Choices) != 25 {
		t.Errorf("empty autocomplete gave %d choices, want the 25 limit", len(full.Choices))
	}
	other, _ := svc.Handle(ctx, Request{Kind: KindAutocomplete, ChannelID: "c1", UserID: mover, Command: "play",
		Focused: "move", Options: map[string]any{"move": ""}})
	if len(other.Choices) != 0 {
		t.Errorf("a player who is not to move got %d choices", len(other.Choices))
	}
}

func seatUser(seats []data.Seat, seat int) string {
	for _, s := range seats {
		if s.Seat == seat {
			return s.UserID
		}
	}
	return fmt.Sprint("no seat ", seat)
}

// TestDefinitionsFitDiscord checks the command definitions against Discord's naming limits.
func TestDefinitionsFitDiscord(t *testing.T) {
	reg := &rules.Registry{}
	reg.Register(countGame{moves: 3})
	var check func(path string, opts []*discordgo.ApplicationCommandOption)
	check = func(path string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("%s has %d options", path, len(opts))
		}
		for _, o := range opts {
			if o.Name != strings.ToLower(o.Name) || len(o.Name) > 32 || len(o.Description) > 100 || o.Description == "" {
				t.Errorf("option %s %q: bad name or description %q", path, o.Name, o.Description)
			}
			check(path+" "+o.Name, o.Options)
		}
	}
	for _, c := range Definitions(reg) {
		if len(c.Name) > 32 || len(c.Description) > 100 {
			t.Errorf("command %q too long", c.Name)
		}
		check("/"+c.Name, c.Options)
	}
}
