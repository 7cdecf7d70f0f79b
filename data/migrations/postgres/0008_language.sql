-- 0008_language (PostgreSQL): the twin of ../0008_language.sql (users' locales, channels' languages).
CREATE TABLE user_locales (
    user_id    TEXT   PRIMARY KEY CHECK (user_id <> ''),
    locale     TEXT   NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE channel_languages (
    channel_id   TEXT   PRIMARY KEY CHECK (channel_id <> ''),
    guild_locale TEXT   NOT NULL DEFAULT '',
    language     TEXT   NOT NULL DEFAULT '',
    updated_at   BIGINT NOT NULL
);
