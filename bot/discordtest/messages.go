package discordtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif"  // attachment sizes
	_ "image/jpeg" // attachment sizes
	_ "image/png"  // attachment sizes
	"slices"
	"time"
	"unicode/utf8"
)

// Message kinds.
const (
	KindChannel     = "channel"     // POST /channels/{id}/messages to a guild channel or thread
	KindDM          = "dm"          // POST /channels/{id}/messages to a user's DM channel
	KindInteraction = "interaction" // the initial response of an interaction (callback type 4 or 5)
	KindFollowup    = "followup"    // POST /webhooks/{app}/{token}
)

// Discord's limits that the loopback enforces itself.
const (
	maxContent     = 2000     // characters of content in a bot's message
	maxFileSize    = 10 << 20 // bytes per attachment, Discord's default upload limit
	maxFiles       = 10       // attachments per message
	maxChoices     = 25       // autocomplete choices
	maxRequestBody = 64 << 20
)

// File is a file attached to a message or an interaction response.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Message is a message as it stands now, with every edit applied.
type Message struct {
	ID        string
	ChannelID string
	Content   string
	Flags     int
	Ephemeral bool
	// Loading is true while a deferred response (callback type 5) has not been edited yet.
	Loading    bool
	Embeds     []map[string]any
	Components []map[string]any // as sent by the bot, JSON-decoded (numbers are float64)
	Files      []File
	Kind       string // KindChannel, KindDM, KindInteraction or KindFollowup
	// InteractionID is the interaction whose response or followup this message is.
	InteractionID string
	UserID        string // the recipient, for a DM
	Edits         int
	Mentions      []string // user ids mentioned as <@id> in Content
	// Nonce is the nonce the message was created with ("" for none).
	Nonce string
}

// Component is an interactive component of a message: a button or a select menu.
type Component struct {
	Type        int // 2 button, 3 string select, 5–8 user/role/mentionable/channel select
	CustomID    string
	Label       string
	Style       int
	URL         string
	Emoji       string // the emoji's name
	Disabled    bool
	Placeholder string
	MinValues   int
	MaxValues   int
	Options     []SelectOption
}

// SelectOption is an option of a string select menu.
type SelectOption struct {
	Value       string
	Label       string
	Description string
	Default     bool
}

// Buttons returns the buttons of the message, in reading order (rows, then sections and
// containers of components v2).
func (m Message) Buttons() []Component {
	return interactive(m.Components, func(t int) bool { return t == 2 })
}

// Selects returns the select menus of the message, in reading order.
func (m Message) Selects() []Component {
	return interactive(m.Components, func(t int) bool { return t == 3 || (t >= 5 && t <= 8) })
}

// Button returns the first button whose label or custom_id is key.
func (m Message) Button(key string) (Component, bool) {
	for _, b := range m.Buttons() {
		if b.Label == key || b.CustomID == key {
			return b, true
		}
	}
	return Component{}, false
}

// CustomIDs returns the custom_ids of every button and select menu, in reading order.
func (m Message) CustomIDs() []string {
	var out []string
	for _, c := range interactive(m.Components, func(t int) bool { return t == 2 || t == 3 || (t >= 5 && t <= 8) }) {
		if c.CustomID != "" {
			out = append(out, c.CustomID)
		}
	}
	return out
}

// interactive walks a component tree and returns the components whose type keep accepts.
func interactive(tree []map[string]any, keep func(int) bool) []Component {
	var out []Component
	var walk func(c map[string]any)
	walk = func(c map[string]any) {
		t := toInt(c["type"])
		if keep(t) {
			out = append(out, toComponent(c))
		}
		for _, key := range []string{"components"} {
			if kids, ok := c[key].([]any); ok {
				for _, k := range kids {
					if km, ok := k.(map[string]any); ok {
						walk(km)
					}
				}
			}
		}
		if acc, ok := c["accessory"].(map[string]any); ok {
			walk(acc)
		}
	}
	for _, c := range tree {
		walk(c)
	}
	return out
}

func toComponent(c map[string]any) Component {
	out := Component{
		Type:        toInt(c["type"]),
		CustomID:    str(c["custom_id"]),
		Label:       str(c["label"]),
		Style:       toInt(c["style"]),
		URL:         str(c["url"]),
		Disabled:    c["disabled"] == true,
		Placeholder: str(c["placeholder"]),
		MinValues:   1,
		MaxValues:   1,
	}
	if e, ok := c["emoji"].(map[string]any); ok {
		out.Emoji = str(e["name"])
	}
	if v, ok := c["min_values"]; ok && v != nil {
		out.MinValues = toInt(v)
	}
	if v, ok := c["max_values"]; ok && v != nil {
		out.MaxValues = toInt(v)
	}
	if opts, ok := c["options"].([]any); ok {
		for _, o := range opts {
			om, _ := o.(map[string]any)
			out.Options = append(out.Options, SelectOption{
				Value: str(om["value"]), Label: str(om["label"]),
				Description: str(om["description"]), Default: om["default"] == true,
			})
		}
	}
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func toInt(v any) int {
	switch n := v.(type) {
	case float64:
		return int(n)
	case int:
		return n
	case int64:
		return int(n)
	case json.Number:
		i, _ := n.Int64()
		return int(i)
	}
	return 0
}

// attachment is a stored file with its attachment id and image size.
type attachment struct {
	id            string
	file          File
	width, height int
}

// message is the server's record of a message.
type message struct {
	id, channelID, kind string
	interactionID       string
	userID              string // DM recipient
	typ                 int    // Discord message type: 0 default, 20 chat input command
	content             string
	flags               int
	embeds              []map[string]any
	components          []map[string]any
	attachments         []attachment
	edits               int
	created, edited     time.Time
	deleted             bool
	nonce               string
	ix                  *Interaction
}

func (m *message) public() Message {
	out := Message{
		ID: m.id, ChannelID: m.channelID, Content: m.content, Flags: m.flags,
		Ephemeral: m.flags&FlagEphemeral != 0, Loading: m.flags&FlagLoading != 0,
		Embeds: cloneJSON(m.embeds), Components: cloneJSON(m.components),
		Kind: m.kind, InteractionID: m.interactionID, UserID: m.userID, Edits: m.edits,
		Mentions: mentions(m.content), Nonce: m.nonce,
	}
	for _, a := range m.attachments {
		out.Files = append(out.Files, File{Name: a.file.Name, ContentType: a.file.ContentType, Data: slices.Clone(a.file.Data)})
	}
	return out
}

// Messages returns the messages posted with POST /channels/{channelID}/messages, in order, with
// edits applied (deleted ones left out). Interaction responses are not included: see Timeline.
func (s *Server) Messages(channelID string) []Message {
	return s.list(func(m *message) bool {
		return m.channelID == channelID && (m.kind == KindChannel || m.kind == KindDM)
	})
}

// Timeline returns every message in the channel, in order: channel messages, interaction
// responses and followups, ephemeral ones included (see Message.Ephemeral).
func (s *Server) Timeline(channelID string) []Message {
	return s.list(func(m *message) bool { return m.channelID == channelID })
}

// DMs returns the messages sent to the user's DM channel, in order.
func (s *Server) DMs(userID string) []Message {
	return s.list(func(m *message) bool { return m.kind == KindDM && m.userID == userID })
}

// Message returns the message with the id, as it stands now.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.msgs[id]
	if m == nil || m.deleted {
		return Message{}, false
	}
	return m.public(), true
}

func (s *Server) list(keep func(*message) bool) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.order {
		if !m.deleted && keep(m) {
			out = append(out, m.public())
		}
	}
	return out
}

// WaitFor waits until some message, as it stands after a post or an edit, satisfies pred, and
// returns it; messages are tried in the order they were created. It returns an error when ctx
// ends first.
func (s *Server) WaitFor(ctx context.Context, pred func(Message) bool) (Message, error) {
	var found Message
	err := s.wait(ctx, "a matching message", func() bool {
		for _, m := range s.order {
			if m.deleted {
				continue
			}
			if pm := m.public(); pred(pm) {
				found = pm
				return true
			}
		}
		return false
	})
	return found, err
}

// newMessageLocked stores a new message authored by the bot.
func (s *Server) newMessageLocked(channelID, kind string) *message {
	now := time.Now().UTC()
	m := &message{id: s.newIDLocked(), channelID: channelID, kind: kind, created: now}
	s.msgs[m.id] = m
	s.order = append(s.order, m)
	s.channelLocked(channelID).lastMessageID = m.id
	return m
}

// apiError is a Discord error answer: {"code": ..., "message": ..., "errors": ...}.
type apiError struct {
	status  int
	code    int
	message string
	errors  map[string]any
	extra   map[string]any // more fields of the body (retry_after, global)
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %d %s", e.status, e.code, e.message) }

func (e *apiError) body() map[string]any {
	b := map[string]any{"code": e.code, "message": e.message}
	if e.errors != nil {
		b["errors"] = e.errors
	}
	for k, v := range e.extra {
		b[k] = v
	}
	return b
}

// formError is Discord's 50035 "Invalid Form Body" with one field error at path.
func formError(path []string, code, msg string) *apiError {
	leaf := map[string]any{"_errors": []any{map[string]any{"code": code, "message": msg}}}
	for i := len(path) - 1; i >= 0; i-- {
		leaf = map[string]any{path[i]: leaf}
	}
	return &apiError{status: 400, code: 50035, message: "Invalid Form Body", errors: leaf}
}

// messageBody is the part of a create/edit/callback body that makes a message.
type messageBody struct {
	raw map[string]json.RawMessage
}

func (b messageBody) has(key string) bool {
	v, ok := b.raw[key]
	return ok && string(v) != "null"
}

func (b messageBody) present(key string) bool { _, ok := b.raw[key]; return ok }

func (b messageBody) content() string {
	var s string
	_ = json.Unmarshal(b.raw["content"], &s)
	return s
}

func (b messageBody) objects(key string) []map[string]any {
	var out []map[string]any
	_ = json.Unmarshal(b.raw[key], &out)
	return out
}

func (b messageBody) flags() int {
	var f int
	_ = json.Unmarshal(b.raw["flags"], &f)
	return f
}

// check enforces Discord's limits on a message body: content length, file count and size, and
// for a new message that there is something to show.
func (b messageBody) check(files []File, create bool) *apiError {
	if n := utf8.RuneCountInString(b.content()); n > maxContent {
		return formError([]string{"content"}, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxContent))
	}
	if len(files) > maxFiles {
		return formError([]string{"files"}, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxFiles))
	}
	for _, f := range files {
		if len(f.Data) > maxFileSize {
			return &apiError{status: 413, code: 40005, message: "Request entity too large"}
		}
	}
	if create && b.content() == "" && len(b.objects("embeds")) == 0 && len(b.objects("components")) == 0 &&
		!b.has("sticker_ids") && !b.has("poll") && len(files) == 0 {
		return &apiError{status: 400, code: 50006, message: "Cannot send an empty message"}
	}
	return nil
}

// applyCreate fills a new message from a body.
func (s *Server) applyCreateLocked(m *message, b messageBody, files []File) {
	m.content = b.content()
	m.flags = b.flags() & (FlagSuppressEmbeds | FlagEphemeral | FlagComponentsV2)
	m.embeds = embeds(b.objects("embeds"))
	m.components = b.objects("components")
	for _, f := range files {
		m.attachments = append(m.attachments, s.attachmentLocked(f))
	}
	s.watchLocked(m, false)
}

// applyEditLocked applies an edit (PATCH of a message, or an UPDATE_MESSAGE callback) under
// Discord's rules: fields present replace the old ones (null content or embeds clear them, but
// "components": null leaves the components as they are, discord-api-docs#5860); "attachments"
// lists the attachments to keep (by id) and new files are added after them.
func (s *Server) applyEditLocked(m *message, b messageBody, files []File) {
	if b.present("content") {
		m.content = b.content()
	}
	if b.present("embeds") {
		m.embeds = embeds(b.objects("embeds"))
	}
	if b.has("components") { // Discord ignores "components": null and clears with []
		m.components = b.objects("components")
	}
	if b.present("flags") {
		m.flags = m.flags&FlagEphemeral | b.flags()&(FlagSuppressEmbeds|FlagComponentsV2)
	}
	if b.present("attachments") {
		keep := map[string]bool{}
		for _, a := range b.objects("attachments") {
			keep[fmt.Sprint(a["id"])] = true
		}
		var kept []attachment
		for _, a := range m.attachments {
			if keep[a.id] {
				kept = append(kept, a)
			}
		}
		m.attachments = kept
	}
	for _, f := range files {
		m.attachments = append(m.attachments, s.attachmentLocked(f))
	}
	m.flags &^= FlagLoading
	m.edits++
	m.edited = time.Now().UTC()
	s.watchLocked(m, true)
}

func embeds(in []map[string]any) []map[string]any {
	for _, e := range in {
		if _, ok := e["type"]; !ok {
			e["type"] = "rich"
		}
	}
	return in
}

func (s *Server) attachmentLocked(f File) attachment {
	a := attachment{id: s.newIDLocked(), file: f}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
		a.width, a.height = cfg.Width, cfg.Height
	}
	return a
}

// userJSON is a user object.
func (u *user) json() map[string]any {
	return map[string]any{
		"id": u.id, "username": u.name, "discriminator": "0", "global_name": u.name,
		"avatar": nil, "public_flags": 0, "flags": 0, "banner": nil, "accent_color": nil,
		"avatar_decoration_data": nil,
	}
}

func botUserJSON() map[string]any {
	return map[string]any{
		"id": BotUserID, "username": BotUsername, "discriminator": "4127", "global_name": nil,
		"avatar": nil, "bot": true, "public_flags": 0, "flags": 0, "banner": nil, "accent_color": nil,
		"avatar_decoration_data": nil,
	}
}

// messageJSONLocked renders a message object as Discord returns it.
func (s *Server) messageJSONLocked(m *message) map[string]any {
	atts := []any{}
	for _, a := range m.attachments {
		url := fmt.Sprintf("%s/attachments/%s/%s/%s", s.hs.URL, m.channelID, a.id, a.file.Name)
		ct := a.file.ContentType
		att := map[string]any{
			"id": a.id, "filename": a.file.Name, "size": len(a.file.Data), "url": url, "proxy_url": url,
			"content_type": ct,
		}
		if a.width > 0 {
			att["width"], att["height"] = a.width, a.height
		}
		if m.flags&FlagEphemeral != 0 {
			att["ephemeral"] = true
		}
		atts = append(atts, att)
	}
	mention := []any{}
	for _, id := range mentions(m.content) {
		if u := s.users[id]; u != nil {
			mention = append(mention, u.json())
		}
	}
	var edited any
	if !m.edited.IsZero() {
		edited = timestamp(m.edited)
	}
	components := m.components
	if components == nil {
		components = []map[string]any{}
	}
	embeds := m.embeds
	if embeds == nil {
		embeds = []map[string]any{}
	}
	out := map[string]any{
		"id": m.id, "type": m.typ, "channel_id": m.channelID, "author": botUserJSON(),
		"content": m.content, "timestamp": timestamp(m.created), "edited_timestamp": edited,
		"tts": false, "mention_everyone": false, "mentions": mention, "mention_roles": []any{},
		"attachments": atts, "embeds": embeds, "components": components, "pinned": false,
		"flags": m.flags,
	}
	if m.nonce != "" {
		out["nonce"] = m.nonce
	}
	if c := s.channels[m.channelID]; c != nil && c.typ != 1 {
		out["guild_id"] = GuildID
	}
	if ix := m.ix; ix != nil {
		out["webhook_id"] = AppID
		out["application_id"] = AppID
		u := s.userLocked(ix.UserID)
		out["interaction_metadata"] = map[string]any{
			"id": ix.ID, "type": ix.Type, "user": u.json(),
			"authorizing_integration_owners": map[string]any{"0": GuildID},
		}
		if ix.Type == InteractionCommand {
			out["interaction"] = map[string]any{"id": ix.ID, "type": ix.Type, "name": ix.Name, "user": u.json()}
		}
	}
	return out
}

// DMChannel returns the id of the user's DM channel with the bot, or "" when the bot never
// opened it.
func (s *Server) DMChannel(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dmByUser[userID]
}
