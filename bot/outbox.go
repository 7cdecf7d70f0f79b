package bot

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/data"
	"spicebot/pace"
	"spicebot/rules"
)

// The outbox is delivered in lanes: one per channel for what is posted in a channel (boards,
// notices) and one per user for what is sent by DM (hands, alerts). Lanes run in parallel — one
// game's slow or failing channel never holds up another's — and each delivers its items in queue
// order. A run of board items of one game is posted once, drawn from the current state: when
// several versions of a board wait, only the newest is drawn.
//
// A failed delivery is retried with exponential backoff and jitter (or after Discord's
// Retry-After), for as long as it can matter (Config.MaxAge); later items of its lane wait, so
// order is kept. A permanent refusal (deleted channel, missing access or permission) gives the
// item up and tells the game's creator what to fix (kindAlert). Messages are created with a nonce
// that Discord enforces, so a retry after a lost answer never posts twice.

// kindAlert is the bot's own outbox kind: a problem the game's creator must fix (the bot lost
// access to the game's channel), sent by DM, else posted in the channel. Payload alertPayload,
// target the creator's user id.
const kindAlert = "alert"

// alertPayload is the payload of a kindAlert item. Text is language-neutral rules text
// (rules.Msg), made in the creator's language for a DM and in the channel's for a post.
type alertPayload struct {
	Channel string `json:"channel"`
	Text    string `json:"text"`
}

// alertQuiet is how long a problem already told to a creator is not told again.
const alertQuiet = 6 * time.Hour

// outboxKind says how one kind of outbox item is delivered.
type outboxKind struct {
	// send delivers a batch of items of this kind, all of one game and target, oldest first.
	send func(b *Bot, ctx context.Context, batch []data.OutboxItem) error
	// merge: a run of items of one game is sent once (the newest state), else one by one.
	merge bool
	// toUser: the target is a user (DM lane), else a channel.
	toUser bool
	// alertOn: a permanent failure tells the game's creator (the target is the game's channel).
	alertOn bool
}

// outboxKinds are the kinds the bot delivers. Another kind is given up (and logged) when met.
var outboxKinds = map[string]outboxKind{
	commands.KindBoard:   {send: (*Bot).postBoard, merge: true, alertOn: true},
	commands.KindNotice:  {send: (*Bot).sendNotice, alertOn: true},
	commands.KindStatus:  {send: (*Bot).sendStatus, merge: true}, // thread.go
	commands.KindDM:      {send: (*Bot).sendDM, toUser: true},
	commands.KindCall:    {send: (*Bot).sendCall}, // call.go
	kindAlert:            {send: (*Bot).sendAlert, toUser: true},
	commands.KindStandIn: {send: (*Bot).sendStandIn, alertOn: true},
	pace.KindReminder:    {send: (*Bot).sendReminder, toUser: true},
	pace.KindPace:        {send: (*Bot).sendPaceNotice, alertOn: true},
}

// laneKey is the lane of an item: its channel, or its user for DMs.
func laneKey(it data.OutboxItem) string {
	if outboxKinds[it.Kind].toUser {
		return "user:" + it.Target
	}
	return "channel:" + it.Target
}

// dispatch runs the outbox: whenever nudged, when a lane finishes, and when the next waiting item
// is due, it starts a lane for every target with due items that has none running.
func (b *Bot) dispatch() {
	defer b.wg.Done()
	running := map[string]bool{}
	done := make(chan string, b.cfg.Lanes)
	for {
		wait := b.startLanes(running, done)
		select {
		case <-b.ctx.Done():
			return
		case <-b.nudge:
		case key := <-done:
			delete(running, key)
		case <-b.clock.After(wait):
		}
		// Everything else that happened meanwhile is served by the same scan of the outbox.
		for more := true; more; {
			select {
			case key := <-done:
				delete(running, key)
			case <-b.nudge:
			default:
				more = false
			}
		}
	}
}

// startLanes starts the lanes that have due items and are not running (up to Config.Lanes at
// once) and returns how long until the next waiting item is due (at most a minute, so that items
// queued by another process are seen too).
func (b *Bot) startLanes(running map[string]bool, done chan<- string) time.Duration {
	items, err := b.store.PendingOutbox(b.ctx, 0)
	if err != nil {
		if b.ctx.Err() == nil {
			b.log.Error("read outbox", "err", err)
		}
		return b.cfg.RetryDelay
	}
	now := b.clock.Now()
	b.metrics.outboxScanned(items, now)
	wait := time.Minute
	lanes := map[string][]data.OutboxItem{}
	var order []string
	blocked := map[string]bool{}
	boards := map[int64]int64{} // game → its oldest pending board item
	for _, it := range items {
		if it.Kind == commands.KindBoard && boards[it.GameID] == 0 {
			boards[it.GameID] = it.ID
		}
	}
	for _, it := range items {
		key := laneKey(it)
		if running[key] || blocked[key] {
			continue
		}
		if it.LeaseOwner != "" && it.LeaseOwner != b.aiID && it.LeaseUntil.After(now) {
			blocked[key] = true // another process is sending the lane: it is theirs until the claim runs out
			wait = min(wait, it.LeaseUntil.Sub(now))
			continue
		}
		if id := boards[it.GameID]; it.Kind == commands.KindDM && id != 0 && id < it.ID {
			blocked[key] = true // a DM links to the board queued before it: it waits for that post
			continue
		}
		if scheduled(it) && it.NextAt.After(now) {
			wait = min(wait, it.NextAt.Sub(now))
			continue // scheduled for later (a status line's next turn): it holds up nothing
		}
		if it.Attempts > 0 && it.NextAt.After(now) {
			blocked[key] = true // later items of the lane wait for it: order is kept
			wait = min(wait, it.NextAt.Sub(now))
			continue
		}
		if lanes[key] == nil {
			order = append(order, key)
		}
		lanes[key] = append(lanes[key], it)
	}
	for _, key := range order {
		if len(running) >= b.cfg.Lanes {
			break // a lane finishing starts the next
		}
		running[key] = true
		b.wg.Add(1)
		go b.runLane(key, lanes[key], done)
	}
	return wait
}

// runLane delivers the items of one lane in order, merged into batches; it stops at the first
// batch that must be retried later.
func (b *Bot) runLane(key string, items []data.OutboxItem, done chan<- string) {
	defer b.wg.Done()
	defer func() {
		select {
		case done <- key:
		case <-b.ctx.Done():
		}
	}()
	for len(items) > 0 && b.ctx.Err() == nil {
		n := batchLen(items)
		batch := items[:n]
		items = items[n:]
		if !b.claim(batch) {
			return // another process sends it (or sent it)
		}
		if !b.settle(b.ctx, batch, b.deliver(b.ctx, batch)) {
			return
		}
	}
}

// claim leases a batch to this process for Config.OutboxLease before it is sent, so that with
// several processes on one database each item is sent by one of them. It reports false when
// another process holds or sent one of the items, or the store failed.
func (b *Bot) claim(batch []data.OutboxItem) bool {
	ids := make([]int64, len(batch))
	for i, it := range batch {
		ids[i] = it.ID
	}
	now := b.clock.Now()
	ok, err := b.store.ClaimOutbox(b.ctx, b.aiID, now, now.Add(b.cfg.OutboxLease), ids...)
	if err != nil && b.ctx.Err() == nil {
		b.log.Error("claim outbox items", "items", ids, "err", err)
	}
	return ok && err == nil
}

// batchLen is how many of the first items are delivered together: a run of one mergeable kind
// and game, else one.
func batchLen(items []data.OutboxItem) int {
	n := 1
	if outboxKinds[items[0].Kind].merge {
		for n < len(items) && items[n].Kind == items[0].Kind && items[n].GameID == items[0].GameID {
			n++
		}
	}
	return n
}

// deliver sends one batch. A panic while delivering is an error (the batch is retried), never a
// crash.
func (b *Bot) deliver(ctx context.Context, batch []data.OutboxItem) (err error) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("outbox delivery panicked", "kind", batch[0].Kind, "game", batch[0].GameID,
				"panic", panicText(r), "stack", string(debug.Stack()))
			err = fmt.Errorf("deliver %s: panic", batch[0].Kind)
		}
	}()
	k, ok := outboxKinds[batch[0].Kind]
	if !ok {
		return &unknownKindError{kind: batch[0].Kind}
	}
	return k.send(b, ctx, batch)
}

// unknownKindError is an outbox item of a kind the bot does not deliver: it is given up.
type unknownKindError struct{ kind string }

func (e *unknownKindError) Error() string { return "unknown outbox item kind " + e.kind } // lang:ok: for the log

// settle records the outcome of a batch: sent; given up (a permanent error, or too old to
// matter); or to be retried after a backoff. It reports whether the lane may go on.
func (b *Bot) settle(ctx context.Context, batch []data.OutboxItem, err error) bool {
	ids := make([]int64, len(batch))
	attempts := 0
	for i, it := range batch {
		ids[i] = it.ID
		attempts = max(attempts, it.Attempts)
	}
	first, last := batch[0], batch[len(batch)-1]
	if err == nil {
		// Delivered: that is recorded even when the bot is shutting down meanwhile, or the next
		// start would find the items still leased to this process (and wait for the lease) and
		// then send them again.
		mark, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if e := b.store.MarkSentAll(mark, ids...); e != nil {
			b.log.Error("mark outbox items sent", "items", ids, "err", e)
			if e := b.store.ReleaseOutbox(mark, b.aiID, ids...); e != nil {
				b.log.Warn("give back outbox items", "items", ids, "err", e)
			}
			return false
		}
		b.metrics.outboxSettled(batch, "sent", b.clock.Now())
		return true
	}
	if ctx.Err() != nil {
		// Shutting down: the items are tried again at the next start, or by another process at
		// once.
		release, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		if e := b.store.ReleaseOutbox(release, b.aiID, ids...); e != nil {
			b.log.Warn("give back outbox items", "items", ids, "err", e)
		}
		return false
	}
	kind, code, after := classify(err)
	var uk *unknownKindError
	if errors.As(err, &uk) {
		kind = permanent
	}
	line := errorLine(err)
	now := b.clock.Now()
	if kind == permanent || now.Sub(first.CreatedAt) > b.cfg.MaxAge {
		b.log.Error("outbox items given up", "items", ids, "kind", first.Kind, "game", first.GameID,
			"attempts", attempts+1, "err", line)
		b.metrics.outboxSettled(batch, "given_up", now)
		for _, id := range ids {
			if e := b.store.MarkGivenUp(ctx, id, line); e != nil {
				b.log.Error("give up outbox item", "item", id, "err", e)
			}
		}
		if kind == permanent && outboxKinds[first.Kind].alertOn {
			b.alert(ctx, last, code)
		}
		return true
	}
	d := b.retryDelay(kind, after, attempts+1)
	b.log.Warn("outbox delivery failed; will retry", "items", ids, "kind", first.Kind, "game", first.GameID,
		"attempt", attempts+1, "wait", d, "err", line)
	b.metrics.outboxSettled(batch, "retry", now)
	for _, id := range ids {
		if e := b.store.MarkRetry(ctx, id, now.Add(d), line); e != nil {
			b.log.Error("mark outbox item for retry", "item", id, "err", e)
		}
	}
	return false
}

// render renders an image for a delivery, one render per CPU at a time.
func (b *Bot) render(ctx context.Context, img commands.Image) (picture, error) {
	select {
	case b.renders <- struct{}{}:
	case <-ctx.Done():
		return picture{}, ctx.Err()
	}
	defer func() { <-b.renders }()
	defer b.metrics.rendered(img, time.Now())
	return b.renderPNG(img)
}

// postBoard posts (or edits in place) the board of one game for a run of its board items.
func (b *Bot) postBoard(ctx context.Context, items []data.OutboxItem) (err error) {
	newest := items[len(items)-1]
	gameID, channelID := newest.GameID, newest.Target
	defer func() {
		if err == nil {
			b.uncall(ctx, gameID) // a move was made: the calls it answered go
		}
	}()
	post, err := b.svc.BoardPost(ctx, gameID, items)
	if err != nil {
		return err
	}
	row, _, err := b.store.GameByID(ctx, gameID)
	if err != nil {
		return err
	}
	if row.Status == data.StatusCancelled {
		return nil
	}
	// A picture that cannot be drawn must not stall the game: post the text alone.
	pic, err := b.render(ctx, post.Image)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		b.log.Error("board render failed; posting text only", "game", gameID, "err", err)
		// In the post's language: its image's (the channel's).
		post.Content += "\n" + b.words().For(post.Image.Lang).T("bot.no_board_picture")
	}
	shown := boardDigest(post, pic)
	if !post.New && row.BoardMessageID != "" {
		if b.sameBoard(gameID, row.BoardMessageID, shown) {
			return nil // the move changed nothing the channel sees (a secret step): no edit to spend
		}
		err := b.withThread(ctx, channelID, func() error {
			return b.editMessage(ctx, &discordgo.MessageEdit{
				ID: row.BoardMessageID, Channel: channelID, Content: &post.Content, Components: &post.Components,
				Files: pic.files(), AllowedMentions: pings(post.Mentions),
			})
		})
		if err == nil {
			b.rememberBoard(gameID, row.BoardMessageID, shown)
		}
		if err == nil || !isRESTCode(err, codeUnknownMessage) {
			return err
		}
		// The board message was deleted: post anew.
	}
	// A create whose answer was lost may have made the message; meanwhile newer board items may
	// have joined the run (a new newest item): the retry keeps the first try's nonce, so Discord
	// answers with the message it made, which is then brought up to date.
	n := nonce("b", newest.ID, newest.CreatedAt.UnixMilli())
	b.mu.Lock()
	if tried, ok := b.boardNonce[gameID]; ok {
		n = tried
	}
	b.boardNonce[gameID] = n
	b.mu.Unlock()
	msg, err := b.createMessage(ctx, channelID, n, &discordgo.MessageSend{
		Content: post.Content, Components: post.Components, Files: pic.files(), AllowedMentions: pings(post.Mentions),
	})
	if err != nil {
		return err
	}
	if msg.Content != post.Content {
		// The message made by the first try, showing an older board: show this one. (If this
		// fails, the next try finds the message again by the nonce.)
		if err := b.editMessage(ctx, &discordgo.MessageEdit{
			ID: msg.ID, Channel: channelID, Content: &post.Content, Components: &post.Components,
			Files: pic.files(), AllowedMentions: pings(post.Mentions),
		}); err != nil {
			return err
		}
	}
	b.mu.Lock()
	delete(b.boardNonce, gameID)
	b.mu.Unlock()
	if err := b.store.SetBoardMessage(ctx, gameID, msg.ID, post.From); err != nil {
		return err
	}
	b.rememberBoard(gameID, msg.ID, shown)
	// The previous board keeps its buttons: they act on the game as it is now ("Your move" opens
	// the current menu, saying the board has moved on), so taking them off would spend a REST call
	// per turn on nothing a player needs (issue 25, Discord's budget).
	return nil
}

// boardDigest is a fingerprint of what a board message shows: its text, buttons, mentions and
// picture.
func boardDigest(post commands.BoardPost, pic picture) [sha256.Size]byte {
	h := sha256.New()
	parts, _ := json.Marshal([]any{post.Content, post.Components, post.Mentions, pic.name, pic.alt})
	h.Write(parts)
	h.Write(pic.png)
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d
}

// sameBoard reports whether message of game already shows exactly digest (as this process last
// sent it; after a restart the first edit is always sent).
func (b *Bot) sameBoard(game int64, message string, digest [sha256.Size]byte) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	last, ok := b.boardShown[game]
	return ok && last.message == message && last.digest == digest
}

// rememberBoard records what message of game now shows.
func (b *Bot) rememberBoard(game int64, message string, digest [sha256.Size]byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.boardShown[game] = shownBoard{message: message, digest: digest}
}

// shownBoard is what a game's board message shows (boardDigest).
type shownBoard struct {
	message string
	digest  [sha256.Size]byte
}

// sendDM sends one DM to a player (their turn, their changed hand). When a user's DMs are closed
// (error 50007) they are told once in the channel to use /hand; every later DM is tried again (they
// may open their DMs), and the notice is repeated only after a DM got through. The game never
// waits for a DM.
func (b *Bot) sendDM(ctx context.Context, items []data.OutboxItem) error {
	it := items[len(items)-1]
	closed, err := b.store.DMClosed(ctx, it.Target)
	if err != nil {
		return err
	}
	dm, ok, err := b.svc.DirectMessage(ctx, it)
	if err != nil || !ok {
		return err
	}
	msg := &discordgo.MessageSend{Content: dm.Content, Components: dm.Components, AllowedMentions: noPings}
	var pic picture
	var rerr error
	if dm.Image != nil {
		pic, rerr = b.render(ctx, *dm.Image)
	}
	if rerr != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		b.log.Error("hand render failed; sending text only", "game", it.GameID, "err", rerr)
	}
	msg.Files = pic.files()
	err = b.directMessage(ctx, dm.UserID, nonce("d", it.ID, it.CreatedAt.UnixMilli()), msg)
	if err == nil && closed {
		return b.store.SetDMClosed(ctx, dm.UserID, false) // open again
	}
	if !isRESTCode(err, codeCannotDM) {
		return err
	}
	b.log.Info("DMs closed; falling back to /hand", "user", dm.UserID, "game", it.GameID)
	if closed {
		return nil // already told
	}
	if err := b.store.SetDMClosed(ctx, dm.UserID, true); err != nil {
		return err
	}
	row, _, err := b.store.GameByID(ctx, it.GameID)
	if err != nil {
		return err
	}
	_, err = b.createMessage(ctx, row.ChannelID, nonce("c", it.ID, it.CreatedAt.UnixMilli()), &discordgo.MessageSend{
		Content: b.channelLang(ctx, row.ChannelID).Text(commands.ClosedDMNotice(dm.UserID)), AllowedMentions: pings([]string{dm.UserID}),
	})
	return err
}

// directMessage creates msg with the nonce in the user's DM channel (dmChannel).
func (b *Bot) directMessage(ctx context.Context, userID, nonce string, msg *discordgo.MessageSend) error {
	ch, remembered, err := b.dmChannel(ctx, userID)
	if err != nil {
		return err
	}
	_, err = b.createMessage(ctx, ch, nonce, msg)
	if remembered && isRESTCode(err, codeUnknownChannel) {
		// Discord no longer knows the remembered channel: open it anew, once.
		if err := b.store.SetDMChannel(ctx, userID, ""); err != nil {
			return err
		}
		if ch, _, err = b.dmChannel(ctx, userID); err != nil {
			return err
		}
		_, err = b.createMessage(ctx, ch, nonce, msg)
	}
	return err
}

// dmChannel returns the id of the user's DM channel with the bot: the one remembered in the
// store (remembered true), else one opened now (POST /users/@me/channels) and remembered, so that
// a user's DM channel is opened once, across restarts and processes.
func (b *Bot) dmChannel(ctx context.Context, userID string) (id string, remembered bool, err error) {
	if id, err = b.store.DMChannel(ctx, userID); err != nil || id != "" {
		return id, id != "", err
	}
	ch, err := b.session.UserChannelCreate(userID, discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false))
	if err != nil {
		return "", false, err
	}
	if err := b.store.SetDMChannel(ctx, userID, ch.ID); err != nil {
		b.log.Warn("remember a DM channel", "user", userID, "err", err)
	}
	return ch.ID, false, nil
}

// sendNotice posts a plain public sentence, in the channel's language.
func (b *Bot) sendNotice(ctx context.Context, items []data.OutboxItem) error {
	it := items[0]
	text, err := commands.NoticeText(it)
	if err != nil {
		return &unknownKindError{kind: it.Kind + " with a bad payload"} // lang:ok: for the log
	}
	text = truncate(b.channelLang(ctx, it.Target).Text(text), maxContent)
	_, err = b.createMessage(ctx, it.Target, nonce("n", it.ID, it.CreatedAt.UnixMilli()),
		&discordgo.MessageSend{Content: text, AllowedMentions: noPings})
	return err
}

// fixes are what a game's creator is told when Discord refuses the game's channel for good, by
// error code: the catalogue message, which takes the channel's mention (Channel) and the game's
// name (Game).
var fixes = map[int]string{
	codeUnknownChannel:     "bot.alert.unknown_channel",
	codeMissingAccess:      "bot.alert.missing_access",
	codeMissingPermissions: "bot.alert.missing_permissions",
	codeThreadArchived:     "bot.alert.thread_archived",
	codeThreadLocked:       "bot.alert.thread_locked",
}

// alert queues a message telling the creator of it's game what to fix, when Discord refused its
// channel for good with a code the creator can do something about. A problem is told once per
// game in alertQuiet.
func (b *Bot) alert(ctx context.Context, it data.OutboxItem, code int) {
	fix, ok := fixes[code]
	if !ok || it.GameID == 0 {
		return
	}
	key := fmt.Sprint(it.GameID, "/", code)
	now := b.clock.Now()
	b.mu.Lock()
	last, seen := b.alerted[key]
	if !seen || now.Sub(last) > alertQuiet {
		b.alerted[key] = now
	}
	b.mu.Unlock()
	if seen && now.Sub(last) <= alertQuiet {
		return
	}
	row, _, err := b.store.GameByID(ctx, it.GameID)
	if err != nil {
		b.log.Error("alert: load game", "game", it.GameID, "err", err)
		return
	}
	name := row.Game
	if g, ok := b.svc.Registry().Get(row.Game); ok {
		name = g.Name()
	}
	text := rules.Msg(fix, "Channel", "<#"+it.Target+">", "Game", name)
	payload, _ := json.Marshal(alertPayload{Channel: it.Target, Text: text})
	if _, err := b.store.Enqueue(ctx, data.OutboxItem{GameID: row.ID, Kind: kindAlert, Target: row.CreatorID, Payload: string(payload)}); err != nil {
		b.log.Error("alert: queue", "game", it.GameID, "err", err)
		return
	}
	b.log.Warn("told the game's creator what to fix", "game", it.GameID, "code", code)
	b.kick()
}

// sendAlert sends an alert to the game's creator by DM, in their language, or, when that is
// refused for good (DMs closed), posts it in the game's channel, in the channel's language, where
// it may still be possible (a missing Attach Files permission still lets text through).
func (b *Bot) sendAlert(ctx context.Context, items []data.OutboxItem) error {
	it := items[0]
	var p alertPayload
	if err := json.Unmarshal([]byte(it.Payload), &p); err != nil {
		return &unknownKindError{kind: it.Kind + " with a bad payload"} // lang:ok: for the log
	}
	err := b.directMessage(ctx, it.Target, nonce("a", it.ID, it.CreatedAt.UnixMilli()),
		&discordgo.MessageSend{Content: truncate(b.userLang(ctx, it.Target).Text(p.Text), maxContent), AllowedMentions: noPings})
	if kind, _, _ := classify(err); err == nil || kind != permanent || p.Channel == "" {
		return err
	}
	_, err = b.createMessage(ctx, p.Channel, nonce("A", it.ID, it.CreatedAt.UnixMilli()), &discordgo.MessageSend{
		Content:         truncate("<@"+it.Target+"> "+b.channelLang(ctx, p.Channel).Text(p.Text), maxContent),
		AllowedMentions: pings([]string{it.Target}),
	})
	return err
}
