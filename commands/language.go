package commands

import (
	"bytes"
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/lang"
	"spicebot/rules"
)

// Languages (issue 13). Everything the service says is language-neutral text (rules.Msg markup)
// until it leaves: an ephemeral reply is made in the language of the user's client (the
// interaction's locale), a DM or reminder in the language last seen for its recipient, and a
// public post or board image in the channel's language (/settings language, else the server's
// preferred locale). English is the fallback.

// Words returns the service's message catalogues.
func (s *Service) Words() *lang.Catalog { return s.words }

// userLang returns the localizer for a user: their client's locale when the interaction gave it,
// else the locale last seen for them, else English.
func (s *Service) userLang(ctx context.Context, userID, locale string) *lang.Localizer {
	if locale == "" && userID != "" {
		l, err := s.store.UserLocale(ctx, userID)
		if err != nil {
			s.log.WarnContext(ctx, "user locale lookup failed; English", "user", userID, "err", err)
		}
		locale = l
	}
	return s.words.For(locale)
}

// channelLang returns the localizer for a channel's public posts: the channel's own language,
// else its server's preferred locale as last seen, else English.
func (s *Service) channelLang(ctx context.Context, channelID string) *lang.Localizer {
	c, err := s.store.ChannelLanguage(ctx, channelID)
	if err != nil {
		s.log.WarnContext(ctx, "channel language lookup failed; English", "channel", channelID, "err", err)
	}
	return s.words.For(c.Locale())
}

// Discord's limits on the texts a message carries (characters, counted after translation).
const (
	maxContent     = 2000
	maxButtonLabel = 80
	maxOptionLabel = 100
	maxOptionDesc  = 100
	maxPlaceholder = 150
	maxChoiceName  = 100
)

// localizeText translates the message markup in text (rules.Msg) with loc and cuts the result to
// limit characters (with "…"); limit 0 means no cut. Seat and component references must already
// be expanded (loaded.expand leaves the markup for this pass).
func localizeText(loc *lang.Localizer, text string, limit int) string {
	return cut(loc.Text(text), limit)
}

// cut shortens s to at most limit characters, ending with "…" when it had to cut; limit 0 keeps s.
func cut(s string, limit int) string {
	if limit <= 0 {
		return s
	}
	r := []rune(s)
	if len(r) <= limit {
		return s
	}
	return string(r[:limit-1]) + "…"
}

// localizeComponents translates every text of a message's components in place (button labels,
// select placeholders, option labels and descriptions, text displays), within Discord's limits.
// custom_ids and option values are not text and are left alone.
func localizeComponents(loc *lang.Localizer, comps []discordgo.MessageComponent) {
	for i, c := range comps {
		switch c := c.(type) {
		case discordgo.ActionsRow:
			localizeComponents(loc, c.Components) // shares the row's slice: changed in place
		case *discordgo.ActionsRow:
			localizeComponents(loc, c.Components)
		case discordgo.Button:
			localizeButton(loc, &c)
			comps[i] = c // a component held by value is replaced in the slice
		case *discordgo.Button:
			localizeButton(loc, c)
		case discordgo.SelectMenu:
			localizeSelect(loc, &c)
			comps[i] = c
		case *discordgo.SelectMenu:
			localizeSelect(loc, c)
		}
	}
}

func localizeButton(loc *lang.Localizer, b *discordgo.Button) {
	b.Label = localizeText(loc, b.Label, maxButtonLabel)
}

// localizeSelect translates a select menu's placeholder and options, into a new options slice
// (the menu's may be shared with its maker).
func localizeSelect(loc *lang.Localizer, m *discordgo.SelectMenu) {
	m.Placeholder = localizeText(loc, m.Placeholder, maxPlaceholder)
	opts := make([]discordgo.SelectMenuOption, len(m.Options))
	copy(opts, m.Options)
	for j := range opts {
		opts[j].Label = localizeText(loc, opts[j].Label, maxOptionLabel)
		opts[j].Description = localizeText(loc, opts[j].Description, maxOptionDesc)
	}
	m.Options = opts
}

// localizeReply translates every text of r with loc (content, components, autocomplete choices,
// markup left in a text file) and sets the language of its image.
func localizeReply(loc *lang.Localizer, r *Reply) {
	r.Content = localizeText(loc, r.Content, maxContent)
	localizeComponents(loc, r.Components)
	for _, c := range r.Choices {
		c.Name = localizeText(loc, c.Name, maxChoiceName)
	}
	if r.Image != nil {
		localizeImage(loc, r.Image)
	}
	if f := r.File; f != nil && strings.HasPrefix(f.ContentType, "text/plain") && bytes.Contains(f.Data, []byte(rules.MsgOpen)) {
		// A text file should be made in its reader's language already; any markup left is
		// translated whole (a file is not cut).
		f.Data = []byte(loc.Text(string(f.Data)))
	}
}

// localizeImage sets the language an image is drawn in and translates the seat names it shows
// (a seat without a name is "Seat n" in the reader's words).
func localizeImage(loc *lang.Localizer, img *Image) {
	img.Lang = loc.Lang()
	if img.Alt != "" {
		img.Alt = loc.Text(img.Alt)
	}
	if len(img.Names) == 0 {
		return
	}
	names := make([]string, len(img.Names))
	for i, n := range img.Names {
		names[i] = loc.Text(n)
	}
	img.Names = names
}
