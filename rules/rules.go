// Package rules is the contract every spicebot game implements, and the registry of games.
//
// A game is a Game value (what it is, how to set it up) that makes States. A State is plain data
// (exported, json-tagged structs) plus methods: who may act now, the legal moves of a seat, applying
// a move, per-seat views with hidden information removed, a per-seat redacted log and the outcome.
// json.Marshal(state) is the storage format; Game.Load reverses it.
//
// All randomness comes from the RNG stored inside the state, so New(players, options, seed)
// followed by the same moves always gives the same state: Replay relies on this.
//
// Text that names players (log lines, status sentences, move labels) refers to a seat with
// SeatRef ("{2}"); the bot and the renderer replace these references with player names. Every
// word a player reads is language-neutral: a catalogue message id with arguments (Msg), turned
// into English or French at the edge (package lang, Expand).
package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// Seat is a player's position at the table, from 0 to Players()-1 in turn order.
// Observer is the channel: someone who holds no private information.
type Seat int

// Observer is the viewer who sees only public information (the channel).
const Observer Seat = -1

// SeatRef is how rules text refers to a seat: "{2}" for seat 2. The bot replaces it with a name
// or a mention (see ExpandSeats).
func SeatRef(s Seat) string { return "{" + strconv.Itoa(int(s)) + "}" }

// Ref is how rules text refers to a component (a card, a harbour, a mission, a counter) by its
// id: "[[S12]]". Rules text keeps ids so that logs, tests and the leak check can see them; the
// presentation replaces each reference with the component's plain words (Game.Term, Expand), so
// that a player never reads an id.
func Ref(id string) string { return "[[" + id + "]]" }

// Expand makes rules text readable: the message markup (Msg) translated by tr, the seat
// references ("{2}", see SeatRef) replaced with seat(n) and the component references ("[[S12]]",
// see Ref) with term(id), itself translated by tr. A nil seat, term or tr leaves those parts as
// they are. Package lang's Localizer.Expand supplies tr for a language.
func Expand(text string, seat func(Seat) string, term func(id string) string, tr Translator) string {
	text = Translate(text, tr)
	if seat != nil {
		text = ExpandSeats(text, seat)
	}
	if term == nil || !strings.Contains(text, "[[") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, "[[")
		if i < 0 {
			break
		}
		j := strings.Index(text[i+2:], "]]")
		if j < 0 {
			break
		}
		b.WriteString(text[:i])
		b.WriteString(Translate(term(text[i+2:i+2+j]), tr))
		text = text[i+2+j+2:]
	}
	b.WriteString(text)
	return b.String()
}

// Step is one level of a move's decision path: the question asked at that level and the option
// that leads towards the move.
type Step struct {
	// Prompt is the question at this level, said to the player ("What do you do?", "Which card
	// do you ship?"). Moves whose paths agree above this level share its prompt.
	Prompt string `json:"prompt"`
	// Option is the plain words of the choice at this level, at most 80 characters once
	// expanded (a button's label): "Ship", "cinnamon ×2 · flags 🟨🟨🟨, below 🟩", "Tidore".
	Option string `json:"option"`
}

// Choice is how a legal move is offered to the seat that may make it. Its texts may hold seat
// and component references (SeatRef, Ref).
type Choice struct {
	// Label is the whole move in plain words, at most 100 characters once expanded, said to the
	// player: "Ship cinnamon ×2 · flags 🟨🟨🟨, below 🟩 to Tidore".
	Label string `json:"label"`
	// Path is the move's place in a short decision tree, first level first (action → card →
	// target); at least one step. Legal moves with equal paths are the same to the player (two
	// identical cards): a menu shows them once and plays the first.
	Path []Step `json:"path"`
	// Multi, when set, lets the player pick this move together with other moves of the same
	// seat whose paths agree except at the last level and which carry an equal Multi (cards
	// paid, played or discarded): the batch is applied in order, all or nothing (ApplyBatch).
	Multi *Multi `json:"multi,omitempty"`
	// Irreversible is set on a move that cannot be taken back: it reveals hidden information,
	// draws a card, rolls a die, or ends something for good. It is the game's own note (rulestest
	// checks that it covers every move after which Undoable is false); the menus do not read it:
	// what they warn of comes from the one undo rule, WouldUndo (undo.go, issue 26).
	Irreversible bool `json:"irreversible,omitempty"`
}

// Multi says how many options of a multi-pick level (Choice.Multi) may be picked together.
type Multi struct {
	// Min and Max bound the number of options picked in one batch (1 ≤ Min ≤ Max).
	Min int `json:"min"`
	Max int `json:"max"`
	// Then is the text of a move applied after the batch when it is legal then ("done" after
	// the cards played in a fight), or "".
	Then string `json:"then,omitempty"`
}

// ExpandSeats replaces every seat reference "{n}" in text with name(n). References to seats
// outside 0..99 and braces that are not references are left as they are.
func ExpandSeats(text string, name func(Seat) string) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] == '{' {
			if j := strings.IndexByte(text[i:], '}'); j > 1 && j <= 3 {
				if n, err := strconv.Atoi(text[i+1 : i+j]); err == nil && n >= 0 {
					b.WriteString(name(Seat(n)))
					i += j
					continue
				}
			}
		}
		b.WriteByte(text[i])
	}
	return b.String()
}

// Move is one action in a game. Each game defines its own comparable move type (a small struct).
// String returns the move's text form: short (at most 80 bytes), without spaces at either end,
// readable in logs and custom_ids ("ship S12 H03", "pick S40", "pass"), and parseable by the game's
// ParseMove back into an equal move.
type Move interface {
	String() string
}

// Option is a boolean game variant that a game may be created with (for example Borneo's
// "blackbeard" variant). Key is lower-case with hyphens so it can be a slash-command option name.
type Option struct {
	Key  string `json:"key"`
	Name string `json:"name"`
	// Help is one sentence describing the variant, with its rulebook section.
	Help string `json:"help"`
	// Players lists the player counts the option is allowed with; empty means every count.
	Players []int `json:"players,omitempty"`
}

// Options are the chosen variants, by Option.Key. A missing key is false.
type Options map[string]bool

// Topic is one section of a game's rules summary, shown by /rules.
type Topic struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Game describes one game and creates its states. Implementations are stateless values.
type Game interface {
	// ID is the stable lower-case identifier ("borneo"), stored with every saved game.
	ID() string
	// Name is the game's title ("Borneo").
	Name() string
	// Players returns the smallest and largest supported player counts.
	Players() (min, max int)
	// Options lists the variants the game supports, in a stable order.
	Options() []Option
	// New sets up a game for players seats with the chosen options, drawing every random choice
	// from an RNG seeded with seed. It returns an error if players is out of range or an option
	// is unknown or not allowed with that player count.
	New(players int, opts Options, seed uint64) (State, error)
	// Load rebuilds a state from json.Marshal of a state of this game.
	Load(data []byte) (State, error)
	// ParseMove reads a move's text form. It returns an *IllegalMoveError when the text is not a
	// move of this game. A parsed move may still be illegal in a given state.
	ParseMove(text string) (Move, error)
	// Rules returns a short rules summary, one topic per section, in reading order.
	Rules() []Topic
	// Term returns the plain words printed on the component whose id is id ("Tidore",
	// "cinnamon ×2 · flags 🟨🟨🟨, below 🟩", "Mission: three pepper (6)"), as a player would name it, for
	// the component references (Ref) in rules text. Words that are not proper nouns are written
	// with Msg, so that they are translated. It returns "" for an unknown id.
	Term(id string) string
	// Messages returns the game's message catalogues (issue 13): files
	// "messages/<id>.en.yaml" and "messages/<id>.fr.yaml" (go-i18n YAML, every message id
	// starting with the game's ID and a dot), usually the package's embedded messages directory;
	// they hold every Msg the game's rules and its drawer use (package lang). Nil: no catalogue.
	Messages() fs.FS
}

// State is one game in progress or finished. Methods other than Apply never change it and never
// draw from its RNG. A State is not safe for concurrent use.
type State interface {
	// Players is the number of seats.
	Players() int
	// Version counts the moves applied since setup (0 after New).
	Version() int
	// Active returns the seats that are expected to act now, in the order they should be asked.
	// It is public: during a simultaneous secret step it lists every seat taking part, including
	// those that have already acted, so it never reveals who has acted. Empty when the game is over.
	Active() []Seat
	// Status is one public sentence saying what the game waits for, with seats as SeatRef
	// ("{1} must defend the first place in yellow against {0}.", "Waiting for 2 players to register goods.").
	Status() string
	// Legal lists every move seat may make now, in a stable order. It is empty for a seat that
	// has nothing to do (and always for Observer).
	Legal(seat Seat) []Move
	// Describe says how a legal move of seat is offered to that player: its plain-words label,
	// its place in the decision path, and whether it may be picked with others or cannot be taken
	// back. It names only what seat may know. See Choice.
	Describe(seat Seat, m Move) Choice
	// TurnNumber is the number of the current turn as players count them, from 1: sub-steps of one
	// turn (payments, picks, fight cards, bids) do not advance it.
	TurnNumber() int
	// Apply makes seat play m, then runs every automatic step that follows. If m is not in
	// Legal(seat) it returns an *IllegalMoveError and leaves the state unchanged.
	Apply(seat Seat, m Move) error
	// View returns what viewer may see, as a game-specific struct (never the state itself).
	// View(Observer) is the public view. Cards are named by their ids ("S12") so that the
	// leak check can find them.
	View(viewer Seat) any
	// Private is a short text summary of what only seat knows (its hand, its secret goods),
	// sent by DM when it changes. Empty for Observer.
	Private(seat Seat) string
	// Log returns the game's log as viewer may read it, oldest first.
	Log(viewer Seat) []LogEntry
	// Hidden lists the ids of every card viewer may not see now (other hands, the decks, secret
	// goods). Used by the leak check; nothing shown to viewer may contain one of them.
	Hidden(viewer Seat) []string
	// Outcome returns the result once the game is over, and false while it is running.
	Outcome() (Outcome, bool)
	// Undoable reports whether the last applied move may be taken back (issue 11 undo policy, that
	// of BGA and Rally the Troops): it drew, revealed or rolled nothing — no hidden information
	// became known to anyone (the mover drawing a card included) and the game's RNG made no choice
	// that anybody can tell; and it did not end the game (the result is final once announced).
	// False for a new state. Survives the JSON round-trip. Each game's package doc lists its
	// rulings (which moves are undoable). Describe marks Irreversible every move after which
	// Undoable is false (rulestest checks it), and maybe more. An action (a move or a batch) is
	// judged by PlayAction (undo.go): the one rule behind a menu's warning, the Undo button and
	// the undo itself.
	Undoable() bool
	// Determinize returns a new state that viewer cannot tell apart from this one: everything
	// hidden from viewer (other seats' hands, deck orders, face-down cards, hidden counts, the
	// RNG's future) re-drawn at random from seed, consistent with what viewer has seen. viewer's
	// View, Private, Log and Legal moves, and Active, Status, Version and TurnNumber, are those of
	// the receiver; log lines private to other seats read as their public text. The result
	// depends only on what viewer knows and on seed (two states viewer cannot tell apart give
	// equal results for equal seeds), never on the hidden order. The receiver is not changed and
	// shares no memory with the result, which may be played on. Observer is a valid viewer. Used
	// by AI players (ISMCTS determinization).
	Determinize(viewer Seat, seed uint64) State
}

// BatchDescriber may be implemented by a State whose batches read better as one phrase than as
// the list of their moves' labels: identical cards picked together ("Lay out 3 British ships",
// not "Lay out a British ship, Lay out a British ship, …"; issue 26). DescribeBatch returns the
// batch seat would play (or played) from this state as rules text, or "" to use the moves'
// labels.
type BatchDescriber interface {
	DescribeBatch(seat Seat, moves []Move) string
}

// Outcome is a finished game's result.
type Outcome struct {
	// Scores has one entry per seat, in victory points.
	Scores []int `json:"scores"`
	// Winners are the seats that won; several on a shared victory.
	Winners []Seat `json:"winners"`
	// TieBreak says which tie-break decided the winner, or is empty if none was needed.
	TieBreak string `json:"tie_break,omitempty"`
	// Details has one public line per seat explaining its score, in seat order.
	Details []string `json:"details,omitempty"`
	// Recap is a few public lines recalling the game for the results message (the biggest
	// shipment, the most missions …), in the game's own terms; may be empty. Like every rules
	// text it uses SeatRef and Ref.
	Recap []string `json:"recap,omitempty"`
}

// IllegalMoveError is returned for a move that is not legal now. Reason is a sentence a player can
// read ("You must keep at least one card in hand."); it never names hidden information.
type IllegalMoveError struct {
	Move   string
	Reason string
}

func (e *IllegalMoveError) Error() string {
	if e.Move == "" {
		return "illegal move: " + e.Reason // lang:ok: the error for logs; players read Reason
	}
	return fmt.Sprintf("illegal move %q: %s", e.Move, e.Reason) // lang:ok
}

// Illegal returns an *IllegalMoveError for move with a reason built like fmt.Sprintf.
func Illegal(move Move, format string, args ...any) error {
	text := ""
	if move != nil {
		text = move.String()
	}
	return &IllegalMoveError{Move: text, Reason: fmt.Sprintf(format, args...)}
}

// Reason returns the player-readable reason of an *IllegalMoveError in err's chain, and "" if
// there is none.
func Reason(err error) string {
	var im *IllegalMoveError
	if errors.As(err, &im) {
		return im.Reason
	}
	return ""
}

// LogEntry is one line of a game's log, already redacted for the viewer it was produced for.
type LogEntry struct {
	// Version is the state's version after the move that produced the entry.
	Version int `json:"v"`
	// Text uses SeatRef for players.
	Text string `json:"text"`
}

// Log is the log a game keeps in its state: each line has a public text and, optionally, a
// private text that replaces it for the seats in To. Games embed it in their state.
type Log struct {
	Lines []LogLine `json:"lines"`
}

// Redact returns a copy of the log as kept in a state that viewer cannot tell apart from this
// one (State.Determinize): lines private to viewer are kept whole; the private text of a line for
// other seats is dropped, so that every seat reads its public text. The copy shares no memory
// with l.
func (l *Log) Redact(viewer Seat) Log {
	out := Log{Lines: make([]LogLine, len(l.Lines))}
	copy(out.Lines, l.Lines)
	for i := range out.Lines {
		ln := &out.Lines[i]
		if len(ln.To) == 0 {
			continue
		}
		mine := false
		for _, s := range ln.To {
			if s == viewer && viewer != Observer {
				mine = true
			}
		}
		if mine {
			if len(ln.To) > 1 {
				ln.To = []Seat{viewer}
			}
		} else {
			ln.Private, ln.To = "", nil
		}
	}
	return out
}

// LogLine is one stored log line; see Log.
type LogLine struct {
	Version int    `json:"v"`
	Public  string `json:"pub"`
	Private string `json:"priv,omitempty"`
	To      []Seat `json:"to,omitempty"`
}

// Add appends a public line.
func (l *Log) Add(version int, format string, args ...any) {
	l.Lines = append(l.Lines, LogLine{Version: version, Public: fmt.Sprintf(format, args...)})
}

// AddPrivate appends a line whose text is private for the seats in to and public elsewhere.
func (l *Log) AddPrivate(version int, public, private string, to ...Seat) {
	l.Lines = append(l.Lines, LogLine{Version: version, Public: public, Private: private, To: to})
}

// For returns the log as viewer may read it.
func (l *Log) For(viewer Seat) []LogEntry {
	out := make([]LogEntry, 0, len(l.Lines))
	for _, ln := range l.Lines {
		text := ln.Public
		for _, s := range ln.To {
			if s == viewer && viewer != Observer {
				text = ln.Private
			}
		}
		if text != "" {
			out = append(out, LogEntry{Version: ln.Version, Text: text})
		}
	}
	return out
}

// Record is one stored move: who played it and its text form.
type Record struct {
	Seat Seat   `json:"seat"`
	Move string `json:"move"`
}

// Replay rebuilds a game from its setup and its moves. It returns an error naming the first move
// that does not parse or is not legal.
func Replay(g Game, players int, opts Options, seed uint64, moves []Record) (State, error) {
	st, err := g.New(players, opts, seed)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", g.ID(), err)
	}
	for i, r := range moves {
		m, err := g.ParseMove(r.Move)
		if err != nil {
			return nil, fmt.Errorf("replay %s move %d %q: %w", g.ID(), i+1, r.Move, err)
		}
		if err := st.Apply(r.Seat, m); err != nil {
			return nil, fmt.Errorf("replay %s move %d %q by seat %d: %w", g.ID(), i+1, r.Move, r.Seat, err)
		}
	}
	return st, nil
}

// ApplyBatch plays moves for seat one after another on a copy of st, followed by then when then is
// not "" and is legal after them, and returns the copy: a batch picked in one multi-select
// (Choice.Multi). If any move is illegal it returns that move's error (an *IllegalMoveError when
// the move is illegal) and st is unchanged: a move that is no longer legal once the earlier ones
// are applied (the seat's decision is over) fails the batch too. The returned records are the
// moves applied, in order.
func ApplyBatch(g Game, st State, seat Seat, moves []Move, then string) (State, []Record, error) {
	cp, recs, _, err := ApplyAction(g, st, seat, moves, then)
	return cp, recs, err
}

// FindLegal returns the move in Legal(seat) whose text equals m's, or false. Games use it in Apply
// to check a move against the one source of legal moves.
func FindLegal(st State, seat Seat, m Move) (Move, bool) {
	text := m.String()
	for _, l := range st.Legal(seat) {
		if l.String() == text {
			return l, true
		}
	}
	return nil, false
}

// CheckNew validates the arguments of g.New: players must be a table size g takes (0 and
// negative counts included: there is no game of nobody) and opts must pass CheckOptions for it.
// Every game's New starts with it, so New returns this error rather than panicking.
func CheckNew(g Game, players int, opts Options) error {
	if min, max := g.Players(); players < min || players > max {
		return fmt.Errorf("%s takes %d to %d players, not %d", g.Name(), min, max, players)
	}
	return CheckOptions(g, players, opts)
}

// CheckOptions validates opts against g's options for a player count. It returns an error naming
// an unknown option or one not allowed with players seats. players 0 stands for a table size not
// chosen yet: then only the option keys are checked.
func CheckOptions(g Game, players int, opts Options) error {
	min, max := g.Players()
	if players != 0 && (players < min || players > max) {
		return fmt.Errorf("%s takes %d to %d players, not %d", g.Name(), min, max, players)
	}
	for key, on := range opts {
		var found *Option
		for _, o := range g.Options() {
			if o.Key == key {
				o := o
				found = &o
			}
		}
		if found == nil {
			return fmt.Errorf("%s has no option %q", g.Name(), key)
		}
		if on && players != 0 && len(found.Players) > 0 && !containsInt(found.Players, players) {
			return fmt.Errorf("option %q of %s needs %s players", key, g.Name(), joinInts(found.Players))
		}
	}
	return nil
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " or ")
}

// Marshal returns the storage form of a state (json.Marshal), wrapping the error with context.
func Marshal(st State) ([]byte, error) {
	b, err := json.Marshal(st)
	if err != nil {
		return nil, fmt.Errorf("marshal state: %w", err)
	}
	return b, nil
}
