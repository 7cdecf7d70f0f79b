package commands

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/rules"
)

// A player's view across games (issue 11, item 7): /mygames lists the caller's games in every
// channel, /game history gives a game's whole public log and /game export a finished game as a
// JSON file that `spicebot sim --replay FILE` replays to the same final state.

// UndoStore is the storage of undo, replacement and the views across games; *data.Store
// implements it (data/undo.go, data/events.go).
type UndoStore interface {
	Undo(ctx context.Context, gameID int64, prevVersion, n int, userID string, state []byte, event data.Event, outbox []data.OutboxItem) ([]data.OutboxItem, error)
	ReplaceSeat(ctx context.Context, gameID int64, seat int, oldUserID, newUserID, newName string, event data.Event, outbox []data.OutboxItem) ([]data.OutboxItem, error)
	TakeVotedSeat(ctx context.Context, voteID, gameID int64, seat int, oldUserID, newUserID, newName string, event data.Event, outbox []data.OutboxItem) ([]data.OutboxItem, error)
	GamesOf(ctx context.Context, userID string) ([]data.PlayerGame, error)
	LastFinished(ctx context.Context, channelID string) (data.Game, []data.Seat, error)
	Events(ctx context.Context, gameID int64) ([]data.Event, error)
}

// File is a file attached to a reply: a long log as text, an export as JSON.
type File struct {
	// Name is the file name shown in Discord ("history.txt").
	Name string
	// ContentType is its MIME type ("text/plain; charset=utf-8").
	ContentType string
	// Data is its content.
	Data []byte
}

// ResolvedUser is a user picked in a command's user option, as Discord resolved it.
type ResolvedUser struct {
	// Name is the name to show (guild nickname, global name or username).
	Name string
	// Bot is true for a bot account.
	Bot bool
}

// Deadlines tells when a seat's current decision is due: the pace layer's clock. ok is false
// when the seat has no deadline (a live game, or a seat that is not acting).
type Deadlines interface {
	Deadline(ctx context.Context, gameID int64, seat rules.Seat) (due time.Time, ok bool, err error)
}

// SetDeadlines wires the pace layer's clock into /mygames (nil: no deadlines shown).
func (s *Service) SetDeadlines(d Deadlines) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deadlines = d
}

// myGamesMax is how many games /mygames lists in each part before "… and n more".
const myGamesMax = 12

// myGames answers /mygames: the caller's unfinished games in every channel, ephemeral — the ones
// waiting on the caller first (with their deadlines when the game has a clock), then the others
// with whose turn it is, then the lobbies, each with a jump link to its board or lobby. Only
// public information and the caller's own decisions are shown.
func (s *Service) myGames(ctx context.Context, req Request) (Reply, error) {
	games, err := s.store.GamesOf(ctx, req.UserID)
	if err != nil {
		return Reply{}, err
	}
	s.mu.Lock()
	dl := s.deadlines
	s.mu.Unlock()
	// The lines are made in the caller's language here (the reply is theirs alone), so that
	// what fits in Discord's 2000 characters is measured on the text they read.
	loc := s.userLang(ctx, req.UserID, req.Locale)
	var mine, others, lobbies []string
	for _, pg := range games {
		g, ok := s.reg.Get(pg.Game.Game)
		if !ok {
			continue
		}
		l := &loaded{row: pg.Game, seats: pg.Seats, game: g}
		where := rules.Msg("commands.across.where", "Game", s.gameNameMsg(g), "Channel", pg.ChannelID)
		if pg.Status == data.StatusLobby {
			link := l.jumpLink()
			if pg.LobbyMessageID != "" {
				link = "https://discord.com/channels/" + guildOr(pg.GuildID) + "/" + pg.ChannelID + "/" + pg.LobbyMessageID
			}
			lobbies = append(lobbies, "• "+loc.T("commands.across.lobby", "Where", where, "Count", len(pg.Seats), "Link", link))
			continue
		}
		st, err := g.Load(pg.State)
		if err != nil {
			// One unreadable game does not hide the others.
			s.log.ErrorContext(ctx, "/mygames: load state", "game", pg.ID, "err", err)
			continue
		}
		l.st = st
		seat, ok := l.seatOf(req.UserID)
		if !ok {
			continue
		}
		head := "• " + rules.Msg("commands.across.turn", "Where", where, "Turn", st.TurnNumber())
		link := " · " + rules.Msg("commands.across.board", "Link", l.jumpLink())
		if sis, err := s.store.StandIns(ctx, pg.ID); err != nil {
			s.log.ErrorContext(ctx, "/mygames: stand-ins", "game", pg.ID, "err", err)
		} else if slices.ContainsFunc(sis, func(si data.StandIn) bool { return si.Seat == int(seat) }) {
			link = " · " + rules.Msg("commands.across.standin") + link
		}
		if len(st.Legal(seat)) > 0 {
			line := head + " — " + rules.Msg("commands.across.decision")
			if dl != nil {
				due, ok, err := dl.Deadline(ctx, pg.ID, seat)
				if err != nil {
					s.log.ErrorContext(ctx, "/mygames: deadline", "game", pg.ID, "err", err)
				}
				if ok && err == nil {
					line += ", " + rules.Msg("commands.across.due", "When", fmt.Sprintf("<t:%d:R> (<t:%d:f>)", due.Unix(), due.Unix()))
				}
			}
			mine = append(mine, loc.Text(line+link))
			continue
		}
		others = append(others, loc.Text(head+" — "+l.expand(st.Status(), nil)+link))
	}
	if len(mine)+len(others)+len(lobbies) == 0 {
		return ephemeral(rules.Msg("commands.across.none")), nil
	}
	// Within Discord's 2000 characters: each part lists what fits, then says how many more.
	var b strings.Builder
	part := func(title string, lines []string) {
		if len(lines) == 0 {
			return
		}
		b.WriteString("**" + title + "**\n")
		for i, ln := range lines {
			if i == myGamesMax || b.Len()+len(ln) > 1900 {
				b.WriteString(loc.T("commands.across.more", "Count", len(lines)-i) + "\n")
				break
			}
			b.WriteString(ln + "\n")
		}
	}
	part(loc.T("commands.across.part.mine", "Count", len(mine)), mine)
	part(loc.T("commands.across.part.others", "Count", len(others)), others)
	part(loc.T("commands.across.part.lobbies", "Count", len(lobbies)), lobbies)
	return ephemeral(truncate(strings.TrimSpace(b.String()), 2000)), nil
}

func guildOr(guild string) string {
	if guild == "" {
		return "@me"
	}
	return guild
}

// loadRecord loads the game /game history and /game export are about: the channel's game being
// played, or else the last game that finished in the channel. A non-nil reply refuses.
func (s *Service) loadRecord(ctx context.Context, req Request) (*loaded, *Reply, error) {
	l, err := s.load(ctx, req.ChannelID, 0)
	switch {
	case err == nil && l.st != nil:
		return l, nil, nil
	case err != nil && !errors.Is(err, data.ErrNoGame):
		return nil, nil, err
	}
	row, _, err := s.store.LastFinished(ctx, req.ChannelID)
	if errors.Is(err, data.ErrNoGame) {
		r := ephemeral(rules.Msg("commands.across.no-record"))
		return nil, &r, nil
	}
	if err != nil {
		return nil, nil, err
	}
	l, err = s.load(ctx, "", row.ID)
	if err != nil {
		return nil, nil, err
	}
	return l, nil, nil
}

// logLine is one line of a game's public record: a log entry of the state or a game event.
type logLine struct {
	version int
	text    string // rules text: SeatRef, Ref and <@user> mentions
	event   bool
}

// publicRecord merges the state's log as viewer may read it with the game's events (undo,
// replacement, votes …): an event recorded at version v comes after every log entry of a version
// up to v.
func (l *loaded) publicRecord(viewer rules.Seat, events []data.Event) []logLine {
	var out []logLine
	entries := l.st.Log(viewer)
	i := 0
	for _, e := range events {
		for i < len(entries) && entries[i].Version <= e.Version {
			out = append(out, logLine{version: entries[i].Version, text: entries[i].Text})
			i++
		}
		out = append(out, logLine{version: e.Version, text: e.Text, event: true})
	}
	for ; i < len(entries); i++ {
		out = append(out, logLine{version: entries[i].Version, text: entries[i].Text})
	}
	return out
}

// mentionPattern is a user mention in event text.
var mentionPattern = regexp.MustCompile(`<@!?(\d+|[A-Za-z0-9_:.-]+)>`)

// plainText expands rules text for a file, in loc's language: names without Markdown, and user
// mentions replaced by the seated player's name (or "a former player").
func (l *loaded) plainText(text string, loc *lang.Localizer) string {
	names := l.names()
	text = loc.Expand(text, func(s rules.Seat) string {
		if int(s) >= 0 && int(s) < len(names) {
			return names[s]
		}
		return loc.T("commands.across.someone")
	}, func(id string) string { return loc.Text(l.game.Term(id)) })
	return mentionPattern.ReplaceAllStringFunc(text, func(m string) string {
		id := mentionPattern.FindStringSubmatch(m)[1]
		for _, st := range l.seats {
			if st.UserID == id {
				return st.Name
			}
		}
		return loc.T("commands.across.former-player")
	})
}

// history answers /game history: the whole public log of the channel's game (or of the last one
// that finished here), with the game's events, posted in the channel — as a message when it is
// short, else as a text file.
func (s *Service) history(ctx context.Context, req Request) (Reply, error) {
	l, stop, err := s.loadRecord(ctx, req)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	events, err := s.store.Events(ctx, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	moves, err := s.store.Moves(ctx, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	at := map[int]time.Time{}
	for _, m := range moves {
		at[m.Seq] = m.At
	}
	lines := l.publicRecord(rules.Observer, events)
	// A public post: made in the channel's language here, so that its length is measured on the
	// text the channel reads (a message when it fits, else a file).
	loc := s.channelLang(ctx, req.ChannelID)
	game := s.gameNameMsg(l.game)
	state := rules.Msg("commands.across.state.playing")
	if _, over := l.st.Outcome(); over {
		state = rules.Msg("commands.across.state.finished")
	}
	head := loc.T("commands.across.history-head", "Game", game, "State", state, "Count", len(lines))
	var msg strings.Builder
	msg.WriteString(head + "\n")
	for _, ln := range lines {
		msg.WriteString("• " + loc.Text(l.expand(ln.text, nil)) + "\n")
	}
	if len(lines) == 0 {
		return Reply{Type: ReplyMessage, Content: rules.Msg("commands.across.history-empty", "Game", game)}, nil
	}
	if msg.Len() <= 2000 {
		return Reply{Type: ReplyMessage, Content: strings.TrimSpace(msg.String())}, nil
	}
	var f strings.Builder
	f.WriteString(loc.T("commands.across.file-head", "Game", game, "State", state,
		"Started", l.row.CreatedAt.UTC().Format("2006-01-02 15:04 UTC"), "Players", rules.Plain(strings.Join(l.names(), ", "))) + "\n\n")
	for _, ln := range lines {
		stamp := "                    "
		if t, ok := at[ln.version]; ok && !ln.event {
			stamp = t.UTC().Format("2006-01-02 15:04 UTC")
		}
		fmt.Fprintf(&f, "%s  %s\n", stamp, l.plainText(ln.text, loc))
	}
	return Reply{Type: ReplyMessage, Content: loc.T("commands.across.history-attached", "Head", head),
		File: &File{Name: l.game.ID() + "-history.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(f.String())}}, nil
}

// ExportFormat is the format name of an export file.
const ExportFormat = "spicebot-export/1"

// Export is a finished game as `/game export` writes it and `spicebot sim --replay` reads it:
// the setup (game, variants, seats, seed) and every move with who made it and when, enough for
// rules.Replay to rebuild the final state, which Final identifies. Moves that were taken back
// (undo) are not part of the game: only their events are listed.
type Export struct {
	// Format is ExportFormat.
	Format string `json:"format"`
	// Game is the rules game id ("borneo") and Title its name.
	Game  string `json:"game"`
	Title string `json:"title"`
	// Options are the variants switched on.
	Options rules.Options `json:"options,omitempty"`
	// Players is the number of seats.
	Players int `json:"players"`
	// Seed is the setup seed, a decimal uint64 (a string, so that no JSON reader rounds it).
	Seed string `json:"seed"`
	// Seats are the players by seat (display names; no Discord ids).
	Seats []ExportSeat `json:"seats"`
	// Started is when the game's lobby opened.
	Started time.Time `json:"started"`
	// Moves are the moves in order: Seq is the version after the move.
	Moves []ExportMove `json:"moves"`
	// Events are the game's events (undo, replacement, votes …), public sentences.
	Events []ExportEvent `json:"events,omitempty"`
	// Final identifies the state after the last move.
	Final ExportFinal `json:"final"`
}

// ExportSeat is one seat of an export.
type ExportSeat struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
}

// ExportMove is one move of an export.
type ExportMove struct {
	Seq  int       `json:"seq"`
	Seat int       `json:"seat"`
	Move string    `json:"move"`
	At   time.Time `json:"at"`
}

// ExportEvent is one game event of an export, in the order they happened (its text in plain
// words, players by name).
type ExportEvent struct {
	Version int       `json:"version"`
	At      time.Time `json:"at"`
	Kind    string    `json:"kind"`
	Text    string    `json:"text"`
}

// ExportFinal identifies a final state: its version, the SHA-256 of its JSON (rules.Marshal) in
// hex, and the result.
type ExportFinal struct {
	Version     int          `json:"version"`
	StateSHA256 string       `json:"state_sha256"`
	Winners     []rules.Seat `json:"winners"`
	Scores      []int        `json:"scores"`
}

// StateHash is the hex SHA-256 of rules.Marshal(st).
func StateHash(st rules.State) (string, error) {
	b, err := rules.Marshal(st)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// ReadExport decodes an export file. It returns an error for JSON that is not an export of this
// format.
func ReadExport(b []byte) (Export, error) {
	var e Export
	if err := json.Unmarshal(b, &e); err != nil {
		return Export{}, fmt.Errorf("read export: %w", err)
	}
	if e.Format != ExportFormat {
		return Export{}, fmt.Errorf("read export: format %q, want %q", e.Format, ExportFormat)
	}
	return e, nil
}

// Replay rebuilds the export's final state with rules.Replay from its setup and moves, and checks
// it against Final (version and state hash). Errors: an unknown game, a bad seed, a move that
// does not replay, or a final state that differs from the one exported.
func (e Export) Replay(reg *rules.Registry) (rules.State, error) {
	g, ok := reg.Get(e.Game)
	if !ok {
		return nil, fmt.Errorf("replay: unknown game %q", e.Game)
	}
	seed, err := strconv.ParseUint(e.Seed, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("replay: bad seed %q", e.Seed)
	}
	recs := make([]rules.Record, len(e.Moves))
	for i, m := range e.Moves {
		recs[i] = rules.Record{Seat: rules.Seat(m.Seat), Move: m.Move}
	}
	st, err := rules.Replay(g, e.Players, e.Options, seed, recs)
	if err != nil {
		return nil, err
	}
	if st.Version() != e.Final.Version {
		return st, fmt.Errorf("replay: final version %d, the export says %d", st.Version(), e.Final.Version)
	}
	h, err := StateHash(st)
	if err != nil {
		return nil, err
	}
	if h != e.Final.StateSHA256 {
		return st, fmt.Errorf("replay: the final state differs from the exported one (hash %s, export %s)", h[:12], e.Final.StateSHA256)
	}
	return st, nil
}

// export answers /game export: the channel's last finished game as a JSON file (Export), even
// while a newer game is played here. An unfinished game is never exported: its seed and moves
// would reveal every hidden card and the order of the decks; /game history gives its public log.
func (s *Service) export(ctx context.Context, req Request) (Reply, error) {
	row, _, err := s.store.LastFinished(ctx, req.ChannelID)
	if errors.Is(err, data.ErrNoGame) {
		return ephemeral(rules.Msg("commands.across.export-none")), nil
	}
	if err != nil {
		return Reply{}, err
	}
	l, err := s.load(ctx, "", row.ID)
	if err != nil {
		return Reply{}, err
	}
	out, over := l.st.Outcome()
	if !over {
		return Reply{}, fmt.Errorf("export: game %d is stored as finished but its state is not over", row.ID)
	}
	e, err := s.buildExport(ctx, l, out, s.userLang(ctx, req.UserID, req.Locale))
	if err != nil {
		return Reply{}, err
	}
	b, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return Reply{}, fmt.Errorf("encode export: %w", err)
	}
	return Reply{Type: ReplyMessage, Ephemeral: true,
		Content: rules.Msg("commands.across.export", "Game", s.gameNameMsg(l.game), "When", fmt.Sprintf("<t:%d:R>", l.row.UpdatedAt.Unix()), "Count", len(e.Moves)),
		File:    &File{Name: fmt.Sprintf("%s-%d.json", l.game.ID(), l.row.ID), ContentType: "application/json", Data: b}}, nil
}

// buildExport makes the export of a finished game, its events' texts in loc's language.
func (s *Service) buildExport(ctx context.Context, l *loaded, out rules.Outcome, loc *lang.Localizer) (Export, error) {
	moves, err := s.store.Moves(ctx, l.row.ID)
	if err != nil {
		return Export{}, err
	}
	events, err := s.store.Events(ctx, l.row.ID)
	if err != nil {
		return Export{}, err
	}
	h, err := StateHash(l.st)
	if err != nil {
		return Export{}, err
	}
	e := Export{Format: ExportFormat, Game: l.game.ID(), Title: l.game.Name(), Options: l.row.Options,
		Players: l.st.Players(), Seed: strconv.FormatUint(l.row.Seed, 10), Started: l.row.CreatedAt.UTC(),
		Final: ExportFinal{Version: l.st.Version(), StateSHA256: h, Winners: out.Winners, Scores: out.Scores}}
	for i, n := range l.names() {
		e.Seats = append(e.Seats, ExportSeat{Seat: i, Name: n})
	}
	for _, m := range moves {
		e.Moves = append(e.Moves, ExportMove{Seq: m.Seq, Seat: m.Seat, Move: m.Move, At: m.At.UTC()})
	}
	for _, ev := range events {
		e.Events = append(e.Events, ExportEvent{Version: ev.Version, At: ev.At.UTC(), Kind: ev.Kind, Text: l.plainText(ev.Text, loc)})
	}
	return e, nil
}
