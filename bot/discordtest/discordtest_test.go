package discordtest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/bot/discordtest"
)

// rewrite sends every request for https://discord.com to the loopback server and refuses any
// other host, so that a test can never reach the real Discord.
type rewrite struct {
	base *url.URL
	next http.RoundTripper
}

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" {
		return nil, fmt.Errorf("test transport: refusing request to %s", req.URL.Host)
	}
	out := req.Clone(req.Context())
	out.URL.Scheme, out.URL.Host = r.base.Scheme, r.base.Host
	out.Host = r.base.Host
	return r.next.RoundTrip(out)
}

// newSession returns an unopened discordgo session pointed at the server, with no intents.
func newSession(t *testing.T, srv *discordtest.Server) *discordgo.Session {
	t.Helper()
	dg, err := discordgo.New("Bot " + discordtest.Token)
	if err != nil {
		t.Fatal(err)
	}
	base, err := url.Parse(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	dg.Client = &http.Client{Transport: rewrite{base: base, next: &http.Transport{}}, Timeout: 10 * time.Second}
	dg.Identify.Intents = 0
	dg.ShouldReconnectOnError = false
	dg.LogLevel = discordgo.LogError
	return dg
}

// open opens the session and closes it at cleanup.
func open(t *testing.T, dg *discordgo.Session) {
	t.Helper()
	if err := dg.Open(); err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { _ = dg.Close() })
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func pngBytes(t *testing.T, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return -1
}

func noProblems(t *testing.T, srv *discordtest.Server) {
	t.Helper()
	for _, r := range srv.Unhandled() {
		t.Errorf("unhandled request %s %s", r.Method, r.Path)
	}
	for _, v := range srv.Violations() {
		t.Errorf("contract violation: %s", v)
	}
}

var commands = []*discordgo.ApplicationCommand{
	{Name: "play", Description: "Make a move", Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "The move", Required: true, Autocomplete: true},
	}},
	{Name: "hand", Description: "Show your hand"},
	{Name: "board", Description: "Show the board"},
	{Name: "game", Description: "Games", Options: []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "players", Description: "Players", Required: true},
		}},
	}},
}

// bot answers interactions the way a real handler would, recording what it saw.
type bot struct {
	t     *testing.T
	png   []byte
	mu    sync.Mutex
	seen  []*discordgo.Interaction
	errs  []error
	delay time.Duration
}

func (b *bot) record(i *discordgo.Interaction, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.seen = append(b.seen, i)
	if err != nil {
		b.errs = append(b.errs, err)
	}
}

func (b *bot) lastErr() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.errs) == 0 {
		return nil
	}
	return b.errs[len(b.errs)-1]
}

func (b *bot) handle(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	if b.delay > 0 {
		time.Sleep(b.delay)
	}
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		data := i.ApplicationCommandData()
		switch data.Name {
		case "play":
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Content: fmt.Sprintf("<@%s> plays %s", i.Member.User.ID, data.Options[0].StringValue()),
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "Again", Style: discordgo.PrimaryButton, CustomID: "mv/1/again"},
						discordgo.Button{Label: "Old", Style: discordgo.SecondaryButton, CustomID: "mv/0/old", Disabled: true},
					}}},
				},
			})
		case "hand":
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Content: "Your hand", Flags: discordgo.MessageFlagsEphemeral,
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.SelectMenu{CustomID: "pick", Placeholder: "Pick a card", Options: []discordgo.SelectMenuOption{
							{Label: "Pepper", Value: "c1", Description: "worth 3"}, {Label: "Clove", Value: "c2"},
						}},
					}}},
				},
			})
		case "board":
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			})
			if err == nil {
				content := "The board"
				_, err = s.InteractionResponseEdit(i, &discordgo.WebhookEdit{
					Content: &content,
					Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(b.png)}},
				})
			}
			if err == nil {
				_, err = s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "Your turn, <@" + i.Member.User.ID + ">"})
			}
		case "game":
			sub := data.Options[0]
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: fmt.Sprintf("%s with %d players", sub.Name, sub.Options[0].IntValue())},
			})
		}
	case discordgo.InteractionApplicationCommandAutocomplete:
		data := i.ApplicationCommandData()
		var typed string
		for _, o := range data.Options {
			if o.Focused {
				typed = o.StringValue()
			}
		}
		var choices []*discordgo.ApplicationCommandOptionChoice
		for _, m := range []string{"pass", "pick 1", "pick 2"} {
			if strings.HasPrefix(m, typed) {
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: m, Value: m})
			}
		}
		err = s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices},
		})
	case discordgo.InteractionMessageComponent:
		data := i.MessageComponentData()
		content := fmt.Sprintf("clicked %s %v on %s", data.CustomID, data.Values, i.Message.ID)
		err = s.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: content},
		})
		if err == nil {
			// A second acknowledgement must fail with 40060.
			err = s.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredMessageUpdate,
			})
		}
	}
	b.record(i, err)
}

func startBot(t *testing.T, srv *discordtest.Server) (*discordgo.Session, *bot) {
	t.Helper()
	b := &bot{t: t, png: pngBytes(t, 40, 30, color.RGBA{200, 120, 0, 255})}
	dg := newSession(t, srv)
	dg.AddHandler(b.handle)
	open(t, dg)
	if _, err := dg.ApplicationCommandBulkOverwrite(discordtest.AppID, "", commands); err != nil {
		t.Fatalf("bulk overwrite: %v", err)
	}
	return dg, b
}

func TestReadyAndIdentify(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	dg := newSession(t, srv)
	var ready *discordgo.Ready
	got := make(chan struct{})
	dg.AddHandlerOnce(func(_ *discordgo.Session, r *discordgo.Ready) { ready = r; close(got) })
	open(t, dg)
	if err := srv.WaitReady(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	<-got
	if ready.User == nil || ready.User.ID != discordtest.BotUserID || !ready.User.Bot {
		t.Errorf("READY user = %+v, want the bot user %s", ready.User, discordtest.BotUserID)
	}
	if ready.SessionID == "" || ready.Version != 9 || ready.Application == nil || ready.Application.ID != discordtest.AppID {
		t.Errorf("READY = %+v, want session id, v 9 and application %s", ready, discordtest.AppID)
	}
	ids := srv.Identifies()
	if len(ids) != 1 || ids[0].Intents != 0 || ids[0].Token != "Bot "+discordtest.Token {
		t.Errorf("identifies = %+v, want one with intents 0 and the bot token", ids)
	}
	me, err := dg.User("@me")
	if err != nil || me.ID != discordtest.BotUserID {
		t.Errorf("GET /users/@me = %+v, %v", me, err)
	}
	noProblems(t, srv)
}

func TestPrivilegedIntentsRefused(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	dg := newSession(t, srv)
	dg.Identify.Intents = discordgo.IntentsGuildMembers
	if err := dg.Open(); err == nil {
		_ = dg.Close()
		t.Fatal("open with a privileged intent succeeded, want the connection closed with 4014")
	}
	if srv.Readies() != 0 {
		t.Errorf("readies = %d, want 0", srv.Readies())
	}
}

func TestBulkOverwrite(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	dg := newSession(t, srv)
	created, err := dg.ApplicationCommandBulkOverwrite(discordtest.AppID, "", commands)
	if err != nil {
		t.Fatal(err)
	}
	if len(created) != len(commands) {
		t.Fatalf("created %d commands, want %d", len(created), len(commands))
	}
	for _, c := range created {
		if c.ID == "" || c.Version == "" || c.ApplicationID != discordtest.AppID {
			t.Errorf("created command %+v lacks id, version or application id", c)
		}
	}
	if srv.CommandsGuild() != "" || len(srv.Commands()) != len(commands) || srv.Commands()[0]["name"] != "play" {
		t.Errorf("recorded %q %v, want the global list", srv.CommandsGuild(), srv.Commands())
	}
	// A second overwrite keeps ids of commands with the same name, with a new version.
	again, err := dg.ApplicationCommandBulkOverwrite(discordtest.AppID, "", commands[:1])
	if err != nil {
		t.Fatal(err)
	}
	if again[0].ID != created[0].ID || again[0].Version == created[0].Version {
		t.Errorf("second overwrite: id %s version %s, want id %s and a new version", again[0].ID, again[0].Version, created[0].ID)
	}
	// Guild commands are recorded with their scope and listed by GET.
	if _, err := dg.ApplicationCommandBulkOverwrite(discordtest.AppID, discordtest.GuildID, commands[1:3]); err != nil {
		t.Fatal(err)
	}
	if srv.CommandsGuild() != discordtest.GuildID || len(srv.Commands()) != 2 {
		t.Errorf("guild overwrite recorded as %q with %d commands", srv.CommandsGuild(), len(srv.Commands()))
	}
	list, err := dg.ApplicationCommands(discordtest.AppID, discordtest.GuildID)
	if err != nil || len(list) != 2 || list[0].GuildID != discordtest.GuildID {
		t.Errorf("GET guild commands = %v, %v", list, err)
	}
	// Duplicate names are refused, as Discord does.
	dup := []*discordgo.ApplicationCommand{commands[1], commands[1]}
	if _, err := dg.ApplicationCommandBulkOverwrite(discordtest.AppID, "", dup); restCode(err) != 50035 {
		t.Errorf("duplicate names: err = %v, want 50035", err)
	}
	noProblems(t, srv)
}

func TestSlashCommandAndButton(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.AddUser("9001", "ana")
	_, b := startBot(t, srv)
	ctx := ctxT(t)

	ix := srv.Command("9001", "500", "play", discordtest.Str("move", "pass"))
	resp, err := ix.Response(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordtest.CallbackMessage || resp.Content != "<@9001> plays pass" || resp.Ephemeral {
		t.Errorf("response = %+v", resp)
	}
	msg, err := ix.Final(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Kind != discordtest.KindInteraction || msg.InteractionID != ix.ID || !slices.Equal(msg.Mentions, []string{"9001"}) {
		t.Errorf("final = %+v", msg)
	}
	buttons := msg.Buttons()
	if len(buttons) != 2 || buttons[0].CustomID != "mv/1/again" || buttons[0].Label != "Again" || !buttons[1].Disabled {
		t.Fatalf("buttons = %+v", buttons)
	}
	if got := srv.Timeline("500"); len(got) != 1 || got[0].ID != msg.ID {
		t.Errorf("timeline = %+v, want the response", got)
	}
	if got := srv.Messages("500"); len(got) != 0 {
		t.Errorf("channel messages = %+v, want none (the response is an interaction message)", got)
	}

	click := srv.Button("9001", "500", msg.ID, "mv/1/again")
	resp, err = click.Response(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordtest.CallbackUpdateMessage {
		t.Errorf("click response type %d, want 7", resp.Type)
	}
	updated, err := click.Final(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if updated.ID != msg.ID || updated.Edits != 1 || updated.Content != "clicked mv/1/again [] on "+msg.ID {
		t.Errorf("updated = %+v", updated)
	}
	if len(updated.Buttons()) != 2 {
		t.Errorf("an update without components keeps them, got %+v", updated.Components)
	}
	// The handler's second acknowledgement got 40060.
	if err := waitErr(ctx, b); restCode(err) != 40060 {
		t.Errorf("second ack: %v, want code 40060", err)
	}
	// The interaction arrived with the payload discordgo needs.
	// (Handlers record after answering, so look the command up by id, not by arrival order.)
	b.mu.Lock()
	var first *discordgo.Interaction
	for _, i := range b.seen {
		if i.ID == ix.ID {
			first = i
		}
	}
	b.mu.Unlock()
	if first == nil {
		t.Fatal("the slash command was not recorded")
	}
	if first.Member == nil || first.Member.User.Username != "ana" || first.GuildID != discordtest.GuildID ||
		first.Member.Permissions != discordtest.DefaultPermissions || first.AppPermissions != discordtest.AppPermissions || first.Token != ix.Token {
		t.Errorf("interaction as received = %+v", first)
	}
	noProblems(t, srv)
}

// waitErr waits for the bot to record an error.
func waitErr(ctx context.Context, b *bot) error {
	for ctx.Err() == nil {
		if err := b.lastErr(); err != nil {
			return err
		}
		time.Sleep(5 * time.Millisecond)
	}
	return nil
}

func TestDeferredWithFileAndFollowup(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	_, b := startBot(t, srv)
	ctx := ctxT(t)
	ix := srv.Command("9002", "501", "board")
	resp, err := ix.Response(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordtest.CallbackDeferredMessage {
		t.Errorf("response type %d, want 5", resp.Type)
	}
	final, err := ix.Final(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if final.Content != "The board" || final.Loading || len(final.Files) != 1 || final.Files[0].Name != "board.png" ||
		!bytes.Equal(final.Files[0].Data, b.png) {
		t.Errorf("final = %+v", final)
	}
	if _, err := srv.WaitFor(ctx, func(m discordtest.Message) bool { return m.Kind == discordtest.KindFollowup }); err != nil {
		t.Fatal(err)
	}
	fu := ix.Followups()
	if len(fu) != 1 || fu[0].Content != "Your turn, <@9002>" || fu[0].InteractionID != ix.ID {
		t.Errorf("followups = %+v", fu)
	}
	noProblems(t, srv)
}

func TestAutocompleteSubcommandAndSelect(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	startBot(t, srv)
	ctx := ctxT(t)

	ac := srv.Autocomplete("9003", "502", "play", discordtest.Focused("move", "pi"))
	resp, err := ac.Response(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordtest.CallbackAutocomplete || len(resp.Choices) != 2 || resp.Choices[0].Name != "pick 1" {
		t.Errorf("autocomplete response = %+v", resp)
	}
	if _, err := ac.Final(ctx); err == nil {
		t.Error("Final of an autocomplete succeeded, want an error")
	}

	sub := srv.Command("9003", "502", "game", discordtest.Sub("new", discordtest.Int("players", 4)))
	if m, err := sub.Final(ctx); err != nil || m.Content != "new with 4 players" {
		t.Errorf("subcommand final = %+v, %v", m, err)
	}

	hand := srv.Command("9003", "502", "hand")
	m, err := hand.Final(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Ephemeral {
		t.Errorf("hand is not ephemeral: %+v", m)
	}
	sels := m.Selects()
	if len(sels) != 1 || sels[0].CustomID != "pick" || len(sels[0].Options) != 2 || sels[0].Options[0].Description != "worth 3" {
		t.Fatalf("selects = %+v", sels)
	}
	pick := srv.Select("9003", "502", m.ID, "pick", "c2")
	after, err := pick.Final(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after.Content != "clicked pick [c2] on "+m.ID || !after.Ephemeral {
		t.Errorf("after select = %+v", after)
	}
	noProblems(t, srv)
}

func TestChannelMessageFiles(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	dg := newSession(t, srv)
	img := pngBytes(t, 64, 48, color.RGBA{0, 90, 200, 255})
	sent, err := dg.ChannelMessageSendComplex("600", &discordgo.MessageSend{
		Content: "Board after turn 1",
		Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(img)}},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Your move", Style: discordgo.PrimaryButton, CustomID: "mv/1/menu"},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sent.Author == nil || sent.Author.ID != discordtest.BotUserID || sent.Timestamp.IsZero() || len(sent.Attachments) != 1 ||
		sent.Attachments[0].Width != 64 || sent.Attachments[0].Height != 48 || len(sent.Components) != 1 {
		t.Errorf("returned message = %+v", sent)
	}
	msgs := srv.Messages("600")
	if len(msgs) != 1 || msgs[0].Kind != discordtest.KindChannel || len(msgs[0].Files) != 1 ||
		!bytes.Equal(msgs[0].Files[0].Data, img) || msgs[0].Files[0].ContentType != "image/png" {
		t.Fatalf("messages = %+v", msgs)
	}
	reqs := srv.Requests()
	last := reqs[len(reqs)-1]
	if !strings.HasPrefix(last.ContentType, "multipart/form-data") || last.JSON()["content"] != "Board after turn 1" || len(last.Files) != 1 {
		t.Errorf("recorded request = %+v", last)
	}
	got, err := http.Get(sent.Attachments[0].URL)
	if err != nil || got.StatusCode != 200 {
		t.Errorf("attachment URL: %v %v", got, err)
	} else {
		got.Body.Close()
	}

	// attachments: [] with a new file replaces the files.
	img2 := pngBytes(t, 10, 10, color.Black)
	edit := discordgo.NewMessageEdit("600", sent.ID).SetContent("Board after turn 2")
	edit.Attachments = &[]*discordgo.MessageAttachment{}
	edit.Files = []*discordgo.File{{Name: "board2.png", ContentType: "image/png", Reader: bytes.NewReader(img2)}}
	if _, err := dg.ChannelMessageEditComplex(edit); err != nil {
		t.Fatal(err)
	}
	m, _ := srv.Message(sent.ID)
	if m.Content != "Board after turn 2" || m.Edits != 1 || len(m.Files) != 1 || m.Files[0].Name != "board2.png" || !bytes.Equal(m.Files[0].Data, img2) {
		t.Errorf("after replacing edit: %+v", m)
	}
	if len(m.Buttons()) != 1 {
		t.Errorf("edit without components dropped them: %+v", m.Components)
	}
	// Without "attachments", a new file is added to the kept ones.
	edit = discordgo.NewMessageEdit("600", sent.ID)
	edit.Files = []*discordgo.File{{Name: "legend.png", Reader: bytes.NewReader(img)}}
	if _, err := dg.ChannelMessageEditComplex(edit); err != nil {
		t.Fatal(err)
	}
	m, _ = srv.Message(sent.ID)
	if len(m.Files) != 2 || m.Files[0].Name != "board2.png" || m.Files[1].Name != "legend.png" || m.Edits != 2 {
		t.Errorf("after appending edit: %+v", m.Files)
	}
	fetched, err := dg.ChannelMessage("600", sent.ID)
	if err != nil || fetched.Content != "Board after turn 2" || fetched.EditedTimestamp == nil || len(fetched.Attachments) != 2 {
		t.Errorf("GET message = %+v, %v", fetched, err)
	}
	// Discord's limits the spec does not carry.
	if _, err := dg.ChannelMessageSend("600", strings.Repeat("x", 2001)); restCode(err) != 50035 {
		t.Errorf("2001 characters: %v, want 50035", err)
	}
	if _, err := dg.ChannelMessageSendComplex("600", &discordgo.MessageSend{}); restCode(err) != 50006 {
		t.Errorf("empty message: %v, want 50006", err)
	}
	if n := len(srv.Messages("600")); n != 1 {
		t.Errorf("refused messages were stored: %d messages", n)
	}
	if errs := srv.Errors(); len(errs) != 2 || errs[0].Status != 400 {
		t.Errorf("errors = %+v, want the two refused posts", errs)
	}
	noProblems(t, srv)
}

func TestDMs(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.AddUser("7001", "open")
	srv.AddUser("7002", "closed")
	srv.CloseDMs("7002")
	dg := newSession(t, srv)

	ch, err := dg.UserChannelCreate("7001")
	if err != nil {
		t.Fatal(err)
	}
	if ch.Type != discordgo.ChannelTypeDM || len(ch.Recipients) != 1 || ch.Recipients[0].ID != "7001" {
		t.Errorf("DM channel = %+v", ch)
	}
	again, _ := dg.UserChannelCreate("7001")
	if again == nil || again.ID != ch.ID {
		t.Errorf("second DM channel %v, want the same %s", again, ch.ID)
	}
	if _, err := dg.ChannelMessageSend(ch.ID, "Your hand: pepper, clove"); err != nil {
		t.Fatal(err)
	}
	dms := srv.DMs("7001")
	if len(dms) != 1 || dms[0].Kind != discordtest.KindDM || dms[0].UserID != "7001" || dms[0].Content != "Your hand: pepper, clove" {
		t.Errorf("DMs = %+v", dms)
	}

	closed, err := dg.UserChannelCreate("7002")
	if err != nil {
		t.Fatalf("opening the DM channel of a user with closed DMs: %v", err)
	}
	_, err = dg.ChannelMessageSend(closed.ID, "secret hand")
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != 50007 || re.Response.StatusCode != 403 {
		t.Fatalf("DM to closed user: %v, want 403 with code 50007", err)
	}
	if len(srv.DMs("7002")) != 0 {
		t.Error("a refused DM was stored")
	}
	noProblems(t, srv)
}

func TestUnhandledAndAuth(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	dg := newSession(t, srv)
	if _, err := dg.GuildRoles(discordtest.GuildID); err == nil {
		t.Error("GET guild roles succeeded on an unserved route")
	}
	un := srv.Unhandled()
	if len(un) != 1 || un[0].Method != "GET" || un[0].Path != "/api/v9/guilds/"+discordtest.GuildID+"/roles" || un[0].Status != 404 {
		t.Errorf("unhandled = %+v", un)
	}
	// A served path with another method is unhandled too.
	if _, err := dg.Request("DELETE", discordgo.EndpointUserChannels("@me"), nil); restCode(err) != 0 {
		t.Errorf("DELETE /users/@me/channels: %v, want a 404 with code 0", err)
	}
	if un := srv.Unhandled(); len(un) != 2 || un[1].Method != "DELETE" {
		t.Errorf("unhandled = %+v, want the DELETE too", un)
	}
	bad, _ := discordgo.New("Bot wrong")
	bad.Client = dg.Client
	_, err := bad.User("@me")
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response.StatusCode != 401 {
		t.Errorf("wrong token: %v, want 401", err)
	}
}

func TestAckDeadline(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.SetAckDeadline(20 * time.Millisecond)
	dg := newSession(t, srv)
	late := make(chan error, 1)
	dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		time.Sleep(60 * time.Millisecond)
		late <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		})
	})
	open(t, dg)
	srv.Command("9004", "503", "hand")
	select {
	case err := <-late:
		if restCode(err) != 10062 {
			t.Errorf("late callback: %v, want 10062", err)
		}
	case <-ctxT(t).Done():
		t.Fatal("no callback")
	}
}

func TestInteractionChecks(t *testing.T) {
	t.Parallel()
	// Test-side checks go to t.Errorf: use a recorder.
	rec := &recorder{TB: t}
	s2 := discordtest.New(rec)
	s2.AddUser("1", "a")
	dg2 := newSession(t, s2)
	if _, err := dg2.ApplicationCommandBulkOverwrite(discordtest.AppID, "", commands); err != nil {
		t.Fatal(err)
	}
	s2.Command("1", "2", "nosuch")
	s2.Command("1", "2", "play")                                   // missing required option
	s2.Command("1", "2", "play", discordtest.Int("move", 3))       // wrong type
	s2.Command("1", "2", "game", discordtest.Sub("old"))           // unknown subcommand
	s2.Button("1", "2", "123", "x")                                // unknown message
	s2.Autocomplete("1", "2", "play", discordtest.Str("move", "")) // no focused option
	want := []string{"nosuch", `requires option "move"`, "has type 3", `has no option "old"`, "unknown message", "exactly one Focused"}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.errs) != len(want) {
		t.Fatalf("reported %d problems, want %d: %q", len(rec.errs), len(want), rec.errs)
	}
	for i, w := range want {
		if !strings.Contains(rec.errs[i], w) {
			t.Errorf("problem %d = %q, want it to mention %q", i, rec.errs[i], w)
		}
	}
}

// waitUntil polls cond for up to 10 s.
func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met in 10 s")
}

// recorder is a testing.TB that collects Errorf calls instead of failing.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Helper() {}

func TestContractValidation(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	if !srv.SpecLoaded() {
		t.Skip("Discord's OpenAPI spec (shared/discord/openapi.json) is absent")
	}
	dg := newSession(t, srv)
	// Valid bodies of every kind produce no violation.
	if _, err := dg.ApplicationCommandBulkOverwrite(discordtest.AppID, "", commands); err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessageSendComplex("700", &discordgo.MessageSend{Content: "ok", Embeds: []*discordgo.MessageEmbed{{Title: "Board"}}}); err != nil {
		t.Fatal(err)
	}
	if v := srv.Violations(); len(v) != 0 {
		t.Fatalf("valid bodies gave violations: %q", v)
	}
	// A custom_id over 100 characters breaks the spec.
	_, err := dg.ChannelMessageSendComplex("700", &discordgo.MessageSend{
		Content: "bad button",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "x", Style: discordgo.PrimaryButton, CustomID: strings.Repeat("c", 101)},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	v := srv.Violations()
	if len(v) == 0 || !strings.Contains(strings.Join(v, "\n"), "POST /channels/{channel_id}/messages") ||
		!strings.Contains(strings.Join(v, "\n"), "custom_id") {
		t.Errorf("violations = %q, want the long custom_id reported", v)
	}
	// An interaction response over 2000 characters breaks the spec (and Discord refuses it).
	srv.AddUser("1", "a")
	dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: strings.Repeat("y", 2001)},
		})
	})
	open(t, dg)
	srv.Command("1", "700", "hand")
	waitUntil(t, func() bool { return len(srv.Errors()) > 0 })
	if errs := srv.Errors(); errs[0].Status != 400 || !strings.Contains(errs[0].Route, "/callback") {
		t.Errorf("errors = %+v, want the callback refused", errs)
	}
	found := false
	for _, s := range srv.Violations() {
		if strings.Contains(s, "/callback") && strings.Contains(s, "/data/content") && strings.Contains(s, "maxLength") {
			found = true
		}
	}
	if !found {
		t.Errorf("violations = %q, want the long callback content reported", srv.Violations())
	}
}

func TestRestartAndResume(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.AddUser("9005", "bo")
	ctx := ctxT(t)

	first, _ := startBot(t, srv)
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	// A command while the bot is down waits for the next session.
	ix := srv.Command("9005", "504", "play", discordtest.Str("move", "pass"))

	second := newSession(t, srv)
	b2 := &bot{t: t}
	second.AddHandler(b2.handle)
	second.ShouldReconnectOnError = true
	open(t, second)
	if err := srv.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	if srv.Readies() != 2 || len(srv.Identifies()) != 2 {
		t.Errorf("readies %d, identifies %d, want 2 each", srv.Readies(), len(srv.Identifies()))
	}
	if m, err := ix.Final(ctx); err != nil || m.Content != "<@9005> plays pass" {
		t.Fatalf("after restart: %+v, %v", m, err)
	}

	// A dropped connection resumes the same session and gets what was sent meanwhile.
	if !srv.DropGateway() {
		t.Fatal("no connection to drop")
	}
	ix2 := srv.Command("9005", "504", "play", discordtest.Str("move", "pick 1"))
	if m, err := ix2.Final(ctx); err != nil || m.Content != "<@9005> plays pick 1" {
		t.Fatalf("after resume: %+v, %v", m, err)
	}
	if srv.Readies() != 2 {
		t.Errorf("readies %d after a resume, want still 2", srv.Readies())
	}
	noProblems(t, srv)
}

// BenchmarkCommandRoundTrip measures a slash command from INTERACTION_CREATE to the bot's
// response message, through a real discordgo session.
func BenchmarkCommandRoundTrip(b *testing.B) {
	srv := discordtest.New(b)
	srv.SetAckDeadline(0)
	dg, err := discordgo.New("Bot " + discordtest.Token)
	if err != nil {
		b.Fatal(err)
	}
	base, _ := url.Parse(srv.URL())
	dg.Client = &http.Client{Transport: rewrite{base: base, next: &http.Transport{}}}
	dg.Identify.Intents = 0
	dg.ShouldReconnectOnError = false
	dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "ok"},
		})
	})
	if err := dg.Open(); err != nil {
		b.Fatal(err)
	}
	defer dg.Close()
	ctx := context.Background()
	for b.Loop() {
		if _, err := srv.Command("1", "2", "ping").Final(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPostImage measures ChannelMessageSendComplex with a 256×256 PNG (multipart parse,
// image size, contract validation when the spec is present).
func BenchmarkPostImage(b *testing.B) {
	srv := discordtest.New(b)
	dg, _ := discordgo.New("Bot " + discordtest.Token)
	base, _ := url.Parse(srv.URL())
	dg.Client = &http.Client{Transport: rewrite{base: base, next: &http.Transport{}}}
	img := image.NewRGBA(image.Rect(0, 0, 256, 256))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	for b.Loop() {
		_, err := dg.ChannelMessageSendComplex("3", &discordgo.MessageSend{
			Content: "board",
			Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(buf.Bytes())}},
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
