package commands

import (
	"context"
	"errors"
	"fmt"
	"sort"
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
	name string // as Discord's settings name it
}

// neededPermissions are the bot's permissions a game needs: see its board, post boards and notices,
// attach the pictures and read the board it edits in place. In a thread Discord checks "Send
// Messages in Threads" instead of "Send Messages".
func neededPermissions(kind ChannelKind) []permission {
	send := permission{discordgo.PermissionSendMessages, "Send Messages"}
	if kind == ChannelPublicThread || kind == ChannelPrivateThread {
		send = permission{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"}
	}
	return []permission{
		{discordgo.PermissionViewChannel, "View Channel"},
		send,
		{discordgo.PermissionAttachFiles, "Attach Files"},
		{discordgo.PermissionReadMessageHistory, "Read Message History"},
	}
}

// missingPermissions returns the sentence saying what the bot lacks to host a game in the
// request's channel, or "" when nothing is missing or nothing is known. A channel the bot cannot
// see although its permissions let it is a private thread it was not added to.
func missingPermissions(req Request) string {
	var missing []string
	if req.AppPermissions != 0 {
		for _, p := range neededPermissions(req.Channel) {
			if req.AppPermissions&p.bit == 0 {
				missing = append(missing, "**"+p.name+"**")
			}
		}
	}
	if req.Channel == ChannelNoAccess && (req.AppPermissions == 0 || req.AppPermissions&discordgo.PermissionViewChannel != 0) {
		return "I can't see this channel. If it is a private thread, add me to it (mention me in it, or use **Add Members**); otherwise give me **View Channel** here. Then try `/game new` again."
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("I can't host a game here: I'm missing the %s permission%s in this channel. Ask someone who manages the server to give them to me (Server Settings → Roles, or this channel's Permissions), then try again.",
		joinAnd(missing), plural(len(missing)))
}

// gameNew opens a lobby: /game new <game> [players] [options] (and /game new game:<id> …).
func (s *Service) gameNew(ctx context.Context, req Request) (Reply, error) {
	id := req.Sub
	if req.Group == "" {
		id, _ = req.Options["game"].(string)
	}
	g, ok := s.reg.Get(id)
	if !ok {
		return ephemeral(fmt.Sprintf("I don't know the game %q. Pick one from the list.", id)), nil
	}
	if text := missingPermissions(req); text != "" {
		return ephemeral(text), nil
	}
	lo, hi := g.Players()
	players := 0
	if p, ok := req.Options["players"].(int64); ok {
		if int(p) < lo || int(p) > hi {
			return ephemeral(fmt.Sprintf("%s is for %d to %d players, not %d.", g.Name(), lo, hi, p)), nil
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
		return ephemeral(fmt.Sprintf("I can't open that lobby: %s. %s's variants: %s.", err, g.Name(), optionList(g))), nil
	}
	bots, refusal := botsOption(req, g, players)
	if refusal != "" {
		return ephemeral(refusal), nil
	}
	gp, paceRefusal := s.paceOptions(req)
	if paceRefusal != "" {
		return ephemeral(paceRefusal), nil
	}
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
	return s.lobbyReply(l, ReplyMessage), nil
}

// openLobby stores a new lobby created by the caller, seating others too (a rematch).
func (s *Service) openLobby(ctx context.Context, req Request, g rules.Game, players int, opts rules.Options, others []data.Seat) (*loaded, *Reply, error) {
	seed, err := randomSeed()
	if err != nil {
		return nil, nil, err
	}
	creator := data.Seat{Seat: -1, UserID: req.UserID, Name: req.UserName}
	row, err := s.store.CreateLobby(ctx, data.Game{
		GuildID: req.GuildID, ChannelID: req.ChannelID, Game: g.ID(), Players: players,
		Options: opts, Seed: seed, CreatorID: req.UserID,
	}, creator)
	if errors.Is(err, data.ErrChannelBusy) {
		r := ephemeral("This channel already has a game. Finish or `/game cancel` it first, or start a thread for another game.")
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

// lobbyReply is the public lobby message with its buttons.
func (s *Service) lobbyReply(l *loaded, typ ReplyType) Reply {
	g := l.game
	lo, hi := g.Players()
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — new game lobby", g.Name())
	if l.row.Players > 0 {
		fmt.Fprintf(&b, " for %d players", l.row.Players)
	} else {
		fmt.Fprintf(&b, " (%d–%d players)", lo, hi)
	}
	if on := enabledOptions(g, l.row.Options); on != "" {
		fmt.Fprintf(&b, "\nVariants: %s", on)
	}
	if l.paceText != "" {
		b.WriteString("\n" + l.paceText)
	}
	fmt.Fprintf(&b, "\nPlayers (%d): ", len(l.seats))
	for i, st := range l.seats {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(escape(st.Name))
	}
	if l.row.Players > 0 {
		fmt.Fprintf(&b, "\nPress **Join** to take a seat. The game starts by itself when %d players are in, or when <@%s> presses **Start**; seats are drawn at random.", l.row.Players, l.row.CreatorID)
	} else {
		fmt.Fprintf(&b, "\nPress **Join** to take a seat. <@%s> presses **Start** when everyone is in; seats are drawn at random.", l.row.CreatorID)
	}
	expires := l.row.CreatedAt.Add(LobbyTTL)
	fmt.Fprintf(&b, "\nIf nobody starts it, the lobby closes <t:%d:R>.", expires.Unix())
	id := l.row.ID
	return Reply{Type: typ, Content: b.String(), Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: CustomID{Action: ActJoin, Game: id}.String()},
			discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: CustomID{Action: ActLeave, Game: id}.String()},
			discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: CustomID{Action: ActStart, Game: id}.String()},
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
		text := "This game has already started (or ended); the lobby is closed. `/game status` shows it."
		if l.row.Status == data.StatusCancelled && l.st == nil {
			text = "This lobby is closed (it was cancelled or expired). `/game new` opens a new one."
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
			return ephemeral("You are already in this game's lobby."), nil
		}
	}
	if len(l.seats) >= hi {
		return ephemeral(fmt.Sprintf("The lobby is full (%d players).", hi)), nil
	}
	err = s.store.Join(ctx, l.row.ID, data.Seat{Seat: -1, UserID: req.UserID, Name: req.UserName})
	switch {
	case errors.Is(err, data.ErrAlreadySeated):
		return ephemeral("You are already in this game's lobby."), nil
	case errors.Is(err, data.ErrNotLobby):
		return ephemeral("This game has already started; the lobby is closed."), nil
	case errors.Is(err, data.ErrLobbyFull):
		return ephemeral(fmt.Sprintf("The lobby is full (%d players).", hi)), nil
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
	return s.lobbyAnswer(ctx, req, l.row.ID)
}

func (s *Service) gameLeave(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, stop, err := s.loadLobby(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if req.UserID == l.row.CreatorID {
		return ephemeral("You created this lobby, so you can't leave it: hand it over with `/game handover` first, or close it with `/game cancel`."), nil
	}
	err = s.store.Leave(ctx, l.row.ID, req.UserID)
	if errors.Is(err, data.ErrNotSeated) {
		return ephemeral("You are not in this game's lobby."), nil
	}
	if errors.Is(err, data.ErrNotLobby) {
		return ephemeral("This game has already started; you can't leave it now."), nil
	}
	if err != nil {
		return Reply{}, fmt.Errorf("leave: %w", err)
	}
	return s.lobbyAnswer(ctx, req, l.row.ID)
}

// lobbyTarget reads the player option of /game kick and /game handover and checks the caller is
// the lobby's creator. A non-nil reply means stop and send it.
func (s *Service) lobbyTarget(ctx context.Context, req Request, verb string) (*loaded, string, *Reply, error) {
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
		return refuse(fmt.Sprintf("Only the lobby's creator, <@%s>, can %s.", l.row.CreatorID, verb))
	}
	if target == "" {
		return refuse("Tell me which player: pick them in the `player` option.")
	}
	if target == req.UserID {
		return refuse("That's you. Pick another player in the lobby.")
	}
	for _, st := range l.seats {
		if st.UserID == target {
			return l, target, nil, nil
		}
	}
	return refuse(fmt.Sprintf("<@%s> is not in this lobby.", target))
}

// gameKick answers /game kick player:<user>: the creator removes a player from the lobby.
func (s *Service) gameKick(ctx context.Context, req Request) (Reply, error) {
	l, target, stop, err := s.lobbyTarget(ctx, req, "remove players")
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if err := s.store.Leave(ctx, l.row.ID, target); errors.Is(err, data.ErrNotSeated) || errors.Is(err, data.ErrNotLobby) {
		return ephemeral("That player is no longer in the lobby, or the game has started."), nil
	} else if err != nil {
		return Reply{}, fmt.Errorf("kick: %w", err)
	}
	r, err := s.lobbyAnswer(ctx, req, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	r.Content = fmt.Sprintf("<@%s> removed <@%s> from the lobby.\n", req.UserID, target) + r.Content
	return r, nil
}

// gameHandover answers /game handover player:<user>: the creator makes another player of the
// lobby its creator.
func (s *Service) gameHandover(ctx context.Context, req Request) (Reply, error) {
	l, target, stop, err := s.lobbyTarget(ctx, req, "hand the lobby over")
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if err := s.store.SetCreator(ctx, l.row.ID, target); errors.Is(err, data.ErrNotSeated) || errors.Is(err, data.ErrNotLobby) {
		return ephemeral("That player is no longer in the lobby, or the game has started."), nil
	} else if err != nil {
		return Reply{}, fmt.Errorf("hand over: %w", err)
	}
	r, err := s.lobbyAnswer(ctx, req, l.row.ID)
	if err != nil {
		return Reply{}, err
	}
	r.Content = fmt.Sprintf("<@%s> handed the lobby over to <@%s>.\n", req.UserID, target) + r.Content
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
		return ephemeral(fmt.Sprintf("Only the lobby's creator, <@%s>, can start the game.", l.row.CreatorID)), nil
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
		return ephemeral(fmt.Sprintf("This lobby is for %d players and %d have joined.", l.row.Players, n)), nil
	case n < lo:
		return ephemeral(fmt.Sprintf("%s needs at least %d players; %d have joined.", l.game.Name(), lo, n)), nil
	case n > hi:
		return ephemeral(fmt.Sprintf("%s takes at most %d players; %d have joined.", l.game.Name(), hi, n)), nil
	}
	if err := rules.CheckOptions(l.game, n, l.row.Options); err != nil {
		return ephemeral("These variants don't fit this table: " + err.Error() + ". Cancel and open a new lobby."), nil
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
		return ephemeral("I couldn't set up this game: " + err.Error()), nil
	}
	state, err := rules.Marshal(st)
	if err != nil {
		return Reply{}, err
	}
	if err := s.store.Start(ctx, l.row.ID, order, l.row.Seed, state, st.Version()); err != nil {
		if errors.Is(err, data.ErrNotLobby) {
			return ephemeral("This game has already started."), nil
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
	if _, err := s.store.Enqueue(ctx, items...); err != nil {
		return Reply{}, fmt.Errorf("queue start messages: %w", err)
	}
	s.afterChange(ctx, l.row.ID) // the clocks start
	s.log.InfoContext(ctx, "game started", "game", l.row.ID, "kind", l.game.ID(), "players", n, "channel", l.row.ChannelID)
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** has started! Seats:", l.game.Name())
	for i, u := range order {
		fmt.Fprintf(&b, "\n%d. %s", i+1, l.who(u))
	}
	b.WriteString("\nYou get your hand by DM (or press **My hand**). The board follows.")
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
		name := g.Game
		if gg, ok := s.reg.Get(g.Game); ok {
			name = gg.Name()
		}
		return []data.OutboxItem{{GameID: g.ID, Kind: KindNotice, Target: g.ChannelID, Payload: noticePayload(fmt.Sprintf(
			"The **%s** lobby opened by <@%s> has closed: nobody started it within a day. `/game new` opens a new one.", name, g.CreatorID))}}
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
