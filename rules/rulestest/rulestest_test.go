package rulestest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"spicebot/rules"
)

// The harness is tested on "kings", a deliberately small game: two players take turns either to
// draw the top card of a hidden deck K1..K12 into a hand of at most two cards, or to play a card
// from hand face up for its number in points. When the deck is empty, drawing first shuffles the
// played cards back into it. The game ends after a fixed number of plays. Each flaw below breaks
// one property the harness promises to check.

type flaw int

const (
	sound           flaw = iota
	leakView             // View(Observer) shows the top card of the deck
	leakLog              // the public log line of a draw names the card drawn
	leakStatus           // Status names the top card of the deck
	leakLabel            // the label of "draw" names the card to be drawn
	leakReason           // the reason for rejecting a move names the top card of the deck
	dropTable            // Load loses the played cards
	unsavedTurn          // the seat to play is not stored (JSON equal, legal moves differ)
	acceptUnlisted       // Apply plays any move for any seat without checking Legal
	changeOnReject       // Apply counts a rejected move before rejecting it
	noReason             // Apply rejects with an error that has no *IllegalMoveError
	endless              // the game never ends
	stuck                // the game never ends and never reshuffles: no move once all is played
	randomNew            // New deals differently on every call with the same seed
	randomApply          // a draw takes a card that depends on the call, not on the state
	capitalText          // move texts are "Play K3", which ParseMove reads back as "play K3"
	unparsableText       // move texts are "play:K3", which ParseMove rejects
	longLabel            // labels are longer than 100 characters
	trustHand            // Apply lets the seat to play play any card, in its hand or not
	statusShuffles       // Status shuffles the deck, drawing from the RNG
	versionOffByOne      // Version counts from 1
	undoDraw             // a draw is marked undoable
	undoPlay             // playing a card (revealing it) is marked undoable
	detHidden            // Determinize re-deals the unseen cards in their hidden order, unsorted
	detOwnHand           // Determinize re-deals the viewer's own hand too
	noConfirm            // Describe does not mark a draw Irreversible
	unsavedUndo          // the JSON leaves Undoable out
	flipLoop             // "flip" turns a marker over and keeps the turn: two flips change nothing
)

const (
	kingsCards = 12
	handLimit  = 2
	kingsPlays = 14 // more plays than cards, so most games reshuffle
)

type kings struct {
	flaw  flaw
	calls *int // counts New and Apply calls, the hidden input of randomNew and randomApply
}

func newKings(f flaw) kings { return kings{flaw: f, calls: new(int)} }

func (kings) ID() string              { return "kings" }
func (kings) Name() string            { return "Kings" }
func (kings) Players() (int, int)     { return 2, 2 }
func (kings) Options() []rules.Option { return nil }
func (kings) Rules() []rules.Topic    { return nil }
func (kings) Term(id string) string   { return id }
func (kings) Messages() fs.FS         { return nil }
func cardID(n int) string             { return "K" + strconv.Itoa(n) }

func (g kings) New(players int, opts rules.Options, seed uint64) (rules.State, error) {
	if err := rules.CheckNew(g, players, opts); err != nil {
		return nil, err
	}
	*g.calls++
	if g.flaw == randomNew {
		seed += uint64(*g.calls)
	}
	s := &kingsState{flaw: g.flaw, calls: g.calls, Goal: kingsPlays, RNG: rules.NewRNG(seed),
		Hands: make([][]int, players), Scores: make([]int, players)}
	for n := 1; n <= kingsCards; n++ {
		s.Deck = append(s.Deck, n)
	}
	s.RNG.ShuffleInts(s.Deck)
	for p := range s.Hands {
		s.Hands[p] = append(s.Hands[p], s.Deck[0])
		s.History.AddPrivate(0, rules.SeatRef(rules.Seat(p))+" is dealt a card.", "You are dealt "+cardID(s.Deck[0])+".", rules.Seat(p))
		s.Deck = s.Deck[1:]
	}
	return s, nil
}

func (g kings) Load(data []byte) (rules.State, error) {
	s := &kingsState{flaw: g.flaw, calls: g.calls}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("load kings: %w", err)
	}
	if g.flaw == dropTable {
		s.Table = nil
	}
	return s, nil
}

func (g kings) ParseMove(text string) (rules.Move, error) {
	t := strings.ToLower(text)
	if t == "draw" {
		return kingsMove{Draw: true}, nil
	}
	if t == "flip" {
		return kingsMove{Flip: true}, nil
	}
	if rest, ok := strings.CutPrefix(t, "play k"); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 1 && n <= kingsCards {
			return kingsMove{Card: n}, nil
		}
	}
	return nil, &rules.IllegalMoveError{Move: text, Reason: "A move is draw or play K1 to play K12."}
}

// kingsMove is "draw" or "play K<Card>"; style is the text form a flawed game gives it.
type kingsMove struct {
	Draw  bool
	Flip  bool
	Card  int
	style flaw
}

func (m kingsMove) String() string {
	switch {
	case m.Flip:
		return "flip"
	case m.Draw:
		return "draw"
	case m.style == capitalText:
		return "Play " + cardID(m.Card)
	case m.style == unparsableText:
		return "play:" + cardID(m.Card)
	}
	return "play " + cardID(m.Card)
}

type kingsPlay struct {
	Seat rules.Seat `json:"seat"`
	Card int        `json:"card"`
}

type kingsState struct {
	flaw    flaw
	calls   *int
	Goal    int         `json:"goal"`
	Deck    []int       `json:"deck"`
	Hands   [][]int     `json:"hands"`
	Table   []kingsPlay `json:"table"`
	Scores  []int       `json:"scores"`
	Plays   int         `json:"plays"`
	Turn    rules.Seat  `json:"turn"`
	Moves   int         `json:"moves"`
	RNG     rules.RNG   `json:"rng"`
	History rules.Log   `json:"log"`
	Undo    bool        `json:"undo,omitempty"`
	// Flipped is flipLoop's marker; Flips counts the flips (so that they are not turns).
	Flipped bool `json:"flipped,omitempty"`
	Flips   int  `json:"flips,omitempty"`
}

// MarshalJSON is the plain encoding, except that unsavedTurn leaves the turn out.
func (s *kingsState) MarshalJSON() ([]byte, error) {
	type plain kingsState
	p := plain(*s)
	if s.flaw == unsavedTurn {
		p.Turn = 0
	}
	if s.flaw == unsavedUndo {
		p.Undo = false
	}
	return json.Marshal(p)
}

func (s *kingsState) over() bool {
	return s.flaw != endless && s.flaw != stuck && s.Plays >= s.Goal
}

func (s *kingsState) Players() int { return len(s.Hands) }
func (s *kingsState) Version() int {
	if s.flaw == versionOffByOne {
		return s.Moves + 1
	}
	return s.Moves
}

func (s *kingsState) Active() []rules.Seat {
	if s.over() {
		return nil
	}
	return []rules.Seat{s.Turn}
}

func (s *kingsState) Status() string {
	if s.over() {
		return "The game is over."
	}
	if s.flaw == statusShuffles {
		s.RNG.ShuffleInts(s.Deck)
	}
	text := rules.SeatRef(s.Turn) + " draws or plays a card."
	if s.flaw == leakStatus && len(s.Deck) > 0 {
		text += " The top card is " + cardID(s.Deck[0]) + "."
	}
	return text
}

func (s *kingsState) Legal(seat rules.Seat) []rules.Move {
	if s.over() || seat != s.Turn {
		return nil
	}
	var ms []rules.Move
	canDraw := len(s.Deck) > 0 || len(s.Table) > 0 && s.flaw != stuck
	if len(s.Hands[seat]) < handLimit && canDraw {
		ms = append(ms, kingsMove{Draw: true})
	}
	for _, c := range s.Hands[seat] {
		ms = append(ms, kingsMove{Card: c, style: s.flaw})
	}
	if s.flaw == flipLoop {
		ms = append(ms, kingsMove{Flip: true})
	}
	return ms
}

func (s *kingsState) Describe(seat rules.Seat, m rules.Move) rules.Choice {
	l := s.label(seat, m)
	// Every move draws or shows a card, unless a flaw says otherwise.
	draw := m.(kingsMove).Draw
	undo := draw && (s.flaw == undoDraw || s.flaw == noConfirm) || !draw && s.flaw == undoPlay || m.(kingsMove).Flip
	return rules.Choice{Label: l, Path: []rules.Step{{Prompt: "Your move?", Option: "move"}, {Prompt: "Which?", Option: l}},
		Irreversible: !undo}
}

func (s *kingsState) TurnNumber() int { return s.Version() - s.Flips + 1 }

func (s *kingsState) label(seat rules.Seat, m rules.Move) string {
	km := m.(kingsMove)
	label := "Play " + cardID(km.Card) + " for " + strconv.Itoa(km.Card) + " points"
	if km.Draw {
		label = "Draw a card"
		if s.flaw == leakLabel && len(s.Deck) > 0 {
			label = "Draw " + cardID(s.Deck[0])
		}
	}
	if s.flaw == longLabel {
		label += strings.Repeat(".", 100)
	}
	return label
}

func (s *kingsState) Apply(seat rules.Seat, m rules.Move) error {
	*s.calls++
	if _, ok := rules.FindLegal(s, seat, m); !ok {
		switch s.flaw {
		case acceptUnlisted:
		case changeOnReject:
			s.Moves++
			return rules.Illegal(m, "You cannot make that move now.")
		case noReason:
			return errors.New("no")
		case trustHand:
			if km := m.(kingsMove); seat != s.Turn || km.Draw || s.over() {
				return rules.Illegal(m, "You cannot make that move now.")
			}
		case leakReason:
			if len(s.Deck) > 0 {
				return rules.Illegal(m, "Not now; the top card is %s.", cardID(s.Deck[0]))
			}
			return rules.Illegal(m, "Not now.")
		default:
			return rules.Illegal(m, "You cannot make that move now.")
		}
	}
	s.Moves++
	km := m.(kingsMove)
	if km.Flip {
		s.Flipped, s.Undo = !s.Flipped, true
		s.Flips++
		s.History.Add(s.Moves, "%s flips the marker.", rules.SeatRef(seat))
		return nil
	}
	s.Undo = km.Draw && s.flaw == undoDraw || !km.Draw && s.flaw == undoPlay
	if km.Draw {
		if len(s.Deck) == 0 {
			for _, p := range s.Table {
				s.Deck = append(s.Deck, p.Card)
			}
			s.Table = nil
			s.RNG.ShuffleInts(s.Deck)
			s.History.Add(s.Moves, "The played cards are shuffled into the deck.")
		}
		i := 0
		if s.flaw == randomApply {
			i = *s.calls % len(s.Deck)
		}
		c := s.Deck[i]
		s.Deck = append(s.Deck[:i:i], s.Deck[i+1:]...)
		s.Hands[seat] = append(s.Hands[seat], c)
		if s.flaw == leakLog {
			s.History.Add(s.Moves, "%s draws %s.", rules.SeatRef(seat), cardID(c))
		} else {
			s.History.AddPrivate(s.Moves, rules.SeatRef(seat)+" draws a card.", "You draw "+cardID(c)+".", seat)
		}
	} else {
		for p := range s.Hands {
			s.Hands[p] = remove(s.Hands[p], km.Card)
		}
		s.Table = append(s.Table, kingsPlay{Seat: seat, Card: km.Card})
		s.Scores[seat] += km.Card
		s.Plays++
		s.History.Add(s.Moves, "%s plays %s.", rules.SeatRef(seat), cardID(km.Card))
	}
	s.Turn = 1 - seat
	return nil
}

func (s *kingsState) Undoable() bool { return s.Undo }

// Determinize re-deals the cards viewer cannot see (the deck and the other hand) from seed: they
// are sorted, shuffled and dealt to the other hand (its size kept) and the deck.
func (s *kingsState) Determinize(viewer rules.Seat, seed uint64) rules.State {
	d := *s
	d.RNG = rules.NewRNG(seed ^ 0xd1ce)
	d.History = s.History.Redact(viewer)
	d.Table = append([]kingsPlay(nil), s.Table...)
	d.Scores = append([]int(nil), s.Scores...)
	var unseen []int
	d.Hands = make([][]int, len(s.Hands))
	for p, h := range s.Hands {
		if rules.Seat(p) != viewer || s.flaw == detOwnHand {
			unseen = append(unseen, h...)
		}
	}
	unseen = append(unseen, s.Deck...)
	if s.flaw != detHidden {
		slices.Sort(unseen)
	}
	rng := rules.NewRNG(seed)
	rng.ShuffleInts(unseen)
	for p, h := range s.Hands {
		if rules.Seat(p) == viewer && s.flaw != detOwnHand {
			d.Hands[p] = append([]int(nil), h...)
			continue
		}
		d.Hands[p] = append([]int(nil), unseen[:len(h)]...)
		unseen = unseen[len(h):]
	}
	d.Deck = unseen
	return &d
}

func remove(xs []int, x int) []int {
	out := xs[:0:0]
	for _, v := range xs {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}

type kingsView struct {
	Table  []string `json:"table"`
	Deck   int      `json:"deck"`
	Hands  []int    `json:"hands"`
	Hand   []string `json:"hand,omitempty"`
	Scores []int    `json:"scores"`
	Top    string   `json:"top,omitempty"`
}

func (s *kingsState) View(viewer rules.Seat) any {
	v := kingsView{Deck: len(s.Deck), Scores: s.Scores}
	for _, p := range s.Table {
		v.Table = append(v.Table, cardID(p.Card))
	}
	for p, h := range s.Hands {
		v.Hands = append(v.Hands, len(h))
		if rules.Seat(p) == viewer {
			v.Hand = ids(h)
		}
	}
	if s.flaw == leakView && viewer == rules.Observer && len(s.Deck) > 0 {
		v.Top = cardID(s.Deck[0])
	}
	return v
}

func ids(cards []int) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = cardID(c)
	}
	return out
}

func (s *kingsState) Private(seat rules.Seat) string {
	if seat == rules.Observer {
		return ""
	}
	return "Your hand: " + strings.Join(ids(s.Hands[seat]), ", ") + "."
}

func (s *kingsState) Log(viewer rules.Seat) []rules.LogEntry { return s.History.For(viewer) }

func (s *kingsState) Hidden(viewer rules.Seat) []string {
	hidden := ids(s.Deck)
	for p, h := range s.Hands {
		if rules.Seat(p) != viewer {
			hidden = append(hidden, ids(h)...)
		}
	}
	return hidden
}

func (s *kingsState) Outcome() (rules.Outcome, bool) {
	if !s.over() {
		return rules.Outcome{}, false
	}
	out := rules.Outcome{Scores: append([]int(nil), s.Scores...)}
	best := 0
	for _, sc := range s.Scores {
		best = max(best, sc)
	}
	for p, sc := range s.Scores {
		if sc == best {
			out.Winners = append(out.Winners, rules.Seat(p))
		}
	}
	return out, true
}

var two = Setup{Players: 2}

// play runs one game of g through PlayOne with a step cap of 200.
func play(g rules.Game, seed uint64) error { return PlayOne(g, two, seed, 200, 1) }

func TestSoundGamePasses(t *testing.T) {
	Run(t, newKings(sound), Config{Setups: []Setup{two}, Seeds: 100, MaxSteps: 200})
	for seed := uint64(1); seed <= 50; seed++ {
		if err := PlayOne(newKings(sound), two, seed, 200, 3); err != nil {
			t.Fatalf("seed %d, leak check every 3 moves: %v", seed, err)
		}
	}
}

// TestSoundGameReshuffles makes sure the passing games above include what a leak check can get
// wrong: a card named by an old log line that is hidden again in the deck at the end.
func TestSoundGameReshuffles(t *testing.T) {
	found := false
	for seed := uint64(1); seed <= 300 && !found; seed++ {
		st, _ := newKings(sound).New(2, nil, seed)
		rng := rules.NewRNG(seed ^ 0x5eed) // PlayOne's move choices
		if _, err := rules.Playout(st, &rng, 200, nil); err != nil {
			t.Fatal(err)
		}
		ks := st.(*kingsState)
		for _, e := range ks.History.For(rules.Observer) {
			for _, c := range ks.Deck {
				found = found || ContainsToken(e.Text, cardID(c))
			}
		}
	}
	if !found {
		t.Fatal("no game ends with a played card back in the deck; the test game no longer covers reshuffles")
	}
}

func TestLeaksAreCaught(t *testing.T) {
	for _, c := range []struct {
		flaw  flaw
		where string
	}{
		{leakView, "in view: "},
		{leakLog, "in log: "},
		{leakStatus, "in status: "},
		{leakLabel, "in label: "},
		{leakReason, "names hidden card"},
	} {
		err := play(newKings(c.flaw), 1)
		if err == nil || !strings.Contains(err.Error(), c.where) {
			t.Errorf("flaw %d: PlayOne = %v, want a leak %q", c.flaw, err, c.where)
		}
	}
	// View, status and label leak already at setup, where CheckLeaks sees them.
	for _, f := range []flaw{leakView, leakStatus, leakLabel} {
		st, _ := newKings(f).New(2, nil, 1)
		if err := CheckLeaks(st); err == nil || !strings.Contains(err.Error(), "leak") {
			t.Errorf("flaw %d: CheckLeaks = %v, want a leak", f, err)
		}
	}
}

// TestLeakCheckWholeTokens: a visible K12 is not hidden K1, nor the other way round.
func TestLeakCheckWholeTokens(t *testing.T) {
	st := &kingsState{Goal: kingsPlays, calls: new(int), Hands: [][]int{{3}, {4}}, Scores: []int{12, 0},
		Deck: []int{1, 2, 5, 6, 7, 8, 9, 10, 11}, Table: []kingsPlay{{Seat: 0, Card: 12}}, Turn: 1}
	st.History.Add(1, "{0} plays K12.")
	if err := CheckLeaks(st); err != nil {
		t.Fatalf("K12 on the table, K1 in the deck: %v", err)
	}
	st.Deck, st.Table = []int{12, 2, 5, 6, 7, 8, 9, 10, 11}, []kingsPlay{{Seat: 0, Card: 1}}
	st.History.Lines = nil
	st.History.Add(1, "{0} plays K1.")
	if err := CheckLeaks(st); err != nil {
		t.Fatalf("K1 on the table, K12 in the deck: %v", err)
	}
	st.History.Add(2, "{0} plays K12.")
	if err := CheckLeaks(st); err == nil || !strings.Contains(err.Error(), "hidden card K12") {
		t.Fatalf("K12 in the deck and in the log: CheckLeaks = %v", err)
	}
}

func TestContainsToken(t *testing.T) {
	for _, c := range []struct {
		text, id string
		want     bool
	}{
		{"K1", "K1", true},
		{"plays K1.", "K1", true},
		{`["K12","K1"]`, "K1", true},
		{"plays K12.", "K1", false},
		{"XK1", "K1", false},
		{"K1K1", "K1", false},
		{"K12 then K1", "K1", true},
		{"", "K1", false},
		{"anything", "", false},
		{"", "", false},
		{"S-1 is hidden", "S-1", true},
		{"S-12", "S-1", false},
	} {
		if got := ContainsToken(c.text, c.id); got != c.want {
			t.Errorf("ContainsToken(%q, %q) = %v, want %v", c.text, c.id, got, c.want)
		}
	}
}

func TestRoundTripLossIsCaught(t *testing.T) {
	for _, c := range []struct {
		flaw flaw
		want string
	}{
		{dropTable, "JSON round trip changed the state"},
		{unsavedTurn, "loaded copy"},
	} {
		err := play(newKings(c.flaw), 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("flaw %d: PlayOne = %v, want %q", c.flaw, err, c.want)
		}
	}
	// Directly: once a card is on the table, Load loses it.
	g := newKings(dropTable)
	st, _ := g.New(2, nil, 1)
	if err := CheckRoundTrip(g, st); err != nil {
		t.Fatalf("nothing played yet: %v", err)
	}
	m := st.Legal(0)[len(st.Legal(0))-1] // a play
	if err := st.Apply(0, m); err != nil {
		t.Fatal(err)
	}
	if err := CheckRoundTrip(g, st); err == nil {
		t.Fatal("CheckRoundTrip missed the lost table")
	}
}

func TestIllegalMovesAreChecked(t *testing.T) {
	for _, c := range []struct {
		flaw flaw
		want string
	}{
		{acceptUnlisted, "which Legal does not list"},
		{changeOnReject, "changed the state"},
		{noReason, "no player-readable reason"},
	} {
		st, _ := newKings(c.flaw).New(2, nil, 1)
		err := CheckIllegalUnchanged(newKings(c.flaw), st)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("flaw %d: CheckIllegalUnchanged = %v, want %q", c.flaw, err, c.want)
		}
		if err := play(newKings(c.flaw), 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("flaw %d: PlayOne = %v, want %q", c.flaw, err, c.want)
		}
	}
	st, _ := newKings(sound).New(2, nil, 1)
	if err := CheckIllegalUnchanged(newKings(sound), st); err != nil {
		t.Fatalf("sound game: %v", err)
	}
}

// TestPlayedMovesAreTriedAgain: a game that checks whose turn it is but not the hand passes
// CheckIllegalUnchanged (no seat lists a card another holds), and is caught when PlayOne plays a
// card again.
func TestPlayedMovesAreTriedAgain(t *testing.T) {
	st, _ := newKings(trustHand).New(2, nil, 1)
	if err := CheckIllegalUnchanged(newKings(trustHand), st); err != nil {
		t.Fatalf("at setup: %v", err)
	}
	err := play(newKings(trustHand), 1)
	if err == nil || !strings.Contains(err.Error(), "played again: seat") || !strings.Contains(err.Error(), "which Legal does not list") {
		t.Fatalf("PlayOne = %v, want a move played again accepted", err)
	}
}

func TestReadingMustNotChangeState(t *testing.T) {
	st, _ := newKings(statusShuffles).New(2, nil, 1)
	err := CheckIllegalUnchanged(newKings(statusShuffles), st)
	if err == nil || !strings.Contains(err.Error(), "reading the state") {
		t.Fatalf("CheckIllegalUnchanged = %v, want a state changed by reading", err)
	}
}

func TestVersionIsChecked(t *testing.T) {
	if err := play(newKings(versionOffByOne), 1); err == nil || !strings.Contains(err.Error(), "Version() = 1 after setup") {
		t.Fatalf("PlayOne = %v, want a wrong version", err)
	}
}

func TestRunawayAndDeadEnd(t *testing.T) {
	if err := play(newKings(endless), 1); !errors.Is(err, rules.ErrRunaway) {
		t.Errorf("endless game: PlayOne = %v, want ErrRunaway", err)
	}
	if err := play(newKings(stuck), 1); !errors.Is(err, rules.ErrDeadEnd) {
		t.Errorf("stuck game: PlayOne = %v, want ErrDeadEnd", err)
	}
}

func TestNondeterminismIsCaught(t *testing.T) {
	for _, c := range []struct {
		flaw flaw
		want string
	}{
		{randomNew, "New is not deterministic"},
		{randomApply, "replay"},
	} {
		err := play(newKings(c.flaw), 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("flaw %d: PlayOne = %v, want %q", c.flaw, err, c.want)
		}
	}
}

func TestMoveTextsAreChecked(t *testing.T) {
	for _, c := range []struct {
		flaw flaw
		want string
	}{
		{capitalText, `reads back as "play K`},
		{unparsableText, "ParseMove(\"play:K"},
		{longLabel, "too long"},
	} {
		st, _ := newKings(c.flaw).New(2, nil, 1)
		err := CheckMoves(newKings(c.flaw), st)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("flaw %d: CheckMoves = %v, want %q", c.flaw, err, c.want)
		}
		if err := play(newKings(c.flaw), 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("flaw %d: PlayOne = %v, want %q", c.flaw, err, c.want)
		}
	}
}

// fatalRecorder is a testing.TB whose Fatalf records the message and stops the goroutine, as
// testing.T does, so that a test can check that Run fails.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// runFails runs Run on its own goroutine and returns its failure message, "" if it passed.
func runFails(t *testing.T, g rules.Game, cfg Config) string {
	r := &fatalRecorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(r, g, cfg)
	}()
	<-done
	return r.msg
}

func TestRunFails(t *testing.T) {
	cfg := Config{Setups: []Setup{two}, Seeds: 5, MaxSteps: 200}
	if msg := runFails(t, newKings(sound), cfg); msg != "" {
		t.Fatalf("sound game failed: %s", msg)
	}
	if msg := runFails(t, newKings(leakLog), cfg); !strings.Contains(msg, "kings players=2") || !strings.Contains(msg, "leak") {
		t.Errorf("leaky game: Run failed with %q", msg)
	}
	for _, bad := range []Config{{}, {Setups: []Setup{two}, MaxSteps: 200}, {Seeds: 3, MaxSteps: 200}, {Setups: []Setup{two}, Seeds: 3}} {
		if msg := runFails(t, newKings(sound), bad); !strings.Contains(msg, "plays no game") {
			t.Errorf("config %+v: Run failed with %q, want a refusal", bad, msg)
		}
	}
}

// TestUndoAndDeterminizeFlawsAreCaught: a draw or a play marked undoable, a determinization that
// deals the unseen cards in their hidden order or re-deals the viewer's own hand, a draw offered
// without Irreversible: each is caught by PlayOne, with the property it breaks.
func TestUndoAndDeterminizeFlawsAreCaught(t *testing.T) {
	for _, c := range []struct {
		flaw flaw
		want string
	}{
		{undoDraw, "is marked undoable but card"},
		{undoPlay, "is not hidden after it"},
		{detHidden, "information leak"},
		{detOwnHand, "shows viewer 0 another view"},
		{noConfirm, "Describe does not mark it Irreversible"},
	} {
		err := play(newKings(c.flaw), 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("flaw %d: PlayOne = %v, want %q", c.flaw, err, c.want)
		}
	}
}

// TestUndoableRoundTrip: a game whose JSON leaves Undoable out is caught by CheckRoundTrip.
func TestUndoableRoundTrip(t *testing.T) {
	g := newKings(unsavedUndo)
	st, _ := g.New(2, nil, 1)
	st.(*kingsState).Undo = true
	if err := CheckRoundTrip(g, st); err == nil || !strings.Contains(err.Error(), "loaded copy says Undoable() = false") {
		t.Fatalf("CheckRoundTrip = %v, want the lost Undoable", err)
	}
	g = newKings(sound)
	st, _ = g.New(2, nil, 1)
	st.(*kingsState).Undo = true
	if err := CheckRoundTrip(g, st); err != nil {
		t.Fatalf("sound game: %v", err)
	}
}

// wordless is a kings state whose status names a message no catalogue holds.
type wordless struct{ rules.State }

func (wordless) Status() string { return rules.Msg("kings.nowhere", "Seat", rules.SeatRef(0)) }

// TestCheckWordsFindsMissingMessages: CheckWords passes a state of plain text and fails one whose
// status is a message missing from the catalogues.
func TestCheckWordsFindsMissingMessages(t *testing.T) {
	g := newKings(0)
	st, err := g.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckWords(g, st); err != nil {
		t.Fatalf("plain text: %v", err)
	}
	if err := CheckWords(g, wordless{st}); err == nil || !strings.Contains(err.Error(), "kings.nowhere") {
		t.Errorf("a missing message passed: %v", err)
	}
}

// TestLoopsAreCaught (issue 22): a seat that can bring back a position within its turn — two
// flips of a marker that keep the turn — could repeat them forever; PlayOne says so, naming the
// moves. The flip counter is bookkeeping the game declares (Config.PositionIgnore).
func TestLoopsAreCaught(t *testing.T) {
	cfg := Config{MaxSteps: 200, LeakEvery: 1, PositionIgnore: []string{"flips"}}
	caught := false
	for seed := uint64(1); seed <= 5 && !caught; seed++ {
		err := PlayOneWith(newKings(flipLoop), two, seed, cfg)
		if err != nil && !strings.Contains(err.Error(), "could be repeated forever") {
			t.Fatalf("seed %d: %v", seed, err)
		}
		caught = err != nil && strings.Contains(err.Error(), "flip, flip")
	}
	if !caught {
		t.Error("two flips within a turn were not caught as a loop")
	}
}
