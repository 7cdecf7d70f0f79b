package commands

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// LobbyTTL is how long a lobby may wait to be started before it expires (Sweep).
const LobbyTTL = 24 * time.Hour

// ChannelKind is the kind of channel an interaction came from, as far as the bot could tell.
type ChannelKind int

// The channel kinds. ChannelUnknown (the zero value) is a channel the bot did not look at.
const (
	ChannelUnknown       ChannelKind = iota
	ChannelText                      // a text channel
	ChannelPublicThread              // a public (or announcement) thread
	ChannelPrivateThread             // a private thread the bot can see (it was added)
	ChannelNoAccess                  // a channel the bot cannot see: a private thread it was not added to
)

// permission is one Discord permission the bot needs where it hosts a game.
type permission struct {
	bit  int64
	name string // rules text: the permission as Discord's settings name it
}

// neededPermissions are the bot's permissions a game needs: see its board, post boards and notices,
// attach the pictures and read the board it edits in place. In a thread Discord checks "Send
// Messages in Threads" instead of "Send Messages".
func neededPermissions(kind ChannelKind) []permission {
	send := permission{discordgo.PermissionSendMessages, rules.Msg("commands.lobby.perm.send")}
	if kind == ChannelPublicThread || kind == ChannelPrivateThread {
		send = permission{discordgo.PermissionSendMessagesInThreads, rules.Msg("commands.lobby.perm.send-threads")}
	}
	return []permission{
		{discordgo.PermissionViewChannel, rules.Msg("commands.lobby.perm.view")},
		send,
		{discordgo.PermissionAttachFiles, rules.Msg("commands.lobby.perm.attach")},
		{discordgo.PermissionReadMessageHistory, rules.Msg("commands.lobby.perm.history")},
	}
}

// InvitePermissions is the permissions integer of the bot's invite URL: every permission a game
// checks (neededPermissions) in a text channel and in a thread, and Create Public Threads for a
// game's own thread — View Channels, Send Messages, Create Public Threads, Send Messages in
// Threads, Attach Files and Read Message History (309237746688). The README's invite URL carries
// it (a test checks they agree).
func InvitePermissions() int64 {
	bits := int64(discordgo.PermissionCreatePublicThreads)
	for _, kind := range []ChannelKind{ChannelText, ChannelPublicThread} {
		for _, p := range neededPermissions(kind) {
			bits |= p.bit
		}
	}
	return bits
}

// missingPermissions returns the sentence saying what the bot lacks to host a game in the
// request's channel, or "" when nothing is missing or nothing is known. A channel the bot cannot
// see although its permissions let it is a private thread it was not added to.
func missingPermissions(req Request) string {
	var missing []string
	if req.AppPermissions != 0 {
		needed := neededPermissions(req.Channel)
		if ThreadWanted(req) {
			// The game gets a thread of its own (thread.go): the bot starts it and posts in it.
			needed = append(needed[:1], permission{discordgo.PermissionCreatePublicThreads, rules.Msg("commands.calm.perm.create-threads")},
				permission{discordgo.PermissionSendMessagesInThreads, rules.Msg("commands.lobby.perm.send-threads")}, needed[2], needed[3])
		}
		for _, p := range needed {
			if req.AppPermissions&p.bit == 0 {
				missing = append(missing, "**"+p.name+"**")
			}
		}
	}
	if req.Channel == ChannelNoAccess && (req.AppPermissions == 0 || req.AppPermissions&discordgo.PermissionViewChannel != 0) {
		return rules.Msg("commands.lobby.no-access")
	}
	if len(missing) == 0 {
		return ""
	}
	return rules.Msg("commands.lobby.missing", "Permissions", rules.List(missing...), "Count", len(missing))
}

// newLobby is what a valid /game new asks for.
type newLobby struct {
	g       rules.Game
	players int
	opts    rules.Options
	bots    []data.Seat
	pace    data.GamePace
}

// checkNew reads and checks a /game new request without storing anything: the game, the bot's
// permissions, the table size, variants, AI players and pace. A non-nil reply is the refusal.
func (s *Service) checkNew(req Request) (newLobby, *Reply) {
	refuse := func(text string) (newLobby, *Reply) {
		r := ephemeral(text)
		return newLobby{}, &r
	}
	id := req.Sub
	if req.Group == "" {
		id, _ = req.Options["game"].(string)
	}
	g, ok := s.reg.Get(id)
	if !ok {
		return refuse(rules.Msg("commands.lobby.unknown-game", "Game", rules.Plain(strconv.Quote(id))))
	}
	if text := missingPermissions(req); text != "" {
		return refuse(text)
	}
	lo, hi := g.Players()
	players := 0
	if p, ok := req.Options["players"].(int64); ok {
		if int(p) < lo || int(p) > hi {
			return refuse(rules.Msg("commands.lobby.players-range", "Game", s.gameNameMsg(g), "Min", lo, "Max", hi, "Players", p))
		}
		players = int(p)
	}
	// Every boolean option names a variant; only those of this game may be switched on.
	opts := rules.Options{}
	for name, v := range req.Options {
		if b, isBool := v.(bool); isBool && b {
			opts[name] = true
		}
	}
	if err := rules.CheckOptions(g, players, opts); err != nil {
		return refuse(rules.Msg("commands.lobby.bad-variants", "Error", err.Error(), "Game", s.gameNameMsg(g), "Variants", optionList(g)))
	}
	bots, refusal := s.botsOption(req, g, players)
	if refusal != "" {
		return refuse(refusal)
	}
	gp, paceRefusal := s.paceOptions(req)
	if paceRefusal != "" {
		return refuse(paceRefusal)
	}
	return newLobby{g: g, players: players, opts: opts, bots: bots, pace: gp}, nil
}

// gameNew opens a lobby: /game new <game> [players] [options] (and /game new game:<id> …).
func (s *Service) gameNew(ctx context.Context, req Request) (Reply, error) {
	ng, stop := s.checkNew(req)
	if stop != nil {
		return *stop, nil
	}
	g, players, opts, bots, gp := ng.g, ng.players, ng.opts, ng.bots, ng.pace
	l, stop, err := s.openLobby(ctx, req, g, players, opts, bots)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	if err := s.setPace(ctx, l.row.ID, gp); err != nil {
		return Reply{}, err
	}
	l.paceText = paceLine(gp)
	// AI players fill the table the creator asked for: the game starts at once.
	if l.row.Players > 0 && len(l.seats) == l.row.Players {
		defer s.lock(l.row.ID)()
		return s.startLobby(ctx, req, l)
	}
	r := s.lobbyReply(l, ReplyMessage)
	r.LobbyOf = l.row.ID
	if req.NoThread {
		r.Content = rules.Msg("commands.calm.no_thread") + "\n" + r.Content
	}
	return r, nil
}

// openLobby stores a new lobby created by the caller, seating others too (a rematch).
func (s *Service) openLobby(ctx context.Context, req Request, g rules.Game, players int, opts rules.Options, others []data.Seat) (*loaded, *Reply, error) {
	seed, err := randomSeed()
	if err != nil {
		return nil, nil, err
	}
	creator := data.Seat{Seat: -1, UserID: req.UserID, Name: req.UserName}
	row, err := s.store.CreateLobbyAtMost(ctx, data.Game{
		GuildID: req.GuildID, ChannelID: req.ChannelID, Game: g.ID(), Players: players,
		Options: opts, Seed: seed, CreatorID: req.UserID,
		LobbyChannelID: req.LobbyChannelID, LobbyMessageID: req.LobbyMessageID,
	}, creator, MaxOpenLobbies)
	if errors.Is(err, data.ErrChannelBusy) {
		r := ephemeral(rules.Msg("commands.lobby.busy"))
		return nil, &r, nil
	}
	if errors.Is(err, data.ErrTooManyLobbies) {
		r := ephemeral(rules.Msg("commands.trust.lobby.too-many", "Count", MaxOpenLobbies))
		return nil, &r, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("create lobby: %w", err)
	}
	if len(others) > 0 {
		if err := s.store.SeatAll(ctx, row.ID, others); err != nil {
			return nil, nil, fmt.Errorf("seat the players of the lobby: %w", err)
		}
	}
	l, err := s.load(ctx, "", row.ID)
	if err != nil {
		return nil, nil, err
	}
	s.log.InfoContext(ctx, "lobby opened", "game", row.ID, "kind", g.ID(), "channel", row.ChannelID, "players", players)
	return l, nil, nil
}

// MaxOpenLobbies is how many open lobbies (not yet started) one user may have created in one
// server at a time (issue 24): enough for a table in each of a few channels, or a rematch while
// another lobby fills, and few enough that one user cannot flood a server's channels with lobbies.
// A lobby left unstarted expires after LobbyTTL and frees its place.
const MaxOpenLobbies = 3

// lobbyReply is the public lobby message with its buttons.
func (s *Service) lobbyReply(l *loaded, typ ReplyType) Reply {
	g := l.game
	lo, hi := g.Players()
	var b strings.Builder
	if l.row.Players > 0 {
		b.WriteString(rules.Msg("commands.lobby.head-table", "Game", s.gameNameMsg(g), "Count", l.row.Players))
	} else {
		b.WriteString(rules.Msg("commands.lobby.head", "Game", s.gameNameMsg(g), "Min", lo, "Max", hi))
	}
	if on := enabledOptions(g, l.row.Options); on != "" {
		b.WriteString("\n" + rules.Msg("commands.lobby.variants", "Variants", on))
	}
	if l.paceText != "" {
		b.WriteString("\n" + l.paceText)
	}
	names := make([]string, len(l.seats))
	for i, st := range l.seats {
		names[i] = rules.Plain(escape(st.Name))
	}
	b.WriteString("\n" + rules.Msg("commands.lobby.players", "Count", len(l.seats), "Names", strings.Join(names, ", ")))
	if l.row.Players > 0 {
		b.WriteString("\n" + rules.Msg("commands.lobby.press-join-table", "Count", l.row.Players, "Creator", l.row.CreatorID))
	} else {
		b.WriteString("\n" + rules.Msg("commands.lobby.press-join", "Creator", l.row.CreatorID))
	}
	expires := l.row.CreatedAt.Add(LobbyTTL)
	b.WriteString("\n" + rules.Msg("commands.lobby.expires", "When", fmt.Sprintf("<t:%d:R>", expires.Unix())))
	id := l.row.ID
	return Reply{Type: typ, Content: b.String(), Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rules.Msg("commands.lobby.button.join"), Style: discordgo.SuccessButton, CustomID: CustomID{Action: ActJoin, Game: id}.String()},
			discordgo.Button{Label: rules.Msg("commands.lobby.button.leave"), Style: discordgo.SecondaryButton, CustomID: CustomID{Action: ActLeave, Game: id}.String()},
			discordgo.Button{Label: rules.Msg("commands.lobby.button.start"), Style: discordgo.PrimaryButton, CustomID: CustomID{Action: ActStart, Game: id}.String()},
		}},
	}}
}

// loadLobby loads the lobby for /game join|leave|start (gameID 0) or a lobby button.
func (s *Service) loadLobby(ctx context.Context, req Request, gameID int64) (*loaded, *Reply, error) {
	l, stop, err := s.loadHere(ctx, req, gameID)
	if stop != nil || err != nil {
		return nil, stop, err
	}
	if l.row.Status != data.StatusLobby {
		text := rules.Msg("commands.lobby.closed-started")
		if l.row.Status == data.StatusCancelled && l.st == nil {
			text = rules.Msg("commands.lobby.closed-cancelled")
		}
		r := ephemeral(text)
		return nil, &r, nil
	}
	return l, nil, nil
}

// lobbyAnswer answers a lobby change: buttons update the lobby message, commands post it anew.
func (s *Service) lobbyAnswer(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, err := s.load(ctx, req.ChannelID, gameID)
	if err != nil {
		return Reply{}, err
	}
	typ := ReplyMessage
	if req.Kind == KindComponent {
		typ = ReplyUpdate
	}
	return s.lobbyReply(l, typ), nil
}

// quietLobbyAnswer answers a join or leave (issue 25, a quiet lobby): a button updates the lobby
// message it is on; a command edits the one lobby message in place (KindStatus) and tells the
// caller privately (note, rules text) — no new public post. A lobby whose message the bot does
// not know is posted anew, as lobbyAnswer does.
func (s *Service) quietLobbyAnswer(ctx context.Context, req Request, gameID int64, note string) (Reply, error) {
	if req.Kind == KindComponent {
		return s.lobbyAnswer(ctx, req, gameID)
	}
	l, err := s.load(ctx, "", gameID)
	if err != nil {
		return Reply{}, err
	}
	item, ok := statusItem(l.row, false)
	if !ok {
		return s.lobbyAnswer(ctx, req, gameID)
	}
	if _, err := s.store.Enqueue(ctx, item); err != nil {
		return Reply{}, fmt.Errorf("queue lobby edit: %w", err)
	}
	r := ephemeral(note + "\n" + s.lobbyReply(l, ReplyMessage).Content)
	r.Nudge = true
	return r, nil
}

func (s *Service) gameJoin(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, stop, err := s.loadLobby(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	_, hi := l.game.Players()
	if l.row.Players > 0 {
		hi = l.row.Players
	}
	for _, st := range l.seats {
		if st.UserID == req.UserID {
			return ephemeral(rules.Msg("commands.lobby.already-in")), nil
		}
	}
	if len(l.seats) >= hi {
		return ephemeral(rules.Msg("commands.lobby.full", "Count", hi)), nil
	}
	err = s.store.Join(ctx, l.row.ID, data.Seat{Seat: -1, UserID: req.UserID, Name: req.UserName})
	switch {
	case errors.Is(err, data.ErrAlreadySeated):
		return ephemeral(rules.Msg("commands.lobby.already-in")), nil
	case errors.Is(err, data.ErrNotLobby):
		return ephemeral(rules.Msg("commands.lobby.join-started")), nil
	case errors.Is(err, data.ErrLobbyFull):
		return ephemeral(rules.Msg("commands.lobby.full", "Count", hi)), nil
	case err != nil:
		return Reply{}, fmt.Errorf("join: %w", err)
	}
	// The creator chose a table size and it is full now: the game starts by itself.
	if l.row.Players > 0 && len(l.seats)+1 == l.row.Players {
		full, err := s.load(ctx, "", l.row.ID)
		if err != nil {
			return Reply{}, err
		}
		return s.startLobby(ctx, req, full)
	}
	return s.quietLobbyAnswer(ctx, req, l.row.ID, rules.Msg("commands.calm.lobby.joined"))
}

func (s *Service) gameLeave(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, stop, err := s.loadLobby(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if req.UserID == l.row.CreatorID {
		return ephemeral(rules.Msg("commands.lobby.leave-creator")), nil
	}
	err = s.store.Leave(ctx, l.row.ID, req.UserID)
	if errors.Is(err, data.ErrNotSeated) {
		return ephemeral(rules.Msg("commands.lobby.not-in")), nil
	}
	if errors.Is(err, data.ErrNotLobby) {
		return ephemeral(rules.Msg("commands.lobby.leave-started")), nil
	}
	if err != nil {
		return Reply{}, fmt.Errorf("leave: %w", err)
	}
	return s.quietLobbyAnswer(ctx, req, l.row.ID, rules.Msg("commands.calm.lobby.left"))
}

// lobbyTarget reads the player option of /game kick and /game handover and checks the caller is
// the lobby's creator; action is rules text saying what only the creator may do ("remove
// players"). A non-nil reply means stop and send it.
func (s *Service) lobbyTarget(ctx context.Context, req Request, action string) (*loaded, string, *Reply, error) {
	l, stop, err := s.loadLobby(ctx, req, 0)
	if stop != nil || err != nil {
		return nil, "", stop, err
	}
	target, _ := req.Options["player"].(string)
	refuse := func(text string) (*loaded, string, *Reply, error) {
		r := ephemeral(text)
		return nil, "", &r, nil
	}
	if req.UserID != l.row.CreatorID {
		return refuse(rules.Msg("commands.lobby.creator-only", "Creator", l.row.CreatorID, "Action", action))
	}
	if target == "" {
		return refuse(rules.Msg("commands.lobby.which-player"))
	}
	if target == req.UserID {
		return refuse(rules.Msg("commands.lobby.target-you"))
	}
	for _, st := range l.seats {
		if st.UserID == target {
			return l, target, nil, nil
		}
	}
	return refuse(rules.Msg("commands.lobby.target-not-in", "User", target))
}

// stillCreator checks, under the game's lock, that the caller still created lobby gameID (issue
// 24: a handover that raced a kick or another handover must not let the former creator act);
// action is rules text of what only the creator may do. A non-nil reply means stop and send it.
func (s *Service) stillCreator(ctx context.Context, req Request, gameID int64, action string) *Reply {
	row, _, err := s.store.GameByID(ctx, gameID)
	if err == nil && row.Status == data.StatusLobby && row.CreatorID == req.UserID {
		return nil
	}
	r := ephemeral(rules.Msg("commands.lobby.target-gone"))
	if err == nil && row.CreatorID != req.UserID {
		r = ephemeral(rules.Msg("commands.lobby.creator-only", "Creator", row.CreatorID, "Action", action))
	}
	return &r
}

// gameKick answers /game kick player:<user>: the creator removes a player from the lobby.
func (s *Service) gameKick(ctx context.Context, req Request) (Reply, error) {
	l, target, stop, err := s.lobbyTarget(ctx, req, rules.Msg("commands.lobby.action.kick"))
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if stop := s.stillCreator(ctx, req, l.row.ID, rules.Msg("commands.lobby.action.kick")); stop != nil {
		return *stop, nil
	}
	if err := s.store.Leave(ctx, l.row.ID, target); errors.Is(err, data.ErrNotSeated) || errors.Is(err, data.ErrNotLobby) {
		return ephemeral(rules.Msg("commands.lobby.target-gone")), nil
	} else if err != nil {
		return Reply{}, fmt.Errorf("kick: %w", err)
	}
	r, err := s.lobbyAnswer(ctx, req, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	r.Content = rules.Msg("commands.lobby.kicked", "User", req.UserID, "Target", target) + "\n" + r.Content
	return r, nil
}

// gameHandover answers /game handover player:<user>: the creator makes another player of the
// lobby its creator.
func (s *Service) gameHandover(ctx context.Context, req Request) (Reply, error) {
	l, target, stop, err := s.lobbyTarget(ctx, req, rules.Msg("commands.lobby.action.handover"))
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if stop := s.stillCreator(ctx, req, l.row.ID, rules.Msg("commands.lobby.action.handover")); stop != nil {
		return *stop, nil
	}
	if err := s.store.SetCreator(ctx, l.row.ID, target); errors.Is(err, data.ErrNotSeated) || errors.Is(err, data.ErrNotLobby) {
		return ephemeral(rules.Msg("commands.lobby.target-gone")), nil
	} else if err != nil {
		return Reply{}, fmt.Errorf("hand over: %w", err)
	}
	r, err := s.lobbyAnswer(ctx, req, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	r.Content = rules.Msg("commands.lobby.handed-over", "User", req.UserID, "Target", target) + "\n" + r.Content
	r.Mentions = []string{target}
	return r, nil
}

func (s *Service) gameStart(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, stop, err := s.loadLobby(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if req.UserID != l.row.CreatorID {
		return ephemeral(rules.Msg("commands.lobby.creator-only", "Creator", l.row.CreatorID, "Action", rules.Msg("commands.lobby.action.start"))), nil
	}
	return s.startLobby(ctx, req, l)
}

// startLobby starts the lobby l (the caller holds its lock): it checks the table, draws the
// seats, sets the game up and queues the first board and the hands.
func (s *Service) startLobby(ctx context.Context, req Request, l *loaded) (Reply, error) {
	lo, hi := l.game.Players()
	n := len(l.seats)
	switch {
	case l.row.Players > 0 && n != l.row.Players:
		return ephemeral(rules.Msg("commands.lobby.start-table", "Players", l.row.Players, "Count", n)), nil
	case n < lo:
		return ephemeral(rules.Msg("commands.lobby.start-few", "Game", s.gameNameMsg(l.game), "Min", lo, "Count", n)), nil
	case n > hi:
		return ephemeral(rules.Msg("commands.lobby.start-many", "Game", s.gameNameMsg(l.game), "Max", hi, "Count", n)), nil
	}
	if err := rules.CheckOptions(l.game, n, l.row.Options); err != nil {
		return ephemeral(rules.Msg("commands.lobby.start-variants", "Error", err.Error())), nil
	}
	// Seats are drawn at random from the game's seed, so a replay can tell who sat where.
	order := make([]string, n)
	for i, st := range l.seats {
		order[i] = st.UserID
	}
	sort.Strings(order)
	rng := rules.NewRNG(l.row.Seed ^ 0x5ea75)
	rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	st, err := l.game.New(n, l.row.Options, l.row.Seed)
	if err != nil {
		return ephemeral(rules.Msg("commands.lobby.start-setup", "Error", err.Error())), nil
	}
	state, err := rules.Marshal(st)
	if err != nil {
		return Reply{}, err
	}
	if err := s.store.Start(ctx, l.row.ID, order, l.row.Seed, state, st.Version()); err != nil {
		if errors.Is(err, data.ErrNotLobby) {
			return ephemeral(rules.Msg("commands.lobby.start-started")), nil
		}
		return Reply{}, fmt.Errorf("start: %w", err)
	}
	items := []data.OutboxItem{boardItem(l.row, -1, st.Version(), true, false)}
	active := map[rules.Seat]bool{}
	for _, seat := range st.Active() {
		active[seat] = true
	}
	// Everyone is told once: the hand just dealt and, for whoever acts first, that it is their turn.
	for seat := 0; seat < n; seat++ {
		hand := st.Private(rules.Seat(seat)) != ""
		if (hand || active[rules.Seat(seat)]) && !IsAI(order[seat]) { // an AI seat is never DMed
			items = append(items, dmItem(l.row, order[seat], rules.Seat(seat), st.Version(), active[rules.Seat(seat)], hand, rules.Observer))
		}
	}
	// The lobby message loses its buttons: a game in a thread of its own shows its status line
	// there (and the thread takes the players' names); otherwise a start by command edits it (a
	// start by its button replaces it with the reply).
	if row, ok := statusItem(l.row, true); ok && (threaded(l.row) || req.Kind != KindComponent) {
		items = append(items, row)
	}
	if _, err := s.store.Enqueue(ctx, items...); err != nil {
		return Reply{}, fmt.Errorf("queue start messages: %w", err)
	}
	s.afterChange(ctx, l.row.ID) // the clocks start
	s.log.InfoContext(ctx, "game started", "game", l.row.ID, "kind", l.game.ID(), "players", n, "channel", l.row.ChannelID)
	var b strings.Builder
	b.WriteString(rules.Msg("commands.lobby.started", "Game", s.gameNameMsg(l.game)))
	for i, u := range order {
		fmt.Fprintf(&b, "\n%d. %s", i+1, l.who(u))
	}
	b.WriteString("\n" + rules.Msg("commands.lobby.started-hands"))
	typ := ReplyMessage
	if req.Kind == KindComponent {
		typ = ReplyUpdate
	}
	return Reply{Type: typ, Content: b.String(), Components: []discordgo.MessageComponent{}, Nudge: true}, nil
}

// Sweep closes every lobby that has waited longer than LobbyTTL without starting, each with a
// message in its channel. The expiry is stored with the message in one transaction, so it happens
// once even across restarts; the bot runs Sweep at start and then periodically. It returns how
// many lobbies expired.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	expired, err := s.store.ExpireLobbies(ctx, s.now().Add(-LobbyTTL), func(g data.Game) []data.OutboxItem {
		name := rules.Plain(g.Game)
		if gg, ok := s.reg.Get(g.Game); ok {
			name = s.gameNameMsg(gg)
		}
		return []data.OutboxItem{{GameID: g.ID, Kind: KindNotice, Target: g.ChannelID, Payload: noticePayload(
			rules.Msg("commands.lobby.expired", "Game", name, "Creator", g.CreatorID))}}
	})
	if err != nil {
		return 0, fmt.Errorf("sweep lobbies: %w", err)
	}
	for _, g := range expired {
		s.log.InfoContext(ctx, "lobby expired", "game", g.ID, "channel", g.ChannelID)
	}
	return len(expired), nil
}

// joinAnd joins words as "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
