package web

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"encoding/json"
	"strconv"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/rules"
	"spicebot/rules/rulestest"
)

// TestPageLeaksNothing plays whole games of every game and checks, after every move, that the
// page's HTML and JSON name no card hidden from the channel (rules.State.Hidden(Observer), the
// channel's leak check, rulestest.ContainsToken, over text that keeps component ids) and hold no
// seat's private log line or private summary; and that its board images are exactly the boards
// drawn from the Observer's view (whose JSON names no hidden card), now and, drawn again from
// the move log, in the past.
func TestPageLeaksNothing(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
	}{{"borneo", 4}, {"spice-merchant", 3}, {"batavia", 4}, {"dutch-east-indies", 3}} {
		t.Run(tc.game, func(t *testing.T) {
			tb := newTable(t, tc.game, tc.players, 5)
			tb.srv.rawTerms = true
			_, seats, err := tb.store.GameByID(tb.ctx, tb.row.ID)
			if err != nil {
				t.Fatal(err)
			}
			loc := lang.MustNew(tb.game).For("en")
			names := seatNames(seats, tb.st.Players(), loc)
			expand := func(text string) string {
				return loc.Expand(text, func(s rules.Seat) string { return names[s] }, nil)
			}
			every := 5
			if testing.Short() {
				every = 25
			}
			var states []rules.State // a few past states, to draw again from the log
			var hiddenAt [][]string  // the cards hidden from the channel after each move
			for moves := 0; ; moves++ {
				hidden := tb.st.Hidden(rules.Observer)
				hiddenAt = append(hiddenAt, hidden)
				_, html, _ := tb.get("/g/" + tb.token)
				_, js, _ := tb.get("/g/" + tb.token + "/game.json")
				_, fr, _ := tb.get("/g/"+tb.token+"/game.json", "Accept-Language", "fr")
				page := string(html) + string(js) + string(fr)
				// A log line is checked against what was hidden when it was written: a card named
				// then may be hidden again now (shuffled back into a deck), as in the channel.
				for _, doc := range [][]byte{js, fr} {
					var m model
					if err := json.Unmarshal(doc, &m); err != nil {
						t.Fatal(err)
					}
					for _, sp := range m.Steps {
						scanIDs(t, moves, "the log of move "+itoa(sp.V), strings.Join(sp.Lines, "\n"), hiddenAt[sp.V])
					}
					m.Steps = nil
					scanIDs(t, moves, "game.json", string(jsonOf(t, m)), hidden)
				}
				rest, steps, _ := strings.Cut(string(html), `<ol id="steps">`)
				steps, tail, _ := strings.Cut(steps, "</ol>\n  </section>")
				scanIDs(t, moves, "the page", rest+tail, hidden)
				for _, li := range strings.Split(steps, `<li id="step-`)[1:] {
					n, _, _ := strings.Cut(li, `"`)
					v, err := strconv.Atoi(n)
					if err != nil || v >= len(hiddenAt) {
						t.Fatalf("the page's log has a step %q", n)
					}
					scanIDs(t, moves, "the page's log of move "+n, li, hiddenAt[v])
				}
				public := map[string]bool{}
				for _, e := range tb.st.Log(rules.Observer) {
					public[e.Text] = true
				}
				for s := 0; s < tb.st.Players(); s++ {
					for _, e := range tb.st.Log(rules.Seat(s)) {
						if !public[e.Text] && strings.Contains(string(js), jsonString(expand(e.Text))) {
							t.Fatalf("after move %d the page shows seat %d's private line %q", moves, s, e.Text)
						}
					}
					for _, ln := range strings.Split(tb.st.Private(rules.Seat(s)), "\n") {
						if ln = strings.TrimSpace(expand(ln)); len(ln) > 12 && strings.Contains(page, ln) {
							t.Fatalf("after move %d the page shows seat %d's private summary %q", moves, s, ln)
						}
					}
				}
				_, over := tb.st.Outcome()
				if moves%every == 0 || over {
					v := tb.st.Version()
					_, png, _ := tb.get("/g/" + tb.token + "/board/" + itoa(v) + ".en.png")
					want, err := observerPNG(t, tb.st, seats)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(png, want) {
						t.Fatalf("board %d is not the Observer's board", v)
					}
					view := string(jsonOf(t, tb.st.View(rules.Observer)))
					for _, id := range hidden {
						if rulestest.ContainsToken(view, id) {
							t.Fatalf("the board's view names hidden card %s", id)
						}
					}
					if len(states) < 3 && v > 0 {
						cp, _ := tb.game.Load(jsonOf(t, tb.st))
						states = append(states, cp)
					}
				}
				if !tb.step() {
					break
				}
			}
			// Past boards, drawn from the move log, are the boards the channel saw then.
			for _, st := range states {
				v := st.Version()
				_, png, _ := tb.get("/g/" + tb.token + "/board/" + itoa(v) + ".en.png")
				want, _ := observerPNG(t, st, seats)
				if !bytes.Equal(png, want) {
					t.Fatalf("past board %d differs from the board after move %d", v, v)
				}
			}
			t.Logf("%s: %d moves checked", tc.game, tb.st.Version())
		})
	}
}

// observerPNG draws the channel's board of st in English, as the bot's board message does
// (independently of the page's own drawing code).
func observerPNG(t testing.TB, st rules.State, seats []data.Seat) ([]byte, error) {
	names := make([]string, st.Players())
	for _, s := range seats {
		names[s.Seat] = s.Name
	}
	r := renderer(t)
	view := st.View(rules.Observer)
	img, err := r.In("en").Board(view, names)
	if err != nil {
		return nil, err
	}
	pal, err := r.Palette(view)
	if err != nil {
		return nil, err
	}
	return pal.EncodePNG(img)
}

// scanIDs fails the test when text names one of the hidden card ids.
func scanIDs(t *testing.T, moves int, where, text string, hidden []string) {
	t.Helper()
	for _, id := range hidden {
		if rulestest.ContainsToken(text, id) {
			t.Fatalf("after move %d %s names hidden card %s: %.300s", moves, where, id, text)
		}
	}
}

// BenchmarkPastBoard measures drawing a past board from the move log (rules.Replay, the
// Observer's view, the PNG), uncached, after move 1, the middle move and the last of a whole
// random game of each game.
func BenchmarkPastBoard(b *testing.B) {
	for _, tc := range []struct {
		game    string
		players int
	}{{"borneo", 4}, {"spice-merchant", 4}, {"batavia", 4}, {"dutch-east-indies", 4}} {
		tb := newTable(b, tc.game, tc.players, 9)
		for tb.step() {
		}
		moves, err := tb.store.Moves(context.Background(), tb.row.ID)
		if err != nil {
			b.Fatal(err)
		}
		_, seats, _ := tb.store.GameByID(context.Background(), tb.row.ID)
		row, _, _ := tb.store.GameByID(context.Background(), tb.row.ID)
		n := len(moves)
		for _, at := range []struct {
			name string
			v    int
		}{{"move1", 1}, {"middle", n / 2}, {"last", n}} {
			b.Run(tc.game+"/"+at.name, func(b *testing.B) {
				b.ReportMetric(float64(at.v), "move")
				for i := 0; i < b.N; i++ {
					if _, err := tb.srv.drawBoard(row, seats, tb.game, moves[:at.v], "en"); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
