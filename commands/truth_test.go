package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/games"
	"spicebot/rules"
	"spicebot/rules/rulestest"
)

// pathOf returns the menu path of the option that plays move i, or false.
func (m *menu) pathOf(i int) ([]int, bool) {
	var walk func(lv *level, path []int) ([]int, bool)
	walk = func(lv *level, path []int) ([]int, bool) {
		for k, o := range lv.opts {
			p := join(path, k)
			if o.child == nil && o.move == i {
				return p, true
			}
			if o.child != nil {
				if q, ok := walk(o.child, p); ok {
					return q, true
				}
			}
		}
		return nil, false
	}
	return walk(m.root, nil)
}

// multiLevel returns, for a move picked in a multi-pick, its level's path, the level and the
// option indexes of that multi-pick (as view lays it out: options with a Multi equal to the
// first's).
func (m *menu) multiLevel(i int) ([]int, *level, []int) {
	p, _ := m.pathOf(i)
	lvPath := p[:len(p)-1]
	lv, _, _ := m.at(lvPath)
	if len(lvPath) == 0 {
		lv = m.root
	}
	var ks []int
	var first *rules.Multi
	for k, o := range lv.opts {
		if o.child == nil && m.multiOf(o.move) != nil && (first == nil || *m.multiOf(o.move) == *first) {
			first = m.multiOf(o.move)
			ks = append(ks, k)
		}
	}
	return lvPath, lv, ks
}

// finalByRule lists, by game, the kinds of moves (first word of the move text) that can't be taken
// back by the game's ruling even when the game-neutral check sees nothing revealed: a draw of
// cards the drawer could have deduced (Batavia's last cards of a stack) is still a draw, which
// BGA's policy never takes back (rules/batavia's package doc, "Undo").
var finalByRule = map[string][]string{"batavia": {"draw"}}

// TestUndoPromiseEveryGame plays random games of every game through the decision menus (single
// picks and multi-pick batches) and checks, for every action, the one undo rule (issue 26):
//   - the warning the menu shows before the pick (⚠️ on the option, or the list's note) says
//     what the reply then promises (⏪ Undo or not);
//   - pressing that Undo takes the action back, and /game undo after an action promised as
//     final refuses and changes nothing;
//   - the promise follows the BGA / Rally the Troops policy, decided for each move by the
//     game-neutral properties of rulestest.Reveals: a move may be taken back exactly when it drew,
//     revealed and rolled nothing and did not end the game. So the test fails when one game's
//     undo ruling (its State.Undoable) is changed either way.
func TestUndoPromiseEveryGame(t *testing.T) {
	ctx := context.Background()
	steps := 160
	if testing.Short() {
		steps = 50
	}
	reg := games.Registry()
	for _, g := range reg.All() {
		for _, players := range []int{3, 4} {
			t.Run(fmt.Sprintf("%s/%d", g.ID(), players), func(t *testing.T) {
				st := startTable(t, reg, g.ID(), players)
				row, _, err := st.store.GameByID(ctx, st.game)
				if err != nil {
					t.Fatal(err)
				}
				rng := rules.NewRNG(row.Seed)
				t.Logf("seed %#x", row.Seed)
				counts := map[string]int{}
				for step := 0; step < steps; step++ {
					l, err := st.svc.load(ctx, "c1", 0)
					if errors.Is(err, data.ErrNoGame) {
						break // finished
					}
					if err != nil {
						t.Fatal(err)
					}
					if _, over := l.st.Outcome(); over {
						break
					}
					active := l.st.Active()
					var movers []rules.Seat
					for _, a := range active {
						if len(l.st.Legal(a)) > 0 {
							movers = append(movers, a)
						}
					}
					if len(movers) == 0 {
						t.Fatalf("step %d: nobody may act; status %q", step, l.st.Status())
					}
					seat := movers[rng.Intn(len(movers))]
					user := st.users[seat]
					m := newMenu(l, seat)
					leafs := levelLeaves(m.root)
					i := leafs[rng.Intn(len(leafs))].move
					var warned, confirmable bool
					var req Request
					var picked []rules.Move
					what := m.moves[i].String()
					if mu := m.multiOf(i); mu != nil {
						lvPath, lv, ks := m.multiLevel(i)
						lo, hi := max(mu.Min, 1), min(mu.Max, len(ks), selectOptions)
						n := lo + rng.Intn(hi-lo+1)
						pick := slices.Clone(ks[:min(len(ks), selectOptions)])
						rng.Shuffle(len(pick), func(a, b int) { pick[a], pick[b] = pick[b], pick[a] })
						pick = pick[:n]
						slices.Sort(pick)
						note := m.multiWarning(lv, ks)
						warned = note != ""
						var values []string
						for _, k := range pick {
							values = append(values, fmt.Sprint(k))
							picked = append(picked, m.moves[lv.opts[k].move])
						}
						confirmable = !warned
						what = fmt.Sprintf("%v (note %q)", picked, note)
						req = Request{Kind: KindComponent, UserID: user, CustomID: m.id(ActMulti, lvPath, 0), Values: values}
					} else {
						p, ok := m.pathOf(i)
						if !ok {
							t.Fatalf("move %q is not in the menu", m.moves[i])
						}
						warned = m.irreversible(i)
						picked = []rules.Move{m.moves[i]}
						if m.thens[i] != "" {
							tm, _ := g.ParseMove(m.thens[i])
							picked = append(picked, tm)
						}
						req = Request{Kind: KindComponent, UserID: user, CustomID: m.id(ActDo, p, 0)}
					}
					// The policy, move by move, on a copy of the state before the action.
					policy, illegal := "", false
					cp, err := rules.Copy(g, l.st)
					if err != nil {
						t.Fatal(err)
					}
					for k, mv := range picked {
						if k == len(picked)-1 && len(picked) > 1 && m.thens[i] == "" && m.multiOf(i) != nil && m.multiOf(i).Then == mv.String() {
							if _, ok := rules.FindLegal(cp, seat, mv); !ok {
								break // the closing move is played only when legal
							}
						}
						if k == len(picked)-1 && m.multiOf(i) == nil && m.thens[i] != "" {
							if _, ok := rules.FindLegal(cp, seat, mv); !ok {
								break
							}
						}
						why, err := rulestest.Reveals(g, cp, seat, mv)
						if rules.Reason(err) != "" {
							illegal = true // a batch that is refused as a whole (checked below)
							break
						}
						if err != nil {
							t.Fatalf("step %d: policy of %s: %v", step, mv, err)
						}
						if why != "" && policy == "" {
							policy = mv.String() + ": " + why
						}
						if err := cp.Apply(seat, mv); err != nil {
							t.Fatal(err)
						}
					}
					if mu := m.multiOf(i); mu != nil && mu.Then != "" && !illegal {
						if tm, _ := g.ParseMove(mu.Then); tm != nil {
							if _, ok := rules.FindLegal(cp, seat, tm); ok {
								why, err := rulestest.Reveals(g, cp, seat, tm)
								if err != nil {
									t.Fatal(err)
								}
								if why != "" && policy == "" {
									policy = tm.String() + ": " + why
								}
							}
						}
					}
					before := st.snapshot()
					r := st.do(req)
					if confirmable {
						// A batch whose verdict the list could not tell: confirmed once picked when it can't be taken back.
						for _, b := range replyButtons(r) {
							if strings.HasPrefix(b.CustomID, customIDPrefix+string(ActMultiOK)+"/") {
								if !strings.Contains(r.Content, english().Text(rules.Msg("commands.menu.confirm", "Move", ""))[:15]) {
									t.Fatalf("step %d: confirmation without the warning: %q", step, r.Content)
								}
								warned = true
								req = Request{Kind: KindComponent, UserID: user, CustomID: b.CustomID}
								r = st.do(req)
								break
							}
						}
					}
					if illegal {
						if st.snapshot() != before {
							t.Fatalf("step %d: the refused batch %s changed the game", step, what)
						}
						counts["refused"]++
						continue
					}
					if !strings.HasPrefix(r.Content, english().Text(rules.Msg("commands.play.played", "Moves", ""))[:4]) {
						t.Fatalf("step %d: %s by seat %d: %q", step, what, seat, r.Content)
					}
					if d, ok := l.st.(rules.BatchDescriber); ok && len(picked) > 1 {
						if want := d.DescribeBatch(seat, picked); want != "" && !strings.Contains(r.Content, plain(l.reader().Text(l.expand(want, nil)))) {
							t.Fatalf("step %d: the reply to %s does not name the batch as %q: %q", step, what, english().Text(want), r.Content)
						}
					}
					b, promised := undoButton(r)
					st.drain()
					if warned == promised {
						t.Fatalf("step %d: %s by seat %d: the menu warned %v before the pick, the reply offers Undo %v", step, what, seat, warned, promised)
					}
					if !promised && policy == "" && slices.Contains(finalByRule[g.ID()], strings.Fields(picked[0].String())[0]) {
						policy = "final by the game's ruling"
					}
					if promised != (policy == "") {
						t.Fatalf("step %d: %s by seat %d: Undo offered %v, but the policy says %q", step, what, seat, promised, policy)
					}
					after := st.snapshot()
					if promised {
						counts["undo"]++
						u := st.press(user, b.CustomID)
						if strings.Contains(u.Content, english().Text(undoChance)) || strings.Contains(u.Content, english().Text(undoTooLate)) {
							t.Fatalf("step %d: %s: Undo was offered and refused: %q", step, what, u.Content)
						}
						st.drain()
						if got := st.snapshot(); strings.Fields(got)[0] != strings.Fields(before)[0] {
							t.Fatalf("step %d: %s: after Undo the game is at %s, before the move %s", step, what, strings.Fields(got)[0], strings.Fields(before)[0])
						}
						// Play it again to go on.
						if r := st.do(req); len(r.Components) == 0 && r.Content == "" {
							t.Fatalf("step %d: replaying %s: %q", step, what, r.Content)
						}
						st.drain()
					} else {
						counts["final"]++
						if _, over := l.st.Outcome(); !over {
							u := st.do(Request{Kind: KindCommand, UserID: user, Command: "game", Sub: "undo"})
							st.drain()
							if got := st.snapshot(); got != after {
								t.Fatalf("step %d: %s: /game undo after a move promised as final changed the game: %q", step, what, u.Content)
							}
						}
					}
				}
				t.Logf("%v", counts)
			})
		}
	}
}

// dmTexts builds the English text of every pending DM and marks the outbox sent.
func (st *stepTable) dmTexts() map[string]string {
	st.t.Helper()
	out := map[string]string{}
	for _, it := range st.drain() {
		if it.Kind != KindDM {
			continue
		}
		dm, ok, err := st.svc.DirectMessage(context.Background(), it)
		if err != nil {
			st.t.Fatal(err)
		}
		if ok {
			out[it.Target] += english().Text(dm.Content)
		}
	}
	return out
}

// TestSpiceMerchantDMsKeepTheRegistrationSecret: at the start of Spice Merchant everybody
// registers at once, so nobody is told "you go first"; the last secret registration deals the
// new hands, and the others' DMs do not name who registered last (issue 26, item 2).
func TestSpiceMerchantDMsKeepTheRegistrationSecret(t *testing.T) {
	ctx := context.Background()
	reg := games.Registry()
	store, err := data.Open(ctx, t.TempDir()+"/db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	st := &stepTable{t: t, svc: New(store, reg, nil), store: store}
	for _, u := range []string{"u1", "u2", "u3"} { // every DM, in this live game too
		if err := store.SetSettings(ctx, u, data.UserSettings{Notify: data.NotifyAll}); err != nil {
			t.Fatal(err)
		}
	}
	st.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "new", Options: map[string]any{"game": "spice-merchant"}})
	st.do(Request{Kind: KindCommand, UserID: "u2", Command: "game", Sub: "join"})
	st.do(Request{Kind: KindCommand, UserID: "u3", Command: "game", Sub: "join"})
	st.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "start"})
	row, seats, err := store.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	st.game = row.ID
	st.users = make([]string, len(seats))
	for _, s := range seats {
		st.users[s.Seat] = s.UserID
	}
	start := st.dmTexts()
	if len(start) != 3 {
		t.Fatalf("start DMs to %d players: %q", len(start), start)
	}
	for u, text := range start {
		if strings.Contains(text, "go first") || !strings.Contains(text, "it's your move") {
			t.Errorf("start DM to %s: %q", u, text)
		}
	}
	// Everyone registers; the last one's registration deals the new hands.
	var names []string
	for seat := range st.users {
		l, err := st.svc.load(ctx, "c1", 0)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, l.names()[seat])
		mv := l.st.Legal(rules.Seat(seat))[0]
		st.play(seat, mv.String())
		dms := st.dmTexts()
		if seat < len(st.users)-1 {
			continue
		}
		if len(dms) == 0 {
			t.Fatal("no DM after the last registration")
		}
		for u, text := range dms {
			if strings.Contains(text, "after "+names[seat]) || strings.Contains(text, "changed after") {
				t.Errorf("DM to %s after the last registration names who registered last: %q", u, text)
			}
		}
	}
}

// TestHandSaysOrderAndColour: /hand names the caller's seat by the order of play and the colour
// the images draw it in, never "seat 3" (issue 26, item 5).
func TestHandSaysOrderAndColour(t *testing.T) {
	st := startTable(t, games.Registry(), "borneo", 3)
	for seat, user := range st.users {
		r := st.do(Request{Kind: KindCommand, UserID: user, Command: "hand"})
		text := english().Text(r.Content)
		want := []string{"you play first (purple)", "you play second (orange)", "you play third (cyan)"}[seat]
		if !strings.Contains(text, want) || strings.Contains(text, "seat") {
			t.Errorf("/hand of seat %d: %q, want %q", seat, text, want)
		}
	}
}

// BenchmarkMenuEveryGame measures answering one step of the decision menu (building the tree,
// the undo verdicts it shows — rules.WouldUndo on each move shown — and the layout) in a
// mid-game position of every game (4 players where the game allows, 60 random moves in).
func BenchmarkMenuEveryGame(b *testing.B) {
	for _, g := range games.Registry().All() {
		b.Run(g.ID(), func(b *testing.B) {
			_, hi := g.Players()
			st, err := g.New(min(4, hi), nil, 9)
			if err != nil {
				b.Fatal(err)
			}
			rng := rules.NewRNG(2)
			for i := 0; i < 60; i++ {
				if _, err := rules.RandomStep(st, &rng); err != nil {
					b.Fatal(err)
				}
			}
			var seat rules.Seat
			for _, s := range st.Active() {
				if len(st.Legal(s)) > 0 {
					seat = s
				}
			}
			l := &loaded{row: data.Game{ID: 1}, game: g, st: st}
			b.ReportAllocs()
			for b.Loop() {
				newMenu(l, seat).view(nil, "")
			}
		})
	}
}

// TestRulesTopicsByTitle: /rules lists a game's topics by their titles in the reader's language
// (no English key such as `goal`), and a title typed as the topic opens it (issue 26, item 7).
func TestRulesTopicsByTitle(t *testing.T) {
	reg := games.Registry()
	lt := newLangTable(t, reg, "borneo", "fr", map[string]string{"u1": "fr", "u2": "fr", "u3": "fr"}, "u1", "u2", "u3")
	list := lt.do(Request{Kind: KindCommand, UserID: "u1", Command: "rules"})
	g, _ := reg.Get("borneo")
	fr := lt.svc.Words().For("fr")
	for _, topic := range g.Rules() {
		if strings.Contains(list.Content, "`"+topic.Key+"`") {
			t.Errorf("/rules shows the key %q: %q", topic.Key, list.Content)
		}
		title := fr.Text(topic.Title)
		if !strings.Contains(list.Content, title) {
			t.Errorf("/rules does not list %q: %q", title, list.Content)
		}
	}
	last := g.Rules()[len(g.Rules())-1]
	r := lt.do(Request{Kind: KindCommand, UserID: "u1", Command: "rules", Options: map[string]any{"topic": fr.Text(last.Title)}})
	if !strings.Contains(r.Content, fr.Text(last.Text)[:20]) {
		t.Errorf("/rules topic:%q does not open it: %q", fr.Text(last.Title), r.Content)
	}
}

// TestFrenchChoiceNames: the French names of the slash commands' choices are French words, not
// the English value with a gloss ("live (en direct, sans horloge)", "easy (facile)"; issue 26).
func TestFrenchChoiceNames(t *testing.T) {
	english := map[string]bool{"live": true, "fast": true, "daily": true, "weekly": true, "wait": true,
		"easy": true, "strong": true, "act": true, "ai": true}
	n := 0
	var walk func(where string, opts []*discordgo.ApplicationCommandOption)
	walk = func(where string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			for _, c := range o.Choices {
				fr := c.NameLocalizations[discordgo.French]
				value, _ := c.Value.(string)
				if fr == "" || !english[value] {
					continue
				}
				n++
				if first := strings.Fields(strings.ToLower(fr))[0]; first == value {
					t.Errorf("%s %s: the French choice reads %q", where, o.Name, fr)
				}
			}
			walk(where+" "+o.Name, o.Options)
		}
	}
	for _, cmd := range Definitions(games.Registry()) {
		walk("/"+cmd.Name, cmd.Options)
	}
	if n < 8 {
		t.Fatalf("only %d French choice names checked", n)
	}
}
