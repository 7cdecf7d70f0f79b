-- 0008_language: the languages players read (issue 13).

-- user_locales: each user's Discord client locale as last seen on an interaction ("fr",
-- "en-US"): the language of the DMs and reminders sent to them when they are not interacting.
CREATE TABLE user_locales (
    user_id    TEXT    PRIMARY KEY CHECK (user_id <> ''),
    locale     TEXT    NOT NULL,
    updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- channel_languages: the language of a channel's public posts and board images.
--   guild_locale  the server's preferred locale as last seen on an interaction in the channel.
--   language      the channel's own choice (/settings language: "en", "fr"), or '' to follow the
--                 server's locale.
CREATE TABLE channel_languages (
    channel_id   TEXT    PRIMARY KEY CHECK (channel_id <> ''),
    guild_locale TEXT    NOT NULL DEFAULT '',
    language     TEXT    NOT NULL DEFAULT '',
    updated_at   INTEGER NOT NULL
) WITHOUT ROWID;
