package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"spicebot/lang"
)

// Languages (issue 13). Package commands makes the text of its replies and outbox messages in the
// reader's language; the bot makes its own sentences (errors, permission alerts, the fallback
// notes of a picture that could not be drawn) the same way: an answer to an interaction in the
// language of the user's client (the interaction's locale), a DM in the language last seen for its
// recipient, and a public post in the channel's language (/settings language, else the server's
// preferred locale). English is the fallback. The bot's messages are in the catalogue
// lang/messages/bot.<lang>.yaml (ids "bot.…").

// words returns the message catalogues (the service's: the edge's and every hosted game's).
func (b *Bot) words() *lang.Catalog { return b.svc.Words() }

// userLang returns the localizer for a DM to a user: the locale last seen for them, else English.
func (b *Bot) userLang(ctx context.Context, userID string) *lang.Localizer {
	l, err := b.store.UserLocale(ctx, userID)
	if err != nil {
		b.log.Warn("user locale lookup failed; English", "user", userID, "err", err)
	}
	return b.words().For(l)
}

// channelLang returns the localizer for a channel's public posts: the channel's own language,
// else its server's preferred locale as last seen, else English.
func (b *Bot) channelLang(ctx context.Context, channelID string) *lang.Localizer {
	c, err := b.store.ChannelLanguage(ctx, channelID)
	if err != nil {
		b.log.Warn("channel language lookup failed; English", "channel", channelID, "err", err)
	}
	return b.words().For(c.Locale())
}

// maxContent is Discord's limit on a message's content, in characters (after translation).
const maxContent = 2000

// truncate cuts s to at most limit characters, ending with "…" when it had to cut.
func truncate(s string, limit int) string {
	r := []rune(s)
	if len(r) <= limit {
		return s
	}
	return string(r[:limit-1]) + "…"
}

// localizeButtons translates the labels of the buttons in rows of components (rules text, as
// package commands leaves them in a stand-in notice) with loc, within Discord's 80 characters. It
// returns new rows; custom_ids are kept.
func localizeButtons(loc *lang.Localizer, comps []discordgo.MessageComponent) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, len(comps))
	for i, c := range comps {
		switch c := c.(type) {
		case discordgo.ActionsRow:
			out[i] = discordgo.ActionsRow{Components: localizeButtons(loc, c.Components)}
		case *discordgo.ActionsRow:
			out[i] = &discordgo.ActionsRow{Components: localizeButtons(loc, c.Components)}
		case discordgo.Button:
			c.Label = truncate(loc.Text(c.Label), maxButtonLabel)
			out[i] = c
		case *discordgo.Button:
			b := *c
			b.Label = truncate(loc.Text(b.Label), maxButtonLabel)
			out[i] = &b
		default:
			out[i] = c
		}
	}
	return out
}

// maxButtonLabel is Discord's limit on a button's label, in characters.
const maxButtonLabel = 80
