package bot

import (
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
	"spicebot/rules"
)

// errIgnored is an interaction the bot does not answer: a ping, a modal submit or another type it
// never asks for, or one without a user.
var errIgnored = errors.New("interaction not for the router")

// badPayload is an interaction the bot cannot read: a command or component without its data, or
// an option whose value has the wrong type. Text is the sentence the user is answered with, as
// language-neutral rules text (rules.Msg), translated into the user's language when sent.
type badPayload struct {
	Text   string
	Detail string // for the log: what is wrong, without any value
}

func (e *badPayload) Error() string { return "unreadable interaction: " + e.Detail } // lang:ok: for the log

// bad makes a badPayload with the common answer and a detail for the log.
func bad(format string, args ...any) *badPayload {
	return &badPayload{
		Text:   rules.Msg("bot.unreadable"),
		Detail: fmt.Sprintf(format, args...),
	}
}

// toRequest describes an interaction for package commands. It never panics on a malformed
// payload: values are read with type checks (never discordgo's panicking accessors). Errors:
// errIgnored for an interaction the router does not take, a *badPayload for one it cannot read.
func toRequest(i *discordgo.Interaction) (commands.Request, error) {
	req := commands.Request{GuildID: i.GuildID, ChannelID: i.ChannelID, Options: map[string]any{}, Locale: string(i.Locale)}
	if i.GuildLocale != nil {
		req.GuildLocale = string(*i.GuildLocale)
	}
	var u *discordgo.User
	if i.Member != nil {
		u = i.Member.User
		req.CanManage = i.Member.Permissions&discordgo.PermissionManageChannels != 0
		req.UserName = i.Member.Nick
	}
	if u == nil {
		u = i.User
	}
	if u == nil || u.ID == "" {
		return req, errIgnored
	}
	req.UserID = u.ID
	if req.UserName == "" {
		req.UserName = u.GlobalName
	}
	if req.UserName == "" {
		req.UserName = u.Username
	}
	req.AppPermissions = i.AppPermissions
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		req.Kind = commands.KindCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = commands.KindAutocomplete
		}
		d, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return req, bad("command without data (%T)", i.Data) // lang:ok: for the log
		}
		if d.Name == "" {
			return req, bad("command without a name") // lang:ok: for the log
		}
		req.Command = d.Name
		if err := readOptions(&req, d.Options); err != nil {
			return req, err
		}
		req.Users = resolvedUsers(d.Resolved)
	case discordgo.InteractionMessageComponent:
		req.Kind = commands.KindComponent
		d, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return req, bad("component without data (%T)", i.Data) // lang:ok: for the log
		}
		if d.CustomID == "" {
			return req, bad("component without a custom_id") // lang:ok: for the log
		}
		req.CustomID, req.Values = d.CustomID, d.Values
		if i.Message != nil {
			// A component of an ephemeral message: its update is made in the user's language.
			req.OnEphemeral = i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
		}
	default:
		return req, errIgnored
	}
	return req, nil
}

// readOptions fills req.Group, req.Sub, req.Options and req.Focused from a command's options,
// checking every value's type: strings (and snowflakes) are string, integers int64, numbers
// float64, booleans bool. The option being typed in an autocomplete is always text. Errors: a
// *badPayload naming the option and what it should be.
func readOptions(req *commands.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) error {
	if len(opts) == 1 && opts[0] != nil && opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup {
		req.Group = opts[0].Name
		opts = opts[0].Options
		if len(opts) != 1 || opts[0] == nil || opts[0].Type != discordgo.ApplicationCommandOptionSubCommand {
			return bad("subcommand group %q without one subcommand", req.Group) // lang:ok: for the log
		}
	}
	if len(opts) == 1 && opts[0] != nil && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		req.Sub = opts[0].Name
		opts = opts[0].Options
	}
	for _, o := range opts {
		if o == nil || o.Name == "" {
			return bad("option without a name") // lang:ok: for the log
		}
		if o.Focused {
			req.Focused = o.Name
			// What the user has typed so far: text whatever the option's type.
			switch v := o.Value.(type) {
			case string:
				req.Options[o.Name] = v
			case float64:
				req.Options[o.Name] = fmt.Sprint(v)
			default:
				req.Options[o.Name] = ""
			}
			continue
		}
		v, want := optionValue(o)
		if want != "" {
			return &badPayload{
				Text:   rules.Msg("bot.option_type", "Option", rules.Plain(o.Name), "Want", want),
				Detail: fmt.Sprintf("option %q of type %d has a %s value", o.Name, o.Type, jsonKind(o.Value)), // lang:ok: for the log
			}
		}
		if v != nil {
			req.Options[o.Name] = v
		}
	}
	return nil
}

// optionValue returns an option's value as the router takes it, or, when the value has the wrong
// type, what it should be in words (rules text). Options of types the bot never registers are skipped (nil).
func optionValue(o *discordgo.ApplicationCommandInteractionDataOption) (any, string) {
	switch o.Type {
	case discordgo.ApplicationCommandOptionString:
		if s, ok := o.Value.(string); ok {
			return s, ""
		}
		return nil, rules.Msg("bot.want.text")
	case discordgo.ApplicationCommandOptionInteger:
		if f, ok := o.Value.(float64); ok && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return int64(f), ""
		}
		return nil, rules.Msg("bot.want.integer")
	case discordgo.ApplicationCommandOptionNumber:
		if f, ok := o.Value.(float64); ok {
			return f, ""
		}
		return nil, rules.Msg("bot.want.number")
	case discordgo.ApplicationCommandOptionBoolean:
		if b, ok := o.Value.(bool); ok {
			return b, ""
		}
		return nil, rules.Msg("bot.want.boolean")
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel,
		discordgo.ApplicationCommandOptionRole, discordgo.ApplicationCommandOptionMentionable,
		discordgo.ApplicationCommandOptionAttachment:
		if s, ok := o.Value.(string); ok && s != "" {
			return s, ""
		}
		return nil, rules.Msg("bot.want.choice")
	}
	return nil, ""
}

// jsonKind names the JSON kind of a decoded value ("string", "number", "null", ...).
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// shape describes an interaction for the log without any content a player typed or picked: its
// type and ids, the command and option names with the kinds of their values, a component's action
// and how many values were picked. It never panics.
func shape(i *discordgo.Interaction) []any {
	if i == nil {
		return []any{"interaction", "nil"}
	}
	out := []any{"interaction", i.ID, "type", int(i.Type), "guild", i.GuildID, "channel", i.ChannelID}
	switch d := i.Data.(type) {
	case nil:
		out = append(out, "data", "none")
	case discordgo.ApplicationCommandInteractionData:
		out = append(out, "command", truncateLog(d.Name, 32), "options", optionShape(d.Options, 0))
	case discordgo.MessageComponentInteractionData:
		action, _, _ := strings.Cut(d.CustomID, "/")
		out = append(out, "component_type", int(d.ComponentType), "action", truncateLog(action, 20), "values", len(d.Values))
	default:
		out = append(out, "data", fmt.Sprintf("%T", d))
	}
	return out
}

// optionShape is "name:kind" for each option, subcommands with their options in brackets.
func optionShape(opts []*discordgo.ApplicationCommandInteractionDataOption, depth int) string {
	if depth > 3 {
		return "…"
	}
	var parts []string
	for _, o := range opts {
		if o == nil {
			parts = append(parts, "nil")
			continue
		}
		p := truncateLog(o.Name, 32) + ":" + fmt.Sprint(int(o.Type)) + "/" + jsonKind(o.Value)
		if len(o.Options) > 0 {
			p += "[" + optionShape(o.Options, depth+1) + "]"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

// truncateLog cuts s to at most n bytes for a log line.
func truncateLog(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// shapeAttrs is shape as slog attributes.
func shapeAttrs(i *discordgo.Interaction) []any {
	return []any{slog.Group("payload", shape(i)...)}
}
