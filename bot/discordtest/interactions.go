package discordtest

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Interaction types (Discord's "Interaction Type").
const (
	InteractionCommand      = 2 // APPLICATION_COMMAND
	InteractionComponent    = 3 // MESSAGE_COMPONENT
	InteractionAutocomplete = 4 // APPLICATION_COMMAND_AUTOCOMPLETE
)

// Interaction callback types (Discord's "Interaction Callback Type").
const (
	CallbackMessage         = 4 // CHANNEL_MESSAGE_WITH_SOURCE
	CallbackDeferredMessage = 5 // DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
	CallbackDeferredUpdate  = 6 // DEFERRED_UPDATE_MESSAGE
	CallbackUpdateMessage   = 7 // UPDATE_MESSAGE
	CallbackAutocomplete    = 8 // APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
	CallbackModal           = 9 // MODAL
)

// Application command option types (Discord's "Application Command Option Type").
const (
	OptionSubcommand      = 1
	OptionSubcommandGroup = 2
	OptionString          = 3
	OptionInteger         = 4
	OptionBoolean         = 5
	OptionUser            = 6
	OptionNumber          = 10
)

// Option is an option of a slash command as the user fills it in. Build it with Str, Int, Num,
// Bool, User, Sub, Group or Focused.
type Option struct {
	Name    string
	Type    int
	Value   any
	Focused bool
	Options []Option // of a subcommand or subcommand group
}

// Str is a string option.
func Str(name, value string) Option { return Option{Name: name, Type: OptionString, Value: value} }

// Int is an integer option.
func Int(name string, v int64) Option { return Option{Name: name, Type: OptionInteger, Value: v} }

// Num is a number option.
func Num(name string, v float64) Option { return Option{Name: name, Type: OptionNumber, Value: v} }

// Bool is a boolean option.
func Bool(name string, v bool) Option { return Option{Name: name, Type: OptionBoolean, Value: v} }

// User is a user option; the user is sent in data.resolved as Discord does.
func User(name, userID string) Option { return Option{Name: name, Type: OptionUser, Value: userID} }

// Sub is a subcommand with its options.
func Sub(name string, opts ...Option) Option {
	return Option{Name: name, Type: OptionSubcommand, Options: opts}
}

// Group is a subcommand group holding one subcommand.
func Group(name string, sub Option) Option {
	return Option{Name: name, Type: OptionSubcommandGroup, Options: []Option{sub}}
}

// Focused is the option the user is typing in during autocomplete, with what they typed so far.
// Its type is taken from the registered command when there is one (string otherwise); the value
// is always the typed text, as on Discord.
func Focused(name, partial string) Option {
	return Option{Name: name, Type: OptionString, Value: partial, Focused: true}
}

// Choice is an autocomplete choice.
type Choice struct {
	Name  string
	Value any // string, or float64 for integer and number options
}

// Response is the initial callback the bot sent for an interaction.
type Response struct {
	Type       int // a Callback* constant
	Content    string
	Flags      int
	Ephemeral  bool
	Embeds     []map[string]any
	Components []map[string]any
	Choices    []Choice
	Files      []File
	CustomID   string         // of a modal
	Title      string         // of a modal
	Data       map[string]any // the whole "data" object
}

// Buttons returns the buttons of the response (of a modal or a message).
func (r Response) Buttons() []Component { return Message{Components: r.Components}.Buttons() }

// Selects returns the select menus of the response.
func (r Response) Selects() []Component { return Message{Components: r.Components}.Selects() }

// Interaction is the handle of an interaction the test made. Its methods are safe for concurrent
// use.
type Interaction struct {
	s         *Server
	ID        string
	Token     string
	Type      int    // InteractionCommand, InteractionComponent or InteractionAutocomplete
	Name      string // command name, or custom_id of a component
	UserID    string
	ChannelID string
	MessageID string // the message of the clicked component

	// guarded by s.mu
	sentAt     time.Time
	response   *Response
	originalID string // the message of @original
	finalID    string // the message Final returns, once known
	followups  []string
	httpDone   chan struct{} // HTTP mode: closed when the endpoint's answer is handled
	failure    string        // HTTP mode: why the interaction failed ("" while it has not)
}

// Response waits for the initial callback (POST /interactions/{id}/{token}/callback) and returns
// it.
func (i *Interaction) Response(ctx context.Context) (Response, error) {
	var r Response
	var failed error
	err := i.s.wait(ctx, "the response to interaction "+i.describe(), func() bool {
		if i.response == nil {
			failed = i.failedLocked()
			return failed != nil
		}
		r = cloneJSON(*i.response)
		return true
	})
	if failed != nil {
		return Response{}, failed
	}
	return r, err
}

// Final waits until the interaction's message is known and returns it as it stands: the message
// of a type 4 response, the updated message of a type 7, and for a deferred response (type 5 or
// 6) the message of the first PATCH @original or followup. Autocomplete and modal responses have
// no message: Final returns an error for them.
func (i *Interaction) Final(ctx context.Context) (Message, error) {
	var (
		m      Message
		errNoM error
	)
	err := i.s.wait(ctx, "the final message of interaction "+i.describe(), func() bool {
		if i.response != nil && (i.response.Type == CallbackAutocomplete || i.response.Type == CallbackModal) {
			errNoM = fmt.Errorf("discordtest: interaction %s was answered with callback type %d, which has no message", i.describe(), i.response.Type)
			return true
		}
		if i.finalID == "" {
			errNoM = i.failedLocked()
			return errNoM != nil
		}
		msg := i.s.msgs[i.finalID]
		if msg == nil {
			return false
		}
		m = msg.public()
		return true
	})
	if errNoM != nil {
		return Message{}, errNoM
	}
	return m, err
}

// Original returns the message of @original as it stands now (the response message, or for a
// component interaction answered with type 6 or 7 the clicked message).
func (i *Interaction) Original() (Message, bool) {
	i.s.mu.Lock()
	id := i.originalID
	i.s.mu.Unlock()
	if id == "" {
		return Message{}, false
	}
	return i.s.Message(id)
}

// Followups returns the followup messages the bot sent for the interaction, in order.
func (i *Interaction) Followups() []Message {
	i.s.mu.Lock()
	defer i.s.mu.Unlock()
	var out []Message
	for _, id := range i.followups {
		if m := i.s.msgs[id]; m != nil && !m.deleted {
			out = append(out, m.public())
		}
	}
	return out
}

func (i *Interaction) describe() string {
	switch i.Type {
	case InteractionComponent:
		return fmt.Sprintf("%s (component %q)", i.ID, i.Name)
	default:
		return fmt.Sprintf("%s (/%s)", i.ID, i.Name)
	}
}

// Command sends a slash command (interaction type 2, CHAT_INPUT) from the user in the channel.
// When the bot has registered commands, the command and its options must match one of them
// (reported with t.Errorf otherwise).
func (s *Server) Command(userID, channelID, name string, opts ...Option) *Interaction {
	s.t.Helper()
	return s.command(InteractionCommand, userID, channelID, name, opts)
}

// Autocomplete sends an autocomplete request (interaction type 4) for the command; one option
// should be built with Focused.
func (s *Server) Autocomplete(userID, channelID, name string, opts ...Option) *Interaction {
	s.t.Helper()
	focused := 0
	var count func([]Option)
	count = func(os []Option) {
		for _, o := range os {
			if o.Focused {
				focused++
			}
			count(o.Options)
		}
	}
	count(opts)
	if focused != 1 {
		s.t.Errorf("discordtest: autocomplete of /%s needs exactly one Focused option, got %d", name, focused)
	}
	return s.command(InteractionAutocomplete, userID, channelID, name, opts)
}

func (s *Server) command(typ int, userID, channelID, name string, opts []Option) *Interaction {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	cmdID, def := s.findCommandLocked(name)
	if def != nil {
		if err := checkOptions(typ, "/"+name, def, opts); err != nil {
			s.t.Errorf("discordtest: %v", err)
		}
	} else if len(s.commands) > 0 {
		s.t.Errorf("discordtest: /%s is not a registered command", name)
	}
	if cmdID == "" {
		cmdID = s.newIDLocked()
	}
	resolvedUsers := map[string]any{}
	data := map[string]any{"id": cmdID, "name": name, "type": 1}
	if def != nil && def["guild_id"] != nil {
		data["guild_id"] = def["guild_id"]
	}
	if len(opts) > 0 {
		data["options"] = s.optionsJSONLocked(def, opts, resolvedUsers)
	}
	if len(resolvedUsers) > 0 {
		members := map[string]any{}
		for id := range resolvedUsers {
			members[id] = s.memberJSONLocked(s.userLocked(id), false)
		}
		data["resolved"] = map[string]any{"users": resolvedUsers, "members": members}
	}
	return s.sendLocked(typ, userID, channelID, "", name, data)
}

// Button sends a click on a button (interaction type 3, component_type 2) of a message. The
// message must carry an enabled button with the custom_id (reported with t.Errorf otherwise).
func (s *Server) Button(userID, channelID, messageID, customID string) *Interaction {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.msgs[messageID]; m == nil || m.deleted {
		s.t.Errorf("discordtest: button %q clicked on unknown message %s", customID, messageID)
	} else {
		b, ok := findComponent(m, customID, func(t int) bool { return t == 2 })
		switch {
		case !ok:
			s.t.Errorf("discordtest: message %s has no button %q (it has %q)", messageID, customID, m.public().CustomIDs())
		case b.Disabled:
			s.t.Errorf("discordtest: button %q of message %s is disabled", customID, messageID)
		}
	}
	data := map[string]any{"custom_id": customID, "component_type": 2}
	return s.sendLocked(InteractionComponent, userID, channelID, messageID, customID, data)
}

// Select sends a choice in a select menu (interaction type 3, component_type 3) of a message.
// The message must carry the select menu, and for a string select the values must be among its
// options and within min_values..max_values (reported with t.Errorf otherwise).
func (s *Server) Select(userID, channelID, messageID, customID string, values ...string) *Interaction {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	ctype := 3
	if m := s.msgs[messageID]; m == nil || m.deleted {
		s.t.Errorf("discordtest: select %q used on unknown message %s", customID, messageID)
	} else {
		sel, ok := findComponent(m, customID, func(t int) bool { return t == 3 || (t >= 5 && t <= 8) })
		switch {
		case !ok:
			s.t.Errorf("discordtest: message %s has no select menu %q (it has %q)", messageID, customID, m.public().CustomIDs())
		case sel.Disabled:
			s.t.Errorf("discordtest: select menu %q of message %s is disabled", customID, messageID)
		default:
			ctype = sel.Type
			if len(values) < sel.MinValues || len(values) > sel.MaxValues {
				s.t.Errorf("discordtest: select menu %q takes %d to %d values, got %d", customID, sel.MinValues, sel.MaxValues, len(values))
			}
			if sel.Type == 3 {
				for _, v := range values {
					if !slices.ContainsFunc(sel.Options, func(o SelectOption) bool { return o.Value == v }) {
						s.t.Errorf("discordtest: select menu %q has no option %q", customID, v)
					}
				}
			}
		}
	}
	if values == nil {
		values = []string{}
	}
	data := map[string]any{"custom_id": customID, "component_type": ctype, "values": values}
	return s.sendLocked(InteractionComponent, userID, channelID, messageID, customID, data)
}

func findComponent(m *message, customID string, keep func(int) bool) (Component, bool) {
	for _, c := range interactive(m.components, keep) {
		if c.CustomID == customID {
			return c, true
		}
	}
	return Component{}, false
}

// sendLocked builds the INTERACTION_CREATE payload, registers the interaction and sends it (or
// queues it until a gateway session is connected).
func (s *Server) sendLocked(typ int, userID, channelID, messageID, name string, data any) *Interaction {
	u := s.userLocked(userID)
	c := s.channelLocked(channelID)
	ix := &Interaction{
		s: s, ID: s.newIDLocked(), Token: newToken(), Type: typ, Name: name,
		UserID: userID, ChannelID: channelID, MessageID: messageID,
	}
	s.interactions[ix.ID] = ix
	s.byToken[ix.Token] = ix
	locale, guildLocale := u.locale, s.guildLocale
	if locale == "" {
		locale = DefaultLocale
	}
	if guildLocale == "" {
		guildLocale = DefaultLocale
	}
	payload := map[string]any{
		"id": ix.ID, "application_id": AppID, "type": typ, "token": ix.Token, "version": 1,
		"guild_id": GuildID, "channel_id": channelID, "channel": s.channelJSONLocked(c),
		"guild":  map[string]any{"id": GuildID, "locale": guildLocale, "features": []any{}},
		"member": s.memberJSONLocked(u, true), "app_permissions": fmt.Sprint(AppPermissions),
		"locale": locale, "guild_locale": guildLocale, "entitlements": []any{},
		"authorizing_integration_owners": map[string]any{"0": GuildID}, "context": 0,
		"attachment_size_limit": maxFileSize, "data": data,
	}
	if c.typ == 1 {
		// In the bot's DM channel: no server, the user instead of a member (context 1, BOT_DM).
		for _, k := range []string{"guild_id", "guild", "member", "guild_locale"} {
			delete(payload, k)
		}
		payload["user"], payload["context"] = u.json(), 1
	}
	if data == nil {
		delete(payload, "data")
	}
	if typ == InteractionComponent {
		if m := s.msgs[messageID]; m != nil {
			payload["message"] = s.messageJSONLocked(m)
		}
	}
	s.dispatchInteractionLocked(ix, payload)
	return ix
}

// Raw sends an interaction of type typ (InteractionCommand, InteractionComponent, ...) whose
// "data" object is data exactly as given, or absent when data is nil, without any check: the
// malformed payloads Discord is not supposed to send (an option value of the wrong type, a
// command without data), for tests that the bot survives them. messageID is the clicked message
// of a component ("" for none).
func (s *Server) Raw(typ int, userID, channelID, messageID string, data any) *Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sendLocked(typ, userID, channelID, messageID, "raw", data)
}

// randomHex returns n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func newToken() string {
	b := make([]byte, 96)
	_, _ = rand.Read(b)
	return "aW50ZXJhY3Rpb246" + base64.RawURLEncoding.EncodeToString(b)
}

// memberJSONLocked is a guild member object; withPerms adds the member's channel permissions as
// in an interaction.
func (s *Server) memberJSONLocked(u *user, withPerms bool) map[string]any {
	var nick any
	if u.nick != "" {
		nick = u.nick
	}
	roles := []string{}
	roles = append(roles, u.roles...)
	m := map[string]any{
		"user": u.json(), "nick": nick, "roles": roles, "joined_at": timestamp(u.joined),
		"deaf": false, "mute": false, "pending": false, "flags": 0, "avatar": nil, "banner": nil,
		"premium_since": nil, "communication_disabled_until": nil,
	}
	if withPerms {
		m["permissions"] = fmt.Sprint(u.perms)
	}
	return m
}

// channelJSONLocked is a channel object.
func (s *Server) channelJSONLocked(c *channel) map[string]any {
	var last any
	if c.lastMessageID != "" {
		last = c.lastMessageID
	}
	if c.typ == 1 {
		return map[string]any{
			"id": c.id, "type": 1, "last_message_id": last, "flags": 0,
			"recipients": []any{s.userLocked(c.recipient).json()},
		}
	}
	out := map[string]any{
		"id": c.id, "type": c.typ, "guild_id": GuildID, "name": c.name, "position": 0,
		"permission_overwrites": []any{}, "nsfw": false, "topic": nil, "last_message_id": last,
		"rate_limit_per_user": 0, "parent_id": nil, "flags": 0, "permissions": fmt.Sprint(AppPermissions),
	}
	if c.typ == 11 {
		out["parent_id"] = c.parentID
		out["owner_id"] = BotUserID
		out["thread_metadata"] = map[string]any{
			"archived": c.archived, "auto_archive_duration": c.autoArchive, "locked": c.locked,
			"archive_timestamp": timestamp(time.Now()),
		}
		delete(out, "permission_overwrites")
	}
	return out
}

// findCommandLocked returns the id and definition of the registered command with the name, in
// the guild first, then global.
func (s *Server) findCommandLocked(name string) (string, map[string]any) {
	for _, scope := range []string{GuildID, ""} {
		for _, c := range s.commands[scope] {
			if c["name"] == name && toInt(c["type"]) == 1 {
				return str(c["id"]), c
			}
		}
	}
	return "", nil
}

// optionsJSONLocked renders options as Discord sends them, taking focused option types from the
// registered definition.
func (s *Server) optionsJSONLocked(def map[string]any, opts []Option, users map[string]any) []any {
	out := []any{}
	for _, o := range opts {
		var sub map[string]any
		if def != nil {
			sub = findOption(def, o.Name)
		}
		typ := o.Type
		if o.Focused && sub != nil {
			typ = toInt(sub["type"])
		}
		j := map[string]any{"name": o.Name, "type": typ}
		switch o.Type {
		case OptionSubcommand, OptionSubcommandGroup:
			j["options"] = s.optionsJSONLocked(sub, o.Options, users)
		default:
			j["value"] = o.Value
			if o.Type == OptionUser {
				users[fmt.Sprint(o.Value)] = s.userLocked(fmt.Sprint(o.Value)).json()
			}
		}
		if o.Focused {
			j["focused"] = true
		}
		out = append(out, j)
	}
	return out
}

func findOption(def map[string]any, name string) map[string]any {
	opts, _ := def["options"].([]any)
	for _, o := range opts {
		if om, ok := o.(map[string]any); ok && om["name"] == name {
			return om
		}
	}
	return nil
}

// checkOptions checks the options the test fills in against the registered definition: names,
// types, required options (not for autocomplete, which sends what is typed so far), choices, and
// that a focused option has autocomplete.
func checkOptions(typ int, path string, def map[string]any, opts []Option) error {
	var errs []error
	seen := map[string]bool{}
	for _, o := range opts {
		d := findOption(def, o.Name)
		if d == nil {
			errs = append(errs, fmt.Errorf("%s has no option %q", path, o.Name))
			continue
		}
		seen[o.Name] = true
		dt := toInt(d["type"])
		switch {
		case o.Focused:
			if d["autocomplete"] != true {
				errs = append(errs, fmt.Errorf("option %q of %s is focused but has no autocomplete", o.Name, path))
			}
		case dt != o.Type:
			errs = append(errs, fmt.Errorf("option %q of %s has type %d, the test sent type %d", o.Name, path, dt, o.Type))
		case dt == OptionSubcommand || dt == OptionSubcommandGroup:
			if err := checkOptions(typ, path+" "+o.Name, d, o.Options); err != nil {
				errs = append(errs, err)
			}
		default:
			if choices, ok := d["choices"].([]any); ok && len(choices) > 0 {
				found := false
				for _, c := range choices {
					if cm, ok := c.(map[string]any); ok && fmt.Sprint(cm["value"]) == fmt.Sprint(o.Value) {
						found = true
					}
				}
				if !found {
					errs = append(errs, fmt.Errorf("option %q of %s has no choice %v", o.Name, path, o.Value))
				}
			}
		}
	}
	if typ == InteractionCommand {
		defs, _ := def["options"].([]any)
		for _, d := range defs {
			dm, _ := d.(map[string]any)
			dt := toInt(dm["type"])
			if dm["required"] == true && dt != OptionSubcommand && dt != OptionSubcommandGroup && !seen[str(dm["name"])] {
				errs = append(errs, fmt.Errorf("%s requires option %q", path, str(dm["name"])))
			}
		}
		hasSubs := slices.ContainsFunc(defs, func(d any) bool {
			dt := toInt(d.(map[string]any)["type"])
			return dt == OptionSubcommand || dt == OptionSubcommandGroup
		})
		if hasSubs && len(opts) != 1 {
			errs = append(errs, fmt.Errorf("%s needs exactly one subcommand", path))
		}
	}
	return errors.Join(errs...)
}

// callbackLocked handles POST /interactions/{id}/{token}/callback.
func (s *Server) callbackLocked(ix *Interaction, b messageBody, files []File, withResponse bool) (int, any, *apiError) {
	if ix.response != nil {
		return 0, nil, &apiError{status: 400, code: 40060, message: "Interaction has already been acknowledged."}
	}
	if s.ackDeadline > 0 && !ix.sentAt.IsZero() && time.Since(ix.sentAt) > s.ackDeadline {
		return 0, nil, &apiError{status: 404, code: 10062, message: "Unknown interaction"}
	}
	var typ int
	if err := json.Unmarshal(b.raw["type"], &typ); err != nil {
		return 0, nil, formError([]string{"type"}, "BASE_TYPE_REQUIRED", "This field is required")
	}
	var dataRaw map[string]json.RawMessage
	_ = json.Unmarshal(b.raw["data"], &dataRaw)
	data := messageBody{raw: dataRaw}
	allowed := map[int][]int{
		InteractionCommand:      {CallbackMessage, CallbackDeferredMessage, CallbackModal},
		InteractionComponent:    {CallbackMessage, CallbackDeferredMessage, CallbackDeferredUpdate, CallbackUpdateMessage, CallbackModal},
		InteractionAutocomplete: {CallbackAutocomplete},
	}[ix.Type]
	if !slices.Contains(allowed, typ) {
		return 0, nil, &apiError{status: 400, code: 50035, message: "Invalid Form Body", errors: map[string]any{
			"type": map[string]any{"_errors": []any{map[string]any{
				"code":    "INTERACTION_CALLBACK_TYPE_INVALID",
				"message": fmt.Sprintf("Interaction callback type %d is not valid for interaction type %d.", typ, ix.Type),
			}}},
		}}
	}
	switch typ {
	case CallbackMessage:
		if err := data.check(files, true); err != nil {
			return 0, nil, err
		}
	case CallbackUpdateMessage:
		if err := data.check(files, false); err != nil {
			return 0, nil, err
		}
	case CallbackAutocomplete:
		var choices []any
		_ = json.Unmarshal(dataRaw["choices"], &choices)
		if len(choices) > maxChoices {
			return 0, nil, formError([]string{"data", "choices"}, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxChoices))
		}
	}

	resp := &Response{Type: typ, Content: data.content(), Flags: data.flags(), Files: files}
	resp.Ephemeral = resp.Flags&FlagEphemeral != 0
	resp.Embeds = data.objects("embeds")
	resp.Components = data.objects("components")
	_ = json.Unmarshal(b.raw["data"], &resp.Data)
	resp.CustomID, resp.Title = str(resp.Data["custom_id"]), str(resp.Data["title"])
	for _, c := range data.objects("choices") {
		resp.Choices = append(resp.Choices, Choice{Name: str(c["name"]), Value: c["value"]})
	}
	ix.response = resp

	var msg *message
	switch typ {
	case CallbackMessage, CallbackDeferredMessage:
		msg = s.newMessageLocked(ix.ChannelID, KindInteraction)
		msg.interactionID, msg.ix = ix.ID, ix
		if ix.Type == InteractionCommand {
			msg.typ = 20
		}
		if typ == CallbackMessage {
			s.applyCreateLocked(msg, data, files)
			ix.finalID = msg.id
		} else {
			msg.flags = data.flags()&FlagEphemeral | FlagLoading
		}
		ix.originalID = msg.id
	case CallbackUpdateMessage, CallbackDeferredUpdate:
		msg = s.msgs[ix.MessageID]
		if msg == nil {
			return 0, nil, &apiError{status: 404, code: 10008, message: "Unknown Message"}
		}
		ix.originalID = msg.id
		if typ == CallbackUpdateMessage {
			s.applyEditLocked(msg, data, files)
			ix.finalID = msg.id
		}
	}
	if !withResponse {
		return 204, nil, nil
	}
	out := map[string]any{
		"interaction": map[string]any{
			"id": ix.ID, "type": ix.Type, "activity_instance_id": nil,
			"response_message_id": nil, "response_message_loading": typ == CallbackDeferredMessage,
			"response_message_ephemeral": resp.Ephemeral,
		},
	}
	resource := map[string]any{"type": typ}
	if msg != nil {
		out["interaction"].(map[string]any)["response_message_id"] = msg.id
		resource["message"] = s.messageJSONLocked(msg)
	}
	out["resource"] = resource
	return 200, out, nil
}

// originalLocked resolves a webhook message id ("@original" or a followup id) of an interaction.
func (s *Server) webhookMessageLocked(ix *Interaction, id string) (*message, *apiError) {
	if id == "@original" {
		if ix.originalID == "" {
			return nil, &apiError{status: 404, code: 10008, message: "Unknown Message"}
		}
		id = ix.originalID
	} else if !slices.Contains(ix.followups, id) {
		return nil, &apiError{status: 404, code: 10008, message: "Unknown Message"}
	}
	m := s.msgs[id]
	if m == nil || m.deleted {
		return nil, &apiError{status: 404, code: 10008, message: "Unknown Message"}
	}
	return m, nil
}

// interactionByTokenLocked finds the interaction of a webhook path.
func (s *Server) interactionByTokenLocked(app, token string) (*Interaction, *apiError) {
	ix := s.byToken[token]
	if app != AppID || ix == nil {
		return nil, &apiError{status: 404, code: 10015, message: "Unknown Webhook"}
	}
	return ix, nil
}

// resolveLocked records that the message ends a deferred interaction, when it is the first.
func (ix *Interaction) resolveLocked(id string) {
	if ix.finalID == "" {
		ix.finalID = id
	}
}
