package commands

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// gameNew opens a lobby: /game new game:<id> [players] [options].
func (s *Service) gameNew(ctx context.Context, req Request) (Reply, error) {
	id, _ := req.Options["game"].(string)
	g, ok := s.reg.Get(id)
	if !ok {
		return ephemeral(fmt.Sprintf("I don't know the game %q. Pick one from the list.", id)), nil
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
	seed, err := randomSeed()
	if err != nil {
		return Reply{}, err
	}
	row, err := s.store.CreateLobby(ctx, data.Game{
		GuildID: req.GuildID, ChannelID: req.ChannelID, Game: g.ID(), Players: players,
		Options: opts, Seed: seed, CreatorID: req.UserID,
	}, data.Seat{Seat: -1, UserID: req.UserID, Name: req.UserName})
	if errors.Is(err, data.ErrChannelBusy) {
		return ephemeral("This channel already has a game. Finish or `/game cancel` it first, or start a thread for another game."), nil
	}
	if err != nil {
		return Reply{}, fmt.Errorf("create lobby: %w", err)
	}
	l := &loaded{row: row, seats: []data.Seat{{Seat: -1, UserID: req.UserID, Name: req.UserName}}, game: g}
	return s.lobbyReply(l, ReplyMessage), nil
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
	fmt.Fprintf(&b, "\nPlayers (%d): ", len(l.seats))
	for i, st := range l.seats {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(escape(st.Name))
	}
	fmt.Fprintf(&b, "\nPress **Join** to take a seat. <@%s> presses **Start** when everyone is in; seats are drawn at random.", l.row.CreatorID)
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
		r := ephemeral("This game has already started (or ended); the lobby is closed. `/game status` shows it.")
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
	if errors.Is(err, data.ErrAlreadySeated) {
		return ephemeral("You are already in this game's lobby."), nil
	}
	if errors.Is(err, data.ErrNotLobby) {
		return ephemeral("This game has already started; the lobby is closed."), nil
	}
	if err != nil {
		return Reply{}, fmt.Errorf("join: %w", err)
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
		return ephemeral("You created this lobby, so you can't leave it; use `/game cancel` to close it."), nil
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

func (s *Service) gameStart(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, stop, err := s.loadLobby(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if req.UserID != l.row.CreatorID {
		return ephemeral(fmt.Sprintf("Only the lobby's creator, <@%s>, can start the game.", l.row.CreatorID)), nil
	}
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
	items := []data.OutboxItem{boardItem(l.row, -1, st.Version(), true)}
	for seat := 0; seat < n; seat++ {
		if st.Private(rules.Seat(seat)) != "" {
			items = append(items, dmItem(l.row, order[seat], rules.Seat(seat), st.Version()))
		}
	}
	if _, err := s.store.Enqueue(ctx, items...); err != nil {
		return Reply{}, fmt.Errorf("queue start messages: %w", err)
	}
	s.log.InfoContext(ctx, "game started", "game", l.row.ID, "kind", l.game.ID(), "players", n, "channel", l.row.ChannelID)
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** has started! Seats:", l.game.Name())
	for i, u := range order {
		fmt.Fprintf(&b, "\n%d. <@%s>", i+1, u)
	}
	b.WriteString("\nYour hands come by DM (or press **My hand**). The board follows.")
	typ := ReplyMessage
	if req.Kind == KindComponent {
		typ = ReplyUpdate
	}
	return Reply{Type: typ, Content: b.String(), Components: []discordgo.MessageComponent{}, Nudge: true}, nil
}

// gameCancelAsk asks the creator (or a channel manager) to confirm cancelling.
func (s *Service) gameCancelAsk(ctx context.Context, req Request) (Reply, error) {
	l, err := s.load(ctx, req.ChannelID, 0)
	if errors.Is(err, data.ErrNoGame) {
		return ephemeral(errNoGameText), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if req.UserID != l.row.CreatorID && !req.CanManage {
		return ephemeral(fmt.Sprintf("Only the game's creator, <@%s>, or someone with Manage Channels can cancel it.", l.row.CreatorID)), nil
	}
	r := ephemeral(fmt.Sprintf("Cancel this channel's **%s** game for everyone? This can't be undone.", l.game.Name()))
	r.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Cancel the game", Style: discordgo.DangerButton, CustomID: CustomID{Action: ActCancel, Game: l.row.ID, Arg: "yes"}.String()},
		discordgo.Button{Label: "Keep playing", Style: discordgo.SecondaryButton, CustomID: CustomID{Action: ActCancel, Game: l.row.ID, Arg: "no"}.String()},
	}}}
	return r, nil
}

// gameCancel carries out the confirmation.
func (s *Service) gameCancel(ctx context.Context, req Request, id CustomID) (Reply, error) {
	if id.Arg != "yes" {
		return Reply{Type: ReplyUpdate, Content: "Nothing was cancelled.", Components: []discordgo.MessageComponent{}}, nil
	}
	l, stop, err := s.loadHere(ctx, req, id.Game)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	defer s.lock(l.row.ID)()
	if req.UserID != l.row.CreatorID && !req.CanManage {
		return ephemeral("Only the game's creator or someone with Manage Channels can cancel it."), nil
	}
	if l.row.Status != data.StatusLobby && l.row.Status != data.StatusPlaying {
		return Reply{Type: ReplyUpdate, Content: "That game is already over.", Components: []discordgo.MessageComponent{}}, nil
	}
	if err := s.store.Cancel(ctx, l.row.ID); err != nil {
		return Reply{}, fmt.Errorf("cancel: %w", err)
	}
	s.log.InfoContext(ctx, "game cancelled", "game", l.row.ID, "channel", l.row.ChannelID)
	if _, err := s.store.Enqueue(ctx, data.OutboxItem{GameID: l.row.ID, Kind: KindNotice, Target: l.row.ChannelID,
		Payload: noticePayload(fmt.Sprintf("The **%s** game in this channel was cancelled by <@%s>.", l.game.Name(), req.UserID))}); err != nil {
		return Reply{}, fmt.Errorf("queue cancel notice: %w", err)
	}
	return Reply{Type: ReplyUpdate, Content: "The game is cancelled. `/game new` starts another.",
		Components: []discordgo.MessageComponent{}, Nudge: true}, nil
}

// gameStatus describes the channel's game.
func (s *Service) gameStatus(ctx context.Context, req Request) (Reply, error) {
	l, err := s.load(ctx, req.ChannelID, 0)
	if errors.Is(err, data.ErrNoGame) {
		return ephemeral(errNoGameText), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if l.st == nil {
		r := s.lobbyReply(l, ReplyMessage)
		r.Ephemeral, r.Components = true, nil
		return r, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — move %d", l.game.Name(), l.st.Version())
	if on := enabledOptions(l.game, l.row.Options); on != "" {
		fmt.Fprintf(&b, " · variants: %s", on)
	}
	names := l.names()
	b.WriteString("\nSeats: ")
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d. %s", i+1, escape(n))
	}
	b.WriteString("\n" + l.expand(l.st.Status(), nil))
	if seat, ok := l.seatOf(req.UserID); ok {
		if n := len(l.st.Legal(seat)); n > 0 {
			fmt.Fprintf(&b, "\nYou have %d possible moves: press **Your move** on the board or use `/play`.", n)
		} else {
			b.WriteString("\nYou have nothing to do right now.")
		}
	}
	return ephemeral(b.String()), nil
}

func deref(r *Reply) Reply {
	if r == nil {
		return Reply{}
	}
	return *r
}

func randomSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("random seed: %w", err)
	}
	return binary.LittleEndian.Uint64(b[:]) >> 1, nil
}

func optionList(g rules.Game) string {
	var keys []string
	for _, o := range g.Options() {
		keys = append(keys, o.Key)
	}
	if len(keys) == 0 {
		return "none"
	}
	return strings.Join(keys, ", ")
}

func enabledOptions(g rules.Game, opts rules.Options) string {
	var on []string
	for _, o := range g.Options() {
		if opts[o.Key] {
			on = append(on, o.Name)
		}
	}
	return strings.Join(on, ", ")
}
