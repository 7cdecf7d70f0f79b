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
// (≤ 100, labelled in full) or of the options (paged). Confirmation: a move that can't be taken back (rules.WouldUndo) is
// played by the tap that picks it when that component shows the move's whole label (a select
// option, or a button whose move the message spells out) and the message says it can't be taken
// back; a grid cell shows only the last level, so it asks one confirmation first. Taps for a
// Borneo shipment among other actions: "Your move", open "Ship …", pick = 3.
//
// It knows nothing of discordgo sessions: a Request is a plain description of an interaction and
// a Reply a plain description of the answer; package bot turns one into the other. Storage is
// reached through the Store interface (satisfied by *data.Store).
//
// # Languages
//
// Everything the package says is language-neutral rules text (rules.Msg markup with ids of the
// catalogues lang/messages/commands_*.yaml, seat names and component words already put in) until
// it leaves; then it is translated, and only then measured and cut to Discord's limits:
//
//   - Handle records the locales the interaction shows (the user's client locale, the server's
//     preferred locale) and translates its Reply: an ephemeral reply, an autocomplete, or the
//     update of an ephemeral message (Request.OnEphemeral) is in the user's language; a public
//     reply or the update of a public message is in the channel's language.
//   - BoardPost is in the channel's language: its own (/settings language), else its server's
//     preferred locale as last seen.
//   - DirectMessage is in the language last seen for its recipient.
//   - Images carry the language they are drawn in (Image.Lang), that of the message they go with.
//   - NoticeText and ClosedDMNotice give rules text: the sender (package bot) translates it into
//     the channel's language. Stored events (undo, replacement) are rules text too, read in any
//     language later.
//
// English is the fallback. Text that is measured, cut, compared or deduplicated is translated
// first, in its reader's language: the decision menu's labels and prompts (the user's), the
// tie-break and recap of the results (the message's reader).
package commands

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
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
	CreateLobbyAtMost(ctx context.Context, g data.Game, creator data.Seat, max int) (data.Game, error)
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
	// LobbyChannelID and LobbyMessageID are set by the bot for a /game new that it gave a thread
	// of its own (ThreadWanted): ChannelID is then the new thread, LobbyChannelID the channel the
	// command was used in, and LobbyMessageID the interaction's response there, which the thread
	// was started from and which becomes the lobby message, then the game's status line.
	LobbyChannelID, LobbyMessageID string
	// NoThread is set by the bot for a /game new that wanted a thread of its own when Discord
	// refused to start it (missing permission, an error): the game is played in the channel, and
	// the lobby says so.
	NoThread bool
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
	// LobbyOf is set when the reply is the public lobby message of that game (the store's id):
	// the bot records the message it sends as the game's lobby message (SetLobbyMessage), which
	// Join and Leave by command then edit in place, and which loses its buttons at the start.
	LobbyOf int64
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
	// Full draws the full board, with its legends and secondary panels (render.Lang.Full).
	Full bool
	// File is the attachment's file name ("borneo-turn-14.png"); "" names it board.png or
	// hand.png.
	File string
	// Alt is the attachment's description, what a screen reader says of it (rules text: the
	// game, the turn, who acts, the scores at the end); "" gives none.
	Alt string
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
	// statusEvery is how long a game's status line in the parent channel waits before a new turn
	// is shown on it (SetStatusEvery).
	statusEvery time.Duration
	statusNow   func() time.Time
	// pacer is the long-game layer (SetPacer, pace.go), or nil: every game is live.
	pacer Pacer
	// deadlines is the pace layer's clock for /mygames (SetDeadlines), or nil.
	deadlines Deadlines
	// stats are the ratings (SetStats, stats.go), or nil.
	stats Stats
	// web gives the addresses of the games' web pages (SetWeb, web.go), or nil: the page is off.
	web WebLinks
	// words are the message catalogues (the edge's and every hosted game's): language.go.
	words *lang.Catalog
	// seen is the locale last recorded for each user ("u:" + id) and the server locale last
	// recorded for each channel ("c:" + id), so that an interaction writes only what changed.
	seen map[string]string
}

// New returns a Service over store and the games in reg.
func New(store Store, reg *rules.Registry, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: store, reg: reg, log: log, locks: map[int64]*sync.Mutex{}, boards: map[string]time.Time{}, now: time.Now,
		statusEvery: StatusEvery,
		words:       lang.MustNew(reg.All()...), seen: map[string]string{}}
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
// It records the locales the interaction shows and answers in the reader's language (see the
// package comment): the reply holds no message markup.
func (s *Service) Handle(ctx context.Context, req Request) (Reply, error) {
	s.seeLocales(ctx, req)
	r, err := s.route(ctx, req)
	if err != nil {
		s.log.ErrorContext(ctx, "interaction failed", "command", req.Command, "sub", req.Sub,
			"channel", req.ChannelID, "user", req.UserID, "err", err)
		if req.Kind == KindAutocomplete {
			return Reply{Type: ReplyChoices}, err
		}
		r = ephemeral(rules.Msg("commands.error.internal"))
	}
	localizeReply(s.replyLang(ctx, req, r), &r)
	return r, err
}

// replyLang returns the language of the reply r to req: the user's for what only they see (an
// ephemeral message, an autocomplete, the update of an ephemeral message), else the channel's.
func (s *Service) replyLang(ctx context.Context, req Request, r Reply) *lang.Localizer {
	// A direct message with the bot (no server) is private too.
	private := r.Type == ReplyChoices || req.Kind == KindAutocomplete || req.GuildID == ""
	switch r.Type {
	case ReplyUpdate:
		private = private || req.OnEphemeral
	default:
		private = private || r.Ephemeral
	}
	if private {
		return s.userLang(ctx, req.UserID, req.Locale)
	}
	return s.channelLang(ctx, req.ChannelID)
}

// maxSeen bounds the locales remembered in memory; past it the memory starts again (the store
// ignores a write that changes nothing).
const maxSeen = 100_000

// seeLocales records the user's client locale and the channel's server locale shown by req, in
// the store only when they differ from what this service last recorded (usually nothing changed,
// and no interaction pays a write for it). A failure is logged: the answer does not depend on it.
func (s *Service) seeLocales(ctx context.Context, req Request) {
	if req.LobbyChannelID != "" && req.LobbyChannelID != req.ChannelID {
		// A game given a thread of its own: its status line stays in the channel the command
		// was used in, which reads the server's language too.
		parent := req
		parent.ChannelID, parent.LobbyChannelID, parent.UserID = req.LobbyChannelID, "", ""
		s.seeLocales(ctx, parent)
	}
	userKey, chanKey := "u:"+req.UserID, "c:"+req.ChannelID
	locale, guild := req.Locale, req.GuildLocale
	s.mu.Lock()
	if req.UserID == "" || s.seen[userKey] == locale {
		locale = ""
	}
	if req.ChannelID == "" || s.seen[chanKey] == guild {
		guild = ""
	}
	s.mu.Unlock()
	if locale == "" && guild == "" {
		return
	}
	if err := s.store.SeeLocales(ctx, req.UserID, locale, req.ChannelID, guild); err != nil {
		s.log.WarnContext(ctx, "record locales failed", "user", req.UserID, "channel", req.ChannelID, "err", err)
		return
	}
	s.mu.Lock()
	if len(s.seen) >= maxSeen {
		s.seen = map[string]string{}
	}
	if locale != "" {
		s.seen[userKey] = locale
	}
	if guild != "" {
		s.seen[chanKey] = guild
	}
	s.mu.Unlock()
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
			case "link":
				return s.gameLink(ctx, req)
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
		case "profile":
			return s.profile(ctx, req)
		case "leaderboard":
			return s.leaderboard(ctx, req)
		case "play":
			text, _ := req.Options["move"].(string)
			return s.playText(ctx, req, text)
		case "hand":
			return s.hand(ctx, req, 0)
		case "board":
			if full, _ := req.Options["full"].(bool); full {
				return s.details(ctx, req, 0)
			}
			return s.board(ctx, req)
		case "log":
			n, _ := req.Options["count"].(int64)
			return s.logLines(ctx, req, int(n))
		case "rules":
			topic, _ := req.Options["topic"].(string)
			return s.rulesText(ctx, req, topic)
		}
	}
	return ephemeral(rules.Msg("commands.error.unknown_command")), nil
}

func (s *Service) component(ctx context.Context, req Request) (Reply, error) {
	id, err := ParseCustomID(req.CustomID)
	if err != nil {
		return ephemeral(rules.Msg("commands.error.old_button")), nil
	}
	switch id.Action {
	case ActYourMove:
		return s.yourMove(ctx, req, id)
	case ActHand:
		return s.hand(ctx, req, id.Game)
	case ActDetails:
		return s.details(ctx, req, id.Game)
	case ActGo, ActDo, ActAsk, ActSelect, ActMulti, ActMultiOK:
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
	return ephemeral(rules.Msg("commands.error.unknown_button")), nil
}

// ephemeral is a new ephemeral message with text (rules text: Handle translates it).
func ephemeral(text string) Reply {
	return Reply{Type: ReplyMessage, Ephemeral: true, Content: text}
}

// errNoGameText is the answer in a channel without a game.
var errNoGameText = rules.Msg("commands.error.no_game")

// loaded is a stored game with its state loaded.
type loaded struct {
	row   data.Game
	seats []data.Seat
	game  rules.Game
	st    rules.State // nil in the lobby
	// paceText is the lobby's sentence about the game's pace (pace.go), "" for none.
	paceText string
	// loc is the language of the user the answer is for, when text must be made in it before
	// the reply is translated (the decision menu measures and compares its labels): English
	// until the handler knows the user (loadSeat).
	loc *lang.Localizer
}

// reader returns the language of the user the answer is for (l.loc), English when unknown.
func (l *loaded) reader() *lang.Localizer {
	if l.loc == nil {
		return englishFor(l.game)
	}
	return l.loc
}

// english is the English localizer of the edge's catalogues (no game's).
var english = sync.OnceValue(func() *lang.Localizer { return lang.MustNew().For("en") })

// englishOf holds englishFor's localizers by game id.
var englishOf sync.Map

// englishFor is the English localizer of the edge's catalogues and g's, for a loaded value made
// without the service (tests); built once per game.
func englishFor(g rules.Game) *lang.Localizer {
	if g == nil {
		return english()
	}
	if l, ok := englishOf.Load(g.ID()); ok {
		return l.(*lang.Localizer)
	}
	l, _ := englishOf.LoadOrStore(g.ID(), lang.MustNew(g).For("en"))
	return l.(*lang.Localizer)
}

// title is the rules text naming the game: the message "<game id>.name" of its catalogue, so
// that each language reads the game's name in it, or its plain name when the catalogue has none.
func (l *loaded) title() string {
	id := l.game.ID() + ".name"
	if l.reader().Translate(id, nil) == "["+id+"]" {
		return rules.Plain(l.game.Name())
	}
	return rules.Msg(id)
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

// names returns the display names by seat (rules text: a seat without a name is "Seat n").
func (l *loaded) names() []string {
	n := 0
	if l.st != nil {
		n = l.st.Players()
	}
	out := make([]string, n)
	for _, s := range l.seats {
		if s.Seat >= 0 && s.Seat < n {
			out[s.Seat] = rules.Plain(s.Name)
		}
	}
	for i := range out {
		if out[i] == "" {
			out[i] = rules.Msg("commands.game.seat_name", "N", i+1)
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

// expand replaces seat references with names, or with mentions for the seats in ping, and
// component references with their words. It leaves the message markup for the translation of
// the message the text goes in (Handle, BoardPost, DirectMessage): never measure or cut its result.
func (l *loaded) expand(text string, ping map[rules.Seat]bool) string {
	names := l.names()
	return expandRefs(text, func(s rules.Seat) string {
		if ping[s] {
			if u := l.userOf(s); u != "" && !IsAI(u) {
				return "<@" + u + ">"
			}
		}
		if int(s) >= 0 && int(s) < len(names) {
			return "**" + escape(names[s]) + "**"
		}
		return rules.Msg("commands.game.someone")
	}, l.game.Term)
}

// expandRefs replaces the seat references in rules text with seat(n) and the component
// references with term(id), leaving the message markup untranslated (rules.Expand with no
// translator) — except that a value put inside a message's arguments is escaped as rules.Msg
// escapes its arguments, so that the translation gives it back exactly (a user name with "|" or a
// Markdown escape).
func expandRefs(text string, seat func(rules.Seat) string, term func(string) string) string {
	if !strings.Contains(text, "{") && !strings.Contains(text, "[[") {
		return text
	}
	var b strings.Builder
	depth := 0
	put := func(v string) {
		if depth > 0 {
			v = escapeArg(v)
		}
		b.WriteString(v)
	}
	for i := 0; i < len(text); {
		rest := text[i:]
		switch {
		case strings.HasPrefix(rest, rules.MsgOpen):
			depth++
			b.WriteString(rules.MsgOpen)
			i += len(rules.MsgOpen)
			continue
		case strings.HasPrefix(rest, rules.MsgClose):
			if depth > 0 {
				depth--
			}
			b.WriteString(rules.MsgClose)
			i += len(rules.MsgClose)
			continue
		case depth > 0 && text[i] == '\\' && i+1 < len(text):
			// An escaped character of the markup: copied whole (a MsgOpen or MsgClose too).
			n := 2
			for _, d := range []string{rules.MsgOpen, rules.MsgClose} {
				if strings.HasPrefix(text[i+1:], d) {
					n = 1 + len(d)
				}
			}
			b.WriteString(text[i : i+n])
			i += n
			continue
		case text[i] == '{':
			if j := strings.IndexByte(rest, '}'); j > 1 && j <= 3 {
				if n, err := strconv.Atoi(rest[1:j]); err == nil && n >= 0 {
					put(seat(rules.Seat(n)))
					i += j + 1
					continue
				}
			}
		case strings.HasPrefix(rest, "[[") && term != nil:
			if j := strings.Index(rest[2:], "]]"); j >= 0 {
				put(term(rest[2 : 2+j]))
				i += 2 + j + 2
				continue
			}
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

// escapeArg escapes v as rules.Msg escapes an argument's value: the markup's special characters
// outside the markup v holds itself (which is kept whole, to be translated in turn).
func escapeArg(v string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(v); {
		switch {
		case strings.HasPrefix(v[i:], rules.MsgOpen):
			depth++
			b.WriteString(rules.MsgOpen)
			i += len(rules.MsgOpen)
			continue
		case strings.HasPrefix(v[i:], rules.MsgClose):
			if depth == 0 {
				b.WriteByte('\\')
			} else {
				depth--
			}
			b.WriteString(rules.MsgClose)
			i += len(rules.MsgClose)
			continue
		}
		if c := v[i]; depth == 0 && (c == '|' || c == '=' || c == '\\') {
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
		i++
	}
	return b.String()
}

// markdown escapes the characters that would let a user name break Markdown.
var markdown = strings.NewReplacer("*", "\\*", "_", "\\_", "`", "\\`", "~", "\\~", "|", "\\|", ">", "\\>")

// escape keeps user names (and the plain words of labels) from breaking Markdown. Message markup
// in s is left whole: it is translated later, and its arguments were escaped when put in.
func escape(name string) string {
	if !strings.Contains(name, rules.MsgOpen) {
		return markdown.Replace(name)
	}
	var b strings.Builder
	for rest := name; rest != ""; {
		i := strings.Index(rest, rules.MsgOpen)
		if i < 0 {
			b.WriteString(markdown.Replace(rest))
			break
		}
		b.WriteString(markdown.Replace(rest[:i]))
		n := markupLen(rest[i:])
		b.WriteString(rest[i : i+n])
		rest = rest[i+n:]
	}
	return b.String()
}

// markupLen returns the length in bytes of the message markup at the start of s (to its
// matching MsgClose, escapes skipped), or all of s when it is not closed.
func markupLen(s string) int {
	depth := 0
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			i++ // the escaped character: one byte, or a whole MsgOpen or MsgClose
			if strings.HasPrefix(s[i:], rules.MsgOpen) || strings.HasPrefix(s[i:], rules.MsgClose) {
				i += len(rules.MsgOpen)
			} else {
				i++
			}
		case strings.HasPrefix(s[i:], rules.MsgOpen):
			depth++
			i += len(rules.MsgOpen)
		case strings.HasPrefix(s[i:], rules.MsgClose):
			depth--
			i += len(rules.MsgClose)
			if depth == 0 {
				return i
			}
		default:
			i++
		}
	}
	return len(s)
}

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
	l := &loaded{row: row, seats: seats, game: g, loc: s.words.For("")}
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
	// A game in a thread of its own is also reached from its status line in the parent channel
	// (the lobby's buttons, Rematch), and a by-post game from its player's DM.
	if l.row.ChannelID != req.ChannelID && (!threaded(l.row) || l.row.LobbyChannelID != req.ChannelID) &&
		!fromDM(req, l, gameID) {
		r := ephemeral(rules.Msg("commands.error.other_channel"))
		return nil, &r, nil
	}
	return l, nil, nil
}

// fromDM reports whether req is a component pressed in a direct message with the bot (no
// server) that names game gameID, by a player seated in it: the buttons and menus of a turn DM
// (notify.go) work there as on the board. The seat still comes from the user id.
func fromDM(req Request, l *loaded, gameID int64) bool {
	if req.GuildID != "" || gameID == 0 || req.Kind != KindComponent {
		return false
	}
	_, ok := l.seatOf(req.UserID)
	return ok
}

// loadPlaying is loadHere for a game that must be under way (or just finished).
func (s *Service) loadPlaying(ctx context.Context, req Request, gameID int64) (*loaded, *Reply, error) {
	l, stop, err := s.loadHere(ctx, req, gameID)
	if stop != nil || err != nil {
		return nil, stop, err
	}
	switch l.row.Status {
	case data.StatusLobby:
		r := ephemeral(rules.Msg("commands.error.not_started"))
		return nil, &r, nil
	case data.StatusCancelled:
		r := ephemeral(rules.Msg("commands.error.cancelled"))
		return nil, &r, nil
	}
	return l, nil, nil
}
