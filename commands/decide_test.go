package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// toyGame is a two-player game with the decision shapes of the real games, for testing the
// decision menu: the seat to move may "pass", "ship C03 h1" (action → card → harbour, cannot be
// taken back: it draws a card), "move a b" (action → from → to) or start a "mission", then
// pay for it with cards picked together ("pay C03", Multi 1–3, closing move "done"); the mission
// is paid after two cards, and only "done" is legal then. Cards are named by words (Term): the
// first two cards are both pepper, so that identical cards can be seen.
type toyGame struct {
	cards, harbours int
	extras          bool // pass, move and mission besides ship
	payMax          int  // cards paid in one pick (default 3)
}

var toyWords = []string{"pepper", "pepper", "cloves", "ginger", "nutmeg", "mace", "cinnamon", "tea", "salt", "saffron"}

func toyWord(c int) string {
	if c < len(toyWords) {
		return toyWords[c]
	}
	return fmt.Sprintf("spice %d", c)
}

func (g toyGame) ID() string              { return "toy" }
func (g toyGame) Name() string            { return "Toy" }
func (g toyGame) Players() (int, int)     { return 2, 2 }
func (g toyGame) Options() []rules.Option { return nil }
func (g toyGame) Rules() []rules.Topic {
	return []rules.Topic{{Key: "all", Title: "All", Text: "Ship."}}
}
func (g toyGame) Term(id string) string {
	var c int
	if _, err := fmt.Sscanf(id, "C%d", &c); err == nil {
		return toyWord(c)
	}
	return ""
}
func (g toyGame) New(p int, _ rules.Options, _ uint64) (rules.State, error) {
	s := &toyState{Harbours: g.harbours, Extras: g.extras, Hands: make([][]int, p), Next: 100, PayMax: g.payMax}
	if s.PayMax == 0 {
		s.PayMax = 3
	}
	for seat := range s.Hands {
		for c := 0; c < g.cards; c++ {
			s.Hands[seat] = append(s.Hands[seat], c+seat*50)
		}
	}
	return s, nil
}
func (g toyGame) Load(b []byte) (rules.State, error) {
	var s toyState
	err := json.Unmarshal(b, &s)
	return &s, err
}
func (g toyGame) ParseMove(text string) (rules.Move, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil, &rules.IllegalMoveError{Move: text, Reason: "Not a move."}
	}
	switch f[0] {
	case "pass", "mission", "done":
		if len(f) == 1 {
			return toyMove(text), nil
		}
	case "ship", "move", "pay":
		if len(f) >= 2 {
			return toyMove(text), nil
		}
	}
	return nil, &rules.IllegalMoveError{Move: text, Reason: "Not a toy move."}
}

type toyMove string

func (m toyMove) String() string { return string(m) }

type toyState struct {
	Hands    [][]int   `json:"hands"`
	Harbours int       `json:"harbours"`
	Extras   bool      `json:"extras"`
	Turn     int       `json:"turn"`
	Turns    int       `json:"turns"`
	V        int       `json:"v"`
	Phase    string    `json:"phase"` // "", "pay" or "paid"
	Paid     []int     `json:"paid"`
	Next     int       `json:"next"` // the next card drawn
	Shipped  []int     `json:"shipped"`
	PayMax   int       `json:"pay_max"`
	Undo     bool      `json:"undo"` // the last move may be taken back (not a shipment)
	L        rules.Log `json:"log"`
}

func cardID(c int) string { return fmt.Sprintf("C%02d", c) }

func (s *toyState) Players() int { return len(s.Hands) }
func (s *toyState) Version() int { return s.V }
func (s *toyState) Active() []rules.Seat {
	if s.Turns >= 40 {
		return nil
	}
	return []rules.Seat{rules.Seat(s.Turn)}
}
func (s *toyState) Status() string  { return rules.SeatRef(rules.Seat(s.Turn)) + " plays." }
func (s *toyState) TurnNumber() int { return s.Turns + 1 }
func (s *toyState) Legal(seat rules.Seat) []rules.Move {
	if s.Turns >= 40 || int(seat) != s.Turn {
		return nil
	}
	hand := s.Hands[seat]
	var out []rules.Move
	switch s.Phase {
	case "pay":
		for _, c := range hand {
			out = append(out, toyMove("pay "+cardID(c)))
		}
		return out
	case "paid":
		return []rules.Move{toyMove("done")}
	}
	if s.Extras {
		out = append(out, toyMove("pass"))
	}
	for _, c := range hand {
		for h := 0; h < s.Harbours; h++ {
			out = append(out, toyMove(fmt.Sprintf("ship %s h%d", cardID(c), h)))
		}
	}
	if s.Extras {
		for a := 0; a < 2; a++ {
			for b := 0; b < 3; b++ {
				out = append(out, toyMove(fmt.Sprintf("move %d %d", a, b)))
			}
		}
		if len(hand) >= 3 {
			out = append(out, toyMove("mission"))
		}
	}
	return out
}

var harbourNames = []string{"Tidore", "Ternate", "Banda", "Ambon", "Makassar", "Malacca"}

func harbourName(h int) string {
	if h < len(harbourNames) {
		return harbourNames[h]
	}
	return fmt.Sprintf("Harbour %d", h)
}

func (s *toyState) Describe(seat rules.Seat, mv rules.Move) rules.Choice {
	f := strings.Fields(mv.String())
	act := "What do you do?"
	switch f[0] {
	case "pass":
		return rules.Choice{Label: "Pass", Path: []rules.Step{{Prompt: act, Option: "Pass"}}}
	case "mission":
		return rules.Choice{Label: "Start a mission", Path: []rules.Step{{Prompt: act, Option: "Start a mission"}}}
	case "ship":
		var h int
		fmt.Sscanf(f[2], "h%d", &h)
		card := rules.Ref(f[1])
		return rules.Choice{Label: "Ship " + card + " to " + harbourName(h), Irreversible: true, Path: []rules.Step{
			{Prompt: act, Option: "Ship"}, {Prompt: "Which card do you ship?", Option: card}, {Prompt: "To which harbour?", Option: harbourName(h)}}}
	case "move":
		return rules.Choice{Label: "Move your merchant from " + f[1] + " to " + f[2], Path: []rules.Step{
			{Prompt: act, Option: "Move"}, {Prompt: "Which merchant?", Option: "Merchant " + f[1]}, {Prompt: "Where to?", Option: "Company " + f[2]}}}
	case "pay":
		return rules.Choice{Label: "Pay " + rules.Ref(f[1]), Multi: &rules.Multi{Min: 1, Max: s.PayMax, Then: "done"},
			Path: []rules.Step{{Prompt: "Which cards do you pay?", Option: rules.Ref(f[1])}}}
	case "done":
		return rules.Choice{Label: "Finish the mission", Path: []rules.Step{{Prompt: "Which cards do you pay?", Option: "Finish the mission"}}}
	}
	return rules.Choice{Label: mv.String(), Path: []rules.Step{{Prompt: act, Option: mv.String()}}}
}

func (s *toyState) Apply(seat rules.Seat, mv rules.Move) error {
	if _, ok := rules.FindLegal(s, seat, mv); !ok {
		if int(seat) != s.Turn || s.Phase == "paid" {
			return rules.Illegal(mv, "It is not your decision now: the mission is paid.")
		}
		return rules.Illegal(mv, "You can't do that now.")
	}
	f := strings.Fields(mv.String())
	card := func() int {
		var c int
		fmt.Sscanf(f[1], "C%d", &c)
		return c
	}
	endTurn := func() {
		s.Turn, s.Turns, s.Phase, s.Paid = 1-s.Turn, s.Turns+1, "", nil
	}
	s.V++
	s.Undo = f[0] != "ship"
	switch f[0] {
	case "pass", "move":
		s.L.Add(s.V, "%s moves.", rules.SeatRef(seat))
		endTurn()
	case "mission":
		s.Phase = "pay"
	case "pay":
		c := card()
		s.Hands[seat] = slices.DeleteFunc(s.Hands[seat], func(x int) bool { return x == c })
		s.Paid = append(s.Paid, c)
		s.L.Add(s.V, "%s pays %s.", rules.SeatRef(seat), rules.Ref(cardID(c)))
		if len(s.Paid) == 2 {
			s.Phase = "paid"
		}
	case "done":
		endTurn()
	case "ship":
		c := card()
		s.Hands[seat] = slices.DeleteFunc(s.Hands[seat], func(x int) bool { return x == c })
		s.Shipped = append(s.Shipped, c)
		s.L.Add(s.V, "%s ships %s.", rules.SeatRef(seat), rules.Ref(cardID(c)))
		s.Hands[seat] = append(s.Hands[seat], s.Next)
		s.Next++
		endTurn()
	}
	return nil
}

func (s *toyState) View(viewer rules.Seat) any {
	if viewer < 0 {
		return map[string]any{"turn": s.Turn}
	}
	var ids []string
	for _, c := range s.Hands[viewer] {
		ids = append(ids, cardID(c))
	}
	return map[string]any{"hand": ids}
}
func (s *toyState) Private(seat rules.Seat) string {
	if seat < 0 {
		return ""
	}
	var refs []string
	for _, c := range s.Hands[seat] {
		refs = append(refs, rules.Ref(cardID(c)))
	}
	return "Your hand: " + strings.Join(refs, ", ")
}
func (s *toyState) Log(v rules.Seat) []rules.LogEntry { return s.L.For(v) }
func (s *toyState) Hidden(viewer rules.Seat) []string {
	var out []string
	for seat, h := range s.Hands {
		if rules.Seat(seat) != viewer {
			for _, c := range h {
				out = append(out, cardID(c))
			}
		}
	}
	return out
}
func (s *toyState) Outcome() (rules.Outcome, bool) {
	if s.Turns < 40 {
		return rules.Outcome{}, false
	}
	return rules.Outcome{Scores: []int{0, 0}, Winners: []rules.Seat{0, 1}}, true
}

// toyTable is a started toy game and its two players.
type toyTable struct {
	t     *testing.T
	svc   *Service
	store *data.Store
	game  int64
	users [2]string // by seat
}

func startToy(t *testing.T, g toyGame) *toyTable {
	t.Helper()
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg := &rules.Registry{}
	reg.Register(g)
	tt := &toyTable{t: t, svc: New(store, reg, nil), store: store}
	tt.cmd("u1", "game", "new", map[string]any{"game": "toy"})
	tt.cmd("u2", "game", "join", nil)
	if r := tt.cmd("u1", "game", "start", nil); !strings.Contains(r.Content, "has started") {
		t.Fatalf("start: %q", r.Content)
	}
	row, seats, err := store.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	tt.game = row.ID
	for _, s := range seats {
		tt.users[s.Seat] = s.UserID
	}
	return tt
}

func (tt *toyTable) handle(req Request) Reply {
	tt.t.Helper()
	req.ChannelID, req.GuildID = "c1", "g1"
	if req.UserName == "" {
		req.UserName = req.UserID
	}
	r, err := tt.svc.Handle(context.Background(), req)
	if err != nil {
		tt.t.Fatal(err)
	}
	idScan(tt.t, r)
	return r
}

func (tt *toyTable) cmd(user, command, sub string, opts map[string]any) Reply {
	tt.t.Helper()
	return tt.handle(Request{Kind: KindCommand, UserID: user, Command: command, Sub: sub, Options: opts})
}

// yourMove presses the board's "Your move" for seat.
func (tt *toyTable) yourMove(seat int) Reply {
	tt.t.Helper()
	row, _, _ := tt.store.GameByID(context.Background(), tt.game)
	r := tt.handle(Request{Kind: KindComponent, UserID: tt.users[seat], CustomID: CustomID{Action: ActYourMove, Game: tt.game, Version: row.Version}.String()})
	if !r.Ephemeral {
		tt.t.Fatalf("Your move answered publicly: %q", r.Content)
	}
	return r
}

func (tt *toyTable) press(seat int, b discordgo.Button) Reply {
	tt.t.Helper()
	if b.Disabled {
		tt.t.Fatalf("pressed disabled button %q", b.Label)
	}
	return tt.handle(Request{Kind: KindComponent, UserID: tt.users[seat], CustomID: b.CustomID})
}

func (tt *toyTable) choose(seat int, s discordgo.SelectMenu, values ...string) Reply {
	tt.t.Helper()
	lo := 1
	if s.MinValues != nil {
		lo = *s.MinValues
	}
	hi := max(s.MaxValues, 1)
	if len(values) < lo || len(values) > hi {
		tt.t.Fatalf("select %q takes %d–%d values, got %d", s.Placeholder, lo, hi, len(values))
	}
	for _, v := range values {
		if !slices.ContainsFunc(s.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
			tt.t.Fatalf("select %q has no option %q", s.Placeholder, v)
		}
	}
	return tt.handle(Request{Kind: KindComponent, UserID: tt.users[seat], CustomID: s.CustomID, Values: values})
}

// snapshot is everything a move may write.
func (tt *toyTable) snapshot() string {
	tt.t.Helper()
	ctx := context.Background()
	row, _, err := tt.store.GameByID(ctx, tt.game)
	if err != nil {
		tt.t.Fatal(err)
	}
	moves, _ := tt.store.Moves(ctx, tt.game)
	pending, _ := tt.store.PendingOutbox(ctx, 0)
	return fmt.Sprintf("v%d %s moves=%v outbox=%d", row.Version, row.State, len(moves), len(pending))
}

func (tt *toyTable) moves() []string {
	ms, _ := tt.store.Moves(context.Background(), tt.game)
	var out []string
	for _, m := range ms {
		out = append(out, m.Move)
	}
	return out
}

func (tt *toyTable) state() *toyState {
	row, _, _ := tt.store.GameByID(context.Background(), tt.game)
	var s toyState
	if err := json.Unmarshal(row.State, &s); err != nil {
		tt.t.Fatal(err)
	}
	return &s
}

// idPattern is an internal component id: nothing a player reads may show one.
var idPattern = regexp.MustCompile(`\b[SHMC]\d\d\b`)

// idScan fails if a reply shows an internal id in its text, a button, a select or a choice name.
func idScan(t *testing.T, r Reply) {
	t.Helper()
	texts := []string{r.Content}
	for _, b := range replyButtons(r) {
		texts = append(texts, b.Label)
	}
	for _, s := range replySelects(r) {
		texts = append(texts, s.Placeholder)
		for _, o := range s.Options {
			texts = append(texts, o.Label, o.Description)
		}
	}
	for _, c := range r.Choices {
		texts = append(texts, c.Name)
	}
	for _, x := range texts {
		if idPattern.MatchString(x) {
			t.Fatalf("a player reads an internal id: %q", x)
		}
	}
}

func replyButtons(r Reply) []discordgo.Button {
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

func replySelects(r Reply) []discordgo.SelectMenu {
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

func buttonNamed(t *testing.T, r Reply, label string) discordgo.Button {
	t.Helper()
	for _, b := range replyButtons(r) {
		if b.Label == label {
			return b
		}
	}
	t.Fatalf("no button %q in %q", label, labelsOf(r))
	return discordgo.Button{}
}

func labelsOf(r Reply) []string {
	var out []string
	for _, b := range replyButtons(r) {
		out = append(out, b.Label)
	}
	for _, s := range replySelects(r) {
		out = append(out, "select:"+s.Placeholder)
	}
	return out
}

func optionValue(t *testing.T, s discordgo.SelectMenu, label string) string {
	t.Helper()
	for _, o := range s.Options {
		if o.Label == label {
			return o.Value
		}
	}
	t.Fatalf("select %q has no option %q", s.Placeholder, label)
	return ""
}

// checkLayout asserts Discord's component limits: at most 5 rows of at most 5 buttons or one
// select of at most 25 options, unique custom_ids of at most 100 characters.
func checkLayout(t *testing.T, r Reply) {
	t.Helper()
	if len(r.Components) > 5 {
		t.Fatalf("%d action rows", len(r.Components))
	}
	seen := map[string]bool{}
	for _, row := range r.Components {
		cs := row.(discordgo.ActionsRow).Components
		if len(cs) == 0 || len(cs) > 5 {
			t.Fatalf("a row of %d components", len(cs))
		}
		for _, c := range cs {
			var id string
			switch c := c.(type) {
			case discordgo.Button:
				id = c.CustomID
				if len(c.Label) > 80 {
					t.Errorf("button label %q too long", c.Label)
				}
			case discordgo.SelectMenu:
				id = c.CustomID
				if len(cs) != 1 || len(c.Options) == 0 || len(c.Options) > 25 {
					t.Fatalf("select %q with %d options in a row of %d", c.Placeholder, len(c.Options), len(cs))
				}
				values := map[string]bool{}
				for _, o := range c.Options {
					if values[o.Value] || len(o.Label) > 100 || len(o.Description) > 100 {
						t.Errorf("select option %+v repeated or too long", o)
					}
					values[o.Value] = true
				}
			}
			if seen[id] || len(id) > 100 || id == "" {
				t.Fatalf("custom_id %q repeated, empty or too long", id)
			}
			seen[id] = true
		}
	}
}

// TestMenuWalk walks the first steps: buttons for small levels, a select of whole moves for an
// option whose level would take more taps (irreversible shipments in a grid), a grid for moves
// between merchants, Back, and playing an irreversible move from a select in one pick.
func TestMenuWalk(t *testing.T) {
	tt := startToy(t, toyGame{cards: 3, harbours: 3, extras: true})
	first := tt.yourMove(0)
	checkLayout(t, first)
	if !strings.Contains(first.Content, "What do you do?") {
		t.Errorf("first step lacks the prompt: %q", first.Content)
	}
	// Pass, Move and Start a mission are buttons; Ship is a select of the 6 distinct shipments
	// (two pepper cards are the same to the player).
	for _, l := range []string{"Pass", "Move", "Start a mission"} {
		buttonNamed(t, first, l)
	}
	sels := replySelects(first)
	if len(sels) != 1 || !strings.HasPrefix(sels[0].Placeholder, "Ship") || len(sels[0].Options) != 6 {
		t.Fatalf("first step selects = %q (%d)", labelsOf(first), len(sels))
	}
	if !strings.Contains(first.Content, "can't be taken back") {
		t.Errorf("the step offering irreversible moves does not say so: %q", first.Content)
	}
	if sels[0].Options[0].Label != "Ship pepper to Tidore" {
		t.Errorf("first shipment option %q", sels[0].Options[0].Label)
	}
	for _, b := range replyButtons(first) {
		if b.Label == "Back" {
			t.Errorf("the first step has a Back button")
		}
	}

	// Move opens a grid: one row per merchant, a disabled label and one button per company.
	grid := tt.press(0, buttonNamed(t, first, "Move"))
	checkLayout(t, grid)
	if grid.Type != ReplyUpdate {
		t.Errorf("a step answered with type %d, want an update in place", grid.Type)
	}
	if len(grid.Components) != 2 {
		t.Fatalf("grid has %d rows: %q", len(grid.Components), labelsOf(grid))
	}
	row0 := grid.Components[0].(discordgo.ActionsRow).Components
	if b := row0[0].(discordgo.Button); !b.Disabled || b.Label != "Merchant 0" || len(row0) != 4 {
		t.Fatalf("grid row 0 = %+v", row0)
	}
	back := buttonNamed(t, grid, "Back")
	again := tt.press(0, back)
	if !slices.Equal(labelsOf(again), labelsOf(first)) {
		t.Errorf("Back shows %q, want the first step %q", labelsOf(again), labelsOf(first))
	}

	// Picking a shipment in the select plays it at once (its whole label was shown).
	before := tt.state()
	tt.drainOutbox() // the hands dealt at the start
	played := tt.choose(0, sels[0], optionValue(t, sels[0], "Ship cloves to Banda"))
	if !strings.HasPrefix(played.Content, "You played: Ship cloves to Banda.") {
		t.Fatalf("pick answered %q", played.Content)
	}
	if played.Image == nil || !played.Image.Hand {
		t.Errorf("the reply to a move that changed the hand does not show the hand")
	}
	if !strings.Contains(played.Content, "Your hand: pepper, pepper") {
		t.Errorf("the reply does not say the new hand: %q", played.Content)
	}
	if got := tt.moves(); !slices.Equal(got, []string{"ship C02 h2"}) {
		t.Fatalf("moves = %q", got)
	}
	if after := tt.state(); after.Turn == before.Turn {
		t.Errorf("the shipment did not end the turn")
	}
	// The move's outbox: one board, and no DM to the player who moved.
	pending, _ := tt.store.PendingOutbox(context.Background(), 0)
	for _, it := range pending {
		if it.Kind == KindDM && it.Target == tt.users[0] {
			t.Errorf("the mover was sent a DM about their own move: %+v", it)
		}
	}
}

// TestMenuSkipsSingleLevels: with one card the action and the card are the only options, so the
// first step is already the harbour; there is no Back; the buttons list the whole moves.
func TestMenuSkipsSingleLevels(t *testing.T) {
	tt := startToy(t, toyGame{cards: 1, harbours: 3})
	r := tt.yourMove(0)
	checkLayout(t, r)
	if got := labelsOf(r); !slices.Equal(got, []string{"Tidore", "Ternate", "Banda"}) {
		t.Fatalf("first step = %q, want the three harbours", got)
	}
	if !strings.Contains(r.Content, "To which harbour?") || !strings.Contains(r.Content, "Ship pepper to Ternate") ||
		!strings.Contains(r.Content, "can't be taken back") {
		t.Errorf("step text %q", r.Content)
	}
	played := tt.press(0, buttonNamed(t, r, "Ternate"))
	if !strings.HasPrefix(played.Content, "You played: Ship pepper to Ternate.") {
		t.Fatalf("press answered %q", played.Content)
	}
}

// TestMenuGridConfirm: when only shipments are possible, the cards form a grid of harbour buttons;
// a grid cell shows only the harbour, so the irreversible shipment asks for one confirmation that
// states it, whose Back returns to the grid.
func TestMenuGridConfirm(t *testing.T) {
	tt := startToy(t, toyGame{cards: 4, harbours: 3})
	grid := tt.yourMove(0)
	checkLayout(t, grid)
	// Cards pepper (twice: shown once), cloves, ginger: three rows of a label and three harbours.
	if len(grid.Components) != 3 {
		t.Fatalf("grid rows = %d: %q", len(grid.Components), labelsOf(grid))
	}
	cell := grid.Components[1].(discordgo.ActionsRow).Components[2].(discordgo.Button)
	if cell.Label != "Ternate" {
		t.Fatalf("cell = %q", cell.Label)
	}
	before := tt.snapshot()
	ask := tt.press(0, cell)
	checkLayout(t, ask)
	if !strings.Contains(ask.Content, "Ship cloves to Ternate") || !strings.Contains(ask.Content, "can't be taken back") {
		t.Fatalf("confirmation %q", ask.Content)
	}
	if tt.snapshot() != before {
		t.Fatal("asking for a confirmation changed the game")
	}
	back := tt.press(0, buttonNamed(t, ask, "Back"))
	if !slices.Equal(labelsOf(back), labelsOf(grid)) {
		t.Fatalf("Back from the confirmation shows %q", labelsOf(back))
	}
	ok := tt.press(0, buttonNamed(t, ask, "Confirm"))
	if !strings.HasPrefix(ok.Content, "You played: Ship cloves to Ternate.") {
		t.Fatalf("confirm answered %q", ok.Content)
	}
}

// TestMenuSelects: more than 5 options become selects: the moves themselves when at most 100
// (each labelled in full), or the options, paged, then the next level.
func TestMenuSelects(t *testing.T) {
	tt := startToy(t, toyGame{cards: 9, harbours: 3})
	r := tt.yourMove(0)
	checkLayout(t, r)
	var n int
	for _, s := range replySelects(r) {
		n += len(s.Options)
	}
	if n != 8*3 { // 9 cards, two of them pepper
		t.Fatalf("selects list %d moves, want 24", n)
	}
	s := replySelects(r)[0]
	played := tt.choose(0, s, optionValue(t, s, "Ship nutmeg to Banda"))
	if !strings.HasPrefix(played.Content, "You played: Ship nutmeg to Banda.") {
		t.Fatalf("pick answered %q", played.Content)
	}

	big := startToy(t, toyGame{cards: 40, harbours: 3})
	r = big.yourMove(0)
	checkLayout(t, r)
	sels := replySelects(r)
	if len(sels) != 2 || len(sels[0].Options)+len(sels[1].Options) != 39 {
		t.Fatalf("card selects = %q", labelsOf(r))
	}
	next := big.choose(0, sels[1], optionValue(t, sels[1], "spice 30"))
	checkLayout(t, next)
	if got := labelsOf(next); !slices.Equal(got, []string{"Tidore", "Ternate", "Banda", "Back"}) {
		t.Fatalf("after a card: %q", got)
	}
	if !strings.Contains(next.Content, "spice 30") {
		t.Errorf("the step does not say the card chosen: %q", next.Content)
	}
	played = big.press(0, buttonNamed(t, next, "Banda"))
	if !strings.HasPrefix(played.Content, "You played: Ship spice 30 to Banda.") {
		t.Fatalf("press answered %q", played.Content)
	}
}

// TestMenuStale: a menu made before the seat's legal moves changed plays nothing and shows the
// current menu; so does a second press of the same button.
func TestMenuStale(t *testing.T) {
	tt := startToy(t, toyGame{cards: 1, harbours: 3})
	menu := tt.yourMove(0)
	res := tt.press(0, buttonNamed(t, menu, "Tidore"))
	if !strings.HasPrefix(res.Content, "You played") {
		t.Fatalf("first press %q", res.Content)
	}
	// Seat 1 moves, so that seat 0 has moves again (another hand).
	tt.press(1, buttonNamed(t, tt.yourMove(1), "Tidore"))
	before := tt.snapshot()
	again := tt.press(0, buttonNamed(t, menu, "Banda"))
	if !strings.Contains(again.Content, "moved on") || again.Type != ReplyUpdate {
		t.Fatalf("stale press answered %q", again.Content)
	}
	if len(replyButtons(again)) == 0 {
		t.Errorf("the stale answer offers no current menu")
	}
	if tt.snapshot() != before {
		t.Fatal("a stale menu changed the game")
	}
}

// TestMenuBatch: paying a mission is one multi-select (identical cards listed separately); the
// cards picked are played together with the closing move, stored as one row each in one
// transaction with one board update; a batch that fails half-way changes nothing and says why.
func TestMenuBatch(t *testing.T) {
	tt := startToy(t, toyGame{cards: 4, harbours: 2, extras: true})
	first := tt.yourMove(0)
	pay := tt.press(0, buttonNamed(t, first, "Start a mission"))
	checkLayout(t, pay)
	sels := replySelects(pay)
	if len(sels) != 1 {
		t.Fatalf("pay step = %q", labelsOf(pay))
	}
	s := sels[0]
	// The two peppers are one kind: counted, "1 × pepper" and "2 × pepper" (an entry may then
	// stand for two cards, so Discord lets any of the 4 entries be picked; the total is checked).
	if s.MaxValues != 4 || s.MinValues == nil || *s.MinValues != 1 || len(s.Options) != 4 {
		t.Fatalf("multi-select %d–%d of %d options", *s.MinValues, s.MaxValues, len(s.Options))
	}
	if s.Options[0].Label != "1 × pepper" || s.Options[1].Label != "2 × pepper" || s.Options[2].Label != "cloves" {
		t.Errorf("identical cards are not counted: %+v", s.Options[:3])
	}
	tt.drainOutbox()
	before := tt.snapshot()

	// Two counts of one kind, or more cards than the pick allows: said, and nothing is played.
	if r := tt.choose(0, s, s.Options[0].Value, s.Options[1].Value); !strings.Contains(r.Content, "two numbers of the same card") || tt.snapshot() != before {
		t.Fatalf("two counts of pepper answered %q", r.Content)
	}
	if r := tt.choose(0, s, s.Options[1].Value, s.Options[2].Value, s.Options[3].Value); !strings.Contains(r.Content, "Pick 1 to 3") || tt.snapshot() != before {
		t.Fatalf("four cards answered %q", r.Content)
	}

	// Three cards: the third is refused (the mission is paid after two), so nothing is played.
	bad := tt.choose(0, s, s.Options[1].Value, s.Options[2].Value)
	if !strings.Contains(bad.Content, "Nothing was played") || !strings.Contains(bad.Content, "mission is paid") {
		t.Fatalf("half-way failure answered %q", bad.Content)
	}
	if tt.snapshot() != before {
		t.Fatalf("a failed batch changed the game:\n%s\n%s", before, tt.snapshot())
	}

	// Two cards: both paid, then the closing move, as three stored moves and one board item.
	ok := tt.choose(0, s, s.Options[0].Value, s.Options[2].Value)
	if !strings.HasPrefix(ok.Content, "You played: Pay pepper and Pay cloves.") {
		t.Fatalf("batch answered %q", ok.Content)
	}
	if got := tt.moves(); !slices.Equal(got, []string{"mission", "pay C00", "pay C02", "done"}) {
		t.Fatalf("moves = %q", got)
	}
	pending, _ := tt.store.PendingOutbox(context.Background(), 0)
	boards := 0
	for _, it := range pending {
		if it.Kind == KindBoard {
			boards++
		}
	}
	if boards != 1 {
		t.Errorf("the batch queued %d board updates, want 1", boards)
	}
	if st := tt.state(); st.Turn != 1 || st.Phase != "" {
		t.Errorf("after the batch: turn %d phase %q", st.Turn, st.Phase)
	}
}

func (tt *toyTable) drainOutbox() {
	ctx := context.Background()
	pending, _ := tt.store.PendingOutbox(ctx, 0)
	for _, it := range pending {
		if err := tt.store.MarkSent(ctx, it.ID); err != nil {
			tt.t.Fatal(err)
		}
	}
}

// TestMenuBatchOne: one card leaves the mission unpaid: the closing move is not legal yet, so it
// is not played, and the reply is the next decision.
func TestMenuBatchOne(t *testing.T) {
	tt := startToy(t, toyGame{cards: 4, harbours: 2, extras: true})
	pay := tt.press(0, buttonNamed(t, tt.yourMove(0), "Start a mission"))
	s := replySelects(pay)[0]
	r := tt.choose(0, s, s.Options[3].Value)
	if got := tt.moves(); !slices.Equal(got, []string{"mission", "pay C03"}) {
		t.Fatalf("moves = %q", got)
	}
	if len(replySelects(r)) != 1 || !strings.Contains(r.Content, "Your next decision") {
		t.Fatalf("after one card: %q %q", r.Content, labelsOf(r))
	}
}

// TestAutocompleteGroups: more than 25 moves are offered as their first-level groups; typing
// narrows to the moves; a group sent with /play opens the menu there.
func TestAutocompleteGroups(t *testing.T) {
	tt := startToy(t, toyGame{cards: 12, harbours: 3, extras: true})
	ac := func(typed string) []*discordgo.ApplicationCommandOptionChoice {
		r := tt.handle(Request{Kind: KindAutocomplete, UserID: tt.users[0], Command: "play", Focused: "move", Options: map[string]any{"move": typed}})
		if len(r.Choices) > 25 {
			t.Fatalf("%d choices", len(r.Choices))
		}
		return r.Choices
	}
	var names []string
	for _, c := range ac("") {
		names = append(names, c.Name)
	}
	if len(names) != 4 || names[0] != "Pass" || !strings.HasPrefix(names[1], "Ship … 33 moves") || !strings.HasPrefix(names[2], "Move … 6 moves") {
		t.Fatalf("groups = %q", names)
	}
	narrow := ac("ship pep")
	if len(narrow) != 3 || narrow[0].Name != "Ship pepper to Tidore" || narrow[0].Value != "ship C00 h0" {
		t.Fatalf("narrowed = %+v", narrow)
	}
	group := tt.cmd(tt.users[0], "play", "", map[string]any{"move": "Ship"})
	if len(replySelects(group)) == 0 || !strings.Contains(group.Content, "Which card") {
		t.Fatalf("/play Ship answered %q %q", group.Content, labelsOf(group))
	}
	played := tt.cmd(tt.users[0], "play", "", map[string]any{"move": narrow[1].Value.(string)})
	if !strings.HasPrefix(played.Content, "You played: Ship pepper to Ternate.") {
		t.Fatalf("/play answered %q", played.Content)
	}
	if other := ac(""); len(other) != 0 {
		t.Errorf("the player not to move got %d choices", len(other))
	}
}

// TestMenuSinglePickThen: moves picked one at a time (Multi with Max 1) are buttons like any
// move (identical cards once), and the closing move follows the pick when it is legal then.
func TestMenuSinglePickThen(t *testing.T) {
	tt := startToy(t, toyGame{cards: 4, harbours: 2, extras: true, payMax: 1})
	pay := tt.press(0, buttonNamed(t, tt.yourMove(0), "Start a mission"))
	if got := labelsOf(pay); !slices.Equal(got, []string{"pepper", "cloves", "ginger", undoLabel}) {
		t.Fatalf("single-pick payment step = %q (the mission may be taken back)", got)
	}
	r := tt.press(0, buttonNamed(t, pay, "ginger"))
	if got := tt.moves(); !slices.Equal(got, []string{"mission", "pay C03"}) {
		t.Fatalf("after one card: moves %q", got)
	}
	tt.press(0, buttonNamed(t, r, "cloves"))
	if got := tt.moves(); !slices.Equal(got, []string{"mission", "pay C03", "pay C02", "done"}) {
		t.Fatalf("after two cards: moves %q (the closing move follows when legal)", got)
	}
}

func (toyGame) Messages() fs.FS { return nil }
