-- 0012_web: the capability links of the games' web pages (issue 27).

-- web_links: one per game whose page address was ever asked for (/game link, the "View on the
-- web" button). Whoever holds the address may watch the game's public view, as in its channel.
--   token       the secret part of the address: 16 random bytes, base64url (22 characters).
--   token_hash  SHA-256 of token, hex: the page looks the game up by it, so that the time a
--               look-up takes says nothing about the stored tokens.
--   created_at  when the token was made (unix milliseconds); /game link reset makes a new one.
CREATE TABLE web_links (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    token      TEXT    NOT NULL CHECK (length(token) >= 22),
    token_hash TEXT    NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at INTEGER NOT NULL
);
