package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/games"
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

// exploreMenu follows every component of every step of seat's decision menu (buttons that open a
// level or a page, grid cells, confirmations, select options, multi-select options), checking each
// step against Discord's limits, and returns the keys (see pathKey) of the moves it can play.
func exploreMenu(t *testing.T, m *menu) map[string]bool {
	t.Helper()
	reached := map[string]bool{}
	type at struct {
		path string
		page int
	}
	seen := map[at]bool{}
	var queue [][]int
	var pages []int
	push := func(p []int, page int) {
		k := at{pathText(p), page}
		if !seen[k] {
			seen[k] = true
			queue, pages = append(queue, p), append(pages, page)
		}
	}
	leafAt := func(p []int, what string) {
		_, o, ok := m.at(p)
		if !ok || o == nil {
			t.Fatalf("%s names no move: path %v", what, p)
		}
		reached[m.pathKey(o.move)] = true
	}
	push(nil, 0)
	for len(queue) > 0 {
		p, page := queue[0], pages[0]
		queue, pages = queue[1:], pages[1:]
		r := m.viewPage(p, page, "")
		checkLayout(t, r)
		for _, row := range r.Components {
			for _, c := range row.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.Button:
					if c.Disabled {
						continue
					}
					id, err := ParseCustomID(c.CustomID)
					if err != nil || id.Hash != m.hash {
						t.Fatalf("button %q: custom_id %q: %v", c.Label, c.CustomID, err)
					}
					switch id.Action {
					case ActGo:
						push(id.Path, id.Page)
					case ActDo:
						leafAt(id.Path, "button "+c.Label)
					case ActAsk:
						_, o, ok := m.at(id.Path)
						if !ok || o == nil || !m.irreversible(o.move) {
							t.Fatalf("confirmation asked for %v, not an irreversible move", id.Path)
						}
						conf := m.confirm(id.Path, o)
						checkLayout(t, conf)
						if !strings.Contains(conf.Content, m.labels[o.move]) {
							t.Fatalf("the confirmation does not state the move: %q", conf.Content)
						}
						leafAt(id.Path, "confirmation")
					default:
						t.Fatalf("button with action %q", id.Action)
					}
				case discordgo.SelectMenu:
					id, err := ParseCustomID(c.CustomID)
					if err != nil || id.Hash != m.hash {
						t.Fatalf("select %q: custom_id %q: %v", c.Placeholder, c.CustomID, err)
					}
					for _, o := range c.Options {
						switch id.Action {
						case ActMulti:
							lv, _, _ := m.at(id.Path)
							ks, _, ok := multiPicks(lv, []string{o.Value}) // a count stands for several cards
							if !ok {
								t.Fatalf("multi-select value %q", o.Value)
							}
							for _, k := range ks {
								reached[m.pathKey(lv.opts[k].move)] = true
							}
						case ActSelect:
							rel, ok := parsePath(o.Value)
							if !ok {
								t.Fatalf("option value %q", o.Value)
							}
							full := join(id.Path, rel...)
							_, leaf, ok := m.at(full)
							switch {
							case !ok:
								t.Fatalf("option %q leads nowhere", o.Label)
							case leaf != nil:
								reached[m.pathKey(leaf.move)] = true
							default:
								push(full, 0)
							}
						}
					}
				}
			}
		}
	}
	return reached
}

// pathKey is what makes a move distinct to the player: its path (moves with equal paths are the
// same), or the move itself when it may be picked with others.
func (m *menu) pathKey(i int) string {
	if m.choices[i].Multi != nil {
		return m.moves[i].String()
	}
	var parts []string
	for _, s := range m.choices[i].Path {
		parts = append(parts, plain(m.l.expand(s.Option, nil)))
	}
	return strings.Join(parts, "\x00")
}

// checkMenuReachesAll asserts every legal move of seat is offered by its decision menu.
func checkMenuReachesAll(t *testing.T, l *loaded, seat rules.Seat) {
	t.Helper()
	m := newMenu(l, seat)
	reached := exploreMenu(t, m)
	for i := range m.moves {
		if !reached[m.pathKey(i)] {
			t.Fatalf("%s: the menu of seat %d never offers %q (%s); it offers %d moves", l.game.ID(), seat, m.moves[i], m.labels[i], len(reached))
		}
	}
}

// TestMenuReachesEveryMove explores every step of the decision menu of every seat with moves in
// toy games of many shapes and in random positions of every registered game: each step fits
// Discord's limits and every legal move can be played from the menu.
func TestMenuReachesEveryMove(t *testing.T) {
	for _, g := range []toyGame{{1, 1, false, 0}, {1, 3, true, 0}, {4, 3, false, 0}, {6, 4, true, 0}, {9, 3, false, 0},
		{12, 3, true, 0}, {40, 3, false, 0}, {150, 1, false, 0}} {
		st, _ := g.New(2, nil, 1)
		l := &loaded{row: data.Game{ID: 1}, game: g, st: st}
		checkMenuReachesAll(t, l, 0)
		// The payment step.
		st.Apply(0, toyMove("mission"))
		if len(st.Legal(0)) > 0 {
			checkMenuReachesAll(t, l, 0)
		}
	}
	cg := countGame{moves: 130}
	st, _ := cg.New(2, nil, 1)
	checkMenuReachesAll(t, &loaded{row: data.Game{ID: 1}, game: cg, st: st}, 0)

	reg := games.Registry()
	steps := 400
	if testing.Short() {
		steps = 60
	}
	for _, g := range reg.All() {
		lo, _ := g.Players()
		st, err := g.New(lo, nil, 7)
		if err != nil {
			t.Fatal(err)
		}
		l := &loaded{row: data.Game{ID: 3}, game: g, st: st}
		rng := rules.NewRNG(5)
		for i := 0; i < steps; i++ {
			if _, over := st.Outcome(); over {
				break
			}
			if i%3 == 0 {
				for _, s := range st.Active() {
					if len(st.Legal(s)) > 0 {
						checkMenuReachesAll(t, l, s)
					}
				}
			}
			if _, err := rules.RandomStep(st, &rng); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// BenchmarkDecisionMenu measures answering one step of the decision menu in a Borneo position
// mid-game (4 players, 40 or more random moves in): building the seat's decision tree from Legal and
// Describe, hashing it and laying out the first step (a turn's first decision: at least 15 moves).
func BenchmarkDecisionMenu(b *testing.B) {
	g, _ := games.Registry().Get("borneo")
	st, err := g.New(4, nil, 9)
	if err != nil {
		b.Fatal(err)
	}
	rng := rules.NewRNG(2)
	for i := 0; i < 40 || len(st.Legal(st.Active()[0])) < 15; i++ {
		if _, err := rules.RandomStep(st, &rng); err != nil {
			b.Fatal(err)
		}
	}
	seat := st.Active()[0]
	b.Logf("%d legal moves", len(st.Legal(seat)))
	l := &loaded{row: data.Game{ID: 1}, game: g, st: st}
	b.ReportAllocs()
	for b.Loop() {
		newMenu(l, seat).view(nil, "")
	}
}

func (countGame) Messages() fs.FS { return nil }
