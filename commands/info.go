package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/rules"
)

// hand answers /hand and the "My hand" button: the caller's private view, ephemeral, with the hand
// image and the text summary.
func (s *Service) hand(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, stop, err := s.loadPlaying(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	seat, ok := l.seatOf(req.UserID)
	if !ok {
		return ephemeral(rules.Msg("commands.info.no-hand")), nil
	}
	r := ephemeral(l.privateText(seat, rules.Msg("commands.info.this-channel")))
	r.Image = &Image{View: l.st.View(seat), Names: l.names(), Hand: true}
	s.takeNews(ctx, l.row.ID, seat) // the hand is shown: no news is left
	return r, nil
}

// details answers the board's Details button and /board full: the full board (with the legends
// and secondary panels the posted board leaves out to fit a phone, render.Lang.Full), for the
// caller alone. The board is public: anyone in the channel may ask.
func (s *Service) details(ctx context.Context, req Request, gameID int64) (Reply, error) {
	l, stop, err := s.loadPlaying(ctx, req, gameID)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	r := ephemeral(rules.Msg("render.details.text"))
	img := boardImage(l)
	img.Full = true
	r.Image = &img
	return r, nil
}

// boardImage is the public board of a game as an attachment: named after the game and its turn
// ("borneo-turn-14.png"), described for screen readers by the turn and who acts (the final
// scores once the game is over).
func boardImage(l *loaded) Image {
	st := l.st
	img := Image{View: st.View(rules.Observer), Names: l.names(),
		File: fmt.Sprintf("%s-turn-%d.png", l.game.ID(), st.TurnNumber())}
	if out, over := st.Outcome(); over {
		var scores []string
		for seat, sc := range out.Scores {
			scores = append(scores, rules.Msg("render.alt.score", "Seat", rules.SeatRef(rules.Seat(seat)), "Score", sc))
		}
		img.Alt = rules.Msg("render.alt.over", "Game", l.title(), "Scores", rules.List(scores...))
	} else {
		var who []string
		for _, seat := range st.Active() {
			who = append(who, rules.SeatRef(seat))
		}
		img.Alt = rules.Msg("render.alt.board", "Game", l.title(), "Turn", st.TurnNumber(), "Players", rules.List(who...))
	}
	names := l.names()
	img.Alt = expandRefs(img.Alt, func(s rules.Seat) string {
		if int(s) >= 0 && int(s) < len(names) {
			return names[s]
		}
		return rules.Msg("commands.game.someone")
	}, l.game.Term)
	return img
}

// BoardEvery is how often /board may post the board in one channel.
const BoardEvery = 30 * time.Second

// board answers /board: it queues a fresh board post in the channel that pings nobody, at most
// once per BoardEvery in a channel.
func (s *Service) board(ctx context.Context, req Request) (Reply, error) {
	l, stop, err := s.loadPlaying(ctx, req, 0)
	if stop != nil || err != nil {
		return deref(stop), err
	}
	now := s.now()
	s.mu.Lock()
	last, posted := s.boards[req.ChannelID]
	wait := last.Add(BoardEvery).Sub(now)
	if !posted || wait <= 0 {
		s.boards[req.ChannelID] = now
	}
	s.mu.Unlock()
	if posted && wait > 0 {
		return ephemeral(rules.Msg("commands.info.board-recent", "Count", int((wait+time.Second-1)/time.Second))), nil
	}
	v := l.st.Version()
	if _, err := s.store.Enqueue(ctx, boardItem(l.row, v, v, true, true)); err != nil {
		return Reply{}, fmt.Errorf("queue board: %w", err)
	}
	r := ephemeral(rules.Msg("commands.info.board-posting"))
	r.Nudge = true
	return r, nil
}

// logLines answers /log [count]: the recent log, redacted for the caller.
func (s *Service) logLines(ctx context.Context, req Request, count int) (Reply, error) {
	if count <= 0 {
		count = 15
	}
	l, err := s.loadLatest(ctx, req.ChannelID)
	if errors.Is(err, data.ErrNoGame) {
		return ephemeral(errNoGameText), nil
	}
	if err != nil {
		return Reply{}, err
	}
	if l.st == nil {
		return ephemeral(rules.Msg("commands.info.log-not-started")), nil
	}
	viewer, _ := l.seatOf(req.UserID)
	entries := s.withEvents(ctx, l, l.st.Log(viewer)) // votes, timeouts, undos … (pace.go)
	if len(entries) > count {
		entries = entries[len(entries)-count:]
	}
	// The lines are translated here (in the caller's language: the reply is theirs alone), so
	// that the newest ones kept fit in the message once translated.
	loc := s.userLang(ctx, req.UserID, req.Locale)
	var lines []string
	for _, e := range entries {
		lines = append(lines, "• "+loc.Text(l.expand(e.Text, nil)))
	}
	// Keep the newest lines when the message is too long.
	for len(strings.Join(lines, "\n")) > 1900 && len(lines) > 1 {
		lines = lines[1:]
	}
	if len(lines) == 0 {
		return ephemeral(rules.Msg("commands.info.log-empty")), nil
	}
	head := loc.T("commands.info.log-head", "Game", s.gameNameMsg(l.game), "Count", len(lines))
	return ephemeral(head + "\n" + strings.Join(lines, "\n")), nil
}

// rulesText answers /rules [topic] for the channel's game, or lists every game.
func (s *Service) rulesText(ctx context.Context, req Request, topic string) (Reply, error) {
	var g rules.Game
	if l, err := s.load(ctx, req.ChannelID, 0); err == nil {
		g = l.game
	} else if !errors.Is(err, data.ErrNoGame) {
		return Reply{}, err
	}
	if g == nil {
		if gg, ok := s.gameForTopic(topic); ok {
			g = gg
		}
	}
	if g == nil {
		loc := s.userLang(ctx, req.UserID, req.Locale) // the first sentence is cut once translated
		var b strings.Builder
		b.WriteString(rules.Msg("commands.info.rules-games") + "\n")
		for _, gg := range s.reg.All() {
			lo, hi := gg.Players()
			first := ""
			if ts := gg.Rules(); len(ts) > 0 {
				first = rules.Plain(firstSentence(loc.Text(ts[0].Text)))
			}
			b.WriteString(rules.Msg("commands.info.rules-game", "Game", s.gameNameMsg(gg), "ID", gg.ID(), "Min", lo, "Max", hi, "First", first) + "\n")
		}
		b.WriteString(rules.Msg("commands.info.rules-topics-hint"))
		return ephemeral(b.String()), nil
	}
	topics := g.Rules()
	key := topic
	if i := strings.IndexByte(topic, ':'); i >= 0 {
		key = topic[i+1:]
	}
	// A topic is named by its key (what the autocomplete sends) or by its title in the reader's
	// language (what they read and may type).
	loc := s.userLang(ctx, req.UserID, req.Locale)
	for _, t := range topics {
		if key != "" && (t.Key == key || strings.EqualFold(strings.TrimSpace(key), rules.Plain(loc.Text(t.Title)))) {
			return ephemeral(fmt.Sprintf("**%s — %s**\n%s", s.gameNameMsg(g), t.Title, t.Text)), nil
		}
	}
	var b strings.Builder
	if key != "" {
		b.WriteString(rules.Msg("commands.info.rules-no-topic", "Game", s.gameNameMsg(g), "Topic", rules.Plain(strconv.Quote(key))) + " ")
	}
	b.WriteString(rules.Msg("commands.info.rules-topics", "Game", s.gameNameMsg(g)) + "\n")
	for _, t := range topics {
		fmt.Fprintf(&b, "• %s\n", t.Title) // titles in the reader's language, no internal key
	}
	if len(topics) > 0 && key == "" {
		fmt.Fprintf(&b, "\n**%s**\n%s", topics[0].Title, topics[0].Text)
	}
	return ephemeral(b.String()), nil
}

// gameForTopic reads a "game:topic" value made by the topic autocomplete outside a game channel.
func (s *Service) gameForTopic(topic string) (rules.Game, bool) {
	id, _, ok := strings.Cut(topic, ":")
	if !ok {
		id = topic
	}
	return s.reg.Get(id)
}

// autocompleteTopics lists rules topics: the channel game's, or every game's.
func (s *Service) autocompleteTopics(ctx context.Context, req Request) (Reply, error) {
	r := Reply{Type: ReplyChoices, Choices: []*discordgo.ApplicationCommandOptionChoice{}}
	typed, _ := req.Options[req.Focused].(string)
	typed = strings.ToLower(typed)
	games := s.reg.All()
	inGame := false
	if l, err := s.load(ctx, req.ChannelID, 0); err == nil {
		games, inGame = []rules.Game{l.game}, true
	}
	// The choices are made in the caller's language first: what they typed is matched against
	// the titles they read, and cut to Discord's limit once translated.
	loc := s.userLang(ctx, req.UserID, req.Locale)
	for _, g := range games {
		for _, t := range g.Rules() {
			name := loc.Text(t.Title)
			value := t.Key
			if !inGame {
				name, value = loc.Text(s.gameNameMsg(g))+": "+name, g.ID()+":"+t.Key
			}
			if typed != "" && !strings.Contains(strings.ToLower(name), typed) {
				continue
			}
			if len(r.Choices) < selectOptions {
				r.Choices = append(r.Choices, &discordgo.ApplicationCommandOptionChoice{Name: truncate(name, labelMax), Value: value})
			}
		}
	}
	return r, nil
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
