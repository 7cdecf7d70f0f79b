package commands

import (
	"context"

	"spicebot/lang"
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
