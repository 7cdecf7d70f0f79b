-- 0012_web (PostgreSQL): the twin of ../0012_web.sql (the games' web page links).
CREATE TABLE web_links (
    game_id    BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    token      TEXT   NOT NULL CHECK (length(token) >= 22),
    token_hash TEXT   NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at BIGINT NOT NULL
);
