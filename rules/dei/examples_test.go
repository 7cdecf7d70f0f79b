package dei

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"spicebot/lang"
	"spicebot/rules"
)

// en reads rules text as an English player does (seat references kept as "{n}").
var en = lang.MustNew(Game).For("en")

// english expands rules text (catalogue messages and component references) into English.
func english(text string) string { return en.Expand(text, rules.SeatRef, Game.Term) }

// quiet returns a fresh game of players seats whose first player is seat 0, with nothing pending
// and the pirates parked where they cannot reach the squares a test uses.
func quiet(t *testing.T, players int) *State {
	t.Helper()
	for seed := uint64(1); ; seed++ {
		st, err := Game.New(players, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if s.First == 0 && s.Pending == nil && len(s.Queue) == 0 {
			s.Pirates = [2]Square{{6, 12}, {6, 12}}
			if players == 2 {
				s.Pirates = [2]Square{{4, 12}, {8, 12}}
			} else {
				s.Pirates = [2]Square{{3, 12}, {9, 12}}
			}
			return s
		}
	}
}

func texts(s *State, seat rules.Seat) []string {
	var out []string
	for _, m := range s.Legal(seat) {
		out = append(out, m.String())
	}
	return out
}

func play(t *testing.T, s *State, seat rules.Seat, text string) {
	t.Helper()
	m, err := Game.ParseMove(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	if err := s.Apply(seat, m); err != nil {
		t.Fatalf("%q by %d: %v (legal: %v)", text, seat, err, texts(s, seat))
	}
}

func refused(t *testing.T, s *State, seat rules.Seat, text string) {
	t.Helper()
	m, err := Game.ParseMove(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	if err := s.Apply(seat, m); rules.Reason(err) == "" {
		t.Fatalf("%q by %d: got %v, want a refusal with a reason", text, seat, err)
	}
}

// place puts seat's ship k on q facing f, with nothing aboard.
func place(s *State, seat rules.Seat, k int, q Square, f Direction) *Ship {
	sh := s.ship(seat, k)
	sh.At, sh.Facing, sh.Goods = q, f, Goods{}
	return sh
}

// Rulebook "Movement": 1 MP to the 5 squares in front and beside, never the 3 behind without a
// 1-MP turn first.
func TestFiveFrontSquaresAndTurnCost(t *testing.T) {
	s := quiet(t, 4)
	place(s, 0, Big, Square{6, 3}, 0) // facing up, open sea
	var sails []string
	for _, m := range texts(s, 0) {
		if strings.HasPrefix(m, "sail big") {
			sails = append(sails, m)
		}
	}
	want := []string{"sail big l", "sail big ul", "sail big u", "sail big ur", "sail big r"}
	if !slices.Equal(sails, want) {
		t.Fatalf("sails facing up = %v, want %v", sails, want)
	}
	refused(t, s, 0, "sail big d")
	play(t, s, 0, "turn big d")
	if s.MPLeft != 2 {
		t.Fatalf("after a turn MP left = %d, want 2", s.MPLeft)
	}
	play(t, s, 0, "sail big d")
	if got := s.ship(0, Big).At; got != (Square{6, 4}) || s.MPLeft != 1 {
		t.Fatalf("after turn and sail: at %v with %d MP, want (6,4) with 1", got, s.MPLeft)
	}
	play(t, s, 0, "sail big dl")
	if s.Moving != -1 || !s.ship(0, Big).Moved {
		t.Fatalf("movement should be over with 0 MP: moving %d", s.Moving)
	}
	refused(t, s, 0, "sail big d")
}

// Rulebook "Special rules for movement": from a harbour next to a pirate's reach, sailing north or
// to the island's other harbour is safe, north-east starts a fight.
func TestHarbourAdjacentPirate(t *testing.T) {
	for _, c := range []struct {
		move  string
		fight bool
	}{{"sail big u", false}, {"sail big ul", false}, {"sail big ur", true}} {
		s := quiet(t, 4)
		place(s, 0, Big, Square{7, 6}, 0) // market harbour, facing north (up)
		s.ship(0, Big).Stats[Cannons] = 1 // the fight, if any, is lost
		s.Pirates[BigPirate] = Square{9, 4}
		var ch rules.Choice
		m, _ := Game.ParseMove(c.move)
		ch = s.Describe(0, m)
		if ch.Irreversible != c.fight || strings.Contains(english(ch.Label), "pirates") != c.fight {
			t.Errorf("%s: choice %+v, want a fight warning %v", c.move, ch, c.fight)
		}
		play(t, s, 0, c.move)
		fought := s.Pending != nil && s.Pending.Kind == PendDowngrade
		if fought != c.fight {
			t.Errorf("%s: fight %v, want %v (log %q)", c.move, fought, c.fight, s.LastMove)
		}
	}
}

// Rulebook "Trading": 2 crates → 2 gold + 1 nutmeg (card T09), and the cargo limit.
func TestTradingExample(t *testing.T) {
	s := quiet(t, 4)
	is := s.layout().Islands[0] // W1, anchor (4,4)
	sh := place(s, 0, Big, is.Anchors[0], 0)
	sh.Goods[Crate] = 3
	s.Piles[0] = append(s.Piles[0], 8) // T09 on top (a 31st card only for this test)
	play(t, s, 0, "look big W1")
	if s.Pending == nil || s.Pending.Card != 8 {
		t.Fatalf("pending %+v, want T09 looked at", s.Pending)
	}
	if got := s.Private(0); !strings.Contains(got, "[[T09]]") {
		t.Errorf("private %q does not show the card", got)
	}
	if v := s.View(1).(*View); v.Looking == nil || v.Looking.Card != "" {
		t.Errorf("another seat's view shows the looked card: %+v", v.Looking)
	}
	play(t, s, 0, "accept")
	if g := sh.Goods; g[Crate] != 1 || g[Gold] != 2 || g[Nutmeg] != 1 || g.Total() != 4 {
		t.Fatalf("after the trade the ship carries %v, want 1 crate, 2 gold, 1 nutmeg", g)
	}
	refused(t, s, 0, "look big W1") // once per ship per island per turn

	// The small ship (cargo 5) with 2 crates and 3 gold: the same trade brings it to 6 of 5.
	s = quiet(t, 4)
	sm := place(s, 0, Small, is.Anchors[0], 0)
	sm.Goods[Crate], sm.Goods[Gold] = 2, 3
	s.Piles[0] = append(s.Piles[0], 8)
	play(t, s, 0, "look small W1")
	play(t, s, 0, "accept")
	if sm.Goods.Total() != 6 || !slices.Contains(texts(s, 0), "dump small gold") || slices.Contains(texts(s, 0), "end") {
		t.Fatalf("overloaded small ship %v: moves %v, want only dumps", sm.Goods, texts(s, 0))
	}
	play(t, s, 0, "dump small gold")
	if sm.Goods.Total() != 5 || len(s.Floating) != 1 || s.Floating[0].Good != Gold {
		t.Fatalf("after the dump: ship %v, floating %v", sm.Goods, s.Floating)
	}
	if !slices.Contains(texts(s, 0), "end") {
		t.Fatalf("the turn should go on after the dump: %v", texts(s, 0))
	}
}

// Rulebook "Upgrading": the small ship's cargo from 5 to 7 costs 2 + 2 = 4 gold.
func TestCargoUpgrade(t *testing.T) {
	s := quiet(t, 4)
	sm := place(s, 0, Small, s.layout().Market.Port[0], 4)
	sm.Goods[Gold] = 4
	play(t, s, 0, "upgrade small cargo")
	play(t, s, 0, "upgrade small cargo")
	if sm.Stats[Cargo] != 7 || sm.Goods[Gold] != 0 {
		t.Fatalf("cargo %d with %d gold left, want 7 and 0", sm.Stats[Cargo], sm.Goods[Gold])
	}
	refused(t, s, 0, "upgrade small cargo") // 7 → 8 costs 3
	if s.Destroyed[Gold] != 4 {
		t.Errorf("4 gold should be back in the supply, ledger says %d", s.Destroyed[Gold])
	}
}

// Rulebook "Loading, unloading and trans-ship": side by side yes, diagonally no.
func TestTransShip(t *testing.T) {
	s := quiet(t, 4)
	b := place(s, 0, Big, Square{6, 3}, 0)
	b.Goods[Crate] = 3
	place(s, 0, Small, Square{7, 3}, 0)
	play(t, s, 0, "give big crate 2")
	if s.ship(0, Small).Goods[Crate] != 2 || b.Goods[Crate] != 1 {
		t.Fatalf("orthogonal trans-ship failed: big %v small %v", b.Goods, s.ship(0, Small).Goods)
	}
	place(s, 0, Small, Square{7, 4}, 0)
	refused(t, s, 0, "give big crate 1")
}

// Rulebook "Pirate vs player combat": losing to the big pirate lowers two marks, both on one stat
// if the owner wishes, then a spice or a gold goes overboard and may not be picked up again.
func TestBigPirateLossOneStatByTwo(t *testing.T) {
	s := quiet(t, 4)
	sh := place(s, 1, Big, Square{6, 3}, 4) // another player's ship
	sh.Stats[Cannons] = 1                   // 1 + D6 never beats 6 + D6
	sh.Goods[Gold], sh.Goods[Clove] = 1, 1
	s.Pirates[BigPirate] = Square{7, 3}
	s.Queue = []Fight{{Pirate: BigPirate, Seat: 1, Ship: Big}}
	s.settle()
	if got := s.Active(); !slices.Equal(got, []rules.Seat{1}) {
		t.Fatalf("active %v, want the ship's owner (seat 1) in seat 0's turn", got)
	}
	play(t, s, 1, "down big sail")
	play(t, s, 1, "down big sail")
	if sh.Stats[Sail] != 1 || sh.Stats[Cargo] != 7 {
		t.Fatalf("stats %v, want sail 1 and cargo 7", sh.Stats)
	}
	if got := texts(s, 1); !slices.Equal(got, []string{"dump big gold", "dump big clove"}) {
		t.Fatalf("dump choices %v", got)
	}
	play(t, s, 1, "dump big clove")
	if s.Pending != nil || !slices.Equal(s.Active(), []rules.Seat{0}) {
		t.Fatalf("after the dump: pending %+v, active %v", s.Pending, s.Active())
	}
	// Seat 1 may not pick the clove up in its next turn (turn 2), only after it.
	lot := s.Floating[0]
	if !s.blocked(lot, 1) || s.blocked(lot, 0) || lot.Until != s.TurnNo+1 {
		t.Fatalf("lot %+v: blocked for seat 1 until turn %d", lot, s.TurnNo+1)
	}
}

// Rulings §2.7.6: a ship that spent two turns at an island must leave it on the third.
func TestStayLimit(t *testing.T) {
	s := quiet(t, 2)
	anchor := s.layout().Islands[4].Anchors[0] // W5, anchors (9,4) and (9,5)
	place(s, 0, Big, anchor, 4)
	for turn := 1; turn <= 2; turn++ {
		if !slices.Contains(texts(s, 0), "end") {
			t.Fatalf("own turn %d: cannot end the turn at the island", turn)
		}
		if turn == 2 {
			play(t, s, 0, "sail big d") // to the island's other harbour: the count goes on
			play(t, s, 0, "turn big u")
			play(t, s, 0, "sail big u")
		}
		play(t, s, 0, "end")
		s.Pirates = [2]Square{{4, 12}, {8, 12}}
		s.Queue, s.Pending = nil, nil
		play(t, s, 1, "end")
		s.Pirates = [2]Square{{4, 12}, {8, 12}}
		s.Queue, s.Pending = nil, nil
	}
	if !s.mustLeave(0, Big) || slices.Contains(texts(s, 0), "end") {
		t.Fatalf("third turn: must leave %v, moves %v", s.mustLeave(0, Big), texts(s, 0))
	}
	refused(t, s, 0, "end")
	play(t, s, 0, "turn big d")
	play(t, s, 0, "sail big d") // the other harbour of the same island
	refused(t, s, 0, "stop")
	refused(t, s, 0, "end")
	play(t, s, 0, "sail big d") // (9,6): open sea, it has left
	play(t, s, 0, "end")
}

// Rulebook "Goal of the game", rulings §2.7.15: pepper is wild for the four-spice goal; six of one
// kind also wins (six pepper too); the check is made on unloading at home.
func TestWinChecks(t *testing.T) {
	for _, c := range []struct {
		name       string
		home, ship Goods
		win        bool
	}{
		{"pepper as a wildcard", Goods{Cardamom: 2, Cinnamon: 2, Clove: 1, Nutmeg: 2}, Goods{Pepper: 1}, true},
		{"two peppers", Goods{Cardamom: 2, Cinnamon: 1, Nutmeg: 2, Pepper: 1}, Goods{Clove: 1, Pepper: 1}, true},
		{"one short", Goods{Cardamom: 2, Cinnamon: 2, Clove: 1, Nutmeg: 1}, Goods{Pepper: 1}, false},
		{"six of one kind", Goods{Clove: 5, Cardamom: 1}, Goods{Clove: 1, Gold: 3}, true},
		{"six pepper", Goods{Pepper: 4}, Goods{Pepper: 2}, true},
		{"pepper not wild for six", Goods{Clove: 4}, Goods{Pepper: 2}, false},
	} {
		s := quiet(t, 3)
		s.Seats[0].Home = c.home
		s.Seats[0].Ships[Big].Goods = c.ship
		play(t, s, 0, "unload big all")
		if _, over := s.Outcome(); over != c.win {
			t.Errorf("%s: over %v, want %v", c.name, over, c.win)
		}
		if c.win && (s.Winner != 0 || len(s.Active()) != 0) {
			t.Errorf("%s: winner %d, active %v", c.name, s.Winner, s.Active())
		}
	}
	// Spices on a ship do not count: a full set aboard is no win until unloaded.
	s := quiet(t, 3)
	s.Seats[0].Ships[Big].Goods = Goods{Cardamom: 2, Cinnamon: 2, Clove: 2, Nutmeg: 1}
	play(t, s, 0, "load small crate 1")
	if s.Winner >= 0 {
		t.Fatal("a win without unloading")
	}
}

// The movement menus stay within one row of buttons: while a ship sails, the first level offers
// at most 5 options (sail on, turn, pick up, stop, end), and the sail level at most 5 directions,
// each with the MP left; every component id in a text has plain words.
func TestMovementMenu(t *testing.T) {
	s := quiet(t, 4)
	place(s, 0, Big, Square{6, 3}, 0)
	play(t, s, 0, "sail big u")
	levels := map[string]map[string]bool{}
	for _, m := range s.Legal(0) {
		c := s.Describe(0, m)
		prefix := ""
		for _, st := range c.Path {
			if levels[prefix] == nil {
				levels[prefix] = map[string]bool{}
			}
			levels[prefix][english(st.Option)] = true
			prefix += english(st.Option) + "|"
		}
		if m.(Move).Kind == KSail && !strings.Contains(english(c.Label), " left)") {
			t.Errorf("sail label %q does not say the moves left", c.Label)
		}
	}
	if n := len(levels[""]); n > 5 {
		t.Errorf("the sailing ship's first level has %d options: %v", n, levels[""])
	}
	if n := len(levels["Sail on|"]); n == 0 || n > 5 {
		t.Errorf("the sail level has %d options: %v", n, levels["Sail on|"])
	}
	for _, id := range []string{"T09", "W1", "W8", "M"} {
		if Game.Term(id) == "" {
			t.Errorf("no words for %s", id)
		}
	}
	if got := english(Game.Term("T09")); got != "2 crates → 2 gold + nutmeg" {
		t.Errorf("T09 reads %q", got)
	}
	if Game.Term("T31") != "" || Game.Term("W9") != "" {
		t.Error("words for an unknown id")
	}
}

// Rulebook "Pirate vs player combat": cannons + D6 against the pirates' 6 + D6 (big pirate); the
// pirates win ties. Over many dice, every fight's result must follow the totals in its log line,
// ties included.
func TestPiratesWinTies(t *testing.T) {
	re := regexp.MustCompile(`= (\d+) against the pirates' \d+ \+ \d+ = (\d+)\. The pirates (win|are beaten off)`)
	ties := 0
	for i := uint64(0); i < 300; i++ {
		s := quiet(t, 4)
		s.RNG = rules.NewRNG(1000 + i)
		place(s, 0, Big, Square{7, 6}, 0)
		s.ship(0, Big).Stats[Cannons] = 5
		s.Pirates[BigPirate] = Square{9, 4}
		play(t, s, 0, "sail big ur")
		var m []string
		for _, e := range s.Log(rules.Observer) {
			if mm := re.FindStringSubmatch(english(e.Text)); mm != nil {
				m = mm
			}
		}
		if m == nil {
			t.Fatalf("dice %d: no fight in the log", i)
		}
		ship, pirates := atoi(t, m[1]), atoi(t, m[2])
		won := m[3] == "win"
		if ship == pirates {
			ties++
		}
		if want := pirates >= ship; won != want {
			t.Fatalf("dice %d: ship %d, pirates %d: pirates win = %v, want %v", i, ship, pirates, won, want)
		}
		if lost := s.Pending != nil && s.Pending.Kind == PendDowngrade; lost != won {
			t.Fatalf("dice %d: pirates won %v but a downgrade is pending: %v", i, won, lost)
		}
	}
	if ties == 0 {
		t.Fatal("no tie in 300 fights: the test proves nothing")
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
