package bot_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"spicebot/bot/discordtest"
)

// bataviaIDs are Batavia's internal ids and unexpanded references: a trading post ("P12"), a
// component reference ("[[P12]]") or a seat reference ("{2}"). Nothing a player reads may show one.
var bataviaIDs = regexp.MustCompile(`\bP\d\d\b|\[\[|\]\]|\{\d\}`)

// TestBataviaGameEndToEnd plays a complete 4-player Batavia game through the loopback Discord,
// every decision through the decision menus (bids and passes by the seat asked, the lay-out as
// one multi-select closed by "done", the merchant's destination, the exchange), and checks the
// final board against the engine's outcome, that no text a player reads shows an id, and that no
// public message or DM to another player tells a hand or a note count. With BATAVIA_TRANSCRIPT
// set to a file name, the channel and DM transcript is written there to be read as a player.
func TestBataviaGameEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game in -short mode")
	}
	h := newHarness(t, 4)
	h.openLobby("batavia", 4)
	rng := rand.New(rand.NewPCG(9, 4))
	var layMenu, bidMenu string
	final, _, stats := h.playGame(rng, 3000, func(v int) {
		if layMenu != "" && bidMenu != "" {
			return
		}
		_, seats, st := h.stateByID()
		seat := st.Active()[0]
		lay, bid := false, false
		for _, m := range st.Legal(seat) {
			lay = lay || strings.HasPrefix(m.String(), "lay ")
			bid = bid || strings.HasPrefix(m.String(), "bid ")
		}
		if (!lay || layMenu != "") && (!bid || bidMenu != "") || st.(interface{ TurnNumber() int }).TurnNumber() < 2 && !bid {
			return
		}
		// Open the menu as that player and read it: the first step, then the lay-out or the bid.
		user := seats[seat].UserID
		for _, s := range seats {
			if int(s.Seat) == int(seat) {
				user = s.UserID
			}
		}
		menu := h.clickYourMove(user, h.boardAt(v))
		describe := func(m discordtest.Message) string {
			var text strings.Builder
			fmt.Fprintf(&text, "%q", m.Content)
			for _, s := range m.Selects() {
				fmt.Fprintf(&text, " [select %d–%d %q:", s.MinValues, s.MaxValues, s.Placeholder)
				for _, o := range s.Options {
					fmt.Fprintf(&text, " %q", o.Label)
				}
				text.WriteString("]")
			}
			for _, b := range m.Buttons() {
				fmt.Fprintf(&text, " [button %q]", b.Label)
			}
			return text.String()
		}
		if !lay {
			bidMenu = describe(menu)
			return
		}
		layMenu = describe(menu)
		if b, ok := menu.Button("Lay out ships"); ok {
			menu = h.final(h.srv.Button(user, h.channel, menu.ID, b.CustomID))
			layMenu += " → " + describe(menu)
		}
		multi := false
		for _, s := range menu.Selects() {
			multi = multi || s.MaxValues > 1 && strings.Contains(s.Options[0].Label, "ship")
		}
		if !multi {
			t.Fatalf("the lay-out is not one multi-select of ships: %s", layMenu)
		}
	})
	t.Logf("the lay-out menu: %s", layMenu)
	t.Logf("the bid menu: %s", bidMenu)
	h.report(stats, func(d decision) string {
		switch strings.Fields(d.moves[0])[0] {
		case "bid", "pass":
			return "auction"
		case "lay":
			return "lay-out"
		case "draw":
			return "draw"
		case "sail":
			return "sail"
		case "exchange", "keep":
			return "exchange"
		}
		return ""
	}, func(moves []string) string {
		for _, m := range moves {
			if strings.HasPrefix(m, "lay") {
				return "turn: lay out and sail"
			}
		}
		return ""
	})

	_, seats, st := h.stateByID()
	out, over := st.Outcome()
	if !over {
		t.Fatal("game not over")
	}
	for _, s := range seats {
		want := fmt.Sprintf("%s — **%d**", s.Name, out.Scores[s.Seat])
		if !strings.Contains(final.Content, want) {
			t.Errorf("final board lacks %q:\n%s", want, final.Content)
		}
	}

	// Every text a player reads: the channel, the DMs and the final state of ephemeral replies.
	var transcript strings.Builder
	scan := func(where string, m discordtest.Message) {
		texts := []string{m.Content}
		for _, c := range append(m.Buttons(), m.Selects()...) {
			texts = append(texts, c.Label, c.Placeholder)
			for _, o := range c.Options {
				texts = append(texts, o.Label, o.Description)
			}
		}
		for _, e := range m.Embeds {
			texts = append(texts, fmt.Sprint(e))
		}
		for _, x := range texts {
			if id := bataviaIDs.FindString(x); id != "" {
				t.Errorf("%s shows %q: %.300q", where, id, x)
			}
		}
		fmt.Fprintf(&transcript, "--- %s\n%s\n", where, strings.Join(texts, "\n  | "))
	}
	for _, m := range h.srv.Timeline(h.channel) {
		scan("channel", m)
	}
	for i, u := range h.users[:4] {
		for _, m := range h.srv.DMs(u) {
			scan(fmt.Sprintf("DM to %s", []string{"Ann", "Bob", "Cy", "Dee"}[i]), m)
		}
	}
	// Public messages never state a note count or a hand's content: the only numbers of notes
	// said in public are bids and payments, and hands are only counted.
	notes := regexp.MustCompile(`(?i)(holds?|has|with) \d+ (promissory )?notes|notes? left|you hold`)
	for _, m := range h.srv.Messages(h.channel) {
		if m.Ephemeral || m.Kind != discordtest.KindChannel || strings.Contains(m.Content, "Game over") {
			continue
		}
		if notes.MatchString(m.Content) {
			t.Errorf("a public message tells a secret: %q", m.Content)
		}
	}
	if path := os.Getenv("BATAVIA_TRANSCRIPT"); path != "" {
		if err := os.WriteFile(path, []byte(transcript.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkContract(t, h)
}
