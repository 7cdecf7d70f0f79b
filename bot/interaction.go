package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/rules"
)

// Discord's interaction deadlines: the initial response within 3 s of the interaction, then the
// token works for 15 minutes (edits of the response, followups).
const (
	ackWindow   = 3 * time.Second
	tokenWindow = 15 * time.Minute
)

// failedText answers an interaction whose handling failed unexpectedly before it could change
// anything (rules text, made in the user's language when sent).
var failedText = rules.Msg("bot.failed")

// ackFirstCommands are the slash commands that may apply a move. They are acknowledged (a
// deferred private reply) before the handler runs, so a move is applied only when Discord took
// the acknowledgement; their replies are always private. Components are always acknowledged
// first (a deferred update), whatever they do.
var ackFirstCommands = []string{"play"}

// errExpired means Discord refused the acknowledgement because the interaction had expired
// (10062, more than 3 s old, e.g. delivered late after a reconnect): the user saw "This
// interaction failed" and nothing may be done on their behalf.
var errExpired = errors.New("interaction expired before it was acknowledged")

// ackState is how far an interaction's answer has got.
type ackState int

const (
	notAcked        ackState = iota
	deferredUpdate           // type 6: the clicked message will be edited, or a followup sent
	deferredMessage          // type 5: the reply message is "thinking…" until edited
	answered                 // the final answer was sent
)

// exchange is one interaction being answered: what has been sent so far, so that a failure can
// still be answered in the right way.
type exchange struct {
	b         *Bot
	i         *discordgo.Interaction
	received  time.Time
	state     ackState
	ephemeral bool // of a deferred message
	handled   bool // the router ran: the game may have changed
	// direct, when set, sends the initial response itself: in HTTP interactions mode it is the
	// reply to Discord's POST (see http.go). Otherwise the initial response is POSTed to the
	// interaction's callback endpoint (gateway mode).
	direct  func(ctx context.Context, r *discordgo.InteractionResponse) error
	outcome string // for the metrics: how handling ended (see Metrics)
	// sentID is the id of the message the answer was put in, when the call that sent it said so
	// (an edit of the original response, a followup); "" otherwise.
	sentID string
}

// onInteraction answers one interaction: ack first when the handler may apply a move, run the
// router, then answer (deferring first when the reply carries an image). It recovers from any
// panic, logs the payload's shape (never its content) and still answers when it can; the process
// never exits because of an interaction.
func (b *Bot) onInteraction(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil {
		return
	}
	if !b.begin() {
		return // shutting down
	}
	defer b.inflight.Done()
	b.handleInteraction(ic.Interaction, time.Now(), nil)
}

// handleInteraction answers one interaction received at received, in gateway mode (direct nil:
// the initial response goes to the callback endpoint) and in HTTP interactions mode (direct
// sends it as the HTTP reply): the same acknowledgement rules, router and replies either way.
func (b *Bot) handleInteraction(i *discordgo.Interaction, received time.Time,
	direct func(context.Context, *discordgo.InteractionResponse) error) {
	ctx, cancel := context.WithTimeout(b.ctx, tokenWindow)
	defer cancel()
	x := &exchange{b: b, i: i, received: received, direct: direct, outcome: outcomeOK}
	defer b.metrics.interactionDone(x)
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("interaction handler panicked", append(shapeAttrs(i), "handled", x.handled,
				"panic", panicText(r), "stack", string(debug.Stack()))...)
			x.outcome = outcomePanic
			x.fail(ctx)
		}
	}()
	req, err := toRequest(i)
	var badp *badPayload
	switch {
	case errors.As(err, &badp):
		b.log.Warn("unreadable interaction", append(shapeAttrs(i), "problem", badp.Detail)...)
		x.outcome = outcomeBad
		x.answerText(ctx, badp.Text)
		return
	case err != nil:
		b.log.Debug("interaction ignored", shapeAttrs(i)...)
		x.outcome = outcomeIgnored
		return
	}
	if req.Kind == commands.KindCommand && req.Command == "game" && (req.Sub == "new" || req.Group == "new") {
		req.Channel = b.channelKind(ctx, req.ChannelID) // the permission check of a new lobby
		if commands.ThreadWanted(req) {
			stop, err := x.startGameThread(ctx, &req) // thread.go
			if err == nil && stop != nil {
				x.handled = true
				err = x.finish(ctx, *stop)
			}
			if err != nil || stop != nil {
				if err != nil {
					x.outcome = outcomeReplyFailed
					b.log.Error("game thread failed", append(shapeAttrs(i), "err", errorLine(err))...)
					x.answerText(ctx, failedText)
				}
				return
			}
		}
	}
	switch {
	case req.Kind == commands.KindComponent:
		err = x.ack(ctx, discordgo.InteractionResponseDeferredMessageUpdate, false)
	case req.Kind == commands.KindCommand && (slices.Contains(ackFirstCommands, req.Command) || req.Command == "game" && req.Sub == "undo"):
		err = x.ack(ctx, discordgo.InteractionResponseDeferredChannelMessageWithSource, true)
	}
	if err != nil {
		// Not acknowledged: the user sees "This interaction failed" and presses again; nothing
		// was applied on their behalf.
		b.log.Warn("interaction not acknowledged; not handled", append(shapeAttrs(i), "err", errorLine(err))...)
		x.outcome = outcomeNotAcked
		return
	}
	if !x.once(ctx, req) {
		return
	}
	reply, _ := b.handle(ctx, req) // errors are logged by Handle and answered in reply
	x.handled = true
	if reply.Nudge {
		b.kick()
	}
	if err := x.finish(ctx, reply); err != nil {
		x.outcome = outcomeReplyFailed
		b.log.Error("reply failed", append(shapeAttrs(i), "err", errorLine(err))...)
		return
	}
	x.recordLobby(ctx, reply) // thread.go
}

// repeatText answers a repeat of an interaction already handled (rules text).
var repeatText = rules.Msg("bot.trust.repeat")

// once records the interaction as handled in the store (data.Store.HandleOnce) and reports
// whether the router may act on it: false for a repeat — an HTTP request replayed, a gateway event
// replayed on RESUME — which is acknowledged here without acting again (a component's deferred
// update already was; anything else is told privately), and false when the store cannot record
// it (then nothing is done and the user is told to try again). Autocompletes change nothing and
// are not recorded.
func (x *exchange) once(ctx context.Context, req commands.Request) bool {
	if req.Kind == commands.KindAutocomplete {
		return true
	}
	first, err := x.b.store.HandleOnce(ctx, x.i.ID)
	switch {
	case err != nil:
		x.b.log.Error("could not record the interaction; not handled", append(shapeAttrs(x.i), "err", errorLine(err))...)
		x.outcome = outcomeNotRecorded
		x.answerText(ctx, failedText)
		return false
	case !first:
		x.b.log.Info("interaction repeated; acknowledged, not acted on again", shapeAttrs(x.i)...)
		x.outcome = outcomeRepeat
		if x.state != deferredUpdate {
			x.answerText(ctx, repeatText)
		}
		return false
	}
	return true
}

// respond sends the initial response r, retrying a lost or failed try within the ack window
// (an earlier try that landed makes a later one answer 40060, which counts as done). An expired
// interaction (10062) is errExpired.
func (x *exchange) respond(ctx context.Context, r *discordgo.InteractionResponse) error {
	if x.direct != nil {
		err := x.direct(ctx, r)
		if err == nil {
			x.b.metrics.initialResponse(x)
		}
		return err
	}
	deadline := x.received.Add(ackWindow)
	actx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	for attempt := 1; ; attempt++ {
		err := x.b.session.InteractionRespond(x.i, r, discordgo.WithContext(actx), discordgo.WithRetryOnRatelimit(false))
		switch {
		case err == nil:
			x.b.metrics.initialResponse(x)
			return nil
		case attempt > 1 && isRESTCode(err, codeAlreadyAcked):
			return nil // an earlier try landed but its answer was lost
		case isRESTCode(err, codeUnknownInteraction):
			return fmt.Errorf("%w: %w", errExpired, err)
		}
		kind, _, after := classify(err)
		d := min(after, 500*time.Millisecond)
		if kind == transient {
			d = time.Duration(attempt) * 50 * time.Millisecond
		}
		if kind == permanent || time.Now().Add(d).After(deadline) {
			return err
		}
		select {
		case <-actx.Done():
			return err
		case <-time.After(d):
		}
	}
}

// ack sends a deferred response of type typ (ephemeral for a deferred message).
func (x *exchange) ack(ctx context.Context, typ discordgo.InteractionResponseType, ephemeral bool) error {
	var flags discordgo.MessageFlags
	if ephemeral {
		flags = discordgo.MessageFlagsEphemeral
	}
	if err := x.respond(ctx, &discordgo.InteractionResponse{Type: typ, Data: &discordgo.InteractionResponseData{Flags: flags}}); err != nil {
		return err
	}
	x.state, x.ephemeral = deferredMessage, ephemeral
	if typ == discordgo.InteractionResponseDeferredMessageUpdate {
		x.state = deferredUpdate
	}
	return nil
}

// finish sends reply as the answer, in the way the acknowledgement so far allows. Edits and
// followups are retried like outbox items while the interaction token lives, so the player is
// not left on "thinking…".
func (x *exchange) finish(ctx context.Context, reply commands.Reply) error {
	if reply.Type == commands.ReplyChoices {
		x.state = answered
		return x.respond(ctx, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: reply.Choices},
		})
	}
	if x.state == notAcked {
		if reply.Image == nil && reply.File == nil {
			typ := discordgo.InteractionResponseChannelMessageWithSource
			if reply.Type == commands.ReplyUpdate {
				typ = discordgo.InteractionResponseUpdateMessage
			}
			x.state = answered
			return x.respond(ctx, &discordgo.InteractionResponse{Type: typ, Data: &discordgo.InteractionResponseData{
				Content: reply.Content, Components: reply.Components, Flags: flagsOf(reply), AllowedMentions: pings(reply.Mentions),
			}})
		}
		// Rendering takes time, and files go in a multipart request (which an HTTP-mode reply can't
		// carry): acknowledge first, then complete the response with the image or file.
		var err error
		if reply.Type == commands.ReplyUpdate {
			err = x.ack(ctx, discordgo.InteractionResponseDeferredMessageUpdate, false)
		} else {
			err = x.ack(ctx, discordgo.InteractionResponseDeferredChannelMessageWithSource, reply.Ephemeral)
		}
		if err != nil {
			return fmt.Errorf("defer: %w", err)
		}
	}
	content := reply.Content
	var pic picture
	if reply.Image != nil {
		var err error
		start := time.Now()
		pic, err = x.b.renderPNG(*reply.Image)
		x.b.metrics.rendered(*reply.Image, start)
		if err != nil {
			x.b.log.Error("render failed", "interaction", x.i.ID, "err", err)
			// In the reply's language: the image's (set with the reply's text by package commands).
			content += "\n" + x.b.words().For(reply.Image.Lang).T("bot.no_picture")
		}
	}
	return x.complete(ctx, reply, content, pic)
}

// complete sends the answer after a deferred response: an edit of the original response (the
// clicked message after a deferred update, the "thinking…" message after a deferred message), or
// a followup when the reply is a new message after a deferred update, or has another privacy than
// the deferred message.
func (x *exchange) complete(ctx context.Context, reply commands.Reply, content string, pic picture) error {
	deadline := x.received.Add(tokenWindow - time.Minute)
	edit := x.state == deferredUpdate && reply.Type == commands.ReplyUpdate ||
		x.state == deferredMessage && reply.Type != commands.ReplyUpdate && reply.Ephemeral == x.ephemeral
	if edit {
		err := x.b.retry(ctx, deadline, "edit interaction response", func(ctx context.Context) error { // lang:ok: for the log
			e := &discordgo.WebhookEdit{Content: &content, AllowedMentions: pings(reply.Mentions)}
			if reply.Components != nil {
				e.Components = &reply.Components
			}
			if files := attach(reply, pic); len(files) > 0 {
				e.Files, e.Attachments = files, &[]*discordgo.MessageAttachment{}
			}
			m, err := x.b.session.InteractionResponseEdit(x.i, e, discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false))
			if err == nil && m != nil {
				x.sentID = m.ID
			}
			return err
		})
		if err == nil {
			x.state = answered
		}
		return err
	}
	err := x.b.retry(ctx, deadline, "interaction followup", func(ctx context.Context) error { // lang:ok: for the log
		m, err := x.b.session.FollowupMessageCreate(x.i, true, &discordgo.WebhookParams{
			Content: content, Components: reply.Components, Flags: flagsOf(reply),
			AllowedMentions: pings(reply.Mentions), Files: attach(reply, pic),
		}, discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false))
		if err == nil && m != nil {
			x.sentID = m.ID
		}
		return err
	})
	if err != nil {
		return err
	}
	if x.state == deferredMessage {
		// The "thinking…" message of the other privacy goes away.
		if err := x.b.session.InteractionResponseDelete(x.i, discordgo.WithContext(ctx)); err != nil {
			x.b.log.Warn("delete deferred response", "interaction", x.i.ID, "err", errorLine(err))
		}
	}
	x.state = answered
	return nil
}

// flagsOf is the message flags of a reply.
func flagsOf(reply commands.Reply) discordgo.MessageFlags {
	if reply.Ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// answerText answers with a private sentence (rules text, made in the language of the user's
// client) in whatever way is still open, and never panics.
func (x *exchange) answerText(ctx context.Context, text string) {
	defer func() {
		if r := recover(); r != nil {
			x.b.log.Error("answering a failed interaction panicked", "interaction", x.i.ID, "panic", panicText(r))
		}
	}()
	if x.i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		if x.state == notAcked {
			_ = x.finish(ctx, commands.Reply{Type: commands.ReplyChoices, Choices: []*discordgo.ApplicationCommandOptionChoice{}})
		}
		return
	}
	if x.state == answered {
		return
	}
	text = x.b.words().For(string(x.i.Locale)).Text(text)
	reply := commands.Reply{Type: commands.ReplyMessage, Ephemeral: true, Content: text}
	if err := x.finish(ctx, reply); err != nil {
		x.b.log.Warn("could not answer a failed interaction", "interaction", x.i.ID, "err", errorLine(err))
	}
}

// fail answers an interaction whose handling panicked.
func (x *exchange) fail(ctx context.Context) {
	text := failedText
	if x.handled {
		text = rules.Msg("bot.failed_after")
	}
	x.answerText(ctx, text)
}
