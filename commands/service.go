// Package commands turns Discord interactions into replies: the slash-command definitions, the
// router, the custom_id codec, the lobby, and the generic move UI (autocomplete, decision menus)
// built from each game's Legal moves and their Describe paths. It works for every registered game
// with no per-game code.
//
// The decision menu (decide.go) walks a seat's decision tree in one ephemeral message updated in
// place, skipping levels with a single option, with a Back button. Layout, first rule that
// applies: options that may be picked together (Multi) are one multi-select, played with
// rules.ApplyBatch as one transaction; options that each lead to at most 4 final moves and fit in
// 5 rows are a grid (a disabled label button, then the moves); at most 5 options are buttons,
// except that an option whose own level would take more than one tap becomes a select of every
// move below it (≤ 25), each labelled in full; more options are selects of the moves below
// (≤ 100, labelled in full) or of the options (paged). Confirmation: an Irreversible move is
// played by the tap that picks it when that component shows the move's whole label (a select
// option, or a button whose move the message spells out) and the message says it can't be taken
// back; a grid cell shows only the last level, so it asks one confirmation first. Taps for a
// Borneo shipment among other actions: "Your move", open "Ship …", pick = 3.
//
// It knows nothing of discordgo sessions: a Request is a plain description of an interaction and
// a Reply a plain description of the answer; package bot turns one into the other. Storage is
// reached through the Store interface (satisfied by *data.Store).
package commands

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/rules"
)

// Store is the storage the commands need; *data.Store implements it.
type Store interface {
	SeeLocales(ctx context.Context, userID, locale, channelID, guildLocale string) error
	UserLocale(ctx context.Context, userID string) (string, error)
	ChannelLanguage(ctx context.Context, channelID string) (data.ChannelLanguage, error)
	SetChannelLanguage(ctx context.Context, channelID, language string) error
	CreateLobby(ctx context.Context, g data.Game, creator data.Seat) (data.Game, error)
	Current(ctx context.Context, channelID string) (data.Game, []data.Seat, error)
	GameByID(ctx context.Context, id int64) (data.Game, []data.Seat, error)
	Join(ctx context.Context, gameID int64, seat data.Seat) error
	Leave(ctx context.Context, gameID int64, userID string) error
	Start(ctx context.Context, gameID int64, order []string, seed uint64, state []byte, version int) error
	CommitMove(ctx context.Context, gameID int64, prevVersion int, m data.Move, state []byte, version int,
		status data.Status, outbox []data.OutboxItem) ([]data.OutboxItem, error)
	CommitMoves(ctx context.Context, gameID int64, prevVersion int, ms []data.Move, state []byte, version int,
		status data.Status, outbox []data.OutboxItem) ([]data.OutboxItem, error)
	Cancel(ctx context.Context, gameID int64) error
	Moves(ctx context.Context, gameID int64) ([]data.Move, error)
	Enqueue(ctx context.Context, items ...data.OutboxItem) ([]data.OutboxItem, error)
	Latest(ctx context.Context, channelID string) (data.Game, []data.Seat, error)
	SeatAll(ctx context.Context, gameID int64, seats []data.Seat) error
	SetCreator(ctx context.Context, gameID int64, userID string) error
	ExpireLobbies(ctx context.Context, before time.Time, notice func(data.Game) []data.OutboxItem) ([]data.Game, error)
	Settings(ctx context.Context, userID string) (data.UserSettings, error)
	SetSettings(ctx context.Context, userID string, set data.UserSettings) error
	// Undo, replacement and the views across games (across.go).
	UndoStore
	// AI stand-ins (bots.go).
	StandIns(ctx context.Context, gameID int64) ([]data.StandIn, error)
	SetStandIn(ctx context.Context, gameID int64, seat int, why string) (bool, error)
	ClearStandIn(ctx context.Context, gameID int64, seat int) (bool, error)
}

// Kind is the kind of interaction a Request describes.
type Kind int

// The interaction kinds.
const (
	KindCommand      Kind = iota + 1 // a slash command
	KindAutocomplete                 // autocomplete of a slash-command option
	KindComponent                    // a button or select menu
)

// Request is one interaction, stripped to what the handlers need.
type Request struct {
	Kind      Kind
	GuildID   string
	ChannelID string
	UserID    string
	// UserName is the name shown for the user (guild nickname, global name or username).
	UserName string
	// CanManage is true if the member has the Manage Channels permission in the channel.
	CanManage bool
	// Command and Sub are the slash command and subcommand names ("game", "new"). Group is the
	// subcommand group, if any: "/game new borneo" has Command "game", Group "new", Sub "borneo".
	Command string
	Group   string
	Sub     string
	// AppPermissions are the bot's permission bits in the channel (the interaction's
	// app_permissions); 0 when unknown, and then not checked.
	AppPermissions int64
	// Channel is what kind of channel the interaction came from, when the bot looked (/game new).
	Channel ChannelKind
	// Locale is the user's client locale ("en-US", "fr"; the interaction's locale), or "".
	Locale string
	// OnEphemeral is true when the component pressed is on an ephemeral message (the interaction
	// message's flags): a ReplyUpdate of it is made in the user's language, not the channel's.
	OnEphemeral bool
	// GuildLocale is the server's preferred locale (the interaction's guild_locale), or "" in DMs.
	// Public posts use it unless the channel has its own language (/settings language).
	GuildLocale string
	// Options are the command options by name: string, int64 or bool values.
	Options map[string]any
	// Focused is the option being typed in an autocomplete.
	Focused string
	// CustomID and Values are a component's custom_id and selected values.
	CustomID string
	Values   []string
	// Users are the users picked in user options, by id, as Discord resolved them (/game replace).
	Users map[string]ResolvedUser
}

// ReplyType says how a Reply answers its interaction.
type ReplyType int

// The reply types.
const (
	// ReplyMessage answers with a new message (ephemeral or public).
	ReplyMessage ReplyType = iota + 1
	// ReplyUpdate replaces the message the component is on.
	ReplyUpdate
	// ReplyChoices answers an autocomplete.
	ReplyChoices
)

// Reply is the answer to one interaction. Package bot sends it; if Image is set it acknowledges
// first (deferred), renders the image and then edits the response.
type Reply struct {
	Type       ReplyType
	Ephemeral  bool
	Content    string
	Components []discordgo.MessageComponent
	Choices    []*discordgo.ApplicationCommandOptionChoice
	// Image, when set, is rendered and attached to the reply.
	Image *Image
	// Mentions are the user ids the content may ping.
	Mentions []string
	// Nudge is set when the reply queued outbox items (a board post, DMs) to deliver now.
	Nudge bool
	// File, when set, is attached to the reply (/game history, /game export).
	File *File
}

// Image is a picture to render from a view: the public board, or one seat's hand.
type Image struct {
	// View is a game view (rules.State.View); Names are the seats' display names.
	View  any
	Names []string
	// Hand selects the hand renderer instead of the board renderer.
	Hand bool
	// Lang is the language of the words drawn ("en", "fr"; see lang.Match); "" draws English.
	Lang string
}

// Service answers interactions. It is safe for concurrent use, also by several processes sharing a
// PostgreSQL store: moves on one game are serialised by a per-game lock (lock: the store's
// GameLocker), and the store's version check rejects any writer that still raced.
type Service struct {
	store Store
	reg   *rules.Registry
	log   *slog.Logger

	mu    sync.Mutex
	locks map[int64]*sync.Mutex
	// boards is when /board last queued a board, by channel (its rate limit; not stored: a restart
	// only forgets a few seconds of it).
	boards map[string]time.Time
	// now is the clock (time.Now; tests set another).
	now func() time.Time
	// pacer is the long-game layer (SetPacer, pace.go), or nil: every game is live.
	pacer Pacer
	// deadlines is the pace layer's clock for /mygames (SetDeadlines), or nil.
	deadlines Deadlines
	// words are the message catalogues (the edge's and every hosted game's): language.go.
	words *lang.Catalog
}

// New returns a Service over store and the games in reg.
func New(store Store, reg *rules.Registry, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: store, reg: reg, log: log, locks: map[int64]*sync.Mutex{}, boards: map[string]time.Time{}, now: time.Now,
		words: lang.MustNew(reg.All()...)}
}

// Registry returns the games the service hosts.
func (s *Service) Registry() *rules.Registry { return s.reg }

// GameLocker is a store that locks one game for the whole of a change (load → apply → commit),
// across every process sharing the database: *data.Store (an advisory lock on PostgreSQL, an
// in-process lock on SQLite). LockGame waits until the lock is free or ctx ends, and returns the
// function that releases it.
type GameLocker interface {
	LockGame(ctx context.Context, gameID int64) (func(), error)
}

// lockWait bounds the wait for a game's lock held by another process; past it (or if the lock
// cannot be taken) the change goes on under the in-process mutex alone, and the store's version
// check still rejects a writer that raced.
const lockWait = 30 * time.Second

// lock takes the per-game lock and returns its unlock: the store's (GameLocker), else an
// in-process mutex.
func (s *Service) lock(game int64) func() {
	if gl, ok := s.store.(GameLocker); ok {
		ctx, cancel := context.WithTimeout(context.Background(), lockWait)
		unlock, err := gl.LockGame(ctx, game)
		cancel()
		if err == nil {
			return unlock
		}
		s.log.Error("game lock failed; going on under the in-process lock", "game", game, "err", err)
	}
	s.mu.Lock()
	l, ok := s.locks[game]
	if !ok {
		l = &sync.Mutex{}
		s.locks[game] = l
	}
	s.mu.Unlock()
	l.Lock()
	return l.Unlock
}

// Handle answers one interaction. It never returns an error for bad input: that gets an ephemeral
// sentence. It returns an error only when storage fails, and then a reply saying so as well.
func (s *Service) Handle(ctx context.Context, req Request) (Reply, error) {
	r, err := s.route(ctx, req)
	if err != nil {
		s.log.ErrorContext(ctx, "interaction failed", "command", req.Command, "sub", req.Sub,
			"channel", req.ChannelID, "user", req.UserID, "err", err)
		if req.Kind == KindAutocomplete {
			return Reply{Type: ReplyChoices}, err
		}
		return ephemeral("Something went wrong on my side; nothing was changed. Please try again."), err
	}
	return r, nil
}

func (s *Service) route(ctx context.Context, req Request) (Reply, error) {
	switch req.Kind {
	case KindAutocomplete:
		switch req.Command {
		case "play":
			return s.autocompleteMoves(ctx, req)
		case "rules":
			return s.autocompleteTopics(ctx, req)
		case "settings":
			return s.autocompleteZones(req), nil
		}
		return Reply{Type: ReplyChoices}, nil
	case KindComponent:
		return s.component(ctx, req)
	case KindCommand:
		switch req.Command {
		case "game":
			if req.Group == "new" {
				return s.gameNew(ctx, req)
			}
			switch req.Sub {
			case "new":
				return s.gameNew(ctx, req)
			case "join":
				return s.gameJoin(ctx, req, 0)
			case "leave":
				return s.gameLeave(ctx, req, 0)
			case "start":
				return s.gameStart(ctx, req, 0)
			case "cancel":
				return s.gameCancelAsk(ctx, req)
			case "status":
				return s.gameStatus(ctx, req)
			case "kick":
				return s.gameKick(ctx, req)
			case "handover":
				return s.gameHandover(ctx, req)
			case "replace":
				return s.gameReplace(ctx, req)
			case "undo":
				return s.gameUndo(ctx, req)
			case "history":
				return s.history(ctx, req)
			case "export":
				return s.export(ctx, req)
			case "back":
				return s.gameBack(ctx, req, 0)
			case "nudge":
				return s.gameNudge(ctx, req, 0)
			case "vote":
				return s.gameVote(ctx, req)
			}
		case "settings":
			return s.settings(ctx, req)
		case "away":
			return s.away(ctx, req)
		case "mygames":
			return s.myGames(ctx, req)
		case "play":
			text, _ := req.Options["move"].(string)
			return s.playText(ctx, req, text)
		case "hand":
			return s.hand(ctx, req, 0)
		case "board":
			return s.board(ctx, req)
		case "log":
			n, _ := req.Options["count"].(int64)
			return s.logLines(ctx, req, int(n))
		case "rules":
			topic, _ := req.Options["topic"].(string)
			return s.rulesText(ctx, req, topic)
		}
	}
	return ephemeral("I don't know that command. Try /rules, /game new or /play."), nil
}

func (s *Service) component(ctx context.Context, req Request) (Reply, error) {
	id, err := ParseCustomID(req.CustomID)
	if err != nil {
		return ephemeral("That button is not one I understand (it may be from an old version of the bot). Use /board for a fresh board."), nil
	}
	switch id.Action {
	case ActYourMove:
		return s.yourMove(ctx, req, id)
	case ActHand:
		return s.hand(ctx, req, id.Game)
	case ActGo, ActDo, ActAsk, ActSelect, ActMulti:
		return s.decide(ctx, req, id)
	case ActJoin:
		return s.gameJoin(ctx, req, id.Game)
	case ActLeave:
		return s.gameLeave(ctx, req, id.Game)
	case ActStart:
		return s.gameStart(ctx, req, id.Game)
	case ActCancel:
		return s.gameCancel(ctx, req, id)
	case ActRematch:
		return s.rematch(ctx, req, id.Game)
	case ActUndo:
		return s.undoButton(ctx, req, id)
	case ActBack:
		return s.gameBack(ctx, req, id.Game)
	case ActVote:
		return s.ballot(ctx, req, id)
	case ActTake:
		return s.takeSeat(ctx, req, id)
	case ActNudge:
		return s.gameNudge(ctx, req, id.Game)
	case ActHome:
		return s.back(ctx, req)
	}
	return ephemeral("That button is not one I understand."), nil
}

// ephemeral is a new ephemeral message with text.
func ephemeral(text string) Reply {
	return Reply{Type: ReplyMessage, Ephemeral: true, Content: text}
}

// errNoGameText is the answer in a channel without a game.
const errNoGameText = "There is no game in this channel. Start one with `/game new`."

// loaded is a stored game with its state loaded.
type loaded struct {
	row   data.Game
	seats []data.Seat
	game  rules.Game
	st    rules.State // nil in the lobby
	// paceText is the lobby's sentence about the game's pace (pace.go), "" for none.
	paceText string
}

// seatOf returns the user's seat, or false.
func (l *loaded) seatOf(userID string) (rules.Seat, bool) {
	for _, s := range l.seats {
		if s.UserID == userID && s.Seat >= 0 {
			return rules.Seat(s.Seat), true
		}
	}
	return rules.Observer, false
}

// names returns the display names by seat.
func (l *loaded) names() []string {
	n := 0
	if l.st != nil {
		n = l.st.Players()
	}
	out := make([]string, n)
	for _, s := range l.seats {
		if s.Seat >= 0 && s.Seat < n {
			out[s.Seat] = s.Name
		}
	}
	for i := range out {
		if out[i] == "" {
			out[i] = fmt.Sprintf("Seat %d", i+1)
		}
	}
	return out
}

// userOf returns the user id at seat.
func (l *loaded) userOf(seat rules.Seat) string {
	for _, s := range l.seats {
		if s.Seat == int(seat) {
			return s.UserID
		}
	}
	return ""
}

// expand replaces seat references with names, or with mentions for the seats in ping.
func (l *loaded) expand(text string, ping map[rules.Seat]bool) string {
	names := l.names()
	return rules.Expand(text, func(s rules.Seat) string {
		if ping[s] {
			if u := l.userOf(s); u != "" && !IsAI(u) {
				return "<@" + u + ">"
			}
		}
		if int(s) < len(names) {
			return "**" + escape(names[s]) + "**"
		}
		return "someone"
	}, l.game.Term, nil)
}

// markdown escapes the characters that would let a user name break Markdown.
var markdown = strings.NewReplacer("*", "\\*", "_", "\\_", "`", "\\`", "~", "\\~", "|", "\\|", ">", "\\>")

// escape keeps user names from breaking Markdown.
func escape(name string) string { return markdown.Replace(name) }

// load returns the channel's unfinished game (gameID 0) or the game with that id, with its state.
func (s *Service) load(ctx context.Context, channelID string, gameID int64) (*loaded, error) {
	var (
		row   data.Game
		seats []data.Seat
		err   error
	)
	if gameID == 0 {
		row, seats, err = s.store.Current(ctx, channelID)
	} else {
		row, seats, err = s.store.GameByID(ctx, gameID)
	}
	if err != nil {
		return nil, err
	}
	g, ok := s.reg.Get(row.Game)
	if !ok {
		return nil, fmt.Errorf("game %d: unknown game id %q", row.ID, row.Game)
	}
	l := &loaded{row: row, seats: seats, game: g}
	if row.Status == data.StatusLobby {
		l.paceText = s.lobbyPaceText(ctx, row.ID)
	}
	if row.Status != data.StatusLobby && len(row.State) > 0 {
		st, err := g.Load(row.State)
		if err != nil {
			return nil, fmt.Errorf("load state of game %d: %w", row.ID, err)
		}
		l.st = st
	}
	return l, nil
}

// loadHere loads the channel's game (gameID 0) or the game a component names, and answers for
// the refusals every handler shares: no game here, or a component of another channel's game.
// A non-nil reply means stop and send it.
func (s *Service) loadHere(ctx context.Context, req Request, gameID int64) (*loaded, *Reply, error) {
	l, err := s.load(ctx, req.ChannelID, gameID)
	if errors.Is(err, data.ErrNoGame) {
		r := ephemeral(errNoGameText)
		return nil, &r, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if l.row.ChannelID != req.ChannelID {
		r := ephemeral("That button belongs to a game in another channel.")
		return nil, &r, nil
	}
	return l, nil, nil
}

// loadPlaying is loadHere for a game that must be under way (or just finished).
func (s *Service) loadPlaying(ctx context.Context, req Request, gameID int64) (*loaded, *Reply, error) {
	l, stop, err := s.loadHere(ctx, req, gameID)
	if stop != nil || err != nil {
		return nil, stop, err
	}
	switch l.row.Status {
	case data.StatusLobby:
		r := ephemeral("The game has not started yet. Join with `/game join`; the creator starts it with `/game start`.")
		return nil, &r, nil
	case data.StatusCancelled:
		r := ephemeral("That game was cancelled. Start a new one with `/game new`.")
		return nil, &r, nil
	}
	return l, nil, nil
}
