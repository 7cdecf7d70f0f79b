package commands

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/games"
	"spicebot/lang"
	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/rulestest"
)

func TestLocalizeReply(t *testing.T) {
	loc := lang.MustNew().For("fr")
	long := ""
	for range 30 {
		long += "x"
	}
	r := Reply{
		Content: rules.List("a", "b"),
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: rules.List(long, long, long), CustomID: "sb1:x"},
				&discordgo.Button{Label: rules.List("c", "d"), CustomID: "sb1:y"},
			}},
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{Placeholder: rules.List("e", "f"), Options: []discordgo.SelectMenuOption{{Label: rules.List("g", "h"), Value: "v"}}},
			}},
		},
		Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: rules.List("i", "j"), Value: "k"}},
		Image:   &Image{},
	}
	localizeReply(loc, &r)
	row := r.Components[0].(discordgo.ActionsRow)
	b0 := row.Components[0].(discordgo.Button)
	b1 := row.Components[1].(*discordgo.Button)
	sel := r.Components[1].(*discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
	if r.Content != "a et b" || b1.Label != "c et d" || sel.Placeholder != "e et f" || sel.Options[0].Label != "g et h" ||
		r.Choices[0].Name != "i et j" || r.Image.Lang != "fr" {
		t.Errorf("not translated: %q %q %q %q %q %q", r.Content, b1.Label, sel.Placeholder, sel.Options[0].Label, r.Choices[0].Name, r.Image.Lang)
	}
	if n := len([]rune(b0.Label)); n != maxButtonLabel || b0.CustomID != "sb1:x" || sel.Options[0].Value != "v" {
		t.Errorf("button label of %d characters (want cut to %d), custom_id %q, value %q", n, maxButtonLabel, b0.CustomID, sel.Options[0].Value)
	}
}

// localeStore is a store that counts the writes of the locales an interaction shows.
type localeStore struct {
	*data.Store
	writes int
}

func (s *localeStore) SeeLocales(ctx context.Context, userID, locale, channelID, guildLocale string) error {
	s.writes++
	return s.Store.SeeLocales(ctx, userID, locale, channelID, guildLocale)
}

// langTable is a game of reg in channel c1 of a server whose preferred locale is guild, with
// players u1 … un each speaking locales[user] (the interaction's locale), played through the
// service.
type langTable struct {
	t       *testing.T
	ctx     context.Context
	svc     *Service
	store   *localeStore
	reg     *rules.Registry
	guild   string
	locales map[string]string
	game    int64
	french  bool // check that French readers read no English (rulestest.EnglishIn)
	// thread: the game has a thread of its own (c1) and its status line in the parent channel
	// (p1), as a /game new in a text channel gets.
	thread bool
	// drawn, when set, records what rend draws: the images handed out are drawn and their texts
	// checked (drawImage).
	rend   *render.Renderer
	drawn  *rendertest.Texts
	nDrawn int // images drawn and read
	// statuses counts the status lines built, by state ("lobby", "playing", "finished").
	statuses map[data.Status]int
}

func newLangTable(t *testing.T, reg *rules.Registry, game string, guild string, locales map[string]string, users ...string) *langTable {
	t.Helper()
	return newLangTableIn(t, reg, game, guild, locales, false, users...)
}

// newLangTableIn is newLangTable, the game in a thread of its own when thread is set: the lobby
// message, then the game's status line, in channel p1 (message m1), and the thread's name is
// checked in the server's language.
func newLangTableIn(t *testing.T, reg *rules.Registry, game string, guild string, locales map[string]string, thread bool, users ...string) *langTable {
	t.Helper()
	ctx := context.Background()
	db, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	store := &localeStore{Store: db}
	lt := &langTable{t: t, ctx: ctx, svc: New(store, reg, nil), store: store, reg: reg, guild: guild, locales: locales,
		thread: thread, statuses: map[data.Status]int{}}
	newReq := Request{Kind: KindCommand, UserID: users[0], Command: "game", Sub: "new", Options: map[string]any{"game": game}}
	if thread {
		// The bot names the thread before the lobby opens, from the command used in p1.
		name := lt.svc.ThreadName(ctx, Request{Kind: KindCommand, ChannelID: "p1", GuildID: "g1", GuildLocale: guild,
			UserID: users[0], UserName: strings.ToUpper(users[0]), Locale: locales[users[0]], Command: "game", Sub: "new",
			Options: map[string]any{"game": game}})
		noMarkup(t, "thread name", name)
		if lang.Match(guild) == "fr" {
			frenchOnly(t, "thread name in a French server", name)
		}
		newReq.LobbyChannelID, newReq.LobbyMessageID = "p1", "m1"
	}
	lobby := lt.do(newReq)
	if lobby.Ephemeral {
		t.Fatalf("the lobby is private: %q", lobby.Content)
	}
	for _, u := range users[1:] {
		lt.do(Request{Kind: KindCommand, UserID: u, Command: "game", Sub: "join"})
	}
	lt.do(Request{Kind: KindCommand, UserID: users[0], Command: "game", Sub: "start"})
	row, _, err := db.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	lt.game = row.ID
	return lt
}

// do answers req from its user, in their locale, in channel c1; every reply is checked for
// markup left untranslated and for messages missing from the catalogues.
func (lt *langTable) do(req Request) Reply {
	lt.t.Helper()
	req.ChannelID, req.GuildID, req.GuildLocale = "c1", "g1", lt.guild
	req.Locale = lt.locales[req.UserID]
	if req.UserName == "" {
		req.UserName = strings.ToUpper(req.UserID)
	}
	if req.Options == nil {
		req.Options = map[string]any{}
	}
	r, err := lt.svc.Handle(lt.ctx, req)
	if err != nil {
		lt.t.Fatal(err)
	}
	noMarkup(lt.t, fmt.Sprintf("reply to %s %s %s", req.Command, req.Sub, req.CustomID), replyTexts(r)...)
	if lt.french && lang.Match(req.Locale) == "fr" && req.Kind != KindAutocomplete {
		frenchOnly(lt.t, fmt.Sprintf("reply to %s %s %s", req.Command, req.Sub, req.CustomID), replyTexts(r)...)
	}
	return r
}

// current returns the game's row, seats and state.
func (lt *langTable) current() (data.Game, []data.Seat, rules.State) {
	lt.t.Helper()
	row, seats, err := lt.store.GameByID(lt.ctx, lt.game)
	if err != nil {
		lt.t.Fatal(err)
	}
	g, _ := lt.reg.Get(row.Game)
	st, err := g.Load(row.State)
	if err != nil {
		lt.t.Fatal(err)
	}
	return row, seats, st
}

// deliver builds every pending outbox item as the bot would (the board, the DMs, the notices in
// English as an English channel reads them), checks their texts and marks them sent.
func (lt *langTable) deliver() (boards []BoardPost, dms []DirectMessage) {
	lt.t.Helper()
	items, err := lt.store.PendingOutbox(lt.ctx, 0)
	if err != nil {
		lt.t.Fatal(err)
	}
	var board []data.OutboxItem
	for _, it := range items {
		switch it.Kind {
		case KindBoard:
			board = append(board, it)
		case KindDM:
			dm, ok, err := lt.svc.DirectMessage(lt.ctx, it)
			if err != nil {
				lt.t.Fatal(err)
			}
			if ok {
				texts := []string{dm.Content}
				if dm.Image != nil {
					texts = append(texts, dm.Image.Names...)
				}
				noMarkup(lt.t, "DM", texts...)
				if lt.french && lang.Match(lt.locales[it.Target]) == "fr" {
					frenchOnly(lt.t, "DM", dm.Content)
				}
				dms = append(dms, dm)
			}
		case KindStatus:
			post, ok, err := lt.svc.StatusPost(lt.ctx, lt.game, []data.OutboxItem{it})
			if err != nil {
				lt.t.Fatal(err)
			}
			if ok {
				row, _, _ := lt.current()
				lt.statuses[row.Status]++
				lt.public("status line", append([]string{post.Content, post.ThreadName}, componentTexts(post.Components)...)...)
			}
		case KindNotice:
			text, err := NoticeText(it)
			if err != nil {
				lt.t.Fatal(err)
			}
			noMarkup(lt.t, "notice", lt.svc.Words().For(lt.guild).Text(text))
		}
		if err := lt.store.MarkSent(lt.ctx, it.ID); err != nil {
			lt.t.Fatal(err)
		}
	}
	if len(board) > 0 {
		post, err := lt.svc.BoardPost(lt.ctx, lt.game, board)
		if err != nil {
			lt.t.Fatal(err)
		}
		texts := append([]string{post.Content}, post.Image.Names...)
		noMarkup(lt.t, "board", append(texts, componentTexts(post.Components)...)...)
		if lt.french && lang.Match(lt.guild) == "fr" {
			frenchOnly(lt.t, "board", append([]string{post.Content}, componentTexts(post.Components)...)...)
		}
		boards = append(boards, post)
	}
	return boards, dms
}

// public checks texts the server's channel reads: no markup, and no English in a French server.
func (lt *langTable) public(where string, texts ...string) {
	lt.t.Helper()
	noMarkup(lt.t, where, texts...)
	if lt.french && lang.Match(lt.guild) == "fr" {
		frenchOnly(lt.t, where+" in a French server", texts...)
	}
}

// drawImage draws img as the bot would (board or hand, full or not, in img.Lang) when the table
// draws (lt.rend), and checks every text drawn: no markup, no internal id, nothing too small
// (rendertest.Texts.Check), and no English in a French image.
func (lt *langTable) drawImage(where string, img *Image) {
	lt.t.Helper()
	if img == nil || lt.rend == nil {
		return
	}
	l := lt.rend.In(img.Lang)
	if img.Full {
		l = l.Full()
	}
	lt.drawn.Take()
	var err error
	if img.Hand {
		_, err = l.Hand(img.View, img.Names)
	} else {
		_, err = l.Board(img.View, img.Names)
	}
	if err != nil {
		lt.t.Fatalf("%s: draw: %v", where, err)
	}
	lt.nDrawn++
	var words []string
	for _, d := range lt.drawn.Check(lt.t, where) {
		words = append(words, d.Text)
	}
	noMarkup(lt.t, where+" image", words...)
	if lt.french && lang.Match(img.Lang) == "fr" {
		frenchOnly(lt.t, where+" image, drawn in French", words...)
	}
}

// replyTexts returns every text a reply shows.
func replyTexts(r Reply) []string {
	out := append([]string{r.Content}, componentTexts(r.Components)...)
	for _, c := range r.Choices {
		out = append(out, c.Name)
	}
	if r.Image != nil {
		out = append(out, r.Image.Names...)
	}
	if r.File != nil && strings.HasPrefix(r.File.ContentType, "text/plain") {
		out = append(out, string(r.File.Data))
	}
	return out
}

// componentTexts returns the labels, placeholders and option texts of components.
func componentTexts(cs []discordgo.MessageComponent) []string {
	var out []string
	for _, c := range cs {
		switch c := c.(type) {
		case discordgo.ActionsRow:
			out = append(out, componentTexts(c.Components)...)
		case *discordgo.ActionsRow:
			out = append(out, componentTexts(c.Components)...)
		case discordgo.Button:
			out = append(out, c.Label)
		case *discordgo.Button:
			out = append(out, c.Label)
		case discordgo.SelectMenu:
			out = append(out, c.Placeholder)
			for _, o := range c.Options {
				out = append(out, o.Label, o.Description)
			}
		case *discordgo.SelectMenu:
			out = append(out, c.Placeholder)
			for _, o := range c.Options {
				out = append(out, o.Label, o.Description)
			}
		}
	}
	return out
}

// missingID is the visible mark of a message id missing from every catalogue ("[commands.x]").
var missingID = regexp.MustCompile(`\[[a-z][a-z0-9-]*(\.[a-z0-9_-]+)+\]`)

// noMarkup fails if a text a player reads holds message markup or a missing message.
func noMarkup(t *testing.T, where string, texts ...string) {
	t.Helper()
	for _, x := range texts {
		if strings.Contains(x, rules.MsgOpen) || strings.Contains(x, rules.MsgClose) || missingID.MatchString(x) {
			t.Fatalf("%s shows untranslated text: %q", where, x)
		}
	}
}

// userOf returns the user at seat.
func (lt *langTable) userOf(seat rules.Seat) string {
	_, seats, _ := lt.current()
	return seatUser(seats, int(seat))
}

// TestLanguagesOfAGame: in an en-US server, a player whose client is French reads their private
// replies (status, decision menus and the updates of them, autocomplete, the move's answer) and
// DMs in French, while the lobby, the board post, its image and the public answers stay English;
// an English player reads English; in a channel set to French, the board and its image are French.
func TestLanguagesOfAGame(t *testing.T) {
	reg := &rules.Registry{}
	reg.Register(countGame{moves: 130})
	locales := map[string]string{"u1": "fr", "u2": "en-US"}
	lt := newLangTable(t, reg, "count", "en-US", locales, "u1", "u2")
	boards, _ := lt.deliver()
	if len(boards) != 1 || !strings.HasPrefix(boards[0].Content, "**Count** · turn 1") || boards[0].Image.Lang != "en" {
		t.Fatalf("board in an en-US server: %+v", boards)
	}
	if got := buttonLabels(boards[0].Components); got != "Your move|My hand|Details" {
		t.Fatalf("board buttons %q", got)
	}
	// The image is named after the game and its turn, and described for screen readers.
	if img := boards[0].Image; img.File != "count-turn-1.png" || !strings.HasPrefix(img.Alt, "Count board, turn 1: ") || !strings.HasSuffix(img.Alt, " to act.") {
		t.Fatalf("board image file %q, alt text %q", img.File, img.Alt)
	}
	_, _, st := lt.current()
	fr, en := lt.userOf(st.Active()[0]), lt.userOf(1-st.Active()[0])
	locales[fr], locales[en] = "fr", "en-US"

	// /game status: private, so each in their own language.
	if r := lt.do(Request{Kind: KindCommand, UserID: fr, Command: "game", Sub: "status"}); !r.Ephemeral ||
		!strings.Contains(r.Content, "**Count** — tour 1") || !strings.Contains(r.Content, "Places : 1. ") ||
		!strings.Contains(r.Content, "C’est à vous de jouer") {
		t.Fatalf("status for a French player: %q", r.Content)
	}
	if r := lt.do(Request{Kind: KindCommand, UserID: en, Command: "game", Sub: "status"}); !strings.Contains(r.Content, "**Count** — turn 1") ||
		!strings.Contains(r.Content, "You have nothing to do right now.") {
		t.Fatalf("status for an English player: %q", r.Content)
	}

	// The decision menu: a new ephemeral message, then updates of it, in French.
	row, _, _ := lt.current()
	menu := lt.do(Request{Kind: KindComponent, UserID: fr, CustomID: CustomID{Action: ActYourMove, Game: row.ID, Version: row.Version}.String()})
	if !menu.Ephemeral || !strings.Contains(menu.Content, "(page 1 sur 2, 130 choix)") {
		t.Fatalf("menu for a French player: %q", menu.Content)
	}
	next := buttons(menu)
	if len(next) != 1 || next[0].Label != "Suivant ▶" {
		t.Fatalf("menu buttons %+v", next)
	}
	page2 := lt.do(Request{Kind: KindComponent, UserID: fr, CustomID: next[0].CustomID, OnEphemeral: true})
	if page2.Type != ReplyUpdate || !strings.Contains(page2.Content, "(page 2 sur 2, 130 choix)") || buttons(page2)[0].Label != "◀ Précédent" {
		t.Fatalf("page 2 of the menu, an update of an ephemeral message: %q %+v", page2.Content, buttons(page2))
	}
	// Updating a message that is not ephemeral is made in the channel's language.
	if r := lt.do(Request{Kind: KindComponent, UserID: fr, CustomID: next[0].CustomID}); !strings.Contains(r.Content, "(page 2 of 2, 130 choices)") {
		t.Fatalf("update of a public message: %q", r.Content)
	}
	// The autocomplete is the user's.
	ac := lt.do(Request{Kind: KindAutocomplete, UserID: fr, Command: "play", Focused: "move", Options: map[string]any{"move": ""}})
	if len(ac.Choices) != 25 || ac.Choices[24].Name != "… et 106 de plus : continuez à taper pour affiner" {
		t.Fatalf("autocomplete for a French player: %d choices, last %q", len(ac.Choices), ac.Choices[len(ac.Choices)-1].Name)
	}
	sel := selects(page2)
	played := lt.do(Request{Kind: KindComponent, UserID: fr, CustomID: sel[1].CustomID, Values: []string{sel[1].Options[0].Value}, OnEphemeral: true})
	if played.Type != ReplyUpdate || !strings.HasPrefix(played.Content, "Vous avez joué : Name 126.") {
		t.Fatalf("the move's answer: %q", played.Content)
	}
	// The board stays English; the English player's menu too.
	boards, _ = lt.deliver()
	if len(boards) != 1 || !strings.HasPrefix(boards[0].Content, "**Count** · turn 2") || boards[0].Image.Lang != "en" {
		t.Fatalf("board after the French player's move: %+v", boards)
	}
	row, _, _ = lt.current()
	if r := lt.do(Request{Kind: KindComponent, UserID: en, CustomID: CustomID{Action: ActYourMove, Game: row.ID, Version: row.Version}.String()}); !strings.Contains(r.Content, "(page 1 of 2, 130 choices)") {
		t.Fatalf("menu for an English player: %q", r.Content)
	}

	// A channel set to French (/settings language): its board and the board's image are French,
	// whatever the server's locale.
	if err := lt.store.SetChannelLanguage(lt.ctx, "c1", "fr"); err != nil {
		t.Fatal(err)
	}
	post, err := lt.svc.BoardPost(lt.ctx, lt.game, []data.OutboxItem{boardItem(row, row.Version, row.Version, true, true)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(post.Content, "**Count** · tour 2") || post.Image.Lang != "fr" || buttonLabels(post.Components) != "Votre coup|Ma main|Détails" {
		t.Fatalf("board in a French channel: %q, image %q, buttons %q", post.Content, post.Image.Lang, buttonLabels(post.Components))
	}
	if !strings.HasPrefix(post.Image.Alt, "Plateau de Count, tour 2 : à ") {
		t.Fatalf("board image's alt text in a French channel: %q", post.Image.Alt)
	}
	// A public answer follows the channel too: the results and Rematch of a finished game.
	for {
		row, _, st := lt.current()
		if row.Status != data.StatusPlaying {
			break
		}
		seat := st.Active()[0]
		lt.do(Request{Kind: KindCommand, UserID: lt.userOf(seat), Command: "play", Options: map[string]any{"move": st.Legal(seat)[0].String()}})
	}
	boards, _ = lt.deliver()
	if len(boards) != 1 || !strings.Contains(boards[0].Content, "🏁 **Partie terminée !**") || buttonLabels(boards[0].Components) != "Revanche" {
		t.Fatalf("results in a French channel: %+v", boards)
	}
	if err := lt.store.SetChannelLanguage(lt.ctx, "c1", ""); err != nil {
		t.Fatal(err)
	}
	boards, _ = lt.deliver()
	rematch := lt.do(Request{Kind: KindComponent, UserID: fr, CustomID: CustomID{Action: ActRematch, Game: lt.game}.String()})
	if rematch.Ephemeral || !strings.Contains(rematch.Content, "wants a rematch!") {
		t.Fatalf("a French player's rematch, posted in an en-US server: %q", rematch.Content)
	}
}

// buttonLabels joins the labels of the buttons of components with "|".
func buttonLabels(cs []discordgo.MessageComponent) string {
	var out []string
	for _, row := range cs {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if b, ok := c.(discordgo.Button); ok {
				out = append(out, b.Label)
			}
		}
	}
	return strings.Join(out, "|")
}

// TestLanguagesOfDMs: a DM is in the language last seen for its recipient (French for a player
// whose client was French, English otherwise), its hand image too; the move's private answer with
// the hand is in the mover's language.
func TestLanguagesOfDMs(t *testing.T) {
	reg := &rules.Registry{}
	reg.Register(stepGame{})
	locales := map[string]string{"u1": "fr", "u2": "en-GB"}
	lt := newLangTable(t, reg, "step", "en-US", locales, "u1", "u2")
	for _, u := range []string{"u1", "u2"} { // every DM, in this live game too
		if err := lt.store.SetSettings(lt.ctx, u, data.UserSettings{Notify: data.NotifyAll}); err != nil {
			t.Fatal(err)
		}
	}
	_, dms := lt.deliver()
	byUser := map[string]DirectMessage{}
	for _, dm := range dms {
		byUser[dm.UserID] = dm
	}
	// Seat 0 goes first: one DM says so, the other says the game started.
	for user, want := range map[string][]string{
		"u1": {"**Step** dans <#c1> · tour 1", "[Aller au plateau](https://discord.com/channels/g1/c1)"},
		"u2": {"**Step** in <#c1> · turn 1", "[Go to the board](https://discord.com/channels/g1/c1)"},
	} {
		dm, ok := byUser[user]
		if !ok {
			t.Fatalf("no DM to %s: %+v", user, dms)
		}
		for _, w := range want {
			if !strings.Contains(dm.Content, w) {
				t.Errorf("DM to %s lacks %q: %q", user, w, dm.Content)
			}
		}
		if dm.Image != nil && dm.Image.Lang != lang.Match(locales[user]) {
			t.Errorf("DM image to %s drawn in %q", user, dm.Image.Lang)
		}
	}
	if !strings.Contains(byUser["u1"].Content+byUser["u2"].Content, "La partie a commencé") {
		t.Errorf("no French DM: %q", byUser["u1"].Content)
	}
	// The mover draws a card: the answer shows their new hand, in their language.
	_, _, st := lt.current()
	mover := lt.userOf(st.Active()[0])
	r := lt.do(Request{Kind: KindCommand, UserID: mover, Command: "play", Options: map[string]any{"move": "draw"}})
	wantLang, wantText := lang.Match(locales[mover]), map[string]string{"fr": "Vous avez joué :", "en": "You played:"}
	if r.Image == nil || r.Image.Lang != wantLang || !r.Image.Hand || !strings.HasPrefix(r.Content, wantText[wantLang]) {
		t.Fatalf("answer to a draw by %s: %q, image %+v", mover, r.Content, r.Image)
	}
	// A DM made later (the next turn) follows the recipient's last locale: u2 switches to French.
	locales["u2"] = "fr"
	lt.do(Request{Kind: KindCommand, UserID: "u2", Command: "game", Sub: "status"})
	lt.deliver()
	_, _, st = lt.current()
	seat := st.Active()[0]
	lt.do(Request{Kind: KindCommand, UserID: lt.userOf(seat), Command: "play", Options: map[string]any{"move": "end"}})
	_, dms = lt.deliver()
	if len(dms) != 1 || !strings.Contains(dms[0].Content, "C’est à vous de jouer.") {
		t.Fatalf("DM of the next turn to a French player: %+v", dms)
	}
	// Both speak French now: a step's answer offers to take it back, in French, and the undo
	// tells the channel in English.
	_, _, st = lt.current()
	r = lt.do(Request{Kind: KindCommand, UserID: lt.userOf(st.Active()[0]), Command: "play", Options: map[string]any{"move": "step"}})
	b, ok := undoButton(r)
	if !ok || b.Label != "Reprendre" {
		t.Fatalf("the step's Undo button: %q %+v", r.Content, buttons(r))
	}
	lt.deliver()
	undone := lt.do(Request{Kind: KindComponent, UserID: lt.userOf(st.Active()[0]), CustomID: b.CustomID, OnEphemeral: true})
	if !strings.HasPrefix(undone.Content, "↩️ Vous avez repris : Take a step.") {
		t.Fatalf("undo answered %q", undone.Content)
	}
	items, _ := lt.store.PendingOutbox(lt.ctx, 0)
	for _, it := range items {
		if it.Kind == KindNotice {
			text, _ := NoticeText(it)
			if got := lt.svc.Words().For("en-US").Text(text); !strings.HasSuffix(got, " took back their move.") {
				t.Errorf("undo notice in an en-US channel: %q", got)
			}
		}
	}
}

// TestLocalesRecordedOnChange: the locales an interaction shows are written only when they
// change, not once per interaction; DMs follow the new locale at once.
func TestLocalesRecordedOnChange(t *testing.T) {
	reg := &rules.Registry{}
	reg.Register(countGame{moves: 3})
	locales := map[string]string{"u1": "fr", "u2": "en-US"}
	lt := newLangTable(t, reg, "count", "en-US", locales, "u1", "u2")
	// u1 and the channel (first interaction), u2 (second); the rest changed nothing.
	if lt.store.writes != 2 {
		t.Fatalf("%d locale writes for 3 interactions of 2 users in one channel, want 2", lt.store.writes)
	}
	for range 5 {
		lt.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "status"})
	}
	if lt.store.writes != 2 {
		t.Fatalf("%d locale writes after repeated interactions, want 2", lt.store.writes)
	}
	locales["u1"] = "en-GB"
	lt.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "status"})
	if got, _ := lt.store.UserLocale(lt.ctx, "u1"); lt.store.writes != 3 || got != "en-GB" {
		t.Fatalf("after a change of locale: %d writes, stored %q", lt.store.writes, got)
	}
	if c, _ := lt.store.ChannelLanguage(lt.ctx, "c1"); c.Locale() != "en-US" {
		t.Fatalf("channel locale %+v", c)
	}
}

// TestExpandKeepsNamesInsideMessages: a user name put in a message's arguments comes out of the
// translation exactly as outside one (Markdown escapes, '|', '=', '\\' and brackets included).
func TestExpandKeepsNamesInsideMessages(t *testing.T) {
	name := `a|b_c=d\e⟦x⟧*`
	l := &loaded{seats: []data.Seat{{Seat: 0, Name: name}, {Seat: 1, Name: "B"}}, st: &countState{Sum: []int{0, 0}}, game: countGame{}}
	inside := english().Text(l.expand(rules.Msg("commands.undo.took_back_their", "Seat", rules.SeatRef(0)), nil))
	outside := l.expand(rules.SeatRef(0), nil) + " took back their move."
	if inside != outside || !strings.Contains(inside, `**a\|b\_c=d\e[x]\***`) {
		t.Fatalf("inside a message %q, outside %q", inside, outside)
	}
	// Nested messages and component words too.
	nested := rules.Msg("commands.play.played", "Moves", rules.List(rules.SeatRef(0), rules.SeatRef(1)))
	if got, want := english().Text(l.expand(nested, nil)), "You played: "+l.expand(rules.SeatRef(0), nil)+" and **B**."; got != want {
		t.Fatalf("nested: %q, want %q", got, want)
	}
	if got := escape("a_b " + rules.Msg("commands.game.seat_name", "N", 1) + " c*d"); got != `a\_b `+rules.Msg("commands.game.seat_name", "N", 1)+` c\*d` {
		t.Fatalf("escape touched markup: %q", got)
	}
}

// TestNoMarkupInAWholeGame plays random Borneo games through the service, one player with a
// French client in an en-US server and one in a French server, pressing every menu and reading
// every reply, board, DM and notice: none shows message markup or a missing message, boards are
// in the server's language and each DM and private image in its reader's.
//
// Every game is played (issue 26): Borneo as long as it lasts, the others for a few hundred moves;
// and every text a French reader gets — their replies and menus, their DMs, the boards of a French
// server — holds no English word (rulestest.EnglishIn).
func TestNoMarkupInAWholeGame(t *testing.T) {
	for _, game := range []string{"borneo", "spice-merchant", "batavia", "dutch-east-indies"} {
		for _, guild := range []string{"en-US", "fr"} {
			t.Run(game+"/"+guild, func(t *testing.T) { wholeGameWords(t, game, guild) })
		}
	}
}

// frenchOnly fails if texts meant for a French reader hold English words; the players' names
// (U1 …) are left out first.
func frenchOnly(t *testing.T, where string, texts ...string) {
	t.Helper()
	for _, x := range texts {
		if en := rulestest.EnglishIn(x); len(en) > 0 {
			t.Fatalf("%s, read in French, holds English %v: %q", where, en, x)
		}
	}
}

// drawEvery is how often wholeGameWords draws an image it is handed (every drawEvery-th board,
// DM and Details): drawing all of them would take minutes.
const drawEvery = 8

func wholeGameWords(t *testing.T, game, guild string) {
	{
		{
			reg := games.Registry()
			locales := map[string]string{"u1": "fr", "u2": "en-US", "u3": "en-GB", "u4": "fr"}
			users := []string{"u1", "u2", "u3", "u4"}
			if g, _ := reg.Get(game); g != nil {
				if _, hi := g.Players(); hi < 4 {
					users = users[:hi]
				}
			}
			// The game has a thread (its status line and the thread's name in the parent
			// channel), and the images handed out are drawn and read.
			rend, err := games.Renderer()
			if err != nil {
				t.Fatal(err)
			}
			traced := rendertest.Trace(rend)
			defer rend.TraceText(nil)
			lt := newLangTableIn(t, reg, game, guild, locales, true, users...)
			lt.french, lt.rend, lt.drawn = true, rend, traced
			for _, u := range users { // every DM, in this live game too, to read them all
				if err := lt.store.SetSettings(lt.ctx, u, data.UserSettings{Notify: data.NotifyAll}); err != nil {
					t.Fatal(err)
				}
			}
			rng := rules.NewRNG(7)
			maxMoves := 4000
			if game != "borneo" {
				maxMoves = 400
			}
			if testing.Short() {
				maxMoves = 150
			}
			head := map[string]string{"en-US": "** · turn ", "fr": "** · tour "}[guild]
			nBoards, nDMs, nPlayed := 0, 0, 0
			check := func(boards []BoardPost, dms []DirectMessage) {
				t.Helper()
				nBoards, nDMs = nBoards+len(boards), nDMs+len(dms)
				for _, b := range boards {
					if b.Image.Lang != lang.Match(guild) || !strings.Contains(b.Content, head) {
						t.Fatalf("board in a %s server: image in %q, %q", guild, b.Image.Lang, b.Content)
					}
					if nBoards%drawEvery == 1 {
						lt.drawImage("board", &b.Image)
					}
				}
				for _, dm := range dms {
					if dm.Image != nil && dm.Image.Lang != lang.Match(locales[dm.UserID]) {
						t.Fatalf("DM image to %s in %q", dm.UserID, dm.Image.Lang)
					}
					if nDMs%drawEvery == 1 {
						lt.drawImage("DM to "+dm.UserID, dm.Image)
					}
				}
			}
			check(lt.deliver())
			for i := 0; i < maxMoves; i++ {
				row, _, st := lt.current()
				if row.Status != data.StatusPlaying {
					break
				}
				var movers []rules.Seat
				for _, s := range st.Active() {
					if len(st.Legal(s)) > 0 {
						movers = append(movers, s)
					}
				}
				seat := movers[rng.Intn(len(movers))]
				user := lt.userOf(seat)
				// Open the menu and follow one of its components at random.
				menu := lt.do(Request{Kind: KindComponent, UserID: user, CustomID: CustomID{Action: ActYourMove, Game: row.ID, Version: row.Version}.String()})
				if bs := buttons(menu); len(bs) > 0 && rng.Intn(2) == 0 {
					if b := bs[rng.Intn(len(bs))]; !b.Disabled {
						lt.do(Request{Kind: KindComponent, UserID: user, CustomID: b.CustomID, OnEphemeral: true})
					}
				}
				if i%7 == 0 {
					// The board's Details button: the full board, privately, in the reader's
					// language.
					d := lt.do(Request{Kind: KindComponent, UserID: user, CustomID: CustomID{Action: ActDetails, Game: row.ID}.String(), OnEphemeral: true})
					if i%(7*drawEvery) == 0 {
						lt.drawImage("Details", d.Image)
					}
					lt.do(Request{Kind: KindCommand, UserID: user, Command: "game", Sub: "status"})
					lt.do(Request{Kind: KindAutocomplete, UserID: user, Command: "play", Focused: "move", Options: map[string]any{"move": ""}})
				}
				if row2, _, _ := lt.current(); row2.Version != row.Version {
					check(lt.deliver()) // the menu's button played a move
					continue
				}
				legal := st.Legal(seat)
				r := lt.do(Request{Kind: KindCommand, UserID: user, Command: "play", Options: map[string]any{"move": legal[rng.Intn(len(legal))].String()}})
				if strings.HasPrefix(r.Content, "You played") || strings.HasPrefix(r.Content, "Vous avez joué") {
					nPlayed++
				}
				if r.Image != nil && r.Image.Lang != lang.Match(locales[user]) {
					t.Fatalf("the hand shown to %s is drawn in %q", user, r.Image.Lang)
				}
				if b, ok := undoButton(r); ok && rng.Intn(4) == 0 {
					lt.do(Request{Kind: KindComponent, UserID: user, CustomID: b.CustomID, OnEphemeral: true})
				}
				check(lt.deliver())
			}
			lt.do(Request{Kind: KindCommand, UserID: "u1", Command: "game", Sub: "status"})
			check(lt.deliver())
			row, _, _ := lt.current()
			if lt.statuses[data.StatusPlaying] == 0 || (row.Status == data.StatusFinished && lt.statuses[data.StatusFinished] == 0) {
				t.Fatalf("status lines read: %v (the game is %s)", lt.statuses, row.Status)
			}
			if lt.nDrawn < 5 {
				t.Fatalf("only %d images drawn and read", lt.nDrawn)
			}
			if nPlayed < 30 || nBoards < 30 || nDMs == 0 {
				t.Fatalf("too little was played to tell: %d moves by /play, %d boards, %d DMs", nPlayed, nBoards, nDMs)
			}
			t.Logf("%d moves by /play, %d boards, %d DMs, %d images drawn and read, status lines %v", nPlayed, nBoards, nDMs, lt.nDrawn, lt.statuses)
		}
	}
}
