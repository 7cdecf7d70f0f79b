// Package bot is spicebot's Discord side: the discordgo session (no gateway intents: interactions
// need none), the bulk registration of slash commands, the dispatch of interactions to package
// commands, the replies (deferred when they include a rendered image), and the delivery of the
// outbox: board posts and edits, DMs with the closed-DM fallback, notices.
package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/data"
	"spicebot/render"
	"spicebot/rules"
)

// Config is the bot's configuration (from environment variables and flags; see main.go).
type Config struct {
	// Token is the bot token (DISCORD_TOKEN), without the "Bot " prefix.
	Token string
	// GuildID, when set, registers the commands in that guild only (instant updates).
	GuildID string
	// APIURL is the base URL of Discord's API (DISCORD_API_URL); default DefaultAPIURL.
	APIURL string
	// RetryDelay is how long a failed outbox delivery waits before the next try (default 5 s).
	RetryDelay time.Duration
}

// Bot is a running spicebot: one discordgo session plus the outbox worker.
type Bot struct {
	cfg   Config
	log   *slog.Logger
	store *data.Store
	svc   *commands.Service
	rend  *render.Renderer

	session *discordgo.Session
	appID   string
	ready   chan struct{}

	ctx     context.Context
	cancel  context.CancelFunc
	nudge   chan struct{} // wakes the board worker
	nudgeDM chan struct{} // wakes the DM worker
	wg      sync.WaitGroup
}

// New makes a bot over an open store and the registered games. It does not connect; see Open.
func New(cfg Config, store *data.Store, reg *rules.Registry, rend *render.Renderer, log *slog.Logger) (*Bot, error) {
	if cfg.Token == "" {
		return nil, errors.New("bot: no token")
	}
	if cfg.APIURL == "" {
		cfg.APIURL = DefaultAPIURL
	}
	if cfg.RetryDelay <= 0 {
		cfg.RetryDelay = 5 * time.Second
	}
	if log == nil {
		log = slog.Default()
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("bot: new session: %w", err)
	}
	tr, err := newRewriteTransport(cfg.APIURL, nil)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: tr}
	s.Identify.Intents = discordgo.IntentsNone
	s.StateEnabled = false
	s.LogLevel = discordgo.LogWarning
	b := &Bot{
		cfg: cfg, log: log, store: store, svc: commands.New(store, reg, log), rend: rend,
		session: s, ready: make(chan struct{}), nudge: make(chan struct{}, 1), nudgeDM: make(chan struct{}, 1),
	}
	s.AddHandler(b.onReady)
	s.AddHandler(b.onInteraction)
	return b, nil
}

// Session returns the discordgo session (for tests and diagnostics).
func (b *Bot) Session() *discordgo.Session { return b.session }

// Open connects to the gateway, waits for READY, registers the slash commands with one bulk
// overwrite, and starts the outbox worker, which first delivers whatever was due before a restart.
func (b *Bot) Open(ctx context.Context) error {
	b.ctx, b.cancel = context.WithCancel(context.Background())
	if err := b.session.Open(); err != nil {
		return fmt.Errorf("bot: open gateway: %w", err)
	}
	select {
	case <-b.ready:
	case <-ctx.Done():
		return fmt.Errorf("bot: waiting for READY: %w", ctx.Err())
	case <-time.After(30 * time.Second):
		return errors.New("bot: no READY from the gateway within 30 s")
	}
	defs := commands.Definitions(b.svc.Registry())
	if _, err := b.session.ApplicationCommandBulkOverwrite(b.appID, b.cfg.GuildID, defs, discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("bot: register commands: %w", err)
	}
	b.log.Info("commands registered", "count", len(defs), "guild", b.cfg.GuildID)
	b.wg.Add(2)
	go b.worker(b.nudge, commands.KindBoard, commands.KindNotice)
	go b.worker(b.nudgeDM, commands.KindDM)
	b.kick()
	return nil
}

// Close stops the worker and closes the gateway connection.
func (b *Bot) Close() error {
	if b.cancel != nil {
		b.cancel()
	}
	b.wg.Wait()
	if err := b.session.Close(); err != nil {
		return fmt.Errorf("bot: close session: %w", err)
	}
	return nil
}

// Run opens the bot, serves until ctx is done, then closes it.
func (b *Bot) Run(ctx context.Context) error {
	if err := b.Open(ctx); err != nil {
		return err
	}
	b.log.Info("spicebot is running")
	<-ctx.Done()
	b.log.Info("shutting down")
	return b.Close()
}

func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	switch {
	case r.Application != nil && r.Application.ID != "":
		b.appID = r.Application.ID
	case r.User != nil:
		b.appID = r.User.ID
	}
	b.log.Info("connected to the gateway", "application", b.appID)
	select {
	case <-b.ready:
	default:
		close(b.ready)
	}
}

// kick wakes the outbox workers.
func (b *Bot) kick() {
	for _, ch := range []chan struct{}{b.nudge, b.nudgeDM} {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// onInteraction answers one interaction: handle it, then send the reply (deferring first when the
// reply carries an image to render).
func (b *Bot) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	i := ic.Interaction
	req, ok := toRequest(i)
	if !ok {
		return
	}
	reply, _ := b.svc.Handle(ctx, req) // errors are logged by Handle and answered in reply
	if err := b.respond(ctx, i, reply); err != nil {
		b.log.Error("reply failed", "interaction", i.ID, "command", req.Command, "err", err)
	}
	if reply.Nudge {
		b.kick()
	}
}

// toRequest describes an interaction for package commands.
func toRequest(i *discordgo.Interaction) (commands.Request, bool) {
	req := commands.Request{GuildID: i.GuildID, ChannelID: i.ChannelID, Options: map[string]any{}}
	var u *discordgo.User
	if i.Member != nil {
		u = i.Member.User
		req.CanManage = i.Member.Permissions&discordgo.PermissionManageChannels != 0
		if i.Member.Nick != "" {
			req.UserName = i.Member.Nick
		}
	}
	if u == nil {
		u = i.User
	}
	if u == nil {
		return req, false
	}
	req.UserID = u.ID
	if req.UserName == "" {
		req.UserName = u.GlobalName
	}
	if req.UserName == "" {
		req.UserName = u.Username
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		req.Kind = commands.KindCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = commands.KindAutocomplete
		}
		d := i.ApplicationCommandData()
		req.Command = d.Name
		opts := d.Options
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			req.Sub = opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			switch o.Type {
			case discordgo.ApplicationCommandOptionString:
				req.Options[o.Name] = o.StringValue()
			case discordgo.ApplicationCommandOptionInteger:
				if v, ok := o.Value.(float64); ok {
					req.Options[o.Name] = int64(v)
				} else if s, ok := o.Value.(string); ok { // an integer being typed in an autocomplete
					req.Options[o.Name] = s
				}
			case discordgo.ApplicationCommandOptionBoolean:
				req.Options[o.Name] = o.BoolValue()
			}
			if o.Focused {
				req.Focused = o.Name
			}
		}
	case discordgo.InteractionMessageComponent:
		req.Kind = commands.KindComponent
		d := i.MessageComponentData()
		req.CustomID, req.Values = d.CustomID, d.Values
	default:
		return req, false
	}
	return req, true
}

// noPings allows no mentions: replies name people without pinging them.
var noPings = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}

// respond sends reply as the answer to interaction i.
func (b *Bot) respond(ctx context.Context, i *discordgo.Interaction, reply commands.Reply) error {
	opt := discordgo.WithContext(ctx)
	if reply.Type == commands.ReplyChoices {
		return b.session.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: reply.Choices},
		}, opt)
	}
	var flags discordgo.MessageFlags
	if reply.Ephemeral {
		flags = discordgo.MessageFlagsEphemeral
	}
	mentions := noPings
	if len(reply.Mentions) > 0 {
		mentions = &discordgo.MessageAllowedMentions{Users: reply.Mentions}
	}
	if reply.Image == nil {
		typ := discordgo.InteractionResponseChannelMessageWithSource
		if reply.Type == commands.ReplyUpdate {
			typ = discordgo.InteractionResponseUpdateMessage
		}
		return b.session.InteractionRespond(i, &discordgo.InteractionResponse{Type: typ, Data: &discordgo.InteractionResponseData{
			Content: reply.Content, Components: reply.Components, Flags: flags, AllowedMentions: mentions,
		}}, opt)
	}
	// Rendering takes time: acknowledge first, then edit the response with the image.
	typ := discordgo.InteractionResponseDeferredChannelMessageWithSource
	if reply.Type == commands.ReplyUpdate {
		typ = discordgo.InteractionResponseDeferredMessageUpdate
	}
	if err := b.session.InteractionRespond(i, &discordgo.InteractionResponse{Type: typ,
		Data: &discordgo.InteractionResponseData{Flags: flags}}, opt); err != nil {
		return fmt.Errorf("defer: %w", err)
	}
	content := reply.Content
	edit := &discordgo.WebhookEdit{Content: &content, AllowedMentions: mentions, Attachments: &[]*discordgo.MessageAttachment{}}
	if reply.Components != nil {
		edit.Components = &reply.Components
	}
	pic, err := b.renderPNG(*reply.Image)
	if err != nil {
		b.log.Error("render failed", "interaction", i.ID, "err", err)
		content += "\n(I couldn't draw the picture this time.)"
	} else {
		edit.Files = []*discordgo.File{pic.file()}
	}
	if _, err := b.session.InteractionResponseEdit(i, edit, opt); err != nil {
		return fmt.Errorf("edit deferred reply: %w", err)
	}
	return nil
}

// picture is a rendered PNG.
type picture struct {
	name string
	png  []byte
}

// file makes a fresh attachment of the picture (each request consumes its reader).
func (p picture) file() *discordgo.File {
	return &discordgo.File{Name: p.name, ContentType: "image/png", Reader: bytes.NewReader(p.png)}
}

// renderPNG renders a board or hand image as PNG.
func (b *Bot) renderPNG(img commands.Image) (picture, error) {
	var (
		pic  image.Image
		err  error
		name = "board.png"
	)
	if img.Hand {
		name = "hand.png"
		pic, err = b.rend.Hand(img.View, img.Names)
	} else {
		pic, err = b.rend.Board(img.View, img.Names)
	}
	if err != nil {
		return picture{}, fmt.Errorf("render %s: %w", name, err)
	}
	data, err := render.EncodePNG(pic)
	if err != nil {
		return picture{}, fmt.Errorf("encode %s: %w", name, err)
	}
	return picture{name: name, png: data}, nil
}
