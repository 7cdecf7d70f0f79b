package data

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Languages (issue 13): the locale each user's Discord client last reported, for the DMs sent to
// them between interactions, and each channel's language for its public posts — its own choice
// (/settings language) or else its server's preferred locale.

// SeeLocales records what one interaction said about languages: the user's client locale and,
// in a server channel, the server's preferred locale. Empty values are not recorded. It writes
// only when something changed since the last time (an interaction usually changes nothing).
func (s *Store) SeeLocales(ctx context.Context, userID, locale, channelID, guildLocale string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		now := millis(s.now())
		if userID != "" && locale != "" {
			if _, err := tx.ExecContext(ctx, `INSERT INTO user_locales (user_id, locale, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at
				WHERE user_locales.locale <> excluded.locale`, userID, locale, now); err != nil {
				return err
			}
		}
		if channelID != "" && guildLocale != "" {
			if _, err := tx.ExecContext(ctx, `INSERT INTO channel_languages (channel_id, guild_locale, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (channel_id) DO UPDATE SET guild_locale = excluded.guild_locale, updated_at = excluded.updated_at
				WHERE channel_languages.guild_locale <> excluded.guild_locale`, channelID, guildLocale, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("record locales of %s in %s: %w", userID, channelID, err)
	}
	return nil
}

// UserLocale returns the Discord locale last seen for a user ("fr", "en-US"), or "" when none was.
func (s *Store) UserLocale(ctx context.Context, userID string) (string, error) {
	var out string
	err := s.read(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT locale FROM user_locales WHERE user_id = ?`, userID).Scan(&out)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("locale of %s: %w", userID, err)
	}
	return out, nil
}

// ChannelLanguage is what decides the language of a channel's public posts.
type ChannelLanguage struct {
	// Language is the channel's own choice ("en", "fr"), or "" to follow GuildLocale.
	Language string
	// GuildLocale is the server's preferred locale as last seen ("en-US", "fr"), or "".
	GuildLocale string
}

// Locale returns the locale public posts use: the channel's choice, else the server's locale
// ("" when neither is known: English).
func (c ChannelLanguage) Locale() string {
	if c.Language != "" {
		return c.Language
	}
	return c.GuildLocale
}

// ChannelLanguage returns a channel's language settings (zero when none were recorded).
func (s *Store) ChannelLanguage(ctx context.Context, channelID string) (ChannelLanguage, error) {
	var out ChannelLanguage
	err := s.read(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT language, guild_locale FROM channel_languages WHERE channel_id = ?`,
			channelID).Scan(&out.Language, &out.GuildLocale)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return ChannelLanguage{}, fmt.Errorf("language of channel %s: %w", channelID, err)
	}
	return out, nil
}

// SetChannelLanguage sets a channel's own language ("en", "fr"), or clears it with "" so that the
// channel follows its server's locale. Errors: an empty channel id.
func (s *Store) SetChannelLanguage(ctx context.Context, channelID, language string) error {
	if channelID == "" {
		return errors.New("set channel language: empty channel id")
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO channel_languages (channel_id, language, updated_at) VALUES (?, ?, ?)
			ON CONFLICT (channel_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at`,
			channelID, language, millis(s.now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("set language of channel %s: %w", channelID, err)
	}
	return nil
}
