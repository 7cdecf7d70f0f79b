package bot_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"spicebot/bot/discordtest"
	"spicebot/lang"
	"spicebot/rules"
	"spicebot/rules/dei"
)

// deiIDs are The Dutch East Indies' internal ids and unexpanded references: a trading card
// ("T09"), an island ("W3"), a component or seat reference. Nothing a player reads may show one.
var deiIDs = regexp.MustCompile(`\b[TW]\d\d?\b|\[\[|\]\]|\{\d\}`)

// deiEnglish reads the game's rules text (language-neutral messages) in English, as the
// loopback players' clients are in English.
var deiEnglish = lang.MustNew(dei.Game).For("en")

// textPattern turns a rules text (seat references "{2}", component references) into a regexp
// that matches it as the bot shows it: component references expanded with the game's words, seat
// references matching any name.
func textPattern(text string) *regexp.Regexp {
	text = deiEnglish.Expand(text, nil, dei.Game.Term)
	parts := regexp.MustCompile(`\{\d\}`).Split(text, -1)
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile(`^` + strings.Join(parts, `.+`) + `$`)
}

// matches reports whether a label shown by the bot is text (a path option or a move's whole
// label), allowing for a label cut with an ellipsis.
func matches(label, text string) bool {
	if textPattern(text).MatchString(label) {
		return true
	}
	cut := strings.TrimSuffix(strings.TrimSuffix(label, "…"), "...")
	return cut != label && len(cut) > 10 && strings.HasPrefix(deiEnglish.Expand(text, nil, dei.Game.Term), strings.TrimSpace(cut))
}

// steer makes the move mv of the seat at user through the decision menu: starting from "Your
// move" on board (or from menu, the reply that offers the player's next decision), at each step
// it picks the select option or button that names mv (its whole label or an option of its
// decision path, the deepest first) or Confirm. It returns the taps and the reply saying the move
// was played, and false if a step offered nothing that leads to mv.
func (h *harness) steer(user string, board discordtest.Message, menu *discordtest.Message, choice rules.Choice) (int, discordtest.Message, bool) {
	h.t.Helper()
	taps := 0
	var m discordtest.Message
	if menu != nil && len(menu.Buttons())+len(menu.Selects()) > 0 {
		m = *menu
	} else {
		m = h.clickYourMove(user, board)
		taps++
	}
	texts := []string{choice.Label}
	for i := len(choice.Path) - 1; i >= 0; i-- {
		texts = append(texts, choice.Path[i].Option)
	}
	for step := 0; step < 12; step++ {
		var ix *discordtest.Interaction
	find:
		for _, want := range texts {
			for _, s := range m.Selects() {
				for _, o := range s.Options {
					if matches(o.Label, want) || o.Description != "" && matches(o.Description, want) {
						ix = h.srv.Select(user, h.channel, m.ID, s.CustomID, o.Value)
						taps += 2
						break find
					}
				}
			}
			for _, b := range m.Buttons() {
				if !b.Disabled && (matches(b.Label, want) || b.Label == "Confirm") {
					ix = h.srv.Button(user, h.channel, m.ID, b.CustomID)
					taps++
					break find
				}
			}
		}
		if ix == nil {
			return taps, m, false
		}
		next := h.final(ix)
		if !next.Ephemeral {
			h.t.Fatalf("a menu step answered publicly: %q", next.Content)
		}
		h.readable("menu step", next)
		if strings.Contains(next.Content, "Something went wrong") || strings.Contains(next.Content, "moved on") {
			h.t.Fatalf("menu step answered %q", next.Content)
		}
		if strings.HasPrefix(next.Content, "You played") {
			return taps, next, true
		}
		m = next
	}
	return taps, m, false
}

// TestDutchEastIndiesGameEndToEnd plays a complete 3-player game of The Dutch East Indies through
// the loopback Discord. The moves are chosen by dei.Policy (random menu picks would never finish
// a race) and made through the decision menus like a player would: "Your move", then the buttons
// and selects that name the move's decision path (move a ship → which ship and how → which way,
// look at a card → accept or refuse, the downgrades and dumps a pirate forces on a player in
// another's turn). It checks every board, that no text a player reads shows an id, that the
// card looked at never reaches the channel, and the final board.
func TestDutchEastIndiesGameEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game in -short mode")
	}
	h := newHarness(t, 3)
	h.openLobby("dutch-east-indies", 3)
	rng := rules.NewRNG(5)
	shuffle := rand.New(rand.NewPCG(5, 10))
	var stats gameStats
	var cont *discordtest.Message
	contSeat := rules.Observer
	lost, looked := 0, 0
	for {
		row, seats, st := h.stateByID()
		v := st.Version()
		if v > 6000 {
			t.Fatalf("game still running after %d moves", v)
		}
		board := h.boardAt(v)
		h.readable(fmt.Sprintf("board %d", v), board)
		secretScan(t, fmt.Sprintf("board %d", v), board.Content+" "+strings.Join(board.CustomIDs(), " "), st.Hidden(rules.Observer))
		if id := deiIDs.FindString(board.Content); id != "" {
			t.Fatalf("board %d shows %q: %q", v, id, board.Content)
		}
		if _, over := st.Outcome(); over {
			if !strings.Contains(board.Content, "Game over") {
				t.Fatalf("final board does not say the game is over: %q", board.Content)
			}
			stats.moves = v
			break
		}
		seat, mv := dei.Policy(st, &rng)
		if mv == nil {
			t.Fatalf("board %d: no move", v)
		}
		if strings.HasPrefix(mv.String(), "look") {
			looked++
		}
		user := ""
		for _, s := range seats {
			if rules.Seat(s.Seat) == seat {
				user = s.UserID
			}
		}
		var menu *discordtest.Message
		if cont != nil && contSeat == seat {
			menu = cont
		}
		turn := st.TurnNumber()
		taps, reply, ok := h.steer(user, board, menu, st.Describe(seat, mv))
		if !ok {
			// The menu lays this move out in a way the driver does not read (rare): play a
			// random step of it instead, as a player exploring the menu would.
			lost++
			taps, reply = h.playTurn(user, board, &reply, shuffle)
		}
		secretScan(t, "menu custom_ids", strings.Join(reply.CustomIDs(), " "), st.Hidden(rules.Observer))
		moves, err := h.store.Moves(ctxT(t), row.ID)
		if err != nil {
			t.Fatal(err)
		}
		d := decision{seat: seat, turn: turn, taps: taps}
		for _, m := range moves[v:] {
			d.moves = append(d.moves, m.Move)
		}
		if len(d.moves) == 0 {
			t.Fatalf("%q stored no move", reply.Content)
		}
		stats.decisions = append(stats.decisions, d)
		cont, contSeat = nil, rules.Observer
		if len(reply.Buttons())+len(reply.Selects()) > 0 {
			cont, contSeat = &reply, seat
		}
	}
	t.Logf("%d moves, %d looks at a card; %d decisions the driver could not steer (played at random)", stats.moves, looked, lost)
	if lost*10 > len(stats.decisions) {
		t.Errorf("the driver lost its way in %d of %d decisions", lost, len(stats.decisions))
	}
	h.report(stats, func(d decision) string {
		switch strings.Fields(d.moves[0])[0] {
		case "sail", "turn", "stop":
			return "sailing"
		case "look", "accept", "refuse":
			return "trading"
		case "down", "dump", "shift", "steal":
			return "forced"
		case "load", "unload":
			return "home port"
		}
		return ""
	}, nil)
	_, seats, st := h.stateByID()
	out, over := st.Outcome()
	if !over {
		t.Fatal("game not over")
	}
	for _, s := range seats {
		if rules.Seat(s.Seat) == out.Winners[0] && !strings.Contains(h.boardAt(stats.moves).Content, s.Name) {
			t.Errorf("final board does not name the winner %s", s.Name)
		}
	}
}
